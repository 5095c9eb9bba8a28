@_spi(VMGen) @_spi(Testing) import Reactive

/// Which parts of a view model's `machine:` an exploration reached: each state, each transition
/// taken, and each guard seen true and seen false while its transition's state was the current
/// one (after a step); and, for each state, the shortest sequence of actions seen to reach it.
public struct MachineCoverage: Sendable {
    /// One transition and what the exploration saw of it.
    public struct Transition: Sendable {
        /// `idle -submit-> loggingIn`; with ` #2` (its position, from 1) when another transition
        /// of its state on its trigger has the same target.
        public let name: String
        /// Whether it has a guard (`when:`).
        public let isGuarded: Bool
        /// Whether an event took it.
        public internal(set) var taken = false
        /// Whether its guard was seen to hold, and seen not to, in its state.
        public internal(set) var guardSeenTrue = false
        public internal(set) var guardSeenFalse = false
    }

    /// The machine's states, in the spec's order.
    public let states: [String]
    /// The states reached: after a step, or entered by a transition within one.
    public private(set) var reachedStates: Set<String> = []
    /// Every transition, in the order of the view model's `_$machine`.
    public private(set) var transitions: [Transition]
    /// For each state reached, the shortest sequence of actions (their indices) that reached it.
    private(set) var paths: [String: [Int]] = [:]
    private let targets: [String]

    @MainActor
    init<Owner>(_ machine: InspectedMachine<Owner>) {
        states = machine.states
        let names = machine.transitions.map { "\($0.from) -\($0.trigger)-> \($0.target)" }
        transitions = machine.transitions.enumerated().map { index, transition in
            let shared = names.filter { $0 == names[index] }.count > 1
            return Transition(name: names[index] + (shared ? " #\(transition.position + 1)" : ""), isGuarded: transition.isGuarded)
        }
        targets = machine.transitions.map(\.target)
    }

    /// Notes that `state` was reached after `path`, keeping the shortest path to it.
    mutating func reach(_ state: String, by path: [Int]) {
        reachedStates.insert(state)
        if let known = paths[state], known.count <= path.count { return }
        paths[state] = path
    }

    /// Notes that the transition at `index` was taken by the last action of `path`: its guard,
    /// if it has one, held then (seen true even when the step ends in another state).
    mutating func take(_ index: Int, by path: [Int]) {
        guard transitions.indices.contains(index) else { return }
        transitions[index].taken = true
        if transitions[index].isGuarded { transitions[index].guardSeenTrue = true }
        reach(targets[index], by: path)
    }

    /// Notes an outcome of the guard of the transition at `index`, seen in its state.
    mutating func see(guardOf index: Int, holds: Bool) {
        if holds { transitions[index].guardSeenTrue = true } else { transitions[index].guardSeenFalse = true }
    }

    /// What was not reached: `state failed: not reached`, `transition idle -submit-> loggingIn:
    /// not taken`, `guard of idle -submit-> loggingIn: never false`.
    public var missing: [String] {
        let states = states.filter { !reachedStates.contains($0) }.map { "state \($0): not reached" }
        let transitions = transitions.flatMap { transition in
            (transition.taken ? [] : ["transition \(transition.name): not taken"])
                + (!transition.isGuarded || transition.guardSeenTrue ? [] : ["guard of \(transition.name): never true"])
                + (!transition.isGuarded || transition.guardSeenFalse ? [] : ["guard of \(transition.name): never false"])
        }
        return states + transitions
    }

    /// The lines of ``Coverage``'s description: each state, each transition with its guard's outcomes.
    var descriptionLines: [String] {
        let states = states.map { "  state \($0): " + (reachedStates.contains($0) ? "reached" : "not reached") }
        let transitions = transitions.map { transition in
            let outcomes = [transition.guardSeenTrue ? "true" : nil, transition.guardSeenFalse ? "false" : nil].compactMap { $0 }
            let guardText = !transition.isGuarded ? "" : "; guard seen " + (outcomes.isEmpty ? "never" : outcomes.joined(separator: ", "))
            return "  transition \(transition.name): " + (transition.taken ? "taken" : "not taken") + guardText
        }
        return states + transitions
    }
}
