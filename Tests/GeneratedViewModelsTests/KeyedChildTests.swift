import ExampleModels
import GeneratedViewModels
import Observation
import Reactive
import ReactiveTesting
import Testing

/// Children kept by id (docs/spec-format.md, "Keyed children"): `TodoRowsViewModel` keeps one
/// `TodoRowViewModel` per todo while the todo's id is in `items`, and handles the rows' events.
@MainActor
struct KeyedChildTests {
    let store = InMemoryTodoStore()

    func makeList(_ ids: [Int] = [1, 2, 3]) -> TodoRowsViewModel {
        let list = TodoRowsViewModel(store: store)
        list.items = ids.map { TodoItem(id: $0, title: "todo \($0)") }
        return list
    }

    /// Whether the list's values agree with its todos and its rows.
    func isConsistent(_ list: TodoRowsViewModel) -> Bool {
        let done = list.items.filter(\.isDone).count
        return list.rows.map(\.item) == list.items
            && list.doneCount == done
            && list.doneCountProperty.value == done
            && list.summary == "\(done) of \(list.items.count) done"
    }

    // MARK: Identity

    @Test func aKeptRowIsTheSameObjectWithItsStateAfterASiblingChanges() {
        let list = makeList()
        let first = list.rows[0]
        first.draft = "half typed"
        list.items[1].isDone = true
        #expect(list.rows[0] === first)
        #expect(first.draft == "half typed")
        #expect(list.rows[1].isDone)
    }

    @Test func aKeptRowKeepsItsSaveInFlightWhenASiblingIsRemoved() throws {
        let list = makeList()
        let first = list.rows[0]
        first.draft = "buy milk"
        first.rename.tap()
        #expect(first.renameIsExecuting)
        list.items.remove(at: 1)
        #expect(list.rows[0] === first)
        #expect(first.renameIsExecuting)
        let request = try #require(store.saves.last)
        #expect(request.isWaiting)
        // The save ends: the row clears its draft and hands the saved todo to the list.
        request.succeed(with: request.argument)
        #expect(!first.renameIsExecuting)
        #expect(first.draft == "")
        #expect(list.items.map(\.title) == ["buy milk", "todo 3"])
        #expect(first.item.title == "buy milk")
        #expect(list.rows[0] === first)
    }

    @Test func newIDsMakeRowsAndRemovedIDsReleaseTheirs() {
        let list = makeList()
        weak let removed = list.rows[1]
        let kept = [list.rows[0], list.rows[2]]
        list.items = [list.items[0], list.items[2], TodoItem(id: 4, title: "todo 4")]
        #expect(removed == nil)
        #expect(list.rows.count == 3)
        #expect(list.rows[0] === kept[0] && list.rows[1] === kept[1])
        #expect(list.rows[2].item.id == 4)
        #expect(isConsistent(list))
    }

    @Test func reorderingKeepsEveryRow() {
        let list = makeList([1, 2, 3, 4])
        let rows = list.rows
        list.items = [list.items[3], list.items[1], list.items[0], list.items[2]]
        #expect(list.rows.map(\.item.id) == [4, 2, 1, 3])
        #expect(list.rows.map(ObjectIdentifier.init) == [rows[3], rows[1], rows[0], rows[2]].map(ObjectIdentifier.init))
    }

    @Test func aReleasedListFreesItsRows() {
        weak var weakList: TodoRowsViewModel?
        weak var weakRow: TodoRowViewModel?
        do {
            let list = makeList()
            weakList = list
            weakRow = list.rows[0]
            list.rows[0].toggle.tap()
        }
        #expect(weakList == nil)
        #expect(weakRow == nil)
    }

    // MARK: Actions of the rows

