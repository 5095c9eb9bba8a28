import Reactive
import ReactiveTesting
import Testing

@Suite struct TransformingOperatorTests {
    let numbers = SignalProducer<Int, TestError>(values: [1, 2, 3, 4])

    @Test func mapFilterAndCompactMapTransformValuesAndKeepTheEnd() {
        #expect(Recorder(numbers.map { $0 * 10 }).events == [.value(10), .value(20), .value(30), .value(40), .completed])
        #expect(Recorder(numbers.filter { $0.isMultiple(of: 2) }).values == [2, 4])
        #expect(Recorder(numbers.compactMap { $0 > 2 ? "\($0)" : nil }).values == ["3", "4"])
        #expect(Recorder(numbers.map(value: "x")).values == ["x", "x", "x", "x"])
    }

    @Test func signalOperatorsApplyToEveryObserverSeparately() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let mapped = signal.map { $0 + 1 }.filter { $0 > 1 }.compactMap { $0 }
        let a = Recorder(mapped)
        let b = Recorder(mapped)
        input.send(value: 0)
        input.send(value: 1)
        input.send(error: .boom)
        #expect(a.events == [.value(2), .failed(.boom)])
        #expect(b.events == a.events)
    }

    @Test func scanSendsEveryIntermediateStateAndReduceOnlyTheLast() {
        #expect(Recorder(numbers.scan(0, +)).values == [1, 3, 6, 10])
        #expect(Recorder(numbers.reduce(0, +)).events == [.value(10), .completed])
        let (signal, input) = Signal<Int, Never>.pipe()
        let reduced = Recorder(signal.reduce(0, +))
        input.send(value: 5)
        input.sendInterrupted()
        #expect(reduced.events == [.interrupted])
    }

    @Test func eachStartOfAStatefulOperatorHasItsOwnState() {
        let running = numbers.scan(0, +)
        #expect(Recorder(running).values == [1, 3, 6, 10])
        #expect(Recorder(running).values == [1, 3, 6, 10])
    }

    @Test func skipRepeatsDropsConsecutiveDuplicates() {
        let producer = SignalProducer<Int, Never>(values: [1, 1, 2, 2, 1])
        #expect(Recorder(producer.skipRepeats()).values == [1, 2, 1])
        #expect(Recorder(producer.skipRepeats { abs($0 - $1) < 2 }).values == [1])
    }

    @Test func negateFlipsBooleans() {
        #expect(Recorder(SignalProducer<Bool, Never>(values: [true, false]).negate()).values == [false, true])
        let (signal, input) = Signal<Bool, Never>.pipe()
        let recorder = Recorder(signal.negate())
        input.send(value: false)
        #expect(recorder.values == [true])
    }

    @Test func prefixSendsTheValueFirst() {
        #expect(Recorder(numbers.prefix(value: 0)).values == [0, 1, 2, 3, 4])
    }

    @Test func takeFirstCompletesAfterTheCountAndDisposesTheSource() {
        let ended = Log<Int>()
        let source = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { ended.append(1) }
            for value in 1...10 { observer.send(value: value) }
        }
        #expect(Recorder(source.take(first: 2)).events == [.value(1), .value(2), .completed])
        #expect(ended.count == 1)
        #expect(Recorder(source.take(first: 0)).events == [.completed])
        #expect(Recorder(source.skip(first: 8)).values == [9, 10])
    }

    @Test func collectGathersValuesIntoArrays() {
        #expect(Recorder(numbers.collect()).events == [.value([1, 2, 3, 4]), .completed])
        #expect(Recorder(numbers.collect(count: 3)).values == [[1, 2, 3], [4]])
        #expect(Recorder(SignalProducer<Int, Never>.empty.collect()).values == [[]])
    }

    @Test func materializeAndDematerializeRoundTrip() {
        let failing = SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: .boom))
        let materialized = Recorder(failing.materialize())
        #expect(materialized.events == [.value(.value(1)), .value(.failed(.boom)), .completed])
        #expect(Recorder(failing.materialize().dematerialize()).events == [.value(1), .failed(.boom)])
    }

    @Test func ignoreValuesKeepsOnlyTheEnd() {
        #expect(Recorder(numbers.ignoreValues()).events == [.completed])
    }

    @Test func mapErrorAndPromoteErrorChangeTheFailureType() {
        let failing = SignalProducer<Int, TestError>(error: .boom)
        #expect(Recorder(failing.mapError { _ in TestError.other(2) }).events == [.failed(.other(2))])
        let promoted: SignalProducer<Int, TestError> = SignalProducer<Int, Never>(value: 1).promoteError()
        #expect(Recorder(promoted).events == [.value(1), .completed])
    }

    @Test func logEventsReportsEveryEvent() {
        let lines = Log<String>()
        Recorder(SignalProducer<Int, Never>(value: 1).logEvents(identifier: "p") { lines.append($0) }).dispose()
        #expect(lines.all == ["[p] starting", "[p] value(1)", "[p] completed"])
    }

    @Test func onRunsSideEffectsBeforeForwarding() {
        let log = Log<String>()
        let producer = numbers.take(first: 1).on(
            starting: { log.append("start") }, value: { log.append("v\($0)") }, completed: { log.append("done") },
            terminated: { log.append("end") })
        Recorder(producer).dispose()
        #expect(log.all == ["start", "v1", "done", "end"])
    }
}
