import ExampleModels
import Foundation
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

private let sunset = PhotoModel(id: 1, photoName: "Sunset")
private let harbour = PhotoModel(id: 2, photoName: "Harbour")

/// Seed 000's FRPGalleryViewModel.
@MainActor
struct GalleryTests {
    let importer = InMemoryPhotoImporter()
    let log = RecordingErrorLog()

    // Article: "should be initialized and call importPhotos".
    @Test func creatingTheGalleryImportsThePhotos() {
        let gallery = GalleryViewModel(importer: importer, log: log)
        #expect(importer.imports.count == 1)
        #expect(gallery.photos.isEmpty)
        #expect(gallery.importedPhotosIsLoading)

        importer.imports.last?.succeed(with: [sunset, harbour])
        #expect(gallery.photos == [sunset, harbour])
        #expect(!gallery.importedPhotosIsLoading)
    }

    @Test func importErrorsAreLoggedAndSwallowed() {
        let gallery = GalleryViewModel(importer: importer, log: log)
        importer.imports.last?.fail(with: .network("offline"))

        #expect(log.messages == ["Could not import photos: network(\"offline\")"])
        #expect(gallery.photos.isEmpty)
        #expect(!gallery.importedPhotosIsLoading)
    }
}

/// Seed 000's FRPFullSizePhotoViewModel and its Specta tests.
@MainActor
struct FullSizePhotoTests {
    // Article: "should assign correct attributes when initialized".
    @Test func keepsThePhotosAndTheInitialIndex() {
        let pager = FullSizePhotoViewModel(photos: [], initialPhotoIndex: 1337)
        #expect(pager.photos.isEmpty)
        #expect(pager.initialPhotoIndex == 1337)
    }

    // Article: "should return nil for an out-of-bounds photo index".
    @Test func photoModelIsNilOutOfBounds() {
        let photos = [sunset]
        let pager = FullSizePhotoViewModel(photos: photos, initialPhotoIndex: 0)
        #expect(pager.photoModel(at: -1) == nil)
        #expect(pager.photoModel(at: photos.count) == nil)
        #expect(FullSizePhotoViewModel(photos: [], initialPhotoIndex: 0).photoModel(at: 0) == nil)
    }

    // Article: "should return the correct model for photoModelAtIndex:".
    @Test func photoModelReturnsThePhotoAtTheIndex() {
        let pager = FullSizePhotoViewModel(photos: [sunset, harbour], initialPhotoIndex: 0)
        #expect(pager.photoModel(at: 0) == sunset)
        #expect(pager.photoModel(at: 1) == harbour)
    }

    // Article: "should return the correct initial photo model" (through its name).
    @Test func initialPhotoNameIsTheNameOfTheTappedPhoto() {
        #expect(FullSizePhotoViewModel(photos: [sunset, harbour], initialPhotoIndex: 1).initialPhotoName == "Harbour")
        #expect(FullSizePhotoViewModel(photos: [sunset], initialPhotoIndex: 3).initialPhotoName == nil)
        #expect(FullSizePhotoViewModel(photos: [], initialPhotoIndex: 0).initialPhotoName == nil)
    }
}

/// Seed 000's FRPPhotoViewModel: details are fetched when the page becomes active.
@MainActor
struct PhotoTests {
    let importer = InMemoryPhotoImporter()
    let imageData = Data([0xFF, 0xD8, 0xFF])

    // Article: "should return the correct photo name".
    @Test func photoNameIsThePhotosName() {
        #expect(PhotoViewModel(photo: sunset, importer: importer).photoName == "Sunset")
    }

    @Test func nothingIsFetchedBeforeThePageBecomesActive() {
        let page = PhotoViewModel(photo: sunset, importer: importer)
        #expect(importer.detailFetches.count == 0)
        #expect(!page.isLoading)
        #expect(page.imageData == nil)
    }

    // Article: "should download photo model details when it becomes active".
    @Test func becomingActiveFetchesTheDetailsAndShowsTheImage() {
        let page = PhotoViewModel(photo: sunset, importer: importer)
        page.isActive = true
        #expect(importer.detailFetches.arguments == [sunset])
        #expect(page.isLoading)

        var detailed = sunset
        detailed.fullsizedData = imageData
        importer.detailFetches.last?.succeed(with: detailed)
        #expect(!page.isLoading)
        #expect(page.imageData == imageData)
    }

    @Test func loadingIsClearedAfterAnError() {
        let page = PhotoViewModel(photo: sunset, importer: importer)
        page.isActive = true
        importer.detailFetches.last?.fail(with: .unexpectedResponse)
        #expect(!page.isLoading)
        #expect(page.detailsError == .unexpectedResponse)
        #expect(page.imageData == nil)
    }

    @Test func becomingInactiveStopsTheFetch() {
        let page = PhotoViewModel(photo: sunset, importer: importer)
        page.isActive = true
        page.isActive = false
        #expect(importer.detailFetches.last?.isCancelled == true)
        #expect(!page.isLoading)
    }

    @Test func becomingActiveAgainFetchesAgain() {
        let page = PhotoViewModel(photo: sunset, importer: importer)
        page.isActive = true
        importer.detailFetches.last?.fail(with: .network("offline"))
        page.isActive = false
        page.isActive = true
        #expect(importer.detailFetches.count == 2)
        #expect(page.detailsError == nil)
        #expect(page.isLoading)
    }

    @Test func settingActiveToTheSameValueDoesNotFetchAgain() {
        let page = PhotoViewModel(photo: sunset, importer: importer)
        page.isActive = true
        page.isActive = true
        #expect(importer.detailFetches.count == 1)
    }

    @Test func anActivePageIsFreedAndItsFetchCancelledWhenTheViewLetsGo() {
        weak var released: PhotoViewModel?
        do {
            let page = PhotoViewModel(photo: sunset, importer: importer)
            page.isActive = true
            released = page
        }
        #expect(released == nil)
        #expect(importer.detailFetches.last?.isCancelled == true)
    }
}
