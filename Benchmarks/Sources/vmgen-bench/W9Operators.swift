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

// W13: the 20-value graph of W8 (`v1 = v0 + 1`, `vN = v(N-1) + v0`) built from the runtime's
// `Property` operators, as W9 builds the diamond (issue 24, item 5): one change of `v0` per
// operation, an observer of `v19`. As in every operator graph, `vN` is told once per path from
// `v0`, N times per change: `v19` 19 times, and 190 values flow through the graph.

enum W13 {
    static let changes = 2_000

    /// Ours: `MutableProperty` (seen as a `Property`), `map`, then `combineLatest(with:)` and `map`
    /// per value.
    @MainActor
    static func ours(changes: Int = changes) -> Sample {
        let sum = Accumulator()
        let v0 = MutableProperty(0)
        let input = Property(v0)
        var last = input.map { $0 + 1 }
        for _ in 2..<20 { last = last.combineLatest(with: input).map { $0 + $1 } }
        let v19 = last
        let observation = v19.signal.observeValues { sum.add($0) }
        let elapsed = timed {
            for value in 1...changes { v0.value = value }
        }
        observation?.dispose()
        // How often `v19` was told and its final value (the values in between are glitches whose
        // order is each library's own).
        return Sample(nanoseconds: elapsed, checksum: sum.count &+ v19.value)
    }

    /// The peer: OpenCombine, joined as in W9: `vN` is a `CurrentValueSubject` fed by a sink on
    /// each of its two sources, each reading the other's current value.
    @MainActor
    static func openCombine(changes: Int = changes) -> Sample {
        let sum = Accumulator()
        let v0 = CurrentValueSubject<Int, Never>(0)
        var cancellables: [AnyCancellable] = []
        let v1 = CurrentValueSubject<Int, Never>(1)
        cancellables.append(v0.dropFirst().map { $0 + 1 }.sink { v1.send($0) })
        var last = v1
        for _ in 2..<20 {
            let previous = last
            let next = CurrentValueSubject<Int, Never>(1)
            cancellables.append(previous.dropFirst().sink { [v0] in next.send($0 + v0.value) })
            cancellables.append(v0.dropFirst().sink { [previous] in next.send(previous.value + $0) })
            last = next
        }
        let v19 = last
        cancellables.append(v19.dropFirst().sink { sum.add($0) })
        let elapsed = timed {
            for value in 1...changes { v0.send(value) }
        }
        withExtendedLifetime(cancellables) {}
        // Not `v19`'s final value: as in W9, the order of a subject's subscribers (and so which
        // glitch comes last) changes from run to run.
        return Sample(nanoseconds: elapsed, checksum: sum.count &+ v0.value)
    }

    /// The floor: the plain class of W8 (no notification); the loop hands `v19` over 19 times, as
    /// the operator graphs do.
    @MainActor
    static func plain(changes: Int = changes) -> Sample {
        let sum = Accumulator()
        let model = PlainGraph()
        let elapsed = timed {
            for value in 1...changes {
                model.v0 = value
                for _ in 1...19 { sum.add(model.v19) }
            }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.count &+ model.v19)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W13",
            unit: "ns per change of `v0` in the 20-value operator graph (v19 told 19 times)",
            operations: changes,
            ours: Variant(name: "ours") { ours() },
            baseline: Variant(name: "baseline") { plain() },
            peer: Variant(name: "peer") { openCombine() },
            checksumsMustMatch: false,
            rounds: 11
        )
    }
}
