import VMGenCore

/// The states and events of a spec's machine as names an editor can follow: where the spec
/// declares them, the keys that name them (`initial`, a transition's target, an `on:` key, `send:`)
/// and `.name` in code (an event inside `send(...)`, a state elsewhere). Definition, references and
/// rename go through ``Server/target(at:)``; this file finds the site and describes it.
extension Server {
    /// The state or event written at `range`, if the spec writes one there.
    func machineSite(at range: Range, in document: TextDocument, uri: String) -> NameSites.MachineSite? {
        nameSites(of: uri)?.machineSites.first { site in
            let start = document.position(of: site.location)
            // A quoted name starts one character after its quote.
            return start.line == range.start.line && (start.character == range.start.character || start.character + 1 == range.start.character)
        }
    }

    /// The range of the name a site writes (after its quote, when quoted).
    static func range(of site: NameSites.MachineSite, in document: TextDocument) -> Range {
        var start = document.position(of: site.location)
        if document.word(at: start)?.text != site.name { start.character += 1 }
        return Range(start: start, end: Position(line: start.line, character: start.character + site.name.utf16.count))
    }

    /// The hover of a state (its data) or an event (its payload), with its doc.
    func machineHover(_ site: NameSites.MachineSite, uri: String) -> String? {
        guard let machine = workspace.spec(ofURI: uri, checking: false)?.machine else { return nil }
        switch site.kind {
        case .state:
            guard let state = machine.states.first(where: { $0.name.value == site.name }) else { return nil }
            let data = state.data.isEmpty ? "" : "(" + state.data.map { "\($0.name.value): \($0.type.value)" }.joined(separator: ", ") + ")"
            let notes = [state.name.value == machine.initial.value ? "initial" : nil, state.isFinal ? "final" : nil].compactMap { $0 }
            let kind = (notes + ["state"]).joined(separator: " ")
            return "**\(kind)** `\(site.name)\(data)`" + (state.doc.map { "\n\n\($0)" } ?? "")
        case .event:
            guard let event = machine.events.first(where: { $0.name.value == site.name }) else { return nil }
            let handlers = machine.states.filter { $0.handlers.contains { $0.event.value == site.name } }.map { "`\($0.name.value)`" }
            let handled = handlers.isEmpty ? "Handled by no state." : "Handled by " + handlers.joined(separator: ", ") + "."
            return "**event** `\(site.name)`" + (event.payload.map { ": `\($0.value)`" } ?? "")
                + (event.doc.map { "\n\n\($0)" } ?? "") + "\n\n" + handled
        }
    }

    /// The edits that rename a state or an event everywhere the spec writes it; the `State` or
    /// `Event` case that Swift code may use changes with it.
    func machineRename(_ site: NameSites.MachineSite, to newName: String, uri: String) throws -> WorkspaceEdit {
        guard let document = document(uri), let sites = nameSites(of: uri) else {
            throw MessageError(.requestFailed, "the spec does not read: fix its errors before renaming")
        }
        if sites.machineSites.contains(where: { $0.kind == site.kind && $0.name == newName && $0.isDeclaration }), newName != site.name {
            throw MessageError(.requestFailed, "the machine already has \(site.kind == .state ? "a state" : "an event") named `\(newName)`")
        }
        let edits = sites.machineSites(of: site.kind, site.name).map {
            TextEdit(range: Self.range(of: $0, in: document), newText: newName)
        }
        try refuseIfWrong(edits, in: document, path: DocumentURI.path(of: uri), renaming: site.name, to: newName, checkingParents: false)
        let type = site.kind == .state ? "State" : "Event"
        send(.notification(method: "window/showMessage", params: Payload(ShowMessageParams(
            type: 2, message: "Renaming `\(site.name)` also renames the generated `\(type).\(site.name)`; Swift files that use it are not edited: update them by hand."))))
        return WorkspaceEdit(changes: [uri: edits])
    }
}
