import ExampleModels
import GeneratedViewModels
import GoldenViewModels
import Reactive
import ReactiveTesting
import Testing

/// The exhaustive change assertions of `ChangeRecorder`, on the examples' view models. Failures go
/// through the recorder's report seam, so these tests read the messages a user would see.
@MainActor
struct ChangeRecorderTests {
    /// The messages a recorder reported, in order.
    final class Reports {
        var messages: [String] = []
    }

    let reports = Reports()

    func recorder<ViewModel: Inspectable>(
        _ viewModel: ViewModel, exhaustive: Bool = true, scheduler: TestScheduler? = nil
    ) -> ChangeRecorder<ViewModel> {
        ChangeRecorder(viewModel, exhaustive: exhaustive, scheduler: scheduler) { [reports] message, _ in
            reports.messages.append(message)
        }
    }

    @Test func anEventOfATypeThatIsNotEquatableIsStatedByHowManyTimesItWasSent() {
        // The golden counter's `wasReset` is a `Void` event.
        let counter = CounterViewModel(limit: 3)
        let changes = recorder(counter)
        counter.increment.execute().start()
        changes.expect(.changed(\.count, to: 1), .changed(\.remaining, to: 2), .changed(\.summary, to: "Counter: 2 to go"))
        counter.reset.execute().start()
        changes.expect(.changed(\.count, to: 0), .changed(\.remaining, to: 3), .changed(\.summary, to: "Counter: 3 to go"),
                       .sent(\.wasReset, times: 1))
        counter.reset.execute().start()
        changes.expect(.sent(\.wasReset, "()", where: { _ in true }))
        counter.reset.execute().start()
        changes.expect(.sent(\.wasReset, times: 2))
        #expect(reports.messages.count == 1, "\(reports.messages)")
        #expect(reports.messages.first?.contains("wasReset") == true)
    }

    @Test func stillRunningNamesAValueThatIsNoWorkByItsName() {
        let row = SelectableRowViewModel(name: "a")
        let changes = recorder(row)
        changes.finish(stillRunning: \.isSelected)
        #expect(reports.messages.count == 1, "\(reports.messages)")
        #expect(reports.messages.first?.contains("`isSelected` is not a command's IsExecuting") == true, "\(reports.messages)")
    }

