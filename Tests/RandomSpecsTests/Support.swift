import Foundation
import RandomSpecs
import VMGenCore

/// One spec that vmgen rejected, or whose output (or a child's) did not compile.
struct SpecFailure: CustomStringConvertible {
    enum Kind: String {
        case rejected = "vmgen rejected a valid spec"
        case doesNotCompile = "the output of an accepted spec does not compile"
    }

    var kind: Kind
    var spec: RandomSpec
    var seed: UInt64
    /// vmgen's diagnostics or the compiler's errors in this spec's files.
    var messages: [String]

    var description: String {
        """
        \(kind.rawValue): \(spec.fileName) (\(seed == 0 ? "from Tests/RandomSpecs/Findings" : "seed \(seed)"))
        \(messages.joined(separator: "\n"))
        --- \(spec.fileName)
        \(spec.yaml)
        """
    }
}

/// Generates the specs of the given seeds, runs each through `Generator().generate` and
/// writes spec and output into `folder`.
struct RandomSpecRun {
    var specs: [(spec: RandomSpec, seed: UInt64)] = []
    var rejected: [SpecFailure] = []
    /// The generated Swift files to compile.
    var sources: [URL] = []

    /// `fixed`: specs checked like seed 0's (the findings of earlier runs).
    init(seeds: [UInt64], options: RandomSpecGenerator.Options, fixed: [RandomSpec], folder: URL) throws {
        let generator = try Generator()
        let randomSpecs = RandomSpecGenerator(options: options)
        for seed in [0] + seeds {
            var rejectedNames: [String] = []
            for spec in seed == 0 ? fixed : randomSpecs.batch(seed: seed) {
                specs.append((spec, seed))
                let specFile = folder.appendingPathComponent(spec.fileName)
                try spec.yaml.write(to: specFile, atomically: true, encoding: .utf8)
                // A parent of a rejected spec cannot compile without it: not compiled either.
                if let child = rejectedNames.first(where: spec.children.contains) {
                    rejected.append(SpecFailure(kind: .rejected, spec: spec, seed: seed,
                                                messages: ["not compiled: its child view model \(child) was rejected"]))
                    rejectedNames.append(spec.viewModel)
                    continue
                }
                let output = generator.generate(Data(spec.yaml.utf8), file: specFile.path)
                guard let source = output.source else {
                    rejected.append(SpecFailure(kind: .rejected, spec: spec, seed: seed,
                                                messages: output.diagnostics.filter { $0.severity == .error }.map(\.description)))
                    rejectedNames.append(spec.viewModel)
                    continue
                }
                let swiftFile = folder.appendingPathComponent(spec.viewModel + ".swift")
                try source.write(to: swiftFile, atomically: true, encoding: .utf8)
                sources.append(swiftFile)
            }
        }
    }

    /// Each spec's view model, with the view models it uses as children.
    var children: [String: [String]] {
        Dictionary(specs.map { ($0.spec.viewModel, $0.spec.children) }) { first, _ in first }
    }

    /// The rejected specs, then every spec with a compiler error in its spec or output file
    /// (`errors`: by file stem, from `OutputTypecheck.errorsByFile`).
    func failures(_ errors: [String: [String]]) -> [SpecFailure] {
        var result = rejected
        for (spec, seed) in specs {
            if let messages = errors[spec.viewModel] {
                result.append(SpecFailure(kind: .doesNotCompile, spec: spec, seed: seed, messages: messages))
            }
        }
        return result
    }

    /// A summary line, then every failure.
    func report(_ failures: [SpecFailure], seeds: [UInt64]) -> String {
        let rejectedCount = failures.filter { $0.kind == .rejected }.count
        let broken = failures.count - rejectedCount
        let seedText = seeds.count == 1 ? "seed \(seeds[0])" : "\(seeds.count) seeds"
        return "\(specs.count) specs (\(seedText)): \(rejectedCount) rejected, \(broken) accepted but not compiling\n\n"
            + failures.map(\.description).joined(separator: "\n\n")
    }
}

/// The minimal failing cases found by earlier runs, in `Tests/RandomSpecs/Findings`: valid
/// specs, each to be accepted and to compile like the random ones.
enum Findings {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RandomSpecs/Findings")

    /// With `runtimeNames`, also those in `RuntimeNames/`, which break every view model of the
    /// module until issue #10 is fixed.
    static func load(runtimeNames: Bool) throws -> [RandomSpec] {
        let folders = runtimeNames ? [folder, folder.appendingPathComponent("RuntimeNames")] : [folder]
        let files = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".vm.yaml") }.sorted()
                .map { folder.appendingPathComponent($0) }
        }
        return try files.map { file in
            let yaml = try String(contentsOf: file, encoding: .utf8)
            let line = yaml.split(separator: "\n").first { $0.hasPrefix("viewModel:") } ?? ""
            return RandomSpec(viewModel: line.dropFirst("viewModel:".count).trimmingCharacters(in: .whitespaces), yaml: yaml)
        }
    }
}

/// Where the built `Reactive` module is: next to the test binary, or under the package's `.build`.
enum ReactiveModules {
    struct NotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "Reactive.swiftmodule not found (build it with `swift build --build-tests`); searched:\n" + searched.joined(separator: "\n")
        }
    }

    static func locate() throws -> URL {
        if let given = ProcessInfo.processInfo.environment["VMGEN_REACTIVE_MODULES"] {
            return URL(fileURLWithPath: given)
        }
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()]
        starts += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let build = packageRoot.appendingPathComponent(".build")
        starts.append(build.appendingPathComponent("debug"))
        let triples = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        starts += triples.sorted().map { build.appendingPathComponent($0).appendingPathComponent("debug") }
        var searched: [String] = []
        for start in starts {
            for folder in [start.appendingPathComponent("Modules"), start] {
                searched.append(folder.path)
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Reactive.swiftmodule").path) {
                    return folder
                }
            }
        }
        throw NotFound(searched: searched)
    }
}
