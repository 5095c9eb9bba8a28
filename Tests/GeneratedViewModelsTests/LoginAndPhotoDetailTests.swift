import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

/// The 500px app's login screen (FRPLoginViewModel).
@MainActor
struct LoginTests {
    let importer = InMemoryPhotoImporter()

    @Test func logInIsEnabledOnlyWhenBothFieldsAreNonEmptyAndWhitespaceCounts() {
        let login = LoginViewModel(importer: importer)
        #expect(!login.logInIsEnabled)
        login.username = "ash"
        #expect(!login.logInIsEnabled)
        login.password = " "
        #expect(login.logInIsEnabled)
        login.username = ""
        #expect(!login.logInIsEnabled)
        #expect(login.logIn.tap().wasRefusedAsDisabled())
        #expect(importer.logIns.count == 0)
    }

    @Test func theImporterIsCalledWithExactlyTheTypedStrings() {
        let login = LoginViewModel(importer: importer)
        login.username = " ash "
        login.password = "pa ss\t"
        login.logIn.tap()
        #expect(importer.logIns.arguments == [Credentials(username: " ash ", password: "pa ss\t")])
    }

    @Test func oneLoginAtATime() {
        let login = LoginViewModel(importer: importer)
        login.username = "ash"
        login.password = "secret"
        login.logIn.tap()
        #expect(login.logInIsExecuting)
        #expect(!login.logInIsEnabled)
        #expect(login.logIn.tap().wasRefusedAsDisabled())
        #expect(importer.logIns.count == 1)
    }

    @Test func aFailureIsShownAndTheCommandIsEnabledAgainInTheSameTransaction() {
        let login = LoginViewModel(importer: importer)
        login.username = "ash"
        login.password = "wrong"
        login.logIn.tap()
        // What an observer of `logInIsEnabled` sees when the failure arrives.
        var seen: [(enabled: Bool, message: String?)] = []
        let observation = login.logInIsEnabledProperty.signal.observeValuesOnMain { enabled in
            seen.append((enabled, login.errorMessage))
        }
        defer { observation?.dispose() }
        importer.logIns.last?.fail(with: .network("401"))
        #expect(login.errorMessage == "Could not log in: network(\"401\")")
        #expect(login.logInIsEnabled)
        #expect(!login.isLoggedIn)
        #expect(seen.count == 1)
        #expect(seen.first?.enabled == true)
        #expect(seen.first?.message == login.errorMessage)
    }

    @Test func aSuccessClearsTheLastFailureAndLogsIn() {
        let login = LoginViewModel(importer: importer)
        login.username = "ash"
        login.password = "wrong"
        login.logIn.tap()
        importer.logIns.last?.fail(with: .unexpectedResponse)
        login.password = "right"
        login.logIn.tap()
        importer.logIns.last?.succeed(with: ())
        #expect(login.errorMessage == nil)
        #expect(login.isLoggedIn)
        #expect(importer.logIns.arguments.map(\.password) == ["wrong", "right"])
    }

    @Test func aLoginThatCompletesWithoutAValueAfterAFailureLogsInAndClearsTheErrorInOneTransaction() {
        let login = LoginViewModel(importer: importer)
        login.update {
            $0.username = "ash"
            $0.password = "right"
        }
        login.logIn.tap()
        importer.logIns.last?.fail(with: .unexpectedResponse)
        login.logIn.tap()
        let changes = ChangeRecorder(login)
        importer.logIns.last?.complete()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.errorMessage, to: nil), .changed(\.isLoggedIn, to: true),
            .changed(\.logInIsExecuting, to: false), .changed(\.logInIsEnabled, to: true))
        changes.finish()
    }
}

/// The 500px app's photo details (FRPPhotoDetailViewModel).
@MainActor
struct PhotoDetailTests {
    let importer = InMemoryPhotoImporter()
    let photo = PhotoModel(id: 7, photoName: "Dunes", photographerName: "Ansel", rating: 4.5)

    @Test func showsTheNamePhotographerAndRatingWithTwoDecimals() {
        let detail = PhotoDetailViewModel(initialPhoto: photo, importer: importer)
        #expect(detail.photoName == "Dunes")
        #expect(detail.photographerName == "Ansel")
        #expect(detail.photoRating == "4.50")
        #expect(detail.votePromptText == "Vote")
    }

    @Test func aPhotoWithoutARatingShowsZero() {
        var unrated = photo
        unrated.rating = nil
        let detail = PhotoDetailViewModel(initialPhoto: unrated, importer: importer)
        #expect(detail.photoRating == "0.00")
    }

    @Test func voteIsDisabledOnceThePhotoIsVotedFor() {
        let detail = PhotoDetailViewModel(initialPhoto: photo, importer: importer)
        #expect(detail.voteIsEnabled)
        detail.vote.tap()
        #expect(importer.votes.arguments == [photo])
        #expect(!detail.voteIsEnabled)

        var voted = photo
        voted.votedFor = true
        importer.votes.last?.succeed(with: voted)
        #expect(detail.votePromptText == "Voted For!")
        #expect(!detail.voteIsEnabled)
        #expect(detail.vote.tap().wasRefusedAsDisabled())
        #expect(importer.votes.count == 1)
    }

    @Test func aVotedPhotoStartsDisabled() {
        var voted = photo
        voted.votedFor = true
        let detail = PhotoDetailViewModel(initialPhoto: voted, importer: importer)
        #expect(detail.votePromptText == "Voted For!")
        #expect(!detail.voteIsEnabled)
    }

    @Test func aFailedVoteLeavesThePhotoAsItWasAndCanBeRetried() {
        let detail = PhotoDetailViewModel(initialPhoto: photo, importer: importer)
        let prompts = Recorder(detail.votePromptTextProperty.signal)
        detail.vote.tap()
        importer.votes.last?.fail(with: .network("offline"))
        #expect(detail.photo == photo)
        #expect(detail.votePromptText == "Vote")
        #expect(detail.photoRating == "4.50")
        #expect(detail.voteIsEnabled)
        #expect(detail.voteError == .network("offline"))
        #expect(prompts.values.isEmpty)

        detail.vote.tap()
        var voted = photo
        voted.votedFor = true
        importer.votes.last?.succeed(with: voted)
        #expect(detail.voteError == nil)
        #expect(detail.votePromptText == "Voted For!")
    }
}
