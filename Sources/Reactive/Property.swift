/// A thread-safe mutable value whose changes can be observed.
///
/// Setting ``value`` stores the new value and sends it to observers of ``signal`` and of started
/// ``producer``s, atomically with respect to other sets: observers see the values in the order
/// they were stored. For two-phase updates (store several properties silently, then notify), use
/// ``stage(_:)`` and ``publish()``. When the property is deinitialized, its signal completes.
public final class MutableProperty<Value> {
    @usableFromInline let core: SignalCore<Value, Never>

    /// The values set from now on (not the current one). Completes when the property goes away.
    public let signal: Signal<Value, Never>

    /// A property holding `initialValue`.
    public init(_ initialValue: Value) {
        core = SignalCore(hasHandle: true, current: initialValue)
        signal = Signal(core: core)
    }

    deinit { core.send(.completed) }

    /// The current value. Setting it stores the value and notifies observers (even when equal).
    @inlinable
    public var value: Value {
        get { core.current! }
        set { core.send(.value(newValue), storing: true) }
    }

    /// Sends the current value at once, then every later change.
    ///
    /// The current value and the changes are joined without a gap or reordering even while other
    /// threads set the property: a change made while the current value is being delivered follows it.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        SignalProducer { [core] observer, lifetime in
            lifetime += core.addPrimed(observer.action)
        }
    }

    /// Stores `newValue` without notifying anyone; call ``publish()`` afterwards.
    /// - Returns: `true` (the value was stored).
    @inlinable @discardableResult
    public func stage(_ newValue: Value) -> Bool {
        core.withCurrent { $0 = newValue }
        return true
    }

    /// Sends the current value to observers (after one or more ``stage(_:)`` calls).
    @inlinable
    public func publish() {
        core.publishCurrent()
    }

    /// Changes the value in place and then notifies observers; returns what `body` returns.
    ///
    /// The change itself is atomic; the notification sends the value current at that moment.
    @discardableResult
    public func modify<Result>(_ body: (inout Value) -> Result) -> Result {
        let result = core.withCurrent { current -> Result in
            var value = current!
            defer { current = value }
            return body(&value)
        }
        core.publishCurrent()
        return result
    }

    /// Stores `newValue`, notifies observers, and returns the previous value.
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        let old = core.withCurrent { current -> Value in
            defer { current = newValue }
            return current!
        }
        core.publishCurrent()
        return old
    }
}

extension MutableProperty where Value: Equatable {
    /// Stores `newValue` without notifying anyone, unless it equals the current value.
    /// - Returns: `false` (and stores nothing) when `newValue` equals the current value.
    @inlinable @discardableResult
    public func stage(_ newValue: Value) -> Bool {
        core.withCurrent { current in
            if current == newValue { return false }
            current = newValue
            return true
        }
    }
}

/// A read-only view of a value that changes over time: a ``MutableProperty``, a constant, or a
/// value derived from other properties or a producer.
///
/// A derived property keeps its sources observed for as long as it lives.
public final class Property<Value> {
    @usableFromInline let storage: MutableProperty<Value>
    /// The subscription to the sources of a derived property (`nil` for other kinds).
    @usableFromInline let disposable: (any Disposable)?
    /// Whether the value never changes (``init(value:)``: nothing else can reach its storage).
    @usableFromInline let isConstant: Bool

    @usableFromInline
    init(storage: MutableProperty<Value>, disposable: (any Disposable)?, isConstant: Bool = false) {
        self.storage = storage
        self.disposable = disposable
        self.isConstant = isConstant
    }

    deinit { disposable?.dispose() }

    /// A read-only view of `property`.
    public convenience init(_ property: MutableProperty<Value>) {
        self.init(storage: property, disposable: nil)
    }

    /// A property that always holds `value`.
    public convenience init(value: Value) {
        self.init(storage: MutableProperty(value), disposable: nil, isConstant: true)
    }

