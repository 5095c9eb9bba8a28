import Foundation
import PropertyBased
@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// Runs bounded sequences of actions on a generated view model, and after every step checks what
/// must always hold: the spec's invariants, that every derived value and command condition equals
/// a fresh computation from the values it reads, that each command's enabled state is its condition
/// and not executing, and that a disabled command refuses to run (an enabled one runs).
///
/// ```swift
/// let report = Explorer<PublisherViewModel> { explore in     // the type: Swift does not infer it here
///     let publishDraft = FakeProducer<String, Void, Never>()
///     explore.input(\.draft, ["", "a"])
///     explore.answers(publishDraft, named: "publishDraft", values: [()])
///     return PublisherViewModel(publishDraft: publishDraft.closure, preview: { $0 })
/// }.exhaustive(depth: 5)
/// report.expectNoFailure()
/// ```
///
/// The actions: setting each input to each value of its domain (the test's, or both values of a
/// `Bool` input and of `isActive`), executing each command without input (and the commands the
/// test names: with the inputs it gives, or of each child of a list), answering the oldest
/// pending call of each fake with each value or failure the test gave, and advancing each
/// ``TestScheduler`` by each step. ``exhaustive(depth:maxStates:)`` tries every sequence up to a
/// length, breadth first, so the failure it finds is a shortest one;
/// ``random(count:length:seed:)`` runs random sequences (PropertyBased's `Xoshiro` generator) and
/// shrinks a failing one with PropertyBased's shrinker (leaving out one action at a time while it
/// still fails). A failure prints as a test to paste; the report also tells which command states
/// and resource states were reached, and of a machine which states, transitions and guard
/// outcomes, with the shortest sequence of actions seen to reach each state.
///
/// Work that runs in Swift concurrency tasks (`task:` loads, `async` commands) does not progress
/// while the explorer runs: the explorer is synchronous, so such work stays pending.
@MainActor
public final class Explorer<ViewModel: Inspectable> {
    private let make: (ExplorerSetup<ViewModel>) -> ViewModel

    /// `make` builds a fresh view model with fresh fakes, and tells `setup` the domains; it runs
    /// once per sequence, and must build the same actions each time.
    public init(_ make: @escaping (_ setup: ExplorerSetup<ViewModel>) -> ViewModel) {
        self.make = make
    }

    /// Tries every sequence of up to `depth` actions, breadth first; sequences that reach a state
    /// already seen (the same outputs, pending calls and scheduled actions) are not extended.
    public func exhaustive(depth: Int, maxStates: Int = 5_000) -> ExplorationReport {
        withoutInvariantAssertions {
            var coverage = Coverage()
            let first = World(make)
            var actionNames = first.actions.map(\.code)
            if let message = first.check() {
                return report(actionNames, Failure(steps: [], message: message), coverage, runs: 1)
            }
            first.record(into: &coverage)
            var seen: Set<String> = [first.fingerprint()]
            var queue: [[Int]] = [[]]
            var runs = 0
            var next = 0
            while next < queue.count {
                let sequence = queue[next]
                next += 1
                guard sequence.count < depth else { continue }
                for action in first.actions.indices {
                    let world = World(make)
                    runs += 1
                    _ = world.replay(sequence, coverage: &coverage)
                    guard world.actions[action].isApplicable() else { continue }
                    if let message = world.perform(action, coverage: &coverage) {
                        actionNames = world.actions.map(\.code)
                        return report(actionNames, Failure(steps: sequence + [action], message: message), coverage, runs: runs)
                    }
                    if seen.count < maxStates, seen.insert(world.fingerprint()).inserted {
                        queue.append(sequence + [action])
                    }
                }
            }
            return report(actionNames, nil, coverage, runs: runs)
        }
    }

    /// Runs `count` random sequences of up to `length` actions, each action chosen among those
    /// that apply in the state reached; the first failing sequence is shrunk to one that still
    /// fails and from which no single action can be left out.
    public func random(count: Int = 100, length: Int = 20, seed: UInt64 = 1) -> ExplorationReport {
        withoutInvariantAssertions {
            var coverage = Coverage()
            var generator = Xoshiro(seed: (seed, seed ^ 0x9E37_79B9_7F4A_7C15, ~seed, seed &* 0xBF58_476D_1CE4_E5B9))
            var actionNames: [String] = []
            for run in 0..<count {
                let world = World(make)
                actionNames = world.actions.map(\.code)
                if let message = world.check() {
                    return report(actionNames, Failure(steps: [], message: message), coverage, runs: run + 1)
                }
                var sequence: [Int] = []
                for _ in 0..<length {
                    let applicable = world.actions.indices.filter { world.actions[$0].isApplicable() }
                    guard let action = applicable.randomElement(using: &generator) else { break }
                    sequence.append(action)
                    if let message = world.perform(action, coverage: &coverage) {
                        let (shrunk, shrunkMessage) = shrink(sequence, message)
                        let failure = Failure(steps: shrunk, message: shrunkMessage, shrunkFrom: sequence.count)
                        return report(actionNames, failure, coverage, runs: run + 1)
                    }
                }
            }
            return report(actionNames, nil, coverage, runs: count)
        }
    }

