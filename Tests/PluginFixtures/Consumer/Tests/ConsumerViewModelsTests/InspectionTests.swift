@_spi(Testing) import ConsumerViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// What a user's test reaches of a generated view model's testing part: `ChangeRecorder` and the
/// `Explorer` with a plain `import ReactiveTesting`; the members themselves (`_$outputs`,
/// `_$invariants`) only through `@_spi(Testing) import ConsumerViewModels` (and `Reactive`'s, for
/// the types they return). `.ci/plugin-check.sh` runs these; `.ci/release-check.sh` runs the
/// same kind of tests in release and checks that code without the SPI imports cannot see them.
@MainActor
struct InspectionTests {
    @Test func theChangeRecorderSeesEachTransaction() {
        let counter = CounterViewModel(limit: 1)
        let changes = ChangeRecorder(counter)
        counter.increment.execute().start()
        changes.expect(
            .changed(\.count, to: 1), .changed(\.label, to: "1 of 1"), .changed(\.isAtLimit, to: true),
            .changed(\.incrementIsEnabled, to: false), .changed(\.decrementIsEnabled, to: true))
        changes.finish()
    }

    @Test func theExplorerKeepsTheInvariant() {
        let report = Explorer<CounterViewModel> { _ in CounterViewModel(limit: 2) }.exhaustive(depth: 4)
        report.expectNoFailure()
    }

    @Test func theTestingMembersAreReachableThroughTheSPI() {
        let counter = CounterViewModel(limit: 2)
        #expect(counter._$outputs.map(\.name).prefix(3) == ["count", "label", "isAtLimit"])
        #expect(counter._$invariants.map(\.name) == ["countWithinLimit"])
        #expect(counter._$invariants.allSatisfy { $0.holds })
        #expect(counter._$audit() == [])
    }
}
