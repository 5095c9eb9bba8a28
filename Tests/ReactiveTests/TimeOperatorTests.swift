import Foundation
import Reactive
import ReactiveTesting
import Testing

@Suite struct TimeOperatorTests {
    @Test func delaySendsValuesAndCompletionLater() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder(signal.delay(2, on: scheduler))
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: 1)
        #expect(recorder.values == [1])
        scheduler.advance(by: 1)
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func delayForwardsAFailureWithoutWaiting() {
        let scheduler = TestScheduler()
        let recorder = Recorder(SignalProducer<Int, TestError>(value: 1).concat(SignalProducer(error: .boom)).delay(5, on: scheduler))
        scheduler.advance()
        #expect(recorder.events == [.failed(.boom)])
        scheduler.advance(by: 10)
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func debounceSendsOnlyAfterAQuietInterval() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<String, Never>.pipe()
        let recorder = Recorder(signal.debounce(1, on: scheduler))
        input.send(value: "a")
        scheduler.advance(by: 0.5)
        input.send(value: "ab")
        scheduler.advance(by: 0.75)
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: 0.25)
        #expect(recorder.values == ["ab"])
        input.send(value: "abc")
        input.sendCompleted()
        scheduler.advance()
        #expect(recorder.events == [.value("ab"), .value("abc"), .completed])
    }

    @Test func throttleSendsTheFirstAtOnceAndTheLatestAtTheEndOfTheInterval() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder(signal.throttle(1, on: scheduler))
        input.send(value: 1)
        scheduler.advance()
        #expect(recorder.values == [1])
        scheduler.advance(by: 0.25)
        input.send(value: 2)
        input.send(value: 3)
        scheduler.advance(by: 0.5)
        #expect(recorder.values == [1])
        scheduler.advance(by: 0.25)
        #expect(recorder.values == [1, 3])
        scheduler.advance(by: 5)
        input.send(value: 4)
        scheduler.advance()
        #expect(recorder.values == [1, 3, 4])
    }

    @Test func timeoutFailsWhenTheWorkTakesTooLong() {
        let scheduler = TestScheduler()
        let ended = Log<Int>()
        let slow = SignalProducer<Int, TestError> { _, lifetime in lifetime.observeEnded { ended.append(1) } }
        let recorder = Recorder(slow.timeout(after: 3, raising: .boom, on: scheduler))
        scheduler.advance(by: 2.5)
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: 0.5)
        #expect(recorder.events == [.failed(.boom)])
        #expect(ended.count == 1)
    }

    @Test func timeoutDoesNothingWhenTheWorkEndsInTime() {
        let scheduler = TestScheduler()
        let recorder = Recorder(SignalProducer<Int, TestError>(value: 1).timeout(after: 3, raising: .boom, on: scheduler))
        scheduler.advance(by: 5)
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test func observeOnDeliversThroughTheScheduler() {
        let scheduler = TestScheduler()
        let recorder = Recorder(SignalProducer<Int, Never>(values: [1, 2]).observe(on: scheduler))
        #expect(recorder.events.isEmpty)
        scheduler.advance()
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func startOnStartsTheWorkOnTheSchedulerAndCanBeCancelled() {
        let scheduler = TestScheduler()
        let starts = Log<Int>()
        let work = SignalProducer<Int, Never> { observer, _ in
            starts.append(1)
            observer.send(value: 1)
        }
        let started = Recorder(work.start(on: scheduler))
        let cancelled = Recorder(work.start(on: scheduler))
        cancelled.dispose()
        scheduler.advance()
        #expect(started.values == [1])
        #expect(cancelled.events == [.interrupted])
        #expect(starts.count == 1)
    }
}
