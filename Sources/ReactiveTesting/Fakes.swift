import Foundation
import Reactive

/// Controllable fakes for dependencies that are closures (or protocols a test implements by
/// forwarding to one): each call is recorded with its argument and waits for the test's answer,
/// a value, a failure, or none at all, so the states in between (executing, loading) can be seen.
///
/// ```swift
/// let search = FakeProducer<String, [Photo], FlickrError>()
/// let view = SearchViewModel(search: search.closure)
/// view.searchText = "cats"
/// view.executeSearch()
/// #expect(search.inputs == ["cats"])
/// search.pending.first?.succeed(with: [photo])      // or fail(with:), or leave it waiting
/// ```
///
/// The explorer (``Explorer``) answers the calls of the fakes it is given itself.
public final class FakeCall<Input, Value, Failure: Error>: @unchecked Sendable {
    /// What the call was made with (several arguments: a tuple).
    public let input: Input
    private let state = Locked(State.waiting)
    private let deliver: (Event<Value, Failure>) -> Void

    enum State { case waiting, answered, cancelled }

    init(input: Input, deliver: @escaping (Event<Value, Failure>) -> Void) {
        self.input = input
        self.deliver = deliver
    }

    /// Whether the call still waits for an answer: neither answered nor given up by its caller.
    public var isPending: Bool { state.withLock { $0 == .waiting } }

    /// Whether the caller stopped listening (the work was interrupted) before an answer.
    public var isCancelled: Bool { state.withLock { $0 == .cancelled } }

    /// Sends one value without ending the call.
    public func send(_ value: Value) {
        deliver(.value(value))
    }

    /// Answers with `value`: sends it, then ends the call.
    public func succeed(with value: Value) {
        end(.answered)
        deliver(.value(value))
        deliver(.completed)
    }

    /// Answers with `error`.
    public func fail(with error: Failure) {
        end(.answered)
        deliver(.failed(error))
    }

    /// Ends the call without (further) values.
    public func complete() {
        end(.answered)
        deliver(.completed)
    }

    func end(_ end: State) {
        state.withLock { if $0 == .waiting { $0 = end } }
    }
}

/// The calls a fake received, oldest first, shared by every kind of fake.
public class FakeCalls<Input, Value, Failure: Error>: @unchecked Sendable {
    private let log = Locked<[FakeCall<Input, Value, Failure>]>([])

    /// Every call, oldest first.
    public var calls: [FakeCall<Input, Value, Failure>] { log.withLock { $0 } }

    /// What each call was made with, oldest first.
    public var inputs: [Input] { calls.map(\.input) }

    /// The calls still waiting for an answer, oldest first.
    public var pending: [FakeCall<Input, Value, Failure>] { calls.filter(\.isPending) }

    func record(_ call: FakeCall<Input, Value, Failure>) {
        log.withLock { $0.append(call) }
    }
}

/// A fake for a dependency of the shape `(Input) -> SignalProducer<Value, Failure>`: each start
/// of a producer it returns records a call, which waits for the test's answer. Interrupting the
/// work cancels the call (``FakeCall/isCancelled``); a late answer is then ignored.
public final class FakeProducer<Input, Value, Failure: Error>: FakeCalls<Input, Value, Failure>, @unchecked Sendable {
    override public init() {}

    /// A producer that records a call with `input` each time it is started.
    public func callAsFunction(_ input: Input) -> SignalProducer<Value, Failure> {
        let input = Carried(input)
        return SignalProducer { [self] observer, lifetime in
            let call = FakeCall<Input, Value, Failure>(input: input.value) { event in
                guard !lifetime.hasEnded else { return }
                observer.send(event)
            }
            _ = lifetime.observeEnded { call.end(.cancelled) }
            self.record(call)
        }
    }

    /// The closure to hand to the view model.
    public var closure: @Sendable (Input) -> SignalProducer<Value, Failure> { { self($0) } }
}

/// A fake for a dependency of the shape `(Input) async throws -> Value`: each call records
/// itself and suspends until the test answers (``FakeCall/succeed(with:)``,
/// ``FakeCall/fail(with:)``). A cancelled task's call is marked cancelled and keeps waiting,
/// like a service that does not stop early; never answering leaves the task suspended.
public final class FakeAsync<Input, Value: Sendable>: FakeCalls<Input, Value, any Error>, @unchecked Sendable {
    override public init() {}

    /// Records a call with `input` and waits for its answer.
    public func callAsFunction(_ input: Input) async throws -> Value {
        let input = Carried(input)
        let holder = Locked<FakeCall<Input, Value, any Error>?>(nil)
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Value, any Error>) in
                let resumed = Locked(false)
                let call = FakeCall<Input, Value, any Error>(input: input.value) { event in
                    let first = resumed.withLock { done in defer { done = true }; return !done }
                    guard first else { return }
                    switch event {
                    case .value(let value): continuation.resume(returning: value)
                    case .failed(let error): continuation.resume(throwing: error)
                    case .completed, .interrupted: continuation.resume(throwing: CancellationError())
                    }
                }
                holder.withLock { $0 = call }
                record(call)
            }
        } onCancel: {
            holder.withLock { $0 }?.end(.cancelled)
        }
    }

    /// The closure to hand to the view model.
    public var closure: @Sendable (Input) async throws -> Value { { try await self($0) } }
}

/// A fake for a synchronous dependency of the shape `(Input) -> Value`: each call is recorded
/// and answered at once by ``answer``, which the test may replace at any time.
public final class FakeFunction<Input, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Input] = []
    private var answering: (Input) -> Value

    /// Answers every call with `answer(input)`.
    public init(answer: @escaping (Input) -> Value) {
        answering = answer
    }

    /// Answers every call with `value`.
    public convenience init(returning value: Value) {
        let value = Carried(value)
        self.init { _ in value.value }
    }

    /// What each call was made with, oldest first.
    public var inputs: [Input] { locked { recorded } }

    /// How the following calls are answered.
    public var answer: (Input) -> Value {
        get { locked { answering } }
        set { locked { answering = newValue } }
    }

    /// Records a call with `input` and answers it.
    public func callAsFunction(_ input: Input) -> Value {
        let answer = locked {
            recorded.append(input)
            return answering
        }
        return answer(input)
    }

    /// The closure to hand to the view model.
    public var closure: @Sendable (Input) -> Value { { self($0) } }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// Carries a value into a `@Sendable` closure of the runtime, which calls it on the thread the
/// fake was called on; fakes are for tests, which call them from one actor.
struct Carried<Wrapped>: @unchecked Sendable {
    let value: Wrapped

    init(_ value: Wrapped) { self.value = value }
}
