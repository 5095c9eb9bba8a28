import GeneratedViewModels
import GoldenViewModels
import Observation
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// Derived values computed when read (docs/spec-format.md, "Values computed when read"), on the
/// golden `WhenRead`: `double` -> `sum` -> `label`, which only derived values of known
/// `Equatable` types read, and `limit`, which a reaction reads.
@MainActor
struct ComputedWhenReadTests {
    let counter = Locked<[String: Int]>([:])

    /// How often each value was computed since the last `reset()`.
    func evaluations() -> [String: Int] {
        let counts = counter.withLock { $0 }
        return Dictionary(uniqueKeysWithValues: ["double", "sum", "label", "limit"].map { ($0, counts[$0, default: 0]) })
    }

    func reset() {
        counter.withLock { $0.removeAll() }
    }

    @Test func valuesNobodyWatchesAreNotComputedUntilRead() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        reset()
        model.a = 2
        model.a = 3
        model.b = 20
        // The reaction reads `limit`: it is computed in each commit that changes `b`.
        #expect(evaluations() == ["double": 0, "sum": 0, "label": 0, "limit": 1])
        // A read computes what it needs, once, from the values as they are now.
        #expect(model.label == "sum 26")
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 1])
        #expect(model.label == "sum 26")
        #expect(model.sum == 26)
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 1])
    }

    @Test func aValueOnceReadIsComputedInEachCommitThatChangesIt() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        _ = model.label
        reset()
        model.a = 2
        // `label` is watched (Observation may track it), so the commit computes it, and what it reads.
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 0])
        #expect(model.label == "sum 14")
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 0])
    }

    @Test func aReadInsideATransactionGivesTheValueTheLastTransactionLeft() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        model.a = 5
        model.update { model in
            model.a = 7
            model.b = 1
            // Out of date since `a = 5`, computed now from `a` and `b` as the last transaction left them.
            #expect(model.sum == 20)
            #expect(model.label == "sum 20")
        }
        #expect(model.sum == 15)
        #expect(model.label == "sum 15")
    }

    @Test func aStatementReadsTheValueFromBeforeItsAction() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        model.a = 4
        model.record.execute().start()
        // `record` wrote `a` (5), then read `sum`, which keeps its value until the action ends.
        #expect(model.seen == 18)
        #expect(model.sum == 20)
    }

    /// The same read once the value is watched (so computed in each commit that changes it): the
    /// statement still reads the value the last transaction left, not one computed from `a` as
    /// it wrote it.
    @Test func aStatementReadsAWatchedValueAsTheLastTransactionLeftIt() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        model.a = 4
        #expect(model.sum == 18)
        reset()
        model.record()
        #expect(model.seen == 18)
        #expect(model.sum == 20)
        // `sum` was computed once, in the commit, and not for the statement's read.
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 0, "limit": 0])
    }

    @Test func observationIsToldOncePerRealChangeOfAValueItRead() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        model.a = 3
        var firings = 0
        var seen: [Int] = []
        func track() {
            withObservationTracking { _ = model.sum } onChange: {
                MainActor.assumeIsolated {
                    firings += 1
                    seen.append(model.sum)
                }
            }
        }
        track()
        model.a = 4
        #expect(firings == 1)
        track()
        // `double` goes up by 2 and `b` down by 2: `sum` stays 18, so nobody is told.
        model.update { $0.a = 5; $0.b = 8 }
        #expect(firings == 1)
        model.b = 9
        #expect(firings == 2)
        #expect(seen == [18, 19])
    }

    @Test func aValueComputedInsideATransactionIsComputedAgainAfterIt() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        model.a = 2
        var during = 0
        model.update { model in
            model.a = 3
            during = model.sum
        }
        // Computed inside the transaction from `a` as it was (2), out of date again once it ended.
        #expect(during == 14)
        #expect(model.sum == 16)
        var told: [Int] = []
        withObservationTracking { _ = model.sum } onChange: {
            MainActor.assumeIsolated { told.append(model.sum) }
        }
        model.a = 4
        #expect(told == [18])
    }

    @Test func aRuntimePropertyStartsFromTheCurrentValueAndHearsEveryChange() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        model.a = 6
        let labels = Recorder(model.labelProperty.producer)
        #expect(labels.values == ["sum 22"])
        reset()
        model.a = 7
        model.b = 10
        model.a = 8
        #expect(labels.values == ["sum 22", "sum 24", "sum 26"])
        // The property watches `label`, which pulls `sum` and `double` into each commit: once each.
        #expect(evaluations() == ["double": 2, "sum": 2, "label": 2, "limit": 0])
    }

    @Test func whatAnActionReadsIsNotWatched() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        // `record` reads `sum` in its statements: the view model's own read.
        model.record()
        #expect(model.seen == 12)
        reset()
        model.a = 10
        #expect(evaluations() == ["double": 0, "sum": 0, "label": 0, "limit": 0])
    }

    @Test func observationDoesNotTrackWhatAnActionReads() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        var firings = 0
        withObservationTracking {
            model.update { _ = $0.b }
        } onChange: {
            MainActor.assumeIsolated { firings += 1 }
        }
        model.b = 20
        #expect(firings == 0)
        withObservationTracking { _ = model.b } onChange: { MainActor.assumeIsolated { firings += 1 } }
        model.b = 30
        #expect(firings == 1)
    }

    /// From a newcomer's trial: a runtime property made inside `update { }` after its value was
    /// written starts from the value before the transaction and hears the new one once.
    @Test func aRuntimePropertyMadeInsideATransactionHearsItsChangeOnce() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        var values: Recorder<Int, Never>?
        model.update { model in
            model.b = 20
            values = Recorder(model.bProperty.producer)
        }
        #expect(values?.values == [10, 20])
    }

    @Test func aParameterNamedLikeTheFunctionsParameterIsNotHidden() {
        let model = WhenReadViewModel(reading: 3, evaluations: counter)
        model.a = 5
        #expect(model.label == "sum 25")
        #expect(model.double == 15)
    }

    /// From a review: a value read when out of date that reads a child would give what the
    /// transaction under way wrote to the child. `summary` reads the child `allRow`, so it is
    /// computed in every commit.
    @Test func aValueThatReadsAChildKeepsItsValueUntilTheTransactionEnds() {
        let selection = SelectionViewModel()
        selection.names = ["a", "b"]
        var during = ""
        selection.update { selection in
            selection.allRow.isSelected = true
            during = selection.summary
        }
        #expect(during == "0 of 2 selected")
        #expect(selection.summary == "all 2 selected")
    }

    @Test func theChangeRecorderHearsEveryChangeOfValuesNobodyReadBefore() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        model.a = 9
        let changes = ChangeRecorder(model)
        model.a = 10
        changes.expect(.changed(\.a, to: 10), .changed(\.double, to: 20), .changed(\.sum, to: 30), .changed(\.label, to: "sum 30"))
        model.b = 11
        changes.expect(
            .changed(\.b, to: 11), .changed(\.sum, to: 31), .changed(\.label, to: "sum 31"), .changed(\.limit, to: 110),
            .changed(\.overLimit, to: 1))
        changes.finish()
    }

    /// docs/testing.md: a `ChangeRecorder` makes every value's runtime property (through
    /// `_$outputs`), so from then on every value computed when read is watched, and computed in
    /// each commit that changes it, also once the recorder stopped.
    @Test func aChangeRecorderWatchesEveryValueForTheViewModelsLife() {
        let model = WhenReadViewModel(reading: 2, evaluations: counter)
        let changes = ChangeRecorder(model, exhaustive: false)
        reset()
        model.a = 2
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 0])
        changes.stop()
        reset()
        model.a = 3
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 0])
    }

    /// The same for the explorer, whose checks read `_$outputs` and `_$audit()` after each step:
    /// the view models it made compute every value in each commit.
    @Test func theExplorerWatchesEveryValue() throws {
        let counter = counter
        let made = Box<[WhenReadViewModel]>([])
        let report = Explorer<WhenReadViewModel> { _ in
            let model = WhenReadViewModel(reading: 2, evaluations: counter)
            made.value.append(model)
            return model
        }.exhaustive(depth: 1)
        report.expectNoFailure()
        let model = try #require(made.value.first)
        reset()
        model.a = 5
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 0])
        // `_$audit()` alone, which the explorer runs after every step, does the same.
        let audited = WhenReadViewModel(reading: 2, evaluations: counter)
        #expect(audited._$audit() == [])
        reset()
        audited.a = 5
        #expect(evaluations() == ["double": 1, "sum": 1, "label": 1, "limit": 0])
    }
}

/// A value that closures on the main actor share.
@MainActor private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
