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

    func push(_ item: Item) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
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
