import ExampleModels
import Foundation
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

/// Issue 12's search as you type: a debounced, async, cancellable resource and a throttled value,
/// on virtual time.
@MainActor
struct LiveSearchTests {
    let search = InMemoryAsyncSearch()
    let scheduler = TestScheduler()

    /// An active view model whose first load (on activation, of the empty query) has ended.
    func activeSearch() async -> LiveSearchViewModel {
        let view = LiveSearchViewModel(search: search, scheduler: scheduler)
        view.isActive = true
        await loadEnded(view)
        return view
    }

    /// Waits until the running load of `results` has ended (its async task answered); a test
    /// issue if it has not within the bound of `waitUntil`.
    func loadEnded(_ view: LiveSearchViewModel, sourceLocation: SourceLocation = #_sourceLocation) async {
        #expect(await waitUntil { !view.resultsIsLoading }, "the load of `results` did not end", sourceLocation: sourceLocation)
    }

    /// The virtual seconds since the scheduler started.
    var now: TimeInterval { scheduler.currentDate.timeIntervalSinceReferenceDate }

    // MARK: Debounce

    @Test func aSearchStartsOnlyOnceTypingPausedForThreeTenthsOfASecond() async throws {
        let view = await activeSearch()
        var starts: [TimeInterval] = []
        let observation = view.resultsIsLoadingProperty.signal.observeValuesOnMain { isLoading in
            if isLoading { starts.append(self.now) }
        }
        defer { observation?.dispose() }

        view.query = "s"
        scheduler.advance(by: 0.2)
        view.query = "sw"                     // a newer change restarts the wait
        scheduler.advance(by: 0.29)
        #expect(starts.isEmpty)
        #expect(!view.resultsIsLoading)

        scheduler.advance(by: 0.01)
        #expect(starts == [0.5])
        let request = try #require(await search.request(0))
        #expect(request.query == "sw")
        #expect(search.requests.count == 1)
        request.succeed(with: ["Swift"])
        await loadEnded(view)
        #expect(view.results == ["Swift"])
    }

    @Test func aDebouncedReloadIsATransactionOfItsOwn() async throws {
        let view = await activeSearch()
        let queries = Recorder(view.queryProperty)
        let loading = Recorder(view.resultsIsLoadingProperty)
        view.query = "swift"
        #expect(queries.values == ["", "swift"])
        #expect(loading.values == [false])

        let tracking = track({ _ = view.query; _ = view.resultsIsLoading })
        scheduler.advance(by: 0.3)
        // The reload told the observers of `resultsIsLoading` once; `query` did not change again.
        #expect(loading.values == [false, true])
        #expect(queries.values == ["", "swift"])
        #expect(tracking.changes == 1)
        try #require(await search.request(0)).succeed(with: [])
    }

    @Test func aChangeWhileInactiveNeitherLoadsNorWaits() async throws {
        let view = await activeSearch()
        view.query = "swift"                  // its reload waits for the debounce...
        view.isActive = false                 // ...and going inactive drops it
        let loading = Recorder(view.resultsIsLoadingProperty)
        scheduler.advance(by: 1)
        #expect(loading.values == [false])
        #expect(scheduler.currentDate.timeIntervalSinceReferenceDate == 1)
    }

    @Test func anExplicitReloadLoadsAtOnceAndDropsTheReloadStillWaiting() async throws {
        let view = await activeSearch()
        view.query = "swift"                  // its reload waits for the debounce...
        view.reloadResults()                  // ...and the explicit reload loads the same query now
        #expect(view.resultsIsLoading)
        let request = try #require(await search.request(0))
        #expect(request.query == "swift")
        request.succeed(with: ["Swift"])
        await loadEnded(view)

        scheduler.advance(by: 1)              // nothing was left waiting to load it a second time
        #expect(!view.resultsIsLoading)
        #expect(search.requests.count == 1)
        #expect(view.results == ["Swift"])
    }

    // MARK: Throttle

    @Test func theCharacterCountChangesAtMostTwiceASecond() {
        let view = LiveSearchViewModel(search: search, scheduler: scheduler)
        let counts = Recorder(view.characterCountProperty)

        view.query = "a"                      // the first change goes through on the scheduler's next turn
        #expect(view.characterCount == 0)
        scheduler.advance()
        #expect(counts.values == [0, 1])

        scheduler.advance(by: 0.1)
        view.query = "ab"
        scheduler.advance(by: 0.1)
        view.query = "abc"                    // kept: only the latest goes through, at 0.5
        scheduler.advance(by: 0.29)
        #expect(counts.values == [0, 1])
        scheduler.advance(by: 0.01)
        #expect(now == 0.5)
        #expect(counts.values == [0, 1, 3])

        scheduler.advance(by: 0.7)
        view.query = "abcd"                   // more than half a second later: through at once
        scheduler.advance()
        #expect(counts.values == [0, 1, 3, 4])
    }

