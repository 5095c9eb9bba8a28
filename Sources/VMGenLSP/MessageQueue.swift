import Foundation

/// The frames read from the client, handed from the reading thread to the handling one. The
/// handler waits on it with a deadline, so that diagnostics go out when edits pause.
final class MessageQueue: @unchecked Sendable {
    enum Item: Sendable {
        case body(Data)
        case unreadable(String)
        /// The input ended (the client closed stdin).
        case end
    }

    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var items: [Item] = []
    /// The ids of requests the client cancelled (`$/cancelRequest`), read as they arrive, ahead
    /// of the requests still waiting here. Guarded by `condition`.
    private var cancelled: Set<RequestID> = []

    func push(_ item: Item) {
        condition.lock()
        if case .body(let body) = item, let id = Self.cancelledID(in: body) {
            // Cancellations of requests answered already are never taken: kept few.
            if cancelled.count >= 1_000 { cancelled.removeAll() }
            cancelled.insert(id)
        }
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    /// Whether the request of `id` was cancelled; a cancellation is taken once.
    func takeCancelled(_ id: RequestID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(id) != nil
    }

    /// The id a `$/cancelRequest` notification cancels; nil for any other body (found without
    /// decoding unless the body names the method).
    static func cancelledID(in body: Data) -> RequestID? {
        guard body.range(of: Data("cancelRequest".utf8)) != nil,  // Its `/` may be escaped, `\/`.
              let message = try? IncomingMessage.decode(body), message.method == "$/cancelRequest",
              let params = try? message.params(as: CancelParams.self) else { return nil }
        return params.id
    }

    /// The next item, or nil when `deadline` passes first (without a deadline, waits for one).
    func pop(until deadline: Date?) -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty {
            if let deadline {
                if !condition.wait(until: deadline) && items.isEmpty { return nil }
            } else {
                condition.wait()
            }
        }
        return items.removeFirst()
    }
}
