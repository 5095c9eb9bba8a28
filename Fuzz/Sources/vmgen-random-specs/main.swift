import FuzzSupport
import Foundation
import RandomSpecs

// Checks the random valid specs of the given seeds (issue #10): each is accepted and keeps the
// fuzzer's invariants, and their outputs compile together, PER_COMPILE specs per `swiftc` run.
// Prints every violation, then a census of their kinds with one example spec each; keeps the
// specs, outputs and census in FOLDER. Exits 1 when there was a violation.
//   vmgen-random-specs [--runtime-names] [--per-compile N] [--out FOLDER] SEEDS
// SEEDS: `1-1000` or `7,42,100-199`. The `Reactive` module is looked for in
// $VMGEN_REACTIVE_MODULES, else `.build/debug/Modules` (run from the package root).
var arguments = Array(CommandLine.arguments.dropFirst())
var options = RandomSpecGenerator.Options()
var perCompile = 300
var folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("vmgen-random-specs-\(ProcessInfo.processInfo.processIdentifier)")
while let flag = arguments.first, flag.hasPrefix("--") {
    arguments.removeFirst()
    switch flag {
    case "--runtime-names": options.runtimeNames = true
    case "--per-compile": perCompile = Int(arguments.removeFirst()) ?? perCompile
    case "--out": folder = URL(fileURLWithPath: arguments.removeFirst())
    default:
        FileHandle.standardError.write(Data("unknown option \(flag)\n".utf8))
        exit(2)
    }
}
guard arguments.count == 1, let seeds = try? SeedList.parse(arguments[0]) else {
    FileHandle.standardError.write(Data("usage: vmgen-random-specs [--runtime-names] [--per-compile N] [--out FOLDER] SEEDS\n".utf8))
    exit(2)
}
let modules = URL(fileURLWithPath: ProcessInfo.processInfo.environment["VMGEN_REACTIVE_MODULES"] ?? ".build/debug/Modules")
let check = try RandomSpecCheck(options: options, modules: modules, folder: folder)
var found: [(RandomSpecCheck.Checked, Violation)] = []
@MainActor func note(_ violations: [(RandomSpecCheck.Checked, Violation)]) {
    for (checked, violation) in violations {
        print("\(checked.spec.fileName): \(violation)")
    }
    found += violations
}
let started = Date()
for seed in seeds {
    note(check.check(seed: seed))
    if check.pending.count >= perCompile { note(try check.compile()) }
}
note(try check.compile())

let specCount = seeds.count * options.specsPerBatch
let failing = Set(found.map(\.0.spec.viewModel)).count
var census = "\(specCount) specs from \(seeds.count) seeds in \(Int(Date().timeIntervalSince(started))) s: \(failing) with a violation\n"
/// A violation's message with quoted names (and cycle paths) blanked: one cause, one line.
func cause(of violation: Violation) -> String {
    let text = violation.rule + ": " + violation.detail.replacing(#/^seed \d+: /#, with: "")
    return text.replacing(#/`[^`]*`/#, with: "`_`").replacing(#/view model \S+/#, with: "view model _")
}
let kinds = Dictionary(grouping: found) { cause(of: $0.1) }.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }
for (kind, members) in kinds {
    census += "\(members.count)\t\(kind)\te.g. \(members[0].0.spec.fileName): \(members[0].1.detail)\n"
}
try census.write(to: folder.appendingPathComponent("census.txt"), atomically: true, encoding: .utf8)
print("== census (specs, outputs and census.txt in \(folder.path)):")
print(census, terminator: "")
exit(found.isEmpty ? 0 : 1)
