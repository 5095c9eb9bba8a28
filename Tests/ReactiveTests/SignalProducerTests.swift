import Reactive
import ReactiveTesting
import Testing

@Suite struct SignalProducerTests {
    @Test func aProducerRunsItsWorkOncePerStart() {
        let starts = Log<Int>()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.append(1)
            observer.send(value: starts.count)
            observer.sendCompleted()
        }
        #expect(starts.count == 0)
        let first = Recorder(producer)
        let second = Recorder(producer)
        #expect(first.events == [.value(1), .completed])
        #expect(second.events == [.value(2), .completed])
    }

    @Test func disposingAStartedProducerSendsInterruptedAndEndsItsLifetime() {
        let ended = Log<Int>()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            observer.send(value: 1)
            lifetime.observeEnded { ended.append(1) }
        }
        let recorder = Recorder(producer)
        #expect(ended.count == 0)
        recorder.dispose()
        #expect(recorder.events == [.value(1), .interrupted])
        #expect(ended.count == 1)
    }

    @Test func disposingAfterCompletionSendsNothingMore() {
        let recorder = Recorder(SignalProducer<Int, Never>(value: 1))
        recorder.dispose()
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func theLifetimeEndsWhenTheProducerCompletesOnItsOwn() {
        let ended = Log<Int>()
        let inputBox = Box<Signal<Int, Never>.Observer?>(nil)
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            inputBox.value = observer
            lifetime.observeEnded { ended.append(1) }
        }
        let disposable = producer.start()
        inputBox.value?.sendCompleted()
        #expect(ended.count == 1)
        #expect(disposable.isDisposed)
    }

    @Test func convenienceProducersSendTheirValuesThenEnd() {
        #expect(Recorder(SignalProducer<Int, TestError>(value: 7)).events == [.value(7), .completed])
        #expect(Recorder(SignalProducer<Int, TestError>(values: [1, 2, 3])).events == [.value(1), .value(2), .value(3), .completed])
        #expect(Recorder(SignalProducer<Int, TestError>(values: 4, 5)).values == [4, 5])
        #expect(Recorder(SignalProducer<Int, TestError>(error: .boom)).events == [.failed(.boom)])
        #expect(Recorder(SignalProducer<Int, TestError>.empty).events == [.completed])
        let never = Recorder(SignalProducer<Int, TestError>.never)
        #expect(never.events.isEmpty)
        never.dispose()
        #expect(never.events == [.interrupted])
    }

    @Test func startWithValuesSeesOnlyValues() {
        let log = Log<Int>()
        SignalProducer<Int, Never>(values: [1, 2]).startWithValues { log.append($0) }
        #expect(log.all == [1, 2])
    }

    @Test func aSignalProducerForwardsASignalFromTheStartOn() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.send(value: 0)
        let recorder = Recorder(SignalProducer(signal))
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func theStartedProducerIsFreedAfterItEnds() {
        weak var weakTracked: Tracked?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            SignalProducer<Tracked, Never>(value: tracked).start()
        }
        #expect(weakTracked == nil)
    }
}
