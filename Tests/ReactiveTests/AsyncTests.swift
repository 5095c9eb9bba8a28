import Dispatch
import Reactive
import ReactiveTesting
import Testing

@Suite struct AsyncTests {
    @Test func aProducerCanBeIteratedAsAnAsyncSequence() async throws {
        var values: [Int] = []
        for try await value in SignalProducer<Int, TestError>(values: [1, 2, 3]).values { values.append(value) }
        #expect(values == [1, 2, 3])
    }

    @Test func aFailureIsThrownFromTheIteration() async {
        let failing = SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: .boom))
        var values: [Int] = []
        await #expect(throws: TestError.boom) {
            for try await value in failing.values { values.append(value) }
        }
        #expect(values == [1])
    }

    @Test func valuesSentFromAnotherThreadArrive() async {
        let producer = SignalProducer<Int, Never> { observer, _ in
            DispatchQueue.global().async {
                for value in 0..<100 { observer.send(value: value) }
                observer.sendCompleted()
            }
        }
        var values: [Int] = []
        for await value in producer.values { values.append(value) }
        #expect(values == Array(0..<100))
    }

    @Test func firstAndLastAwaitTheFirstAndTheFinalValue() async throws {
        let producer = SignalProducer<Int, TestError>(values: [4, 5, 6])
        #expect(try await producer.first() == 4)
        #expect(try await producer.last() == 6)
        #expect(try await SignalProducer<Int, TestError>.empty.first() == nil)
    }

    @Test func firstDisposesTheProducerAfterTheFirstValue() async {
        let ended = Log<Int>()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { ended.append(1) }
            observer.send(value: 1)
        }
        #expect(await producer.first() == 1)
        #expect(ended.count == 1)
    }

    @Test func cancellingTheIteratingTaskDisposesTheProducer() async {
        let ended = Log<Int>()
        let started = Log<Int>()
        let producer = SignalProducer<Int, Never> { _, lifetime in
            started.append(1)
            lifetime.observeEnded { ended.append(1) }
        }
        let task = Task {
            for await _ in producer.values {}
            return "ended"
        }
        #expect(await waitUntil { started.count == 1 })
        task.cancel()
        #expect(await task.value == "ended")
        #expect(ended.count == 1)
    }

    @Test func anInterruptedProducerEndsTheSequence() async {
        let producer = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: 1)
            observer.sendInterrupted()
        }
        var values: [Int] = []
        for await value in producer.values { values.append(value) }
        #expect(values == [1])
    }

    @Test func aProducerFromAnAsyncFunctionSendsItsResult() async throws {
        let producer = SignalProducer<Int, TestError>(task: {
            try? await Task.sleep(for: .milliseconds(1))
            return 42
        })
        #expect(try await producer.first() == 42)
        let failing = SignalProducer<Int, TestError>(task: { () async throws(TestError) -> Int in throw .boom })
        await #expect(throws: TestError.boom) { try await failing.last() }
    }

    @Test func disposingAProducerFromAnAsyncFunctionCancelsItsTask() async {
        let cancelled = Log<Bool>()
        let producer = SignalProducer<Int, Never>(task: {
            // Ends at once when cancelled; the ten seconds only bound a test that fails.
            try? await Task.sleep(for: .seconds(10))
            if Task.isCancelled { cancelled.append(true) }
            return 0
        })
        let recorder = Recorder(producer)
        recorder.dispose()
        #expect(await recorder.wait { _ in cancelled.count == 1 })
        #expect(recorder.events == [.interrupted])
    }

    @Test func anAsyncSequenceBecomesAProducer() async {
        let stream = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        let recorder = Recorder(SignalProducer(stream))
        #expect(await recorder.wait { $0.isTerminated })
        #expect(recorder.events == [.value(1), .value(2), .value(3), .completed])
    }

    @Test func propertiesAndSignalsIterateAsAsyncSequences() async {
        let property = MutableProperty(1)
        var iterator = property.values.makeAsyncIterator()
        #expect(await iterator.next() == 1)
        property.value = 2
        #expect(await iterator.next() == 2)

        let (signal, input) = Signal<Int, Never>.pipe()
        var signalIterator = signal.values.makeAsyncIterator()
        input.send(value: 9)
        DispatchQueue.global().async { input.send(value: 10) }
        #expect(await signalIterator.next() == 9)
        #expect(await signalIterator.next() == 10)
    }
}
