import Dispatch
import Reactive
import ReactiveTesting
import Testing

@Suite struct MutablePropertyTests {
    @Test func settingTheValueStoresAndNotifies() {
        let property = MutableProperty(1)
        let recorder = Recorder(property.signal)
        property.value = 2
        #expect(property.value == 2)
        #expect(recorder.values == [2])
    }

    @Test func settingAnEqualValueStillNotifies() {
        let property = MutableProperty(1)
        let recorder = Recorder(property.signal)
        property.value = 1
        #expect(recorder.values == [1])
    }

    @Test func theProducerSendsTheCurrentValueThenChanges() {
        let property = MutableProperty("a")
        let recorder = Recorder(property.producer)
        property.value = "b"
        #expect(recorder.values == ["a", "b"])
    }

    @Test func stageStoresSilentlyAndPublishNotifies() {
        let property = MutableProperty<[Int]>([])
        let recorder = Recorder(property.signal)
        #expect(property.stage([1]))
        #expect(property.value == [1])
        #expect(recorder.values.isEmpty)
        property.publish()
        #expect(recorder.values == [[1]])
    }

    @Test func stagingAnEqualValueReturnsFalseAndStoresNothing() {
        let property = MutableProperty(5)
        #expect(property.stage(5) == false)
        #expect(property.stage(6) == true)
        #expect(property.value == 6)
    }

    @Test func stageOfANonEquatableValueAlwaysStores() {
        struct Opaque { let id: Int }
        let property = MutableProperty(Opaque(id: 1))
        #expect(property.stage(Opaque(id: 1)))
        #expect(property.value.id == 1)
    }

    @Test func modifyAndSwapNotify() {
        let property = MutableProperty(1)
        let recorder = Recorder(property.signal)
        property.modify { $0 += 10 }
        #expect(property.swap(3) == 11)
        #expect(recorder.values == [11, 3])
    }

    @Test func theSignalCompletesWhenThePropertyGoesAway() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        let recorder = Recorder(property!.signal)
        property = nil
        #expect(recorder.events == [.completed])
    }

    @Test func aValueSetFromInsideAnObserverIsDeliveredAfterwardsInOrder() {
        let property = MutableProperty(0)
        let log = Log<String>()
        property.signal.observeValues { value in
            log.append("a\(value)")
            if value == 1 { property.value = 2 }
        }
        property.signal.observeValues { log.append("b\($0)") }
        property.value = 1
        #expect(log.all == ["a1", "b1", "a2", "b2"])
        #expect(property.value == 2)
    }

    @Test func startingTheProducerInsideAnObserverDeliversTheCurrentValueAtOnce() {
        let property = MutableProperty(0)
        let inner = Log<Int>()
        property.signal.observeValues { value in
            if value == 1 {
                property.producer.startWithValues { inner.append($0) }
            }
        }
        property.value = 1
        #expect(inner.all == [1])
        property.value = 2
        #expect(inner.all == [1, 2])
    }

    @Test func producersStartedWhileAnotherThreadSetsSeeIncreasingValuesEndingAtTheLast() {
        let property = MutableProperty(0)
        let sequences = Log<Log<Int>>()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for value in 1...2000 { property.value = value }
            } else {
                for _ in 0..<50 {
                    let seen = Log<Int>()
                    sequences.append(seen)
                    property.producer.startWithValues { seen.append($0) }
                }
            }
        }
        for seen in sequences.all {
            let values = seen.all
            #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
            #expect(values.last == 2000)
        }
    }

    @Test func concurrentSetsLeaveObserversWithTheFinalValue() {
        for _ in 0..<20 {
            let property = MutableProperty(0)
            let last = Log<Int>()
            let derived = property.map { $0 }
            property.signal.observeValues { last.append($0) }
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                for index in 0..<50 { property.value = thread * 100 + index }
            }
            #expect(last.all.last == property.value)
            #expect(derived.value == property.value)
        }
    }
}

@Suite struct PropertyTests {
    @Test func aReadOnlyViewFollowsItsMutableProperty() {
        let source = MutableProperty(1)
        let property = Property(source)
        let recorder = Recorder(property)
        source.value = 2
        #expect(property.value == 2)
        #expect(recorder.values == [1, 2])
    }

    @Test func aConstantPropertyNeverChanges() {
        let property = Property(value: "x")
        let recorder = Recorder(property)
        #expect(property.value == "x")
        #expect(recorder.values == ["x"])
    }

