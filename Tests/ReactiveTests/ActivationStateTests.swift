import Reactive
import ReactiveTesting
import Testing

@Suite struct ActivationStateTests {
    @Test func becomingActiveAndInactiveSendsOncePerChange() {
        let state = ActivationState()
        let active = Recorder(state.didBecomeActive)
        let inactive = Recorder(state.didBecomeInactive)
        state.isActive = true
        state.isActive = true
        state.isActive = false
        state.isActive = false
        state.isActive = true
        #expect(active.values.count == 2)
        #expect(inactive.values.count == 1)
    }

    @Test func forwardWhileActiveRestartsTheWorkOnEachActivationAndStopsItOnDeactivation() {
        let state = ActivationState()
        let starts = Log<Int>()
        let stops = Log<Int>()
        let work = SignalProducer<Int, Never> { observer, lifetime in
            starts.append(1)
            observer.send(value: starts.count)
            lifetime.observeEnded { stops.append(1) }
        }
        let recorder = Recorder(state.forwardWhileActive(work))
        #expect(starts.count == 0)
        state.isActive = true
        #expect(starts.count == 1)
        state.isActive = false
        #expect(stops.count == 1)
        state.isActive = true
        #expect(recorder.values == [1, 2])
        recorder.dispose()
        #expect(stops.count == 2)
    }

    @Test func forwardWhileActiveStartsAtOnceWhenAlreadyActiveAndIgnoresInnerCompletion() {
        let state = ActivationState(isActive: true)
        let recorder = Recorder(state.forwardWhileActive(SignalProducer<Int, Never>(value: 7)))
        #expect(recorder.events == [.value(7)])
    }

    @Test func forwardWhileActiveFailsWhenTheWorkFails() {
        let state = ActivationState(isActive: true)
        let recorder = Recorder(state.forwardWhileActive(SignalProducer<Int, TestError>(error: .boom)))
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func forwardWhileActiveCompletesWhenTheStateGoesAway() {
        var state: ActivationState? = ActivationState()
        let recorder = Recorder(state!.forwardWhileActive(SignalProducer<Int, Never>.never))
        state = nil
        #expect(recorder.events == [.completed])
    }

    @Test func throttleWhileInactiveHoldsTheLatestValueUntilActive() {
        let state = ActivationState()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder(state.throttleWhileInactive(signal))
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.values.isEmpty)
        state.isActive = true
        #expect(recorder.values == [2])
        input.send(value: 3)
        #expect(recorder.values == [2, 3])
        state.isActive = false
        input.send(value: 4)
        input.sendCompleted()
        #expect(recorder.events == [.value(2), .value(3), .completed])
    }
}
