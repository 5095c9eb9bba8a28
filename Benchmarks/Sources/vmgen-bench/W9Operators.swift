import HandWrittenDiamond
import OpenCombine
import Reactive

// W9: the runtime's `Property` operators on their own (issue 15, item 3): the diamond
// a -> b = a + 1, a -> c = a * 2, (b, c) -> d = b + c built from `map` and `combineLatest`, one
// change of `a` per operation, an observer of `d`. Like every operator graph (and unlike a
// generated view model), `d` is told twice per change: once for b, once for c.

enum W9 {
    static let changes = 100_000

    /// Ours: `MutableProperty`, `map`, `combineLatest(with:)`, `map`, `signal.observeValues`
    /// (without `observed`, nobody observes `d`: its value is read once at the end).
    @MainActor
    static func ours(changes: Int = changes, observed: Bool = true) -> Sample {
        let sum = Accumulator()
        let a = MutableProperty(0)
        let b = a.map { $0 + 1 }
        let c = a.map { $0 * 2 }
        let d = b.combineLatest(with: c).map { $0 + $1 }
        let observation = observed ? d.signal.observeValues { sum.add($0) } : nil
        let elapsed = timed {
            for value in 1...changes { a.value = value }
        }
        observation?.dispose()
        return Sample(nanoseconds: elapsed, checksum: sum.total &+ sum.count &+ (observed ? 0 : d.value))
    }

    /// The peer: OpenCombine. It has no `combineLatest` (0.14), so `d` is joined the way its users
    /// join two subjects: each side's sink sends the sum with the other side's current value.
    @MainActor
    static func openCombine(changes: Int = changes) -> Sample {
        let sum = Accumulator()
        let a = CurrentValueSubject<Int, Never>(0)
        let b = CurrentValueSubject<Int, Never>(1)
        let c = CurrentValueSubject<Int, Never>(0)
        let d = PassthroughSubject<Int, Never>()
        var cancellables: [AnyCancellable] = []
        cancellables.append(d.sink { sum.add($0) })
        cancellables.append(b.dropFirst().sink { [c] in d.send($0 + c.value) })
        cancellables.append(c.dropFirst().sink { [b] in d.send(b.value + $0) })
        cancellables.append(a.map { $0 + 1 }.sink { b.send($0) })
        cancellables.append(a.map { $0 * 2 }.sink { c.send($0) })
        let elapsed = timed {
            for value in 1...changes { a.send(value) }
        }
        withExtendedLifetime(cancellables) {}
        // Not the sum of what `d` was told: OpenCombine's order of a subject's subscribers (and so
        // which side's glitch `d` shows first) changes from run to run; how often `d` was told
        // and the final values do not.
        return Sample(nanoseconds: elapsed, checksum: sum.count &+ b.value &+ c.value)
    }

    /// The floor: the plain class of W3 (no notification); the loop hands `d` over twice, as the
    /// operator graphs do.
    @MainActor
    static func plain(changes: Int = changes) -> Sample {
        let sum = Accumulator()
        let model = PlainDiamond()
        let elapsed = timed {
            for value in 1...changes {
                model.a = value
                sum.add(model.d)
                sum.add(model.d)
            }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total &+ sum.count)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W9",
            unit: "ns per change of `a` in the operator diamond (d told twice)",
            operations: changes,
            ours: Variant(name: "ours") { ours() },
            baseline: Variant(name: "baseline") { plain() },
            peer: Variant(name: "peer") { openCombine() },
            checksumsMustMatch: false,
            rounds: 11
        )
    }
}

// W10: starting a producer of one value (issue 15, item 5): one operation = create a
// one-value producer, `map` it, start it with a value observer (it sends, completes and ends).

enum W10 {
    static let starts = 100_000

    /// Ours: `SignalProducer(value:)`, `map`, `startWithValues`.
    @MainActor
    static func ours(starts: Int = starts) -> Sample {
        let sum = Accumulator()
        let elapsed = timed {
            for value in 0..<starts {
                SignalProducer<Int, Never>(value: value).map { $0 &+ 1 }.startWithValues { sum.add($0) }
            }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The peer: OpenCombine's `Just(value).map { }.sink { }`.
    @MainActor
    static func openCombine(starts: Int = starts) -> Sample {
        let sum = Accumulator()
        let elapsed = timed {
            for value in 0..<starts {
                _ = Just(value).map { $0 &+ 1 }.sink { sum.add($0) }
            }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The floor: a mapping closure in front of the observer, built per operation and called once.
    @MainActor
    static func closures(starts: Int = starts) -> Sample {
        let sum = Accumulator()
        let elapsed = timed {
            for value in 0..<starts { W1.makeMap({ $0 &+ 1 }, W1.makeSink(sum))(value) }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W10",
            unit: "ns per start of a one-value producer with map and a value observer",
            operations: starts,
            ours: Variant(name: "ours") { ours() },
            baseline: Variant(name: "baseline") { closures() },
            peer: Variant(name: "peer") { openCombine() },
            rounds: 11
        )
    }
}
