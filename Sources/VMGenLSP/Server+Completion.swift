import VMGenCore

extension Server {
    /// Keys where a key is written, with their doc lines; in spec code, the names that code may
    /// read; in a value that names declarations (`emits`, `then`, `onChange`), those names, and a
    /// machine's states and events where one is named; in a value of fixed words (`policy`,
    /// `trigger`), the words.
    func completion(_ params: TextDocumentPositionParams) -> CompletionList {
        guard let document = document(params.textDocument.uri) else { return CompletionList(items: []) }
        let position = document.clamp(params.position)
        let outline = YAMLOutline(document)
        switch outline.place(at: position, in: document) {
        case .key(let path):
            var items = keyItems(atPath: path, uri: params.textDocument.uri, outline: outline, line: position.line)
            // Keys the mapping already has are left out (a key is written once).
            let written = writtenKeys(at: position, in: document, outline: outline)
            items.removeAll { written.contains($0.label) }
            return CompletionList(items: items)
        case .value(let path, _):
            // After a `.` (but `self.`), a member of something else: not one of the spec's names,
            // but a state or event of the machine where the code names one (`if case .opened = state`).
            let line = document.line(position.line)
            if Self.isAfterMemberDot(line, at: position.character) {
                guard SpecKeyTableLookup.isCode(path) || path.contains("data") else { return CompletionList(items: []) }
                return CompletionList(items: machineMemberItems(line: line, at: position.character, uri: params.textDocument.uri) ?? [])
            }
            return CompletionList(items: valueItems(path: path, uri: params.textDocument.uri))
        }
    }

    /// Whether the word being typed at `character` follows a `.` that is not `self.`'s.
    static func isAfterMemberDot(_ line: Substring, at character: Int) -> Bool {
        let units = Array(line.utf16.prefix(character))
        var start = units.count
        while start > 0, TextDocument.isWordUnit(units[start - 1]) { start -= 1 }
        guard start > 0, units[start - 1] == 0x2E else { return false }  // .
        var base = start - 1
        while base > 0, TextDocument.isWordUnit(units[base - 1]) { base -= 1 }
        let before = String(decoding: units[base..<(start - 1)], as: UTF16.self)
        return before != "self" || (base > 0 && units[base - 1] == 0x2E)
    }

    /// The keys written in the mapping of `position`, besides the one being typed there.
    private func writtenKeys(at position: Position, in document: TextDocument, outline: YAMLOutline) -> Set<String> {
        guard outline.lines.indices.contains(position.line) else { return [] }
        let line = outline.lines[position.line]
        let flow = outline.flowEntries(onLine: position.line, in: document)
        if let open = flow.open, position.character > open {
            // `{ type: Int, | }`: the flow mapping's own keys.
            return Set(flow.entries.filter { !($0.keyStart...($0.value.upperBound)).contains(position.character) }.map(\.key))
        }
        let indent = line.isBlank ? min(position.character, line.indent) : line.keyIndent
        return outline.siblingKeys(ofLine: position.line, indent: indent)
    }

    private func keyItems(atPath path: [String], uri: String, outline: YAMLOutline, line: Int) -> [CompletionItem] {
        if let events = machineKeyItems(path: path, uri: uri) { return events }
        if let keys = SpecKeyTable.keys(atPath: path) {
            return keys.map { key in
                CompletionItem(label: key.name, kind: .field, detail: key.valueKind + (key.isRequired ? ", required" : ""), documentation: key.doc)
            }
        }
        // A keyed list's `on:` takes the child's events.
        if path.count == 3, path[0] == "children", path[2] == "on" {
            return childEvents(ofList: path[1], uri: uri).map {
                CompletionItem(label: $0.name, kind: .event, detail: $0.type.map { "event of \($0)" }, documentation: $0.doc)
            }
        }
        // `validation: fields:` takes the input state values.
        if path == ["validation", "fields"], let names = namesWithoutChecking(of: uri) {
            return names.order.compactMap { names[$0] }.filter { $0.kind == "state" }.map(item)
        }
        return []
    }

    private func valueItems(path: [String], uri: String) -> [CompletionItem] {
        if let names = machineValueItems(path: path, uri: uri) { return names }
        // A transition's `data:` values are code, under keys the state's data names.
        if let data = path.firstIndex(of: "data"), data >= 5, Self.isTransition(path) { return codeItems(path: path, uri: uri) }
        guard let key = SpecKeyTableLookup.key(at: path) else {
            if SpecKeyTableLookup.isHandler(path) { return codeItems(path: path, uri: uri) }
            return []
        }
        if !key.choices.isEmpty {
            return key.choices.map { CompletionItem(label: $0, kind: .value, detail: nil, documentation: key.doc) }
        }
        if key.isCode { return codeItems(path: path, uri: uri) }
        guard key.takesNames, let names = namesWithoutChecking(of: uri) else { return [] }
        let offered: (NameTable.Name) -> Bool
        switch key.name {
        case "emits": offered = { $0.kind == "event" }
        case "then", "submit": offered = { $0.kind == "command" }
        // What a reaction follows: the values that change (`checkTriggers`).
        case "onChange": offered = \.isReactive
        // `viewModel:` names the class, not one of the spec's names.
        default: return []
        }
        // A command's `then` is another command, one that takes no input (the checker's rule).
        let own = key.name == "then" && path.count >= 2 ? path[1] : nil
        return names.order.compactMap { names[$0] }
            .filter { offered($0) && $0.name != own && !(key.name == "then" && $0.takesInput) }.map(item)
    }

