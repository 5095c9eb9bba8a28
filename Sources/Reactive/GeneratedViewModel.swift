import Observation

/// A generated view model with values, as an app sees it: observable, inspectable by tests
/// (``Inspectable``), and written in transactions, which ``update(_:)`` groups.
@MainActor
public protocol TransactionalViewModel: Inspectable, Observation.Observable {
    /// Runs `body` as one action of the view model's transactions (``GeneratedViewModel`` gives it).
    @_spi(VMGen) func _$transaction(_ body: @escaping () -> Void)
}

extension TransactionalViewModel {
    /// A class that is not generated has no transactions: its body runs at once. Generated view
    /// models take ``GeneratedViewModel``'s, which is more specific. (A public protocol's SPI
    /// requirements need a default in library-evolution builds, docs/runtime.md.)
    @_spi(VMGen) public func _$transaction(_ body: @escaping () -> Void) { body() }

    /// Runs `changes` as one transaction: observers are told about what it wrote once, when it
    /// returns, and never see a state between two of its writes. Called by an observer while
    /// observers are being told about another transaction, it runs right after that one.
    public func update(_ changes: @escaping (Self) -> Void) {
        _$transaction { changes(self) }
    }
}

/// What the runtime's helpers need of a generated view model, so that the class does not write
/// them out: its Observation registrar, and ``Transactional``'s transactions and commit.
///
/// Generated view models declare the conformance in an `@_spi(VMGen)` extension after the class;
/// the requirements' names start with `_$` so that they cannot clash with a spec's names. The
/// helpers are `@inlinable`, so the view model's module specializes them for its own class.
@_spi(VMGen)
@MainActor
public protocol GeneratedViewModel: TransactionalViewModel, Transactional {
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

    /// A write from outside the commit (a setter, a value a pacer lets through): `write`, which writes `value` to the storage, as one action, or, while
    /// observers are being told, right after them. `write` takes the view model
    /// and the value rather than capturing them, so that a setter allocates nothing.
    @inlinable
    public func _$write<Value>(_ value: Value, _ write: @escaping (Self, Value) -> Void) {
        guard _$transactions.begin() else { return _$transactions.later { self._$write(value, write) } }
        write(self, value)
        _$transactions.end(self)
    }

    /// A step of a command's execution (its `perform`, a value or the end of its work) as one
    /// action, followed by `record`, which writes the command's `isExecuting` to the view model's
    /// storage; while observers are being told, right after them.
    @inlinable
    public func _$step(_ step: @escaping () -> Void, record: @escaping (Self) -> Void) {
        guard _$transactions.begin() else { return _$transactions.later { self._$step(step, record: record) } }
        step()
        record(self)
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

    /// The runtime property of the value kept in `stored` (`&_x`), made the first time and kept in
    /// its `mirror`. The access to the storage spans this call, which calls nothing of the view
    /// model's: it reads and sets the mirror and allocates it (docs/runtime.md). It starts from
    /// the value as the last transaction left it (`Stored.committed`): made inside a transaction
    /// that wrote the value, it hears the new value from the commit, once, rather than starting
    /// from it and hearing it again.
    @inlinable
    public func _$property<Value>(_ stored: inout Stored<Value>) -> Property<Value> {
        _$property(stored.committed, of: &stored)
    }

    /// The same for a value computed when read: `current` is its value, computed first when it
    /// was out of date (`_x$fresh()`, evaluated before the access to the storage starts), which
    /// the runtime property starts from.
    @inlinable
    public func _$property<Value>(_ current: Value, of stored: inout Stored<Value>) -> Property<Value> {
        if let mirror = stored.mirror { return Property(mirror) }
        let mirror = MutableProperty(current)
        stored.mirror = mirror
        return Property(mirror)
    }
}
