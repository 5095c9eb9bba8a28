@_spi(Testing) import GoldenViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// What a user's test reaches of a generated view model's testing part, in a release build (as
/// `.ci/release-check.sh` runs it): `ChangeRecorder` and the `Explorer` with a plain
/// `import ReactiveTesting`; the members themselves (`_$outputs`, `_$invariants`, `_$audit()`)
/// through `@_spi(Testing) import` of the view models' module (and `Reactive`'s, for the types
/// they return). The same script checks that app code without the SPI imports cannot see them.
@MainActor
struct InspectionTests {
    @Test func theChangeRecorderSeesEachTransaction() {
        let counter = CounterViewModel(limit: 2)
        let changes = ChangeRecorder(counter)
        counter.increment.execute().start()
        changes.expect(.changed(\.count, to: 1), .changed(\.remaining, to: 1), .changed(\.summary, to: "Counter: 1 to go"))
        changes.finish()
    }

    @Test func theExplorerKeepsTheInvariants() {
        let report = Explorer<ProfileFormViewModel> { _ in ProfileFormViewModel(maxNameLength: 5) }.exhaustive(depth: 3)
        report.expectNoFailure()
    }

    /// `reset` has no condition and runs whole in one transaction: it is never seen disabled, so
    /// the coverage asks only to see it enabled (and `increment`, which has a condition, both).
    @Test func theCoverageAsksOnlyForTheStatesACommandCanShow() {
        let report = Explorer<CounterViewModel> { explore in
            explore.input(\.step, [1, 2])
            return CounterViewModel(limit: 2)
        }.exhaustive(depth: 3)
        report.expectNoFailure()
        #expect(report.coverage.commands["reset"]?.disabled == false)
        #expect(report.coverage.neverDisabled == ["reset"])
        #expect(report.coverage.missing.isEmpty, "\(report.coverage)")
        #expect(report.coverage.description.contains("  reset: enabled (never disabled)"))
        #expect(report.coverage.description.contains("  increment: enabled, disabled\n"))
    }

    /// The submit of a validated form that `perform`s runs whole in one transaction, attempt
    /// included, refused or not: nobody sees it executing, and without a condition it is never
    /// disabled, so the coverage leaves nothing missing (the explorer's coverage once asked for
    /// `subscribe: disabled`, a state it can never show).
    @Test func aPerformingSubmitIsNeverSeenDisabled() {
        let report = Explorer<NewsletterViewModel> { explore in
            explore.input(\.email, ["", "a@b"])
            return NewsletterViewModel()
        }.exhaustive(depth: 3)
        report.expectNoFailure()
        #expect(report.coverage.neverDisabled.contains("subscribe"))
        #expect(report.coverage.missing.isEmpty, "\(report.coverage)")
    }

    /// The machine's inspection and the transitions `send(_:)` reports work in release too: the
    /// explorer's coverage of the turnstile's machine (a fare of 2: `unlocked` needs a free fare,
    /// `broken` an event no command sends).
    @Test func theExplorerCoversTheMachine() throws {
        let report = Explorer<TurnstileViewModel> { explore in
            explore.execute(\.insert, named: "insert", inputs: [1, 2])
            return TurnstileViewModel(fare: 2)
        }.exhaustive(depth: 3)
        report.expectNoFailure()
        let machine = try #require(report.coverage.machine)
        #expect(machine.reachedStates == ["locked", "paying"])
        #expect(machine.transitions.filter { $0.taken }.map(\.name) == [
            "locked -coin-> paying", "paying -coin-> paying", "paying -push-> locked",
        ])
        #expect(report.coverage.missing.contains("state broken: not reached"))
        #expect(report.coverage.missing.contains("guard of locked -coin-> unlocked: never true"))
        #expect(report.shortestPaths["paying"] == ["viewModel.insert(1)"])
    }

    @Test func theTestingMembersAreReachableThroughTheSPI() {
        let counter = CounterViewModel(limit: 2)
        #expect(counter._$outputs.map(\.name).prefix(2) == ["count", "step"])
        let form = ProfileFormViewModel(maxNameLength: 5)
        #expect(form._$invariants.map(\.name) == ["messagesOnlyAfterAnAttempt"])
        #expect(form._$invariants.allSatisfy { $0.holds })
        #expect(counter._$audit() == [])
        let turnstile = TurnstileViewModel(fare: 2)
        #expect(turnstile._$machine?.states == ["locked", "paying", "unlocked", "broken"])
        #expect(turnstile._$machine?.currentState(turnstile) == "locked")
    }
}
