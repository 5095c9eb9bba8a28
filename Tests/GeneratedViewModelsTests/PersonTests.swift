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