    /// Leaves out one action at a time (PropertyBased's `Shrink.omitSingleElement`) while the
    /// sequence still fails.
    private func shrink(_ sequence: [Int], _ message: String) -> ([Int], String) {
        var current = (sequence, message)
        var shrinking = true
        while shrinking {
            shrinking = false
            for candidate in Shrink.omitSingleElement(from: current.0) {
                var ignored = Coverage()
                if let message = World(make).replay(candidate, coverage: &ignored) {
                    current = (candidate, message)
                    shrinking = true
                    break
                }
            }
        }
        return current
    }

    private func report(_ actions: [String], _ failure: Failure?, _ coverage: Coverage, runs: Int) -> ExplorationReport {
        ExplorationReport(
            viewModel: String(describing: ViewModel.self),
            failure: failure.map { failure in
                ExplorationFailure(steps: failure.steps.map { actions[$0] }, message: failure.message,
                                   originalLength: failure.shrunkFrom)
            },
            coverage: coverage, runs: runs,
            actionsNeverRun: actions.filter { !coverage.actionsRun.contains($0) },
            shortestPaths: coverage.machine?.paths.mapValues { $0.map { actions[$0] } } ?? [:])
    }

    private struct Failure {
        var steps: [Int]
        var message: String
        var shrunkFrom: Int? = nil
    }

    /// Debug builds of generated code check their invariants after each transaction, and call
    /// `Invariant.violated`: the explorer records those calls instead of stopping, and reports
    /// them as failures of the step (so a child's invariant counts too, not only the root's).
    /// The transitions taken are recorded the same way, from `Reactive.MachineTransitions`.
    private func withoutInvariantAssertions<Result>(_ body: () -> Result) -> Result {
        let previous = Invariant.violated
        let previousTaken = MachineTransitions.taken
        Invariant.violated = { reportedViolations.append($0) }
        MachineTransitions.taken = { takenTransitions.append((ObjectIdentifier($0), $1)) }
        defer {
            Invariant.violated = previous
            MachineTransitions.taken = previousTaken
            reportedViolations = []
            takenTransitions = []
        }
        return body()
    }

    /// One view model with its fakes and the actions on them.
    @MainActor
    private final class World {
        let viewModel: ViewModel
        let actions: [ExplorerAction]
        let setup: ExplorerSetup<ViewModel>
        /// For each resource loading after the last step, its value when the load started.
        private var loadingFrom: [String: String] = [:]
        /// Each resource's value and error after the last step, to see a load that started and
        /// ended within one step (answered at once): it shows only its outcome.
        private var lastOutcome: [String: (value: String, error: String)] = [:]
        /// The actions performed so far, for the shortest paths to the machine's states.
        private var performed: [Int] = []

        init(_ make: (ExplorerSetup<ViewModel>) -> ViewModel) {
            let setup = ExplorerSetup<ViewModel>()
            let viewModel = make(setup)
            self.viewModel = viewModel
            self.setup = setup
            actions = setup.actions(for: viewModel)
            for resource in resources() { lastOutcome[resource.name] = (resource.value, resource.error) }
            takenTransitions = []
        }

        /// Each resource's state now: a resource `r` has the outputs `r`, `rIsLoading` (work) and
        /// `rError`.
        private func resources() -> [(name: String, isLoading: Bool, value: String, error: String, failed: Bool)] {
            let outputs = viewModel._$outputs
            let names = Set(outputs.map(\.name))
            var current: [String: Any] = [:]
            for output in outputs { current[output.name] = output.current(viewModel) }
            return outputs.compactMap { output in
                guard output.kind == .work, output.name.hasSuffix("IsLoading") else { return nil }
                let resource = String(output.name.dropLast("IsLoading".count))
                guard names.contains(resource), names.contains(resource + "Error"),
                      let isLoading = current[output.name] as? Bool else { return nil }
                let error = current[resource + "Error"]
                return (resource, isLoading, String(describing: current[resource] as Any),
                        String(describing: error as Any), !isNil(error))
            }
        }

