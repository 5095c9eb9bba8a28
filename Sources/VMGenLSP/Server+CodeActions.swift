import VMGenCore

extension Server {
    /// A quick fix for each fix the checker carries on the diagnostics in the range: the
    /// client's diagnostics when they carry them (`data`), else the ones published here. A fix
    /// whose text is no longer where it was (the document changed since) is not offered.
    func codeActions(_ params: CodeActionParams) -> [CodeAction] {
        let uri = params.textDocument.uri
        guard let document = document(uri) else { return [] }
        var diagnostics = params.context.diagnostics.filter { $0.data != nil }
        if diagnostics.isEmpty {
            diagnostics = (published[uri] ?? []).filter { overlaps($0.range, params.range) }
        }
        return diagnostics.flatMap { diagnostic in
            (diagnostic.data ?? []).filter { document.text(in: $0.range) == $0.oldText }.map { fix in
                CodeAction(title: fix.title, diagnostics: [diagnostic], isPreferred: true,
                           edit: WorkspaceEdit(changes: [uri: [TextEdit(range: fix.range, newText: fix.newText)]]))
            }
        }
    }

    private func overlaps(_ a: Range, _ b: Range) -> Bool {
        a.start <= b.end && b.start <= a.end
    }
}
