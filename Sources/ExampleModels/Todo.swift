import Reactive

/// One todo of a list: the list's data, which its rows show.
public struct TodoItem: Sendable, Equatable, Identifiable {
    public var id: Int
    public var title: String
    public var isDone: Bool

    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// Where a todo's new title is saved; answers with the todo as saved.
public protocol TodoStoring: Sendable {
    func save(_ item: TodoItem) -> SignalProducer<TodoItem, Never>
}

/// A todo store for tests: records each save and answers when the test says so.
public final class InMemoryTodoStore: TodoStoring {
    public let saves = RequestLog<TodoItem, TodoItem, Never>()

    public init() {}

    public func save(_ item: TodoItem) -> SignalProducer<TodoItem, Never> {
        saves.producer(for: item)
    }
}
