import DiamondViewModel
import HandWrittenDiamond
import Reactive

// W3: the diamond a -> b, a -> c, (b, c) -> d. One operation = one change of `a`, with an observer
// of `d`'s runtime property. That observer counts its firings and checks each value it sees
// against the `a` just set: `d` must be (a + 1) + (a * 2).

enum W3 {
    static let changes = 100_000

    /// What the observer of `d` saw in the last run of a variant.
    final class Watch: @unchecked Sendable {
        /// The value of `a` being set (written by the driving loop, before the set).
        var a = 0
        var firings = 0
        var inconsistent = 0
        var last = 0

        @inline(__always)
        func see(_ d: Int) {
            firings &+= 1
            if d != (a + 1) + (a * 2) { inconsistent &+= 1 }
            last = d
        }
    }

    @MainActor static var lastWatch: [String: Watch] = [:]

    /// Ours: the view model generated from `Benchmarks/Specs/Diamond.vm.yaml`.
    @MainActor
    static func generated(changes: Int = changes) -> Sample {
        measure(DiamondViewModel(), as: "ours", changes: changes)
    }

    /// The baseline: the same surface and notifications, written by hand.
    @MainActor
    static func handWritten(changes: Int = changes) -> Sample {
        measure(HandWrittenDiamond(), as: "baseline", changes: changes)
    }

    /// Sets `a` `changes` times on a view model with the diamond's surface, watching `d`.
    /// Generic so that each call is specialized for its concrete class (same module).
    @MainActor
    static func measure<Model: DiamondSurface>(_ model: Model, as variant: String, changes: Int) -> Sample {
        let watch = Watch()
        let observation = model.dProperty.signal.observeValues { watch.see($0) }
        let elapsed = timed {
            for value in 1...changes {
                watch.a = value
                model.a = value
            }
        }
        observation?.dispose()
        lastWatch[variant] = watch
        return Sample(nanoseconds: elapsed, checksum: watch.last &+ model.d)
    }

    /// The floor (issue 15): a plain class, the driving loop handing `d` to the watch itself.
    @MainActor
    static func plain(changes: Int = changes) -> Sample {
        let model = PlainDiamond()
        let watch = Watch()
        let elapsed = timed {
            for value in 1...changes {
                watch.a = value
                model.a = value
                watch.see(model.d)
            }
        }
        lastWatch["floor"] = watch
        return Sample(nanoseconds: elapsed, checksum: watch.last &+ model.d)
    }

    /// The minimal Observable class (issue 15), its one callback telling the watch about `d`.
    @MainActor
    static func minimal(changes: Int = changes) -> Sample {
        let model = MinimalObservableDiamond()
        let watch = Watch()
        model.onChange = { [unowned model] in watch.see(model.d) }
        let elapsed = timed {
            for value in 1...changes {
                watch.a = value
                model.a = value
            }
        }
        lastWatch["observable"] = watch
        return Sample(nanoseconds: elapsed, checksum: watch.last &+ model.d)
    }

    /// The peer: the diamond from the runtime's `Property` operators (`map`, `combineLatest`).
    @MainActor
    static func operators(changes: Int = changes) -> Sample {
        let watch = Watch()
        let a = MutableProperty(0)
        let b = a.map { $0 + 1 }
        let c = a.map { $0 * 2 }
        let d = b.combineLatest(with: c).map { $0 + $1 }
        let observation = d.signal.observeValues { watch.see($0) }
        let elapsed = timed {
            for value in 1...changes {
                watch.a = value
                a.value = value
            }
        }
        observation?.dispose()
        lastWatch["peer"] = watch
        return Sample(nanoseconds: elapsed, checksum: watch.last &+ d.value)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W3",
            unit: "ns per change of `a` (b, c, d recomputed; observers of d notified)",
            operations: changes,
            ours: Variant(name: "ours") { generated() },
            baseline: Variant(name: "baseline") { handWritten() },
            peer: Variant(name: "peer") { operators() },
            others: [Variant(name: "floor") { plain() }, Variant(name: "observable") { minimal() }],
            floor: "floor",
            observable: "observable",
            rounds: 15,
            extra: { _ in
                let ours = lastWatch["ours"]!, peer = lastWatch["peer"]!, baseline = lastWatch["baseline"]!
                precondition(baseline.firings == changes && baseline.inconsistent == 0, "the hand-written diamond is wrong")
                let oursFirings = format(Double(ours.firings) / Double(changes))
                let peerFirings = format(Double(peer.firings) / Double(changes))
                return "d_firings_per_change=ours:\(oursFirings),peer:\(peerFirings);"
                    + "inconsistent=ours:\(ours.inconsistent),peer:\(peer.inconsistent)"
            }
        )
    }
}

/// The public surface both diamonds share: the generated view model and the hand-written one.
@MainActor
protocol DiamondSurface: AnyObject {
    var a: Int { get set }
    var d: Int { get }
    var dProperty: Property<Int> { get }
}

extension DiamondViewModel: DiamondSurface {}
extension HandWrittenDiamond: DiamondSurface {}
