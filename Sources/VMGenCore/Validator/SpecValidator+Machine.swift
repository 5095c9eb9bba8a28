/// Checks `machine:`: its names, that every transition goes to a state that exists with the data
/// that state has, that each state's transitions on an event are deterministic, that every state
/// can be reached, and the code of guards, data, entry and exit; and the commands that `send:`.
extension Checker {
    /// The machine checked (nil without one), with, for each command that sends an event, the
    /// values its enabled condition reads: `state` and what the event's guards read.
    func checkMachine(_ analysis: inout CodeAnalysis) -> (machine: CheckedMachine?, conditionReads: [String: [String]]) {
        guard let machine = spec.machine else {
            for command in spec.commands {
                guard case .send(let event) = command.work else { continue }
                analysis.diagnostics.error(
                    "command `\(command.name.value)` sends `\(event.value)`, but the view model has no `machine`; declare the event under `machine: events:`",
                    at: event.location)
            }
            return (nil, [:])
        }
        checkMachineNames(machine, &analysis)
        checkImportedTypeNames(&analysis)
        checkMachineTypes(machine, &analysis)
        // Without states (reported by the parser), nothing else can be checked.
        guard !machine.states.isEmpty else { return (nil, [:]) }
        let stateNames = machine.states.map(\.name.value)
        if machine.initial.value.isEmpty || spec.brokenNames.contains(machine.initial.value) {
            // No `initial` (reported by the parser), or a state that could not be read.
        } else if let initial = machine.states.first(where: { $0.name.value == machine.initial.value }) {
            if !initial.data.isEmpty {
                analysis.diagnostics.error(
                    "the initial state `\(initial.name.value)` has data, which nothing gives it when the view model is created; start in a state without data",
                    at: machine.initial.location)
            }
        } else {
            analysis.diagnostics.error(
                "the initial state `\(machine.initial.value)` is not a state of `machine`\(Suggestion.didYouMean(machine.initial.value, in: stateNames, otherwise: "declare it under `states`"))",
                at: machine.initial.location, fixes: Suggestion.fixes(machine.initial, in: stateNames))
        }
        let (guardReads, sends) = checkStates(machine, &analysis)
        checkReachability(machine, &analysis)
        checkEndlessSends(machine, sends, &analysis)
        let handled = Set(machine.states.flatMap { $0.handlers.map(\.event.value) })
        let (sentEvents, conditionReads) = checkSendingCommands(machine, guardReads: guardReads, handled: handled, &analysis)
        for event in machine.events where machine.statesAreComplete && !handled.contains(event.name.value) {
            analysis.diagnostics.warning(
                "event `\(event.name.value)` is handled by no state, so sending it does nothing; add it under `on:` of the states that take it, or remove it",
                at: event.name.location)
        }
        let isEquatable = machine.states.allSatisfy { state in
            state.data.allSatisfy { field in
                isCertainlyEquatable(analysis.types.facts(of: field.type.value))
            }
        }
        return (CheckedMachine(entry: machine, sentEvents: sentEvents, isEquatable: isEquatable), conditionReads)
    }

