import Foundation
import Reactive
import ReactiveTesting
import Testing

/// The runtime's `@unchecked Sendable` state hit from several threads: each test is the one
/// docs/runtime.md names for an unchecked type's argument. Under `--sanitize=thread` a broken
/// argument shows as a race; without it, as a wrong result.
@Suite(.serialized)
struct UncheckedStateThreadTests {
    /// `Box` (combineLatest's state) is touched only by its serializer, one input at a time.
    @Test func combineLatestFedFromTwoThreadsPairsTheLatestOfEach() {
        let (a, aInput) = Signal<Int, Never>.pipe()
        let (b, bInput) = Signal<Int, Never>.pipe()
        let pairs = Log<Pair>()
        let observation = Signal<(Int, Int), Never>.combineLatest(a, b).observeValues { pairs.append(Pair(a: $0, b: $1)) }
        let last = 2_000
        onThreads(2) { thread in
            let input = thread == 0 ? aInput : bInput
            for value in 0...last { input.send(value: value) }
        }
        let all = pairs.all
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.a <= $1.a && $0.b <= $1.b }, "each side only moves forward")
        #expect(all.last == Pair(a: last, b: last))
        observation?.dispose()
    }

    /// A combined property (`Property.combineLatest(with:)`) makes each pair from its current one
    /// under its stream's lock, and its `Box` (the state before the first pair and at the
    /// sources' end) is touched only there: sets of its two sources from two threads lose no
    /// pair and move neither side backwards.
    @Test func combinedPropertyFedFromTwoThreadsPairsTheLatestOfEach() {
        let a = MutableProperty(0)
        let b = MutableProperty(0)
        let both = Property(a).combineLatest(with: Property(b))
        let pairs = Log<Pair>()
        let observation = both.signal.observeValues { pairs.append(Pair(a: $0, b: $1)) }
        let last = 2_000
        onThreads(2) { thread in
            let source = thread == 0 ? a : b
            for value in 1...last { source.value = value }
        }
        let all = pairs.all
        #expect(all.count == 2 * last, "one pair per set")
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.a <= $1.a && $0.b <= $1.b }, "each side only moves forward")
        #expect(all.last == Pair(a: last, b: last))
        #expect(both.value == (last, last))
        observation?.dispose()
    }

    /// `TerminalFlag`: every start of an immediate producer has its own, used on its own thread.
    @Test func oneValueProducerStartedFromManyThreadsGivesEveryStartItsValueOnce() {
        let producer = SignalProducer<Int, Never>(value: 7).map { $0 * 2 }
        let starts = 500
        let events = Log<[Event<Int, Never>]>()
        onThreads(4) { _ in
            for _ in 0..<starts {
                let seen = Log<Event<Int, Never>>()
                producer.start { seen.append($0) }
                events.append(seen.all)
            }
        }
        #expect(events.count == 4 * starts)
        #expect(events.all.allSatisfy { $0 == [.value(14), .completed] })
    }

    /// `SharedRun` (replayLazily's one run) changes only inside its serializer while observers
    /// start and leave on other threads and the source sends on another.
    @Test func replayedRunJoinedFromManyThreadsGivesEachObserverAnIncreasingTail() {
        let (source, input) = Signal<Int, Never>.pipe()
        let shared = SignalProducer(source).replayLazily(upTo: 1)
        let keepRunning = shared.start()
        let last = 2_000
        let histories = Log<[Int]>()
        onThreads(4) { thread in
            if thread == 0 {
                for value in 1...last { input.send(value: value) }
                return
            }
            for _ in 0..<50 {
                let seen = Log<Int>()
                let started = shared.startWithValues { seen.append($0) }
                started.dispose()
                histories.append(seen.all)
            }
        }
        for history in histories.all {
            #expect(zip(history, history.dropFirst()).allSatisfy { $0 < $1 })
        }
        let late = Recorder(shared)
        #expect(late.values == [last])
        keepRunning.dispose()
    }
}

/// Two values of combineLatest, comparable.
private struct Pair: Equatable {
    let a: Int
    let b: Int
}
