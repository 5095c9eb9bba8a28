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
