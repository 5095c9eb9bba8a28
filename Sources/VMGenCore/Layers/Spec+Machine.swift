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
    /// A final state takes no transitions (`final: true`).
    public var isFinal = false
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
