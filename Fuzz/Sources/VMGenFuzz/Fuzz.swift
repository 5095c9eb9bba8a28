import FuzzSupport
import Foundation

/// Built once: loading the templates is not what is being fuzzed. libFuzzer calls the entry
/// point from one thread only, hence `nonisolated(unsafe)`.
nonisolated(unsafe) let checker = try! InvariantChecker()

/// Where reproducers of invariant violations go (run.sh points it at `Fuzz/artifacts`).
nonisolated(unsafe) let reporter = ViolationReporter(folder: URL(fileURLWithPath:
    ProcessInfo.processInfo.environment["VMGEN_FUZZ_ARTIFACTS"] ?? "artifacts"))

/// With `VMGEN_FUZZ_TRAP=1` a violation traps like a crash, so libFuzzer's `-minimize_crash=1`
/// can shrink its input; otherwise it is recorded once per kind and the run goes on.
let trapOnViolation = ProcessInfo.processInfo.environment["VMGEN_FUZZ_TRAP"] == "1"

/// With `VMGEN_FUZZ_RANDOM_SPECS=1` (run.sh's `RANDOM_SPECS=1`), each input is a seed for the
/// random valid spec generator instead of a spec (issue #10): the seed's specs must be accepted
/// and keep the invariants, and every `randomSpecsPerCompile` accepted specs are compiled together.
nonisolated(unsafe) let randomSpecs: RandomSpecCheck? = {
    let environment = ProcessInfo.processInfo.environment
    guard environment["VMGEN_FUZZ_RANDOM_SPECS"] == "1" else { return nil }
    let modules = URL(fileURLWithPath: environment["VMGEN_REACTIVE_MODULES"] ?? ".build/debug/Modules")
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("vmgen-fuzz-random-\(ProcessInfo.processInfo.processIdentifier)")
    return try! RandomSpecCheck(options: .init(runtimeNames: environment["VMGEN_RANDOM_RUNTIME_NAMES"] == "1"), modules: modules, folder: folder)
}()
let randomSpecsPerCompile = 60

/// The seed an input stands for: its first 8 bytes, little-endian.
func seed(of data: Data) -> UInt64 {
    data.prefix(8).reversed().reduce(0) { $0 << 8 | UInt64($1) }
}

/// Records violations of random specs; each reproducer is the spec itself.
func report(_ violations: [(RandomSpecCheck.Checked, Violation)]) {
    for (checked, violation) in violations {
        for new in reporter.record([violation], input: Data(checked.spec.yaml.utf8)) {
            FileHandle.standardError.write(Data("==VMGEN VIOLATION== \(new)\n".utf8))
            if trapOnViolation { fatalError("invariant violated: \(new)") }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    if let randomSpecs {
        report(randomSpecs.check(seed: seed(of: data)))
        if randomSpecs.pending.count >= randomSpecsPerCompile {
            report((try? randomSpecs.compile()) ?? [])
        }
        return 0
    }
    let violations = checker.check(data)
    guard !violations.isEmpty else { return 0 }
    for violation in reporter.record(violations, input: data) {
        FileHandle.standardError.write(Data("==VMGEN VIOLATION== \(violation)\n".utf8))
    }
    if trapOnViolation {
        fatalError("invariant violated: \(violations[0])")
    }
    return 0
}

/// libFuzzer's own mutations (bytes, dictionary words, cross-over).
@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// Half of the mutations are libFuzzer's, half `SpecMutator`'s line-level ones, which keep
/// more inputs well-formed enough to reach the validator and the renderer.
@_cdecl("LLVMFuzzerCustomMutator")
public func customMutator(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    var random = SpecMutator.Random(seed: seed)
    if random.below(2) == 0 {
        return libFuzzerMutate(data, size, maxSize)
    }
    let mutated = SpecMutator().mutate(Array(UnsafeBufferPointer(start: data, count: size)), maximumSize: maxSize, random: &random)
    mutated.withUnsafeBufferPointer { buffer in
        if let base = buffer.baseAddress { data.update(from: base, count: buffer.count) }
    }
    return mutated.count
}

/// libFuzzer's driver, for when libFuzzer's own `main` is not the one linked.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's `main` to `<module>_main` (so that tests can import
/// the module), which would hide libFuzzer's `main`; this one hands over to libFuzzer's driver.
@_cdecl("VMGenFuzz_main")
public func vmgenFuzzMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { start, count in fuzz(start, count) }
}
