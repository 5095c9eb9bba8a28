import Yams

/// Reads `machine:`: the initial state, the states (their data, entry and exit statements,
/// transitions on events, whether they are final) and the events.
extension SectionReader {
    /// `key`: where `machine:` stands, which is where `state` is declared.
    mutating func machine(_ node: Node?, key: SourceLocation?) -> Machine? {
        guard let node else { return nil }
        guard let fields = reader.fields(of: node, in: "`machine`", place: .machine) else { return nil }
        // Without a readable `initial` (reported), the rest is still read and checked.
        let initial = fields["initial"].flatMap { reader.nonEmptyString($0.value, "`initial` of `machine`") }
        var machine = Machine(location: key ?? reader.location(of: node), initial: initial ?? Located("", at: reader.location(of: node)))
        machine.doc = fields["doc"].flatMap { reader.string($0.value, "`doc` of `machine`")?.value }
        // An error in a part means the part is not all there: the checks that need all of it
        // (reachability, events no state handles) leave it alone rather than add errors of their own.
        var errors = reader.diagnostics.errorCount
        machine.states = readEntries(fields["states"]?.value, "states", of: .machineState) { $0.machineState($1, $2) }
        machine.statesAreComplete = reader.diagnostics.errorCount == errors
        if let states = fields["states"], case .mapping(let mapping) = states.value, mapping.count == 0 {
            let example = initial.map { "`states: { \($0.value): {} }`" } ?? "`states: { idle: {} }`"
            reader.diagnostics.error("`states` of `machine` is empty; a machine has at least its initial state: \(example)",
                                     at: states.key.location)
        }
        errors = reader.diagnostics.errorCount
        machine.events = readEntries(fields["events"]?.value, "events", of: .machineEvent) { $0.machineEvent($1, $2) }
        machine.eventsAreComplete = reader.diagnostics.errorCount == errors
        return machine
    }

    private mutating func machineState(_ name: Located<String>, _ node: Node) -> MachineState? {
        var state = MachineState(name: name)
        // `loggedIn: {}` or `loggedIn:` alone: a state without data or transitions.
        if case .scalar(let scalar) = node, scalar.string.isEmpty { return state }
        let context = "state `\(name.value)`"
        guard let fields = reader.fields(of: node, in: context, place: .machineState) else { return nil }
        state.doc = fields["doc"].flatMap { reader.string($0.value, "`doc` of \(context)")?.value }
        state.entry = fields["entry"].flatMap { reader.code($0.value, "`entry` of \(context)") }
        state.exit = fields["exit"].flatMap { reader.code($0.value, "`exit` of \(context)") }
        state.isFinal = fields["final"].flatMap { reader.bool($0.value, "`final` of \(context)") } ?? false
        state.finalLocation = fields["final"]?.key.location
        if let data = fields["data"]?.value, let entries = reader.entries(of: data, in: "`data` of \(context)") {
            state.data = entries.compactMap { entry in
                reader.type(entry.value, "the type of `\(entry.key.value)` in \(context)").map { MachineField(name: entry.key, type: $0) }
            }
        }
        if let on = fields["on"]?.value, let entries = reader.entries(of: on, in: "`on` of \(context)") {
            state.handlers = entries.map { entry in
                MachineHandler(event: entry.key, transitions: transitions(entry.value, on: "`\(entry.key.value)`", in: context))
            }
        }
        if let after = fields["after"]?.value, let entries = reader.entries(of: after, in: "`after` of \(context)") {
            var written: [Double: Located<String>] = [:]
            state.delays = entries.compactMap { entry in
                guard let seconds = Double(entry.key.value), seconds.isFinite, seconds > 0 else {
                    reader.diagnostics.error(
                        "`\(entry.key.value)` under `after` of \(context) must be a number of seconds above zero, such as `5` or `0.5`",
                        at: entry.key.location)
                    return nil
                }
                if let first = written[seconds] {
                    // Two timers of one delay fire together: one of them could never be taken.
                    reader.diagnostics.error(
                        "`\(entry.key.value)` under `after` of \(context) is the delay of `\(first.value)` again; put their transitions in one list under one key, tried in order",
                        at: entry.key.location, notes: [.init("`\(first.value)` is here", at: first.location)])
                    return nil
                }
                written[seconds] = entry.key
                return MachineDelay(key: entry.key, seconds: Self.secondsLiteral(entry.key.value, seconds),
                                    transitions: transitions(entry.value, on: "`after \(entry.key.value)`", in: context))
            }
        }
        if let invoke = fields["invoke"] { state.invoke = self.invoke(invoke.value, at: invoke.key.location, in: context) }
        return state
    }

