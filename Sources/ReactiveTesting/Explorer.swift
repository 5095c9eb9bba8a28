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
/// and resource states were reached.
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
            actionsNeverRun: actions.filter { !coverage.actionsRun.contains($0) })
    }

    private struct Failure {
        var steps: [Int]
        var message: String
        var shrunkFrom: Int? = nil
    }

    /// Debug builds of generated code check their invariants after each transaction, and call
    /// `Invariant.violated`: the explorer records those calls instead of stopping, and reports
    /// them as failures of the step (so a child's invariant counts too, not only the root's).
    private func withoutInvariantAssertions<Result>(_ body: () -> Result) -> Result {
        let previous = Invariant.violated
        Invariant.violated = { reportedViolations.append($0) }
        defer {
            Invariant.violated = previous
            reportedViolations = []
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

        init(_ make: (ExplorerSetup<ViewModel>) -> ViewModel) {
            let setup = ExplorerSetup<ViewModel>()
            let viewModel = make(setup)
            self.viewModel = viewModel
            self.setup = setup
            actions = setup.actions(for: viewModel)
            for resource in resources() { lastOutcome[resource.name] = (resource.value, resource.error) }
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
            for command in viewModel._$commands {
                coverage.reach(command: command.name, enabled: command.isEnabled())
            }
            for command in setup.commands {
                coverage.register(command: command.name)
                for enabled in command.enabledStates(viewModel) { coverage.reach(command: command.name, enabled: enabled) }
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

/// What the explorer may do with a view model, told by the test (``Explorer/init(_:)``).
@MainActor
public final class ExplorerSetup<ViewModel: Inspectable> {
    private var inputs: [(keyPath: AnyKeyPath, actions: (ViewModel, [AnyKeyPath: String]) -> [ExplorerAction])] = []
    /// The commands the test names (with an input, or of children), their actions and, for the
    /// coverage, the enabled state of each (one per child).
    private(set) var commands: [(name: String, enabledStates: (ViewModel) -> [Bool], actions: (ViewModel) -> [ExplorerAction])] = []
    private var others: [ExplorerAction] = []
    private var hidden: [() -> String] = []

    init() {}

    /// Sets `keyPath` to each of `values`; `name` is the name the pasted test writes (by default
    /// the name the view model lists for the input).
    public func input<Value>(_ keyPath: ReferenceWritableKeyPath<ViewModel, Value>, _ values: [Value], named name: String? = nil) {
        inputs.append((keyPath, { viewModel, names in
            let name = name ?? names[keyPath] ?? "\(keyPath)"
            return values.map { value in
                let text = String(reflecting: value)
                return ExplorerAction(
                    code: "viewModel.\(name) = \(text)",
                    isApplicable: { [weak viewModel] in
                        viewModel.map { String(reflecting: $0[keyPath: keyPath]) != text } ?? false
                    },
                    perform: { [weak viewModel] in
                        viewModel?[keyPath: keyPath] = value
                        return nil
                    })
            }
        }))
    }

    /// Answers the oldest pending call of `fake` with each of `values` and each of `failures`;
    /// `name` is the fake's name in the pasted test.
    public func answers<Input, Value, Failure>(
        _ fake: FakeCalls<Input, Value, Failure>, named name: String, values: [Value], failures: [Failure] = []
    ) {
        for value in values {
            others.append(ExplorerAction(
                code: "\(name).pending.first?.succeed(with: \(String(reflecting: value)))",
                isApplicable: { !fake.pending.isEmpty },
                perform: { fake.pending.first?.succeed(with: value); return nil }))
        }
        for failure in failures {
            others.append(ExplorerAction(
                code: "\(name).pending.first?.fail(with: \(String(reflecting: failure)))",
                isApplicable: { !fake.pending.isEmpty },
                perform: { fake.pending.first?.fail(with: failure); return nil }))
        }
        hidden.append { "\(name): \(fake.pending.count) pending" }
    }

    /// Advances `scheduler` by each of `steps` seconds, while it has actions scheduled; `name` is
    /// the scheduler's name in the pasted test.
    public func time(_ scheduler: TestScheduler, steps: [TimeInterval], named name: String = "scheduler") {
        for step in steps {
            others.append(ExplorerAction(
                code: "\(name).advance(by: \(step))",
                isApplicable: { scheduler.scheduledCount > 0 },
                perform: { scheduler.advance(by: step); return nil }))
        }
        hidden.append { "\(name): \(scheduler.scheduledCount) scheduled" }
    }

    /// Executes `command`, which takes an input, with each of `inputs`; `name` is the command's
    /// name in the class. (Commands without input are executed without being asked.) Its
    /// enabled and disabled states count in the coverage.
    public func execute<Input, Output, Failure>(
        _ command: KeyPath<ViewModel, Command<Input, Output, Failure>>, named name: String, inputs: [Input]
    ) {
        commands.append((name, { [$0[keyPath: command].isEnabled.value] }, { viewModel in
            inputs.map { input in
                ExplorerAction(
                    code: "viewModel.\(name).execute(\(Self.argument(input))).start()",
                    isApplicable: { true },
                    perform: { [weak viewModel] in
                        viewModel.flatMap { Self.run($0[keyPath: command], with: input, named: name) }
                    })
            }
        }))
    }

    /// Executes `command` of each of the first `count` children of `children` (a list of child
    /// view models, such as a keyed list), with each of `inputs`; `name` and `childrenName` are
    /// their names in the classes. In the coverage the command is `<childrenName>[].<name>`: enabled
    /// when some child's was seen enabled, disabled when some child's was seen disabled.
    public func execute<Child: AnyObject, Input, Output, Failure>(
        _ command: KeyPath<Child, Command<Input, Output, Failure>>, named name: String,
        ofEach children: KeyPath<ViewModel, [Child]>, named childrenName: String, inputs: [Input], upTo count: Int = 2
    ) {
        let enabledStates: (ViewModel) -> [Bool] = { $0[keyPath: children].map { $0[keyPath: command].isEnabled.value } }
        commands.append(("\(childrenName)[].\(name)", enabledStates, { viewModel in
            (0..<count).flatMap { index in
                inputs.map { input in
                    ExplorerAction(
                        code: "viewModel.\(childrenName)[\(index)].\(name).execute(\(Self.argument(input))).start()",
                        isApplicable: { [weak viewModel] in (viewModel?[keyPath: children].count ?? 0) > index },
                        perform: { [weak viewModel] in
                            guard let child = viewModel?[keyPath: children][index] else { return nil }
                            return Self.run(child[keyPath: command], with: input, named: "\(childrenName)[\(index)].\(name)")
                        })
                }
            }
        }))
    }

    /// ``execute(_:named:ofEach:named:inputs:upTo:)`` for a command without input.
    public func execute<Child: AnyObject, Output, Failure>(
        _ command: KeyPath<Child, Command<Void, Output, Failure>>, named name: String,
        ofEach children: KeyPath<ViewModel, [Child]>, named childrenName: String, upTo count: Int = 2
    ) {
        execute(command, named: name, ofEach: children, named: childrenName, inputs: [()], upTo: count)
    }

    /// An input as the pasted test writes it: nothing for `Void`.
    private static func argument<Input>(_ input: Input) -> String {
        Input.self == Void.self ? "" : String(reflecting: input)
    }

    /// Starts one execution of `command`; a message when what it did disagrees with whether it
    /// was enabled (a refusal is sent at once, while the producer starts).
    private static func run<Input, Output, Failure>(
        _ command: Command<Input, Output, Failure>, with input: Input, named name: String
    ) -> String? {
        let wasEnabled = command.isEnabled.value
        let refused = Locked(false)
        command.execute(input).start { event in
            if case .failed(.disabled) = event { refused.withLock { $0 = true } }
        }
        return verdict(name, wasEnabled: wasEnabled, refused: refused.withLock { $0 })
    }

    /// What is wrong when a command's execution and its enabled state disagree, or nil.
    private static func verdict(_ name: String, wasEnabled: Bool, refused: Bool) -> String? {
        if refused && wasEnabled { return "`\(name)` was enabled but refused to run" }
        if !refused && !wasEnabled { return "`\(name)` was disabled but ran" }
        return nil
    }

    /// Every action, in a fixed order: inputs, the view model's other inputs with a domain of
    /// their own (`Bool`s, `isActive`), commands, then answers and time.
    func actions(for viewModel: ViewModel) -> [ExplorerAction] {
        let listed = viewModel._$inputs
        let names = Dictionary(listed.map { ($0.keyPath, $0.name) }, uniquingKeysWith: { first, _ in first })
        var result = inputs.flatMap { $0.actions(viewModel, names) }
        let given = Set(inputs.map(\.keyPath))
        for input in listed where !given.contains(input.keyPath) {
            for value in input.defaultDomain {
                let text = String(reflecting: value)
                result.append(ExplorerAction(
                    code: "viewModel.\(input.name) = \(text)",
                    isApplicable: { [weak viewModel] in
                        viewModel.map { String(reflecting: input.get($0)) != text } ?? false
                    },
                    perform: { [weak viewModel] in
                        viewModel.map { input.set($0, value) }
                        return nil
                    }))
            }
        }
        for command in viewModel._$commands {
            result.append(ExplorerAction(
                code: "viewModel.\(command.name).execute().start()",
                isApplicable: { true },
                perform: {
                    let wasEnabled = command.isEnabled()
                    return Self.verdict(command.name, wasEnabled: wasEnabled, refused: command.execute())
                }))
        }
        return result + commands.flatMap { $0.actions(viewModel) } + others
    }

    func hiddenState() -> [String] { hidden.map { $0() } }
}

/// One action of the explorer: the line of Swift a pasted test runs for it.
@MainActor
struct ExplorerAction {
    let code: String
    let isApplicable: () -> Bool
    /// Performs the action; a message when the action itself went wrong (a command's refusal).
    let perform: () -> String?
}

/// What an exploration found and reached.
public struct ExplorationReport: CustomStringConvertible, Sendable {
    /// The view model's type.
    public let viewModel: String
    /// The failing sequence found, if any.
    public let failure: ExplorationFailure?
    /// The command and resource states reached.
    public let coverage: Coverage
    /// How many sequences ran (each from a fresh view model).
    public let runs: Int
    /// The actions that applied in no state reached (a child's command when no list had that
    /// many children, an answer when no call was made), as the lines a pasted test runs.
    public let actionsNeverRun: [String]

    public var description: String {
        let neverRun = actionsNeverRun.isEmpty ? "" : "\nNever run:\n" + actionsNeverRun.map { "  " + $0 }.joined(separator: "\n")
        return (failure.map { $0.test(viewModel) + "\n" } ?? "\(viewModel): no failure in \(runs) runs.\n") + coverage.description + neverRun
    }

    /// Records an issue with the failing sequence, as a test to paste, when there is one.
    public func expectNoFailure(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let failure else { return }
        Issue.record("\(failure.message)\n\(failure.test(viewModel))\n\(coverage)", sourceLocation: sourceLocation)
    }
}

/// A failing sequence: the actions as Swift, and what went wrong after the last one.
public struct ExplorationFailure: Sendable {
    /// Each action as the line a pasted test runs.
    public let steps: [String]
    /// What did not hold after the last step.
    public let message: String
    /// How long the sequence was before shrinking (random exploration).
    public let originalLength: Int?

    /// A Swift Testing test that runs the sequence and checks what failed; the view model is
    /// `viewModel`, and the fakes and schedulers have the names the setup gave them.
    public func test(_ viewModel: String) -> String {
        let shrunk = originalLength.map { " (shrunk from \($0) actions)" } ?? ""
        return ([
            "// \(viewModel): \(message)\(shrunk)",
            "@Test @MainActor func explorerFinding() {",
            "    // Make `viewModel` and its fakes as the explorer's setup does, then:",
        ] + steps.map { "    " + $0 } + [
            "    #expect(viewModel._$invariants.filter { !$0.holds }.map(\\.name) == [])",
            "    #expect(viewModel._$audit() == [])",
            "}",
        ]).joined(separator: "\n")
    }
}

/// Which states of each command and resource an exploration reached.
public struct Coverage: CustomStringConvertible, Sendable {
    /// The states of a resource: `loaded` is a load that ended without an error and changed the
    /// value (a cancelled load ends the same way, but changes nothing).
    public enum ResourceState: String, Sendable, CaseIterable {
        case loading, loaded, failed
    }

    /// For each command, whether it was seen enabled and seen disabled.
    public private(set) var commands: [String: (enabled: Bool, disabled: Bool)] = [:]
    /// For each resource, the states seen.
    public private(set) var resources: [String: Set<ResourceState>] = [:]
    /// The actions performed at least once, as their lines of Swift.
    var actionsRun: Set<String> = []

    mutating func reach(command: String, enabled: Bool) {
        var states = commands[command] ?? (false, false)
        if enabled { states.enabled = true } else { states.disabled = true }
        commands[command] = states
    }

    mutating func register(command: String) {
        if commands[command] == nil { commands[command] = (false, false) }
    }

    mutating func register(resource: String) {
        if resources[resource] == nil { resources[resource] = [] }
    }

    mutating func reach(resource: String, _ state: ResourceState) {
        resources[resource, default: []].insert(state)
    }

    /// The states not reached, as `logIn: disabled`, `results: failed`.
    public var missing: [String] {
        let commands = commands.sorted { $0.key < $1.key }.flatMap { name, states in
            (states.enabled ? [] : ["\(name): enabled"]) + (states.disabled ? [] : ["\(name): disabled"])
        }
        let resources = resources.sorted { $0.key < $1.key }.flatMap { name, states in
            ResourceState.allCases.filter { !states.contains($0) }.map { "\(name): \($0.rawValue)" }
        }
        return commands + resources
    }

    public var description: String {
        let commands = commands.sorted { $0.key < $1.key }.map { name, states in
            "  \(name): " + [states.enabled ? "enabled" : nil, states.disabled ? "disabled" : nil]
                .compactMap { $0 }.joined(separator: ", ")
        }
        let resources = resources.sorted { $0.key < $1.key }.map { name, states in
            "  \(name): " + ResourceState.allCases.filter(states.contains).map(\.rawValue).joined(separator: ", ")
        }
        let missing = self.missing.isEmpty ? "everything" : "not " + self.missing.joined(separator: ", ")
        return (["Coverage (reached \(missing)):"] + commands + resources).joined(separator: "\n")
    }
}

/// The invariant violations that debug builds of generated code reported during an exploration,
/// since the last check (see `Explorer.withoutInvariantAssertions`).
@MainActor private var reportedViolations: [String] = []
