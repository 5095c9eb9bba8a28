import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

private let meetup = Person(username: "nsmeetup", name: "NSMeetup", bio: "A Monthly iOS/OSX Developer Meetup")

/// What the add-person screen shows and does, the same whether it keeps its state in flags
/// (`Specs/AddPerson.vm.yaml`) or in a machine (`Specs/AddPersonMachine.vm.yaml`).
@MainActor
protocol AddPersonForm: Inspectable {
    var usernameSearchText: String { get set }
    var isTextFieldEnabled: Bool { get }
    var isErrorHidden: Bool { get }
    var foundPerson: Bool { get }
    var addPersonIsEnabled: Bool { get }
    /// Taps the add button: whether the command refused, disabled.
    func tapAdd() -> Bool
}

extension AddPersonViewModel: AddPersonForm {
    func tapAdd() -> Bool { addPerson.tap().wasRefusedAsDisabled() }
}

extension AddPersonMachineViewModel: AddPersonForm {
    func tapAdd() -> Bool { addPerson.tap().wasRefusedAsDisabled() }
}

/// The two forms of seed 003's add-person screen.
enum AddPersonScreen: String, CaseIterable, CustomTestStringConvertible {
    case flags, machine

    var testDescription: String { rawValue }

    /// How many transactions the lookup's answer takes: with flags, its value (the handler's
    /// writes), then its completion (the command no longer executing), the button disabled in
    /// between; the machine takes it as one event.
    var transactionsPerAnswer: Int {
        switch self {
        case .flags: 2
        case .machine: 1
        }
    }
}

/// Seed 003's add-person screen, flags and machine, held to the same behaviour: each user action and
/// each answer of the lookup is one transaction, in which every value the screen shows takes its
/// new value once.
@MainActor
struct AddPersonFormTests {
    let twitter = InMemoryTwitterClient()

    /// Runs `check` on a fresh form of `screen`'s kind.
    func on(_ screen: AddPersonScreen, _ check: (any AddPersonForm) -> Void) {
        switch screen {
        case .flags: check(AddPersonViewModel(twitter: twitter))
        case .machine: check(AddPersonMachineViewModel(twitter: twitter))
        }
    }

    /// What the screen shows: the text field's and the add button's enabled states, the error
    /// view's hidden state, whether the person was found.
    static func shown(_ form: some AddPersonForm) -> [Bool] {
        [form.isTextFieldEnabled, form.addPersonIsEnabled, form.isErrorHidden, form.foundPerson]
    }

    /// Performs `action` on `form`, and checks that each output took its new value at most once
    /// (no flicker) in at most `transactions` transactions; gives what the screen shows then.
    static func act<Form: AddPersonForm>(
        _ form: Form, transactions: Int = 1, _ action: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Bool] {
        let changes = ChangeRecorder(form, exhaustive: false)
        action()
        let told = changes.transactions.map { $0.map(\.description) }
        #expect(changes.transactions.count <= transactions, "\(told)", sourceLocation: sourceLocation)
        let outputs = changes.transactions.flatMap { $0.map(\.output) }
        #expect(Set(outputs).count == outputs.count, "told twice: \(told)", sourceLocation: sourceLocation)
        changes.stop()
        return shown(form)
    }

    @Test(arguments: AddPersonScreen.allCases)
    func addIsEnabledOnlyWhenTheUsernameIsNotEmpty(_ screen: AddPersonScreen) {
        on(screen) { form in
            #expect(Self.shown(form) == [true, false, true, false])
            #expect(form.tapAdd())
            #expect(Self.act(form) { form.usernameSearchText = "n" } == [true, true, true, false])
            #expect(Self.act(form) { form.usernameSearchText = "" } == [true, false, true, false])
            #expect(twitter.lookups.count == 0)
        }
    }

    // Article: "calls the Twitter API when add button is tapped".
    @Test(arguments: AddPersonScreen.allCases)
    func tappingAddLooksTheUsernameUpAndLocksTheForm(_ screen: AddPersonScreen) {
        on(screen) { form in
            form.usernameSearchText = "nsmeetup"
            var refused = true
            #expect(Self.act(form) { refused = form.tapAdd() } == [false, false, true, false])
            #expect(!refused)
            #expect(twitter.lookups.arguments == ["nsmeetup"])
            #expect(form.tapAdd())
            #expect(twitter.lookups.count == 1)
        }
    }

