#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on the monotonic clock.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// What one timed run of one variant gives back: the time of its measured part, and a checksum
/// of what its observers saw (compared across variants, and keeps the optimizer from dropping work).
struct Sample {
    var nanoseconds: UInt64
    var checksum: Int
}

/// Times `body` alone (setup and teardown around it are not counted).
@inline(__always)
func timed(_ body: () -> Void) -> UInt64 {
    let start = monotonicNanoseconds()
    body()
    return monotonicNanoseconds() &- start
}

/// A mutable total that observers add to. Observers of the runtime and of OpenCombine are
/// `@Sendable`; everything here runs on the main thread, one event at a time.
final class Accumulator: @unchecked Sendable {
    var total = 0
    var count = 0

    @inline(__always)
    func add(_ value: Int) {
        total &+= value
        count &+= 1
    }
}

/// One thing measured inside a workload (ours, its baseline, or its peer).
struct Variant {
    let name: String
    /// Runs once and reports the time of its measured part for `operations` operations.
    let run: @MainActor () -> Sample
}

/// A workload: its variants measured in the same rounds, and how many operations a run does.
struct Workload {
    let name: String
    /// What one operation is, for the docs and `--list`.
    let unit: String
    let operations: Int
    let ours: Variant
    let baseline: Variant
    let peer: Variant?
    /// More variants measured in the same rounds, reported through `extra`.
    var others: [Variant] = []
    /// The variant (in `others`) that is the plain floor, reported as `floor=` (issue 15).
    var floor: String?
    /// The variant (in `others`) that is the minimal Observable class, reported as `observable=`.
    var observable: String?
    /// The variant (in `others`) that is `@Observable` with stored values updated in `didSet`,
    /// reported as `stored=` (issue 24).
    var stored: String?
    /// Checksums that must agree (by variant name); empty when the variants do different things.
    var checksumsMustMatch = true
    var warmUpRounds = 2
    var rounds = 15
    /// Extra text for the BENCH line, computed once after the rounds from the medians.
    var extra: (@MainActor (_ medians: [String: Double]) -> String)?
}

/// The median of `values` (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count % 2 == 1 { return sorted[middle] }
    return (sorted[middle - 1] + sorted[middle]) / 2
}

/// The result of one workload: nanoseconds per operation (median over rounds) by variant name.
struct Result {
    let workload: Workload
    let medians: [String: Double]
    let spread: [String: (low: Double, high: Double)]
    let extra: String?

    /// The one line the issue asks for.
    var benchLine: String {
        let ours = medians[workload.ours.name]!
        let baseline = medians[workload.baseline.name]!
        var line = "BENCH \(workload.name) ours=\(format(ours)) baseline=\(format(baseline)) ratio=\(format(ours / baseline))"
        if let peer = workload.peer, let peerMedian = medians[peer.name] {
            line += " peer=\(format(peerMedian)) peer_ratio=\(format(ours / peerMedian))"
        }
        for (field, name) in [("floor", workload.floor), ("observable", workload.observable), ("stored", workload.stored)] {
            guard let name, let median = medians[name] else { continue }
            line += " \(field)=\(format(median)) \(field)_ratio=\(format(ours / median))"
        }
        if let extra { line += " extra=\(extra)" }
        return line
    }
}

/// Formats a number with three significant decimals at most, without exponent.
func format(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    let scaled = (value * 1000).rounded() / 1000
    var text = String(scaled)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
}

enum HarnessError: Error, CustomStringConvertible {
    case checksumMismatch(workload: String, checksums: [String: Int])

    var description: String {
        switch self {
        case .checksumMismatch(let workload, let checksums):
            let listed = checksums.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            return "\(workload): the variants disagree on what their observers saw: \(listed)"
        }
    }
}

/// Runs `workload`: warm-up rounds, then measured rounds. Every round runs each variant once, in
/// an order that rotates from round to round, so a burst of load elsewhere on the machine falls on
/// every variant alike instead of on whichever one ran at that moment.
@MainActor
func measure(_ workload: Workload, roundsOverride: Int?) throws -> Result {
    let variants = [workload.ours, workload.baseline] + (workload.peer.map { [$0] } ?? []) + workload.others
    var checksums: [String: Int] = [:]
    for round in 0..<workload.warmUpRounds {
        for index in variants.indices {
            let variant = variants[(index + round) % variants.count]
            checksums[variant.name] = variant.run().checksum
        }
    }
    if workload.checksumsMustMatch, Set(checksums.values).count > 1 {
        throw HarnessError.checksumMismatch(workload: workload.name, checksums: checksums)
    }
    var perOperation: [String: [Double]] = [:]
    let rounds = roundsOverride ?? workload.rounds
    for round in 0..<rounds {
        for index in variants.indices {
            let variant = variants[(index + round) % variants.count]
            let sample = variant.run()
            if sample.checksum != checksums[variant.name] {
                throw HarnessError.checksumMismatch(workload: workload.name, checksums: [variant.name: sample.checksum])
            }
            perOperation[variant.name, default: []].append(Double(sample.nanoseconds) / Double(workload.operations))
        }
    }
    let medians = perOperation.mapValues(median)
    let spread = perOperation.mapValues { ($0.min()!, $0.max()!) }
    return Result(workload: workload, medians: medians, spread: spread, extra: workload.extra?(medians))
}
