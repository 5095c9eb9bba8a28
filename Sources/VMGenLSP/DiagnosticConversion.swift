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
            let fixes = diagnostic.fixes.map { fix in
                DiagnosticFix(title: fix.title, range: range(of: fix, in: document), newText: fix.newText)
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

    /// The range a fix replaces: from its location, its length in UTF-8 bytes.
    func range(of fix: Diagnostic.Fix, in document: TextDocument) -> Range {
        let start = document.position(of: fix.location)
        var end = fix.location
        end.column += fix.utf8Length
        return Range(start: start, end: document.position(of: end))
    }
}
