import Dispatch

/// A hot stream of events: values followed by at most one terminal event.
///
/// A signal does not start anything when observed; observers see the events sent after they were
/// added. Events reach observers in the order they were sent, one at a time, and observers are
/// called in the order they were added. Create one with ``pipe()`` or ``init(_:)``.
///
/// A signal lives while it is referenced or observed. When the last reference goes and nobody
/// observes it, it ends and disposes whatever feeds it. A signal that nothing can send to any more
/// (its input was deinitialized) interrupts its observers, so an abandoned source does not leave
/// observers waiting forever.
///
/// The stateless operators (`map`, `filter`, `compactMap`, `mapError`, `negate`, `materialize`,
/// `dematerialize`, `ignoreValues`, `promoteError`) return a view of their source rather than a new
/// stream: observing the view observes the source through the transform, so a chain of them costs
/// one delivery, not one per operator. Their functions therefore run once per observer and event;
/// keep them free of side effects (use `on(event:)` for those). Every other operator returns a
/// stream of its own, observing its source once: its state (a `scan` total, a `skipRepeats`
/// last value) is shared by all its observers.
public final class Signal<Value, Failure: Error> {
    /// The delivery engine of a signal that owns one (`nil` for a view).
    @usableFromInline let core: SignalCore<Value, Failure>?
    /// How a view attaches an observer to its source (`nil` for a signal with a core).
    @usableFromInline let attach: (@Sendable (Observer) -> (any Disposable)?)?

    @inlinable
    init(core: SignalCore<Value, Failure>) {
        self.core = core
        self.attach = nil
    }

    @inlinable
    init(attach: @escaping @Sendable (Observer) -> (any Disposable)?) {
        self.core = nil
        self.attach = attach
    }

    deinit { core?.handleReleased() }

    /// A signal fed by `generator`, which runs once, now, with the signal's input and a lifetime
    /// that ends when the signal terminates (put what feeds the signal into it).
    @inlinable
    public convenience init(_ generator: (Observer, Lifetime) -> Void) {
        let core = SignalCore<Value, Failure>(hasHandle: true)
        self.init(core: core)
        generator(Observer(core: core), Lifetime(core.disposables))
    }

    /// A new signal and the observer that sends into it.
    ///
    /// When the input is deinitialized, the signal is interrupted (if it has not ended already).
    @inlinable
    public static func pipe() -> (output: Signal, input: Observer) {
        let core = SignalCore<Value, Failure>(hasHandle: true)
        let input = Observer(core: core, interruptsOnDeinit: true)
        return (Signal(core: core), input)
    }

    /// A signal that never sends anything (it ends, `interrupted`, only when nobody references or
    /// observes it any more).
    public static var never: Signal {
        Signal { observer, lifetime in
            let input = observer.action
            lifetime.observeEnded { withExtendedLifetime(input) {} }
        }
    }

    /// A signal that has already completed: observers get `interrupted` at once, like any ended
    /// signal.
    public static var empty: Signal {
        let core = SignalCore<Value, Failure>(hasHandle: true)
        core.send(.completed)
        return Signal(core: core)
    }

    /// A view of this signal whose observers are transformed by `transform` (fresh per
    /// observation) and attached to this signal: no stream of its own, no extra delivery. For
    /// transforms without side effects; they run once per observer.
    @inlinable
    public func liftStateless<NewValue, NewFailure: Error>(
        _ transform: @escaping @Sendable (Signal<NewValue, NewFailure>.Observer) -> Observer
    ) -> Signal<NewValue, NewFailure> {
        // The view only observes this signal (no value of it is stored), from whichever thread
        // observes the view.
        let source = Unchecked(self)
        return Signal<NewValue, NewFailure>(attach: { observer in source.value.observe(transform(observer)) })
    }

    // MARK: Observing

    /// Adds `observer`; it receives every event sent from now on.
    ///
    /// - Returns: a disposable that removes the observer, or `nil` when the signal has already
    ///   ended (the observer then receives `interrupted` at once).
    @inlinable
    @discardableResult
    public func observe(_ observer: Observer) -> (any Disposable)? {
        guard let core else { return attach!(observer) }
        if let entry = core.add(observer.action) { return entry }
        observer.action(.interrupted)
        return nil
    }

    /// Adds `action` as an observer of every event sent from now on.
    ///
    /// - Returns: a disposable that removes the observer, or `nil` when the signal has already
    ///   ended (`action` then receives `interrupted` at once).
    @inlinable
    @discardableResult
    public func observe(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void) -> (any Disposable)? {
        guard let core else { return attach!(Observer(action)) }
        if let entry = core.add(action) { return entry }
        action(.interrupted)
        return nil
    }

    /// Observes values only.
    @inlinable
    @discardableResult
    public func observeValues(_ action: @escaping @Sendable (Value) -> Void) -> (any Disposable)? {
        observe { event in
            if case .value(let value) = event { action(value) }
        }
    }