    @Test func aStepWhoseEveryChangeIsStatedPasses() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let changes = recorder(line)
        line.quantity = 10
        changes.expect(
            .changed(\.quantity, to: 10),
            .changed(\.subtotal, to: 1000),
            .changed(\.discount, to: 100),
            .changed(\.total, to: 900),
            .changed(\.summary, to: "10 for 900"))
        line.unitPrice = 100
        changes.expectNoChanges()
        changes.finish()
        #expect(reports.messages == [])
    }

    @Test func anUnstatedChangeFailsWithTheExpectedAndActualValuesOfEachOutput() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let changes = recorder(line)
        line.quantity = 10
        changes.expect(.changed(\.quantity, to: 10), .changed(\.total, to: 1000))
        #expect(reports.messages == [
            """
            The changes differ from the expected ones (expected vs actual, per output):
              subtotal: expected no change; actual 1000
              discount: expected no change; actual 100
              total: expected 1000; actual 900
              summary: expected no change; actual "10 for 900"
            Recorded transactions:
              1. quantity = 10, subtotal = 1000, discount = 100, total = 900, summary = "10 for 900"
            """,
        ])
    }

    @Test func aValueThatChangedAndChangedBackWithinOneStepIsAFlicker() {
        let settings = SettingsViewModel(store: InMemorySettingsStore())
        let changes = recorder(settings)
        // One step of two transactions: the size set, then the reset that puts it back.
        settings.fontSize = 20
        settings.reset.execute().start()
        changes.expect(.changed(\.summary, to: "20 pt, 1.2 lines, light, images, en",
                                "14 pt, 1.2 lines, light, images, en"))
        let message = reports.messages.first
        #expect(message?.contains("  fontSize: expected no change; actual 20, 14 (changed and changed back to 14: a flicker)") == true)
        #expect(message?.contains("  isDefault: expected no change; actual false, true (changed and changed back to true: a flicker)") == true)
        #expect(message?.contains("  resetIsEnabled: expected no change; actual true, false (changed and changed back to false: a flicker)") == true)
        #expect(message?.contains("  summary:") == false)
        #expect(message?.contains("""
            Recorded transactions:
              1. fontSize = 20, summary = "20 pt, 1.2 lines, light, images, en", isDefault = false, resetIsEnabled = true
              2. fontSize = 14, summary = "14 pt, 1.2 lines, light, images, en", isDefault = true, resetIsEnabled = false
            """) == true)
    }

    @Test func aResourceThatLoadsAndAnswersInOneStepChangesLoadingTwice() {
        let computation = InMemoryComputation()
        let resource = LoadableResourceViewModel(computation: computation)
        let changes = recorder(resource)
        resource.model = "2"
        changes.expect(.changed(\.model, to: "2"), .changed(\.computedIsLoading, to: true), .changed(\.loading, to: true))
        computation.computations.last?.succeed(with: "4")
        changes.expect(
            .changed(\.computed, to: "4"), .changed(\.result, to: "4"),
            .changed(\.computedIsLoading, to: false), .changed(\.loading, to: false))
        changes.finish()
        #expect(reports.messages == [])
    }

    @Test func aFailureIsExpectedThroughAMatchForValuesThatAreNotEquatable() {
        let computation = InMemoryComputation()
        let resource = LoadableResourceViewModel(computation: computation)
        let changes = recorder(resource, exhaustive: false)
        resource.model = "2"
        computation.computations.last?.fail(with: .failed("overflow"))
        changes.expect(
            .changed(\.computedError, "a failure", where: { $0 != nil }),
            .changed(\.loading, to: true, false))
        changes.finish()
        #expect(reports.messages == [])
    }

    @Test func theNonExhaustiveModeComparesOnlyTheOutputsACheckNames() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let changes = recorder(line, exhaustive: false)
        line.quantity = 10
        changes.expect(.changed(\.total, to: 900))
        changes.expect(.changed(\.total, to: 1))
        line.quantity = 2
        changes.expect(.changed(\.total, to: 1))
        changes.finish()
        #expect(reports.messages == [
            """
            The changes differ from the expected ones (expected vs actual, per output):
              total: expected 1; actual no change
            """,
            """
            The changes differ from the expected ones (expected vs actual, per output):
              total: expected 1; actual 200
            Recorded transactions:
              1. quantity = 2, subtotal = 200, discount = 0, total = 200, summary = "2 for 200"
            """,
        ])
    }

    @Test func eventsAreRecordedWithTheTransactionThatSentThem() {
        let flickr = InMemoryFlickrSearch()
        let results = FlickrSearchResults(searchString: "wibble", totalResults: 1, photos: [])
        let search = FlickrSearchViewModel(flickr: flickr)
        let changes = recorder(search)
        search.searchText = "wibble"
        changes.expect(.changed(\.searchText, to: "wibble"), .changed(\.executeSearchIsEnabled, to: true))
        search.executeSearch.execute().start()
        changes.expect(
            .changed(\.executeSearchIsExecuting, to: true), .changed(\.executeSearchIsEnabled, to: false),
            .changed(\.selectPreviousSearchIsEnabled, to: false))
        flickr.searches.last?.succeed(with: results)
        changes.expect(
            .changed(\.executeSearchIsExecuting, to: false), .changed(\.executeSearchIsEnabled, to: true),
            .changed(\.selectPreviousSearchIsEnabled, to: true),
            .changed(\.previousSearches, to: [FlickrPreviousSearch(results)]),
            .sent(\.showResults, results))
        #expect(changes.transactions.isEmpty)
        changes.finish()
        #expect(reports.messages == [])
    }

    @Test func workStillRunningAtTheEndIsReported() {
        let settings = SettingsViewModel(store: InMemorySettingsStore())
        let scheduler = TestScheduler()
        let changes = recorder(settings, scheduler: scheduler)
        settings.save.execute().start()
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(2)) {}
        changes.expect(.changed(\.saveIsExecuting, to: true), .changed(\.saveIsEnabled, to: false))
        changes.finish()
        #expect(reports.messages == [
            """
            Work is still running at the end of the test:
              saveIsExecuting is still true
              the TestScheduler still has 1 scheduled action(s)
            """,
        ])
    }

    @Test func workNamedAsStillRunningIsExpectedAndTheRestMustHaveEnded() {
        let computation = InMemoryComputation()
        let resource = LoadableResourceViewModel(computation: computation)
        let changes = recorder(resource, exhaustive: false)
        resource.model = "2"
        changes.finish(stillRunning: \.computedIsLoading)
        #expect(reports.messages == [])

        let ended = LoadableResourceViewModel(computation: computation)
        let endedChanges = recorder(ended, exhaustive: false)
        endedChanges.finish(stillRunning: \.computedIsLoading)
        #expect(reports.messages == [
            """
            Work the test said would still be running is not:
              computedIsLoading is false
            """,
        ])
    }

    @Test func changesNotCheckedBeforeTheEndFailTheTest() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let changes = recorder(line)
        line.update { $0.quantity = 2; $0.unitPrice = 50 }
        changes.finish()
        #expect(reports.messages == [
            """
            Changes not checked before the end (expected vs actual, per output):
              quantity: expected no change; actual 2
              unitPrice: expected no change; actual 50
              summary: expected no change; actual "2 for 100"
            Recorded transactions:
              1. quantity = 2, unitPrice = 50, summary = "2 for 100"
            """,
        ])
    }

    @Test func byDefaultAFailedCheckIsATestIssueWithTheDiff() {
        let line = OrderLineViewModel(counter: EvaluationCounter())
        let changes = ChangeRecorder(line)
        line.quantity = 3
        withKnownIssue {
            changes.expect(.changed(\.quantity, to: 3))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("total: expected no change; actual 300") }
        }
        changes.stop()
    }
}
