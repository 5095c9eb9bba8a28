import OpenCombine
import Reactive

// W4: short-lived pipelines. One operation = create a source, put a map and an observer on it,
// send one value, dispose the observation, and let it all go.

enum W4 {
    static let pipelines = 100_000

    /// Ours: `Signal.pipe()`, `map`, `observeValues`, one `send`, `dispose()`.
    @MainActor
    static func ours(pipelines: Int = pipelines) -> Sample {
        let sum = Accumulator()
        let elapsed = timed {
            for value in 0..<pipelines {
                let (signal, input) = Signal<Int, Never>.pipe()
                let observation = signal.map { $0 &+ 1 }.observeValues { sum.add($0) }
                input.send(value: value)
                observation?.dispose()
            }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The floor: a hand-written subject (a class holding an array of closures), a mapping closure
    /// in front of the observer, one call, removal of the observer.
    @MainActor
    static func closures(pipelines: Int = pipelines) -> Sample {
        let sum = Accumulator()
        let elapsed = timed {
            for value in 0..<pipelines {
                let subject = ClosureSubject()
                let token = subject.observe(W1.makeMap({ $0 &+ 1 }, W1.makeSink(sum)))
                subject.send(value)
                subject.remove(token)
            }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    /// The peer: OpenCombine's `PassthroughSubject`, `map`, `sink`, one `send`, `cancel()`.
    @MainActor
    static func openCombine(pipelines: Int = pipelines) -> Sample {
        let sum = Accumulator()
        let elapsed = timed {
            for value in 0..<pipelines {
                let subject = PassthroughSubject<Int, Never>()
                let cancellable = subject.map { $0 &+ 1 }.sink { sum.add($0) }
                subject.send(value)
                cancellable.cancel()
            }
        }
        return Sample(nanoseconds: elapsed, checksum: sum.total)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W4",
            unit: "ns per pipeline: create source + map + observer, send one value, dispose",
            operations: pipelines,
            ours: Variant(name: "ours") { ours() },
            baseline: Variant(name: "baseline") { closures() },
            peer: Variant(name: "peer") { openCombine() },
            rounds: 11
        )
    }
}

/// The hand-written floor of W4: observers in an array, removed by token.
final class ClosureSubject {
    private var observers: [(token: Int, action: (Int) -> Void)] = []
    private var nextToken = 0

    func observe(_ action: @escaping (Int) -> Void) -> Int {
        nextToken += 1
        observers.append((nextToken, action))
        return nextToken
    }

    func send(_ value: Int) {
        for observer in observers { observer.action(value) }
    }

    func remove(_ token: Int) {
        observers.removeAll { $0.token == token }
    }
}
