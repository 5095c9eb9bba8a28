import DiamondViewModel
import HandWrittenDiamond
import Observation

// W12 (issue 24, items 2 and 6): two writes in one action (`a += 1; b += 1`), observed the way
// SwiftUI observes: `sum` and `same` read inside `withObservationTracking`, registered again after
// each action (as `Observed.tracked` does for W3T). `onChange` reads both at once and checks them
// against the state after the action (`sum` = 2 x the actions so far, `same` true): a torn read
// (odd `sum`, or `same` false) saw a state between the two writes, a stale one the state before.
//
// Variants, one view model each: ours, the generated `PairViewModel`'s command run the way a
// button runs it (`pair.bump()`); `execute`, the same command through `bump.execute().start()`;
// `update`, the same two writes in `update { }`; `macro`, the `@Observable` class with computed
// `sum` and `same`; `stored`, the `@Observable` class that stores them in `didSet`.

enum W12 {
    static let executions = 50_000

    /// What `onChange` saw in the last run of a variant.
    final class Watch: @unchecked Sendable {
        /// The consistent `sum` once the action being run is over.
        var expected = 0
        var firings = 0
        var torn = 0
        var stale = 0
        var last = 0

        @inline(__always)
        func see(sum: Int, same: Bool) {
            firings &+= 1
            if sum % 2 != 0 || !same {
                torn &+= 1
            } else if sum != expected {
                stale &+= 1
            }
            last = sum
        }
    }

    @MainActor static var lastWatch: [String: Watch] = [:]

    /// Runs `action` on `model` `executions` times, `sum` and `same` observed as described above.
    @MainActor
    static func tracked<Model: ObservedPair>(
        _ model: Model, as name: String, executions: Int, action: (Model) -> Void
    ) -> Sample {
        let watch = Watch()
        let elapsed = timed {
            for count in 1...executions {
                withObservationTracking {
                    _ = model.sum
                    _ = model.same
                } onChange: {
                    MainActor.assumeIsolated { watch.see(sum: model.sum, same: model.same) }
                }
                watch.expected = 2 * count
                action(model)
            }
        }
        lastWatch[name] = watch
        return Sample(nanoseconds: elapsed, checksum: model.sum &+ watch.firings)
    }

    /// The five variants, by name.
    @MainActor
    static func variants(executions: Int = executions) -> [Variant] {
        [
            Variant(name: "ours") {
                tracked(PairViewModel(), as: "ours", executions: executions) { $0.bump() }
            },
            Variant(name: "macro") {
                tracked(MacroPair(), as: "macro", executions: executions) { $0.bump() }
            },
            Variant(name: "update") {
                tracked(PairViewModel(), as: "update", executions: executions) { pair in
                    pair.update { pair in
                        pair.a += 1
                        pair.b += 1
                    }
                }
            },
            Variant(name: "execute") {
                tracked(PairViewModel(), as: "execute", executions: executions) { $0.bump.execute().start() }
            },
            Variant(name: "stored") {
                tracked(StoredMacroPair(), as: "stored", executions: executions) { $0.bump() }
            },
        ]
    }

    @MainActor
    static var workload: Workload {
        let all = variants()
        return Workload(
            name: "W12",
            unit: "ns per action writing two values (a command, update { }, two stored writes), sum and same observed through withObservationTracking",
            operations: executions,
            ours: all[0],
            baseline: all[1],
            peer: nil,
            others: Array(all[2...]),
            stored: "stored",
            rounds: 11,
            extra: { medians in
                let ours = medians["ours"]!, update = medians["update"]!, execute = medians["execute"]!
                let names = ["ours", "execute", "update", "macro", "stored"]
                let firings = names.map { "\($0):\(format(Double(lastWatch[$0]!.firings) / Double(executions)))" }
                let torn = names.map { "\($0):\(lastWatch[$0]!.torn)" }
                let stale = names.map { "\($0):\(lastWatch[$0]!.stale)" }
                return "update=\(format(update)),update_ratio=\(format(ours / update)),"
                    + "execute=\(format(execute)),execute_update_ratio=\(format(execute / update));"
                    + "firings_per_action=\(firings.joined(separator: ","));"
                    + "torn_in_onChange=\(torn.joined(separator: ","));stale_in_onChange=\(stale.joined(separator: ","))"
            }
        )
    }
}

/// What W12 reads of a pair.
@MainActor
protocol ObservedPair: AnyObject, Sendable {
    var sum: Int { get }
    var same: Bool { get }
}

extension PairViewModel: ObservedPair {}
extension MacroPair: ObservedPair {}
extension StoredMacroPair: ObservedPair {}
