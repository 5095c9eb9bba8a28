import Foundation
import RandomSpecs
import VMGenCore

/// Issue #10 in the fuzzer: every random valid spec (Sources/RandomSpecs) is accepted, keeps the
/// invariants of `InvariantChecker`, and its output compiles together with the others.
/// Specs are checked one seed at a time; their outputs wait in `folder` until `compile()`.
public final class RandomSpecCheck {
    /// One spec and what it needs for a report.
    public struct Checked {
        public var spec: RandomSpec
        public var seed: UInt64
        /// The generated Swift, when vmgen accepted the spec.
        public var output: URL?
    }

    let invariants: InvariantChecker
    let generator: Generator
    let specs: RandomSpecGenerator
    let typecheck: OutputTypecheck
    public let folder: URL
    /// Accepted specs whose outputs have not been compiled yet.
    public private(set) var pending: [Checked] = []
    private var checkedSeeds: Set<UInt64> = []

    public init(options: RandomSpecGenerator.Options, modules: URL, folder: URL) throws {
        invariants = try InvariantChecker()
        generator = try Generator()
        specs = RandomSpecGenerator(options: options)
        // Some specs import the app module whose types are named like the runtime's.
        typecheck = OutputTypecheck(modules: modules, otherModules: [folder])
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try AppTypesModule.build(in: folder)
    }

    /// Generates the specs of `seed`, checks them in process, writes each spec and output into
    /// `folder`, and keeps the accepted ones for `compile()`. A parent of a rejected spec is
    /// skipped (it cannot compile without its child).
    public func check(seed: UInt64) -> [(Checked, Violation)] {
        // libFuzzer runs some inputs again, and many inputs share a seed: each seed once, or
        // its classes would be declared twice in one compilation.
        guard checkedSeeds.insert(seed).inserted else { return [] }
        var violations: [(Checked, Violation)] = []
        var rejected: [String] = []
        for spec in specs.batch(seed: seed) {
            var checked = Checked(spec: spec, seed: seed)
            let data = Data(spec.yaml.utf8)
            let specFile = folder.appendingPathComponent(spec.fileName)
            try? data.write(to: specFile)
            for violation in invariants.check(data) {
                violations.append((checked, violation))
            }
            if rejected.contains(where: spec.children.contains) {
                rejected.append(spec.viewModel)
                continue
            }
            let output = generator.generate(data, file: specFile.path)
            guard let source = output.source else {
                let first = output.diagnostics.first { $0.severity == .error }
                let message = Self.quoted(first?.message ?? "no message")
                violations.append((checked, Violation(rule: "random-spec-rejected", detail: "seed \(seed): \(message)")))
                rejected.append(spec.viewModel)
                continue
            }
            let swiftFile = folder.appendingPathComponent(spec.viewModel + ".swift")
            guard (try? source.write(to: swiftFile, atomically: true, encoding: .utf8)) != nil else { continue }
            checked.output = swiftFile
            pending.append(checked)
        }
        return violations
    }

    /// `message` with cycle paths and swiftc's `'name'`s in backticks, which
    /// `Violation.signature` blanks: one cause, one kind of violation.
    static func quoted(_ message: String) -> String {
        message.replacing(#/cycle: ([^;]*);/#) { "cycle: `\($0.1)`;" }.replacing(#/'([^']*)'/#) { "`\($0.1)`" }
    }

    /// Type-checks every pending output together; one violation per spec with an error, named
    /// by its first error (file and position left out, so one cause is one kind).
    public func compile() throws -> [(Checked, Violation)] {
        let batch = pending
        pending = []
        let children = Dictionary(batch.map { ($0.spec.viewModel, $0.spec.children) }) { first, _ in first }
        let errors = try typecheck.errorsByFile(batch.compactMap(\.output), children: children, in: folder)
        var violations: [(Checked, Violation)] = []
        for checked in batch {
            guard let first = errors[checked.spec.viewModel]?.first else { continue }
            let message = Self.quoted(first.components(separatedBy: ": error: ").last ?? first)
            violations.append((checked, Violation(rule: "random-spec-does-not-compile", detail: "seed \(checked.seed): \(message)")))
        }
        if let failure = errors["swiftc"]?.first, let checked = batch.first {
            violations.append((checked, Violation(rule: "random-spec-does-not-compile", detail: failure)))
        }
        return violations
    }
}
