import Foundation
import Testing
import VMGenCore

/// An imported module with types named like the runtime's (issue 26 item 4): the generated
/// code names the runtime's types with `Reactive.`, so only the spec's own code can be
/// ambiguous; a scoped import in `imports` (or the module's name before the type) settles it.
@Suite("Imported types named like the runtime's")
struct RuntimeNamesTests {
    /// Types of an app module that share names with the runtime's.
    static let appTypes = """
        public struct Event: Equatable, Sendable { public init() {} }
        public struct Signal: Equatable, Sendable { public init() {} }
        public struct Property: Equatable, Sendable { public init() {} }
        public struct Command: Equatable, Sendable { public init() {} }
        public struct Validation: Equatable, Sendable { public init() {} }
        public struct Invariant: Equatable, Sendable { public init() {} }
        public struct Lifetime: Equatable, Sendable { public init() {} }
        public struct Transactions: Equatable, Sendable { public init() {} }
        """

    static let names = ["Event", "Signal", "Property", "Command", "Validation", "Invariant", "Lifetime", "Transactions"]

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
    /// `Reactive` and a module `AppTypes` of `appTypes`.
    static func compile(_ spec: String) throws -> (status: Int32, output: String) {
        let modules = try #require(SourceLocationTests.modulesFolder(), "the Reactive module was not found beside the test bundle")
        let folder = try temporaryFolder("runtime-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("AppTypes.swift")
        try appTypes.write(to: app, atomically: true, encoding: .utf8)
        let built = try run(["swiftc", "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "AppTypes",
                             "-emit-module-path", folder.appendingPathComponent("AppTypes.swiftmodule").path, app.path])
        #expect(built.status == 0, "\(built.output)")
        let specPath = folder.appendingPathComponent("Clash.vm.yaml").path
        let output = (try Generator()).generate(Data(spec.utf8), file: specPath)
        let source = try #require(output.source, "\(output.diagnostics)")
        let swiftFile = folder.appendingPathComponent("Clash.swift")
        try source.write(to: swiftFile, atomically: true, encoding: .utf8)
        return try run(["swiftc", "-typecheck", "-parse-as-library", "-swift-version", "6", "-I", modules.path, "-I", folder.path, swiftFile.path])
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test("imported whole, such a type is ambiguous only in the spec's code, at the spec's line")
    func ambiguousOnlyInSpecCode() throws {
        let result = try Self.compile(Self.spec(imports: ["AppTypes"]))
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
        let scoped = try Self.compile(Self.spec(imports: ["AppTypes"] + Self.names.map { "struct AppTypes.\($0)" }))
        #expect(scoped.status == 0, "\(scoped.output)")
        let qualified = try Self.compile(Self.spec(imports: ["AppTypes"], qualifier: "AppTypes."))
        #expect(qualified.status == 0, "\(qualified.output)")
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
}
