import OpenCombine
import Reactive

// W2: a property with 100 observers, set 100,000 times. One operation = one set, which notifies
// all 100 observers.

enum W2 {
    static let observers = 100
    static let sets = 100_000

    /// Our runtime: a `MutableProperty` observed through its `signal`.
    @MainActor
    static func ours(sets: Int = sets) -> Sample {
        let sum = Accumulator()
        let property = MutableProperty(0)
        let observations = (0..<observers).map { _ in property.signal.observeValues { sum.add($0) } }
        let elapsed = timed {
            for value in 1...sets { property.value = value }
        }
        observations.forEach { $0?.dispose() }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The floor: a stored value and a plain array of closures called on every set.
    @MainActor
    static func closures(sets: Int = sets) -> Sample {
        let sum = Accumulator()
        let property = ClosureProperty(0)
        for _ in 0..<observers { property.observe { sum.add($0) } }
        let elapsed = timed {
            for value in 1...sets { property.value = value }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The peer: OpenCombine's `CurrentValueSubject` with 100 `sink`s (each also gets the initial
    /// 0 when it subscribes, outside the timed part).
    @MainActor
    static func openCombine(sets: Int = sets) -> Sample {
        let sum = Accumulator()
        let subject = CurrentValueSubject<Int, Never>(0)
        let cancellables = (0..<observers).map { _ in subject.sink { sum.add($0) } }
        let elapsed = timed {
            for value in 1...sets { subject.value = value }
        }
        cancellables.forEach { $0.cancel() }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W2",
            unit: "ns per set of a property with 100 observers (all 100 notified)",
            operations: sets,
            ours: Variant(name: "ours") { ours() },
            baseline: Variant(name: "baseline") { closures() },
            peer: Variant(name: "peer") { openCombine() },
            rounds: 11,
            extra: { medians in "ours_per_notification=\(format(medians["ours"]! / Double(observers)))" }
        )
    }
}

/// The hand-written floor of W2: a value and the closures to call when it is set.
final class ClosureProperty {
    private var observers: [(Int) -> Void] = []

    var value: Int {
        didSet {
            for observer in observers { observer(value) }
        }
    }

    init(_ value: Int) {
        self.value = value
    }

    func observe(_ observer: @escaping (Int) -> Void) {
        observers.append(observer)
    }
}
