/// A cold stream: a recipe that does its work anew each time it is started, once per observer.
///
/// Starting a producer runs its start closure with an observer and a ``Lifetime``; the lifetime
/// ends when the started stream terminates or the disposable returned by ``start(_:)-(Observer)``
/// is disposed. Disposing a started producer sends `interrupted` to its observer (unless it had
/// already ended) and then ends the lifetime, which cancels the work.
public struct SignalProducer<Value, Failure: Error>: Sendable {
    /// The observer type a start closure sends into.
    public typealias Observer = Signal<Value, Failure>.Observer

    /// The start closure of an ordinary producer (`nil` for an immediate one, see `startHandler`).
    @usableFromInline let handler: (@Sendable (Observer, Lifetime) -> Void)?
    /// For a producer whose whole work happens during its start (an immediate command's
    /// execution): runs it, delivering each event straight to the function it is given, one at a
    /// time and nothing after the terminal one, and returns what interrupts it (an ended
    /// disposable once the work is over). ``start(_:)-(Event)`` then needs no stream of its own.
    @usableFromInline let immediate: (@Sendable (@escaping @Sendable (Event<Value, Failure>) -> Void) -> any Disposable)?

    /// What a start runs with an observer and a lifetime: the start closure, or for an immediate
    /// producer its work delivering to the observer (made only when needed, so an immediate
    /// producer allocates no start closure of its own).
    @inlinable
    var startHandler: @Sendable (Observer, Lifetime) -> Void {
        if let handler { return handler }
        let immediate = self.immediate!
        return { observer, lifetime in
            lifetime += immediate(observer.action)
        }
    }

    /// A producer that runs `startHandler` on every start.
    @inlinable
    public init(_ startHandler: @escaping @Sendable (_ observer: Observer, _ lifetime: Lifetime) -> Void) {
        self.handler = startHandler
        self.immediate = nil
    }

    /// A producer that runs its work directly in `start` (see `immediate`); composed with
    /// operators other than the stateless ones, it runs through an ordinary observer.
    @inlinable
    init(immediate: @escaping @Sendable (@escaping @Sendable (Event<Value, Failure>) -> Void) -> any Disposable) {
        self.immediate = immediate
        self.handler = nil
    }

    /// A producer that forwards every event of `signal` sent after it is started.
    public init(_ signal: Signal<Value, Failure>) {
        // A start only observes `signal` (its values reach the observer on the thread sending
        // them); the producer stores none of them.
        let signal = Unchecked(signal)
        self.init { observer, lifetime in
            lifetime += signal.value.observe(observer)
        }
    }

    /// A producer that sends `value` and completes.
    ///
    /// Every start, on whichever thread, sends this one value, hence `Sendable`; for a value that
    /// is not, make it in the start closure (`SignalProducer { observer, _ in ... }`), once per start.
    @inlinable
    public init(value: Value) where Value: Sendable {
        // All of its work happens during the start: no stream is needed to deliver it.
        self.init(immediate: { action in
            action(.value(value))
            action(.completed)
            return EndedDisposable.shared
        })
    }

    /// A producer that sends each of `values` in order and completes (every start sends the same
    /// values, hence `Sendable`).
    public init<S: Sequence>(values: S) where S.Element == Value, Value: Sendable {
        let values = Array(values)
        self.init { observer, lifetime in
            for value in values {
                if lifetime.hasEnded { return }
                observer.send(value: value)
            }
            observer.sendCompleted()
        }
    }

    /// A producer that sends each of `values` in order and completes.
    public init(values first: Value, _ rest: Value...) where Value: Sendable {
        self.init(values: [first] + rest)
    }

    /// A producer that fails with `error` at once.
    public init(error: Failure) {
        self.init { observer, _ in observer.send(error: error) }
    }

    /// A producer that sends `result`'s value and completes, or fails with its error.
    public init(result: Result<Value, Failure>) where Value: Sendable {
        switch result {
        case .success(let value): self.init(value: value)
        case .failure(let error): self.init(error: error)
        }
    }

    /// A producer that completes at once without sending a value.
    public static var empty: SignalProducer {
        SignalProducer { observer, _ in observer.sendCompleted() }
    }

    /// A producer that never sends anything (it ends only when disposed: `interrupted`).
    public static var never: SignalProducer {
        SignalProducer { _, _ in }
    }

    // MARK: Starting

    /// Starts the work, ignoring its events.
    ///
    /// - Returns: a disposable that interrupts the work.
    @inlinable
    @discardableResult
    public func start() -> any Disposable {
        start { _ in }
    }

