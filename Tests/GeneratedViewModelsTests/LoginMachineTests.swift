import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

/// The 500px login as a state machine (`Specs/LoginMachine.vm.yaml`): idle, logging in, logged in,
/// failed with retry; each event, and each outcome of the login `loggingIn` invokes, one transaction.
@MainActor
struct LoginMachineTests {
    let importer = InMemoryPhotoImporter()

    func filledIn() -> LoginMachineViewModel {
        let login = LoginMachineViewModel(importer: importer)
        login.update {
            $0.username = "ash"
            $0.password = "secret"
        }
        return login
    }

    /// A login that failed with `.unexpectedResponse`.
    func failed() -> LoginMachineViewModel {
        let login = filledIn()
        login.logIn.tap()
        importer.logIns.last?.fail(with: .unexpectedResponse)
        return login
    }

    static func isLoggingIn(_ state: LoginMachineViewModel.State, as user: String) -> Bool {
        if case .loggingIn(let username) = state { username == user } else { false }
    }

    @Test func logInIsEnabledOnlyWhenIdleWithBothFieldsFilledIn() {
        let login = LoginMachineViewModel(importer: importer)
        #expect(!login.logInIsEnabled)
        login.username = "ash"
        #expect(!login.logInIsEnabled)
        login.password = "secret"
        #expect(login.logInIsEnabled)
        login.logIn.tap()
        #expect(Self.isLoggingIn(login.state, as: "ash"))
        #expect(!login.logInIsEnabled)
        #expect(login.logIn.tap().wasRefusedAsDisabled())
        #expect(importer.logIns.arguments == [Credentials(username: "ash", password: "secret")])
    }