    /// Each state's transitions, guards, `entry`, `exit` and invoked work; gives, for each event,
    /// what its guards read, and the events each state's `entry` and `exit` always send.
    private func checkStates(_ machine: Machine, _ analysis: inout CodeAnalysis) -> (guardReads: [String: [String]], sends: MachineSends) {
        let eventNames = machine.events.map(\.name.value)
        var guardReads: [String: [String]] = [:]
        var sends = MachineSends()
        for state in machine.states {
            if state.isFinal, let invoke = state.invoke {
                analysis.diagnostics.error(
                    "state `\(state.name.value)` is final, so it is never left and its invoked work could take no transition; remove `final: true` or its `invoke`",
                    at: invoke.location)
            }
            for triggered in state.triggered {
                let trigger = triggered.trigger
                if state.isFinal, trigger != .done, trigger != .error {
                    let what = if case .event(let event) = trigger { "its transition on `\(event)`" } else { "its `\(trigger.label)`" }
                    analysis.diagnostics.error(
                        "state `\(state.name.value)` is final and cannot take transitions; remove `final: true` or \(what)",
                        at: triggered.location)
                }
                // What the transitions' data is given as `payload`: the event's payload, the work's
                // output (none when `Void`) or its failure; a timer gives none.
                let givesPayload: Bool
                switch trigger {
                case .event(let event):
                    guard let declared = machine.events.first(where: { $0.name.value == event }) else {
                        // Not when the events could not all be read (reported already).
                        guard machine.eventsAreComplete, !spec.brokenNames.contains(event) else { continue }
                        let written = Located(event, at: triggered.location)
                        analysis.diagnostics.error(
                            "state `\(state.name.value)` handles `\(event)`, which is not an event of `machine`\(Suggestion.didYouMean(event, in: eventNames, otherwise: "declare it under `events`"))",
                            at: written.location, fixes: Suggestion.fixes(written, in: eventNames))
                        continue
                    }
                    givesPayload = declared.payload != nil
                case .after: givesPayload = false
                case .done: givesPayload = state.invoke.map { !$0.outputIsVoid } ?? false
                case .error: givesPayload = true
                }
                checkDeterminism(triggered, of: state, &analysis)
                for (position, transition) in triggered.transitions.enumerated() {
                    checkTransition(transition, on: trigger, givesPayload: givesPayload, from: state, in: machine, &analysis)
                    guard let guardCode = transition.guardCode else { continue }
                    let slot = CheckedMachine.guardSlot(state, trigger, position)
                    let what = "the guard of `\(state.name.value)`'s transition on `\(trigger.label)`"
                    let reads = analysis.staticReads(of: guardCode, what, form: .expression, allowReactive: true, key: slot)
                    guard case .event(let event) = trigger else { continue }
                    guardReads[event, default: []] += reads.reactive.map(\.name) + reads.fixed
                }
            }
            // Given the state's data, by name.
            let given = state.data.map(\.name.value)
            let signature = Self.signature(giving: given)
            for (key, code) in [("entry", state.entry), ("exit", state.exit)] {
                guard let code,
                    let body = analysis.parseStatements(code, "`\(key)` of state `\(state.name.value)`", signature: signature, given: given, givenElsewhere: [
                    "payload": "an event's `payload` is given to the `data` of the transition it takes; give it to the state entered as data (`data: { <name>: payload }`), which `entry` and `exit` read by name",
                ])?.body
                else { continue }
                let sent = SpecCode.unconditionalSends(in: body).map { (event: $0.event, location: code.location(ofUTF8Offset: $0.offset)) }
                if key == "entry" { sends.entry[state.name.value] = sent } else { sends.exit[state.name.value] = sent }
            }
            if let invoke = state.invoke { checkInvoke(invoke, of: state, signature: signature, given: given, &analysis) }
        }
        return (guardReads, sends)
    }

    /// A state's invoked work: its code (given the state's data), its failure type, and an
    /// `onError` exactly when the work can fail.
    private func checkInvoke(_ invoke: MachineInvoke, of state: MachineState, signature: String, given: [String], _ analysis: inout CodeAnalysis) {
        let name = state.name.value
        switch invoke.work {
        case .producer(let code):
            analysis.parseStatements(code, "the `work` of state `\(name)`", form: .expression, signature: signature, given: given)
            if let failure = invoke.failure { analysis.checkFailureIsAnError(failure, of: "the `work` of state `\(name)`") }
        case .task(let code):
            let what = "the `task` of state `\(name)`"
            if let body = analysis.parseStatements(code, what, signature: signature, given: given)?.body, !invoke.outputIsVoid {
                analysis.checkReturnsItsValue(body, code, what)
            }
            if let failure = invoke.failure, !SpecCode.isError(failure.value) {
                analysis.diagnostics.error(
                    "the `task` of state `\(name)` fails with `any Error`; remove `failure:` (or use `work` with a producer that fails with `\(failure.value)`)",
                    at: failure.location)
            }
        case .perform, .send:
            break
        }
        if invoke.canFail, invoke.onError == nil, !state.isFinal {
            let failure = invoke.failure?.value ?? "any Error"
            analysis.diagnostics.error(
                "the work of state `\(name)` can fail (with `\(failure)`), but nothing says where a failure goes; add `onError: <state>` to its `invoke`",
                at: invoke.location)
        }
        if !invoke.canFail, let onError = invoke.onError {
            analysis.diagnostics.error(
                "`onError` of state `\(name)` is never taken: its work's failure type is `Never`; set `failure:` to the type it fails with, or remove `onError`",
                at: onError.key)
        }
    }

    /// States, their data and events become Swift names: cases, labels.
    private func checkMachineNames(_ machine: Machine, _ analysis: inout CodeAnalysis) {
        let named = machine.states.map { ($0.name, "a state") } + machine.events.map { ($0.name, "an event") }
            + machine.states.flatMap { state in state.data.map { ($0.name, "data of state `\(state.name.value)`") } }
        for (name, what) in named {
            if let problem = SwiftNames.problem(with: name.value) {
                analysis.diagnostics.error("`\(name.value)` cannot be the name of \(what): \(problem)", at: name.location)
            }
        }
        // The names the machine's code is given besides the data: a piece of data of one of them
        // would hide it (a transition's `payload`, the view model's `state` and `send`).
        let given = ["payload", CheckedMachine.stateName, CheckedMachine.sendName]
        for state in machine.states {
            for field in state.data where given.contains(field.name.value) {
                analysis.diagnostics.error(
                    "`\(field.name.value)` cannot be the name of data of state `\(state.name.value)`: the machine's code is given `\(field.name.value)` already; choose another name",
                    at: field.name.location)
            }
        }
    }

