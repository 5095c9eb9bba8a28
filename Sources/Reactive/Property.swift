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

    /// A property whose stream is `core`, which a derivation made and feeds (see
    /// ``Property/init(core:observations:keeping:)``).
    @usableFromInline
    init(core: SignalCore<Value, Never>) {
        self.core = core
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

// MARK: - Derived straight from the sources' streams

extension Property {
    /// A derived property whose stream is `core`, fed by `observations` of its sources' streams
    /// (added with `addPrimed`, so the first value came while they were added), keeping alive
    /// `sources`: the derived ones among its sources, each of which feeds it only while it lives.
    ///
    /// No stream stands between a source and `core` (a derivation through a producer had three
    /// between a source and a `combineLatest` property: the producer's start, the serializer, the
    /// joined producer's start; docs/benchmarks.md, "Session 11: the operator graph"). The
    /// observations and the sources are the lifetime of `core`: they go when it ends (its
    /// sources ended) or when this property goes.
    @inlinable
    convenience init(core: SignalCore<Value, Never>, observations: [(any Disposable)?], keeping sources: [AnyObject?]) {
        for observation in observations { core.disposables += observation }
        let sources = sources.compactMap { $0 }
        if !sources.isEmpty {
            // Only kept alive (see `Unchecked`).
            let kept = Unchecked(sources)
            core.disposables += { withExtendedLifetime(kept) {} }
        }
        guard core.current != nil else {
            preconditionFailure("a derived property needs a value from each source as soon as it is made (a source had ended)")
        }
        self.init(storage: MutableProperty(core: core), disposable: core.disposables)
    }

    /// The stream a property derived from this one observes, and what it keeps alive: this
    /// property when it is derived (its sources feed it only while it lives); nothing for a view
    /// of a `MutableProperty` or a constant, whose stream completes when the storage goes.
    @inlinable
    var feed: (core: SignalCore<Value, Never>, kept: AnyObject?) {
        (storage.core, disposable == nil ? nil : self)
    }

    /// A property holding `transform` of the values `source` sends, fed straight from it.
    @inlinable
    convenience init<Source>(
        mapping source: (core: SignalCore<Source, Never>, kept: AnyObject?),
        _ transform: @escaping @Sendable (Source) -> Value
    ) {
        let core = SignalCore<Value, Never>(hasHandle: true)
        let observation = source.core.addPrimed { event in
            switch event {
            case .value(let value): core.send(.value(transform(value)), storing: true)
            case .completed, .interrupted: core.send(.completed)
            }
        }
        self.init(core: core, observations: [observation], keeping: [source.kept])
    }
}

/// What a property made by ``Property/combineLatest(with:)`` accepts for `input`, given its
/// current pair, under its stream's lock: a value replaces its side of the pair. Before the first
/// pair, and for the end of a source, `state` decides (it is read and changed only here, under
/// that lock); a source interrupted completes the property, as a derived property's stream
/// completes when its sources end.
@inlinable
func joined<A, B>(
    _ input: Either<Event<A, Never>, Event<B, Never>>,
    _ current: (A, B)?,
    _ state: Box<PairState<A, B>>
) -> Event<(A, B), Never>? {
    if let current {
        if case .left(.value(let a)) = input { return .value((a, current.1)) }
        if case .right(.value(let b)) = input { return .value((current.0, b)) }
    }
    var made: Event<(A, B), Never>?
    state.value.receive(input) { made = $0 }
    if case .interrupted? = made { return .completed }
    return made
}

// MARK: - Property operators

extension Property {
    /// A property holding `transform` of this property's value, updated on every change.
    @inlinable
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Property<NewValue> {
        Property<NewValue>(mapping: feed, transform)
    }

    /// A property holding both values, updated when either changes.
    ///
    /// The pair is its stream's current value: a value of either side makes the next pair from
    /// it under that stream's lock, so values from two threads are paired in the order they
    /// arrive, without a serializer.
    @inlinable
    public func combineLatest<Other>(with other: Property<Other>) -> Property<(Value, Other)> {
        let core = SignalCore<(Value, Other), Never>(hasHandle: true)
        let state = Box(PairState<Value, Other>())
        let (left, right) = (feed, other.feed)
        let observations: [(any Disposable)?] = [
            left.core.addPrimed { event in core.send(updating: { joined(.left(event), $0, state) }) },
            right.core.addPrimed { event in core.send(updating: { joined(.right(event), $0, state) }) },
        ]
        return Property<(Value, Other)>(core: core, observations: observations, keeping: [left.kept, right.kept])
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
        Property<NewValue>(mapping: (core, nil), transform)
    }
}

// A property crosses isolation domains only when its value may (its state is its core's, behind
// the core's lock).
extension MutableProperty: Sendable where Value: Sendable {}

extension Property: Sendable where Value: Sendable {}
