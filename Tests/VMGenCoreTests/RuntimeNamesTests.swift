import Foundation
import RandomSpecs
import Testing
import VMGenCore

/// An imported module with types named like the runtime's (issue 26 item 4): the generated
/// code names the runtime's types with `Reactive.`, so only the spec's own code can be
/// ambiguous; a scoped import in `imports` (or the module's name before the type) settles it.
@Suite("Imported types named like the runtime's")
struct RuntimeNamesTests {
    /// The app module's types that share names with the runtime's (`AppTypesModule`).
    static let names = AppTypesModule.typeNames
    static let module = AppTypesModule.name

    /// A spec whose state values have the app's types, read by a derived value and written by
    /// a command; `imports` as given.
    static func spec(imports: [String], qualifier: String = "") -> String {
        var lines = ["viewModel: Clash", "imports: [\(imports.map { "\"\($0)\"" }.joined(separator: ", "))]", "state:"]
        for name in names {
            lines.append("  my\(name): { type: \(qualifier)\(name), initial: \(qualifier)\(name)(), input: true }")
        }
        lines += ["derived:", "  same: { type: Bool, value: myEvent == \(qualifier)Event() }"]
        lines += ["commands:", "  reset: { perform: myEvent = \(qualifier)Event() }"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The compiler's output and status for `spec`, generated and type-checked against
    /// `Reactive` and the app module (`AppTypesModule`).
    static func compile(_ spec: String) throws -> (status: Int32, output: String) {
        let modules = try #require(SourceLocationTests.modulesFolder(), "the Reactive module was not found beside the test bundle")
        let folder = try temporaryFolder("runtime-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        try AppTypesModule.build(in: folder)
        let specPath = folder.appendingPathComponent("Clash.vm.yaml").path
        let output = (try Generator()).generate(Data(spec.utf8), file: specPath)
        let source = try #require(output.source, "\(output.diagnostics)")
        let swiftFile = folder.appendingPathComponent("Clash.swift")
        try source.write(to: swiftFile, atomically: true, encoding: .utf8)
        let result = try OutputTypecheck(modules: modules, otherModules: [folder]).run([swiftFile], in: folder)
        return (result.status, result.output)
    }

    @Test("imported whole, such a type is ambiguous only in the spec's code, at the spec's line")
    func ambiguousOnlyInSpecCode() throws {
        let result = try Self.compile(Self.spec(imports: [Self.module]))
        #expect(result.status != 0)
        let errors = result.output.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(!errors.isEmpty)
        // Every error is on a spec line, none in the generated code around it.
        for error in errors {
            #expect(error.contains("Clash.vm.yaml:"), "an error outside the spec's code: \(error)")
        }
    }

    @Test("scoped imports of the types, or the module's name before them, make the spec compile")
    func scopedImportsSettleIt() throws {
        let scoped = try Self.compile(Self.spec(imports: [Self.module] + Self.names.map { "struct \(Self.module).\($0)" }))
        #expect(scoped.status == 0, "\(scoped.output)")
        let qualified = try Self.compile(Self.spec(imports: [Self.module], qualifier: Self.module + "."))
        #expect(qualified.status == 0, "\(qualified.output)")
    }

    /// Every public type name of the runtime (`Sources/Reactive`).
    static func runtimeTypeNames() throws -> [String] {
        let folder = packageRoot.appendingPathComponent("Sources/Reactive")
        let pattern = try Regex(#"(?m)^public (?:final )?(?:struct|class|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var names = Set<String>()
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: pattern) { names.insert(String(match.output[1].substring ?? "")) }
        }
        return names.sorted()
    }

    @Test("the golden files compile with every runtime type name also imported from an app module, but those their spec code names")
    func generatedCodeNamesTheRuntimeWithItsModule() throws {
        let modules = try #require(SourceLocationTests.modulesFolder(), "the Reactive module was not found beside the test bundle")
        let folder = try temporaryFolder("runtime-names-golden")
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = packageRoot.appendingPathComponent("Tests/Golden")
        let specs = try FileManager.default.contentsOfDirectory(atPath: golden.appendingPathComponent("Specs").path).sorted()
        let specText = try specs.map { try String(contentsOf: golden.appendingPathComponent("Specs/\($0)"), encoding: .utf8) }.joined()
        // A name the spec code itself writes (`SignalProducer`) would be ambiguous there, as docs say.
        let words = Set(specText.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        let clashing = try Self.runtimeTypeNames().filter { !words.contains($0) }
        #expect(clashing.contains("Event") && clashing.contains("Command") && clashing.count > 20)
        try AppTypesModule.buildModule(
            "RuntimeNameClash", source: clashing.map { "public struct \($0): Sendable { public init() {} }\n" }.joined(), in: folder)
        var files: [URL] = []
        for spec in specs {
            let name = spec.replacingOccurrences(of: ".vm.yaml", with: ".swift")
            let source = try String(contentsOf: golden.appendingPathComponent("Expected/\(name)"), encoding: .utf8)
            let file = folder.appendingPathComponent(name)
            try source.replacingOccurrences(of: "\nimport Reactive\n", with: "\nimport Reactive\nimport RuntimeNameClash\n")
                .write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        let result = try OutputTypecheck(modules: modules, otherModules: [folder]).run(files, in: folder)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("an import entry is a module, a dotted path or one declaration of a module")
    func importPaths() {
        #expect(SpecCode.importPath("Foundation")?.components == ["Foundation"])
        #expect(SpecCode.importPath("Foundation")?.kind == nil)
        #expect(SpecCode.importPath("Core.Models")?.components == ["Core", "Models"])
        #expect(SpecCode.importPath("struct AppTypes.Event")?.kind == "struct")
        #expect(SpecCode.importPath("struct AppTypes.Event")?.module == "AppTypes")
        #expect(SpecCode.importPath("struct Event") == nil)
        #expect(SpecCode.importPath("Foundation; func evil() {}") == nil)
        #expect(SpecCode.importPath("@testable Foundation") == nil)
    }

    @Test("an import entry may start with its access level: public, package or internal")
    func importAccessLevels() {
        let publicImport = SpecCode.importPath("public ExampleModels")
        #expect(publicImport?.access == "public")
        #expect(publicImport?.components == ["ExampleModels"])
        #expect(publicImport?.pathOffset == 7)
        #expect(SpecCode.importPath("package  struct AppTypes.Event")?.kind == "struct")
        #expect(SpecCode.importPath("package  struct AppTypes.Event")?.pathOffset == 9)
        #expect(SpecCode.importPath("internal Foundation")?.access == "internal")
        #expect(SpecCode.importPath("Foundation")?.access == nil)
        // An import in the generated file is never narrower than the file.
        #expect(SpecCode.importPath("private Foundation") == nil)
        #expect(SpecCode.importPath("fileprivate Foundation") == nil)
        #expect(SpecCode.importPath("public") == nil)
        #expect(SpecCode.importPath("public public Foundation") == nil)
    }

    @Test("the generator's imports are public only where the class's public declarations use them")
    func generatorImportsAccess() throws {
        func imports(_ spec: String) throws -> [String] {
            try #require(generate(spec, file: "Imports.vm.yaml")).split(separator: "\n").map(String.init).filter { $0.contains("import ") }
        }
        let values = """
            viewModel: Counter
            imports: [public Foundation, ExampleModels]
            state:
              count: { type: Int, initial: "0", input: true }
            """
        #expect(try imports(values) == [
            "public import Observation", "@_spi(VMGen) public import Reactive",
            "public import    Foundation", "import                       ExampleModels",
        ])
        let noValues = """
            viewModel: Constants
            constants:
              limit: { type: Int, value: "3" }
            """
        #expect(try imports(noValues) == ["public import Observation", "@_spi(VMGen) import Reactive"])
        let internalClass = values.replacingOccurrences(of: "viewModel: Counter", with: "viewModel: Counter\naccess: internal")
        #expect(try imports(internalClass).prefix(2) == ["import Observation", "@_spi(VMGen) import Reactive"])
        // A module listed twice is imported once, with the widest access; the spec may make the
        // runtime's import public itself (a parameter of one of its types).
        let twice = "viewModel: Twice\nimports: [Foundation, public Foundation, public Reactive]\nparameters:\n  options: ResourceLoaderOptions\n"
        #expect(try imports(twice).prefix(2) == ["public import Observation", "@_spi(VMGen) public import Reactive"])
        let source = try #require(generate(twice, file: "Imports.vm.yaml"))
        #expect(source.contains(/public import\s+Foundation/) && !source.contains(/\nimport\s+Foundation/), "\(source)")
    }
}