    /// Observes the error of a failure only.
    @discardableResult
    public func observeFailed(_ action: @escaping @Sendable (Failure) -> Void) -> (any Disposable)? {
        observe(Observer(failed: action))
    }

    /// Observes successful completion only.
    @discardableResult
    public func observeCompleted(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        observe(Observer(completed: action))
    }

    /// Observes interruption only.
    @discardableResult
    public func observeInterrupted(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        observe(Observer(interrupted: action))
    }

    /// Observes every event on the main actor: inline when the event is sent on the main thread
    /// and nothing is waiting to be delivered there, otherwise later through `DispatchQueue.main`.
    /// The order of events is kept either way. Once the returned disposable is disposed, events
    /// still waiting for the main queue are dropped.
    @discardableResult
    public func observeOnMain(_ action: @escaping @MainActor (Event<Value, Failure>) -> Void) -> (any Disposable)? {
        let scheduler = MainScheduler()
        let stopped = AnyDisposable()
        let observation = observe { event in
            let event = Unchecked(event)
            // Inline (the usual case on the main thread) without a closure to allocate.
            if scheduler.runInline({ if !stopped.isDisposed { action(event.value) } }) { return }
            scheduler.scheduleOnMain {
                if !stopped.isDisposed { action(event.value) }
            }
        }
        guard let observation else { return nil }
        return AnyDisposable {
            stopped.dispose()
            observation.dispose()
        }
    }

    /// Observes values on the main actor (see ``observeOnMain(_:)``).
    @discardableResult
    public func observeValuesOnMain(_ action: @escaping @MainActor (Value) -> Void) -> (any Disposable)? {
        observeOnMain { event in
            if case .value(let value) = event { action(value) }
        }
    }
}

extension Signal {
    /// Sends events into a signal or a started producer.
    ///
    /// An observer is a thin wrapper around one function; sending is a direct call. The signal
    /// behind it enforces the stream rules (nothing after a terminal event, one delivery at a time).
    public final class Observer {
        /// What sending an event calls.
        @usableFromInline typealias Action = @Sendable (Event<Value, Failure>) -> Void

        @usableFromInline let action: Action
        @usableFromInline let interruptsOnDeinit: SignalCore<Value, Failure>?

        /// An observer that passes every event to `action`.
        @inlinable
        public init(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void) {
            self.action = action
            self.interruptsOnDeinit = nil
        }

        /// An observer with one optional callback per kind of event.
        public convenience init(
            value: (@Sendable (Value) -> Void)? = nil,
            failed: (@Sendable (Failure) -> Void)? = nil,
            completed: (@Sendable () -> Void)? = nil,
            interrupted: (@Sendable () -> Void)? = nil
        ) {
            self.init { event in
                switch event {
                case .value(let v): value?(v)
                case .failed(let error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
            }
        }

        /// The input of `core`.
        @inlinable
        init(core: SignalCore<Value, Failure>, interruptsOnDeinit: Bool = false) {
            self.action = { event in core.send(event) }
            self.interruptsOnDeinit = interruptsOnDeinit ? core : nil
        }

        deinit { interruptsOnDeinit?.inputReleased() }

        /// Sends `event`.
        @inlinable
        public func send(_ event: Event<Value, Failure>) { action(event) }

        /// Sends a value.
        @inlinable
        public func send(value: Value) { action(.value(value)) }

        /// Ends the stream with `error`.
        @inlinable
        public func send(error: Failure) { action(.failed(error)) }

        /// Ends the stream successfully.
        @inlinable
        public func sendCompleted() { action(.completed) }

        /// Ends the stream as cancelled.
        @inlinable
        public func sendInterrupted() { action(.interrupted) }

        /// What ends the stream successfully, to call later from any thread: a completion carries
        /// no value, so it is `Sendable` whatever `Value` is. A generated view model adds it to
        /// its disposables, so that its events complete when it is released (its `deinit` is not
        /// isolated, and may not touch an observer of values that are not `Sendable`).
        public var completion: @Sendable () -> Void {
            let action = self.action
            return { action(.completed) }
        }
    }
}

extension Signal {
    /// A signal that applies `transform` to every observer added to it: the internal building block
    /// of the operators. Events reach `transform`'s observer one at a time.
    @inlinable
    public func lift<NewValue, NewFailure: Error>(
        _ transform: @escaping @Sendable (Signal<NewValue, NewFailure>.Observer) -> Observer
    ) -> Signal<NewValue, NewFailure> {
        Signal<NewValue, NewFailure> { observer, lifetime in
            lifetime += self.observe(transform(observer))
        }
    }
}

// A signal and its input cross isolation domains only when their values may: sharing a stream
// shares the values sent through it. (Their state is the core's, behind its lock.)
extension Signal: Sendable where Value: Sendable {}

extension Signal.Observer: Sendable where Value: Sendable {}
