import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

/// The sign-up wizard (`Specs/SignUpWizard.vm.yaml`): account -> profile -> confirm, `next`
/// guarded by each page, `back`, then the account's creation through `AccountCreating`, which
/// ends in `done` or in `failed` (retry, or back to the confirmation); each event is one
/// transaction.
@MainActor
struct SignUpWizardTests {
    let creations = FakeProducer<NewAccount, Void, LoginError>()

    func wizard() -> SignUpWizardViewModel {
        SignUpWizardViewModel(accounts: AccountCreator(creations.closure))
    }

    /// A wizard on its confirmation page, every page filled in.
    func confirming() -> SignUpWizardViewModel {
        let wizard = wizard()
        wizard.update {
            $0.email = "ann@example.com"
            $0.password = "12345678"
            $0.name = "Ann"
        }
        wizard.next.tap()
        wizard.next.tap()
        #expect(wizard.state == .confirm)
        return wizard
    }

    /// A wizard whose creation failed with `message`.
    func failed(_ message: String = "taken") -> SignUpWizardViewModel {
        let wizard = confirming()
        wizard.submit.tap()
        creations.pending.first?.fail(with: LoginError(message: message))
        #expect(wizard.state == .failed(message: message))
        return wizard
    }

    @Test func nextIsEnabledOnlyWhenThePageIsFilledIn() {
        let wizard = wizard()
        #expect(wizard.state == .account)
        #expect(!wizard.nextIsEnabled && !wizard.backIsEnabled && !wizard.submitIsEnabled)
        wizard.email = "ann@example.com"
        #expect(!wizard.nextIsEnabled, "the password is too short")
        wizard.password = "12345678"
        #expect(wizard.nextIsEnabled)
        wizard.email = "ann"
        #expect(!wizard.nextIsEnabled, "no @ in the email")
        #expect(wizard.next.tap().wasRefusedAsDisabled())
        #expect(wizard.state == .account)
        wizard.email = "ann@example.com"
        wizard.next.tap()
        #expect(wizard.state == .profile)
        #expect(!wizard.nextIsEnabled, "the name is empty")
        wizard.name = "Ann"
        #expect(wizard.nextIsEnabled)
    }

    @Test func eachNextIsOneTransaction() {
        let wizard = wizard()
        wizard.update {
            $0.email = "ann@example.com"
            $0.password = "12345678"
        }
        let changes = ChangeRecorder(wizard)
        wizard.next.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .profile), .changed(\.nextIsEnabled, to: false), .changed(\.backIsEnabled, to: true))
        wizard.name = "Ann"
        changes.expect(.changed(\.name, to: "Ann"), .changed(\.profileIsComplete, to: true), .changed(\.nextIsEnabled, to: true))
        wizard.next.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .confirm), .changed(\.nextIsEnabled, to: false), .changed(\.submitIsEnabled, to: true))
        changes.finish()
    }

    @Test func backGoesOnePageBackInOneTransactionAndKeepsWhatWasTyped() {
        let wizard = confirming()
        let changes = ChangeRecorder(wizard)
        wizard.back.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .profile), .changed(\.nextIsEnabled, to: true), .changed(\.submitIsEnabled, to: false))
        wizard.back.tap()
        changes.expect(.changed(\.state, to: .account), .changed(\.backIsEnabled, to: false))
        #expect(wizard.back.tap().wasRefusedAsDisabled(), "the first page has no back")
        changes.expectNoChanges()
        #expect(wizard.email == "ann@example.com" && wizard.name == "Ann")
        changes.finish()
    }

    @Test func submittingIsOneTransactionThatStartsTheCreation() {
        let wizard = confirming()
        let changes = ChangeRecorder(wizard)
        wizard.submit.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, to: .submitting),
            .changed(\.backIsEnabled, to: false), .changed(\.submitIsEnabled, to: false))
        #expect(creations.inputs == [NewAccount(email: "ann@example.com", password: "12345678", name: "Ann")])
        #expect(!wizard.backIsEnabled && !wizard.nextIsEnabled && !wizard.retryIsEnabled)
        changes.stop()
    }

    @Test func aCreatedAccountIsDoneInOneTransactionAndDoneIsFinal() {
        let wizard = confirming()
        wizard.submit.tap()
        let changes = ChangeRecorder(wizard)
        creations.pending.first?.succeed(with: ())
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.state, to: .done))
        for event in [SignUpWizardViewModel.Event.back, .next, .submit, .retry] { wizard.send(event) }
        changes.expectNoChanges()
        #expect(!wizard.nextIsEnabled && !wizard.backIsEnabled && !wizard.submitIsEnabled && !wizard.retryIsEnabled)
        changes.finish()
    }

    @Test func aFailureIsOneTransactionWithItsMessageAsTheFailedStatesData() {
        let wizard = confirming()
        wizard.submit.tap()
        let changes = ChangeRecorder(wizard)
        creations.pending.first?.fail(with: LoginError(message: "the email is taken"))
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, to: .failed(message: "the email is taken")),
            .changed(\.errorMessage, to: "the email is taken"),
            .changed(\.backIsEnabled, to: true), .changed(\.retryIsEnabled, to: true))
        changes.finish()
    }

    @Test func retryCreatesTheAccountAgainWithWhatIsTypedNow() {
        let wizard = failed()
        wizard.email = "ann@example.org"
        let changes = ChangeRecorder(wizard)
        wizard.retry.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, to: .submitting), .changed(\.errorMessage, to: nil),
            .changed(\.backIsEnabled, to: false), .changed(\.retryIsEnabled, to: false))
        #expect(creations.inputs.map(\.email) == ["ann@example.com", "ann@example.org"])
        creations.pending.first?.succeed(with: ())
        #expect(wizard.state == .done)
        changes.stop()
    }

    @Test func backFromAFailureReturnsToTheConfirmationWithoutTheMessage() {
        let wizard = failed()
        let changes = ChangeRecorder(wizard)
        wizard.back.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, to: .confirm), .changed(\.errorMessage, to: nil),
            .changed(\.retryIsEnabled, to: false), .changed(\.submitIsEnabled, to: true))
        #expect(creations.inputs.count == 1, "going back sends nothing")
        changes.finish()
    }
}
