import Foundation
import VMGenCore
import Yams

// W5: the generator. One operation = one spec parsed, validated and rendered to Swift, in memory.
// The 1,000 specs are the examples of `Specs/`, cycled, each copy with its own view-model name.

enum W5 {
    static let specCount = 1_000

    /// A spec to generate: the path it is reported under, and its text.
    struct SpecText {
        let path: String
        let text: String
        let data: Data
    }

    /// The examples of the root package's `Specs/` folder, renamed copy by copy.
    static func loadSpecs(from folder: URL, count: Int = specCount) throws -> [SpecText] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".vm.yaml") }
            .sorted()
        guard !names.isEmpty else { throw BenchError.noSpecs(folder.path) }
        let originals = try names.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
        return (0..<count).map { index in
            let original = originals[index % originals.count]
            let name = String(names[index % names.count].dropLast(".vm.yaml".count))
            let text = renamed(original, suffix: String(index))
            return SpecText(path: "Specs/\(name)\(index).vm.yaml", text: text, data: Data(text.utf8))
        }
    }

    /// `text` with `Copy<suffix>` appended to the name on its `viewModel:` line.
    static func renamed(_ text: String, suffix: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("viewModel:") }) else { return text }
        lines[index] += "Copy\(suffix)"
        return lines.joined(separator: "\n")
    }

    /// Ours: `Generator.generate` (parse, validate, render) for every spec; the generator (its
    /// templates) is created once per run, inside the timed part, as `vmgen generate` does.
    @MainActor
    static func generate(_ specs: [SpecText]) -> Sample {
        var characters = 0
        var failures: [String] = []
        let elapsed = timed {
            let generator = try! Generator()
            for spec in specs {
                let output = generator.generate(spec.data, file: spec.path)
                if let source = output.source {
                    characters &+= source.utf8.count
                } else {
                    failures.append("\(spec.path): \(output.diagnostics.map(\.description).joined(separator: "; "))")
                }
            }
        }
        precondition(failures.isEmpty, "W5: specs failed to generate: \(failures.prefix(3))")
        return Sample(nanoseconds: elapsed, checksum: characters)
    }

    /// The baseline: Yams composing the same texts into node trees, nothing more.
    @MainActor
    static func compose(_ specs: [SpecText]) -> Sample {
        var nodes = 0
        let elapsed = timed {
            for spec in specs {
                if let node = try! Yams.compose(yaml: spec.text), let mapping = node.mapping {
                    nodes &+= mapping.count
                }
            }
        }
        return Sample(nanoseconds: elapsed, checksum: nodes)
    }

    /// Where ours spends its time: the pipeline of `Generator.generate` run stage by stage with
    /// the public stage types, timing each stage; milliseconds for all the specs, by stage.
    @MainActor
    static func stages(_ specs: [SpecText]) -> [(stage: String, milliseconds: Double)] {
        var parse: UInt64 = 0, validate: UInt64 = 0, context: UInt64 = 0, render: UInt64 = 0
        let renderer = try! TemplateRenderer()
        for spec in specs {
            var diagnostics = Diagnostics()
            var parsed: Spec?
            parse &+= timed { parsed = SpecParser().parse(spec.data, file: spec.path, diagnostics: &diagnostics) }
            var model: ViewModelModel?
            validate &+= timed { model = SpecValidator().validate(parsed!, diagnostics: &diagnostics) }
            var built: TemplateContext?
            context &+= timed { built = ContextBuilder(model: model!).build() }
            render &+= timed { _ = renderer.render(built!) }
        }
        return [("parse", parse), ("validate", validate), ("context", context), ("render", render)]
            .map { ($0.0, Double($0.1) / 1_000_000) }
    }

    @MainActor
    static func workload(specsFolder: URL) throws -> Workload {
        let specs = try loadSpecs(from: specsFolder)
        return Workload(
            name: "W5",
            unit: "ns per spec: parse + validate + render (ours) vs Yams.compose alone (baseline)",
            operations: specs.count,
            ours: Variant(name: "ours") { generate(specs) },
            baseline: Variant(name: "baseline") { compose(specs) },
            peer: nil,
            checksumsMustMatch: false,
            warmUpRounds: 1,
            rounds: 7,
            extra: { medians in
                let total = medians["ours"]! * Double(specs.count) / 1_000_000
                let yams = medians["baseline"]! * Double(specs.count) / 1_000_000
                let breakdown = stages(specs).map { "\($0.stage):\(format($0.milliseconds))" }.joined(separator: ",")
                return "total_ms_for_\(specs.count)_specs=ours:\(format(total)),baseline:\(format(yams));ours_ms_by_stage=\(breakdown)"
            }
        )
    }
}

enum BenchError: Error, CustomStringConvertible {
    case noSpecs(String)
    case usage(String)

    var description: String {
        switch self {
        case .noSpecs(let path): "no *.vm.yaml in \(path)"
        case .usage(let text): text
        }
    }
}
