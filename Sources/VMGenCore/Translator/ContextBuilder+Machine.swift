/// The machine: its `State` and `Event` enums, `send(_:)` and the transition that runs in its
/// transaction, the guards, data, `entry` and `exit` of the spec, and the enabled condition of
/// the commands that send an event.
extension ContextBuilder {
    /// `State` (each case with its data) and `Event` (each with its payload).
    func machineEnums() -> [EnumMember] {
        guard let machine = model.machine else { return [] }
        func caseLines(_ doc: String?, _ declaration: String) -> [String] {
            SwiftText.docLines(doc) + ["case " + declaration]
        }
        let states = machine.states.flatMap { state in
            let data = state.data.map { "\($0.name.value): \(types.name(for: $0.type))" }
            return caseLines(state.doc, state.name.value + (data.isEmpty ? "" : "(" + data.joined(separator: ", ") + ")"))
        }
        let events = machine.events.flatMap { event in
            caseLines(event.doc, event.name.value + (event.payload.map { "(\(types.name(for: $0)))" } ?? ""))
        }
        return [
            EnumMember(declaration: "\(access)enum State\(machine.isEquatable ? ": Swift.Equatable, Swift.Sendable" : "")",
                       docLines: ["/// The states of the view model, each case with the data that exists only in it."], caseLines: states),
            EnumMember(declaration: "\(access)enum Event", docLines: ["/// What `send(_:)` takes: the events the states handle."], caseLines: events),
        ]
    }

    /// The event that the command whose enabled condition is `value` sends; nil for any other value.
    func sentEvent(ofCondition value: ReactiveValue) -> String? {
        commandOfCondition(value).flatMap { model.machine?.sentEvents[$0] }
    }

    /// Whether the value is computed by a computation of its own: an expression of the spec, or
    /// the enabled condition of a command that sends an event.
    func hasComputation(_ value: ReactiveValue) -> Bool {
        value.expression != nil || sentEvent(ofCondition: value) != nil
    }

    /// `send(_:)`, public: one transaction per event.
    func sendFunction() -> [CodeFunction] {
        guard model.machine != nil else { return [] }
        return [CodeFunction(
            docLines: [
                "/// Sends `event`: the state's first transition on it whose guard holds is taken, as one transaction",
                "/// (`exit` of the state left, the new state with its data, `entry` of the state entered); an event",
                "/// the state does not handle, or whose guards all fail, changes nothing.",
            ],
            signature: "\(access)func \(CheckedMachine.sendName)(_ event: Event) {",
            // The transition taken goes to tests that listen (`Reactive.MachineTransitions`): one
            // call that returns at once when nobody does.
            bodyLines: ["        _$transaction { Reactive.MachineTransitions.took(self.\(GeneratedNames.fixed("transition"))(event), by: self) }"])]
    }

    /// The stored value of a guard's argument, or the fixed value by name.
    private func guardCall(_ state: MachineState, _ event: String, _ position: Int, reading read: (String) -> String) -> String {
        let slot = CheckedMachine.guardSlot(state, event, position)
        return call(guardName(state, event, position), arguments: arguments(for: slot), reactiveRead: read).flat
    }

    private func guardName(_ state: MachineState, _ event: String, _ position: Int) -> String {
        GeneratedNames.helper("\(state.name.value)$\(event)$\(position + 1)", "when")
    }

    private func dataName(_ state: MachineState, _ event: String, _ position: Int, _ field: String) -> String {
        // `data$` keeps a piece named `when` from taking the guard's name.
        GeneratedNames.helper("\(state.name.value)$\(event)$\(position + 1)$data", field)
    }

