import Reactive
import ReactiveTesting
import Testing

/// The Signal forms of the operators (most are shared with SignalProducer; these pin down the
/// hot-stream behaviour).
@Suite struct SignalOperatorTests {
    @Test func takeFirstOnASignalCompletesAndStopsObservingTheSource() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let seen = Log<Int>()
        let recorder = Recorder(signal.on(event: { if let value = $0.value { seen.append(value) } }).take(first: 2))
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(recorder.events == [.value(1), .value(2), .completed])
        #expect(seen.all == [1, 2])
    }

    @Test func aStatefulSignalOperatorIsOneStreamWhoseStateAllObserversShare() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let sums = signal.scan(0, +)
        let first = Recorder(sums)
        input.send(value: 1)
        let second = Recorder(sums)
        input.send(value: 2)
        #expect(first.values == [1, 3])
        #expect(second.values == [3])
    }

    @Test func skipRepeatsSkipAndCollectOnASignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let distinct = Recorder(signal.skipRepeats())
        let skipped = Recorder(signal.skip(first: 2))
        let collected = Recorder(signal.collect(count: 2))
        for value in [1, 1, 2, 2, 3] { input.send(value: value) }
        input.sendCompleted()
        #expect(distinct.values == [1, 2, 3])
        #expect(skipped.values == [2, 2, 3])
        #expect(collected.values == [[1, 1], [2, 2], [3]])
    }

    @Test func aStatelessChainRunsItsFunctionsOncePerObserverAndEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let calls = Log<Int>()
        let mapped = signal.map { value -> Int in
            calls.append(value)
            return value * 2
        }
        let a = Recorder(mapped)
        let b = Recorder(mapped)
        input.send(value: 5)
        #expect(a.values == [10])
        #expect(b.values == [10])
        #expect(calls.count == 2)
    }

    @Test func aViewOfAnEndedSignalInterruptsNewObservers() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 + 1 }
        input.sendCompleted()
        let recorder = Recorder<Int, Never>()
        #expect(mapped.observe(recorder.observer) == nil)
        #expect(recorder.events == [.interrupted])
    }

    @Test func signalFlattenAndFlatMapErrorForwardTheInnerProducers() {
        let (signal, input) = Signal<SignalProducer<Int, TestError>, TestError>.pipe()
        let flattened = Recorder(signal.flatten(.concat))
        input.send(value: SignalProducer(values: [1, 2]))
        input.send(value: SignalProducer(error: .boom))
        #expect(flattened.events == [.value(1), .value(2), .failed(.boom)])

        let (failing, failingInput) = Signal<Int, TestError>.pipe()
        let recovered = Recorder(failing.flatMapError { _ in SignalProducer<Int, Never>(value: 0) })
        failingInput.send(value: 1)
        failingInput.send(error: .boom)
        #expect(recovered.events == [.value(1), .value(0), .completed])
    }

    @Test func materializeOnASignalTurnsTheEndIntoAValue() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = Recorder(signal.materialize())
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.values == [.value(1), .failed(.boom)])
        #expect(recorder.isCompleted)
    }

    @Test func startWithSignalHandsOverTheStreamBeforeItsFirstEvent() {
        let recorder = Recorder<Int, Never>()
        SignalProducer<Int, Never>(values: [1, 2]).startWithSignal { signal, _ in
            signal.observe(recorder.observer)
        }
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func aProducerFromAResultSendsItsValueOrItsError() {
        #expect(Recorder(SignalProducer<Int, TestError>(result: .success(1))).events == [.value(1), .completed])
        #expect(Recorder(SignalProducer<Int, TestError>(result: .failure(.boom))).events == [.failed(.boom)])
    }
}
