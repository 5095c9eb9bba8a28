import ExampleModels
import GeneratedViewModels
import Reactive
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
            .changed(\.executeSearchIsExecuting, to: true))
        #expect(flickr.searches.arguments == ["wibble"])

        flickr.searches.last?.succeed(with: results)
        changes.expect(
            .changed(\.executeSearchIsExecuting, to: false), .changed(\.executeSearchIsEnabled, to: true),
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
}