    /// The transition: the state's transitions on the event, tried in order; it returns the
    /// index of the transition taken (in `_$machine`'s order, `machineInspection()`), nil for none.
    func transitionFunction() -> [CodeFunction] {
        guard let machine = model.machine else { return [] }
        var lines = ["switch (\(storedValue(CheckedMachine.stateName)), event) {"]
        var pairs = 0
        var index = 0
        // Whether some event leaves the function without a transition (then it ends with `return nil`).
        var fallsThrough = false
        for state in machine.states {
            for handler in state.handlers {
                guard let event = machine.event(handler.event.value) else { continue }
                pairs += 1
                // The payload and the data of the state left are bound where a transition's data reads them.
                let givesData = handler.transitions.contains { !$0.data.isEmpty }
                let payload = givesData && event.payload != nil ? "(let payload)" : ""
                let bindsData = (givesData || state.exit != nil) && !state.data.isEmpty
                let data = bindsData ? "(" + state.data.map { "let " + $0.name.value }.joined(separator: ", ") + ")" : ""
                lines.append("case (.\(state.name.value)\(data), .\(event.name.value)\(payload)):")
                let guarded = handler.transitions.first?.guardCode != nil
                if handler.transitions.last?.guardCode != nil { fallsThrough = true }
                for (position, transition) in handler.transitions.enumerated() {
                    let body = transitionLines(transition, from: state, on: event, position, in: machine) + ["return \(index)"]
                    index += 1
                    guard guarded else {
                        lines += body.map { "    " + $0 }
                        break
                    }
                    let opening = transition.guardCode == nil ? "} else {"
                        : (position == 0 ? "if " : "} else if ") + guardCall(state, event.name.value, position, reading: storedValue) + " {"
                    lines.append("    " + opening)
                    lines += body.map { "        " + $0 }
                    if transition.guardCode == nil { break }
                }
                if guarded { lines.append("    }") }
            }
        }
        // A `default` that every pair is handled by would never run (a warning).
        if pairs < machine.states.count * machine.events.count {
            lines.append("default: break")
            fallsThrough = true
        }
        lines.append("}")
        if fallsThrough { lines.append("return nil") }
        return [CodeFunction(
            docLines: [],
            signature: "private func \(GeneratedNames.fixed("transition"))(_ event: Event) -> Swift.Int? {",
            bodyLines: lines.map { "        " + $0 })]
    }

    /// `exit` of the state left, the new state with its data, `entry` of the state entered.
    private func transitionLines(_ transition: MachineTransition, from state: MachineState, on event: MachineEvent, _ position: Int, in machine: CheckedMachine) -> [String] {
        guard let target = machine.state(transition.target.value) else { return [] }
        let arguments = ((event.payload == nil ? [] : ["payload"]) + state.data.map { "\($0.name.value): \($0.name.value)" })
            .joined(separator: ", ")
        let computed = target.data.map { field in "\(dataName(state, event.name.value, position, field.name.value))(\(arguments))" }
        // `entry` is given the data too: computed once, into locals no spec name can take.
        let entered = target.entry == nil ? [] : target.data.map { GeneratedNames.helper($0.name.value, "entered") }
        let locals = zip(entered, computed).map { "let \($0) = \($1)" }
        let data: [(label: String?, value: LineLayout.Piece)] = target.data.enumerated().map { index, field in
            (field.name.value, .text(entered.isEmpty ? computed[index] : entered[index]))
        }
        let value: LineLayout.Piece = data.isEmpty ? .text("." + target.name.value) : .call("." + target.name.value, data)
        let exit = state.exit == nil ? [] : ["\(GeneratedNames.helper(state.name.value, "exit"))(\(Self.dataArguments(state.data.map(\.name.value))))"]
        let entry = target.entry == nil ? [] : ["\(GeneratedNames.helper(target.name.value, "entry"))(\(Self.dataArguments(target.data.map(\.name.value), values: entered)))"]
        return exit + locals + LineLayout.lines(value, prefix: "\(CheckedMachine.stateName) = ", margin: 16) + entry
    }

    /// `a: a, b: b`, or `a: values[0], ...`: the data a state's `entry` or `exit` is given.
    static func dataArguments(_ names: [String], values: [String]? = nil) -> String {
        zip(names, values ?? names).map { "\($0): \($1)" }.joined(separator: ", ")
    }

