import Observation

/// What the runtime's helpers need of a generated view model, so that the class does not write
/// them out: its Observation registrar, and ``Transactional``'s transactions and commit.
///
/// Generated view models declare the conformance in an `@_spi(VMGen)` extension after the class;
/// the requirements' names start with `_$` so that they cannot clash with a spec's names. The
/// helpers are `@inlinable`, so the view model's module specializes them for its own class.
@_spi(VMGen)
@MainActor
public protocol GeneratedViewModel: Transactional, Observation.Observable {
    /// The registrar that the getters record reads with, and the commit tells changes to.
    var _$observationRegistrar: ObservationRegistrar { get }
}

extension GeneratedViewModel {
    /// A getter: records the read of `keyPath` for Observation and returns `value`, which the
    /// getter took with ``Stored/read(by:)`` (before this call, so that no access of the storage
    /// spans the registrar's call). A read made inside an action of the view model's transactions
    /// (its own statements, `update { }`) is not recorded: what a view depends on is what it
    /// reads, not what its actions read.
    @inlinable
    public func _$read<Value>(_ keyPath: KeyPath<Self, Value>, _ value: Value) -> Value {
        if !_$transactions.isInAction { _$observationRegistrar.access(self, keyPath: keyPath) }
        return value
    }

    /// Runs `body` as one action, or, while observers are being told, right after them.
    @inlinable
    public func _$transaction(_ body: @escaping () -> Void) {
        guard _$transactions.begin() else { return _$transactions.later { self._$transaction(body) } }
        body()
        _$transactions.end(self)
    }

    /// Runs `step` as one action once what the transaction under way wrote is computed again,
    /// before observers are told, so that it reads every value, derived ones and enabled states
    /// included, as they are now; outside a transaction, at once. A machine's transitions and
    /// `entry` statements run this way: a `send(_:)` in the middle of statements, or an `entry`
    /// that starts a command the new state enables, sees the transaction's writes and what they
    /// change. Steps asked for by a step run after it, in order, in the same transaction.
    @inlinable
    public func _$whenComputed(_ step: @escaping () -> Void) {
        _$transactions.emit { self._$transaction(step) }
    }

    /// ``_$whenComputed(_:)`` for a step that belongs to the one running: it runs next, before the
    /// steps asked for earlier (a machine's `entry`, after its transition).
    @inlinable
    public func _$nextWhenComputed(_ step: @escaping () -> Void) {
        _$transactions.emitNext { self._$transaction(step) }
    }

    /// A value that changed in the commit, in one pass of ``Transactional/_$notify(_:)``: first
    /// (`telling` false) its runtime property takes the new value, so that every observer reads
    /// current ones; then (`telling` true) Observation is told unless the value was never read
    /// (nothing can track it then), and the runtime property's observers.
    ///
    /// `keyPath` is an autoclosure so that the key path is made only when Observation is told: made
    /// at the call, it cost every changed value a key path in both passes (W8B, docs/benchmarks.md).
    @inlinable
    public func _$changed<Value>(
        _ keyPath: @autoclosure () -> KeyPath<Self, Value>, _ stored: Stored<Value>, _ telling: Bool
    ) {
        guard telling else {
            stored.mirror?.stage(stored.value)
            return
        }
        if stored.isRead { _$observationRegistrar.withMutation(of: self, keyPath: keyPath()) {} }
        stored.mirror?.publish()
    }

    /// The same for a value that has no property of its own, only a runtime property (a
    /// command's condition, which its `enabledIf` reads).
    @inlinable
    public func _$changed<Value>(_ stored: Stored<Value>, _ telling: Bool) {
        if telling {
            stored.mirror?.publish()
        } else {
            stored.mirror?.stage(stored.value)
        }
    }

    /// The runtime property of `stored`, made the first time and handed to `keep`, which stores
    /// it (`{ self._x.mirror = $0 }`): a statement of its own, so that no access of the view
    /// model's storage spans the allocation. It starts from the value as the last transaction
    /// left it (`Stored.committed`): made inside a transaction that wrote the value, it hears the
    /// new value from the commit, once, rather than starting from it and hearing it again.
    @inlinable
    public func _$property<Value>(
        _ stored: Stored<Value>, keep: (MutableProperty<Value>) -> Void
    ) -> Property<Value> {
        _$property(stored.committed, of: stored, keep: keep)
    }

    /// The same for a value computed when read: `current` is its value, computed first when it
    /// was out of date (`_x$fresh()`, evaluated before `stored` is read), which the runtime
    /// property starts from.
    @inlinable
    public func _$property<Value>(
        _ current: Value, of stored: Stored<Value>, keep: (MutableProperty<Value>) -> Void
    ) -> Property<Value> {
        if let mirror = stored.mirror { return Property(mirror) }
        let mirror = MutableProperty(current)
        keep(mirror)
        return Property(mirror)
    }
}
