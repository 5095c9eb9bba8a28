import ExampleModels
import Foundation
@_spi(Testing) import GeneratedViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// Seed 004's search screen.
@MainActor
struct FlickrSearchTests {
    let flickr = InMemoryFlickrSearch()
    let results = FlickrSearchResults(
        searchString: "wibble", totalResults: 1973, photos: [FlickrPhoto(title: "A wibble", identifier: "1")])

    @Test func theTitleIsFlickrSearch() {
        #expect(FlickrSearchViewModel(flickr: flickr).title == "Flickr Search")
    }

    @Test func theEventCompletesWhenTheViewModelIsReleased() {
        var search: FlickrSearchViewModel? = FlickrSearchViewModel(flickr: flickr)
        let shown = Recorder(search!.showResults)
        #expect(!shown.isTerminated)
        search = nil
        #expect(shown.events.count == 1 && shown.isCompleted, "\(shown.events)")
    }

    @Test func searchIsEnabledOnlyForMoreThanThreeCharacters() {
        let search = FlickrSearchViewModel(flickr: flickr)
        #expect(!search.executeSearchIsEnabled)
        search.searchText = "abc"
        #expect(!search.executeSearchIsEnabled)
        search.searchText = "abcd"
        #expect(search.executeSearchIsEnabled)
        search.searchText = ""
        #expect(!search.executeSearchIsEnabled)
        #expect(search.executeSearch.tap().wasRefusedAsDisabled())
        #expect(flickr.searches.count == 0)
    }

    @Test func searchingAsksTheServiceAndShowsActivityUntilItAnswers() {
        let search = FlickrSearchViewModel(flickr: flickr)
        let changes = ChangeRecorder(search)
        search.searchText = "wibble"
        search.executeSearch.tap()
        // Typing enables the search; starting it disables it again, and nothing is shown yet.
        changes.expect(
            .changed(\.searchText, to: "wibble"), .changed(\.executeSearchIsEnabled, to: true, false),
            .changed(\.executeSearchIsExecuting, to: true), .changed(\.selectPreviousSearchIsEnabled, to: false))
        #expect(flickr.searches.arguments == ["wibble"])

        flickr.searches.last?.succeed(with: results)
        changes.expect(
            .changed(\.executeSearchIsExecuting, to: false), .changed(\.executeSearchIsEnabled, to: true),
            .changed(\.selectPreviousSearchIsEnabled, to: true),
            .changed(\.previousSearches, to: [FlickrPreviousSearch(searchString: "wibble", totalResults: 1973, thumbnail: nil)]),
            .sent(\.showResults, results))
        changes.finish()
    }

    @Test func noObserverSeesTheSearchExecutingAndEnabledAtOnce() {
        let search = FlickrSearchViewModel(flickr: flickr)
        search.searchText = "wibble"
        var seen: [String] = []
        let record: @MainActor () -> Void = {
            seen.append("executing=\(search.executeSearchIsExecuting) enabled=\(search.executeSearchIsEnabled)")
        }
        let executing = search.executeSearchIsExecutingProperty.signal.observeValuesOnMain { _ in record() }
        let enabled = search.executeSearchIsEnabledProperty.signal.observeValuesOnMain { _ in record() }
        defer {
            executing?.dispose()
            enabled?.dispose()
        }

        search.executeSearch.tap()
        flickr.searches.last?.succeed(with: results)

        #expect(!seen.isEmpty)
        #expect(!seen.contains("executing=true enabled=true"), "\(seen)")
        #expect(seen.allSatisfy { $0 == "executing=true enabled=false" || $0 == "executing=false enabled=true" }, "\(seen)")
    }

    @Test func aSecondSearchWhileOneRunsIsRefused() {
        let search = FlickrSearchViewModel(flickr: flickr)
        search.searchText = "wibble"
        search.executeSearch.tap()
        let second = search.executeSearch.tap()
        #expect(second.wasRefusedAsDisabled())
        #expect(flickr.searches.count == 1)
    }

    @Test func aFailedSearchShowsNothingAndEndsTheActivity() {
        let search = FlickrSearchViewModel(flickr: flickr)
        let shown = Recorder(search.showResults)
        search.searchText = "wibble"
        let execution = search.executeSearch.tap()
        flickr.searches.last?.fail(with: .network("offline"))

        #expect(!search.executeSearchIsExecuting)
        #expect(shown.values.isEmpty)
        if case .failed(.network("offline"))? = execution.error {} else {
            Issue.record("expected the search's own failure, got \(String(describing: execution.error))")
        }
    }

    // The article's dummy service answered after two seconds; the button stays disabled that long.
    @Test func theButtonStaysDisabledForTheTwoSecondsTheSearchTakes() {
        let scheduler = TestScheduler()
        let search = FlickrSearchViewModel(flickr: flickr)
        search.searchText = "wibble"
        search.executeSearch.tap()
        if let request = flickr.searches.last {
            scheduler.schedule(after: 2) { [results] in request.succeed(with: results) }
        }

        scheduler.advance(by: 1.9)
        #expect(!search.executeSearchIsEnabled)
        scheduler.advance(by: 0.1)
        #expect(search.executeSearchIsEnabled)
    }

