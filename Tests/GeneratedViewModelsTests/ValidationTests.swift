import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

/// Validation (docs/spec-format.md, "validation") on `Specs/SignUp.vm.yaml`: each rule is written
/// once, with its message, and the messages, the validities and what `signUp` does agree.
@MainActor
struct ValidationTests {
    let registrar = InMemoryRegistrar()

    func form() -> SignUpViewModel { SignUpViewModel(registrar: registrar) }

    /// Every field's message, in the order of the spec.
    func messages(_ form: SignUpViewModel) -> [String?] {
        [form.emailMessage, form.passwordMessage, form.confirmationMessage, form.acceptsTermsMessage]
    }

    func fillIn(_ form: SignUpViewModel) {
        form.update {
            $0.email = "ada@example.com"
            $0.password = "analytic1"
            $0.confirmation = "analytic1"
            $0.acceptsTerms = true
        }
    }

    @Test func aNewFormShowsNoMessageButIsNotValid() {
        let form = form()
        #expect(messages(form) == [nil, nil, nil, nil])
        #expect(!form.isValid)
        #expect(!form.emailIsValid && !form.passwordIsValid && !form.acceptsTermsIsValid)
        // Both passwords are empty, so they agree.
        #expect(form.confirmationIsValid)
        #expect(!form.emailWasEdited && !form.submitAttempted)
    }

    @Test func thePasswordMessageShowsOnlyAfterTheFieldWasEdited() {
        let form = form()
        form.email = "ada"
        #expect(form.passwordMessage == nil)
        #expect(form.emailMessage == "An email address has an @ in it.")
        form.password = "short"
        #expect(form.passwordWasEdited)
        #expect(form.passwordMessage == "The password needs at least 8 characters.")
    }

    @Test func theFirstRuleThatDoesNotHoldGivesTheMessage() {
        let form = form()
        form.password = "abc"
        #expect(form.passwordMessage == "The password needs at least 8 characters.")
        form.password = "abcdefgh"
        #expect(form.passwordMessage == "The password needs a digit.")
        form.password = "abcdefg1"
        #expect(form.passwordMessage == nil)
        #expect(form.passwordIsValid)
    }

    @Test func anEditBackToTheInitialValueStillCountsAsEdited() {
        let form = form()
        form.email = "a"
        form.email = ""
        #expect(form.emailMessage == "Enter your email address.")
    }

    @Test func aRuleThatReadsAnotherFieldFollowsIt() {
        let form = form()
        form.confirmation = "analytic1"
        #expect(form.confirmationMessage == "The two passwords differ.")
        form.password = "analytic1"
        #expect(form.confirmationMessage == nil)
        #expect(form.confirmationIsValid)
    }

    @Test func tryingToSignUpWithAWrongFieldShowsEveryMessageAndSendsNothing() {
        let form = form()
        form.email = "ada@example.com"
        let attempt = form.signUp.tap()
        #expect(registrar.requests.count == 0)
        #expect(attempt.isCompleted && attempt.values.isEmpty)
        #expect(form.submitAttempted)
        #expect(messages(form) == [
            nil, "The password needs at least 8 characters.", nil, "Accept the terms to sign up.",
        ])
        // The command stays enabled: trying again is how the user asks what is wrong.
        #expect(form.signUpIsEnabled)
    }

    @Test func signUpSendsTheFormExactlyWhenNoMessageWouldShow() {
        let form = form()
        form.signUp.tap()
        #expect(registrar.requests.count == 0)
        #expect(messages(form).contains { $0 != nil } && !form.isValid)
        fillIn(form)
        #expect(messages(form) == [nil, nil, nil, nil] && form.isValid)
        form.signUp.tap()
        #expect(registrar.requests.arguments == [Credentials(username: "ada@example.com", password: "analytic1")])
        registrar.requests.last?.fail(with: LoginError(message: "That address has an account already"))
        #expect(form.failure == "That address has an account already")
    }

    @Test func isValidIsFalseExactlyWhenAnAttemptShowsAMessage() {
        let edits: [(SignUpViewModel) -> Void] = [
            { _ in }, { $0.acceptsTerms = false }, { $0.confirmation = "analytic2" }, { $0.email = "ada.example.com" },
            { $0.password = "analytic" }, { $0.update { $0.password = "analytic22"; $0.confirmation = "analytic22" } },
        ]
        for edit in edits {
            let form = form()
            fillIn(form)
            edit(form)
            form.signUp.tap()
            #expect(form.isValid == (messages(form) == [nil, nil, nil, nil]))
            #expect(form.isValid == (form.emailIsValid && form.passwordIsValid && form.confirmationIsValid && form.acceptsTermsIsValid))
        }
    }

    @Test func startingOverShowsNoMessageUntilTheNextEditOrAttempt() {
        let form = form()
        form.email = "ada"
        form.signUp.tap()
        #expect(messages(form) == [
            "An email address has an @ in it.", "The password needs at least 8 characters.", nil, "Accept the terms to sign up.",
        ])
        form.startOver.tap()
        #expect(form.email == "" && !form.emailWasEdited && !form.submitAttempted)
        #expect(messages(form) == [nil, nil, nil, nil])
        form.password = "x"
        #expect(messages(form) == [nil, "The password needs at least 8 characters.", nil, nil])
    }

    @Test func editingAFieldChangesItsMessageAndValidityInOneTransaction() {
        let form = form()
        let changes = ChangeRecorder(form)
        form.password = "abc"
        // One transaction, in which all of these changed.
        #expect(changes.transactions.count == 1)
        changes.expect(
            .changed(\.password, to: "abc"),
            .changed(\.passwordWasEdited, to: true),
            .changed(\.passwordMessage, to: "The password needs at least 8 characters."),
            .changed(\.confirmationIsValid, to: false))
        form.password = "abcdefg1"
        #expect(changes.transactions.count == 1)
        changes.expect(
            .changed(\.password, to: "abcdefg1"),
            .changed(\.passwordIsValid, to: true),
            .changed(\.passwordMessage, to: nil))
        changes.finish()
    }
}
