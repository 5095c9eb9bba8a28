/// A command, checked: the entry as the spec writes it (its fields read through this type:
/// `name`, `work`, `input`, `onValue`, `emits`, `then`...), with the facts the checker decides once.
@dynamicMemberLookup
public struct CheckedCommand: Sendable {
    let entry: Command

    public subscript<Field>(dynamicMember field: KeyPath<Command, Field>) -> Field { entry[keyPath: field] }


    /// Whether its work can fail: a `task` (`any Error`), or work whose `failure` is not `Never`
    /// (`SpecCode.isNever`; a `perform` has none).
    public var canFail: Bool {
        if case .task = entry.work { return true }
        return entry.failure.map { !SpecCode.isNever($0.value) } ?? false
    }

    /// `oneAtATime` unless the spec says otherwise.
    public var policy: Command.Policy { entry.policy?.value ?? .oneAtATime }

    /// Whether anyone can see it executing: work that may run on after the action that starts it
    /// (a producer, a task). A `perform` (or `send:`, and also the submit of a validated form,
    /// whose attempt and statements are one producer that ends as it starts) runs whole inside one
    /// step of the owner's transaction, so that `<name>IsExecuting` stays `false`: the view model
    /// keeps no step of its own for it, and its enabled state is its condition.
    public var isSeenExecuting: Bool {
        switch entry.work {
        case .perform, .send: false
        case .producer, .task: true
        }
    }

    /// What its work fails with when the spec writes no `failure`, as the generated code names it.
    public var defaultFailure: String { if case .task = entry.work { "any Swift.Error" } else { "Swift.Never" } }
}

extension Command {
    /// Whether an execution takes an input: an `input` that is not `Void` (`SpecCode.isVoid`).
    /// (A fact of the entry as written, so that the language server reads it the same way.)
    public var takesInput: Bool { input.map { !SpecCode.isVoid($0.value) } ?? false }
}