    /// The types of the data and the payloads, named as the spec names them.
    private func checkMachineTypes(_ machine: Machine, _ analysis: inout CodeAnalysis) {
        for state in machine.states {
            for field in state.data { analysis.checkType(field.type, of: "`\(field.name.value)` of state `\(state.name.value)`") }
            if let output = state.invoke?.output { analysis.checkType(output, of: "the output of state `\(state.name.value)`'s work") }
            if let failure = state.invoke?.failure { analysis.checkType(failure, of: "the failure of state `\(state.name.value)`'s work") }
        }
        for event in machine.events {
            guard let payload = event.payload else { continue }
            analysis.checkType(payload, of: "the payload of event `\(event.name.value)`")
            if SpecCode.isVoid(payload.value) {
                analysis.diagnostics.error(
                    "event `\(event.name.value)` carries nothing, so it has no payload: write `\(event.name.value): {}` rather than a payload of `\(payload.value)`",
                    at: payload.location)
            }
        }
    }

    /// Inside the class, `State` and `Event` are the machine's: a declaration imported under one
    /// of those names could not be written unqualified in the spec any more.
    private func checkImportedTypeNames(_ analysis: inout CodeAnalysis) {
        for entry in spec.imports {
            guard let path = SpecCode.importPath(entry.value), path.kind != nil, let name = path.components.last,
                ["State", "Event"].contains(name) else { continue }
            analysis.diagnostics.error(
                "`\(entry.value)` imports a type named `\(name)`, which the machine's enum hides inside the view model; import its module whole and write the type as `\(path.components.joined(separator: "."))`",
                at: entry.location)
        }
    }

    /// Of one state's transitions on one event, only the last may be unguarded: the ones after it would never be taken.
    private func checkDeterminism(_ handler: MachineTriggered, of state: MachineState, _ analysis: inout CodeAnalysis) {
        guard let fallback = handler.transitions.firstIndex(where: { $0.guardCode == nil }) else { return }
        for transition in handler.transitions[(fallback + 1)...] {
            let first = handler.transitions[fallback].location
            let what = transition.guardCode == nil ? "a second unguarded transition" : "a transition after the unguarded one"
            analysis.diagnostics.error(
                "state `\(state.name.value)` has \(what) on `\(handler.trigger.label)`, which is never taken: the unguarded transition is always taken first; give the first one a `when:` guard, or remove this one",
                at: transition.location, notes: [.init("the unguarded transition", at: first)])
        }
    }

    /// A transition goes to a state of the machine, with exactly the data that state has.
    private func checkTransition(_ transition: MachineTransition, on trigger: MachineTrigger, givesPayload: Bool, from state: MachineState, in machine: Machine, _ analysis: inout CodeAnalysis) {
        let stateNames = machine.states.map(\.name.value)
        guard let target = machine.states.first(where: { $0.name.value == transition.target.value }) else {
            // A state that could not be read was reported already.
            guard !spec.brokenNames.contains(transition.target.value) else { return }
            analysis.diagnostics.error(
                "state `\(state.name.value)` goes to `\(transition.target.value)` on `\(trigger.label)`, which is not a state of `machine`\(Suggestion.didYouMean(transition.target.value, in: stateNames, otherwise: "declare it under `states`"))",
                at: transition.target.location, fixes: Suggestion.fixes(transition.target, in: stateNames))
            return
        }
        let fields = target.data.map(\.name.value)
        for (name, code) in transition.data {
            guard fields.contains(name.value) else {
                let has = fields.isEmpty ? "has no data" : "has \(fields.map { "`\($0)`" }.joined(separator: ", "))"
                analysis.diagnostics.error(
                    "the transition of `\(state.name.value)` to `\(target.name.value)` on `\(trigger.label)` gives it `\(name.value)`, but `\(target.name.value)` \(has)\(Suggestion.didYouMean(name.value, in: fields, otherwise: fields.isEmpty ? "remove `\(name.value)` from the transition's `data`, or declare it under `data:` of `\(target.name.value)`" : "remove it, or declare it under `data:` of `\(target.name.value)`"))",
                    at: name.location, fixes: Suggestion.fixes(name, in: fields))
                continue
            }
            let what = "`\(name.value)` of the transition to `\(target.name.value)` on `\(trigger.label)`"
            // Given the payload (the event's, the work's output or failure) and the data of the
            // state left; their types do not matter to the parser.
            let given = (givesPayload ? ["payload"] : []) + state.data.map(\.name.value)
            if let body = analysis.parseStatements(code, what, signature: Self.signature(giving: given), given: given)?.body {
                analysis.checkReturnsItsValue(body, code, what)
            }
        }
        let given = Set(transition.data.map(\.name.value))
        let missing = fields.filter { !given.contains($0) }
        if !missing.isEmpty {
            let list = missing.map { "`\($0)`" }.joined(separator: ", ")
            analysis.diagnostics.error(
                "the transition of `\(state.name.value)` to `\(target.name.value)` on `\(trigger.label)` does not give \(list) of `\(target.name.value)`'s data; write `data: { \(missing.map { "\($0): <expression>" }.joined(separator: ", ")) }`",
                at: transition.target.location)
        }
    }

