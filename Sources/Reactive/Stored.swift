/// One value of a generated view model, in one stored property: the value, the value from
/// before the transaction that wrote it, the runtime property that mirrors it once someone asked
/// for one, and whether a getter ever read it (only then may Observation track it).
///
/// The change rules are picked by the value's static type (below). Every method is
/// `@inlinable` and calls nothing that could reach the view model: an access of a view model's
/// `Stored` property never spans a call, so Swift proves in a release build that no two of them
/// overlap and checks none at run time (docs/benchmarks.md, "Exclusivity checks"). That is why
/// the mirror is created, staged and published by the view model (`GeneratedViewModel`), never
/// inside a mutating method here.
@_spi(VMGen)
public struct Stored<Value> {
    /// The current value: the single source of truth.
    public var value: Value
    /// The value from before the transaction; nil when the transaction did not write it.
    public var before: Value?
    /// The runtime property, once asked for; staged and published by the commit from then on.
    public var mirror: MutableProperty<Value>?
    /// Whether a getter read the value: from then on a change of it is told to Observation.
    public var isRead = false
    /// Whether the value changed since its observers were last told: set by the change rules
    /// below when they find a change, taken by ``pending(_:)`` when the observers are told.
    public var isPending = false
    /// Whether ``value`` is out of date: a value computed when read (docs/spec-format.md,
    /// "Values computed when read") whose inputs changed while nobody watched it. Whoever reads it next
    /// computes it first (``refresh(_:)``).
    public var isStale = false

    @inlinable
    public init(_ value: Value) {
        self.value = value
    }

    /// The value, for a getter of `owner`: marks it read, unless an action of `owner`'s
    /// transactions is running (its own statements, `update { }`): what an action reads is no read
    /// that Observation may track (``GeneratedViewModel/_$read(_:_:)`` does not record it).
    @MainActor
    @inlinable
    public mutating func read(by owner: some GeneratedViewModel) -> Value {
        if !owner._$transactions.isInAction { isRead = true }
        return value
    }

    /// Whether someone may see the value change: a getter read it (Observation may track it) or
    /// its runtime property exists. A value computed when read is computed in the commit only then.
    @inlinable
    public var isWatched: Bool {
        if isRead { return true }
        if case .some = mirror { return true }
        return false
    }

    /// The value as the last transaction left it: inside a transaction that wrote it, the value
    /// from before the transaction; otherwise (and once the commit took the write) ``value``.
    @inlinable
    public var committed: Value {
        if case .some(let old) = before { return old }
        return value
    }

    /// Marks the value out of date instead of computing it again (nobody watches it): the
    /// commit counts that as a change, so that what reads it is computed again too.
    @inlinable
    public mutating func markStale() -> Bool {
        isStale = true
        return true
    }

    /// Stores the value of an out-of-date value, computed on a read.
    @inlinable
    public mutating func refresh(_ newValue: Value) {
        value = newValue
        isStale = false
    }

    /// A write of a transaction: the first one keeps the value from before it.
    @inlinable
    public mutating func write(_ newValue: Value) {
        if case .none = before { before = value }
        value = newValue
    }

    /// Keeps the value from before the transaction, before code writes ``value`` directly (a
    /// reaction, which takes it `inout`).
    @inlinable
    public mutating func willWrite() {
        if case .none = before { before = value }
    }

    /// Whether the value is pending (it changed since its observers were last told); after the
    /// pass that tells them (`telling`), it no longer is.
    @inlinable
    public mutating func pending(_ telling: Bool) -> Bool {
        defer { if telling { isPending = false } }
        return isPending
    }

    /// Marks a change found by a rule: the value is pending until its observers are told.
    @inlinable
    public mutating func pend(_ changed: Bool) -> Bool {
        if changed { isPending = true }
        return changed
    }

    /// Whether the value written in this transaction changed; forgets the value from before.
    /// A value that is neither `Equatable` nor optional changed when it was written.
    @inlinable
    public mutating func changed() -> Bool {
        defer { before = nil }
        return pend(before != nil)
    }

    /// Stores a value computed again and tells whether that is a change: for a value that is
    /// neither `Equatable` nor optional, always.
    @inlinable
    public mutating func replace(_ newValue: Value) -> Bool {
        store(newValue, changed: true)
    }

    /// Stores `newValue`; a change (`changed`) is pending until its observers are told.
    @inlinable
    public mutating func store(_ newValue: Value, changed: Bool) -> Bool {
        value = newValue
        return pend(changed)
    }
}

// The change rules by the value's static type. Overloads of members that differ only in their
// constraints are ranked by the constraints, so each rule is an extension constrained by a protocol
// (a same-type constraint such as `Value == Wrapped?` would not be preferred).

extension Stored where Value: Equatable {
    /// An `Equatable` value changed when it differs from its value before the transaction.
    @inlinable
    public mutating func changed() -> Bool { changedWhenUnequal() }

    @inlinable
    public mutating func replace(_ newValue: Value) -> Bool { replacedWhenUnequal(newValue) }

    /// The rules of `Equatable` values, which the optional ones that are `Equatable` share.
    @inlinable
    public mutating func changedWhenUnequal() -> Bool {
        defer { before = nil }
        guard case .some(let old) = before else { return false }
        return pend(old != value)
    }

    @inlinable
    public mutating func replacedWhenUnequal(_ newValue: Value) -> Bool {
        value == newValue ? false : store(newValue, changed: true)
    }
}

extension Stored where Value: OptionalValue {
    /// An optional value that is not `Equatable` (such as `(any Error)?`) changed when it was
    /// written, unless it was nil before and is nil after: each new error is a change, even one
    /// that looks like the last.
    @inlinable
    public mutating func changed() -> Bool {
        defer { before = nil }
        guard case .some(let old) = before else { return false }
        return pend(!old.isNil || !value.isNil)
    }

    @inlinable
    public mutating func replace(_ newValue: Value) -> Bool {
        store(newValue, changed: !value.isNil || !newValue.isNil)
    }
}

extension Stored where Value: OptionalValue & Equatable {
    @inlinable
    public mutating func changed() -> Bool { changedWhenUnequal() }

    @inlinable
    public mutating func replace(_ newValue: Value) -> Bool { replacedWhenUnequal(newValue) }
}

/// An optional, whatever it wraps: what ``Stored``'s rule for optionals needs to know.
@_spi(VMGen)
public protocol OptionalValue {
    var isNil: Bool { get }
}

@_spi(VMGen)
extension Optional: OptionalValue {
    @inlinable
    public var isNil: Bool {
        if case .none = self { return true }
        return false
    }
}

extension Stored: Sendable where Value: Sendable {}
