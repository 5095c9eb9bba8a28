import Reactive
import ReactiveTesting
import Testing

/// How a signal ends when its handle or its input goes away, or its last observer is removed
/// (session 11: an unobserved core ends under one lock instead of sending `interrupted` to nobody;
/// an observer is removed without generic library calls). Each test pins what an observer, a
/// later observer and the signal's lifetime see on one of those paths.
@Suite struct SignalEndingTests {
    /// A signal from a generator that keeps its input and logs the end of its lifetime.
    private static func fed(ended: Log<Int>, input: Box<Signal<Int, Never>.Observer?>) -> Signal<Int, Never> {
        Signal { observer, lifetime in
            input.value = observer
            lifetime.observeEnded { ended.append(1) }
        }
    }

    @Test func anUnobservedSignalWhoseHandleGoesEndsItsLifetimeAtOnce() {
        let ended = Log<Int>()
        let input = Box<Signal<Int, Never>.Observer?>(nil)
        var signal: Signal<Int, Never>? = Self.fed(ended: ended, input: input)
        #expect(signal != nil)
        #expect(ended.count == 0)
        signal = nil
        #expect(ended.count == 1)
        // Nothing can observe it any more; sending to it is harmless and ends nothing twice.
        input.value?.send(value: 1)
        input.value?.sendCompleted()
        #expect(ended.count == 1)
    }

    @Test func releasingTheInputOfAnUnobservedPipeEndsIt() {
        let signal: Signal<Int, Never>
        do {
            let pipe = Signal<Int, Never>.pipe()
            signal = pipe.output
        }
        let late = Recorder<Int, Never>()
        #expect(signal.observe(late.observer) == nil)
        #expect(late.events == [.interrupted])
    }

    @Test func anObserverAddedAfterAnotherWasDisposedGetsLaterValuesOnly() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let first = Recorder<Int, Never>()
        let observation = signal.observe(first.observer)
        input.send(value: 1)
        observation?.dispose()
        input.send(value: 2)
        let second = Recorder(signal)
        input.send(value: 3)
        input.sendCompleted()
        #expect(first.events == [.value(1)])
        #expect(second.events == [.value(3), .completed])
    }

    @Test func removingTheMiddleObserverKeepsTheOthersInOrder() {
        let (signal, input) = Signal<String, Never>.pipe()
        let log = Log<String>()
        let a = signal.observeValues { log.append("a\($0)") }
        let b = signal.observeValues { log.append("b\($0)") }
        let c = signal.observeValues { log.append("c\($0)") }
        input.send(value: "1")
        b?.dispose()
        input.send(value: "2")
        a?.dispose()
        a?.dispose()
        b?.dispose()
        input.send(value: "3")
        #expect(log.all == ["a1", "b1", "c1", "a2", "c2", "c3"])
        c?.dispose()
        input.send(value: "4")
        #expect(log.all.count == 6)
    }

    @Test func disposingTheLastObservationInsideASendOfAnUnreferencedSignalEndsItAfterTheDelivery() {
        let ended = Log<Int>()
        let input = Box<Signal<Int, Never>.Observer?>(nil)
        let seen = Log<Int>()
        let endedDuringDelivery = Log<Int>()
        let observation = Box<(any Disposable)?>(nil)
        do {
            let signal = Self.fed(ended: ended, input: input)
            observation.value = signal.observeValues { value in
                seen.append(value)
                input.value?.send(value: value + 10)
                observation.value?.dispose()
                endedDuringDelivery.append(ended.count)
            }
        }
        // The handle is gone; the observation keeps the signal going.
        #expect(ended.count == 0)
        input.value?.send(value: 1)
        // The value sent inside the observer was queued behind the delivery and reached nobody;
        // the removal of the last observer ended the signal once that delivery was over.
        #expect(seen.all == [1])
        #expect(endedDuringDelivery.all == [0])
        #expect(ended.count == 1)
        input.value?.send(value: 2)
        #expect(seen.all == [1])
        #expect(ended.count == 1)
    }

    @Test func releasingTheHandleDuringADeliveryEndsTheSignalAfterIt() {
        let ended = Log<Int>()
        let input = Box<Signal<Int, Never>.Observer?>(nil)
        let handle = Box<Signal<Int, Never>?>(Self.fed(ended: ended, input: input))
        let seen = Log<Int>()
        let endedDuringDelivery = Log<Int>()
        let observation = Box<(any Disposable)?>(nil)
        observation.value = handle.value?.observeValues { value in
            seen.append(value)
            // The observer leaves first (the handle still exists: nothing ends), then the handle
            // goes, while this delivery is still under way.
            observation.value?.dispose()
            handle.value = nil
            endedDuringDelivery.append(ended.count)
        }
        input.value?.send(value: 1)
        #expect(seen.all == [1])
        #expect(endedDuringDelivery.all == [0])
        #expect(ended.count == 1)
        input.value?.send(value: 2)
        #expect(seen.all == [1])
    }

    @Test func releasingTheInputOfAnObservedPipeInterruptsEachObserverOnce() {
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        let signal: Signal<Int, Never>
        do {
            let pipe = Signal<Int, Never>.pipe()
            signal = pipe.output
            signal.observe(first.observer)
            signal.observe(second.observer)
            pipe.input.send(value: 1)
        }
        #expect(first.events == [.value(1), .interrupted])
        #expect(second.events == [.value(1), .interrupted])
        let late = Recorder<Int, Never>()
        #expect(signal.observe(late.observer) == nil)
        #expect(late.events == [.interrupted])
    }
}
