/// One thing that happens on a ``Signal`` or a started ``SignalProducer``.
///
/// A stream sends any number of `value` events followed by at most one terminal event
/// (`failed`, `completed` or `interrupted`). After a terminal event nothing more is delivered.
public enum Event<Value, Failure: Error> {
    /// A new value.
    case value(Value)
    /// The stream ended with an error.
    case failed(Failure)
    /// The stream ended successfully.
    case completed
    /// The stream was cancelled (disposed) before it could end on its own.
    case interrupted

    /// Whether this event ends the stream (anything but `value`).
    @inlinable
    public var isTerminating: Bool {
        if case .value = self { return false }
        return true
    }

    /// The value carried by a `value` event, otherwise `nil`.
    @inlinable
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// The error carried by a `failed` event, otherwise `nil`.
    @inlinable
    public var error: Failure? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// The same event with its value transformed; terminal events are passed through.
    @inlinable
    public func map<NewValue>(_ transform: (Value) throws(Never) -> NewValue) -> Event<NewValue, Failure> {
        switch self {
        case .value(let value): .value(transform(value))
        case .failed(let error): .failed(error)
        case .completed: .completed
        case .interrupted: .interrupted
        }
    }

    /// The value of a `value` event; for a terminal event, nil once it is sent on to `send` (the
    /// input of a stream of other values): how an operator that works on values forwards the end.
    @inlinable
    func value<NewValue>(orSendingTerminalTo send: (Event<NewValue, Failure>) -> Void) -> Value? {
        switch self {
        case .value(let value): return value
        case .failed(let error): send(.failed(error))
        case .completed: send(.completed)
        case .interrupted: send(.interrupted)
        }
        return nil
    }

    /// The same event with its error transformed; other events are passed through.
    @inlinable
    public func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> Event<Value, NewFailure> {
        switch self {
        case .value(let value): .value(value)
        case .failed(let error): .failed(transform(error))
        case .completed: .completed
        case .interrupted: .interrupted
        }
    }
}

extension Event: Sendable where Value: Sendable, Failure: Sendable {}
extension Event: Equatable where Value: Equatable, Failure: Equatable {}

extension Event: CustomStringConvertible {
    /// A short description such as `value(3)` or `completed`, used by `logEvents`.
    public var description: String {
        switch self {
        case .value(let value): "value(\(value))"
        case .failed(let error): "failed(\(error))"
        case .completed: "completed"
        case .interrupted: "interrupted"
        }
    }
}
