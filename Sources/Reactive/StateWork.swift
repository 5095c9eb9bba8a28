/// What the state a generated machine is in runs while it is in it: its timers (`after:`) and
/// its invoked work (`invoke:`). The view model holds one; each transition into a state with
/// such work calls ``enter()``, and each transition out of one calls ``cancel()``, so whatever
/// the state left started is disposed before anything else happens: a timer that fires, or an
/// answer that arrives, after its state was left never reaches the machine. Releasing it (with
/// the view model) cancels what is running.
@_spi(VMGen)
public final class StateWork: Sendable {
    private let current = SerialDisposable()
    /// The scope of the state the machine is in, for ``isWorking``.
    private let scope = Locked<Scope?>(nil)

    public init() {}

    deinit {
        current.dispose()
    }

    /// Cancels what the state left started, and gives the scope of the state entered, to start
    /// its work in. A transition nested inside the one entering (an `entry` that sends) replaces
    /// the scope, so work started into it afterwards never runs.
    public func enter() -> Scope {
        let scope = Scope()
        current.inner = scope.running
        self.scope.withLock { $0 = scope }
        return scope
    }

    /// Whether work the current state invoked is still running (started, not yet ended, the
    /// state not left): tests check it at their end (`ChangeRecorder.finish()`).
    public var isWorking: Bool {
        scope.withLock { $0?.isWorking ?? false }
    }

    /// Cancels what the state left started (a transition to a state without timers or work).
    public func cancel() {
        current.inner = nil
        scope.withLock { $0 = nil }
    }

    /// The timers and work of one stay in one state; disposed when the state is left.
    public final class Scope: Sendable {
        fileprivate let running = CompositeDisposable()
        /// How many of the works it started have not ended yet.
        private let unfinished = Locked(0)

        /// Whether work it started is still running, and the state was not left.
        var isWorking: Bool { !running.isDisposed && unfinished.withLock { $0 } > 0 }

        /// Calls `fire` on the main actor `seconds` after now on `scheduler`, unless the state was
        /// left before.
        public func after(_ seconds: Double, on scheduler: any DateScheduler, _ fire: @escaping @MainActor @Sendable () -> Void) {
            let running = self.running
            guard !running.isDisposed else { return }
            running += scheduler.schedule(after: seconds) {
                MainScheduler().scheduleOnMain {
                    if !running.isDisposed { fire() }
                }
            }
        }

        /// Starts `work` and calls, on the main actor, `done` with its last value when it completes
        /// after one, or `failed` with its error, unless the state was left before. Work that
        /// completes without a value (or is interrupted) calls neither.
        @MainActor
        public func invoke<Value, Failure>(
            _ work: () -> SignalProducer<Value, Failure>,
            done: @escaping @MainActor @Sendable (Value) -> Void,
            failed: @escaping @MainActor @Sendable (Failure) -> Void
        ) {
            start(work, completedWithout: nil, done: done, failed: failed)
        }

        /// The same for work without output: `done` is called when it completes, with or without a value.
        @MainActor
        public func invoke<Failure>(
            _ work: () -> SignalProducer<Void, Failure>,
            done: @escaping @MainActor @Sendable () -> Void,
            failed: @escaping @MainActor @Sendable (Failure) -> Void
        ) {
            start(work, completedWithout: (), done: { _ in done() }, failed: failed)
        }

        @MainActor
        private func start<Value, Failure>(
            _ work: () -> SignalProducer<Value, Failure>,
            completedWithout fallback: Value?,
            done: @escaping @MainActor @Sendable (Value) -> Void,
            failed: @escaping @MainActor @Sendable (Failure) -> Void
        ) {
            let running = self.running
            guard !running.isDisposed else { return }
            // Events are delivered on the main actor in the order sent (one ordering domain); the
            // last value is only read and written there.
            let scheduler = MainScheduler()
            let last = Box<Value?>(fallback)
            let unfinished = self.unfinished
            unfinished.withLock { $0 += 1 }
            running += work().start { event in
                let event = Unchecked(event)
                if event.value.isTerminating { unfinished.withLock { $0 -= 1 } }
                scheduler.scheduleOnMain {
                    guard !running.isDisposed else { return }
                    switch event.value {
                    case .value(let value): last.value = value
                    case .completed: if let value = last.value { done(value) }
                    case .failed(let error): failed(error)
                    case .interrupted: break
                    }
                }
            }
        }
    }
}
