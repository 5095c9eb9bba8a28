import Foundation
import Reactive

/// A thread-safe list for collecting what observers see in tests.
final class Log<Element>: @unchecked Sendable {
    private let items = Locked<[Element]>([])

    init() {}

    func append(_ element: Element) {
        let element = UncheckedElement(element)
        items.withLock { $0.append(element.value) }
    }

    var all: [Element] { items.withLock { $0 } }
    var count: Int { items.withLock { $0.count } }
}

private struct UncheckedElement<Wrapped>: @unchecked Sendable {
    let value: Wrapped
    init(_ value: Wrapped) { self.value = value }
}

/// An error type for tests.
enum TestError: Error, Equatable {
    case boom
    case other(Int)
}

/// A class whose deallocation tests can observe through a weak reference.
final class Tracked: Sendable {
    init() {}
}