    // Talk: once the lookup succeeded, the container shows the person; the field stays disabled.
    @Test(arguments: AddPersonScreen.allCases)
    func aSuccessfulLookupFindsThePersonAndKeepsTheFieldDisabled(_ screen: AddPersonScreen) {
        on(screen) { form in
            form.usernameSearchText = "nsmeetup"
            _ = form.tapAdd()
            let shown = Self.act(form, transactions: screen.transactionsPerAnswer) { twitter.lookups.last?.succeed(with: meetup) }
            #expect(shown[0] == false)
            #expect(shown[2...] == [true, true])
        }
    }

    @Test(arguments: AddPersonScreen.allCases)
    func aFailedLookupShowsTheErrorUntilALaterOneSucceeds(_ screen: AddPersonScreen) {
        on(screen) { form in
            form.usernameSearchText = "nsmeetop"
            _ = form.tapAdd()
            #expect(Self.act(form, transactions: screen.transactionsPerAnswer) { twitter.lookups.last?.fail(with: .userNotFound("nsmeetop")) }
                == [true, true, false, false])

            // A new lookup starting does not hide the error; its success does.
            form.usernameSearchText = "nsmeetup"
            var refused = true
            #expect(Self.act(form) { refused = form.tapAdd() } == [false, false, false, false])
            #expect(!refused)
            #expect(twitter.lookups.arguments == ["nsmeetop", "nsmeetup"])
            let shown = Self.act(form, transactions: screen.transactionsPerAnswer) { twitter.lookups.last?.succeed(with: meetup) }
            #expect(shown[2...] == [true, true])
        }
    }

    @Test(arguments: AddPersonScreen.allCases)
    func theInvariantsHoldAlongEveryShortPathAndEveryStateIsReached(_ screen: AddPersonScreen) {
        let report = switch screen {
        case .flags: Self.explore { AddPersonViewModel(twitter: $0) }
        case .machine: Self.explore { AddPersonMachineViewModel(twitter: $0) }
        }
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty, "\(report.coverage)")
    }

    /// Every sequence of up to 5 actions: the text empty or not, add, the lookup's answers.
    static func explore<Form: AddPersonForm>(_ make: @escaping (ExploredTwitter) -> Form) -> ExplorationReport {
        let ann = Person(username: "ann", name: "Ann", bio: "")
        return Explorer<Form> { explore in
            let twitter = ExploredTwitter()
            explore.input(\.usernameSearchText, ["", "ann"])
            explore.answers(twitter.lookups, named: "lookups", values: [ann], failures: [.userNotFound("ann")])
            return make(twitter)
        }.exhaustive(depth: 5)
    }
}

/// What only the machine can promise: the flags version's add button is enabled again once the
/// person is found (the flags allow a second lookup of a found person); the machine's `found`
/// state is final.
@MainActor
struct AddPersonMachineTests {
    let twitter = InMemoryTwitterClient()

    @Test func onceFoundTheFormTakesNoOtherLookup() {
        let form = AddPersonMachineViewModel(twitter: twitter)
        form.usernameSearchText = "nsmeetup"
        form.addPerson.tap()
        twitter.lookups.last?.succeed(with: meetup)
        #expect(form.person == meetup)
        #expect(!form.addPersonIsEnabled)
        #expect(form.addPerson.tap().wasRefusedAsDisabled())
        #expect(twitter.lookups.count == 1)

        let flags = AddPersonViewModel(twitter: twitter)
        flags.usernameSearchText = "nsmeetup"
        flags.addPerson.tap()
        twitter.lookups.last?.succeed(with: meetup)
        #expect(flags.addPersonIsEnabled, "the flags version allows it: one of the talk's invalid states")
    }

    @Test func theStateIsTheOnlyPlaceTheLookupIsKept() {
        let form = AddPersonMachineViewModel(twitter: twitter)
        form.usernameSearchText = "nsmeetop"
        form.addPerson.tap()
        guard case .lookingUp(let username) = form.state else {
            Issue.record("not looking up: \(form.state)")
            return
        }
        #expect(username == "nsmeetop")
        twitter.lookups.last?.fail(with: .network("offline"))
        guard case .failed = form.state else {
            Issue.record("not failed: \(form.state)")
            return
        }
        form.addPerson.tap()
        guard case .retrying("nsmeetop") = form.state else {
            Issue.record("not retrying: \(form.state)")
            return
        }
    }
}
