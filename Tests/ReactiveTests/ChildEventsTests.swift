@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// A child whose transaction sends an event, the way a generated view model's `emits` does.
@MainActor
private final class EventfulChild: Transactional {
    let _$transactions = Transactions()
    let events: Signal<Int, Never>
    private let observer: Signal<Int, Never>.Observer
    /// What happened, in order, as the test sees it.
    var log: [String] = []

    init() {
        (events, observer) = Signal<Int, Never>.pipe()
    }

    /// One transaction that emits `value` and whose observers log that they were told.
    func send(_ value: Int) {
        guard _$transactions.begin() else { return }
        _$transactions.emit { [observer] in observer.send(value: value) }
        _$transactions.end {
            _$transactions.notify { self.log.append("observers told") }
        }
        log.append("transaction over")
    }

    deinit { observer.sendCompleted() }
}

@MainActor
@Suite("A child's events handed to its parent")
struct ChildEventsTests {
    @Test("afterCurrent runs at once when no transaction is under way")
    func afterCurrentRunsAtOnceWhenIdle() {
        let transactions = Transactions()
        var ran = false
        transactions.afterCurrent { ran = true }
        #expect(ran)
    }

    @Test("afterCurrent waits for the transaction under way, its observers included")
    func afterCurrentWaitsForTheTransaction() {
        let transactions = Transactions()
        var log: [String] = []
        #expect(transactions.begin())
        transactions.afterCurrent { log.append("after") }
        log.append("writes")
        transactions.end { transactions.notify { log.append("observers") } }
        #expect(log == ["writes", "observers", "after"])
    }

    @Test("the parent's handler runs once per event, after the child's transaction that sent it")
    func handlerRunsAfterTheChildsTransaction() {
        let child = EventfulChild()
        let owner = EventfulChild()
        ChildKeys.handle(child.events, of: child, in: owner) { sender, value in
            sender.log.append("handled \(value)")
        }
        withExtendedLifetime(owner) { child.send(7) }
        #expect(child.log == ["observers told", "handled 7", "transaction over"])
    }

    @Test("the handler keeps nothing alive and ends with the child")
    func handlerEndsWithTheChild() {
        var handled = 0
        weak var released: EventfulChild?
        do {
            let child = EventfulChild()
            released = child
            ChildKeys.handle(child.events, of: child, in: child) { _, _ in handled += 1 }
            child.send(1)
        }
        #expect(released == nil)
        #expect(handled == 1)
    }

    @Test("the handler is not called once its owner is released")
    func handlerEndsWithTheOwner() {
        var handled = 0
        let child = EventfulChild()
        do {
            let owner = EventfulChild()
            ChildKeys.handle(child.events, of: child, in: owner) { _, _ in handled += 1 }
            withExtendedLifetime(owner) { child.send(1) }
        }
        child.send(2)
        #expect(handled == 1)
    }
}