    /// `invoke: { work: ... or task: ..., output:, failure:, onDone:, onError: }`.
    private mutating func invoke(_ node: Node, at location: SourceLocation, in state: String) -> MachineInvoke? {
        let context = "`invoke` of \(state)"
        guard let fields = reader.fields(of: node, in: context, place: .invoke) else { return nil }
        guard let (key, work) = oneOf(["work", "task"], in: fields, of: node, context, misspelledIn: .invoke,
                                      needs: "its work: `work` (a SignalProducer) or `task` (async code)"),
            let code = reader.code(work, "`\(key)` of \(context)")
        else { return nil }
        var invoke = MachineInvoke(location: location, work: key == "work" ? .producer(code) : .task(code))
        invoke.output = fields["output"].flatMap { reader.type($0.value, "`output` of \(context)") }
        invoke.failure = fields["failure"].flatMap { reader.type($0.value, "`failure` of \(context)") }
        if let onDone = fields["onDone"] {
            invoke.onDone = (onDone.key.location, transitions(onDone.value, on: "`onDone`", in: state))
        }
        if let onError = fields["onError"] {
            invoke.onError = (onError.key.location, transitions(onError.value, on: "`onError`", in: state))
        }
        return invoke
    }

    /// `event: target`, `event: { to: target, when: ..., data: ... }`, or a list of those; `on`
    /// names what takes them, as messages write it (`` `submit` ``, `` `after 5` ``, `` `onDone` ``).
    private mutating func transitions(_ node: Node, on event: String, in context: String) -> [MachineTransition] {
        if case .sequence(let sequence) = node {
            return sequence.compactMap { transition($0, on: event, in: context) }
        }
        return transition(node, on: event, in: context).map { [$0] } ?? []
    }

    private mutating func transition(_ node: Node, on event: String, in context: String) -> MachineTransition? {
        let what = "the transition of \(context) on \(event)"
        if case .scalar = node {
            guard let target = reader.nonEmptyString(node, "the target of \(what)") else { return nil }
            let words = target.value.split(separator: " ")
            if words.count == 3, words[1] == "when" {
                // `go: b when ok`: a guard needs the transition's mapping.
                reader.diagnostics.error(
                    "\(what) is written `\(target.value)`; a transition with a guard is a mapping: `{ to: \(words[0]), when: \(words[2]) }`",
                    at: target.location)
                return nil
            }
            return MachineTransition(location: target.location, target: target)
        }
        guard let fields = reader.fields(of: node, in: what, place: .transition),
            let target = fields["to"].flatMap({ reader.nonEmptyString($0.value, "`to` of \(what)") })
        else { return nil }
        var transition = MachineTransition(location: target.location, target: target)
        transition.guardCode = fields["when"].flatMap { reader.code($0.value, "`when` of \(what)") }
        if let data = fields["data"]?.value, let entries = reader.entries(of: data, in: "`data` of \(what)") {
            transition.data = entries.compactMap { entry in
                reader.code(entry.value, "`\(entry.key.value)` in the `data` of \(what)").map { (entry.key, $0) }
            }
        }
        return transition
    }

    private mutating func machineEvent(_ name: Located<String>, _ node: Node) -> MachineEvent? {
        var event = MachineEvent(name: name)
        if case .scalar(let scalar) = node {
            // `retry:` alone carries nothing; `failed: String` is shorthand for its payload.
            if !scalar.string.isEmpty { event.payload = reader.type(node, "the payload of event `\(name.value)`") }
            return event
        }
        let context = "event `\(name.value)` of `machine`"
        guard let fields = reader.fields(of: node, in: context, place: .machineEvent) else { return nil }
        event.payload = fields["payload"].flatMap { reader.type($0.value, "the payload of \(context)") }
        event.doc = fields["doc"].flatMap { reader.string($0.value, "`doc` of \(context)")?.value }
        return event
    }
}