    /// Every state is reached from the initial one through transitions.
    /// A misspelled initial state or target (reported already) counts as the state it most likely
    /// means, so that one mistake gives one error.
    private func checkReachability(_ machine: Machine, _ analysis: inout CodeAnalysis) {
        let names = machine.states.map(\.name.value)
        func meant(_ name: String) -> String? { names.contains(name) ? name : Suggestion.closest(to: name, in: names) }
        // With states or transitions that could not be read, what is reached is not known.
        guard machine.statesAreComplete, let initial = meant(machine.initial.value) else { return }
        var reached: Set<String> = [initial]
        var queue = [initial]
        while let name = queue.popLast() {
            let targets = machine.states.first { $0.name.value == name }?.triggered.flatMap { $0.transitions.compactMap { meant($0.target.value) } } ?? []
            for target in targets where reached.insert(target).inserted { queue.append(target) }
        }
        for state in machine.states where !reached.contains(state.name.value) {
            analysis.diagnostics.error(
                "state `\(state.name.value)` is unreachable: no transition from `\(initial)` leads to it; add a transition to it, or remove it",
                at: state.name.location)
        }
    }

}

extension Checker {
    /// `state`: a value like a state value that no statement writes but `send(_:)`, starting in the initial state.
    func machineStateValue(_ machine: Machine) -> ReactiveValue {
        // `.idle` stands one column before `idle`, so that the state's name keeps its spec column.
        var location = machine.initial.location
        location.column = max(1, location.column - 1)
        return ReactiveValue(
            name: CheckedMachine.stateName, type: "State", doc: machine.doc ?? "The state the view model is in; `send(_:)` changes it.",
            // Without an `initial` (reported), a state of the machine stands in, so that nothing else is reported.
            source: .state(isInput: false),
            expression: Code("." + (machine.initial.value.isEmpty ? machine.states.first?.name.value ?? "initial" : machine.initial.value), at: location),
            reads: [],
            location: machine.location)
    }

    /// The types of the machine's data and payloads, after the rest of the spec's.
    var machineTypes: [WrittenType] {
        guard let machine = spec.machine else { return [] }
        let data = machine.states.flatMap { state in
            state.data.map { WrittenType(owner: state.name.value + "$" + $0.name.value, kind: .generated(for: "machine"), role: .type, type: $0.type) }
                + [(WrittenType.Role.output, state.invoke?.output), (.failure, state.invoke?.failure)].compactMap { role, type in
                    type.map { WrittenType(owner: state.name.value + "$invoke", kind: .generated(for: "machine"), role: role, type: $0) }
                }
        }
        let payloads = machine.events.compactMap { event in
            event.payload.map { WrittenType(owner: event.name.value + "$payload", kind: .generated(for: "machine"), role: .type, type: $0) }
        }
        return data + payloads
    }
}

extension CodeAnalysis {
    /// `state` changes only through `send(_:)`, so that every change is a transition of the machine.
    mutating func checkWritesOfMachineState(in body: SpecCode.Body, reads: [SpecCode.Read], _ code: Code, _ what: String) {
        guard symbols[CheckedMachine.stateName]?.kind == .machineState,
            reads.contains(where: { $0.name == CheckedMachine.stateName || $0.name == "self" }) else { return }
        let found = SpecCode.writes(in: body, among: reads)
        let direct = (found.assigned + found.mutated).filter { $0.name == CheckedMachine.stateName }
        let throughSelf = found.members.filter { $0.base == "self" && $0.member.name == CheckedMachine.stateName }.map(\.member)
        var reported = Set<Int>()
        for write in direct + throughSelf where reported.insert(write.offset).inserted {
            diagnostics.error(
                "\(what) writes `state`, which only `send(_:)` changes, by a transition of the machine; send an event instead (`send(.<event>)`)",
                at: code.location(ofUTF8Offset: write.offset))
        }
    }
}
