import Foundation
import Observation
import ConsumerViewModels
import Testing

/// `CounterViewModel` exists only as the build plugin's output for `Counter.vm.yaml`: these tests
/// compile only if the plugin ran, and pass only if what it generated behaves as the spec says.
@MainActor
struct CounterTests {
    @Test func startsAtZeroWithOnlyIncrementEnabled() {
        let counter = CounterViewModel(limit: 2)
        #expect(counter.count == 0)
        #expect(counter.label == "0 of 2")
        #expect(counter.incrementIsEnabled)
        #expect(!counter.decrementIsEnabled)
    }

    @Test func incrementStopsAtTheLimit() {
        let counter = CounterViewModel(limit: 2)
        for _ in 0..<5 { counter.increment.execute().start() }
        #expect(counter.count == 2)
        #expect(counter.isAtLimit)
        #expect(counter.label == "2 of 2")
        #expect(!counter.incrementIsEnabled)
        #expect(counter.decrementIsEnabled)
    }

    @Test func decrementStopsAtZero() {
        let counter = CounterViewModel(limit: 5)
        counter.increment.execute().start()
        for _ in 0..<3 { counter.decrement.execute().start() }
        #expect(counter.count == 0)
        #expect(!counter.decrementIsEnabled)
    }

    @Test func resetReturnsToZeroAndReenablesIncrement() {
        let counter = CounterViewModel(limit: 1)
        counter.increment.execute().start()
        #expect(!counter.incrementIsEnabled)
        counter.reset.execute().start()
        #expect(counter.count == 0)
        #expect(counter.incrementIsEnabled)
    }

    @Test func observersOfTheLabelHearOfACountChange() {
        let counter = CounterViewModel(limit: 3)
        let changed = ChangeFlag()
        withObservationTracking { _ = counter.label } onChange: { changed.set() }
        counter.increment.execute().start()
        #expect(changed.isSet)
        #expect(counter.label == "1 of 3")
    }
}

/// Set from Observation's `onChange`, which is `@Sendable`; read afterwards by the test.
final class ChangeFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
