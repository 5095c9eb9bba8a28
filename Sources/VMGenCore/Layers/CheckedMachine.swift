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

    /// The code slot of the guard of `state`'s `position`th transition on `event`.
    public static func guardSlot(_ state: MachineState, _ event: String, _ position: Int) -> CodeSlot {
        .machineGuard(state: state.name.value, event: event, position: position)
    }
}
