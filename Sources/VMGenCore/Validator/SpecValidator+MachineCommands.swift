/// The commands that `send:` an event of the machine: the event declared and handled, the input
/// its payload, nothing of a command's own work; and what each one's enabled condition reads.
extension Checker {
    /// The commands that send an event: each event declared and handled, each command's input its
    /// payload. Gives the event each sends, and what each one's enabled condition reads (`state`,
    /// then what its event's guards read), whose order and fixed reads go to `analysis` like
    /// any computation's.
    func checkSendingCommands(
        _ machine: Machine, guardReads: [String: [String]], handled: Set<String>, _ analysis: inout CodeAnalysis
    ) -> (sentEvents: [String: String], conditionReads: [String: [String]]) {
        let eventNames = machine.events.map(\.name.value)
        var sentEvents: [String: String] = [:]
        var conditionReads: [String: [String]] = [:]
        for command in spec.commands {
            guard case .send(let event) = command.work else { continue }
            let name = command.name.value
            guard let declared = machine.events.first(where: { $0.name.value == event.value }) else {
                // Not when the events could not all be read (reported already).
                guard machine.eventsAreComplete, !spec.brokenNames.contains(event.value) else { continue }
                analysis.diagnostics.error(
                    "command `\(name)` sends `\(event.value)`, which is not an event of `machine`\(Suggestion.didYouMean(event.value, in: eventNames, otherwise: "declare it under `machine: events:`"))",
                    at: event.location, fixes: Suggestion.fixes(event, in: eventNames))
                continue
            }
            checkSendingCommand(command, sends: declared, at: event.location, &analysis)
            if machine.statesAreComplete && !handled.contains(event.value) {
                analysis.diagnostics.warning(
                    "command `\(name)` sends `\(event.value)`, which no state handles, so it is never enabled; add `on: { \(event.value): <state> }` to the states that take it",
                    at: event.location)
            }
            sentEvents[name] = event.value
            // An event every state takes by a transition without a guard always causes one: the
            // command has no condition, as one without `enabled:` (so the explorer does not ask
            // to see it disabled).
            let alwaysTaken = machine.statesAreComplete && machine.states.allSatisfy { state in
                state.handlers.contains { $0.event.value == event.value && $0.transitions.contains { $0.guardCode == nil } }
            }
            guard !alwaysTaken else { continue }
            let reads = [CheckedMachine.stateName] + (guardReads[event.value] ?? []).uniqued()
            let slot = CodeSlot.value(GeneratedNames.canExecute(of: name))
            analysis.argumentOrder[slot] = reads
            analysis.fixedReads[slot] = reads.filter { symbols[$0].map { !$0.isReactive } ?? false }
            conditionReads[name] = reads.filter { symbols[$0]?.isReactive ?? false }
        }
        return (sentEvents, conditionReads)
    }

    /// A command that sends an event takes the event's payload as its input, and is enabled by the machine alone.
    private func checkSendingCommand(_ command: Command, sends event: MachineEvent, at location: SourceLocation, _ analysis: inout CodeAnalysis) {
        let name = command.name.value
        if let enabled = command.enabled {
            analysis.diagnostics.error(
                "command `\(name)` sends `\(event.name.value)` and is enabled exactly when that causes a transition; remove `enabled`, or put the condition in the transition's `when:`",
                at: enabled.location)
        }
        let takesInput = CheckedCommand(entry: command).takesInput
        if let payload = event.payload, !takesInput {
            analysis.diagnostics.error(
                "command `\(name)` sends `\(event.name.value)`, whose payload has the type `\(payload.value)`: give the command `input: \(payload.value)`, which it sends",
                at: location)
        } else if let payload = event.payload, let input = command.input {
            switch SpecCode.typeMatch(input.value, payload.value) {
            case .same: break
            case .undecided:
                // The compiler judges the generated `send(.event(input))`, which stands at `input:`.
                analysis.typesJudgedByCompiler.insert(input.location)
            case .different:
                // The generated `send(.event(input))` would not compile.
                analysis.diagnostics.error(
                    "command `\(name)` takes `\(input.value)`, but `\(event.name.value)`'s payload has the type `\(payload.value)`; write `input: \(payload.value)`",
                    at: input.location, notes: [.init("`\(event.name.value)` is declared here", at: event.name.location)])
            }
        } else if event.payload == nil, takesInput, let input = command.input {
            analysis.diagnostics.error(
                "command `\(name)` sends `\(event.name.value)`, which carries nothing; remove `input:`", at: input.location)
        }
        let extra: [(String, SourceLocation?)] = [("output", command.output?.location), ("failure", command.failure?.location),
            ("onValue", command.onValue?.location), ("onFailure", command.onFailure?.location), ("onCompleted", command.onCompleted?.location)]
        for (key, location) in extra {
            guard let location else { continue }
            analysis.diagnostics.error(
                "command `\(name)` sends an event, which produces nothing and cannot fail; remove `\(key)`, or use `entry:` of the state it goes to",
                at: location)
        }
    }
}
