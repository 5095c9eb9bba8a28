/// What a test can see of a view model's `machine:`: its states, its transitions with their
/// guards, the state it is in, and (through ``MachineTransitions``) which transition each event
/// took. A generated view model with a machine lists it as `_$machine` (``Inspectable``); the
/// explorer reads it for its coverage of states, transitions and guard outcomes.
@_spi(VMGen) @_spi(Testing)
@MainActor
public struct InspectedMachine<Owner: AnyObject> {
    /// The states' names, in the spec's order.
    public let states: [String]
    /// The name of the state `Owner` is in now.
    public let currentState: (Owner) -> String
    /// Every transition, in the spec's order (by state, then trigger, then position); the index
    /// of one is what ``MachineTransitions/taken`` is told.
    public let transitions: [InspectedTransition<Owner>]
    /// Whether work the current state invoked (`invoke:`) is still running.
    public let isWorking: (Owner) -> Bool

    public init(
        states: [String], currentState: @escaping (Owner) -> String, transitions: [InspectedTransition<Owner>],
        isWorking: @escaping (Owner) -> Bool = { _ in false }
    ) {
        self.states = states
        self.currentState = currentState
        self.transitions = transitions
        self.isWorking = isWorking
    }
}

/// One transition of an ``InspectedMachine``: from a state, on a trigger, to a state, with its
/// guard evaluated against the view model's values as they are stored now.
@_spi(VMGen) @_spi(Testing)
@MainActor
public struct InspectedTransition<Owner: AnyObject> {
    /// What causes a transition.
    public enum Trigger: Hashable, Sendable, CustomStringConvertible {
        /// An event sent with `send(_:)`, by its name.
        case event(String)
        /// A timer of the state (`after:`), by its seconds.
        case after(Double)
        /// The state's invoked work completed (`onDone`).
        case done
        /// The state's invoked work failed (`onError`).
        case error

        /// The trigger as a diagram labels its edge: an event's name, `after 5s`, `done`, `error`.
        public var description: String {
            switch self {
            case .event(let name): name
            case .after(let seconds): "after \(seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds))s"
            case .done: "done"
            case .error: "error"
            }
        }
    }

    /// The state it leaves.
    public let from: String
    public let trigger: Trigger
    /// The state it enters.
    public let target: String
    /// Its position among the transitions of `from` on `trigger`, from 0: they are tried in order.
    public let position: Int
    /// Its guard (`when:`) evaluated now, calling the generated guard function with the values
    /// as the view model stores them; nil for a transition without a guard.
    public let guardHolds: ((Owner) -> Bool)?

    public init(from: String, on trigger: Trigger, to target: String, position: Int, when guardHolds: ((Owner) -> Bool)? = nil) {
        self.from = from
        self.trigger = trigger
        self.target = target
        self.position = position
        self.guardHolds = guardHolds
    }

    /// Whether it has a guard.
    public var isGuarded: Bool { guardHolds != nil }

    /// `idle -submit-> loggingIn`.
    public var description: String { "\(from) -\(trigger)-> \(target)" }
}

/// Which transition each event, timer and invoked work's outcome took, for tests: a generated
/// view model reports the index (into its `_$machine`'s transitions) of the transition taken.
///
/// Why a hook on the main actor rather than a record kept by each view model: a view model with
/// a machine pays, per event, one call that reads one static optional and returns when it is nil
/// (no allocation, no storage, nothing in `Transactions`), in debug and release builds alike, and
/// nothing is added to its public API. Only a test that sets ``taken`` (the explorer) pays more.
/// Transitions are reported in the order they are taken (an event that an `entry` sends is
/// taken after the transition that entered it).
@_spi(VMGen) @_spi(Testing)
public enum MachineTransitions {
    /// Called with the view model and the index of the transition taken, after each transition
    /// (of an event, a timer or invoked work); nil (the default) when nobody listens.
    @_spi(Testing) @MainActor public static var taken: ((_ viewModel: AnyObject, _ index: Int) -> Void)?

    /// Tells ``taken`` that `viewModel` took the transition at `index`; nothing when `index` is
    /// nil (no transition: the state does not handle the event, or its guards all failed).
    @MainActor public static func took(_ index: Int?, by viewModel: AnyObject) {
        guard let taken, let index else { return }
        taken(viewModel, index)
    }
}
