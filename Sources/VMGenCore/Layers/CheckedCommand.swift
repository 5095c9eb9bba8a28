/// A command, checked: its work and handlers as the spec writes them, with the facts the checker
/// decided once (whether it takes an input, whether it can fail, its policy).
public struct CheckedCommand: Sendable {
    public var name: Located<String>
    public var doc: String?
    public var enabled: Code?
    public var work: Command.Work
    /// The types as the spec writes them; nil when it writes none.
    public var input: Located<String>?
    public var output: Located<String>?
    public var failure: Located<String>?
    /// Whether an execution takes an input: an `input` that is not `Void` (`SpecCode.isVoid`).
    public var takesInput: Bool
    /// Whether its work can fail: a `task`, or work whose `failure` is not `Never` (`SpecCode.isNever`).
    public var canFail: Bool
    public var onValue: Code?
    public var onFailure: Code?
    public var onCompleted: Code?
    /// The event each value of the work is sent to.
    public var emits: Located<String>?
    /// `oneAtATime` unless the spec says otherwise.
    public var policy: Command.Policy
    /// The command without input a `perform` runs once its transaction is over.
    public var then: Located<String>?

    /// The facts of `command`, decided by one rule each.
    init(_ command: Command) {
        name = command.name
        doc = command.doc
        enabled = command.enabled
        work = command.work
        input = command.input
        output = command.output
        failure = command.failure
        takesInput = Self.takesInput(command)
        canFail = Self.canFail(command)
        onValue = command.onValue
        onFailure = command.onFailure
        onCompleted = command.onCompleted
        emits = command.emits
        policy = command.policy?.value ?? .oneAtATime
        then = command.then
    }

    /// The one rule of "takes an input": an `input` that is not `Void`.
    static func takesInput(_ command: Command) -> Bool {
        command.input.map { !SpecCode.isVoid($0.value) } ?? false
    }

    /// The one rule of "can fail": a `task` fails with `any Error`; other work with its `failure`
    /// unless that is `Never` (a `perform` has none).
    static func canFail(_ command: Command) -> Bool {
        if case .task = command.work { return true }
        return command.failure.map { !SpecCode.isNever($0.value) } ?? false
    }
}