    /// A property that holds `initial` until `values` sends, and then each value it sends.
    ///
    /// The property's signal completes when `values` ends.
    public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
        let storage = MutableProperty(initial)
        let core = storage.core
        let disposable = values.start { event in
            switch event {
            case .value(let value): core.send(.value(value), storing: true)
            case .completed, .interrupted: core.send(.completed)
            }
        }
        self.init(storage: storage, disposable: disposable)
    }

    /// A property that holds `initial` until `values` sends, and then each value it sends.
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(initial: initial, then: SignalProducer(values))
    }

    /// A property made from a producer that sends its first value synchronously when started (the
    /// `producer` of another property, transformed). Traps if the first value does not come at once.
    @inlinable
    public convenience init(deriving producer: SignalProducer<Value, Never>) {
        let cell = Box<MutableProperty<Value>?>(nil)
        let disposable = producer.start { event in
            switch event {
            case .value(let value):
                if let storage = cell.value {
                    storage.value = value
                } else {
                    cell.value = MutableProperty(value)
                }
            case .completed, .interrupted:
                cell.value?.core.send(.completed)
            }
        }
        guard let storage = cell.value else {
            preconditionFailure("Property(deriving:) needs a producer that sends a value as soon as it starts")
        }
        self.init(storage: storage, disposable: disposable)
    }

    /// The current value.
    @inlinable
    public var value: Value { storage.value }

    /// The changes from now on (not the current value). Completes when the sources of a derived
    /// property end. Observing a derived property keeps it (and its sources) alive.
    @inlinable
    public var signal: Signal<Value, Never> {
        guard disposable != nil else { return storage.signal }
        // A view of the storage's own observer list (no stream in between). Each observer keeps
        // the property until it is disposed or the storage's stream ends (not for as long as
        // someone holds its disposable).
        let core = storage.core
        // Captured only to be kept alive (see `Unchecked`).
        let property = Unchecked(self)
        return Signal(attach: { observer in
            let action = observer.action
            let kept = Locked<Property?>(property.value)
            let release: @Sendable () -> Void = {
                let property = kept.withLock { kept in
                    defer { kept = nil }
                    return kept
                }
                withExtendedLifetime(property) {}
            }
            guard let entry = core.add({ event in
                if event.isTerminating { release() }
                action(event)
            }) else {
                release()
                action(.interrupted)
                return nil
            }
            return AnyDisposable {
                entry.dispose()
                release()
            }
        })
    }

    /// The current value, then every change. A started producer of a derived property keeps the
    /// property (and its sources) alive until it is disposed or the sources end.
    @inlinable
    public var producer: SignalProducer<Value, Never> {
        guard disposable != nil else { return storage.producer }
        // The storage's own observer list, primed: no stream in between.
        let core = storage.core
        // Captured only to be kept alive (see `Unchecked`).
        let property = Unchecked(self)
        return SignalProducer { observer, lifetime in
            lifetime += core.addPrimed(observer.action)
            lifetime.observeEnded { withExtendedLifetime(property) {} }
        }
    }
}

// MARK: - Property operators

extension Property {
    /// A property holding `transform` of this property's value, updated on every change.
    @inlinable
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Property<NewValue> {
        Property<NewValue>(deriving: producer.map(transform))
    }

    /// A property holding both values, updated when either changes.
    @inlinable
    public func combineLatest<Other>(with other: Property<Other>) -> Property<(Value, Other)> {
        Property<(Value, Other)>(deriving: SignalProducer.combineLatest(producer, other.producer))
    }

    /// A property holding both values, paired in order: the n-th value of each side together.
    public func zip<Other>(with other: Property<Other>) -> Property<(Value, Other)> {
        Property<(Value, Other)>(deriving: SignalProducer.zip(producer, other.producer))
    }

    /// A property that keeps the current value when a new one is a repeat according to `isEquivalent`.
    public func skipRepeats(_ isEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> Property<Value> {
        Property(deriving: producer.skipRepeats(isEquivalent))
    }

    /// A property holding the values of `a` and `b`, updated when either changes.
    public static func combineLatest<A, B>(_ a: Property<A>, _ b: Property<B>) -> Property<(A, B)> where Value == (A, B) {
        a.combineLatest(with: b)
    }

    /// A property holding the values of `a`, `b` and `c`, updated when any changes.
    public static func combineLatest<A, B, C>(
        _ a: Property<A>, _ b: Property<B>, _ c: Property<C>
    ) -> Property<(A, B, C)> where Value == (A, B, C) {
        Property(deriving: SignalProducer.combineLatest(a.producer, b.producer, c.producer))
    }
}

extension Property where Value: Equatable {
    /// A property that sends only when the value actually changes.
    public func skipRepeats() -> Property<Value> {
        skipRepeats(equality(Value.self))
    }
}

extension Property where Value == Bool {
    /// A property holding the opposite value.
    public func negate() -> Property<Bool> {
        map { !$0 }
    }

    /// A property that is true while both are true.
    public func and(_ other: Property<Bool>) -> Property<Bool> {
        combineLatest(with: other).map { $0 && $1 }
    }

    /// A property that is true while either is true.
    public func or(_ other: Property<Bool>) -> Property<Bool> {
        combineLatest(with: other).map { $0 || $1 }
    }
}

extension MutableProperty {
    /// A property holding `transform` of this property's value, updated on every change.
    @inlinable
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Property<NewValue> {
        Property<NewValue>(deriving: producer.map(transform))
    }
}

// A property crosses isolation domains only when its value may (its state is its core's, behind
// the core's lock).
extension MutableProperty: Sendable where Value: Sendable {}

extension Property: Sendable where Value: Sendable {}
