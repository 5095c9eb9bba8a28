/// Something that can be cancelled or released once, from any thread.
///
/// `dispose()` is idempotent: the second and later calls do nothing.
public protocol Disposable: AnyObject, Sendable {
    /// Whether `dispose()` has been called (or the work ended on its own, for some disposables).
    var isDisposed: Bool { get }
    /// Cancels the work or releases the resource. Safe to call more than once and from any thread.
    func dispose()
}

/// A disposable that runs an action the first time it is disposed.
public final class AnyDisposable: Disposable {
    /// The action still to run (`nil` once run, or for a disposable without one) and whether
    /// `dispose()` was called; one lock for both, so exactly one `dispose()` takes the action.
    private let state: Locked<(action: (@Sendable () -> Void)?, disposed: Bool)>

    /// A disposable that runs `action` once, on the first `dispose()`.
    public init(_ action: @escaping @Sendable () -> Void) {
        state = Locked((action, false))
    }

    /// A disposable with no action; it only records that it was disposed.
    public init() {
        state = Locked((nil, false))
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.disposed } }

    /// Runs the action (only the first time), outside the lock.
    public func dispose() {
        let action = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.disposed else { return nil }
            state.disposed = true
            defer { state.action = nil }
            return state.action
        }
        action?()
    }
}

/// What a started producer returns once its work is over: already disposed, and disposing it
/// does nothing.
@usableFromInline
final class EndedDisposable: Disposable {
    @usableFromInline static let shared = EndedDisposable()

    @usableFromInline var isDisposed: Bool { true }

    @usableFromInline func dispose() {}
}

/// A bag of disposables disposed together: in the order they were added, exactly once.
///
/// Adding to a composite that is already disposed disposes the addition at once.
public final class CompositeDisposable: Disposable {
    private let items: Locked<[any Disposable]?>

    /// An empty composite.
    public init() {
        items = Locked([])
    }

    /// A composite holding `disposables`.
    public init(_ disposables: [any Disposable]) {
        items = Locked(disposables)
    }

    /// Whether the composite was disposed.
    public var isDisposed: Bool { items.withLock { $0 == nil } }

    /// Disposes every disposable added so far, in the order they were added.
    public func dispose() {
        let taken = items.withLock { items in
            defer { items = nil }
            return items
        }
        taken?.forEach { $0.dispose() }
    }

    /// Adds `disposable` (nothing when `nil`).
    ///
    /// - Returns: a handle that removes `disposable` from the composite without disposing it, or
    ///   `nil` when the composite was already disposed (`disposable` is disposed at once then).
    @discardableResult
    public func add(_ disposable: (any Disposable)?) -> (any Disposable)? {
        guard let disposable else { return nil }
        let added = items.withLock { items -> Bool in
            guard items != nil else { return false }
            items!.append(disposable)
            return true
        }
        guard added else {
            disposable.dispose()
            return nil
        }
        return AnyDisposable { [weak self] in self?.remove(disposable) }
    }

    /// Adds an action run when the composite is disposed (at once when it already was).
    @discardableResult
    public func add(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        add(AnyDisposable(action))
    }

    private func remove(_ disposable: any Disposable) {
        let removed = items.withLock { items -> (any Disposable)? in
            guard let index = items?.firstIndex(where: { $0 === disposable }) else { return nil }
            return items!.remove(at: index)
        }
        withExtendedLifetime(removed) {}
    }

    /// Adds `rhs` to `lhs`; the same as `lhs.add(rhs)` without the handle.
    public static func += (lhs: CompositeDisposable, rhs: (any Disposable)?) {
        lhs.add(rhs)
    }

    /// Adds an action run when `lhs` is disposed.
    public static func += (lhs: CompositeDisposable, rhs: @escaping @Sendable () -> Void) {
        lhs.add(rhs)
    }
}

/// Holds one disposable at a time: setting a new `inner` disposes the previous one.
///
/// Once the serial disposable itself is disposed, anything assigned to `inner` is disposed at once.
public final class SerialDisposable: Disposable {
    private struct State {
        var inner: (any Disposable)?
        var isDisposed = false
    }

    private let state: Locked<State>

    /// A serial disposable holding `inner`.
    public init(_ inner: (any Disposable)? = nil) {
        state = Locked(State(inner: inner))
    }

    /// Whether the serial disposable was disposed.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The current disposable. Setting it disposes the previous one (after the swap, outside the lock).
    public var inner: (any Disposable)? {
        get { state.withLock { $0.inner } }
        set {
            let (old, disposeNew) = state.withLock { state -> ((any Disposable)?, Bool) in
                if state.isDisposed { return (nil, true) }
                defer { state.inner = newValue }
                return (state.inner, false)
            }
            if old !== newValue { old?.dispose() }
            if disposeNew { newValue?.dispose() }
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let old = state.withLock { state -> (any Disposable)? in
            state.isDisposed = true
            defer { state.inner = nil }
            return state.inner
        }
        old?.dispose()
    }
}

/// Disposes the wrapped disposable when the scoped disposable is deinitialized.
public final class ScopedDisposable<Inner: Disposable>: Disposable {
    /// The disposable disposed at the end of this object's life.
    public let inner: Inner

    /// Ties `inner` to the lifetime of the new object.
    public init(_ inner: Inner) {
        self.inner = inner
    }

    /// Whether `inner` was disposed.
    public var isDisposed: Bool { inner.isDisposed }

    /// Disposes `inner` now.
    public func dispose() { inner.dispose() }

    deinit { inner.dispose() }
}

extension ScopedDisposable where Inner == CompositeDisposable {
    /// Adds `rhs` to the wrapped composite.
    public static func += (lhs: ScopedDisposable<CompositeDisposable>, rhs: (any Disposable)?) {
        lhs.inner.add(rhs)
    }
}