    @Test func aRowsActionReachesTheListAsOneTransactionAndTheCountStaysConsistent() {
        let list = makeList()
        let row = list.rows[1]
        var seen: [String] = []
        let check: @MainActor (String) -> Void = { who in
            seen.append("\(who): \(isConsistent(list) ? "consistent" : "inconsistent") \(list.doneCount)")
        }
        let counts = Recorder(list.doneCountProperty)
        let itemsObservation = list.itemsProperty.signal.observeValuesOnMain { _ in check("items property") }
        let countObservation = list.doneCountProperty.signal.observeValuesOnMain { _ in check("count property") }
        defer {
            itemsObservation?.dispose()
            countObservation?.dispose()
        }
        let itemsTracking = track({ _ = list.items }) { check("items Observation") }
        let countTracking = track({ _ = list.doneCount }) { check("count Observation") }

        row.toggle.tap()

        #expect(list.items[1].isDone && row.isDone)
        #expect(counts.values == [0, 1])
        #expect(itemsTracking.changes == 1)
        #expect(countTracking.changes == 1)
        // One transaction of the list: each observer told once, in update order, all of them
        // reading the todos, the rows and the count in agreement.
        #expect(seen == [
            "items Observation: consistent 1",
            "items property: consistent 1",
            "count Observation: consistent 1",
            "count property: consistent 1",
        ])
    }

    @Test func aRowsActionAndTheListsHandlingOfItAreOneTransactionOfTheTree() {
        let list = makeList()
        let row = list.rows[1]
        let rowChanges = ChangeRecorder(row)
        let listChanges = ChangeRecorder(list)
        // Observers of the row read the list, observers of the list read the row: every one of
        // them, whenever told, sees the row, the todos and the count agree.
        var seen: [String] = []
        let check: @MainActor (String) -> Void = { who in
            let agree = isConsistent(list) && row.isDone == list.items[1].isDone && list.doneCount == (row.isDone ? 1 : 0)
            seen.append("\(who): \(agree ? "agree" : "disagree")")
        }
        let rowObservation = row.isDoneProperty.signal.observeValuesOnMain { _ in check("row isDone") }
        let countObservation = list.doneCountProperty.signal.observeValuesOnMain { _ in check("list doneCount") }
        defer {
            rowObservation?.dispose()
            countObservation?.dispose()
        }
        let rowTracking = track({ _ = row.title }) { check("row title (Observation)") }
        let countTracking = track({ _ = list.summary }) { check("list summary (Observation)") }

        row.toggle.tap()

        #expect(rowChanges.transactions.count == 1, "the row's changes and the event it sent are one transaction")
        #expect(listChanges.transactions.count == 1, "the list's handling of the event is the same transaction")
        rowChanges.expect(
            .changed(\.item, to: TodoItem(id: 2, title: "todo 2", isDone: true)),
            .changed(\.isDone, to: true),
            .changed(\.title, to: "[x] todo 2"),
            .sent(\.doneChanged, true))
        listChanges.expect(
            .changed(\.items, to: [
                TodoItem(id: 1, title: "todo 1"), TodoItem(id: 2, title: "todo 2", isDone: true), TodoItem(id: 3, title: "todo 3"),
            ]),
            .changed(\.doneCount, to: 1),
            .changed(\.summary, to: "1 of 3 done"))
        #expect(rowTracking.changes == 1 && countTracking.changes == 1)
        #expect(seen.count == 4 && seen.allSatisfy { $0.hasSuffix(": agree") }, "\(seen)")
        rowChanges.finish()
        listChanges.finish()
    }

    @Test func aRemovedRowsEventsNoLongerReachTheList() {
        let list = makeList()
        let removed = list.rows[0]
        list.items.removeFirst()
        removed.toggle.tap()
        #expect(list.items.allSatisfy { !$0.isDone })
        #expect(list.doneCount == 0)
    }

    // MARK: The elements' data

    @Test func anElementsNewDataReachesItsKeptRowInTheSameTransaction() {
        let list = makeList()
        let row = list.rows[0]
        var seenByListObservers: [String] = []
        let observation = list.itemsProperty.signal.observeValuesOnMain { _ in
            seenByListObservers.append(row.title)
        }
        defer { observation?.dispose() }
        let titles = Recorder(row.titleProperty)

        list.update { $0.items[0].title = "renamed"; $0.items[0].isDone = true }

        #expect(list.rows[0] === row)
        #expect(seenByListObservers == ["[x] renamed"])
        #expect(titles.values == ["[ ] todo 1", "[x] renamed"])
        #expect(list.doneCount == 1)
    }

    @Test func dataThatDidNotChangeTellsTheRowsNothing() {
        let list = makeList()
        let row = list.rows[2]
        let tracking = track({ _ = row.item; _ = row.title })
        list.items[0].title = "other"
        #expect(tracking.changes == 0)
        #expect(list.rows[2] === row)
    }
}