        /// Performs `sequence` from the start, passing over an action that does not apply (as
        /// after leaving out the one that made it apply); the first failure, or nil.
        func replay(_ sequence: [Int], coverage: inout Coverage) -> String? {
            if let message = check() { return message }
            for action in sequence {
                guard actions[action].isApplicable() else { continue }
                if let message = perform(action, coverage: &coverage) { return message }
            }
            return nil
        }

        /// Performs one action, then checks everything.
        func perform(_ action: Int, coverage: inout Coverage) -> String? {
            coverage.actionsRun.insert(actions[action].code)
            performed.append(action)
            let refusal = actions[action].perform()
            record(into: &coverage)
            return refusal ?? check()
        }

        func check() -> String? {
            let broken = viewModel._$invariants.filter { !$0.holds }.map {
                "invariant `\($0.name)` does not hold: \($0.message)"
            }
            // What debug builds reported since the last check, of other view models than the root
            // (its own are `broken`): a child's invariant.
            let root = "\(ViewModel.self): "
            let reported = reportedViolations.filter { !$0.hasPrefix(root) }
            reportedViolations = []
            let problems = broken + reported + viewModel._$audit()
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        }

        func record(into coverage: inout Coverage) {
            recordMachine(into: &coverage)
            for command in viewModel._$commands {
                coverage.reach(command: command.name, enabled: command.isEnabled(),
                               canBeSeenDisabled: command.canBeSeenDisabled)
            }
            for command in setup.commands {
                coverage.register(command: command.name)
                for state in command.states(viewModel) {
                    coverage.reach(command: command.name, enabled: state.isEnabled, canBeSeenDisabled: state.canBeSeenDisabled)
                }
            }
            for (resource, isLoading, value, error, failed) in resources() {
                coverage.register(resource: resource)
                let last = lastOutcome[resource]
                lastOutcome[resource] = (value, error)
                if isLoading {
                    coverage.reach(resource: resource, .loading)
                    if loadingFrom[resource] == nil { loadingFrom[resource] = value }
                } else if let before = loadingFrom.removeValue(forKey: resource) {
                    // A load that ended without an error counts as loaded only if it brought a
                    // new value: a cancelled load ends the same way.
                    if failed {
                        coverage.reach(resource: resource, .failed)
                    } else if value != before {
                        coverage.reach(resource: resource, .loaded)
                    }
                } else if let last {
                    // No load was running before the step nor after: one that answered at once
                    // shows only its outcome, a new error or a new value.
                    if failed && error != last.error {
                        coverage.reach(resource: resource, .failed)
                    } else if !failed && value != last.value {
                        coverage.reach(resource: resource, .loaded)
                    }
                }
            }
        }

        /// The machine's part: the transitions the last step took (this view model's, not a
        /// child's), the state it is in, and the guards of that state's transitions now.
        private func recordMachine(into coverage: inout Coverage) {
            let taken = takenTransitions
            takenTransitions = []
            guard let machine = viewModel._$machine else { return }
            var reached = coverage.machine ?? MachineCoverage(machine)
            let identity = ObjectIdentifier(viewModel)
            for (owner, index) in taken where owner == identity { reached.take(index, by: performed) }
            let state = machine.currentState(viewModel)
            reached.reach(state, by: performed)
            for (index, transition) in machine.transitions.enumerated() where transition.from == state {
                if let holds = transition.guardHolds { reached.see(guardOf: index, holds: holds(viewModel)) }
            }
            coverage.machine = reached
        }

        /// What tells states apart: every output's value, the pending calls and scheduled actions.
        func fingerprint() -> String {
            let outputs = viewModel._$outputs.filter { $0.kind != .event }.map {
                "\($0.name)=\(String(describing: $0.current(viewModel) as Any))"
            }
            return (outputs + setup.hiddenState()).joined(separator: "\n")
        }
    }
}

/// Whether `value` is nil, also when it is an optional wrapped in `Any`.
private func isNil(_ value: Any?) -> Bool {
    guard let value else { return true }
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
}

/// The invariant violations that debug builds of generated code reported during an exploration,
/// since the last check (see `Explorer.withoutInvariantAssertions`).
@MainActor private var reportedViolations: [String] = []

/// The transitions taken since the last step was recorded, each with its view model (see
/// `Explorer.withoutInvariantAssertions`).
@MainActor private var takenTransitions: [(viewModel: ObjectIdentifier, index: Int)] = []
