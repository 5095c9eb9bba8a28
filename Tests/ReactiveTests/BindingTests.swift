import Reactive
import ReactiveTesting
import Testing

@Suite struct BindingTests {
    @Test func aBindingCopiesTheCurrentValueAndEveryChange() {
        let source = MutableProperty("a")
        let target = MutableProperty("")
        target <~ source
        #expect(target.value == "a")
        source.value = "b"
        #expect(target.value == "b")
    }

    @Test func signalsProducersAndDerivedPropertiesCanBeBound() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let target = MutableProperty(0)
        target <~ signal
        input.send(value: 3)
        #expect(target.value == 3)
        target <~ SignalProducer<Int, Never>(value: 8)
        #expect(target.value == 8)
        let derived = MutableProperty(0)
        derived <~ Property(target).map { $0 * 2 }
        #expect(derived.value == 16)
    }

    @Test func theBindingEndsWhenTheTargetGoesAway() {
        let source = MutableProperty(1)
        weak var weakTarget: MutableProperty<Int>?
        do {
            let target = MutableProperty(0)
            weakTarget = target
            target <~ source
            #expect(target.value == 1)
        }
        #expect(weakTarget == nil)
        let observers = Recorder(source.signal)
        source.value = 2
        #expect(observers.values == [2])
    }

    @Test func theBindingEndsWhenTheSourceGoesAway() {
        let target = MutableProperty(0)
        var source: MutableProperty<Int>? = MutableProperty(1)
        let binding = target <~ source!
        source = nil
        #expect(binding.isDisposed)
        target.value = 5
        #expect(target.value == 5)
    }

    @Test func disposingTheBindingStopsUpdates() {
        let source = MutableProperty(1)
        let target = MutableProperty(0)
        let binding = target <~ source
        binding.dispose()
        source.value = 2
        #expect(target.value == 1)
    }

    @Test func aCustomBindingTargetEndsWithItsLifetime() {
        let (lifetime, token) = Lifetime.make()
        let received = Log<Int>()
        let source = MutableProperty(1)
        BindingTarget(lifetime: lifetime) { received.append($0) } <~ source
        source.value = 2
        token.dispose()
        source.value = 3
        #expect(received.all == [1, 2])
    }

    @Test @MainActor func aMainActorBindingTargetRunsOnTheMainActor() {
        let (lifetime, token) = Lifetime.make()
        let received = Log<Int>()
        BindingTarget<Int>(lifetime: lifetime, onMain: { value in
            MainActor.preconditionIsolated()
            received.append(value)
        }) <~ SignalProducer(value: 4)
        #expect(received.all == [4])
        _ = token
    }
}
