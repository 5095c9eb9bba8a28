import Reactive

/// One request an in-memory service received. The test answers it when it chooses, so the
/// states in between (executing, loading) can be observed.
public final class PendingRequest<Argument: Sendable, Value: Sendable, Failure: Error>: Sendable {
    /// What the request asked for.
    public let argument: Argument
    private let observer: Signal<Value, Failure>.Observer
    private let state = Locked(State.waiting)

    fileprivate enum State { case waiting, answered, cancelled }

    init(argument: Argument, observer: Signal<Value, Failure>.Observer) {
        self.argument = argument
        self.observer = observer
    }

    /// Whether the caller stopped listening before the test answered.
    public var isCancelled: Bool { state.withLock { $0 == .cancelled } }

    /// Whether the request is still waiting for an answer.
    public var isWaiting: Bool { state.withLock { $0 == .waiting } }

    /// Sends one value without finishing the request.
    public func send(_ value: Value) {
        observer.send(value: value)
    }

    /// Sends `value`, then completes.
    public func succeed(with value: Value) {
        observer.send(value: value)
        complete()
    }

    /// Completes without (further) values.
    public func complete() {
        finish(.answered)
        observer.sendCompleted()
    }

    /// Fails the request with `error`.
    public func fail(with error: Failure) {
        finish(.answered)
        observer.send(error: error)
    }

    fileprivate func finish(_ end: State) {
        state.withLock { if $0 == .waiting { $0 = end } }
    }
}

/// The requests an in-memory service received, oldest first. Each call of the service starts
/// a producer that records a `PendingRequest` and waits for the test's answer.
public final class RequestLog<Argument: Sendable, Value: Sendable, Failure: Error>: Sendable {
    private let requests = Locked<[PendingRequest<Argument, Value, Failure>]>([])

    public init() {}

    /// Every request, oldest first.
    public var all: [PendingRequest<Argument, Value, Failure>] { requests.withLock { $0 } }

    /// What each request asked for, oldest first.
    public var arguments: [Argument] { all.map(\.argument) }

    /// How many requests were made.
    public var count: Int { requests.withLock { $0.count } }

    /// The newest request.
    public var last: PendingRequest<Argument, Value, Failure>? { requests.withLock { $0.last } }

    /// A producer that records a request for `argument` each time it is started.
    public func producer(for argument: Argument) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, lifetime in
            let request = PendingRequest(argument: argument, observer: observer)
            self.requests.withLock { $0.append(request) }
            lifetime.observeEnded { request.finish(.cancelled) }
        }
    }
}
