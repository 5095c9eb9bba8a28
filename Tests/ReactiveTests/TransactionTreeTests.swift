@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// One action, one transaction, across a tree of view models (`Transactions`, `TransactionScope`,
/// `Follower`, `ChildKeys.handle`), with the hand-written `TreeMember`s in the generated shape.
@MainActor
@Suite("One transaction across a tree")
struct TransactionTreeTests {
    let journal = Journal()

    /// A parent following two children.
    func tree() -> (parent: TreeMember, first: TreeMember, second: TreeMember) {
        let parent = TreeMember("parent", journal: journal)
        let first = TreeMember("first", journal: journal)
        let second = TreeMember("second", journal: journal)
        parent.children = [first, second]
        return (parent, first, second)
    }

    @Test("an action inside another joins it, and the outermost end commits once")
    func nestedActionsCommitOnce() {
        let member = TreeMember("a", journal: journal)
        #expect(member._$transactions.begin())
        member.set(1)
        member.set(2)
        #expect(journal.take().isEmpty, "nothing is computed before the outermost action ends")
        member._$transactions.end(member)
        #expect(journal.take() == ["compute a", "tell a.value = 2", "tell a.total = 2"])
    }

    @Test("actions asked for while observers are told run after them, in order, each a transaction")
    func actionsDuringNotificationWait() {
        let member = TreeMember("a", journal: journal)
        member.observers = [{ change in
            if change == "a.value = 1" {
                member.set(2)
                member.set(3)
            }
        }]
        member.set(1)
        #expect(journal.take() == [
            "compute a", "tell a.value = 1", "a deferred", "a deferred", "tell a.total = 1",
            "compute a", "tell a.value = 2", "tell a.total = 2",
            "compute a", "tell a.value = 3", "tell a.total = 3",
        ])
    }

    @Test("events are sent once the transaction's values are computed, before observers are told")
    func eventsComeBeforeObservers() {
        let member = TreeMember("a", journal: journal)
        member.events.observeValuesOnMain { [journal] in journal.append("event \($0)") }
        member.set(4, emitting: true)
        #expect(journal.take() == ["compute a", "event 4", "tell a.value = 4", "tell a.total = 4"])
    }

    @Test("outside a transaction an event is sent at once")
    func eventOutsideTransaction() {
        let transactions = Transactions()
        var sent = false
        transactions.emit { sent = true }
        #expect(sent)
    }

    @Test("a child's change computes its parent in the same transaction; everyone is told once, after both")
    func childChangeIsOneTransactionOfTheTree() {
        let (parent, first, _) = tree()
        var seenByChildObserver: [Int] = []
        first.observers = [{ _ in seenByChildObserver.append(parent.total) }]
        first.set(5)
        #expect(journal.take() == [
            "compute first", "compute parent",
            "tell first.value = 5", "tell first.total = 5", "tell parent.total = 5",
        ])
        #expect(seenByChildObserver == [5, 5], "the child's observers read the parent as it is after the action")
        #expect(parent._$transactions.sharesScope(with: first._$transactions))
    }

    @Test("a parent's handler of a child's event commits with the child's action")
    func handlerJoinsTheChildsTransaction() {
        let (parent, first, second) = tree()
        ChildKeys.handle(first.events, of: first, in: parent) { _, value in
            // The parent's action: writes itself and the other child.
            parent.set(value * 10)
            second.set(value)
        }
        var parentTotalsSeen: [Int] = []
        first.observers = [{ _ in parentTotalsSeen.append(parent.total) }]
        first.set(1, emitting: true)
        let entries = journal.take()
        #expect(entries.filter { $0.hasPrefix("tell") } == [
            "tell first.value = 1", "tell first.total = 1",
            "tell parent.value = 10", "tell parent.total = 12",
            "tell second.value = 1", "tell second.total = 1",
        ])
        #expect(entries.firstIndex(of: "tell first.value = 1")! > entries.lastIndex(where: { $0.hasPrefix("compute") })!,
                "nobody is told before every member is computed")
        #expect(parentTotalsSeen == [12, 12])
    }

    @Test("an event's later observers read what its parent's handler wrote, already computed")
    func eventObserversAfterTheHandlerReadItsWritesComputed() {
        let (parent, first, second) = tree()
        ChildKeys.handle(first.events, of: first, in: parent) { _, value in second.set(value * 10) }
        var seen: [String] = []
        first.events.observeValuesOnMain { _ in
            seen.append("second.total \(second.total), parent.total \(parent.total)")
        }
        first.set(1, emitting: true)
        #expect(seen == ["second.total 10, parent.total 11"])
    }

    @Test("a grandparent follows its grandchildren through its child, in the same transaction")
    func grandparents() {
        let top = TreeMember("top", journal: journal)
        let (parent, _, second) = tree()
        top.children = [parent]
        var seen: [Int] = []
        second.observers = [{ _ in seen.append(top.total) }]
        second.set(3)
        #expect(journal.take().filter { $0.hasPrefix("tell") } == [
            "tell second.value = 3", "tell second.total = 3", "tell parent.total = 3", "tell top.total = 3",
        ])
        #expect(seen == [3, 3])
        #expect(top._$transactions.sharesScope(with: second._$transactions))
    }

    @Test("a parent's action that writes its children is one transaction with what they change")
    func parentWritingChildren() {
        let (parent, first, second) = tree()
        #expect(parent._$transactions.begin())
        first.set(1)
        second.set(2)
        parent.set(3)
        parent._$transactions.end(parent)
        let told = journal.take().filter { $0.hasPrefix("tell") }
        #expect(told.count == 6)
        #expect(told.filter { $0.hasPrefix("tell parent.total") } == ["tell parent.total = 6"], "the parent's total is told once, final")
    }

    @Test("an event observer's writes join the transaction that sent the event")
    func eventObserverWritesJoin() {
        let member = TreeMember("a", journal: journal)
        member.events.observeValuesOnMain { value in member.set(value + 1) }
        member.set(1, emitting: true)
        #expect(journal.take() == ["compute a", "compute a", "tell a.value = 2", "tell a.total = 2"])
        // Alone again: the next action commits on the short path, the same way.
        member.set(3)
        #expect(journal.take() == ["compute a", "tell a.value = 3", "tell a.total = 3"])
    }

    @Test("a tree joined while a commit is under way joins that commit, even when it is the larger")
    func joiningDuringACommit() {
        let parent = TreeMember("parent", journal: journal)
        let child = TreeMember("child", journal: journal)
        let grandchild = TreeMember("grandchild", journal: journal)
        child.children = [grandchild]
        parent.events.observeValuesOnMain { _ in
            // Inside the parent's commit: adopt a tree of two, then write its leaf.
            parent.children = [child]
            grandchild.set(5)
        }
        parent.set(1, emitting: true)
        #expect(parent.total == 6, "the grandchild's write was computed in the same commit, up to the parent")
        #expect(journal.take().filter { $0.hasPrefix("tell") } == [
            "tell parent.value = 1", "tell parent.total = 6", "tell grandchild.value = 5", "tell grandchild.total = 5",
            "tell child.total = 5",
        ])
        #expect(grandchild._$transactions.sharesScope(with: parent._$transactions))
    }

    @Test("following a new value stops following the old one")
    func followReplacesFollowed() {
        let (parent, first, second) = tree()
        parent.children = [second]
        #expect(first._$transactions.followerCount == 0)
        #expect(second._$transactions.followerCount == 1)
        first.set(1)
        #expect(!journal.take().contains("compute parent"))
        second.set(2)
        #expect(journal.take().contains("compute parent"))
    }

    @Test("the handler keeps nothing alive and ends with the child")
    func handlerEndsWithTheChild() {
        var handled = 0
        weak var released: TreeMember?
        let parent = TreeMember("parent", journal: journal)
        do {
            let child = TreeMember("child", journal: journal)
            released = child
            ChildKeys.handle(child.events, of: child, in: parent) { _, _ in handled += 1 }
            child.set(1, emitting: true)
        }
        #expect(released == nil)
        #expect(handled == 1)
    }

    @Test("the handler is not called once its owner is released")
    func handlerEndsWithTheOwner() {
        var handled = 0
        let child = TreeMember("child", journal: journal)
        do {
            let owner = TreeMember("owner", journal: journal)
            ChildKeys.handle(child.events, of: child, in: owner) { _, _ in handled += 1 }
            child.set(1, emitting: true)
        }
        child.set(2, emitting: true)
        #expect(handled == 1)
    }
}
