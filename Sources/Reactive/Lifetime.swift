/// How long something lives: work tied to a lifetime is disposed when the lifetime ends.
///
/// A started ``SignalProducer`` hands its start closure a lifetime that ends when the produced
/// stream terminates or is disposed. An object gets a lifetime with ``Lifetime/make()``: keep the
/// ``Lifetime/Token`` as a stored property, and the lifetime ends when the object is deinitialized.
public final class Lifetime: Sendable {
    @usableFromInline let disposables: CompositeDisposable

    /// A lifetime that ends when `disposables` is disposed.
    public init(_ disposables: CompositeDisposable) {
        self.disposables = disposables
    }

    /// A lifetime that ends when `token` is deinitialized (or ``Token/dispose()``d).
    public convenience init(_ token: Token) {
        self.init(token.disposables)
    }

    /// A new lifetime and the token that keeps it going; the lifetime ends with the token.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let token = Token()
        return (Lifetime(token), token)
    }

    /// A lifetime that has already ended.
    public static let empty: Lifetime = {
        let disposables = CompositeDisposable()
        disposables.dispose()
        return Lifetime(disposables)
    }()

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { disposables.isDisposed }

    /// Runs `action` when the lifetime ends (at once, if it already has).
    ///
    /// - Returns: a disposable that cancels the observation, or `nil` if the lifetime had ended.
    @discardableResult
    public func observeEnded(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        disposables.add(action)
    }

    /// Disposes `disposable` when the lifetime ends (at once, if it already has).
    @discardableResult
    public func add(_ disposable: (any Disposable)?) -> (any Disposable)? {
        disposables.add(disposable)
    }

    /// Ties `rhs` to `lhs`: it is disposed when the lifetime ends.
    public static func += (lhs: Lifetime, rhs: (any Disposable)?) {
        lhs.disposables.add(rhs)
    }

    /// Keeps a ``Lifetime`` going; the lifetime ends when the token is deinitialized.
    public final class Token: Sendable {
        let disposables = CompositeDisposable()

        /// A new token; get its lifetime with `Lifetime(token)`.
        public init() {}

        /// Ends the lifetime now, before the token is deinitialized.
        public func dispose() { disposables.dispose() }

        deinit { disposables.dispose() }
    }
}
