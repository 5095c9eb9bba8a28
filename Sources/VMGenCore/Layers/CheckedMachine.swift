/// A machine, checked: the entry as the spec writes it (its fields read through this type:
/// `initial`, `states`, `events`), with the facts the checker decides once.
@dynamicMemberLookup
public struct CheckedMachine: Sendable {
    let entry: Machine
    /// For each command that sends an event (`send:`), the event.
    public var sentEvents: [String: String]
    /// Whether `State` is `Equatable`: every piece of data has a type known to be
    /// (`SpecTypeFacts.isKnownEquatable`, naming none of the spec's own names). Then a transition
    /// to the same state with the same data is no change of `state`. Those types (the standard
    /// library's scalars, and optionals, arrays and dictionaries of them) are `Sendable` too, so
    /// `State` is then `Sendable` as well.
    public var isEquatable: Bool

    public subscript<Field>(dynamicMember field: KeyPath<Machine, Field>) -> Field { entry[keyPath: field] }

    /// The name of the value that holds the state, and of the method that sends an event.
    public static let stateName = "state"
    public static let sendName = "send"

    /// The event named `name`.
    public func event(_ name: String) -> MachineEvent? { entry.events.first { $0.name.value == name } }

    /// The state named `name`.
    public func state(_ name: String) -> MachineState? { entry.states.first { $0.name.value == name } }

    /// The code slot of the guard of `state`'s `position`th transition on `trigger`.
    public static func guardSlot(_ state: MachineState, _ trigger: MachineTrigger, _ position: Int) -> CodeSlot {
        .machineGuard(state: state.name.value, event: trigger.nameFragment, position: position)
    }

    /// Whether some state runs timers or invoked work: then the view model holds a `StateWork`.
    public var hasWork: Bool { entry.states.contains(where: \.hasWork) }
}

/// What takes a state's transitions: an event it is sent, one of its timers (`after:`), or the
/// outcome of its invoked work (`invoke:`'s `onDone` and `onError`). Every consumer (the
/// checker, the translator, `vmgen graph --machine`, the language server) reads this one fact.
public enum MachineTrigger: Sendable, Hashable {
    /// An event of the machine, by name (`on:`).
    case event(String)
    /// The `index`th delay of the state's `after:`, with its seconds as Swift writes them.
    case after(index: Int, seconds: String)
    /// The invoked work completed (`onDone`).
    case done
    /// The invoked work failed (`onError`).
    case error

    /// How messages name it after "on": `submit`, `after 5`, `onDone`, `onError`.
    public var label: String {
        switch self {
        case .event(let name): name
        case .after(_, let seconds): "after \(seconds)"
        case .done: "onDone"
        case .error: "onError"
        }
    }

    /// The part of generated names (guards, data) that stands for it: the event's name,
    /// `after$1`, `invoke$done`, `invoke$error` (`$` keeps them apart from any event's name).
    public var nameFragment: String {
        switch self {
        case .event(let name): name
        case .after(let index, _): "after$\(index + 1)"
        case .done: "invoke$done"
        case .error: "invoke$error"
        }
    }
}

/// One trigger of a state and its transitions, tried in order.
public struct MachineTriggered: Sendable {
    public var trigger: MachineTrigger
    /// Where the trigger is written (the event's key under `on:`, the delay, `onDone:`, `onError:`).
    public var location: SourceLocation
    public var transitions: [MachineTransition]
}

extension MachineState {
    /// Every trigger of the state with its transitions: its events in spec order, then its
    /// delays, then its invoked work's outcomes.
    public var triggered: [MachineTriggered] {
        handlers.map { MachineTriggered(trigger: .event($0.event.value), location: $0.event.location, transitions: $0.transitions) }
            + delays.enumerated().map { index, delay in
                MachineTriggered(trigger: .after(index: index, seconds: delay.seconds), location: delay.key.location, transitions: delay.transitions)
            }
            + [invoke?.onDone.map { MachineTriggered(trigger: .done, location: $0.key, transitions: $0.transitions) },
               invoke?.onError.map { MachineTriggered(trigger: .error, location: $0.key, transitions: $0.transitions) }].compactMap { $0 }
    }

    /// Whether the state runs something while the view model is in it: timers or invoked work.
    public var hasWork: Bool { !delays.isEmpty || invoke != nil }
}
