import Foundation
import Testing
import VMGenCore

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Spec in, exact Swift out: each spec in `Tests/Golden/Specs` must generate exactly the file
/// of the same name in `Tests/Golden/Expected`, which the `GoldenViewModels` target compiles.
/// After an intended change to the output, re-record with
/// `swift run vmgen generate Tests/Golden/Specs --output Tests/Golden/Expected` (run from the
/// package root) and review the diff.
@Suite("Golden files")
struct GoldenTests {
    static let specFolder = "Tests/Golden/Specs"
    static let expectedFolder = "Tests/Golden/Expected"

    /// Every golden spec's name, from the folder: a spec added there is compared too.
    static let specs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(specFolder).path)) ?? []
        return names.filter { $0.hasSuffix(".vm.yaml") }.map { String($0.dropLast(".vm.yaml".count)) }.sorted()
    }()

    /// The folder generated in one run, as `vmgen generate` does it (a parent such as `Tags` is
    /// checked knowing its child's spec), writing nothing: each spec's source (nil after an
    /// error) and diagnostics by name.
    static let generated: [String: (source: String?, diagnostics: [String])] = {
        let inputs = specs.map { name in
            let path = "\(specFolder)/\(name).vm.yaml"
            // A spec that cannot be read is an empty one: an error, in its own place in the run.
            let data = (try? Data(contentsOf: packageRoot.appendingPathComponent(path))) ?? Data()
            return GenerationJob.Input(path: path, data: data)
        }
        let job = GenerationJob(generator: try! Generator(), outputFolder: packageRoot.appendingPathComponent(expectedFolder))
        let results = job.check(inputs).map { (source: $0.source, diagnostics: $0.diagnostics.map(\.description)) }
        return Dictionary(uniqueKeysWithValues: zip(specs, results))
    }()

    @Test("the folder holds the golden specs, each with its expected file and no expected file without a spec")
    func everySpecHasItsExpectedFile() throws {
        #expect(Self.specs.count >= 12, "\(Self.specs)")
        let expected = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(Self.expectedFolder).path)
            .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
        #expect(expected == Self.specs)
    }

    @Test("each golden spec generates exactly its expected Swift", arguments: specs)
    func matchesGolden(name: String) throws {
        let result = try #require(Self.generated[name])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let source = try #require(result.source)
        let expected = try String(contentsOf: packageRoot.appendingPathComponent("\(Self.expectedFolder)/\(name).swift"), encoding: .utf8)
        let diff = UnifiedDiff.make(old: expected, new: source, oldName: "expected", newName: "generated")
        #expect(diff.isEmpty, "\(name).swift is stale:\n\(diff)")
    }

    @Test("generating twice gives the same bytes")
    func deterministic() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/Golden/Specs/Search.vm.yaml"))
        let first = try Generator().generate(data, file: "Search.vm.yaml").source
        let second = try Generator().generate(data, file: "Search.vm.yaml").source
        #expect(first != nil)
        #expect(first == second)
    }

    @Test("a diamond is computed once per transaction, in update order, each value guarded by its inputs")
    func diamondUpdateOrder() throws {
        let source = try #require(generate("""
            viewModel: Diamond
            state:
              a: { type: Int, initial: "1", input: true }
            derived:
              d: { type: Int, value: b + c }
              b: { type: Int, value: a * 2 }
              c: { type: Int, value: a + 10 }
            """))
        let recompute = try #require(source.components(separatedBy: "func _$recompute() -> Swift.Bool {").last)
        let commit = try #require(recompute.components(separatedBy: "\n        return ").first)
        #expect(commit == """

                    // What the transaction wrote.
                    let _a$changed = _a.changed()
                    // Each value an input of which changed, computed again, in update order.
                    let _b$changed = _a$changed && (_b.isWatched ? _b.replace(Self._b$compute(a: _a.value)) : _b.markStale())
                    let _c$changed = _a$changed && (_c.isWatched ? _c.replace(Self._c$compute(a: _a.value)) : _c.markStale())
                    let _d$changed = (_b$changed || _c$changed) && (_d.isWatched
                        ? _d.replace(Self._d$compute(b: _b$fresh(), c: _c$fresh())) : _d.markStale())
            """)
        // Nobody watches them at first, so each is computed when read: `d` from `b` and `c` as the
        // last transaction left them, computing them first if they are out of date.
        #expect(source.contains("""
                private func _d$fresh(reading _$reading: Swift.Bool = false) -> Int {
                    if _d.isStale { _d.refresh(Self._d$compute(b: _b$fresh(), c: _c$fresh())) }
                    return _$reading ? _d.read(by: self) : _d.value
                }
            """))
        #expect(source.contains("if _b.isStale { _b.refresh(Self._b$compute(a: _a.committed)) }"))
        // Observers are told in `_$notify`, once the whole transaction is computed, in update order, in
        // each of its two passes (runtime properties, then observers).
        let notifications = source.components(separatedBy: "func _$notify(_ telling: Swift.Bool) {").last?.components(separatedBy: "\n").filter { $0.contains("{ _$changed") }
        #expect(notifications?.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "if _a.pending(telling) { _$changed(\\.a, _a, telling) }",
            "if _b.pending(telling) { _$changed(\\.b, _b, telling) }",
            "if _c.pending(telling) { _$changed(\\.c, _c, telling) }",
            "if _d.pending(telling) { _$changed(\\.d, _d, telling) }",
        ])
    }

    @Test("runtimeProperties: false leaves out every `<name>Property` member, and only them")
    func runtimePropertiesOption() throws {
        let spec = """
            viewModel: Quiet
            state:
              count: { type: Int, initial: "0", input: true }
            derived:
              label: { type: String, value: '"\\(count)"' }
            """
        let with = try #require(generate(spec))
        let without = try #require(generate("runtimeProperties: false\n" + spec))
        for name in ["countProperty", "labelProperty"] {
            #expect(with.contains("public var \(name): Reactive.Property<"))
            #expect(!without.contains(name))
        }
        #expect(without.contains("public var count: Int"))
        #expect(without.contains(".input(\"count\", \\.count, _$property(&_count))"))
    }

    @Test("custom templates replace the default ones by file name")
    func customTemplates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The updates: the commit's two phases, `_$recompute` and `_$notify` (the helpers they and
        // the getters use are the runtime's, `Reactive.GeneratedViewModel`).
        try "{{#headerLines}}\n{{.}}\n{{/headerLines}}\n// {{name}}: {{count(computations)}} computation, {{count(updates)}} updates\n"
            .write(to: folder.appendingPathComponent("ViewModel.swift.mustache"), atomically: true, encoding: .utf8)
        let output = try Generator(customTemplates: folder).generate(Data("viewModel: A\nstate:\n  x: { type: Int, initial: \"1\", input: true }\n".utf8), file: "A.vm.yaml")
        #expect(output.source?.hasPrefix("// Generated by vmgen") == true)
        #expect(output.source?.hasSuffix("\n// A: 1 computation, 2 updates\n") == true)
    }
}
