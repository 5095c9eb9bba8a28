@_spi(VMGen) @_spi(Testing) import GeneratedViewModels
import Observation
@_spi(VMGen) @_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// A child's change that the parent reads is a transaction of the parent (docs/spec-format.md,
/// "children"): `SelectionViewModel` counts the selected `SelectableRowViewModel`s it holds.
@MainActor
struct ChildTests {
    func makeSelection(_ names: [String] = ["a", "b", "c"]) -> SelectionViewModel {
        let selection = SelectionViewModel()
        selection.names = names
        return selection
    }

    /// Whether the parent's values agree with its children, through both ways of reading them.
    func isConsistent(_ selection: SelectionViewModel) -> Bool {
        let selected = selection.rows.filter { $0.isSelectedProperty.value }.count
        return selection.selectedCount == selected
            && selection.selectedCountProperty.value == selected
            && selection.summary == "\(selected) of \(selection.rows.count) selected"
            && selection.lastIsSelected == (selection.rows.last?.isSelected ?? false)
    }

    // MARK: Consistency

    @Test func aParentCountStaysConsistentWhenAChildToggles() {
        let selection = makeSelection()
        let row = selection.rows[2]
        var seen: [String] = []
        let check: @MainActor (String) -> Void = { who in
            seen.append("\(who): \(isConsistent(selection) ? "consistent" : "inconsistent") \(selection.selectedCount)")
        }
        // Observers of the child that read the parent, and observers of the parent that read the child.
        let rowObservation = row.isSelectedProperty.signal.observeValuesOnMain { _ in check("row property") }
        let countObservation = selection.selectedCountProperty.signal.observeValuesOnMain { _ in check("count property") }
        defer {
            rowObservation?.dispose()
            countObservation?.dispose()
        }
        let rowTracking = track({ _ = row.isSelected }) { check("row Observation") }
        let countTracking = track({ _ = selection.selectedCount }) { check("count Observation") }

        row.isSelected = true

        #expect(selection.selectedCount == 1)
        #expect(selection.lastIsSelected)
        #expect(rowTracking.changes == 1)
        #expect(countTracking.changes == 1)
        // One transaction of the tree: the row and then the parent are computed, and only then are
        // observers told (the row's first, as it was computed first); all of them read both sides current.
        #expect(seen == [
            "row Observation: consistent 1",
            "row property: consistent 1",
            "count Observation: consistent 1",
            "count property: consistent 1",
        ])
    }

    @Test func aChildCommandThatChangesTheChildIsOneTransactionOfTheParentToo() {
        let selection = makeSelection()
        let counts = Recorder(selection.selectedCountProperty.signal)
        var consistentInRowObserver: [Bool] = []
        let observation = selection.rows[0].titleProperty.signal.observeValuesOnMain { _ in
            consistentInRowObserver.append(isConsistent(selection))
        }
        defer { observation?.dispose() }

        _ = selection.rows[0].toggle.tap()
        _ = selection.rows[1].toggle.tap()
        _ = selection.rows[0].toggle.tap()

        #expect(counts.values == [1, 2, 1])
        #expect(consistentInRowObserver == [true, true])
        #expect(selection.summary == "1 of 3 selected")
    }

    // MARK: Once per change

    @Test func theParentNotifiesOncePerChildChange() {
        let selection = makeSelection()
        let counts = Recorder(selection.selectedCountProperty.signal)
        let summaries = Recorder(selection.summaryProperty.signal)
        let lastRows = Recorder(selection.lastRowProperty.signal)
        let rows = Recorder(selection.rowsProperty.signal)
        let tracking = track({ _ = selection.summary })

        selection.rows[0].isSelected = true
        selection.rows[0].isSelected = true   // the same value: no change of the child, none of the parent
        selection.rows[1].isSelected = true

        #expect(counts.values == [1, 2])
        #expect(summaries.values == ["1 of 3 selected", "2 of 3 selected"])
        #expect(tracking.changes == 1)
        // A child's own changes are not changes of the values that hold it.
        #expect(lastRows.values.isEmpty)
        #expect(rows.values.isEmpty)
    }

    @Test func childrenChangedInsideOneParentUpdateAreCountedOnceWhenItEnds() {
        let selection = makeSelection()
        let counts = Recorder(selection.selectedCountProperty.signal)

        selection.update { selection in
            selection.rows[0].isSelected = true
            selection.rows[1].isSelected = true
            selection.rows[2].isSelected = true
        }

        #expect(counts.values == [3])
        #expect(isConsistent(selection))
    }

    @Test func eachShapeOfChildIsFollowed() {
        let selection = makeSelection()
        let summaries = Recorder(selection.summaryProperty.signal)
        let lastSelected = Recorder(selection.lastIsSelectedProperty.signal)

        selection.lastRow?.isSelected = true   // an optional child (also in `rows`)
        selection.allRow.isSelected = true     // one child

        #expect(lastSelected.values == [true])
        #expect(summaries.values == ["1 of 3 selected", "all 3 selected"])
    }

    // MARK: Following the current children

    @Test func aReplacedChildIsNoLongerFollowed() {
        let selection = makeSelection()
        let old = selection.rows[0]
        let oldAll = selection.allRow
        #expect(old._$transactions.followerCount == 1)
        // The last row is followed through `rows` and `lastRow`.
        #expect(selection.rows[2]._$transactions.followerCount == 2)

        selection.names = ["x", "y"]
        let counts = Recorder(selection.selectedCountProperty.signal)
        let summaries = Recorder(selection.summaryProperty.signal)

        old.isSelected = true
        oldAll.isSelected = true
        #expect(old._$transactions.followerCount == 0)
        #expect(oldAll._$transactions.followerCount == 0)
        #expect(counts.values.isEmpty)
        #expect(summaries.values.isEmpty)
        #expect(selection.selectedCount == 0)

        selection.rows[1].isSelected = true
        #expect(counts.values == [1])
        #expect(selection.lastIsSelected)
    }

    @Test func aReleasedParentAndItsChildrenAreFreed() {
        weak var weakSelection: SelectionViewModel?
        weak var weakRow: SelectableRowViewModel?
        do {
            let selection = makeSelection()
            weakSelection = selection
            weakRow = selection.rows[0]
            _ = Recorder(selection.selectedCountProperty.signal)
            selection.rows[0].isSelected = true
            #expect(selection.selectedCount == 1)
        }
        #expect(weakSelection == nil)
        #expect(weakRow == nil)
    }

    @Test func aChildThatOutlivesItsParentKeepsWorkingAndKeepsNothingAlive() {
        weak var weakSelection: SelectionViewModel?
        var kept: SelectableRowViewModel?
        do {
            let selection = makeSelection()
            weakSelection = selection
            kept = selection.rows[0]
        }
        #expect(weakSelection == nil)
        let row = kept!
        row.isSelected = true
        #expect(row.title == "[x] a")
        #expect(row._$transactions.followerCount == 0)
    }

    // MARK: Observers that read and write across parent and child

    @Test func observersThatReadTheParentAndWriteChildrenDoNotLoopOrHang() {
        let selection = makeSelection()
        var consistent: [Bool] = []
        // A parent observer that keeps at most one row selected, by writing to children.
        let limit = selection.selectedCountProperty.signal.observeValuesOnMain { count in
            consistent.append(isConsistent(selection))
            if count > 1 {
                for row in selection.rows.dropLast() where row.isSelected { row.isSelected = false }
            }
        }
        // A child observer that reads the parent's derived value.
        let reader = selection.rows[2].isSelectedProperty.signal.observeValuesOnMain { _ in
            consistent.append(isConsistent(selection))
        }
        defer {
            limit?.dispose()
            reader?.dispose()
        }

        selection.rows[0].isSelected = true
        selection.rows[2].isSelected = true

        #expect(selection.rows.map(\.isSelected) == [false, false, true])
        #expect(selection.selectedCount == 1)
        #expect(isConsistent(selection))
        #expect(!consistent.isEmpty)
        #expect(consistent.allSatisfy { $0 })
    }
}