    @Test func eachThrottledValueIsOneTransaction() {
        let view = LiveSearchViewModel(search: search, scheduler: scheduler)
        view.query = "abc"
        let tracking = track({ _ = view.characterCount; _ = view.query })
        let counts = Recorder(view.characterCountProperty)
        scheduler.advance()
        #expect(tracking.changes == 1)
        #expect(counts.values == [0, 3])
        #expect(view.query == "abc")
    }

    // MARK: Async loads

    @Test func aNewerSearchCancelsTheRunningTaskAndItsResultNeverShows() async throws {
        let view = await activeSearch()
        let results = Recorder(view.resultsProperty)
        view.query = "swift"
        scheduler.advance(by: 0.3)
        let first = try #require(await search.request(0))

        view.query = "swiftui"
        scheduler.advance(by: 0.3)
        // The first task is cancelled now; it sees it once it waits for the answer, which it may
        // not have reached yet on a loaded machine.
        #expect(await waitUntil { first.sawCancellation })
        let second = try #require(await search.request(1))
        #expect(!second.sawCancellation)

        first.succeed(with: ["late: Swift"])  // the service answers anyway: ignored
        second.succeed(with: ["SwiftUI"])
        await loadEnded(view)
        #expect(results.values == [[], ["SwiftUI"]])
    }

    @Test func goingInactiveCancelsTheRunningSearch() async throws {
        let view = await activeSearch()
        view.query = "swift"
        scheduler.advance(by: 0.3)
        let request = try #require(await search.request(0))

        view.isActive = false
        #expect(await waitUntil { request.sawCancellation })
        #expect(!view.resultsIsLoading)
        request.succeed(with: ["late"])
        #expect(view.results == [])
    }

    @Test func aReleasedViewModelIsFreedWhileItsSearchRunsAndTheSearchIsCancelled() async throws {
        weak var released: LiveSearchViewModel?
        var request: AsyncSearchRequest?
        do {
            let view = await activeSearch()
            released = view
            view.query = "swift"
            scheduler.advance(by: 0.3)
            let made = try #require(await search.request(0))
            request = made
            #expect(view.resultsIsLoading)
        }
        #expect(released == nil)
        #expect(await waitUntil { request?.sawCancellation == true })
        request?.succeed(with: [])
    }

    @Test func aReleasedViewModelIsFreedWhileAReloadWaitsForItsDebounce() async throws {
        weak var released: LiveSearchViewModel?
        do {
            let view = await activeSearch()
            released = view
            view.query = "swift"
        }
        #expect(released == nil)
        scheduler.advance(by: 1)              // the timer finds nothing to reload
        #expect(search.requests.isEmpty)
    }

    // MARK: Outputs and failures (default options)

    @Test func aSearchEndsWithItsResultsAndNotLoadingInOneTransaction() async throws {
        let view = await activeSearch()
        view.query = "swift"
        scheduler.advance(by: 0.3)
        let request = try #require(await search.request(0))
        var seen: [String] = []
        let observation = view.resultsIsLoadingProperty.signal.observeValuesOnMain { isLoading in
            MainActor.assumeIsolated { seen.append("\(isLoading) \(view.results ?? [])") }
        }
        defer { observation?.dispose() }
        let tracking = track({ _ = view.results; _ = view.resultsIsLoading })

        request.succeed(with: ["Swift"])
        await loadEnded(view)
        #expect(seen == ["false [\"Swift\"]"])
        #expect(tracking.changes == 1)
    }

    @Test func aFailedSearchKeepsTheLastResultsAndANewSearchClearsTheError() async throws {
        let view = await activeSearch()
        view.query = "swift"
        scheduler.advance(by: 0.3)
        try #require(await search.request(0)).succeed(with: ["Swift"])
        await loadEnded(view)

        view.query = "swiftui"
        scheduler.advance(by: 0.3)
        try #require(await search.request(1)).fail(with: URLError(.notConnectedToInternet))
        await loadEnded(view)
        #expect(view.results == ["Swift"])
        #expect((view.resultsError as? URLError)?.code == .notConnectedToInternet)

        view.query = "swift data"
        scheduler.advance(by: 0.3)
        #expect(view.resultsIsLoading)
        #expect(view.resultsError == nil)
        try #require(await search.request(2)).succeed(with: [])
    }
}
