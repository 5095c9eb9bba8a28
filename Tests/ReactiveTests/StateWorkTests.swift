import Foundation
@_spi(VMGen) import Reactive
import ReactiveTesting
import Testing

/// `StateWork`, what a generated machine's state runs while the view model is in it: timers and
/// invoked work that report on the main actor, and never once their scope was replaced or cancelled.
@MainActor
@Suite struct StateWorkTests {
    let scheduler = TestScheduler()
    let work = StateWork()

    @Test func aTimerFiresAfterItsDelayOnTheScheduler() {
        let fired = Log<String>()
        work.enter().after(2, on: scheduler) { fired.append("fired") }
        scheduler.advance(by: 1.9)
        #expect(fired.all.isEmpty)
        scheduler.advance(by: 0.1)
        #expect(fired.all == ["fired"])
    }

    @Test func enteringAgainOrCancellingStopsTheTimersOfTheScopeBefore() {
        let fired = Log<String>()
        work.enter().after(1, on: scheduler) { fired.append("first") }
        work.enter().after(3, on: scheduler) { fired.append("second") }
        scheduler.advance(by: 2)
        #expect(fired.all.isEmpty, "the first scope was replaced")
        work.cancel()
        scheduler.advance(by: 2)
        #expect(fired.all.isEmpty, "the second was cancelled")
    }

    @Test func workStartedIntoAReplacedScopeNeverStarts() {
        let started = Log<String>()
        let scope = work.enter()
        _ = work.enter()   // an `entry` that transitions again, before the state's work starts
        scope.invoke({
            started.append("started")
            return SignalProducer<Void, Never>(value: ())
        }, done: { started.append("done") }, failed: { _ in })
        scope.after(0, on: scheduler) { started.append("timer") }
        scheduler.advance()
        #expect(started.all.isEmpty)
    }

    @Test func workGivesItsLastValueWhenItCompletesAndItsFailure() {
        let outcomes = Log<String>()
        let (values, input) = Signal<Int, TestError>.pipe()
        work.enter().invoke({ SignalProducer(values) }, done: { outcomes.append("done \($0)") }, failed: { _ in outcomes.append("failed") })
        input.send(value: 1)
        input.send(value: 2)
        #expect(outcomes.all.isEmpty, "a value alone takes no transition")
        input.sendCompleted()
        #expect(outcomes.all == ["done 2"])
        let (others, otherInput) = Signal<Int, TestError>.pipe()
        work.enter().invoke({ SignalProducer(others) }, done: { outcomes.append("done \($0)") }, failed: { _ in outcomes.append("failed") })
        otherInput.send(error: .boom)
        #expect(outcomes.all == ["done 2", "failed"])
    }

    @Test func workWithOutputCompletingWithoutAValueTakesNoTransitionButVoidWorkDoes() {
        let outcomes = Log<String>()
        work.enter().invoke({ SignalProducer<Int, Never>.empty }, done: { outcomes.append("int \($0)") }, failed: { _ in })
        #expect(outcomes.all.isEmpty)
        work.enter().invoke({ SignalProducer<Void, Never>.empty }, done: { outcomes.append("void") }, failed: { _ in })
        #expect(outcomes.all == ["void"])
    }

    @Test func leavingDisposesTheWorkSoALateAnswerIsNotDelivered() {
        let outcomes = Log<String>()
        let disposed = Log<String>()
        let observers = Log<Signal<Int, Never>.Observer>()
        work.enter().invoke({
            SignalProducer<Int, Never> { observer, lifetime in
                observers.append(observer)
                lifetime.observeEnded { disposed.append("disposed") }
            }
        }, done: { outcomes.append("done \($0)") }, failed: { _ in })
        work.cancel()
        #expect(disposed.all == ["disposed"])
        observers.all.first?.send(value: 1)
        observers.all.first?.sendCompleted()
        #expect(outcomes.all.isEmpty)
    }

    @Test func workThatAnswersOnAnotherThreadIsDeliveredOnTheMainActor() async {
        let outcomes = Log<Int>()
        work.enter().invoke({
            SignalProducer<Int, Never> { observer, _ in
                Thread.detachNewThread {
                    observer.send(value: 7)
                    observer.sendCompleted()
                }
            }
        }, done: { value in
            MainActor.assertIsolated()
            outcomes.append(value)
        }, failed: { _ in })
        #expect(await waitUntil { outcomes.all.count == 1 })
        #expect(outcomes.all == [7])
    }
}