    /// The spec's code of the machine: guards (static, from what they read), data, `entry` and `exit`.
    func machineCodeFunctions() -> (computations: [CodeFunction], actions: [CodeFunction]) {
        guard let machine = model.machine else { return ([], []) }
        var computations: [CodeFunction] = []
        var actions: [CodeFunction] = []
        for state in machine.states {
            for handler in state.handlers {
                guard let event = machine.event(handler.event.value) else { continue }
                let parameters = (event.payload.map { [types.parameter("_ payload", types.name(for: $0))] } ?? [])
                    + state.data.map { types.parameter($0.name.value, types.name(for: $0.type)) }
                for (position, transition) in handler.transitions.enumerated() {
                    if let guardCode = transition.guardCode {
                        let arguments = arguments(for: CheckedMachine.guardSlot(state, event.name.value, position))
                        computations.append(CodeFunction(
                            docLines: [],
                            signature: signature("private static func \(guardName(state, event.name.value, position))",
                                                 parameters: parameterList(arguments), result: " -> Swift.Bool"),
                            bodyLines: embedded(guardCode)))
                    }
                    guard let target = machine.state(transition.target.value) else { continue }
                    for (name, code) in transition.data {
                        guard let field = target.data.first(where: { $0.name.value == name.value }) else { continue }
                        actions.append(CodeFunction(
                            docLines: [],
                            signature: signature("private func \(dataName(state, event.name.value, position, name.value))",
                                                 parameters: parameters, result: " -> \(types.name(for: field.type))"),
                            bodyLines: embedded(code)))
                    }
                }
            }
            let data = state.data.map { types.parameter($0.name.value, types.name(for: $0.type)) }
            for (role, code) in [("entry", state.entry), ("exit", state.exit)] {
                guard let code else { continue }
                actions.append(CodeFunction(
                    docLines: [],
                    signature: signature("private func \(GeneratedNames.helper(state.name.value, role))", parameters: data),
                    bodyLines: embedded(code)))
            }
        }
        return (computations, actions)
    }

    /// The enabled condition of the commands that send an event: whether the state handles it
    /// now, with a guard that holds (an unguarded transition always does).
    func machineConditions() -> [CodeFunction] {
        guard let machine = model.machine else { return [] }
        return model.reactiveValues.compactMap { value -> CodeFunction? in
            guard let event = sentEvent(ofCondition: value) else { return nil }
            var lines = ["switch \(CheckedMachine.stateName) {"]
            var handling = 0
            for state in machine.states {
                guard let handler = state.handlers.first(where: { $0.event.value == event }) else { continue }
                handling += 1
                let guards = handler.transitions.enumerated().map { position, transition in
                    transition.guardCode == nil ? "true" : guardCall(state, event, position) { $0 }
                }
                let holds = guards.contains("true") ? "true" : guards.joined(separator: " || ")
                lines.append("case .\(state.name.value): \(holds)")
            }
            if handling < machine.states.count { lines.append("default: false") }
            lines.append("}")
            let arguments = arguments(for: readsKey(of: value))
            return CodeFunction(
                docLines: [],
                signature: signature("private static func \(computationName(of: value))",
                                     parameters: parameterList(arguments), result: " -> Swift.Bool"),
                bodyLines: lines.map { "        " + $0 })
        }
    }
}

/// What tests see of the machine (`_$machine`, `Reactive.InspectedMachine`): its states, the
/// current one, and each transition with its guard, in the order `_$transition` numbers them.
extension ContextBuilder {
    func machineInspection() -> [MachineInspectionMember] {
        guard let machine = model.machine, hasTransactions else { return [] }
        var transitions: [MachineTransitionMember] = []
        for state in machine.states {
            for handler in state.handlers {
                guard let event = machine.event(handler.event.value) else { continue }
                for (position, transition) in handler.transitions.enumerated() {
                    // The guard as the transition calls it, reading the values as `viewModel` (the
                    // closure's parameter, named: a guard may read nothing) stores them.
                    let guardLines = transition.guardCode == nil ? [] : LineLayout.lines(
                        call(guardName(state, event.name.value, position),
                             arguments: arguments(for: CheckedMachine.guardSlot(state, event.name.value, position)),
                             reactiveRead: { "viewModel." + storedValue($0) }, fixedRead: { "viewModel." + $0 }),
                        margin: 20)
                    transitions.append(MachineTransitionMember(
                        from: SwiftText.literal(state.name.value),
                        trigger: ".event(\(SwiftText.literal(event.name.value)))",
                        target: SwiftText.literal(transition.target.value),
                        position: String(position),
                        guardLines: guardLines))
                    if transition.guardCode == nil { break }
                }
            }
        }
        return [MachineInspectionMember(
            testingAccess: testingAccess,
            stateValue: storedValue(CheckedMachine.stateName),
            states: machine.states.map { MachineStateMember(name: $0.name.value, literal: SwiftText.literal($0.name.value)) },
            transitions: transitions)]
    }
}
