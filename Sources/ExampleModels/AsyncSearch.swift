import Reactive

/// A search service written with Swift concurrency (issue 12's `async throws` service).
public protocol AsyncSearching: Sendable {
    /// The titles that match `query`.
    func results(for query: String) async throws -> [String]
}

/// One call of ``InMemoryAsyncSearch``, waiting for the test's answer. Like a service that does
/// not stop early, it keeps waiting when its task is cancelled (it only notes the cancellation),
/// so a test can answer it late and check that the answer is ignored.
public final class AsyncSearchRequest: Sendable {
    /// What the caller searched for.
    public let query: String
    private let state = Locked(State())

    private struct State {
        var continuation: CheckedContinuation<[String], any Error>?
        var outcome: Result<[String], any Error>?
        var sawCancellation = false
    }

    init(query: String) {
        self.query = query
    }

    /// Whether the calling task was cancelled while the request waited.
    public var sawCancellation: Bool { state.withLock { $0.sawCancellation } }

    /// Answers with `results`.
    public func succeed(with results: [String]) { finish(.success(results)) }

    /// Answers with `error`.
    public func fail(with error: any Error) { finish(.failure(error)) }

    private func finish(_ outcome: Result<[String], any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<[String], any Error>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: outcome)
    }

    func wait() async throws -> [String] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = state.withLock { state -> Result<[String], any Error>? in
                    if state.outcome == nil { state.continuation = continuation }
                    return state.outcome
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            state.withLock { $0.sawCancellation = true }
        }
    }
}

/// An async search for tests: records each call and answers when the test says so.
public final class InMemoryAsyncSearch: AsyncSearching {
    private let state = Locked(State())

    private struct State {
        var requests: [AsyncSearchRequest] = []
    }

    public init() {}

    /// Every call so far, oldest first.
    public var requests: [AsyncSearchRequest] { state.withLock { $0.requests } }

    /// The `index`th call (from 0), once the task that calls has made it; nil when it is not
    /// made within `timeout`, so that a test fails at its `#require` instead of waiting forever.
    public func request(_ index: Int, within timeout: Duration = .seconds(60)) async -> AsyncSearchRequest? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while true {
            if let made = state.withLock({ index < $0.requests.count ? $0.requests[index] : nil }) { return made }
            if ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    public func results(for query: String) async throws -> [String] {
        let request = AsyncSearchRequest(query: query)
        state.withLock { $0.requests.append(request) }
        return try await request.wait()
    }
}
