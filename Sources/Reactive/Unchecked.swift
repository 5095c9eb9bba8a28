/// Carries a value that is not `Sendable` across a concurrency boundary the runtime has already
/// made safe (events of one stream are delivered one at a time, never concurrently).
@usableFromInline
struct Unchecked<Wrapped>: @unchecked Sendable {
    @usableFromInline var value: Wrapped

    @inlinable
    init(_ value: Wrapped) { self.value = value }
}

/// A weak reference carried into a `@Sendable` closure, for the same uses as ``Unchecked``.
@usableFromInline
struct UncheckedWeak<Object: AnyObject>: @unchecked Sendable {
    @usableFromInline weak var object: Object?

    @inlinable
    init(_ object: Object) { self.object = object }
}

/// A mutable cell for operator state. Only touched from inside one stream's serialized
/// delivery, or under the lock of the stream it feeds, so it needs no lock of its own.
@usableFromInline
final class Box<Wrapped>: @unchecked Sendable {
    @usableFromInline var value: Wrapped

    @inlinable
    init(_ value: Wrapped) { self.value = value }
}

/// `==` for `Value` as a sendable function, for operators that compare values (skipRepeats).
@usableFromInline
func equality<Value: Equatable>(_: Value.Type) -> @Sendable (Value, Value) -> Bool {
    sendable(Unchecked<(Value, Value) -> Bool>(==))
}

/// Wraps a plain two-argument function (pure, thread-safe) as a sendable one.
@usableFromInline
func sendable<A, B, Result>(_ function: Unchecked<(A, B) -> Result>) -> @Sendable (A, B) -> Result {
    { function.value($0, $1) }
}
