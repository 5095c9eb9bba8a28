/// The change rules of a transaction, for code that stages writes in plain stored properties and
/// tells observers once at the end (generated view models).
///
/// What counts as a change:
/// - an `Equatable` value changed when it differs (`!=`) from its value before the transaction;
/// - any other optional value (such as `(any Error)?`) changed when it was written, unless it was
///   nil before and is nil after: each new error is a change, even one that looks like the last;
/// - any other value changed when it was written.
///
/// Overloads pick the rule from the static type; they are `@inlinable`, so callers specialize them.
@_spi(VMGen)
public enum Staging {
    /// Writes `newValue` into `value`; the first write of a transaction keeps the value from before
    /// it in `before` (nil means "not written in this transaction").
    @inlinable
    public static func write<Value>(_ value: inout Value, _ newValue: Value, before: inout Value?) {
        if case .none = before { before = value }
        value = newValue
    }

    /// Whether a value written in this transaction (`before` not nil) changed; clears `before`.
    @inlinable
    public static func changed<Value>(_ value: Value, before: inout Value?) -> Bool {
        defer { before = nil }
        return before != nil
    }

    @inlinable
    public static func changed<Value: Equatable>(_ value: Value, before: inout Value?) -> Bool {
        defer { before = nil }
        guard case .some(let old) = before else { return false }
        return old != value
    }

    @inlinable
    public static func changed<Wrapped>(_ value: Wrapped?, before: inout Wrapped??) -> Bool {
        defer { before = nil }
        guard case .some(let old) = before else { return false }
        return old != nil || value != nil
    }

    @inlinable
    public static func changed<Wrapped: Equatable>(_ value: Wrapped?, before: inout Wrapped??) -> Bool {
        defer { before = nil }
        guard case .some(let old) = before else { return false }
        return old != value
    }

    /// Gives a value that changed to its runtime property, if it has one, without telling
    /// anyone, and returns `true`: the value is pending, its observers are told at the end of
    /// the commit (`_x$pending = Staging.pend(_x, to: _x$mirror)`). The flag is assigned, not
    /// passed `inout`, so that no access to the view model's storage spans the call to the
    /// property: Swift then proves the view model's accesses never overlap and checks none at
    /// run time.
    @inlinable
    public static func pend<Value>(_ value: Value, to mirror: MutableProperty<Value>?) -> Bool {
        mirror?.stage(value)
        return true
    }

    /// Whether a value is pending (changed since its observers were last told); clears the mark.
    @inlinable
    public static func take(_ pending: inout Bool) -> Bool {
        defer { pending = false }
        return pending
    }

    /// Stores a freshly computed `newValue` in `value` and tells whether that is a change.
    @inlinable
    public static func replace<Value>(_ value: inout Value, with newValue: Value) -> Bool {
        value = newValue
        return true
    }

    @inlinable
    public static func replace<Value: Equatable>(_ value: inout Value, with newValue: Value) -> Bool {
        if value == newValue { return false }
        value = newValue
        return true
    }

    @inlinable
    public static func replace<Wrapped>(_ value: inout Wrapped?, with newValue: Wrapped?) -> Bool {
        let changed = value != nil || newValue != nil
        value = newValue
        return changed
    }

    @inlinable
    public static func replace<Wrapped: Equatable>(_ value: inout Wrapped?, with newValue: Wrapped?) -> Bool {
        if value == newValue { return false }
        value = newValue
        return true
    }
}
