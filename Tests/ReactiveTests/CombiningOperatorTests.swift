import Reactive
import ReactiveTesting
import Testing

@Suite struct CombiningOperatorTests {
    @Test func combineLatestWaitsForBothThenSendsOnEveryChange() {
        let (a, aInput) = Signal<Int, TestError>.pipe()
        let (b, bInput) = Signal<String, TestError>.pipe()
        let recorder = Recorder(Signal<(Int, String), TestError>.combineLatest(a, b).map { "\($0)\($1)" })
        aInput.send(value: 1)
        aInput.send(value: 2)
        bInput.send(value: "x")
        aInput.send(value: 3)
        aInput.sendCompleted()
        #expect(!recorder.isTerminated)
        bInput.sendCompleted()
        #expect(recorder.events == [.value("2x"), .value("3x"), .completed])
    }

    @Test func combineLatestFailsWhenEitherFails() {
        let result = Recorder(SignalProducer.combineLatest(SignalProducer<Int, TestError>.never, SignalProducer<Int, TestError>(error: .boom)).map { $0 + $1 })
        #expect(result.events == [.failed(.boom)])
    }

    @Test func zipPairsValuesByPosition() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<String, Never>.pipe()
        let recorder = Recorder(a.zip(with: b).map { "\($0)\($1)" })
        aInput.send(value: 1)
        aInput.send(value: 2)
        bInput.send(value: "x")
        aInput.sendCompleted()
        #expect(!recorder.isTerminated)
        bInput.send(value: "y")
        #expect(recorder.events == [.value("1x"), .value("2y"), .completed])
    }

    @Test func mergeInterleavesAndCompletesWhenAllComplete() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let recorder = Recorder(Signal<Int, Never>.merge(a, b))
        aInput.send(value: 1)
        bInput.send(value: 2)
        aInput.sendCompleted()
        bInput.send(value: 3)
        bInput.sendCompleted()
        #expect(recorder.events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func concatRunsTheSecondOnlyAfterTheFirstCompletes() {
        let starts = Log<String>()
        let first = SignalProducer<Int, Never> { observer, _ in
            starts.append("first")
            observer.send(value: 1)
            observer.sendCompleted()
        }
        let second = SignalProducer<Int, Never> { observer, _ in
            starts.append("second")
            observer.send(value: 2)
            observer.sendCompleted()
        }
        #expect(Recorder(first.concat(second).concat(value: 3)).events == [.value(1), .value(2), .value(3), .completed])
        #expect(starts.all == ["first", "second"])
    }

    @Test func combiningNoProducersEndsAtOnce() {
        #expect(Recorder(SignalProducer<[Int], Never>.combineLatest([SignalProducer<Int, Never>]())).events == [.value([]), .completed])
        #expect(Recorder(SignalProducer<Int, Never>.merge([SignalProducer<Int, Never>]())).events == [.completed])
    }
}

@Suite struct FlattenTests {
    @Test func latestDisposesThePreviousInnerProducer() {
        let outer = Signal<Int, Never>.pipe()
        let ended = Log<Int>()
        let inners = Log<Signal<String, Never>.Observer>()
        let recorder = Recorder(SignalProducer(outer.output).flatMap(.latest) { index in
            SignalProducer<String, Never> { observer, lifetime in
                inners.append(observer)
                lifetime.observeEnded { ended.append(index) }
            }
        })
        outer.input.send(value: 0)
        inners.all[0].send(value: "a")
        outer.input.send(value: 1)
        #expect(ended.all == [0])
        inners.all[0].send(value: "stale")
        inners.all[1].send(value: "b")
        #expect(recorder.values == ["a", "b"])
        #expect(!recorder.isTerminated)
    }

    @Test func latestCompletesWhenOuterAndCurrentInnerComplete() {
        let producer = SignalProducer<Int, Never>(values: [1, 2]).flatMap(.latest) { SignalProducer<Int, Never>(value: $0 * 10) }
        #expect(Recorder(producer).events == [.value(10), .value(20), .completed])
    }

    @Test func mergeRunsInnerProducersTogether() {
        let outer = Signal<Int, Never>.pipe()
        let inners = Log<Signal<Int, Never>.Observer>()
        let recorder = Recorder(SignalProducer(outer.output).flatMap(.merge) { _ in
            SignalProducer<Int, Never> { observer, _ in inners.append(observer) }
        })
        outer.input.send(value: 0)
        outer.input.send(value: 1)
        inners.all[1].send(value: 11)
        inners.all[0].send(value: 10)
        outer.input.sendCompleted()
        inners.all[0].sendCompleted()
        #expect(!recorder.isTerminated)
        inners.all[1].sendCompleted()
        #expect(recorder.events == [.value(11), .value(10), .completed])
    }

