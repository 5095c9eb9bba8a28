import Foundation
import RandomSpecs
import Testing
import VMGenCore

/// A mistake in a type the spec writes is the compiler's to find, but it must be found at the
/// spec's line and column, at most twice (at the type's alias, and at the one public declaration
/// that shows the type as the spec wrote it), not at the places the generated code uses the type.
@Suite("Type mistakes reported at the spec")
struct SpecTypeErrorTests {
    /// The compiler's error lines for `yaml`'s generated code, type-checked against Reactive.
    func compilerErrors(_ yaml: String, file: String) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-types-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try Generator().generate(Data(yaml.utf8), file: file)
        let source = try #require(output.source, "vmgen rejected the spec: \(output.diagnostics)")
        let swiftFile = folder.appendingPathComponent("Spec.swift")
        try source.write(to: swiftFile, atomically: true, encoding: .utf8)
        let result = try OutputTypecheck(modules: try ReactiveModules.locate()).run([swiftFile], in: folder)
        return result.output.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init).sorted()
    }

    /// That `errors` are `expected`, each once or twice, and nothing else.
    func expectReported(_ errors: [String], _ expected: [String]) {
        #expect(Array(Set(errors)).sorted() == expected.sorted())
        for error in expected {
            #expect((1...2).contains(errors.count { $0 == error }), "\(error) is reported \(errors.count { $0 == error }) times")
        }
    }

    @Test("a misspelled type is reported at the spec's line and column, at most twice")
    func misspelledType() throws {
        let errors = try compilerErrors("""
            viewModel: A
            parameters:
              limit: Intt
            state:
              items: { type: "[Strng]", initial: "[]", input: true }
            derived:
              count: { type: Int, value: items.count + limit }
            commands:
              add: { input: Strng, perform: "items.append(input)" }
            """, file: "Types.vm.yaml")
        expectReported(errors, [
            "Types.vm.yaml:3:10: error: cannot find type 'Intt' in scope",
            "Types.vm.yaml:5:20: error: cannot find type 'Strng' in scope",
            "Types.vm.yaml:9:17: error: cannot find type 'Strng' in scope",
        ])
    }

    @Test("a type from a module the spec does not import is reported at the spec, at most twice")
    func missingImport() throws {
        let errors = try compilerErrors("""
            viewModel: B
            state:
              when: { type: Date?, input: true }
            """, file: "Imports.vm.yaml")
        expectReported(errors, ["Imports.vm.yaml:3:17: error: cannot find type 'Date' in scope"])
    }
}