    @Test func submittingIsOneTransactionThatEntersLoggingInAndStartsTheLogin() {
        let login = filledIn()
        let changes = ChangeRecorder(login)
        login.logIn.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, to: .loggingIn(username: "ash")),   // `State` is Equatable: its data are Strings
            .changed(\.logInIsEnabled, to: false),
            .changed(\.cancelIsEnabled, to: true))
        #expect(importer.logIns.last?.isWaiting == true)
        changes.stop()
    }

    @Test func aFailureIsOneTransactionWithItsMessageAsDataOfTheFailedState() {
        let login = filledIn()
        login.logIn.tap()
        let changes = ChangeRecorder(login)
        importer.logIns.last?.fail(with: .network("401"))
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        let message = "Could not log in: network(\"401\")"
        changes.expect(
            .changed(\.state, "failed") { state in
                if case .failed(message, "ash") = state { true } else { false }
            },
            .changed(\.errorMessage, to: message),
            .changed(\.retryIsEnabled, to: true),
            .changed(\.cancelIsEnabled, to: false))
        changes.finish()
    }

    @Test func retryLogsInAgainWithWhatIsTypedNow() {
        let login = failed()
        login.password = "right"
        login.retry.tap()
        #expect(Self.isLoggingIn(login.state, as: "ash"))
        #expect(login.errorMessage == nil)
        #expect(!login.retryIsEnabled)
        #expect(importer.logIns.arguments.map(\.password) == ["secret", "right"])
        importer.logIns.last?.complete()
        guard case .loggedIn(let username) = login.state else {
            Issue.record("not logged in: \(login.state)")
            return
        }
        #expect(username == "ash")
    }

    @Test func retryWithAnEmptiedFieldFallsBackToTheEmptyForm() {
        let login = failed()
        login.password = ""
        #expect(login.retryIsEnabled, "the fallback transition has no guard")
        let changes = ChangeRecorder(login)
        login.retry.tap()
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(
            .changed(\.state, "idle") { if case .idle = $0 { true } else { false } },
            .changed(\.errorMessage, to: nil),
            .changed(\.retryIsEnabled, to: false))
        #expect(importer.logIns.count == 1)
        changes.finish()
    }

    @Test func loggedInIsFinalAndAnEventNoStateHereHandlesChangesNothing() {
        let login = filledIn()
        login.logIn.tap()
        importer.logIns.last?.complete()
        #expect(!login.logInIsEnabled)
        #expect(!login.retryIsEnabled)
        let changes = ChangeRecorder(login)
        login.send(.submit)
        login.send(.retry)
        login.send(.cancel)
        changes.expectNoChanges()
        guard case .loggedIn = login.state else {
            Issue.record("left the final state: \(login.state)")
            return
        }
        changes.finish()
    }

    @Test func cancellingStopsTheLoginAndItsLateAnswerChangesNothing() {
        let login = filledIn()
        login.logIn.tap()
        let call = importer.logIns.last
        login.cancel.tap()
        #expect(login.state == .idle)
        #expect(call?.isCancelled == true, "leaving `loggingIn` disposes its work")
        let changes = ChangeRecorder(login)
        call?.complete()
        call?.fail(with: .unexpectedResponse)
        changes.expectNoChanges()
        #expect(login.state == .idle)
        changes.finish()
    }

    @Test func aLoginThatAnswersAfterARetryStartedAnotherIsIgnored() {
        let login = failed()
        login.retry.tap()
        #expect(Self.isLoggingIn(login.state, as: "ash"))
        login.cancel.tap()
        login.logIn.tap()
        let calls = importer.logIns.all
        #expect(calls.count == 3)
        // The second login was cancelled; its late failure must not fail the third.
        calls[1].fail(with: .network("late"))
        #expect(Self.isLoggingIn(login.state, as: "ash"))
        calls[2].complete()
        #expect(login.state == .loggedIn(username: "ash"))
    }

    @Test func aGuardThatFailsChangesNothing() {
        let login = LoginMachineViewModel(importer: importer)
        let changes = ChangeRecorder(login)
        login.send(.submit)
        changes.expectNoChanges()
        #expect(importer.logIns.count == 0)
        changes.finish()
    }

    /// Whatever an observer of any value reads, the state's data and the values computed from it agree.
    @Test func observersNeverSeeAStateWithTheDataOfAnother() {
        let login = LoginMachineViewModel(importer: importer)
        var seen: [String] = []
        func check(_ value: String) {
            let state = login.state
            let consistent = switch state {
            case .idle: login.errorMessage == nil && !login.retryIsEnabled && !login.cancelIsEnabled
            case .loggingIn: login.errorMessage == nil && !login.logInIsEnabled && !login.retryIsEnabled && login.cancelIsEnabled
            case .failed(let message, _): login.errorMessage == message && login.retryIsEnabled && !login.logInIsEnabled
                && !login.cancelIsEnabled
            case .loggedIn: login.errorMessage == nil && !login.logInIsEnabled && !login.retryIsEnabled && !login.cancelIsEnabled
            }
            if !consistent { seen.append("\(value): \(state), \(String(describing: login.errorMessage))") }
        }
        let observations = [
            login.stateProperty.signal.observeValuesOnMain { _ in check("state") },
            login.errorMessageProperty.signal.observeValuesOnMain { _ in check("errorMessage") },
            login.retryIsEnabledProperty.signal.observeValuesOnMain { _ in check("retryIsEnabled") },
            login.logInIsEnabledProperty.signal.observeValuesOnMain { _ in check("logInIsEnabled") },
            login.cancelIsEnabledProperty.signal.observeValuesOnMain { _ in check("cancelIsEnabled") },
        ]
        defer { observations.forEach { $0?.dispose() } }
        login.username = "ash"
        login.password = "secret"
        login.logIn.tap()
        importer.logIns.last?.fail(with: .unexpectedResponse)
        login.retry.tap()
        importer.logIns.last?.fail(with: .network("500"))
        login.password = ""
        login.retry.tap()
        login.password = "right"
        login.logIn.tap()
        importer.logIns.last?.complete()
        #expect(seen.isEmpty, "\(seen)")
        guard case .loggedIn("ash") = login.state else {
            Issue.record("not logged in: \(login.state)")
            return
        }
    }

    /// Every sequence of up to six actions (typing, each command, the importer's answers): each
    /// command's enabled state agrees with a fresh computation from the state and the guards, and a
    /// disabled command refuses to run; and every state, transition and guard outcome is reached
    /// (the fallback `failed -retry-> idle` takes six: type both, log in, fail, empty a field, retry).
    @Test func exploredEnabledStatesFollowTheMachine() {
        let report = Explorer<LoginMachineViewModel> { explore in
            let importer = ExploredImporter()
            explore.input(\.username, ["", "ann"])
            explore.input(\.password, ["", "pw"])
            explore.answers(importer.logIns, named: "logIns", values: [()], failures: [.network("down")])
            return LoginMachineViewModel(importer: importer)
        }.exhaustive(depth: 6)
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty, "\(report.coverage.missing)")
        #expect(report.shortestPaths["idle"] == [])
        #expect(report.shortestPaths["loggedIn"]?.count == 4)
    }
}