    /// The names the code at `path` may read, and the names it is given (`input`, `value`,
    /// `error`, `element`, `child`).
    private func codeItems(path: [String], uri: String) -> [CompletionItem] {
        guard let names = namesWithoutChecking(of: uri) else { return [] }
        let section = path.first ?? ""
        let key = path.last ?? ""
        let reads = CodeReads(path: path)
        var allowed = names.order.compactMap { names[$0] }.filter(reads.allows)
        if path.count >= 2 {
            // What the checker refuses there: a value reading itself, a command's enabled
            // condition reading its own outputs (it is disabled while it runs anyway).
            let entry = path[1]
            allowed.removeAll { $0.name == entry && ["derived", "children"].contains(section) }
            if section == "commands" && key == "enabled" { allowed.removeAll { $0.owner == entry || $0.name == entry } }
        }
        var items = allowed.map(item)
        if reads != .fixedValues {
            items += given(path: path, uri: uri).map { CompletionItem(label: $0.0, kind: .variable, detail: $0.1, documentation: $0.2) }
        }
        return items
    }

    /// The names a slot is given besides the spec's own, with their types and what they are.
    func given(path: [String], uri: String) -> [(String, String?, String)] {
        guard path.count >= 3 else { return [] }
        let (section, entry, key) = (path[0], path[1], path[path.count - 1])
        switch (section, key) {
        case ("commands", _):
            var result: [(String, String?, String)] = []
            let command = workspace.spec(ofURI: uri, checking: false)?.commands.first { $0.name.value == entry }
            if let input = command?.input, ["perform", "work", "task"].contains(key) {
                result.append(("input", input.value, "The value passed to `execute(_:)`."))
            }
            if key == "onValue" { result.append(("value", command?.output?.value, "A value the work sent.")) }
            if key == "onFailure" { result.append(("error", command?.failure?.value, "What the work failed with.")) }
            return result
        case ("children", "make"), ("children", "update"):
            let child = childSpec(ofList: entry, uri: uri)?.spec?.viewModel.value
            return [("element", nil, "An element of `each`.")] + (key == "update" ? [("child", child, "The kept child of the element.")] : [])
        case ("machine", _) where path[1] == "states":
            return machineGiven(path: path, uri: uri)
        case ("children", _) where SpecKeyTableLookup.isHandler(path):
            // `path` ends with the event the handler is for.
            let child = childSpec(ofList: entry, uri: uri)?.spec?.viewModel.value
            let event = childEvents(ofList: entry, uri: uri).first { $0.name == key }
            return [("child", child, "The child that sent the event."), ("value", event?.type ?? (event == nil ? nil : "Void"), "What the child sent.")]
        default:
            return []
        }
    }

    /// `machine: states: <state>: on | after | invoke: ...`
    static func isTransition(_ path: [String]) -> Bool {
        path.count >= 5 && path[0] == "machine" && path[1] == "states" && ["on", "after", "invoke"].contains(path[3])
    }

    /// What code in a machine's state is given: the state's data (in `entry`, `exit`, the invoked
    /// work, and a transition's `data`, where it is the data of the state being left), and in a
    /// transition's `data` the event's payload or the invoked work's output or error, as
    /// `payload`. A guard (`when`) is given nothing: it reads the view model's values.
    private func machineGiven(path: [String], uri: String) -> [(String, String?, String)] {
        guard path.last != "when", let machine = workspace.spec(ofURI: uri, checking: false)?.machine,
              let state = machine.states.first(where: { $0.name.value == path[2] }) else { return [] }
        var result = state.data.map { ($0.name.value, Optional($0.type.value), "Data of the state `\(state.name.value)`.") }
        guard Self.isTransition(path) else { return result }
        let payload: String? = switch path[3] {
        case "on": machine.events.first { $0.name.value == path[4] }?.payload?.value
        case "invoke": path[4] == "onDone" ? state.invoke?.output?.value : path[4] == "onError" ? state.invoke?.failure?.value : nil
        default: nil
        }
        if let payload { result.append(("payload", payload, "What the event or the work carries.")) }
        return result
    }

    private func item(_ name: NameTable.Name) -> CompletionItem {
        CompletionItem(label: name.name, kind: name.completionKind,
                       detail: [name.kind, name.type].compactMap { $0 }.joined(separator: ": "), documentation: name.doc)
    }

    /// The events of the child view model a keyed list holds, from the child's spec in the folder.
    func childEvents(ofList list: String, uri: String) -> [NameTable.Name] {
        guard let child = childSpec(ofList: list, uri: uri),
              let table = child.model.map(NameTable.init(model:)) ?? child.spec.map(NameTable.init(spec:)) else { return [] }
        return table.order.compactMap { table[$0] }.filter { $0.kind == "event" }
    }

    /// The analysis of the spec that declares the view model a child list of this spec holds.
    func childSpec(ofList list: String, uri: String) -> SpecAnalysis? {
        let path = DocumentURI.path(of: uri)
        guard let member = workspace.spec(ofURI: uri, checking: false)?.children.first(where: { $0.name.value == list }),
              let type = member.type?.value else { return nil }
        for name in TypeNames.identifiers(in: type) {
            if let child = workspace.spec(declaring: name, near: path) { return child }
        }
        return nil
    }
}