    @Test func concatWaitsForEachInnerProducer() {
        let outer = Signal<Int, Never>.pipe()
        let inners = Log<Signal<Int, Never>.Observer>()
        let recorder = Recorder(SignalProducer(outer.output).flatMap(.concat) { _ in
            SignalProducer<Int, Never> { observer, _ in inners.append(observer) }
        })
        outer.input.send(value: 0)
        outer.input.send(value: 1)
        #expect(inners.count == 1)
        inners.all[0].send(value: 1)
        inners.all[0].sendCompleted()
        #expect(inners.count == 2)
        inners.all[1].send(value: 2)
        #expect(recorder.values == [1, 2])
    }

    @Test func anInnerFailureFailsTheResultAndDisposesTheRest() {
        let ended = Log<Int>()
        let outerEnded = Log<Int>()
        let outer = SignalProducer<Int, TestError> { observer, lifetime in
            lifetime.observeEnded { outerEnded.append(1) }
            observer.send(value: 1)
            observer.send(value: 2)
        }
        let recorder = Recorder(outer.flatMap(.merge) { value -> SignalProducer<Int, TestError> in
            if value == 2 { return SignalProducer(error: .boom) }
            return SignalProducer { _, lifetime in lifetime.observeEnded { ended.append(value) } }
        })
        #expect(recorder.events == [.failed(.boom)])
        #expect(ended.all == [1])
        #expect(outerEnded.count == 1)
    }

    @Test func disposingTheResultDisposesOuterAndInner() {
        let ended = Log<String>()
        let outer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { ended.append("outer") }
            observer.send(value: 1)
        }
        let recorder = Recorder(outer.flatMap(.latest) { _ in
            SignalProducer<Int, Never> { _, lifetime in lifetime.observeEnded { ended.append("inner") } }
        })
        recorder.dispose()
        #expect(Set(ended.all) == ["outer", "inner"])
        #expect(recorder.events == [.interrupted])
    }

    @Test func aSignalFlatMapFailsWhenAnInnerProducerFails() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder(signal.promoteError(TestError.self).flatMap(.concat) { value in
            value < 0 ? SignalProducer<Int, TestError>(error: .boom) : SignalProducer(value: value)
        })
        input.send(value: 1)
        input.send(value: -1)
        #expect(recorder.events == [.value(1), .failed(.boom)])
    }
}

@Suite struct ErrorOperatorTests {
    @Test func flatMapErrorReplacesAFailure() {
        let producer = SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: .boom))
            .flatMapError { _ in SignalProducer<Int, Never>(value: 99) }
        #expect(Recorder(producer).events == [.value(1), .value(99), .completed])
        #expect(Recorder(SignalProducer<Int, TestError>(error: .boom).catch(SignalProducer(value: 0))).values == [0])
    }

    @Test func retryStartsAgainUpToTheCount() {
        let attempts = Log<Int>()
        let flaky = SignalProducer<Int, TestError> { observer, _ in
            attempts.append(1)
            if attempts.count < 3 { observer.send(error: .boom) } else { observer.send(value: attempts.count); observer.sendCompleted() }
        }
        #expect(Recorder(flaky.retry(upTo: 5)).events == [.value(3), .completed])
        #expect(attempts.count == 3)
        let alwaysFailing = SignalProducer<Int, TestError> { observer, _ in
            attempts.append(1)
            observer.send(error: .boom)
        }
        #expect(Recorder(alwaysFailing.retry(upTo: 2)).events == [.failed(.boom)])
        #expect(attempts.count == 6)
    }
}

@Suite struct LifetimeOperatorTests {
    @Test func takeUntilCompletesWhenTheTriggerFires() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (trigger, fire) = Signal<(), Never>.pipe()
        let recorder = Recorder(signal.take(until: trigger))
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func takeUntilOnAProducerDisposesTheWork() {
        let ended = Log<Int>()
        let (trigger, fire) = Signal<(), Never>.pipe()
        let work = SignalProducer<Int, Never> { _, lifetime in lifetime.observeEnded { ended.append(1) } }
        let recorder = Recorder(work.take(until: SignalProducer(trigger)))
        fire.send(value: ())
        #expect(recorder.events == [.completed])
        #expect(ended.count == 1)
    }

    @Test func takeDuringCompletesWhenTheLifetimeEnds() {
        let (lifetime, token) = Lifetime.make()
        let (signal, input) = Signal<Int, Never>.pipe()
        let signalRecorder = Recorder(signal.take(during: lifetime))
        let producerRecorder = Recorder(SignalProducer<Int, Never>.never.take(during: lifetime))
        input.send(value: 1)
        token.dispose()
        input.send(value: 2)
        #expect(signalRecorder.events == [.value(1), .completed])
        #expect(producerRecorder.events == [.completed])
        #expect(Recorder(SignalProducer<Int, Never>(value: 1).take(during: Lifetime.empty)).events == [.completed])
    }
}
