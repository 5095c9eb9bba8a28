import VMGenCore

/// The checker's diagnostics as LSP diagnostics of one document: the same messages, each at the
/// word its location points at, notes as related information, warnings as warnings.
struct DiagnosticConversion {
    let workspace: Workspace

    func convert(_ diagnostics: [Diagnostic], of document: TextDocument, path: String) -> [LSPDiagnostic] {
        diagnostics.filter { $0.location.file == path }.map { diagnostic in
            let start = document.position(of: diagnostic.location)
            let related = diagnostic.notes.compactMap { note -> LSPDiagnostic.RelatedInformation? in
                guard let location = location(of: note.location) else { return nil }
                return LSPDiagnostic.RelatedInformation(location: location, message: note.message)
            }
            let fixes = diagnostic.fixes.compactMap { fix in
                range(of: fix, in: document).map {
                    DiagnosticFix(title: fix.title, range: $0, oldText: String(document.text(in: $0)), newText: fix.newText)
                }
            }
            return LSPDiagnostic(
                range: document.wordRange(at: start),
                severity: diagnostic.severity == .error ? 1 : 2,
                message: diagnostic.message,
                relatedInformation: related.isEmpty ? nil : related,
                data: fixes.isEmpty ? nil : fixes)
        }
    }

    /// Where a checker location is, in whichever document holds it.
    func location(of location: SourceLocation) -> Location? {
        guard let document = workspace.document(forPath: location.file) else { return nil }
        let start = document.position(of: location)
        return Location(uri: document.uri, range: document.wordRange(at: start))
    }

    /// The range a fix replaces: its original text where its location says (or just after a
    /// YAML quote there); nil when the text is not there, so no fix edits what it did not mean.
    func range(of fix: Diagnostic.Fix, in document: TextDocument) -> Range? {
        let start = document.position(of: fix.location)
        let line = Array(document.line(start.line).utf16)
        let original = Array(fix.original.utf16)
        for offset in [0, 1] {
            let from = start.character + offset
            guard from + original.count <= line.count else { continue }
            if Array(line[from..<(from + original.count)]) == original {
                var range = Range(start: Position(line: start.line, character: from),
                                  end: Position(line: start.line, character: from + original.count))
                // A fix that writes a quoted value replaces the YAML quotes around the old one too.
                let end = from + original.count
                if let first = fix.newText.utf16.first, first == 0x27 || first == 0x22, from > 0, end < line.count,
                   line[from - 1] == line[end], line[end] == 0x27 || line[end] == 0x22 {
                    range.start.character -= 1
                    range.end.character += 1
                }
                return range
            }
        }
        return nil
    }
}
