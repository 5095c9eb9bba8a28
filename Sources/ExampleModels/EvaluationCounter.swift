import Reactive

/// Counts how often each named expression is evaluated, so tests can check that a generated
/// view model computes each derived value once per change.
public final class EvaluationCounter: Sendable {
    private let counts = Locked<[String: Int]>([:])

    public init() {}

    /// Counts one evaluation of `name` and returns `value` unchanged.
    public func count<Value>(_ name: String, _ value: Value) -> Value {
        counts.withLock { $0[name, default: 0] += 1 }
        return value
    }

    /// How many times `name` was evaluated since the last `reset()`.
    public func evaluations(of name: String) -> Int {
        counts.withLock { $0[name, default: 0] }
    }

    /// Forgets every count.
    public func reset() {
        counts.withLock { $0.removeAll() }
    }
}
