/// Time in a spec: a derived value or a resource's change reloads held back by `debounce`,
/// `throttle` or `delay` (see `Reactive.Pacer`).
public struct Pacing: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The latest change, once the inputs were quiet for the interval.
        case debounce
        /// At most one change per interval: the first at once, then the latest at the interval's end.
        case throttle
        /// Every change, the interval later.
        case delay
    }

    public var kind: Kind
    /// The interval in seconds, as the spec writes it (`0.3`), for the generated code.
    public var seconds: String
}

extension Resource {
    /// What a failed load does to the value (`valueOnFailure`).
    public enum ValueOnFailure: String, Sendable, CaseIterable {
        /// The last loaded value stays (default).
        case keep
        /// The value becomes nil (seed 001's `catchTo:[RACSignal return:nil]`).
        case clear
    }

    /// What the error does while a new load runs (`errorWhileLoading`).
    public enum ErrorWhileLoading: String, Sendable, CaseIterable {
        /// The error is cleared when a load starts (default).
        case clear
        /// The error stays until the next success or failure (seed 001's `lastError`).
        case keep
    }
}
