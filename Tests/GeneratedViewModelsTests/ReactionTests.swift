import ExampleModels
import GeneratedViewModels
import Observation
import Reactive
import ReactiveTesting
import Testing

/// Reactions (docs/spec-format.md, "reactions"): statements that run when a value changes, in
/// the transaction of that change, before any observer is told.
@MainActor
struct ReactionTests {
    /// A form whose last attempt failed with "Wrong password".
    func failedForm() -> (LoginFormViewModel, InMemoryAuthenticator) {
        let authenticator = InMemoryAuthenticator()
        let form = LoginFormViewModel(authenticator: authenticator)
        form.update {
            $0.username = "ada"
            $0.password = "secret"
        }
        form.logIn.tap()
        authenticator.attempts.last?.fail(with: LoginError(message: "Wrong password"))
        return (form, authenticator)
    }

    @Test func aFailedLoginShowsItsMessage() {
        let (form, authenticator) = failedForm()
        #expect(authenticator.attempts.arguments == [Credentials(username: "ada", password: "secret")])
        #expect(form.errorMessage == "Wrong password")
        #expect(form.showsError)
    }

    @Test func editingAFieldClearsTheErrorMessage() {
        for edit in [{ (form: LoginFormViewModel) in form.password = "secret!" }, { $0.username = "ad" }] {
            let (form, _) = failedForm()
            edit(form)
            #expect(form.errorMessage == nil)
            #expect(!form.showsError)
        }
    }

    @Test func theMessageDoesNotComeBackWhenTheOldTextIsTypedAgain() {
        let (form, _) = failedForm()
        form.password = "secret!"
        form.password = "secret"
        #expect(form.errorMessage == nil)
        form.username = "ada"
        #expect(form.errorMessage == nil)
    }

    @Test func anEditThatChangesNothingKeepsTheMessage() {
        let (form, _) = failedForm()
        form.password = "secret"
        #expect(form.errorMessage == "Wrong password")
        // Changed and changed back within one transaction is no change either.
        form.update {
            $0.password = "other"
            $0.password = "secret"
        }
        #expect(form.errorMessage == "Wrong password")
    }

    @Test func observersOfAnEditNeverSeeTheMessageTheReactionClears() {
        let (form, _) = failedForm()
        var seen: [String] = []
        let describe: @MainActor (String) -> Void = { who in
            seen.append("\(who): \(form.password) \(form.errorMessage ?? "nil") \(form.showsError)")
        }
        let passwords = form.passwordProperty.signal.observeValuesOnMain { _ in describe("password") }
        let messages = form.errorMessageProperty.signal.observeValuesOnMain { _ in describe("errorMessage") }
        let shows = form.showsErrorProperty.signal.observeValuesOnMain { _ in describe("showsError") }
        defer {
            passwords?.dispose()
            messages?.dispose()
            shows?.dispose()
        }
        let tracking = track({ _ = form.password; _ = form.errorMessage; _ = form.showsError }) {
            describe("Observation")
        }

        form.password = "secret!"

        // Each output once, in update order, and every observer reads the state after the reaction.
        #expect(seen == [
            "Observation: secret! nil false",
            "password: secret! nil false",
            "errorMessage: secret! nil false",
            "showsError: secret! nil false",
        ])
        #expect(tracking.changes == 1)
    }

    @Test func eachOutputOfAReactionIsToldOnce() {
        let (form, _) = failedForm()
        let messages = Recorder(form.errorMessageProperty.signal)
        let shows = Recorder(form.showsErrorProperty.signal)
        let passwords = Recorder(form.passwordProperty.signal)
        form.update {
            $0.username = "bob"
            $0.password = "hunter2"
        }
        #expect(messages.values == [nil])
        #expect(shows.values == [false])
        #expect(passwords.values == ["hunter2"])
    }

    @Test func aFailureAfterAnEditShowsTheNewMessage() {
        let (form, authenticator) = failedForm()
        form.password = "secret!"
        form.logIn.tap()
        authenticator.attempts.last?.fail(with: LoginError(message: "Locked"))
        #expect(form.errorMessage == "Locked")
        #expect(authenticator.attempts.arguments.last == Credentials(username: "ada", password: "secret!"))
    }
}
