import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import Testing

@Suite struct TestSchedulerTests {
    @Test func nothingRunsUntilTheClockAdvances() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        scheduler.schedule { log.append(0) }
        scheduler.schedule(after: 2) { log.append(2) }
        scheduler.schedule(after: 1) { log.append(1) }
        #expect(log.all.isEmpty)
        scheduler.advance()
        #expect(log.all == [0])
        scheduler.advance(by: 1.5)
        #expect(log.all == [0, 1])
        #expect(scheduler.currentDate == Date(timeIntervalSinceReferenceDate: 1.5))
        scheduler.advance(to: Date(timeIntervalSinceReferenceDate: 2))
        #expect(log.all == [0, 1, 2])
    }

    @Test func actionsDueAtTheSameTimeRunInTheOrderScheduled() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        for index in 0..<5 { scheduler.schedule(after: 1) { log.append(index) } }
        scheduler.run()
        #expect(log.all == [0, 1, 2, 3, 4])
    }

    @Test func eachActionSeesItsOwnDueTime() {
        let scheduler = TestScheduler()
        let seen = Log<TimeInterval>()
        for delay in [3.0, 1.0, 2.0] {
            scheduler.schedule(after: delay) { seen.append(scheduler.currentDate.timeIntervalSinceReferenceDate) }
        }
        scheduler.advance(by: 10)
        #expect(seen.all == [1, 2, 3])
        #expect(scheduler.currentDate.timeIntervalSinceReferenceDate == 10)
    }

    @Test func anActionMayScheduleAnotherWithoutDeadlocking() {
        let scheduler = TestScheduler()
        let log = Log<String>()
        scheduler.schedule(after: 1) {
            log.append("outer")
            scheduler.schedule(after: 1) { log.append("inner") }
            scheduler.schedule { log.append("now") }
        }
        scheduler.advance(by: 1)
        #expect(log.all == ["outer", "now"])
        scheduler.run()
        #expect(log.all == ["outer", "now", "inner"])
        #expect(scheduler.currentDate.timeIntervalSinceReferenceDate == 2)
    }

    @Test func cancelledActionsDoNotRun() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        scheduler.schedule(after: 1) { log.append(1) }?.dispose()
        scheduler.run()
        #expect(log.all.isEmpty)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func schedulingFromManyThreadsIsSafe() {
        let scheduler = TestScheduler()
        let log = Log<Int>()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<100 { scheduler.schedule(after: Double(index % 5)) { log.append(thread) } }
        }
        scheduler.run()
        #expect(log.count == 400)
    }
}

@Suite struct RecorderTests {
    @Test func recorderExposesEventsValuesAndTheEnd() {
        let recorder = Recorder(SignalProducer<Int, TestError>(values: [1, 2]).concat(SignalProducer(error: .boom)))
        #expect(recorder.values == [1, 2])
        #expect(recorder.error == .boom)
        #expect(recorder.isFailed)
        #expect(recorder.isTerminated)
        #expect(!recorder.isCompleted)
        #expect(recorder.count == 3)
        recorder.expectValues([1, 2])
        recorder.expectEvents([.value(1), .value(2), .failed(.boom)])
    }

    @Test func recorderOfAPropertyStartsWithTheCurrentValue() {
        let property = MutableProperty(1)
        let recorder = Recorder(property)
        property.value = 2
        recorder.expectValues([1, 2])
    }

    @Test func waitingForARecorderConditionFromAnotherThread() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder(signal)
        DispatchQueue.global().async { input.send(value: 1) }
        let arrived = await recorder.wait(timeout: .seconds(5)) { $0.values == [1] }
        #expect(arrived)
    }
}
