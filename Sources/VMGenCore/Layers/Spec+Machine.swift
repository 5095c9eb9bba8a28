/// A view model's explicit states (`machine:`): named states, each with the data that exists only
/// in it, the events the view model is sent, and the transitions each state takes on an event.
/// Generated as `state` (an enum with associated values) and `send(_:)`.
public struct Machine: Sendable {
    /// Where `machine:` stands.
    public var location: SourceLocation
    public var doc: String?
    /// The state the view model starts in (`initial:`).
    public var initial: Located<String>
    /// The states, in spec order.
    public var states: [MachineState] = []
    /// The events, in spec order.
    public var events: [MachineEvent] = []
    /// Whether every state, and every event, was read without an error: otherwise some are
    /// missing (or some of their transitions), which the checks that need them all leave alone.
    public var statesAreComplete = true
    public var eventsAreComplete = true
}

/// One state of a machine.
public struct MachineState: Sendable {
    public var name: Located<String>
    public var doc: String?
    /// The data that exists only in this state (`data:`), each a name and its type, in order.
    public var data: [MachineField] = []
    /// Statements run when the state is entered, after `state` took its new value (`entry:`).
    public var entry: Code?
    /// Statements run when the state is left, before `state` changes (`exit:`).
    public var exit: Code?
    /// For each event this state handles (`on:`), its transitions, tried in order.
    public var handlers: [MachineHandler] = []
    /// Delayed transitions (`after:`): for each delay, its transitions, tried in order when its
    /// timer fires, in spec order.
    public var delays: [MachineDelay] = []
    /// Work that runs while in this state, with transitions on its outcome (`invoke:`).
    public var invoke: MachineInvoke?
    /// A final state takes no transitions (`final: true`).
    public var isFinal = false
    /// Where `final:` is written, when it is.
    public var finalLocation: SourceLocation?
}

/// One delay of a state's `after:`: how long after entering the state its timer fires, and
/// the transitions then tried.
public struct MachineDelay: Sendable {
    /// The key as written (`5`, `0.5`), where it stands.
    public var key: Located<String>
    /// The delay in seconds as Swift writes it: the key when it is plain digits (`5`, `0.5`).
    public var seconds: String
    public var transitions: [MachineTransition]
}

/// Work a state runs while the view model is in it (`invoke:`), like a command's work: a
/// producer (`work:`) or an async call (`task:`), started when the state is entered and
/// cancelled when it is left; its outcome takes `onDone`'s or `onError`'s transitions.
public struct MachineInvoke: Sendable {
    /// Where the key `invoke:` stands.
    public var location: SourceLocation
    /// `.producer` (`work:`) or `.task` (`task:`).
    public var work: Command.Work
    /// The type of the work's values (default `Void`).
    public var output: Located<String>?
    /// The type it fails with (default `Never` for `work`; a `task` fails with `any Error`).
    public var failure: Located<String>?
    /// Where `onDone:` stands, and its transitions, given the last value as `payload`.
    public var onDone: (key: SourceLocation, transitions: [MachineTransition])?
    /// Where `onError:` stands, and its transitions, given the failure as `payload`.
    public var onError: (key: SourceLocation, transitions: [MachineTransition])?

    /// Whether the work can fail: a `task`, or work whose `failure` is not `Never`.
    public var canFail: Bool {
        if case .task = work { return true }
        return failure.map { !SpecCode.isNever($0.value) } ?? false
    }

    /// Whether its output is `Void`: then `onDone` is given no `payload`.
    public var outputIsVoid: Bool { output.map { SpecCode.isVoid($0.value) } ?? true }
}

/// A named piece of a state's data: `username: String`.
public struct MachineField: Sendable {
    public var name: Located<String>
    public var type: Located<String>
}

/// An event a machine is sent: a case of the generated `Event`, with its payload's type.
public struct MachineEvent: Sendable {
    public var name: Located<String>
    public var doc: String?
    /// The type of what the event carries, readable as `payload` by a transition's `data`.
    public var payload: Located<String>?
}

/// What a state does on one event: its transitions, tried in order; the first whose guard holds is taken.
public struct MachineHandler: Sendable {
    public var event: Located<String>
    public var transitions: [MachineTransition]
}

/// A transition: its target, its guard, and the target state's data.
public struct MachineTransition: Sendable {
    /// Where the transition is written (its `to:` or its shorthand target).
    public var location: SourceLocation
    /// The state it goes to (`to:`).
    public var target: Located<String>
    /// A `Bool` expression over the view model's values (`when:`); nil for an unguarded one.
    public var guardCode: Code?
    /// The target state's data (`data:`), each an expression that may read `payload`.
    public var data: [(name: Located<String>, value: Code)] = []
}
