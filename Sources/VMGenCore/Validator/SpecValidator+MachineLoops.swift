/// The events each state's `entry` and `exit` always send (their top-level `send(...)` statements).
struct MachineSends {
    var entry: [String: [(event: String, location: SourceLocation)]] = [:]
    var exit: [String: [(event: String, location: SourceLocation)]] = [:]
}

extension Checker {
    /// An `entry` whose sends, through transitions that are always taken, lead to sends that never
    /// end: the transaction would stop the program (the runtime's bound). Found by
    /// taking the events as the runtime does (each in order, a state's `entry` sends before those
    /// sent earlier), while every transition taken is unguarded: the first guard stops the search,
    /// since what it decides is not known here.
    func checkEndlessSends(_ machine: Machine, _ sends: MachineSends, _ analysis: inout CodeAnalysis) {
        for state in machine.states {
            guard let first = sends.entry[state.name.value]?.first,
                let path = endlessPath(from: state.name.value, machine, sends) else { continue }
            analysis.diagnostics.error(
                "`entry` of state `\(state.name.value)` sends `\(first.event)`, and the transitions that follow never end: \(path) ...; each transition is always taken, so the transaction would stop the program; give one of them a `when:` guard, or send from a command instead",
                at: first.location)
            return
        }
    }

    /// The transitions taken from entering `start`, as `a -go-> b -back-> a`, when they never end.
    private func endlessPath(from start: String, _ machine: Machine, _ sends: MachineSends) -> String? {
        var current = start
        var queue = (sends.entry[start] ?? []).map(\.event)
        var seen: Set<[String]> = []
        var taken: [String] = []
        // Sends that go on this long through transitions always taken go on for ever, in practice.
        for _ in 0..<10_000 {
            guard !queue.isEmpty else { return nil }
            // In the same state with the same events waiting as before: it repeats for ever.
            guard seen.insert([current] + queue).inserted else { break }
            let event = queue.removeFirst()
            guard let state = machine.states.first(where: { $0.name.value == current }),
                let handler = state.handlers.first(where: { $0.event.value == event }) else { continue }
            guard let transition = handler.transitions.first, transition.guardCode == nil,
                machine.states.contains(where: { $0.name.value == transition.target.value }) else { return nil }
            let target = transition.target.value
            // `exit` sends as the transition runs, then `entry` (which runs next) sends: both
            // after the events sent earlier.
            queue += (sends.exit[current] ?? []).map(\.event) + (sends.entry[target] ?? []).map(\.event)
            taken.append("-\(event)-> \(target)")
            current = target
        }
        return ([start] + taken.prefix(6)).joined(separator: " ")
    }
}