    @Test func theSearchUsesTheTextAtTheTimeOfTheTap() {
        let search = FlickrSearchViewModel(flickr: flickr)
        search.searchText = "first"
        search.executeSearch.tap()
        search.searchText = "second"
        #expect(flickr.searches.arguments == ["first"])
    }

    @Test func aSearchScreenIsFreedWhileItsSearchIsStillRunning() {
        weak var released: FlickrSearchViewModel?
        do {
            let search = FlickrSearchViewModel(flickr: flickr)
            search.searchText = "wibble"
            search.executeSearch.tap()
            released = search
        }
        #expect(released == nil)
        #expect(flickr.searches.count == 1)
    }

    // MARK: Search history (part 2)

    /// Runs a search for `text` that finds `total` photos (the first with `thumbnail`).
    func search(_ text: String, total: Int, thumbnail: URL? = nil, on screen: FlickrSearchViewModel) {
        screen.searchText = text
        screen.executeSearch.tap()
        let photos = thumbnail.map { [FlickrPhoto(title: text, url: $0, identifier: text)] } ?? []
        flickr.searches.last?.succeed(with: FlickrSearchResults(searchString: text, totalResults: total, photos: photos))
    }

    @Test func eachSearchGoesToTheTopOfTheHistoryWithItsTotalAndThumbnail() {
        let screen = FlickrSearchViewModel(flickr: flickr)
        let wibbleThumbnail = URL(string: "https://example.com/wibble.jpg")
        search("wibble", total: 1973, thumbnail: wibbleThumbnail, on: screen)
        search("wobble", total: 12, on: screen)

        #expect(screen.previousSearches == [
            FlickrPreviousSearch(searchString: "wobble", totalResults: 12, thumbnail: nil),
            FlickrPreviousSearch(searchString: "wibble", totalResults: 1973, thumbnail: wibbleThumbnail),
        ])
    }

    @Test func aRepeatedSearchMovesToTheTopAndKeepsItsTotal() {
        let screen = FlickrSearchViewModel(flickr: flickr)
        let first = URL(string: "https://example.com/first.jpg")
        search("wibble", total: 1973, thumbnail: first, on: screen)
        search("wobble", total: 12, on: screen)
        let changes = ChangeRecorder(screen, exhaustive: false)

        search("wibble", total: 2000, thumbnail: URL(string: "https://example.com/second.jpg"), on: screen)

        let moved = [
            FlickrPreviousSearch(searchString: "wibble", totalResults: 1973, thumbnail: first),
            FlickrPreviousSearch(searchString: "wobble", totalResults: 12, thumbnail: nil),
        ]
        // One change of the history, in the transaction that ends the search.
        changes.expect(.changed(\.previousSearches, to: moved))
        changes.finish()
    }

    @Test func aSearchThatFailsIsNotInTheHistory() {
        let screen = FlickrSearchViewModel(flickr: flickr)
        screen.searchText = "wibble"
        screen.executeSearch.tap()
        flickr.searches.last?.fail(with: .network("offline"))
        #expect(screen.previousSearches.isEmpty)
    }

    @Test func atMostTenPreviousSearches() {
        let screen = FlickrSearchViewModel(flickr: flickr)
        for number in 1...11 { search("search \(number)", total: number, on: screen) }

        #expect(screen.previousSearches.map(\.searchString) == (2...11).reversed().map { "search \($0)" })
        #expect(screen._$invariants.allSatisfy { $0.holds })
    }

    @Test func selectingAPreviousSearchRunsIt() {
        let screen = FlickrSearchViewModel(flickr: flickr)
        search("wibble", total: 1973, on: screen)
        screen.searchText = "ab"                       // too short: the search button is disabled
        let changes = ChangeRecorder(screen)
        let entry = screen.previousSearches[0]

        screen.selectPreviousSearch.tap(entry)

        // The text first (which enables the search), then the search, as a transaction of its own.
        #expect(changes.transactions.count == 2)
        changes.expect(
            .changed(\.searchText, to: "wibble"), .changed(\.executeSearchIsEnabled, to: true, false),
            .changed(\.executeSearchIsExecuting, to: true), .changed(\.selectPreviousSearchIsEnabled, to: false))
        #expect(flickr.searches.arguments == ["wibble", "wibble"])

        flickr.searches.last?.succeed(with: results)
        changes.expect(
            .changed(\.executeSearchIsExecuting, to: false), .changed(\.executeSearchIsEnabled, to: true),
            .changed(\.selectPreviousSearchIsEnabled, to: true), .sent(\.showResults, results))
        changes.finish()
    }

    @Test func selectingAPreviousSearchWhileOneRunsIsRefused() {
        let screen = FlickrSearchViewModel(flickr: flickr)
        search("wibble", total: 1973, on: screen)
        screen.searchText = "wobble"
        screen.executeSearch.tap()

        #expect(screen.selectPreviousSearch.tap(screen.previousSearches[0]).wasRefusedAsDisabled())
        #expect(screen.searchText == "wobble")
        #expect(flickr.searches.arguments == ["wibble", "wobble"])
    }
}
