import OpenCombine
import Reactive

// W1: values through map -> filter -> map into a summing observer. One operation = one value sent
// into the head of the pipeline (half of them pass the filter).

enum W1 {
    static let events = 1_000_000

    @inline(__always) static func first(_ value: Int) -> Int { value &* 3 }
    @inline(__always) static func keep(_ value: Int) -> Bool { value & 1 == 0 }
    @inline(__always) static func second(_ value: Int) -> Int { value &+ 1 }

    /// Our runtime: a `Signal` pipe with the three operators and `observeValues`.
    @MainActor
    static func ours(events: Int = events) -> Sample {
        let sum = Accumulator()
        let (signal, input) = Signal<Int, Never>.pipe()
        let observation = signal
            .map { first($0) }
            .filter { keep($0) }
            .map { second($0) }
            .observeValues { sum.add($0) }
        let elapsed = timed {
            for value in 0..<events { input.send(value: value) }
        }
        observation?.dispose()
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The same operators on a cold `SignalProducer` whose start closure sends the values: the
    /// stateless operators are fused into one observer chain over a single core.
    @MainActor
    static func oursProducer(events: Int = events) -> Sample {
        let sum = Accumulator()
        let producer = SignalProducer<Int, Never> { observer, _ in
            for value in 0..<events { observer.send(value: value) }
        }
        .map { first($0) }
        .filter { keep($0) }
        .map { second($0) }
        var disposable: (any Disposable)?
        let elapsed = timed {
            disposable = producer.startWithValues { sum.add($0) }
        }
        disposable?.dispose()
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The floor: the same pipeline as a chain of plain closures, one per stage, each calling its
    /// transform through a closure and then the next stage (built out of line, so each call is a
    /// real indirect call, as in any closure-based pipeline).
    @MainActor
    static func closures(events: Int = events) -> Sample {
        let sum = Accumulator()
        let sink = makeSink(sum)
        let head = makeMap({ first($0) }, makeFilter({ keep($0) }, makeMap({ second($0) }, sink)))
        let elapsed = timed {
            for value in 0..<events { head(value) }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    @inline(never)
    static func makeSink(_ sum: Accumulator) -> (Int) -> Void {
        { sum.add($0) }
    }

    @inline(never)
    static func makeMap(_ transform: @escaping (Int) -> Int, _ next: @escaping (Int) -> Void) -> (Int) -> Void {
        { next(transform($0)) }
    }

    @inline(never)
    static func makeFilter(_ isIncluded: @escaping (Int) -> Bool, _ next: @escaping (Int) -> Void) -> (Int) -> Void {
        { if isIncluded($0) { next($0) } }
    }

    /// The peer: OpenCombine's `PassthroughSubject` with the same operators and `sink`.
    @MainActor
    static func openCombine(events: Int = events) -> Sample {
        let sum = Accumulator()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject
            .map { first($0) }
            .filter { keep($0) }
            .map { second($0) }
            .sink { sum.add($0) }
        let elapsed = timed {
            for value in 0..<events { subject.send(value) }
        }
        cancellable.cancel()
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W1",
            unit: "ns per value sent into map -> filter -> map -> summing observer",
            operations: events,
            ours: Variant(name: "ours") { ours() },
            baseline: Variant(name: "baseline") { closures() },
            peer: Variant(name: "peer") { openCombine() },
            others: [Variant(name: "producer") { oursProducer() }],
            rounds: 11,
            extra: { medians in "producer_form=\(format(medians["producer"]!))" }
        )
    }
}
