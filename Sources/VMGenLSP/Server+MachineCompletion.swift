import VMGenCore

/// Completion of the names a `machine:` declares: its states where a state is named (`initial`,
/// a transition's `to`, a shorthand target under `on:`, `after:`, `onDone:` or `onError:`), its events where an event is named (a
/// state's `on:` keys, a command's `send:`).
extension Server {
    /// The states and events of the machine the spec at `uri` declares, as last read (completion
    /// does not wait for a check), else as the last spec that checked had them.
    func machineNames(of uri: String) -> (states: [MachineState], events: [MachineEvent])? {
        if let machine = workspace.spec(ofURI: uri, checking: false)?.machine { return (machine.states, machine.events) }
        guard let machine = workspace.lastGoodModels[DocumentURI.path(of: uri)]?.machine else { return nil }
        return (machine.states, machine.events)
    }

    /// The items for a value at `path` that names a state or an event of the machine; nil where
    /// the value is no such name.
    func machineValueItems(path: [String], uri: String) -> [CompletionItem]? {
        // A transition's target: on an event or after a delay (`states.<s>.on.<event>`), or on the
        // invoked work's outcome (`states.<s>.invoke.onDone`), written alone or as `to:`.
        let isTransition = path.count >= 5 && path[0] == "machine" && path[1] == "states"
            && (["on", "after"].contains(path[3]) || (path[3] == "invoke" && ["onDone", "onError"].contains(path[4])))
        let isTarget = isTransition && (path.count == 5 || path.last == "to")
        if path == ["machine", "initial"] || isTarget {
            guard let names = machineNames(of: uri) else { return [] }
            // The initial state has no data: one with data cannot be where the view model starts.
            let states = path == ["machine", "initial"] ? names.states.filter(\.data.isEmpty) : names.states
            return states.map { stateItem($0) }
        }
        if path.count == 3, path[0] == "commands", path[2] == "send" {
            return machineNames(of: uri)?.events.map { eventItem($0) } ?? []
        }
        return nil
    }

    /// After a `.` in code, where the member is a case of the machine's types: its states where
    /// the code compares with `state` (`if case .opened = state`, `state == .idle`, `case .`
    /// under `switch state`), its events inside `send(.`; nil elsewhere.
    func machineMemberItems(line: Substring, at character: Int, uri: String) -> [CompletionItem]? {
        guard let dot = MachineMemberContext(line: line, at: character), let names = machineNames(of: uri) else { return nil }
        switch dot {
        case .state: return names.states.map { stateItem($0) }
        case .event: return names.events.map { eventItem($0) }
        }
    }

    /// The items for a key at `path` that names an event (a state's `on:`); nil elsewhere.
    func machineKeyItems(path: [String], uri: String) -> [CompletionItem]? {
        guard path.count == 4, path[0] == "machine", path[1] == "states", path[3] == "on" else { return nil }
        return machineNames(of: uri)?.events.map { eventItem($0) } ?? []
    }

    private func stateItem(_ state: MachineState) -> CompletionItem {
        let data = state.data.map { "\($0.name.value): \($0.type.value)" }.joined(separator: ", ")
        return CompletionItem(label: state.name.value, kind: .value,
                              detail: "state" + (data.isEmpty ? "" : "(\(data))") + (state.isFinal ? ", final" : ""),
                              documentation: state.doc)
    }

    private func eventItem(_ event: MachineEvent) -> CompletionItem {
        CompletionItem(label: event.name.value, kind: .event,
                       detail: "event" + (event.payload.map { ": \($0.value)" } ?? ""), documentation: event.doc)
    }
}
