import Foundation
import Testing
import VMGenCore

/// A Swift error inside a spec expression must be reported by the compiler at the spec's
/// line and column, thanks to the padded `#sourceLocation` around every embedded expression.
@Suite("Compiler errors land on the spec")
struct SourceLocationTests {
    /// Where the `Reactive` module built for these tests lives: `Modules` beside the test bundle.
    static func modulesFolder() -> URL? {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Reactive.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Generates `spec` and type-checks the output with `swiftc`: the spec's path and what the
    /// compiler printed, which must be a failure.
    func compilerOutput(of spec: String) throws -> (specPath: String, output: String) {
        let modules = try #require(Self.modulesFolder(), "the Reactive module was not found beside the test bundle")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-sourceloc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let specPath = folder.appendingPathComponent("Broken.vm.yaml").path
        let source = try #require(generate(spec, file: specPath))
        let swiftFile = folder.appendingPathComponent("Broken.swift")
        try source.write(to: swiftFile, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path, swiftFile.path]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        return (specPath, output)
    }

    /// The column of the first error the compiler reported on `line` of the spec.
    func errorColumn(in output: String, specPath: String, line: Int) -> Int? {
        let errorLine = output.split(separator: "\n").first { $0.hasPrefix("\(specPath):\(line):") && $0.contains("error:") }
        return errorLine.flatMap { Int($0.dropFirst(specPath.count + 2 + String(line).count).prefix { $0.isNumber }) }
    }

    @Test("a type error in a derived value is reported at the spec's line and column")
    func typeErrorLandsOnSpecLine() throws {
        let (specPath, output) = try compilerOutput(of: """
            viewModel: Broken
            state:
              count: { type: Int, initial: "0", input: true }
            derived:
              label: { type: String, value: count + "items" }
            """)
        // `count` stands at line 5, column 33 of the spec; the compiler reports the operator there.
        let column = errorColumn(in: output, specPath: specPath, line: 5)
        #expect(column.map { (33...47).contains($0) } == true, "compiler output:\n\(output)")
    }

    @Test("a validation rule that is not a Bool is reported at the rule's line and column")
    func ruleOfTheWrongTypeLandsOnSpecLine() throws {
        let (specPath, output) = try compilerOutput(of: """
            viewModel: Broken
            state:
              name: { type: String, initial: '""', input: true }
            validation:
              fields:
                name:
                  - { rule: name.count, message: Enter a name. }
            """)
        // `name.count` stands at line 7, column 17 of the spec.
        let column = errorColumn(in: output, specPath: specPath, line: 7)
        #expect(column.map { (17...26).contains($0) } == true, "compiler output:\n\(output)")
    }
}