    @Test func initialThenHoldsTheInitialValueUntilTheProducerSends() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = Property(initial: 0, then: signal)
        #expect(property.value == 0)
        input.send(value: 4)
        #expect(property.value == 4)
    }

    @Test func mapFollowsTheSource() {
        let source = MutableProperty(2)
        let doubled = Property(source).map { $0 * 2 }
        let recorder = Recorder(doubled)
        source.value = 5
        #expect(doubled.value == 10)
        #expect(recorder.values == [4, 10])
    }

    @Test func combineLatestUpdatesWhenEitherSideChanges() {
        let a = MutableProperty(1)
        let b = MutableProperty("x")
        let both = Property(a).combineLatest(with: Property(b))
        #expect(both.value == (1, "x"))
        a.value = 2
        #expect(both.value == (2, "x"))
        b.value = "y"
        #expect(both.value == (2, "y"))
    }

    @Test func combineLatestOfThree() {
        let a = MutableProperty(1), b = MutableProperty(2), c = MutableProperty(3)
        let sum = Property<(Int, Int, Int)>.combineLatest(Property(a), Property(b), Property(c)).map { $0 + $1 + $2 }
        #expect(sum.value == 6)
        c.value = 10
        #expect(sum.value == 13)
    }

    @Test func zipPairsTheNthValues() {
        let a = MutableProperty(1)
        let b = MutableProperty(10)
        let zipped = Property(a).zip(with: Property(b))
        a.value = 2
        #expect(zipped.value == (1, 10))
        b.value = 20
        #expect(zipped.value == (2, 20))
    }

    @Test func skipRepeatsSendsOnlyRealChanges() {
        let source = MutableProperty(1)
        let recorder = Recorder(Property(source).skipRepeats())
        source.value = 1
        source.value = 2
        source.value = 2
        #expect(recorder.values == [1, 2])
    }

    @Test func negateAndOrCombineBooleanProperties() {
        let a = MutableProperty(true)
        let b = MutableProperty(false)
        #expect(Property(a).negate().value == false)
        #expect(Property(a).and(Property(b)).value == false)
        #expect(Property(a).or(Property(b)).value == true)
    }

    @Test func aDerivedPropertyStopsObservingItsSourceWhenFreed() {
        let source = MutableProperty(1)
        weak var weakDerived: Property<Int>?
        do {
            let derived = Property(source).map { $0 + 1 }
            weakDerived = derived
            #expect(derived.value == 2)
        }
        #expect(weakDerived == nil)
        let recorder = Recorder(source.signal)
        source.value = 3
        #expect(recorder.values == [3])
    }
}

/// Properties derived with `map` and `combineLatest(with:)`, fed straight from their sources'
/// streams: what they tell, when they end, what they keep alive.
@Suite struct DerivedPropertyTests {
    @Test func aDiamondTellsItsJoinOncePerPathInTheOrderItsSourcesWereObserved() {
        let a = MutableProperty(0)
        let b = a.map { $0 + 1 }
        let c = a.map { $0 * 2 }
        let d = b.combineLatest(with: c).map { $0 + $1 }
        let recorder = Recorder(d)
        a.value = 5
        // `b` observed `a` first: d = 6 + 0 (the glitch), then 6 + 10.
        #expect(recorder.values == [1, 6, 16])
        #expect(d.value == 16)
    }

    @Test func aPairMadeWhileAnotherIsToldIsToldAfterItToEveryObserver() {
        let a = MutableProperty(1)
        let b = MutableProperty(10)
        let both = Property(a).combineLatest(with: Property(b))
        let seen = Log<String>()
        let first = both.signal.observeValues { pair in
            seen.append("first \(pair)")
            if pair == (2, 10) { b.value = 20 }
        }
        let second = both.signal.observeValues { pair in
            seen.append("second \(pair), value \(both.value)")
        }
        a.value = 2
        // The pair made inside the first observer is the property's value at once (as a
        // `MutableProperty`'s is) and is told after the one being told.
        #expect(seen.all == [
            "first (2, 10)", "second (2, 10), value (2, 20)",
            "first (2, 20)", "second (2, 20), value (2, 20)",
        ])
        first?.dispose()
        second?.dispose()
    }

    @Test func aMappedPropertyCompletesWhenItsSourceGoesAway() {
        var source: MutableProperty<Int>? = MutableProperty(1)
        let mapped = Property(source!).map { $0 + 1 }
        let recorder = Recorder(mapped)
        source!.value = 2
        source = nil
        #expect(recorder.events == [.value(2), .value(3), .completed])
        #expect(mapped.value == 3)
    }

    @Test func aCombinedPropertyCompletesWhenBothSourcesWentAway() {
        var a: MutableProperty<Int>? = MutableProperty(1)
        var b: MutableProperty<Int>? = MutableProperty(2)
        let sum = Property(a!).combineLatest(with: Property(b!)).map { $0 + $1 }
        let recorder = Recorder(sum)
        a = nil
        #expect(!recorder.isTerminated)
        b!.value = 5
        b = nil
        #expect(recorder.events == [.value(3), .value(6), .completed])
    }

    @Test func aPropertyDerivedFromADerivedOneKeepsItAlive() {
        let source = MutableProperty(1)
        weak var weakMiddle: Property<Int>?
        let last: Property<Int>
        do {
            let middle = Property(source).map { $0 * 2 }
            weakMiddle = middle
            last = middle.combineLatest(with: Property(source)).map { $0 + $1 }
        }
        #expect(weakMiddle != nil)
        source.value = 2
        #expect(last.value == 6)
    }

    @Test func aCombinedPropertyStopsObservingItsSourcesWhenFreed() {
        let a = MutableProperty(1)
        let b = MutableProperty(2)
        let sums = Log<Int>()
        weak var weakMiddle: Property<Int>?
        weak var weakSum: Property<Int>?
        do {
            let middle = Property(a).map { $0 }
            let sum = middle.combineLatest(with: Property(b)).map { pair in
                sums.append(pair.0 + pair.1)
                return pair.0 + pair.1
            }
            (weakMiddle, weakSum) = (middle, sum)
            a.value = 3
        }
        #expect(weakMiddle == nil)
        #expect(weakSum == nil)
        a.value = 4
        b.value = 5
        #expect(sums.all == [3, 5])
    }
}