/// A grandparent follows its children, and through them their own children.
@MainActor
struct GrandchildTests {
    @Test func aGrandchildsChangeReachesTheGrandparentOnceAndConsistently() {
        let group = SelectionGroupViewModel()
        group.lists = [["a", "b"], ["c"]]
        let totals = Recorder(group.totalSelectedProperty.signal)
        let names = Recorder(group.selectedNamesProperty.signal)
        let row = group.selections[1].rows[0]
        var seenByRowObserver: [String] = []
        let observation = row.isSelectedProperty.signal.observeValuesOnMain { _ in
            seenByRowObserver.append("\(group.totalSelected) \(group.selectedNames) \(group.selections[1].selectedCount)")
        }
        defer { observation?.dispose() }
        let tracking = track({ _ = group.totalSelected })

        row.isSelected = true

        #expect(totals.values == [1])
        #expect(names.values == [["c"]])
        #expect(tracking.changes == 1)
        #expect(seenByRowObserver == ["1 [\"c\"] 1"])
    }

    @Test func aGrandchildChangeThatLeavesTheParentsValuesAloneStillReachesTheGrandparent() {
        let group = SelectionGroupViewModel()
        group.lists = [["a", "b"]]
        let selection = group.selections[0]
        selection.rows[1].isSelected = true
        let counts = Recorder(selection.selectedCountProperty.signal)
        let names = Recorder(group.selectedNamesProperty.signal)

        // One row in, one row out: the list's count and summary stay the same.
        selection.update { selection in
            selection.rows[0].isSelected = true
            selection.rows[1].isSelected = false
        }

        #expect(counts.values.isEmpty)
        #expect(names.values == [["a"]])
        #expect(group.selectedNames == ["a"])
    }

    @Test func aReleasedGrandparentFreesItsFamily() {
        weak var weakGroup: SelectionGroupViewModel?
        weak var weakRow: SelectableRowViewModel?
        do {
            let group = SelectionGroupViewModel()
            group.lists = [["a"]]
            weakGroup = group
            weakRow = group.selections[0].rows[0]
            group.selections[0].rows[0].isSelected = true
            #expect(group.totalSelected == 1)
        }
        #expect(weakGroup == nil)
        #expect(weakRow == nil)
    }
}
