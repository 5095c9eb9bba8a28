// Operators that share one run of a producer between several observers: replayLazily(upTo:)
// and share(replay:) (publish + autoconnect, with reference counting).

/// One shared run of a producer: the observers attached to it, the values kept for late
/// observers, and the terminal event once it ended. All changes and deliveries go through one
/// ``Serializer``, so a late observer gets the kept values and then the live ones without a gap,
/// a repeat or a reordering, whatever the threads.
///
/// Unchecked: its mutable state is touched only by its serializer's handler, one input at a time.
final class SharedRun<Value: Sendable, Failure: Error>: @unchecked Sendable {
    enum Input {
        case event(Event<Value, Failure>)
        case attach(Int, Signal<Value, Failure>.Observer)
        case detach(Int)
    }

    private let limit: Int
    private var buffer: [Value] = []
    private var terminal: Event<Value, Failure>?
    private var observers: [(id: Int, observer: Signal<Value, Failure>.Observer)] = []
    private(set) var serializer: Serializer<Input>!
    let upstream = SerialDisposable()

    init(replaying limit: Int) {
        self.limit = limit
        serializer = Serializer { [unowned self] input in self.handle(input) }
    }

    private func handle(_ input: Input) {
        switch input {
        case .event(let event):
            guard terminal == nil else { return }
            if case .value(let value) = event {
                if limit > 0 {
                    buffer.append(value)
                    if buffer.count > limit { buffer.removeFirst(buffer.count - limit) }
                }
            } else {
                terminal = event
            }
            let current = observers
            if event.isTerminating { observers = [] }
            for entry in current { entry.observer.send(event) }
        case .attach(let id, let observer):
            for value in buffer { observer.send(value: value) }
            if let terminal {
                observer.send(terminal)
            } else {
                observers.append((id, observer))
            }
        case .detach(let id):
            observers.removeAll { $0.id == id }
        }
    }
}

// The kept values go to observers started on any thread, hence `Value: Sendable`.
extension SignalProducer where Value: Sendable {
    /// A producer that starts this one the first time it is started, and then shares that one run
    /// with every start: each observer first gets the last `count` values (all of them with
    /// `Int.max`) and the terminal event if it already came, then the live events.
    ///
    /// The shared run keeps going when observers leave; it is disposed when it ends on its own or
    /// when the returned producer (and every started copy of it) is gone.
    public func replayLazily(upTo count: Int) -> SignalProducer<Value, Failure> {
        precondition(count >= 0, "replayLazily(upTo:) needs a count of zero or more")
        let holder = ReplayHolder<Value, Failure>(source: self, limit: count)
        return SignalProducer { observer, lifetime in
            let run = holder.run()
            let id = holder.nextID()
            run.serializer.send(.attach(id, observer))
            lifetime.observeEnded {
                withExtendedLifetime(holder) {}
                run.serializer.send(.detach(id))
            }
        }
    }

    /// A producer that shares one run of this producer among the observers started while it runs
    /// (ReactiveCocoa's `publish` + `autoconnect`): the first start starts the work, later starts
    /// join it and first get the last `replay` values, and when the last observer leaves the work
    /// is disposed. A start after the run ended begins a new run.
    public func share(replay: Int = 0) -> SignalProducer<Value, Failure> {
        precondition(replay >= 0, "share(replay:) needs a replay count of zero or more")
        let connection = SharedConnection<Value, Failure>(source: self, limit: replay)
        return SignalProducer { observer, lifetime in
            connection.attach(observer, lifetime: lifetime)
        }
    }
}

/// The one lazily started run behind ``SignalProducer/replayLazily(upTo:)``.
final class ReplayHolder<Value: Sendable, Failure: Error>: Sendable {
    private let state = Locked<(run: SharedRun<Value, Failure>?, ids: Int)>((nil, 0))
    private let source: SignalProducer<Value, Failure>
    private let limit: Int

    init(source: SignalProducer<Value, Failure>, limit: Int) {
        self.source = source
        self.limit = limit
    }

    deinit { state.withLock { $0.run }?.upstream.dispose() }

    func nextID() -> Int {
        state.withLock { state in
            state.ids += 1
            return state.ids
        }
    }

    /// The shared run, started on first use.
    func run() -> SharedRun<Value, Failure> {
        let (run, isNew) = state.withLock { state -> (SharedRun<Value, Failure>, Bool) in
            if let run = state.run { return (run, false) }
            let run = SharedRun<Value, Failure>(replaying: limit)
            state.run = run
            return (run, true)
        }
        if isNew {
            run.upstream.inner = source.start { [run] event in run.serializer.send(.event(event)) }
        }
        return run
    }
}

/// The reference-counted connection behind ``SignalProducer/share(replay:)``.
final class SharedConnection<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var run: SharedRun<Value, Failure>?
        var observerCount = 0
        var ids = 0
    }

    private let state = Locked(State())
    private let source: SignalProducer<Value, Failure>
    private let limit: Int

    init(source: SignalProducer<Value, Failure>, limit: Int) {
        self.source = source
        self.limit = limit
    }

    func attach(_ observer: Signal<Value, Failure>.Observer, lifetime: Lifetime) {
        let (run, id, isNew) = state.withLock { state -> (SharedRun<Value, Failure>, Int, Bool) in
            state.ids += 1
            state.observerCount += 1
            if let run = state.run { return (run, state.ids, false) }
            let run = SharedRun<Value, Failure>(replaying: limit)
            state.run = run
            return (run, state.ids, true)
        }
        run.serializer.send(.attach(id, observer))
        lifetime.observeEnded { [self] in detach(id, from: run) }
        if isNew {
            run.upstream.inner = source.start { [weak self, run] event in
                if event.isTerminating { self?.forget(run) }
                run.serializer.send(.event(event))
            }
        }
    }

    /// The run ended: the next start begins a new one.
    private func forget(_ run: SharedRun<Value, Failure>) {
        state.withLock { state in
            if state.run === run {
                state.run = nil
                state.observerCount = 0
            }
        }
    }

    private func detach(_ id: Int, from run: SharedRun<Value, Failure>) {
        run.serializer.send(.detach(id))
        let last = state.withLock { state -> Bool in
            guard state.run === run else { return false }
            state.observerCount -= 1
            guard state.observerCount == 0 else { return false }
            state.run = nil
            return true
        }
        if last { run.upstream.dispose() }
    }
}
