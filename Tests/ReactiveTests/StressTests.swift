import Foundation
import Reactive
import ReactiveTesting
import Testing

/// Runs `body(thread)` on `count` threads of their own, started together, and returns when all
/// have finished (a test issue if they have not after a minute).
///
/// `DispatchQueue.concurrentPerform` may run every iteration on one worker when the machine is
/// busy (and then the Thread Sanitizer has no concurrent accesses to check); these are real
/// threads, and none starts its work before all are running.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let arrived = Locked(0)
    let finished = DispatchGroup()
    for thread in 0..<count {
        finished.enter()
        Thread {
            arrived.withLock { $0 += 1 }
            let deadline = Date().addingTimeInterval(10)
            while arrived.withLock({ $0 }) < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.0001) }
            body(thread)
            finished.leave()
        }.start()
    }
    #expect(finished.wait(timeout: .now() + 60) == .success, "the threads did not finish within a minute")
}

/// The runtime's shared state hit from several threads at once. Each test checks what the stream
/// rules promise; under `--sanitize=thread` they also check that no access goes unguarded.
@Suite(.serialized)
struct StressTests {
    @Test func sendersObserversAndDisposalsRaceOnOneSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inside = Locked(0)
        let overlaps = Locked(0)
        let received = Log<Int>()
        signal.observeValues { value in
            let depth = inside.withLock { depth in
                depth += 1
                return depth
            }
            if depth != 1 { overlaps.withLock { $0 += 1 } }
            received.append(value)
            inside.withLock { $0 -= 1 }
        }
        onThreads(4) { thread in
            for index in 0..<500 {
                switch thread {
                case 0, 1:
                    input.send(value: thread * 10_000 + index)
                case 2:
                    let disposable = signal.observeValues { _ in }
                    disposable?.dispose()
                default:
                    let disposable = signal.map { $0 + 1 }.filter { $0 > 0 }.observeValues { _ in }
                    if index % 2 == 0 { disposable?.dispose() }
                }
            }
        }
        input.sendCompleted()
        #expect(overlaps.withLock { $0 } == 0)
        let all = received.all
        for thread in 0..<2 {
            #expect(all.filter { $0 / 10_000 == thread } == Array((thread * 10_000)..<(thread * 10_000 + 500)))
        }
    }

    @Test func producersStartedWhileOtherThreadsSetAPropertySeeIncreasingValues() {
        let property = MutableProperty(0)
        let last = 1_000
        let histories = Log<[Int]>()
        onThreads(4) { thread in
            if thread == 0 {
                for value in 1...last { property.value = value }
                return
            }
            for _ in 0..<40 {
                let seen = Log<Int>()
                let started = property.producer.map { $0 }.startWithValues { seen.append($0) }
                started.dispose()
                histories.append(seen.all)
            }
        }
        for history in histories.all {
            #expect(zip(history, history.dropFirst()).allSatisfy { $0 < $1 })
        }
        #expect(Recorder(property).values == [last])
    }

    @Test func everyDisposableIsDisposedExactlyOnceWhateverTheThreads() {
        let composite = CompositeDisposable()
        let serial = SerialDisposable()
        let runs = Log<Int>()
        let made = Locked(0)
        @Sendable func next() -> any Disposable {
            let id = made.withLock { count in
                count += 1
                return count
            }
            return AnyDisposable { runs.append(id) }
        }
        onThreads(4) { thread in
            for index in 0..<300 {
                switch thread {
                case 0:
                    composite.add(next())
                case 1:
                    serial.inner = next()
                case 2:
                    let disposable = next()
                    composite.add(disposable)?.dispose()
                    disposable.dispose()
                default:
                    if index == 150 { composite.dispose() }
                    if index == 200 { serial.dispose() }
                    composite.add(next())
                }
            }
        }
        composite.dispose()
        serial.dispose()
        let all = runs.all
        #expect(all.count == made.withLock { $0 })
        #expect(Set(all).count == all.count)
    }

    @Test func aCommandExecutedFromManyThreadsEndsIdleWithEveryValueAccountedFor() {
        let command = Command<Int, Int, Never> { input in SignalProducer(value: input) }
        let values = Log<Int>()
        let admitted = Locked(0)
        command.values.observeValues { values.append($0) }
        onThreads(4) { thread in
            for index in 0..<200 {
                command.execute(thread * 1_000 + index).start { event in
                    if case .value = event { admitted.withLock { $0 += 1 } }
                }
            }
        }
        #expect(command.isExecuting.value == false)
        #expect(command.isEnabled.value)
        #expect(values.count == admitted.withLock { $0 })
        #expect(values.count > 0)
    }

    @Test func aTestSchedulerScheduledFromManyThreadsRunsEveryActionOnce() {
        let scheduler = TestScheduler()
        let ran = Log<Int>()
        onThreads(4) { thread in
            for index in 0..<300 {
                if thread == 0 {
                    scheduler.advance(by: 0.001)
                } else {
                    scheduler.schedule(after: Double(index) * 0.0001) { ran.append(thread * 1_000 + index) }
                }
            }
        }
        scheduler.run()
        #expect(ran.count == 900)
        #expect(Set(ran.all).count == 900)
        #expect(scheduler.pendingCount == 0)
    }
}
