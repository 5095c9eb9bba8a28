import Foundation
@_spi(VMGen) @_spi(Testing) import Reactive

/// What the explorer may do with a view model, told by the test (``Explorer/init(_:)``).
@MainActor
public final class ExplorerSetup<ViewModel: Inspectable> {
    private var inputs: [(keyPath: AnyKeyPath, actions: (ViewModel, [AnyKeyPath: String]) -> [ExplorerAction])] = []
    /// The commands the test names (with an input, or of children), their actions and, for the
    /// coverage, the state of each (one per child): whether it is enabled, and whether it can be
    /// seen disabled (`Command.canBeSeenDisabled`).
    private(set) var commands: [(name: String, states: (ViewModel) -> [CommandState], actions: (ViewModel) -> [ExplorerAction])] = []
    /// One command's state, for the coverage.
    typealias CommandState = (isEnabled: Bool, canBeSeenDisabled: Bool)
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
        commands.append((name, { [Self.state(of: $0[keyPath: command])] }, { viewModel in
            inputs.map { input in
                ExplorerAction(
                    code: "viewModel.\(name)(\(Self.argument(input)))",
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
        let states: (ViewModel) -> [CommandState] = { $0[keyPath: children].map { Self.state(of: $0[keyPath: command]) } }
        commands.append(("\(childrenName)[].\(name)", states, { viewModel in
            (0..<count).flatMap { index in
                inputs.map { input in
                    ExplorerAction(
                        code: "viewModel.\(childrenName)[\(index)].\(name)(\(Self.argument(input)))",
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

    private static func state<Input, Output, Failure>(of command: Command<Input, Output, Failure>) -> CommandState {
        (command.isEnabled.value, command.canBeSeenDisabled)
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
                code: "viewModel.\(command.name)()",
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
