import Dispatch
import Foundation
import Reactive
import ReactiveTesting
import Testing

/// Serialized: `MainScheduler.shared` keeps one order for all its actions, so a test that leaves
/// an action waiting for the main queue would make another test's inline run asynchronous.
/// (No other suite uses the shared scheduler: `observeOnMain` keeps its order per observation.)
@Suite(.serialized) struct SchedulerTests {
    @Test func immediateSchedulerRunsInline() {
        let log = Log<Int>()
        ImmediateScheduler().schedule { log.append(1) }
        #expect(log.all == [1])
    }

    @Test func queueSchedulerRunsInOrderOffTheCallingThread() async {
        let scheduler = QueueScheduler(name: "test")
        let log = Log<Int>()
        await withCheckedContinuation { continuation in
            for index in 0..<10 { scheduler.schedule { log.append(index) } }
            scheduler.schedule { continuation.resume() }
        }
        #expect(log.all == Array(0..<10))
    }

    @Test func queueSchedulerCancelledActionsDoNotRun() async {
        let scheduler = QueueScheduler(name: "test")
        let log = Log<Int>()
        await withCheckedContinuation { continuation in
            scheduler.queue.async {
                scheduler.schedule { log.append(1) }?.dispose()
                scheduler.schedule(after: 0.01) { log.append(2) }
                scheduler.schedule(after: 0.02) { continuation.resume() }
            }
        }
        #expect(log.all == [2])
    }

    @Test @MainActor func mainSchedulerRunsInlineOnTheMainThread() {
        let log = Log<Int>()
        let disposable = MainScheduler().scheduleOnMain { log.append(1) }
        #expect(disposable == nil)
        #expect(log.all == [1])
    }

    @Test @MainActor func mainSchedulerHopsToTheMainThreadFromElsewhere() async {
        let onMain = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                MainScheduler.shared.scheduleOnMain {
                    MainActor.preconditionIsolated()
                    continuation.resume(returning: true)
                }
            }
        }
        #expect(onMain)
    }

    @Test @MainActor func observeOnMainDropsWaitingEventsOnceDisposed() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<Int>()
        let disposable = signal.observeValuesOnMain { log.append($0) }
        // The main queue is blocked meanwhile, so the hop for 1 is still waiting at disposal.
        waitForBackgroundWork {
            input.send(value: 1)
            disposable?.dispose()
        }
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(log.all.isEmpty)
    }

    @Test @MainActor func observeOnMainDeliversOnTheMainActorInOrder() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<Int>()
        await withCheckedContinuation { continuation in
            signal.observeOnMain { event in
                MainActor.assertIsolated()
                switch event {
                case .value(let value): log.append(value)
                default: continuation.resume()
                }
            }
            DispatchQueue.global().async {
                for value in 0..<20 { input.send(value: value) }
                input.sendCompleted()
            }
        }
        #expect(log.all == Array(0..<20))
    }
}

/// Runs `work` on another thread and blocks the caller until it is done (a test issue if it is
/// not after a minute).
private func waitForBackgroundWork(_ work: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        work()
        done.signal()
    }
    #expect(done.wait(timeout: .now() + 60) == .success, "the background work did not end within a minute")
}
