import Reactive
import ReactiveTesting
import Testing

@Suite struct SharingTests {
    /// A producer that counts its starts and whose observers the test drives.
    final class Source: @unchecked Sendable {
        let starts = Log<Int>()
        let ends = Log<Int>()
        let inputs = Log<Signal<Int, TestError>.Observer>()
        var producer: SignalProducer<Int, TestError> {
            SignalProducer { [starts, ends, inputs] observer, lifetime in
                starts.append(1)
                inputs.append(observer)
                lifetime.observeEnded { ends.append(1) }
            }
        }
    }

    @Test func replayLazilyStartsOnceAndReplaysToLateObservers() {
        let source = Source()
        let shared = source.producer.replayLazily(upTo: 2)
        #expect(source.starts.count == 0)
        let first = Recorder(shared)
        source.inputs.all[0].send(value: 1)
        source.inputs.all[0].send(value: 2)
        source.inputs.all[0].send(value: 3)
        let second = Recorder(shared)
        #expect(second.values == [2, 3])
        source.inputs.all[0].send(value: 4)
        source.inputs.all[0].sendCompleted()
        let third = Recorder(shared)
        #expect(first.events == [.value(1), .value(2), .value(3), .value(4), .completed])
        #expect(second.events == [.value(2), .value(3), .value(4), .completed])
        #expect(third.events == [.value(3), .value(4), .completed])
        #expect(source.starts.count == 1)
    }

    @Test func replayLazilyKeepsRunningWhenObserversLeave() {
        let source = Source()
        let shared = source.producer.replayLazily(upTo: 1)
        Recorder(shared).dispose()
        #expect(source.ends.count == 0)
        source.inputs.all[0].send(value: 7)
        #expect(Recorder(shared).values == [7])
    }

    @Test func replayLazilyStopsWhenTheProducerIsGone() {
        let source = Source()
        do {
            let shared = source.producer.replayLazily(upTo: 1)
            Recorder(shared).dispose()
        }
        #expect(source.ends.count == 1)
    }

    @Test func shareStartsOnFirstObserverAndStopsAfterTheLast() {
        let source = Source()
        let shared = source.producer.share(replay: 1)
        let first = Recorder(shared)
        source.inputs.all[0].send(value: 1)
        let second = Recorder(shared)
        source.inputs.all[0].send(value: 2)
        #expect(first.values == [1, 2])
        #expect(second.values == [1, 2])
        #expect(source.starts.count == 1)
        first.dispose()
        #expect(source.ends.count == 0)
        second.dispose()
        #expect(source.ends.count == 1)
        let third = Recorder(shared)
        #expect(source.starts.count == 2)
        #expect(third.values.isEmpty)
    }

    @Test func shareStartsANewRunAfterTheSharedOneEnds() {
        let source = Source()
        let shared = source.producer.share()
        let first = Recorder(shared)
        source.inputs.all[0].send(error: .boom)
        #expect(first.events == [.failed(.boom)])
        _ = Recorder(shared)
        #expect(source.starts.count == 2)
    }
}
