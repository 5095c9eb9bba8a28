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
                "/// (`exit` of the state left, the new state with its data, then, once the values that read it are",
                "/// computed again, `entry` of the state entered); an event the state does not handle, or whose guards",
                "/// all fail, changes nothing. Sent by statements, it is taken once their writes are computed again,",
                "/// in their transaction.",
            ],
            signature: "\(access)func \(CheckedMachine.sendName)(_ event: Event) {",
            // The transition taken goes to tests that listen (`Reactive.MachineTransitions`): one
            // call that returns at once when nobody does.
            bodyLines: ["        _$whenComputed { Reactive.MachineTransitions.took(self.\(GeneratedNames.fixed("transition"))(event), by: self) }"])]
    }

    /// The stored value of a guard's argument, or the fixed value by name.
    private func guardCall(_ state: MachineState, _ trigger: MachineTrigger, _ position: Int, reading read: (String) -> String) -> String {
        let slot = CheckedMachine.guardSlot(state, trigger, position)
        return call(guardName(state, trigger, position), arguments: arguments(for: slot), reactiveRead: read).flat
    }

    private func guardName(_ state: MachineState, _ trigger: MachineTrigger, _ position: Int) -> String {
        GeneratedNames.helper("\(state.name.value)$\(trigger.nameFragment)$\(position + 1)", "when")
    }

    private func dataName(_ state: MachineState, _ trigger: MachineTrigger, _ position: Int, _ field: String) -> String {
        // `data$` keeps a piece named `when` from taking the guard's name.
        GeneratedNames.helper("\(state.name.value)$\(trigger.nameFragment)$\(position + 1)$data", field)
    }

    /// The type given as `payload` to the transitions on `trigger`: the event's payload, the
    /// invoked work's output (none for `Void`) or failure; a timer gives none.
    private func payloadType(_ trigger: MachineTrigger, of state: MachineState, in machine: CheckedMachine) -> String? {
        switch trigger {
        case .event(let name): return machine.event(name)?.payload.map(types.name(for:))
        case .after: return nil
        case .done:
            guard let invoke = state.invoke, !invoke.outputIsVoid else { return nil }
            return types.name(for: invoke.output, or: "Swift.Void")
        case .error: return state.invoke.map(failureType)
        }
    }

    /// What a state's invoked work fails with, as the generated code names it.
    private func failureType(_ invoke: MachineInvoke) -> String {
        if case .task = invoke.work { return "any Swift.Error" }
        return types.name(for: invoke.failure, or: "Swift.Never")
    }

    /// The transition: the state's transitions on the event, tried in order.
    /// It returns the index of the transition taken (in `_$machine`'s order,
    /// `numberedTransitions`), nil for none.
    func transitionFunction() -> [CodeFunction] {
        guard let machine = model.machine else { return [] }
        var lines = ["switch (\(storedValue(CheckedMachine.stateName)), event) {"]
        var pairs = 0
        // Whether some event leaves the function without a transition (then it ends with `return nil`).
        var fallsThrough = false
        for state in machine.states {
            for triggered in state.triggered {
                guard case .event(let name) = triggered.trigger, let event = machine.event(name) else { continue }
                pairs += 1
                // The payload is bound where a transition's data reads it.
                let givesData = triggered.transitions.contains { !$0.data.isEmpty }
                let payload = givesData && event.payload != nil ? "(let payload)" : ""
                lines.append("case (\(statePattern(state, binding: triggered)), .\(event.name.value)\(payload)):")
                lines += handlerLines(triggered, from: state, in: machine) { "return \($0)" }.map { "    " + $0 }
                if triggered.transitions.last?.guardCode != nil { fallsThrough = true }
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
            bodyLines: lines.map { "        " + $0 })] + triggerFunctions(machine)
    }

    /// Every transition that can be taken, in `_$machine`'s order: by state, then trigger (events,
    /// delays, the work's outcomes), then position, up to the first unguarded one. Its index is
    /// what `Reactive.MachineTransitions` is told when it is taken.
    private func numberedTransitions(_ machine: CheckedMachine) -> [(state: MachineState, trigger: MachineTrigger, position: Int, transition: MachineTransition)] {
        machine.states.flatMap { state in
            state.triggered.flatMap { triggered in
                let taken = (triggered.transitions.firstIndex { $0.guardCode == nil } ?? triggered.transitions.count - 1) + 1
                return triggered.transitions.prefix(taken).enumerated().map { (state, triggered.trigger, $0.offset, $0.element) }
            }
        }
    }

    /// The index of `state`'s first transition on `trigger` among `numberedTransitions`.
    private func firstIndex(of state: MachineState, on trigger: MachineTrigger, in machine: CheckedMachine) -> Int {
        numberedTransitions(machine).firstIndex { $0.state.name.value == state.name.value && $0.trigger == trigger } ?? 0
    }

    /// `.failed(let message, let username)` where the transitions read the data of the state
    /// left (their data, or its `exit`), else `.failed`.
    private func statePattern(_ state: MachineState, binding triggered: MachineTriggered) -> String {
        let givesData = triggered.transitions.contains { !$0.data.isEmpty }
        let bindsData = (givesData || state.exit != nil) && !state.data.isEmpty
        return "." + state.name.value + (bindsData ? "(" + state.data.map { "let " + $0.name.value }.joined(separator: ", ") + ")" : "")
    }

    /// The transitions on one trigger, tried in order: the first whose guard holds is taken, and
    /// `report` gives the line that tells its index.
    private func handlerLines(_ triggered: MachineTriggered, from state: MachineState, in machine: CheckedMachine, report: (Int) -> String) -> [String] {
        let payload = payloadType(triggered.trigger, of: state, in: machine) != nil
        let guarded = triggered.transitions.first?.guardCode != nil
        let first = firstIndex(of: state, on: triggered.trigger, in: machine)
        var lines: [String] = []
        for (position, transition) in triggered.transitions.enumerated() {
            let body = transitionLines(transition, from: state, on: triggered.trigger, payload: payload, position, in: machine)
                + [report(first + position)]
            guard guarded else {
                lines += body
                break
            }
            let opening = transition.guardCode == nil ? "} else {"
                : (position == 0 ? "if " : "} else if ") + guardCall(state, triggered.trigger, position, reading: storedValue) + " {"
            lines.append(opening)
            lines += body.map { "    " + $0 }
            if transition.guardCode == nil { break }
        }
        if guarded { lines.append("}") }
        return lines
    }

    /// For each timer and outcome of invoked work, the method its `StateWork` calls: its
    /// transitions as one transaction, taken only while the state is still the one that started
    /// it (leaving the state cancels them, so this only guards).
    private func triggerFunctions(_ machine: CheckedMachine) -> [CodeFunction] {
        machine.states.flatMap { state in
            state.triggered.compactMap { triggered -> CodeFunction? in
                if case .event = triggered.trigger { return nil }
                let payload = payloadType(triggered.trigger, of: state, in: machine)
                let lines = ["\(GeneratedNames.fixed("transaction")) { [self] in",
                             "    guard case \(statePattern(state, binding: triggered)) = \(storedValue(CheckedMachine.stateName)) else { return }"]
                    + handlerLines(triggered, from: state, in: machine) { "Reactive.MachineTransitions.took(\($0), by: self)" }
                    .map { "    " + $0 } + ["}"]
                return CodeFunction(
                    docLines: [],
                    signature: "private func \(triggerName(state, triggered.trigger))(\(payload.map { types.parameter("_ payload", $0) } ?? "")) {",
                    bodyLines: lines.map { "        " + $0 })
            }
        }
    }

    /// `_failed$after$1`, `_loggingIn$invoke$done`: the method a timer or the invoked work calls.
    private func triggerName(_ state: MachineState, _ trigger: MachineTrigger) -> String {
        GeneratedNames.helper(state.name.value, trigger.nameFragment)
    }

    /// `exit` of the state left, the new state with its data, `entry` of the state entered, then
    /// the timers and work of the state entered (those of the state left are cancelled first).
    private func transitionLines(_ transition: MachineTransition, from state: MachineState, on trigger: MachineTrigger, payload: Bool, _ position: Int, in machine: CheckedMachine) -> [String] {
        guard let target = machine.state(transition.target.value) else { return [] }
        let arguments = ((payload ? ["payload"] : []) + state.data.map { "\($0.name.value): \($0.name.value)" })
            .joined(separator: ", ")
        let computed = target.data.map { field in "\(dataName(state, trigger, position, field.name.value))(\(arguments))" }
        // `entry` and the state's work are given the data too: computed once, into locals no spec name can take.
        let entered = target.entry == nil && !target.hasWork ? [] : target.data.map { GeneratedNames.helper($0.name.value, "entered") }
        let locals = zip(entered, computed).map { "let \($0) = \($1)" }
        let data: [(label: String?, value: LineLayout.Piece)] = target.data.enumerated().map { index, field in
            (field.name.value, .text(entered.isEmpty ? computed[index] : entered[index]))
        }
        let value: LineLayout.Piece = data.isEmpty ? .text("." + target.name.value) : .call("." + target.name.value, data)
        // What the state left runs is cancelled first: by taking the scope of the state entered
        // (before `entry`, so that a transition `entry` makes replaces it), or alone.
        let scope = target.hasWork ? ["let \(scopeName) = \(stateWorkName).enter()"] : state.hasWork ? ["\(stateWorkName).cancel()"] : []
        let exit = state.exit == nil ? [] : ["\(GeneratedNames.helper(state.name.value, "exit"))(\(Self.dataArguments(state.data.map(\.name.value))))"]
        let entry = target.entry == nil ? [] : ["\(GeneratedNames.helper(target.name.value, "entry"))(\(Self.dataArguments(target.data.map(\.name.value), values: entered)))"]
        let start = target.hasWork ? [startCall(target, values: entered)] : []
        return scope + exit + locals + LineLayout.lines(value, prefix: "\(CheckedMachine.stateName) = ", margin: 16)
            + Self.onceComputed(entry + start)
    }

    /// `entry` and the start of the state's work run once the values that read the new `state`
    /// are computed again, before the events sent earlier: one step.
    private static func onceComputed(_ calls: [String]) -> [String] {
        switch calls.count {
        case 0: []
        case 1: ["_$nextWhenComputed { [self] in \(calls[0]) }"]
        default: ["_$nextWhenComputed { [self] in"] + calls.map { "    " + $0 } + ["}"]
        }
    }

    /// The view model's `StateWork`, and the local that holds the scope of a state entered.
    var stateWorkName: String { GeneratedNames.fixed("stateWork") }
    private var scopeName: String { GeneratedNames.fixed("scope") }

    /// `_loggingIn$startWork(_$scope, username: _username$entered)`.
    private func startCall(_ state: MachineState, values: [String]) -> String {
        let data = Self.dataArguments(state.data.map(\.name.value), values: values)
        return "\(GeneratedNames.helper(state.name.value, "startWork"))(\(scopeName)\(data.isEmpty ? "" : ", " + data))"
    }

    /// The initializer's last line: the initial state's timers and work start with the view model.
    var initialWorkLines: [String] {
        guard let machine = model.machine, let initial = machine.state(machine.initial.value), initial.hasWork else { return [] }
        return ["", "// The initial state's timers and work start with the view model.",
                "\(GeneratedNames.helper(initial.name.value, "startWork"))(\(stateWorkName).enter())"]
    }

    /// The runtime object that holds what the state runs, when some state runs something.
    var stateWorkDeclarations: [String] {
        guard model.machine?.hasWork == true else { return [] }
        return ["/// The timers and invoked work of the state the machine is in, cancelled when it is left.",
                "private let \(stateWorkName) = Reactive.StateWork()"]
    }

    /// For each state with timers or invoked work: the method that starts them in the state's
    /// scope, and the method that makes the work (a producer, or an async call).
    func stateWorkFunctions() -> [CodeFunction] {
        guard let machine = model.machine else { return [] }
        var result: [CodeFunction] = []
        for state in machine.states where state.hasWork {
            let name = state.name.value
            let dataParameters = state.data.map { types.parameter($0.name.value, types.name(for: $0.type)) }
            let dataArguments = Self.dataArguments(state.data.map(\.name.value))
            var lines: [String] = []
            for (index, delay) in state.delays.enumerated() {
                let fire = triggerName(state, .after(index: index, seconds: delay.seconds))
                lines.append("\(scopeName).after(\(delay.seconds), on: \(schedulerName)) { [weak self] in self?.\(fire)() }")
            }
            if let invoke = state.invoke {
                let output = types.name(for: invoke.output, or: "Swift.Void")
                let failure = failureType(invoke)
                let isTask: Bool
                let code: Code
                switch invoke.work {
                case .task(let task): (isTask, code) = (true, task)
                case .producer(let producer), .perform(let producer): (isTask, code) = (false, producer)
                case .send: continue
                }
                let make = GeneratedNames.helper("\(name)$invoke", "work")
                let producer = " -> Reactive.SignalProducer<\(output), \(failure)>"
                if isTask {
                    // The async call, and the producer that runs it in a task on the main actor.
                    let task = GeneratedNames.helper("\(name)$invoke", "task")
                    result.append(CodeFunction(
                        docLines: [],
                        signature: signature("private func \(task)", parameters: dataParameters, result: " async throws -> \(output)"),
                        bodyLines: embedded(code)))
                    result.append(CodeFunction(
                        docLines: [],
                        signature: signature("private func \(make)", parameters: dataParameters, result: producer),
                        bodyLines: [
                            "Reactive.SignalProducer(taskOnMain: { [weak self] in",
                            "    guard let self else { throw Swift.CancellationError() }",
                            "    return try await self.\(task)(\(dataArguments))",
                            "})",
                        ].map { "        " + $0 }))
                } else {
                    result.append(CodeFunction(
                        docLines: [],
                        signature: signature("private func \(make)", parameters: dataParameters, result: producer),
                        bodyLines: embedded(code)))
                }
                // The closures name their parameters' types: Swift infers nothing from work of a misspelled type.
                let done = invoke.onDone == nil ? (invoke.outputIsVoid ? "{}" : "{ (_: \(output)) in }")
                    : invoke.outputIsVoid ? "{ [weak self] in self?.\(triggerName(state, .done))() }"
                    : "{ [weak self] (output: \(output)) in self?.\(triggerName(state, .done))(output) }"
                let failed = invoke.onError == nil || !invoke.canFail ? "{ (_: \(failure)) in }"
                    : "{ [weak self] (error: \(failure)) in self?.\(triggerName(state, .error))(error) }"
                lines += [
                    "\(scopeName).invoke(",
                    "    { \(make)(\(dataArguments)) },",
                    "    done: \(done),",
                    "    failed: \(failed)",
                    ")",
                ]
            }
            result.append(CodeFunction(
                docLines: [],
                signature: signature("private func \(GeneratedNames.helper(name, "startWork"))",
                                     parameters: ["_ \(scopeName): Reactive.StateWork.Scope"] + dataParameters),
                bodyLines: lines.map { "        " + $0 }))
        }
        return result
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
            for triggered in state.triggered {
                let trigger = triggered.trigger
                if case .event(let name) = trigger, machine.event(name) == nil { continue }
                let parameters = (payloadType(trigger, of: state, in: machine).map { [types.parameter("_ payload", $0)] } ?? [])
                    + state.data.map { types.parameter($0.name.value, types.name(for: $0.type)) }
                for (position, transition) in triggered.transitions.enumerated() {
                    if let guardCode = transition.guardCode {
                        let arguments = arguments(for: CheckedMachine.guardSlot(state, trigger, position))
                        computations.append(CodeFunction(
                            docLines: [],
                            signature: signature("private static func \(guardName(state, trigger, position))",
                                                 parameters: parameterList(arguments), result: " -> Swift.Bool"),
                            bodyLines: embedded(guardCode)))
                    }
                    guard let target = machine.state(transition.target.value) else { continue }
                    for (name, code) in transition.data {
                        guard let field = target.data.first(where: { $0.name.value == name.value }) else { continue }
                        actions.append(CodeFunction(
                            docLines: [],
                            signature: signature("private func \(dataName(state, trigger, position, name.value))",
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
                    transition.guardCode == nil ? "true" : guardCall(state, .event(event), position) { $0 }
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

    /// `_$machine`, for the explorer: the states, the state now, and each transition with its
    /// trigger and its guard as the transition calls it.
    func machineInspection() -> [MachineInspectionMember] {
        guard let machine = model.machine, hasTransactions else { return [] }
        let transitions = numberedTransitions(machine).map { state, trigger, position, transition in
            // The guard as the transition calls it, reading the values as `viewModel` (the
            // closure's parameter, named: a guard may read nothing) stores them.
            let guardLines = transition.guardCode == nil ? [] : LineLayout.lines(
                call(guardName(state, trigger, position),
                     arguments: arguments(for: CheckedMachine.guardSlot(state, trigger, position)),
                     reactiveRead: { "viewModel." + storedValue($0) }, fixedRead: { "viewModel." + $0 }),
                margin: 20)
            return MachineTransitionMember(
                from: SwiftText.literal(state.name.value), trigger: Self.inspectedTrigger(trigger),
                target: SwiftText.literal(transition.target.value), position: String(position), guardLines: guardLines)
        }
        return [MachineInspectionMember(
            testingAccess: testingAccess,
            stateValue: storedValue(CheckedMachine.stateName),
            states: machine.states.map { MachineStateMember(name: $0.name.value, literal: SwiftText.literal($0.name.value)) },
            transitions: transitions,
            stateWork: machine.states.contains { $0.invoke != nil } ? stateWorkName : "")]
    }

    /// The trigger as `Reactive.InspectedTransition.Trigger` writes it.
    private static func inspectedTrigger(_ trigger: MachineTrigger) -> String {
        switch trigger {
        case .event(let name): ".event(\(SwiftText.literal(name)))"
        case .after(_, let seconds): ".after(\(seconds))"
        case .done: ".done"
        case .error: ".error"
        }
    }
}
