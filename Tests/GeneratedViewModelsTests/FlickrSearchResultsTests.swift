import ExampleModels
import Foundation
@_spi(Testing) import GeneratedViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// Seed 004's app, part 2: the results screen, and its items that load their photo's favourites
/// and comments once they have been visible for a second (on virtual time: nothing sleeps).
@MainActor
struct FlickrSearchResultsTests {
    let flickr = InMemoryFlickrSearch()
    let scheduler = TestScheduler()
    let photos = [
        FlickrPhoto(title: "Wibble, wobble", url: URL(string: "https://example.com/1.jpg"), identifier: "1"),
        FlickrPhoto(title: "Angry sky", url: URL(string: "https://example.com/2.jpg"), identifier: "2"),
        FlickrPhoto(title: "Nemesis", identifier: "3"),
    ]

    func screen(_ photos: [FlickrPhoto]? = nil) -> FlickrSearchResultsViewModel {
        let results = FlickrSearchResults(searchString: "wibble", totalResults: 1973, photos: photos ?? self.photos)
        return FlickrSearchResultsViewModel(initialResults: results, flickr: flickr, scheduler: scheduler)
    }

    func item(_ photo: FlickrPhoto? = nil) -> FlickrSearchResultsItemViewModel {
        FlickrSearchResultsItemViewModel(initialPhoto: photo ?? photos[0], flickr: flickr, scheduler: scheduler)
    }

    // MARK: The screen

    @Test func theTitleIsTheSearchedText() {
        #expect(screen().title == "wibble")
    }

    @Test func oneItemPerPhotoInOrder() {
        let items = screen().items
        #expect(items.map(\.title) == ["Wibble, wobble", "Angry sky", "Nemesis"])
        #expect(items.map(\.url) == photos.map(\.url))
        #expect(items.allSatisfy { $0.favorites == nil && $0.comments == nil })
    }

    @Test func anItemStaysWhileItsPhotoDoesWithWhatItLoaded() {
        let results = screen()
        let first = results.items[0]
        first.isVisible = true
        scheduler.advance(by: 1)
        flickr.metadataRequests.last?.succeed(with: FlickrPhotoMetadata(favorites: 5, comments: 2))

        var renamed = photos[0]
        renamed.title = "Wibble"
        results.results = FlickrSearchResults(searchString: "wibble", totalResults: 1973, photos: [photos[2], renamed])

        #expect(results.items.count == 2)
        #expect(results.items[1] === first)
        #expect(first.title == "Wibble")
        #expect(first.favorites == 5)
        #expect(results._$invariants.allSatisfy { $0.holds })
    }

    // MARK: An item's second of visibility

    @Test func metadataLoadsAfterOneSecondOfVisibility() {
        let item = item()
        let changes = ChangeRecorder(item, scheduler: scheduler)
        item.isVisible = true
        changes.expect(.changed(\.isVisible, to: true))

        scheduler.advance(by: 0.999)
        #expect(flickr.metadataRequests.count == 0)
        changes.expectNoChanges()

        scheduler.advance(by: 0.001)
        #expect(flickr.metadataRequests.arguments == ["1"])
        // The second is over: the item is seen for good, and the load starts, in one transaction.
        #expect(changes.transactions.count == 1)
        changes.expect(
            .changed(\.settledVisibility, to: true), .changed(\.hasBeenSeen, to: true),
            .changed(\.metadataIsLoading, to: true))
        #expect(item.favorites == nil && item.comments == nil)

        flickr.metadataRequests.last?.succeed(with: FlickrPhotoMetadata(favorites: 7, comments: 3))
        // Favourites and comments arrive together, in one transaction.
        #expect(changes.transactions.contains { Set($0.map(\.output)).isSuperset(of: ["favorites", "comments"]) })
        changes.expect(
            .changed(\.metadata, to: FlickrPhotoMetadata(favorites: 7, comments: 3)),
            .changed(\.metadataIsLoading, to: false),
            .changed(\.favorites, to: 7), .changed(\.comments, to: 3))
        changes.finish()
    }

    @Test func hiddenBeforeOneSecondNothingLoads() {
        let item = item()
        let changes = ChangeRecorder(item, scheduler: scheduler)
        item.isVisible = true
        scheduler.advance(by: 0.6)
        item.isVisible = false
        scheduler.advance(by: 5)

        #expect(flickr.metadataRequests.count == 0)
        #expect(item.favorites == nil && item.comments == nil)
        changes.expect(.changed(\.isVisible, to: true, false))
        changes.finish()
    }

    @Test func visibleAgainForAWholeSecondItLoads() {
        let item = item()
        item.isVisible = true
        scheduler.advance(by: 0.5)
        item.isVisible = false
        scheduler.advance(by: 0.5)
        item.isVisible = true
        scheduler.advance(by: 0.9)
        #expect(flickr.metadataRequests.count == 0)
        scheduler.advance(by: 0.1)
        #expect(flickr.metadataRequests.arguments == ["1"])
    }

    @Test func metadataLoadsOnlyOnce() {
        let item = item()
        item.isVisible = true
        scheduler.advance(by: 1)
        flickr.metadataRequests.last?.succeed(with: FlickrPhotoMetadata(favorites: 7, comments: 3))

        item.isVisible = false
        scheduler.advance(by: 2)
        item.isVisible = true
        scheduler.advance(by: 2)

        #expect(flickr.metadataRequests.count == 1)
        #expect(item.favorites == 7)
        #expect(item._$invariants.allSatisfy { $0.holds })
    }

    @Test func scrollingAwayDoesNotCancelALoadUnderWay() {
        let item = item()
        item.isVisible = true
        scheduler.advance(by: 1)
        item.isVisible = false
        scheduler.advance(by: 2)

        #expect(flickr.metadataRequests.last?.isWaiting == true)
        flickr.metadataRequests.last?.succeed(with: FlickrPhotoMetadata(favorites: 1, comments: 0))
        #expect(item.favorites == 1 && item.comments == 0)
    }

    @Test func anItemReleasedWhileItsSecondRunsLeavesNothingThatFires() {
        weak var released: FlickrSearchResultsItemViewModel?
        do {
            let item = item()
            item.isVisible = true
            released = item
        }
        #expect(released == nil)
        scheduler.advance(by: 2)
        #expect(flickr.metadataRequests.count == 0)
    }
}
