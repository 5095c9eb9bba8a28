@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// An element of a keyed list: its id and its data.
private struct Item: Equatable {
    var id: Int
    var title: String
}

/// A child made for an element, which takes the element's data on each update.
@MainActor
private final class Row {
    let id: Int
    var title: String
    var updates = 0

    init(_ item: Item) {
        id = item.id
        title = item.title
    }
}

/// A list kept by id, with counts of what reconciling did.
@MainActor
private final class KeyedList {
    let keys = ChildKeys()
    var rows: [Row] = []
    var made = 0
    var announced: [Int] = []

    func show(_ items: [Item]) {
        rows = keys.reconcile(
            rows, with: items, id: \.id,
            make: { item in
                made += 1
                return Row(item)
            },
            update: { row, item in
                row.title = item.title
                row.updates += 1
            },
            made: { row in announced.append(row.id) })
    }

    func items(_ ids: [Int], _ title: String = "") -> [Item] { ids.map { Item(id: $0, title: "\(title)\($0)") } }
}

@MainActor
@Suite("Keyed child lists")
struct ChildKeysTests {
    @Test("a child whose id remains is the same object, updated with its element's new data")
    func keptChildIsUpdatedInPlace() {
        let list = KeyedList()
        list.show(list.items([1, 2, 3]))
        let before = list.rows
        list.show(list.items([1, 2, 3], "new "))
        #expect(zip(before, list.rows).allSatisfy { $0 === $1 })
        #expect(list.rows.map(\.title) == ["new 1", "new 2", "new 3"])
        #expect(list.rows.map(\.updates) == [1, 1, 1])
        #expect(list.made == 3)
    }

    @Test("new ids make children, announced once each; removed ids let theirs go")
    func newAndRemovedIDs() {
        let list = KeyedList()
        list.show(list.items([1, 2, 3]))
        weak let removed = list.rows[1]
        let kept = (list.rows[0], list.rows[2])
        list.show(list.items([1, 3, 4]))
        #expect(removed == nil)
        #expect(list.rows[0] === kept.0 && list.rows[1] === kept.1)
        #expect(list.rows.map(\.id) == [1, 3, 4])
        #expect(list.made == 4)
        #expect(list.announced == [1, 2, 3, 4])
        #expect(list.keys.ids == [1, 3, 4])
    }

    @Test("reordering keeps every object and makes none")
    func reorderingKeepsObjects() {
        let list = KeyedList()
        list.show(list.items([1, 2, 3, 4]))
        let byID = Dictionary(uniqueKeysWithValues: list.rows.map { ($0.id, $0) })
        list.show(list.items([4, 2, 1, 3]))
        #expect(list.rows.map(\.id) == [4, 2, 1, 3])
        #expect(list.rows.allSatisfy { byID[$0.id] === $0 })
        #expect(list.made == 4)
    }

    @Test("repeated ids are matched in order, so their children are kept")
    func repeatedIDsMatchInOrder() {
        let list = KeyedList()
        list.show([Item(id: 7, title: "a"), Item(id: 8, title: "b"), Item(id: 7, title: "c")])
        let (first, second) = (list.rows[0], list.rows[2])
        list.show([Item(id: 8, title: "b"), Item(id: 7, title: "a2"), Item(id: 7, title: "c2")])
        #expect(list.rows[1] === first && list.rows[2] === second)
        #expect(list.rows.map(\.title) == ["b", "a2", "c2"])
        #expect(list.made == 3)
        // A third 7 is new; dropping one 7 lets the last one go.
        list.show([Item(id: 7, title: "a3")])
        #expect(list.rows[0] === first)
        #expect(list.made == 3)
    }

    @Test("when the ids are where they were, the same array comes back: nothing is allocated")
    func unchangedIDsReturnTheSameArray() {
        let list = KeyedList()
        list.show(list.items([1, 2, 3]))
        let before = list.rows.withUnsafeBufferPointer { $0.baseAddress }
        list.show(list.items([1, 2, 3], "x"))
        let after = list.rows.withUnsafeBufferPointer { $0.baseAddress }
        #expect(before == after)
        #expect(list.made == 3)
    }

    @Test("an emptied list lets every child go, and fills again with new ones")
    func emptyingAndRefilling() {
        let list = KeyedList()
        list.show(list.items([1, 2]))
        weak let one = list.rows[0]
        list.show([])
        #expect(list.rows.isEmpty && one == nil)
        list.show(list.items([1]))
        #expect(list.made == 3)
    }
}
