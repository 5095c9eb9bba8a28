// Bridges to Swift concurrency: streams as AsyncSequence, producers from async functions, and
// awaiting the first or last value. Cancellation flows both ways: cancelling the consuming task
// disposes the producer, and an interrupted producer ends the sequence.

/// The values of a producer as an `AsyncSequence`. Each iterator starts the producer once, when it
/// is made (so a hot signal's values sent before the first `next()` are kept); values are buffered
/// (without limit) until the consumer asks for them. The sequence ends when the
/// producer completes or is interrupted, and throws when it fails. Cancelling the consuming task
/// (or dropping the iterator) disposes the producer. The values go to the consuming task, hence
/// `Sendable`.
public struct AsyncValues<Value: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// A value of the producer.
    public typealias Element = Value

    let producer: SignalProducer<Value, Failure>

    /// Starts the producer for a new iteration.
    public func makeAsyncIterator() -> Iterator {
        Iterator(AsyncBuffer(producer))
    }

    /// Hands out the buffered values one by one.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: AsyncBuffer<Value, Failure>

        init(_ buffer: AsyncBuffer<Value, Failure>) {
            self.buffer = buffer
        }

        /// The next value, or `nil` once the producer completed or was interrupted.
        /// - Throws: the producer's error when it failed.
        public mutating func next() async throws(Failure) -> Value? {
            let event = await buffer.next()
            switch event {
            case .value(let value): return value
            case .failed(let error): throw error
            case .completed, .interrupted: return nil
            }
        }
    }
}

/// The buffer between a started producer and an async iterator.
final class AsyncBuffer<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var events: [Event<Value, Failure>] = []
        var head = 0
        var waiter: CheckedContinuation<Event<Value, Failure>, Never>?
        var ended = false
    }

    private let state = Locked(State())
    private let disposable = SerialDisposable()

    init(_ producer: SignalProducer<Value, Failure>) {
        disposable.inner = producer.start { [weak self] event in self?.receive(event) }
    }

    deinit { disposable.dispose() }

    private func receive(_ event: Event<Value, Failure>) {
        let waiter = state.withLock { state -> CheckedContinuation<Event<Value, Failure>, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.events.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// The next event (`interrupted` after the end, or when the task is cancelled).
    func next() async -> Event<Value, Failure> {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event<Value, Failure>, Never>) in
                let ready = state.withLock { state -> Event<Value, Failure>? in
                    if state.ended { return .interrupted }
                    if state.head < state.events.count {
                        let event = state.events[state.head]
                        state.head += 1
                        if state.head == state.events.count {
                            state.events.removeAll(keepingCapacity: true)
                            state.head = 0
                        }
                        if event.isTerminating { state.ended = true }
                        return event
                    }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            disposable.dispose()
        }
        if result.isTerminating { state.withLock { $0.ended = true } }
        return result
    }
}

extension SignalProducer where Value: Sendable {
    /// The producer's values as an `AsyncSequence` (each iteration starts the producer).
    public var values: AsyncValues<Value, Failure> {
        AsyncValues(producer: self)
    }

    /// Starts the producer and returns its first value, then disposes it; `nil` when it completes,
    /// is interrupted or the task is cancelled before sending a value.
    /// - Throws: the producer's error when it fails before sending a value.
    public func first() async throws(Failure) -> Value? {
        var iterator = take(first: 1).values.makeAsyncIterator()
        return try await iterator.next()
    }

    /// Starts the producer and returns its last value once it completes; `nil` when it sent none.
    /// An interruption (or a cancelled task) ends the wait with the last value so far.
    /// - Throws: the producer's error when it fails.
    public func last() async throws(Failure) -> Value? {
        var last: Value?
        var iterator = values.makeAsyncIterator()
        while let value = try await iterator.next() { last = value }
        return last
    }
}

extension SignalProducer {
    /// A producer that runs `operation` in a new `Task` on each start, sends its result and
    /// completes, or fails with its error. Disposing the started producer cancels the task (a
    /// result that arrives afterwards is dropped). The result comes from the task, hence `Sendable`.
    public init(task operation: @escaping @Sendable () async throws(Failure) -> Value) where Value: Sendable {
        self.init { observer, lifetime in
            let task = Task {
                do throws(Failure) {
                    let value = try await operation()
                    observer.send(value: value)
                    observer.sendCompleted()
                } catch {
                    observer.send(error: error)
                }
            }
            lifetime.observeEnded { task.cancel() }
        }
    }

    /// A producer that iterates `sequence` in a new `Task` on each start and sends its elements.
    /// Disposing the started producer cancels the task. The elements come from the task, hence
    /// `Sendable`.
    public init<S: AsyncSequence & Sendable>(_ sequence: S) where S.Element == Value, S.Failure == Failure, Value: Sendable {
        self.init { observer, lifetime in
            let task = Task {
                do throws(Failure) {
                    var iterator = sequence.makeAsyncIterator()
                    while let element = try await iterator.next(isolation: nil) {
                        observer.send(value: element)
                    }
                    if Task.isCancelled { observer.sendInterrupted() } else { observer.sendCompleted() }
                } catch {
                    observer.send(error: error)
                }
            }
            lifetime.observeEnded { task.cancel() }
        }
    }
}

extension Signal where Value: Sendable {
    /// The values this signal sends from the start of the iteration on, as an `AsyncSequence`.
    public var values: AsyncValues<Value, Failure> {
        SignalProducer(self).values
    }
}

extension Property where Value: Sendable {
    /// The current value and every change, as an `AsyncSequence` (ends when the property's
    /// sources end).
    public var values: AsyncValues<Value, Never> { producer.values }
}

extension MutableProperty where Value: Sendable {
    /// The current value and every change, as an `AsyncSequence` (ends when the property goes away).
    public var values: AsyncValues<Value, Never> { producer.values }
}
