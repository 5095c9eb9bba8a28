import Foundation

// vmgen-bench: issue #7's benchmarks. Prints one `BENCH` line per workload; lines starting with
// `#` are details (load, units, spread). See docs/benchmarks.md.
//
//   vmgen-bench [--only W1,W3] [--rounds N] [--specs DIR]
//   vmgen-bench --alloc W1|W2|W3|W4|W6|W7|W3B|W3T|W8B|W8T|W9|W10|W12|W13 COUNT [--variant ours|baseline|peer|...]
//       runs one variant once with COUNT operations and exits: for counting allocations under
//       valgrind (the difference between two counts, per operation).

@MainActor
func runBenchmarks(arguments: [String]) throws {
    var only: Set<String>?
    var rounds: Int?
    var specsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Specs")
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
        switch argument {
        case "--only":
            guard let list = remaining.popFirst() else { throw BenchError.usage("--only needs a list") }
            only = Set(list.split(separator: ",").map(String.init))
        case "--rounds":
            guard let text = remaining.popFirst(), let count = Int(text), count > 0 else { throw BenchError.usage("--rounds needs a count") }
            rounds = count
        case "--specs":
            guard let path = remaining.popFirst() else { throw BenchError.usage("--specs needs a folder") }
            specsFolder = URL(fileURLWithPath: path)
        case "--alloc":
            guard let name = remaining.popFirst(), let text = remaining.popFirst(), let count = Int(text) else {
                throw BenchError.usage("--alloc needs a workload and a count")
            }
            var variant = "ours"
            if remaining.first == "--variant", let chosen = remaining.dropFirst().first { variant = chosen }
            try runOnce(name, variant: variant, count: count, specsFolder: specsFolder)
            return
        default:
            throw BenchError.usage("unknown argument \(argument)")
        }
    }

    print("# vmgen-bench: median of measured rounds after warm-up, ns per operation")
    print("# load at start: \(loadAverage())")
    var workloads: [() throws -> Workload] = [
        { W1.workload }, { W2.workload }, { W3.workload }, { W4.workload },
        { try W5.workload(specsFolder: specsFolder) }, { W6.workload }, { W7.workload },
        { ObservedWorkloads.diamond()[0] }, { ObservedWorkloads.diamond()[1] },
        { ObservedWorkloads.graph()[0] }, { ObservedWorkloads.graph()[1] },
        { W9.workload }, { W10.workload }, { try W11.workload() }, { W12.workload }, { W13.workload },
    ]
    if let only {
        let names = ["W1", "W2", "W3", "W4", "W5", "W6", "W7", "W3B", "W3T", "W8B", "W8T", "W9", "W10", "W11", "W12", "W13"]
        workloads = zip(names, workloads).filter { only.contains($0.0) }.map(\.1)
    }
    var lines: [String] = []
    for make in workloads {
        let workload = try make()
        let result = try measure(workload, roundsOverride: rounds)
        let spread = result.spread.sorted { $0.key < $1.key }
            .map { "\($0.key) \(format($0.value.low))..\(format($0.value.high))" }
            .joined(separator: ", ")
        print("# \(workload.name): \(workload.unit); \(workload.operations) operations a run; range over rounds: \(spread)")
        print(result.benchLine)
        lines.append(result.benchLine)
        fflush(nil)
    }
    print("# load at end: \(loadAverage())")
}

/// One run of one variant, for allocation counting.
@MainActor
func runOnce(_ workload: String, variant: String, count: Int, specsFolder: URL) throws {
    let sample: Sample
    switch (workload, variant) {
    case ("W1", "ours"): sample = W1.ours(events: count)
    case ("W1", "baseline"): sample = W1.closures(events: count)
    case ("W1", "peer"): sample = W1.openCombine(events: count)
    case ("W1", "producer"): sample = W1.oursProducer(events: count)
    case ("W2", "ours"): sample = W2.ours(sets: count)
    case ("W2", "baseline"): sample = W2.closures(sets: count)
    case ("W2", "peer"): sample = W2.openCombine(sets: count)
    case ("W3", "ours"): sample = W3.generated(changes: count)
    case ("W3", "baseline"): sample = W3.handWritten(changes: count)
    case ("W3", "peer"): sample = W3.operators(changes: count)
    case ("W3", "floor"): sample = W3.plain(changes: count)
    case ("W3", "observable"): sample = W3.minimal(changes: count)
    case ("W4", "ours"): sample = W4.ours(pipelines: count)
    case ("W4", "baseline"): sample = W4.closures(pipelines: count)
    case ("W4", "peer"): sample = W4.openCombine(pipelines: count)
    case ("W5", "ours"): sample = W5.generate(try W5.loadSpecs(from: specsFolder, count: count))
    case ("W5", "baseline"): sample = W5.compose(try W5.loadSpecs(from: specsFolder, count: count))
    case ("W6", "ours"): sample = W6.ours(executions: count)
    case ("W6", "baseline"): sample = W6.closures(executions: count)
    case ("W6", "execute"): sample = W6.execute(executions: count)
    case ("W6", "producer_work"): sample = W6.producerWork(executions: count)
    case ("W9", "ours"): sample = W9.ours(changes: count)
    case ("W9", "unobserved"): sample = W9.ours(changes: count, observed: false)
    case ("W9", "baseline"): sample = W9.plain(changes: count)
    case ("W9", "peer"): sample = W9.openCombine(changes: count)
    case ("W13", "ours"): sample = W13.ours(changes: count)
    case ("W13", "baseline"): sample = W13.plain(changes: count)
    case ("W13", "peer"): sample = W13.openCombine(changes: count)
    case ("W10", "ours"): sample = W10.ours(starts: count)
    case ("W10", "baseline"): sample = W10.closures(starts: count)
    case ("W10", "peer"): sample = W10.openCombine(starts: count)
    case ("W7", "ours"): sample = W7.generated(executions: count)
    case ("W7", "baseline"): sample = W7.handWritten(executions: count)
    case ("W7", "peer"): sample = W7.operators(executions: count)
    case ("W7", "execute"): sample = W7.generatedExecute(executions: count)
    case ("W12", _):
        guard let run = W12.variants(executions: count).first(where: { $0.name == variant })?.run else {
            throw BenchError.usage("--alloc: no variant \(variant) of W12")
        }
        sample = run()
    case ("W3B", _), ("W3T", _), ("W8B", _), ("W8T", _):
        guard let run = ObservedWorkloads.variant(variant, of: workload, changes: count) else {
            throw BenchError.usage("--alloc: no variant \(variant) of \(workload)")
        }
        sample = run()
    default: throw BenchError.usage("--alloc: no variant \(variant) of \(workload)")
    }
    print("\(workload) \(variant) \(count): checksum \(sample.checksum), \(format(Double(sample.nanoseconds) / Double(count))) ns per operation")
}

/// The 1, 5 and 15 minute load averages.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

do {
    try MainActor.assumeIsolated {
        try runBenchmarks(arguments: Array(CommandLine.arguments.dropFirst()))
    }
} catch {
    FileHandle.standardError.write(Data("vmgen-bench: \(error)\n".utf8))
    exit(1)
}
