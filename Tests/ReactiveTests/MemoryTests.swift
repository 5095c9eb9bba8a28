import Reactive
import ReactiveTesting
import Testing

/// Objects are freed once nothing observes or references them any more.
@Suite struct MemoryTests {
    @Test func aCommandAndItsPropertiesAreFreed() {
        weak var weakCommand: Command<Void, Int, Never>?
        do {
            let command = Command<Void, Int, Never> { SignalProducer(value: 1) }
            weakCommand = command
            let disposables = CompositeDisposable()
            disposables += command.isEnabled.producer.start()
            disposables += command.values.observeValues { _ in }
            command.execute().start()
            disposables.dispose()
        }
        #expect(weakCommand == nil)
    }

    @Test @MainActor func aResourceLoaderIsFreed() {
        weak var weakLoader: ResourceLoader<Int, TestError>?
        do {
            let loader = ResourceLoader<Int, TestError> { SignalProducer(value: 1) }
            weakLoader = loader
            loader.reload()
            #expect(loader.value.value == 1)
        }
        #expect(weakLoader == nil)
    }

    @Test func anActivationStateIsFreedWhileWorkIsForwarded() {
        weak var weakState: ActivationState?
        let recorder: Recorder<Int, Never>
        do {
            let state = ActivationState(isActive: true)
            weakState = state
            recorder = Recorder(state.forwardWhileActive(SignalProducer<Int, Never>.never))
        }
        #expect(weakState == nil)
        #expect(recorder.events == [.completed])
    }

    @Test func aChainOfDerivedPropertiesIsFreedWithItsLastObserver() {
        let source = MutableProperty(1)
        weak var weakDerived: Property<Int>?
        do {
            let derived = Property(source).map { $0 + 1 }.map { $0 * 2 }
            weakDerived = derived
            let recorder = Recorder(derived)
            source.value = 2
            #expect(recorder.values == [4, 6])
            recorder.dispose()
        }
        #expect(weakDerived == nil)
    }

    @Test func anObservedDerivedPropertyStaysAliveWithoutOtherReferences() {
        let source = MutableProperty(1)
        let recorder = Recorder(Property(source).map { $0 * 10 })
        source.value = 2
        #expect(recorder.values == [10, 20])
    }

    @Test func aDerivedPropertyObservedThroughItsSignalLivesUntilTheObserverGoes() {
        let source = MutableProperty(1)
        weak var weakDerived: Property<Int>?
        let seen = Log<Int>()
        let observation: (any Disposable)?
        do {
            let derived = Property(source).map { $0 * 10 }
            weakDerived = derived
            observation = derived.signal.observeValues { seen.append($0) }
        }
        #expect(weakDerived != nil)
        source.value = 2
        #expect(seen.all == [20])
        observation?.dispose()
        #expect(weakDerived == nil)
        source.value = 3
        #expect(seen.all == [20])
    }

    @Test func sharedProducersAreFreed() {
        weak var weakTracked: Tracked?
        do {
            let tracked = Tracked()
            weakTracked = tracked
            let shared = SignalProducer<Tracked, Never>(value: tracked).replayLazily(upTo: 1)
            Recorder(shared).dispose()
        }
        #expect(weakTracked == nil)
    }
}
