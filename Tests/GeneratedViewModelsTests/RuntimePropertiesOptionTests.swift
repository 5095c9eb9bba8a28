import GoldenViewModels
import Observation
import Reactive
import ReactiveTesting
import Testing

/// `runtimeProperties: false` (the golden `QuietCounterViewModel`): no `<name>Property` member,
/// while Observation and the test kit see every value as before.
@MainActor
struct RuntimePropertiesOptionTests {
    @Test func withoutRuntimePropertiesTheValuesAreStillObservedAndRecorded() {
        let counter = QuietCounterViewModel()
        let changes = ChangeRecorder(counter)
        let told = Locked(0)
        withObservationTracking { _ = counter.label } onChange: { told.withLock { $0 += 1 } }
        counter.increment.tap()
        #expect(told.withLock { $0 } == 1)
        #expect(changes.transactions.count == 1)
        changes.expect(.changed(\.count, to: 1), .changed(\.label, to: "1 taps"))
        changes.finish()
    }
}
