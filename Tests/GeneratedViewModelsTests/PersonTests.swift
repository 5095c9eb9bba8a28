import Foundation
import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

private let meetup = Person(username: "nsmeetup", name: "NSMeetup", bio: "A Monthly iOS/OSX Developer Meetup")

/// Seed 003's PersonAddingViewModel.
@MainActor
struct AddPersonTests {
    let twitter = InMemoryTwitterClient()

    // Article: "calls the Twitter API when add button is tapped".
    @Test func callsTheClientWhenTheAddButtonIsTapped() {
        let form = AddPersonViewModel(twitter: twitter)
        form.usernameSearchText = "username"
        form.addPerson.tap()
        #expect(twitter.lookups.arguments == ["username"])
    }

    @Test func addIsEnabledOnlyWhenTheUsernameIsNotEmpty() {
        let form = AddPersonViewModel(twitter: twitter)
        #expect(!form.addPersonIsEnabled)
        #expect(form.addPerson.tap().wasRefusedAsDisabled())
        form.usernameSearchText = "n"
        #expect(form.addPersonIsEnabled)
        form.usernameSearchText = ""
        #expect(!form.addPersonIsEnabled)
        #expect(twitter.lookups.count == 0)
    }

    @Test func theTextFieldIsDisabledWhileTheLookupRuns() {
        let form = AddPersonViewModel(twitter: twitter)
        form.usernameSearchText = "nsmeetup"
        #expect(form.isTextFieldEnabled)

        form.addPerson.tap()
        #expect(!form.isTextFieldEnabled)
        #expect(!form.addPersonIsEnabled)

        twitter.lookups.last?.fail(with: .userNotFound("nsmeetup"))
        #expect(form.isTextFieldEnabled)
        #expect(form.addPersonIsEnabled)
    }

    // Talk: once the lookup succeeded, the container shows the person; the field stays disabled.
    @Test func theTextFieldStaysDisabledAfterASuccessfulLookup() {
        let form = AddPersonViewModel(twitter: twitter)
        form.usernameSearchText = "nsmeetup"
        form.addPerson.tap()
        twitter.lookups.last?.succeed(with: meetup)
        #expect(!form.addPersonIsExecuting)
        #expect(!form.isTextFieldEnabled)
    }

    @Test func theErrorViewIsHiddenAtFirstShownAfterAFailureAndHiddenOnlyByASuccess() {
        let form = AddPersonViewModel(twitter: twitter)
        let hidden = Recorder(form.isErrorHiddenProperty.signal)
        #expect(form.isErrorHidden)

        form.usernameSearchText = "nsmeetop"
        form.addPerson.tap()
        #expect(form.isErrorHidden)
        twitter.lookups.last?.fail(with: .userNotFound("nsmeetop"))
        #expect(!form.isErrorHidden)

        // A new lookup starting does not hide it; its success does.
        form.usernameSearchText = "nsmeetup"
        form.addPerson.tap()
        #expect(!form.isErrorHidden)
        twitter.lookups.last?.succeed(with: meetup)
        #expect(form.isErrorHidden)
        #expect(hidden.values == [false, true])
    }
}

/// Seed 003's PeopleCRM: the detail screen of a person.
@MainActor
struct PersonDetailTests {
    @Test func showsTheNameNotesTwitterHandleAndAvatarOfItsPerson() {
        var person = meetup
        person.notes = "Met at the June meetup"
        person.avatarURL = URL(string: "https://example.com/nsmeetup.png")
        let detail = PersonDetailViewModel(initialPerson: person)
        #expect(detail.name == "NSMeetup")
        #expect(detail.notes == "Met at the June meetup")
        #expect(detail.twitterHandle == "@nsmeetup")
        #expect(detail.avatarURL == URL(string: "https://example.com/nsmeetup.png"))
    }

    @Test func followsThePersonsChangesNotifyingOnlyWhatChanged() {
        let detail = PersonDetailViewModel(initialPerson: meetup)
        let names = Recorder(detail.nameProperty.signal)
        let handles = Recorder(detail.twitterHandleProperty.signal)
        var renamed = meetup
        renamed.name = "NSMeetup SF"
        detail.person = renamed
        #expect(detail.name == "NSMeetup SF")
        #expect(names.values == ["NSMeetup SF"])
        #expect(handles.values.isEmpty)
    }
}

/// Seed 003's PersonContainerViewModel: the adding form, then the person found.
@MainActor
struct PersonContainerTests {
    let twitter = InMemoryTwitterClient()

    @Test func startsInTheAddingState() {
        let container = PersonContainerViewModel(twitter: twitter)
        #expect(container.uiState == .adding)
        #expect(container.person == nil)
    }

    @Test func showsThePersonOnceTheLookupSucceeds() {
        let container = PersonContainerViewModel(twitter: twitter)
        container.addingViewModel.usernameSearchText = "nsmeetup"
        container.addingViewModel.addPerson.tap()
        #expect(container.uiState == .adding)

        twitter.lookups.last?.succeed(with: meetup)
        #expect(container.uiState == .detail(meetup))
        #expect(container.person == meetup)
    }

    @Test func theDetailScreenShowsTheFoundPerson() {
        let container = PersonContainerViewModel(twitter: twitter)
        #expect(container.detailViewModel == nil)
        container.addingViewModel.usernameSearchText = "nsmeetup"
        container.addingViewModel.addPerson.tap()
        twitter.lookups.last?.succeed(with: meetup)
        #expect(container.detailViewModel?.twitterHandle == "@nsmeetup")
        #expect(container.detailViewModel?.name == "NSMeetup")
    }

    @Test func aFailedLookupStaysInTheAddingStateAndCanBeRetried() {
        let container = PersonContainerViewModel(twitter: twitter)
        let form = container.addingViewModel
        form.usernameSearchText = "nsmeetop"
        form.addPerson.tap()
        twitter.lookups.last?.fail(with: .userNotFound("nsmeetop"))
        #expect(container.uiState == .adding)

        form.usernameSearchText = "nsmeetup"
        form.addPerson.tap()
        twitter.lookups.last?.succeed(with: meetup)
        #expect(container.uiState == .detail(meetup))
    }

    @Test func theContainerAndItsFormAreFreedTogether() {
        weak var releasedContainer: PersonContainerViewModel?
        weak var releasedForm: AddPersonViewModel?
        do {
            let container = PersonContainerViewModel(twitter: twitter)
            releasedContainer = container
            releasedForm = container.addingViewModel
        }
        #expect(releasedContainer == nil)
        #expect(releasedForm == nil)
    }
}
