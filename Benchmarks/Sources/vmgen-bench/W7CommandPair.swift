import DiamondViewModel
import HandWrittenDiamond
import Reactive

// W7: one execution of a generated command whose `perform` writes two values (`a += 1; b += 1`)
// that derived values read (`sum: a + b`, `same: a == b`), with observers of `sum` and `same`.
// Each observer checks what it sees: `sum` must be even, `same` must never be told at all.

enum W7 {
    static let executions = 100_000

    /// What the observers saw in the last run of a variant.
    final class Watch: @unchecked Sendable {
        var sums = 0
        var odd = 0
        var sames = 0
        var last = 0

        @inline(__always)
        func see(sum: Int) {
            sums &+= 1
            if sum % 2 != 0 { odd &+= 1 }
            last = sum
        }
    }

    @MainActor static var lastWatch: [String: Watch] = [:]

    /// Ours: the view model generated from `Benchmarks/Specs/Pair.vm.yaml`, its command executed
    /// the way a button does (`bump()`).
    @MainActor
    static func generated(executions: Int = executions) -> Sample {
        measure(PairViewModel(), as: "ours", executions: executions) { $0.bump() }
    }

    /// The same command started as a producer, `bump.execute().start()` (how buttons ran commands
    /// before `callAsFunction`, issue 24 item 2).
    @MainActor
    static func generatedExecute(executions: Int = executions) -> Sample {
        measure(PairViewModel(), as: "execute", executions: executions) { $0.bump.execute().start() }
    }

    /// The baseline: the same outputs and notifications written by hand, `bump()` a method.
    @MainActor
    static func handWritten(executions: Int = executions) -> Sample {
        measure(HandWrittenPair(), as: "baseline", executions: executions) { $0.bump() }
    }

    /// Bumps `executions` times a view model with the pair's surface, watching `sum` and `same`.
    @MainActor
    static func measure<Model: PairSurface>(
        _ pair: Model, as variant: String, executions: Int, press: (Model) -> Void
    ) -> Sample {
        let watch = Watch()
        let sums = pair.sumProperty.signal.observeValues { watch.see(sum: $0) }
        let sames = pair.sameProperty.signal.observeValues { _ in watch.sames &+= 1 }
        let elapsed = timed {
            for _ in 0..<executions { press(pair) }
        }
        sums?.dispose()
        sames?.dispose()
        lastWatch[variant] = watch
        return Sample(nanoseconds: elapsed, checksum: watch.last &+ pair.a)
    }

    /// The peer: the runtime's `Property` operators, the two writes made one after the other.
    @MainActor
    static func operators(executions: Int = executions) -> Sample {
        let watch = Watch()
        let a = MutableProperty(0)
        let b = MutableProperty(0)
        let sum = Property(a).combineLatest(with: Property(b)).map { $0 + $1 }
        let same = Property(a).combineLatest(with: Property(b)).map { $0 == $1 }
        let sums = sum.signal.observeValues { watch.see(sum: $0) }
        let sames = same.signal.observeValues { _ in watch.sames &+= 1 }
        let elapsed = timed {
            for _ in 0..<executions {
                a.value += 1
                b.value += 1
            }
        }
        sums?.dispose()
        sames?.dispose()
        lastWatch["peer"] = watch
        return Sample(nanoseconds: elapsed, checksum: watch.last &+ a.value)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W7",
            unit: "ns per execution of a command writing two values (sum and same observed)",
            operations: executions,
            ours: Variant(name: "ours") { generated() },
            baseline: Variant(name: "baseline") { handWritten() },
            peer: Variant(name: "peer") { operators() },
            others: [Variant(name: "execute") { generatedExecute() }],
            rounds: 11,
            extra: { medians in
                let ours = lastWatch["ours"]!, peer = lastWatch["peer"]!, baseline = lastWatch["baseline"]!
                precondition(baseline.sums == executions && baseline.odd == 0 && baseline.sames == 0, "the hand-written pair is wrong")
                let oursSums = format(Double(ours.sums) / Double(executions))
                let peerSums = format(Double(peer.sums) / Double(executions))
                let execute = lastWatch["execute"]!
                precondition(execute.sums == ours.sums && execute.odd == ours.odd && execute.sames == ours.sames, "W7: execute differs")
                return "execute=\(format(medians["execute"]!)),execute_ratio=\(format(medians["execute"]! / medians["baseline"]!));"
                    + "sum_firings_per_execution=ours:\(oursSums),peer:\(peerSums);"
                    + "odd_sums=ours:\(ours.odd),peer:\(peer.odd);same_firings=ours:\(ours.sames),peer:\(peer.sames)"
            }
        )
    }
}

/// What W7 needs of the generated pair and the hand-written one.
@MainActor
protocol PairSurface: AnyObject {
    var a: Int { get }
    var sumProperty: Property<Int> { get }
    var sameProperty: Property<Bool> { get }
}

extension PairViewModel: PairSurface {}
extension HandWrittenPair: PairSurface {}
