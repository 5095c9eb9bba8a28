import Dispatch
import Reactive
import ReactiveTesting
import Testing

@Suite struct SignalTests {
    @Test func observersReceiveValuesInTheOrderSent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder(signal)
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func nothingIsDeliveredAfterATerminalEvent() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = Recorder(signal)
        input.send(error: .boom)
        input.send(value: 1)
        input.sendCompleted()
        input.sendInterrupted()
        #expect(recorder.events == [.failed(.boom)])
    }

    @Test func observersAreCalledInTheOrderTheyWereAddedEveryTime() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<String>()
        for name in ["a", "b", "c", "d", "e"] {
            signal.observeValues { log.append("\(name)\($0)") }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(log.all == ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"])
    }

    @Test func anObserverOnlySeesEventsSentAfterItWasAdded() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.send(value: 1)
        let recorder = Recorder(signal)
        input.send(value: 2)
        #expect(recorder.values == [2])
    }

    @Test func observingAnEndedSignalGivesInterruptedAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        let recorder = Recorder<Int, Never>()
        #expect(signal.observe(recorder.observer) == nil)
        #expect(recorder.events == [.interrupted])
    }

    @Test func disposingAnObservationStopsDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<Int>()
        let disposable = signal.observeValues { log.append($0) }
        input.send(value: 1)
        disposable?.dispose()
        input.send(value: 2)
        #expect(log.all == [1])
        #expect(disposable?.isDisposed == true)
    }

    @Test func anObserverDisposedDuringDeliveryMissesThatEvent() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<String>()
        let second = Box<(any Disposable)?>(nil)
        signal.observeValues { value in
            log.append("first\(value)")
            second.value?.dispose()
        }
        second.value = signal.observeValues { log.append("second\($0)") }
        input.send(value: 1)
        #expect(log.all == ["first1"])
    }

    @Test func aValueSentFromInsideAnObserverIsDeliveredAfterTheCurrentDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Log<String>()
        signal.observeValues { value in
            log.append("a\(value)")
            if value == 1 { input.send(value: 2) }
            log.append("a\(value)-end")
        }
        signal.observeValues { log.append("b\($0)") }
        input.send(value: 1)
        #expect(log.all == ["a1", "a1-end", "b1", "a2", "a2-end", "b2"])
    }

    @Test func anObserverAddedWhileAnEventWaitsInTheQueueDoesNotGetIt() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let late = Log<Int>()
        signal.observeValues { value in
            guard value == 1 else { return }
            input.send(value: 2)
            signal.observeValues { late.append($0) }
        }
        input.send(value: 1)
        input.send(value: 3)
        #expect(late.all == [3])
    }

    @Test func aPropertyObserverAddedWhileAValueWaitsInTheQueueGetsItOnce() {
        let property = MutableProperty(0)
        let late = Log<Int>()
        property.signal.observeValues { value in
            guard value == 1 else { return }
            property.value = 2
            property.producer.startWithValues { late.append($0) }
        }
        property.value = 1
        property.value = 3
        // Primed with the current value (already 2), then only later changes: 2 is not repeated.
        #expect(late.all == [2, 3])
    }

    @Test func reentrantTerminalEventEndsAfterQueuedValuesAndDropsLaterOnes() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = Recorder<Int, Never>()
        signal.observeValues { value in
            if value == 1 {
                input.send(value: 2)
                input.sendCompleted()
                input.send(value: 3)
            }
        }
        signal.observe(recorder.observer)
        input.send(value: 1)
        #expect(recorder.events == [.value(1), .value(2), .completed])
    }

    @Test func releasingThePipeInputInterruptsTheSignal() {
        var pipe: (output: Signal<Int, Never>, input: Signal<Int, Never>.Observer)? = Signal.pipe()
        let recorder = Recorder(pipe!.output)
        pipe = nil
        #expect(recorder.events == [.interrupted])
    }

    @Test func aGeneratorLifetimeEndsWhenTheSignalTerminates() {
        let ended = Log<Int>()
        let inputBox = Box<Signal<Int, Never>.Observer?>(nil)
        let signal = Signal<Int, Never> { observer, lifetime in
            inputBox.value = observer
            lifetime.observeEnded { ended.append(1) }
        }
        let recorder = Recorder(signal)
        inputBox.value?.send(value: 5)
        #expect(ended.count == 0)
        inputBox.value?.sendCompleted()
        #expect(ended.count == 1)
        #expect(recorder.events == [.value(5), .completed])
    }

    @Test func anUnreferencedUnobservedSignalEndsAndDisposesItsSource() {
        let ended = Log<Int>()
        let input = Box<Signal<Int, Never>.Observer?>(nil)
        var signal: Signal<Int, Never>? = Signal { observer, lifetime in
            input.value = observer
            lifetime.observeEnded { ended.append(1) }
        }
        let disposable = signal!.observeValues { _ in }
        signal = nil
        #expect(ended.count == 0)
        disposable?.dispose()
        #expect(ended.count == 1)
    }

    @Test func derivedSignalsAreFreedWhenTheirObservationIsDisposed() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakDerived: Signal<Int, Never>?
        let disposable: (any Disposable)?
        do {
            let derived = signal.map { $0 + 1 }
            weakDerived = derived
            disposable = derived.observeValues { _ in }
        }
        #expect(weakDerived == nil)
        disposable?.dispose()
        input.send(value: 1)
        _ = input
    }

    @Test func observedValuesAreFreedAfterTheSignalEnds() {
        let (signal, input) = Signal<Tracked, Never>.pipe()
        weak var weakTracked: Tracked?
        let recorder = Recorder<Tracked, Never>()
        signal.observe(Signal.Observer { _ in })
        do {
            let tracked = Tracked()
            weakTracked = tracked
            input.send(value: tracked)
        }
        input.sendCompleted()
        #expect(weakTracked == nil)
        _ = recorder
    }

    @Test func sendsFromManyThreadsAreDeliveredOneAtATime() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inside = Box(0)
        let overlaps = Log<Int>()
        let count = Log<Int>()
        signal.observeValues { _ in
            inside.value += 1
            if inside.value != 1 { overlaps.append(1) }
            for _ in 0..<50 { _ = inside.value }
            inside.value -= 1
            count.append(1)
        }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for value in 0..<250 { input.send(value: thread * 1000 + value) }
        }
        #expect(overlaps.count == 0)
        #expect(count.count == 2000)
    }

    @Test func valuesFromOneThreadKeepTheirOrderUnderContention() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let perThread = Log<Int>()
        signal.observeValues { perThread.append($0) }
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<300 { input.send(value: thread * 10_000 + value) }
        }
        let all = perThread.all
        for thread in 0..<4 {
            let mine = all.filter { $0 / 10_000 == thread }
            #expect(mine == Array((thread * 10_000)..<(thread * 10_000 + 300)))
        }
    }

    @Test func hammerSendObserveAndDisposeConcurrently() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = MutableProperty(0)
        let received = Log<Int>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<200 {
                switch thread % 4 {
                case 3:
                    property.value = index
                    let started = SignalProducer(signal).map { $0 + 1 }.scan(0, +).start()
                    let derived = property.map { $0 * 2 }
                    let recorder = Recorder(derived)
                    input.send(value: index)
                    started.dispose()
                    recorder.dispose()
                case 0:
                    input.send(value: index)
                case 1:
                    let disposable = signal.observeValues { received.append($0) }
                    if index % 2 == 0 { disposable?.dispose() }
                default:
                    let disposable = signal.map { $0 * 2 }.filter { $0 >= 0 }.observeValues { received.append($0) }
                    disposable?.dispose()
                }
            }
        }
        input.sendCompleted()
        let after = Recorder<Int, Never>()
        #expect(signal.observe(after.observer) == nil)
        #expect(after.events == [.interrupted])
    }

    @Test func aSignalNothingCanSendToAnyMoreInterruptsItsObservers() {
        let recorder: Recorder<Int, Never>
        do {
            let signal = Signal<Int, Never> { _, _ in }
            recorder = Recorder(signal)
        }
        #expect(recorder.events == [.interrupted])
    }

    @Test func aNeverSignalStaysSilentAndAnEmptyOneHasEnded() {
        let never = Recorder(Signal<Int, Never>.never)
        #expect(never.events.isEmpty)
        let empty = Recorder(Signal<Int, Never>.empty)
        #expect(empty.events == [.interrupted])
    }
}

/// A mutable cell for tests, touched from one thread at a time (or deliberately racy).
final class Box<Wrapped>: @unchecked Sendable {
    var value: Wrapped
    init(_ value: Wrapped) { self.value = value }
}