    /// Starts the work, delivering its events to `observer`.
    ///
    /// - Returns: a disposable that interrupts the work.
    @inlinable
    @discardableResult
    public func start(_ observer: Observer = Observer { _ in }) -> any Disposable {
        start(observer.action)
    }

    /// Starts the work, delivering its events to `action`.
    @inlinable
    @discardableResult
    public func start(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void) -> any Disposable {
        if let immediate { return immediate(action) }
        let core = SignalCore<Value, Failure>(hasHandle: false)
        _ = core.add(action)
        startHandler(Observer(core: core), Lifetime(core.disposables))
        return core
    }

    /// Starts the work and observes its values only.
    @inlinable
    @discardableResult
    public func startWithValues(_ action: @escaping @Sendable (Value) -> Void) -> any Disposable {
        start { event in
            if case .value(let value) = event { action(value) }
        }
    }

    /// Starts the work and observes its successful completion only.
    @discardableResult
    public func startWithCompleted(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        start(Observer(completed: action))
    }

    /// Starts the work and observes its failure only.
    @discardableResult
    public func startWithFailed(_ action: @escaping @Sendable (Failure) -> Void) -> any Disposable {
        start(Observer(failed: action))
    }

    /// Starts the work and observes its interruption only.
    @discardableResult
    public func startWithInterrupted(_ action: @escaping @Sendable () -> Void) -> any Disposable {
        start(Observer(interrupted: action))
    }

    /// Starts the work and gives the started stream to `setup` as a ``Signal`` before any event is
    /// sent, with the disposable that interrupts it.
    public func startWithSignal(_ setup: (_ signal: Signal<Value, Failure>, _ interrupter: any Disposable) -> Void) {
        let core = SignalCore<Value, Failure>(hasHandle: true)
        let signal = Signal(core: core)
        setup(signal, core)
        startHandler(Observer(core: core), Lifetime(core.disposables))
    }

    // MARK: Lifting

    /// A producer whose observers are transformed by `transform` and passed straight to this
    /// producer's start closure. Use only for transforms without state: events of one start may
    /// reach the transformed observer from several threads if the start closure sends that way.
    @inlinable
    public func liftStateless<NewValue, NewFailure: Error>(
        _ transform: @escaping @Sendable (SignalProducer<NewValue, NewFailure>.Observer) -> Observer
    ) -> SignalProducer<NewValue, NewFailure> {
        if let immediate = self.immediate {
            // Still immediate: the transformed observer feeds the new action directly, through a
            // guard that keeps the stream rule (nothing after a terminal event) a core would keep.
            return SignalProducer<NewValue, NewFailure>(immediate: { action in
                let ended = TerminalFlag()
                return immediate(transform(SignalProducer<NewValue, NewFailure>.Observer { event in
                    if ended.isSet { return }
                    if event.isTerminating { ended.isSet = true }
                    action(event)
                }).action)
            })
        }
        let startHandler = self.startHandler
        return SignalProducer<NewValue, NewFailure> { observer, lifetime in
            startHandler(transform(observer), lifetime)
        }
    }

    /// A producer that starts this one for every start and passes its events, one at a time, to
    /// the observer `transform` makes (fresh state per start).
    @inlinable
    public func lift<NewValue, NewFailure: Error>(
        _ transform: @escaping @Sendable (SignalProducer<NewValue, NewFailure>.Observer) -> Observer
    ) -> SignalProducer<NewValue, NewFailure> {
        SignalProducer<NewValue, NewFailure> { observer, lifetime in
            lifetime += self.start(transform(observer))
        }
    }

    /// A producer that starts this one and applies a signal operator to the started stream.
    public func lift<NewValue, NewFailure: Error>(
        signal transform: @escaping @Sendable (Signal<Value, Failure>) -> Signal<NewValue, NewFailure>
    ) -> SignalProducer<NewValue, NewFailure> {
        SignalProducer<NewValue, NewFailure> { observer, lifetime in
            self.startWithSignal { signal, interrupter in
                lifetime += transform(signal).observe(observer)
                lifetime += interrupter
            }
        }
    }
}

/// Whether an immediate start has sent its terminal event: after it, nothing more is passed on
/// (the stream rule a core would keep). Unchecked: an immediate start runs its work, and so sends,
/// on the one thread that starts it (or, deferred by its owner's transaction, on the main actor
/// after that start returned), never from two threads at once.
@usableFromInline
final class TerminalFlag: @unchecked Sendable {
    @usableFromInline var isSet = false

    @inlinable
    init() {}
}
