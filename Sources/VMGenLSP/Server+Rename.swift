import VMGenCore

extension Server {
    /// A name the spec declares can be renamed (a child's event also from a parent's `on:` key);
    /// keys, docs and generated names cannot.
    func prepareRename(_ params: TextDocumentPositionParams) -> PrepareRenameResult? {
        guard let (target, word, range) = target(at: params) else { return nil }
        switch target {
        case .name(let name) where name.owner == nil: return PrepareRenameResult(range: range, placeholder: word)
        case .machine, .childEvent: return PrepareRenameResult(range: range, placeholder: word)
        default: return nil
        }
    }

    /// Renames a declared name everywhere the spec writes it, and the generated names made of it
    /// where the spec's code uses them (`reloadProfile()`, `profileIsLoading`). The generated
    /// names user code may use (`<name>IsEnabled`, `<name>Property`...) change with it; the
    /// Swift files that use them are not edited, so the client is warned with the list.
    func rename(_ params: RenameParams) throws -> WorkspaceEdit {
        let position = TextDocumentPositionParams(textDocument: params.textDocument, position: params.position)
        let found = target(at: position)
        if let problem = SwiftNames.problem(with: params.newName) {
            throw MessageError(.requestFailed, "`\(params.newName)` cannot be the name: \(problem)")
        }
        if case .machine(let site)? = found?.target {
            return try machineRename(site, to: params.newName, uri: params.textDocument.uri)
        }
        // A child's event named in a parent's `on:` key: renamed from its declaration in the child.
        if case .childEvent(let event, _)? = found?.target,
           let declaration = DiagnosticConversion(workspace: workspace).location(of: event.location) {
            return try rename(RenameParams(textDocument: TextDocumentIdentifier(uri: declaration.uri), position: declaration.range.start, newName: params.newName))
        }
        guard let (target, word, _) = found, case .name(let name) = target, name.owner == nil else {
            throw MessageError(.requestFailed, "only a name the spec declares can be renamed")
        }
        if let names = names(of: params.textDocument.uri), names[params.newName] != nil, params.newName != word {
            throw MessageError(.requestFailed, "the spec already declares `\(params.newName)`")
        }
        let path = DocumentURI.path(of: params.textDocument.uri)
        let generated = (names(of: params.textDocument.uri)?.names.values ?? [:].values).filter { $0.owner == word }.map(\.name).sorted()
        // Each generated name the spec's own code may use, with what it becomes.
        let renamedGenerated = generated.compactMap { old in
            GeneratedNames.renamed(old, owner: word, to: params.newName).map { (old: old, new: $0) }
        }
        var changes: [String: [TextEdit]] = [:]
        var targets = [path]
        if name.kind == "event" { targets += parents(of: path) }
        for (index, target) in targets.enumerated() {
            guard let document = workspace.document(forPath: target) else { continue }
            let spec = workspace.analysis(ofPath: target)?.spec
            // In the spec itself every place of the name; in a parent, its `on:` keys.
            var edits = Occurrences.find(word, in: document, spec: spec, handlersOnly: index > 0)
                .map { TextEdit(range: $0.range, newText: $0.bindsItsName ? "\(word) = \(params.newName)" : params.newName) }
            if index == 0 {
                for name in renamedGenerated {
                    edits += Occurrences.find(name.old, in: document, spec: spec)
                        .map { TextEdit(range: $0.range, newText: $0.bindsItsName ? "\(name.old) = \(name.new)" : name.new) }
                }
                // An event's uses in parents are renamed with it; a value's are not.
                try refuseIfWrong(edits, in: document, path: path, renaming: word, to: params.newName, checkingParents: name.kind != "event")
            }
            if !edits.isEmpty { changes[document.uri] = edits }
        }
        // The specs that use this one as a child are checked above, but their code is Swift the
        // compiler checks (`RowViewModel(item: x)`, `rows.filter(\\.isDone)`): say so.
        let users = name.kind == "event" ? [] : parents(of: path).map(Self.fileName(of:))
        if !users.isEmpty {
            send(.notification(method: "window/showMessage", params: Payload(ShowMessageParams(
                type: 2, message: "`\(word)` is renamed in this spec only: \(users.joined(separator: ", ")) use\(users.count == 1 ? "s" : "") this view model as a child, and code there that names `\(word)` is not edited."))))
        }
        if !generated.isEmpty {
            let renamed = generated.map { "`\($0)`" }.joined(separator: ", ")
            var message = "Renaming `\(word)` also renames the generated \(renamed); Swift files that use them are not edited: update them by hand"
            let uses = root.map { SwiftUses.find(Set(generated), under: $0) } ?? []
            if !uses.isEmpty {
                let shown = uses.prefix(10).map { "\($0.path):\($0.line) (`\($0.name)`)" }.joined(separator: ", ")
                message += ". Used at \(shown)" + (uses.count > 10 ? " and \(uses.count - 10) more" : "")
            }
            send(.notification(method: "window/showMessage", params: Payload(ShowMessageParams(type: 2, message: message + "."))))
        }
        return WorkspaceEdit(changes: changes)
    }

    /// Refuses a rename after which the checker would find an error in the spec, by its own
    /// rules (a module's name, a generated name that clashes with one the spec declares...): an
    /// error the spec does not have already, with the old name written as the new one.
    func refuseIfWrong(_ edits: [TextEdit], in document: TextDocument, path: String, renaming old: String, to new: String, checkingParents: Bool) throws {
        guard let before = workspace.analysis(ofPath: path) else { return }
        var document = document
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) { document.apply(edit.newText, in: edit.range) }
        // An error is the one the spec had when it stands on the same line and says the same
        // before its advice (a did-you-mean changes with the names around it).
        func errors(_ diagnostics: [Diagnostic], renaming: Bool) -> [(key: String, message: String)] {
            diagnostics.filter { $0.severity == .error }.map { diagnostic in
                let message = renaming ? diagnostic.message.replacingOccurrences(of: "`\(old)", with: "`\(new)") : diagnostic.message
                let said = message.components(separatedBy: "; ").first ?? message
                return ("\(diagnostic.location.file):\(diagnostic.location.line): \(said)", diagnostic.message)
            }
        }
        let known = Set(errors(before.diagnostics, renaming: true).map(\.key))
        if let problem = errors(workspace.diagnostics(ofPath: path, text: document.text), renaming: false).first(where: { !known.contains($0.key) }) {
            throw MessageError(.requestFailed, "`\(old)` cannot be renamed `\(new)`: \(problem.message)")
        }
        // A parent that uses the spec as its child (a keyed list's `update` writes its inputs)
        // is not edited: a rename that would break it is refused, saying where.
        for parent in checkingParents ? workspace.dependents(of: path) : [] {
            guard let standing = workspace.analysis(ofPath: parent) else { continue }
            let had = Set(errors(standing.diagnostics, renaming: false).map(\.key))
            let after = errors(workspace.diagnostics(ofPath: parent, were: path, reading: document.text), renaming: false)
            if let problem = after.first(where: { !had.contains($0.key) }) {
                throw MessageError(.requestFailed, "`\(old)` cannot be renamed `\(new)` here: \(Self.fileName(of: parent)), which uses this view model, would then read: \(problem.message); change it there first")
            }
        }
    }

    /// The last component of a spec's path, as a message names the spec.
    static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
