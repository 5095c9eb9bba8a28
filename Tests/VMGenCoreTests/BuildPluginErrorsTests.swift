import Foundation
import Testing
import VMGenCore

/// For the build plugin, a spec with errors becomes a file of `#error`s that the compiler
/// reports at the spec's lines and columns, so one build shows the errors of every spec.
@Suite("Spec errors carried to the compiler")
struct BuildPluginErrorsTests {
    static let broken = """
        viewModel: Broken
        state:
          count: { type: Int, initial: "0", input: true, colour: red }
        derived:
          isBig: Bool
        """

    /// Type-checks `files` with swiftc and returns its diagnostics lines that name a spec.
    func compilerDiagnostics(_ files: [URL]) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck"] + files.map(\.path)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { $0.contains(".vm.yaml:") && !$0.hasPrefix(" ") }
    }

    @Test("each error of each spec is printed by the compiler at the spec's line and column")
    func errorsAtSpecLocations() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-plugin-errors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = [
            GenerationJob.Input(path: "/specs/Broken.vm.yaml", data: Data(Self.broken.utf8)),
            GenerationJob.Input(path: "/specs/Empty.vm.yaml", data: Data("# nothing yet\n".utf8)),
            GenerationJob.Input(path: "/specs/Colon.vm.yaml", data: Data("viewModel: C\ndoc: a: b\n".utf8)),
        ]
        let results = GenerationJob(generator: try Generator(), outputFolder: folder, writer: .buildPlugin).generate(inputs)
        #expect(results.map(\.errorsWritten) == [true, true, true])
        #expect(results.map(\.outcome) == [.created, .created, .created])
        let written = results.map(\.outputURL)
        #expect(try written.allSatisfy { try String(contentsOf: $0, encoding: .utf8).hasPrefix(OutputWriter.headerPrefix) })

        let printed = try compilerDiagnostics(written)
        // On a spec's first line, `#error(` stands before the message, so columns 1 to 7 show as 8.
        let expected = results.flatMap(\.diagnostics).map { diagnostic in
            var location = diagnostic.location
            if location.line == 1 { location.column = max(location.column, 8) }
            return "\(location): error: \(diagnostic.message)"
        }
        #expect(Set(printed) == Set(expected))
        #expect(expected.count == 4)
    }

    @Test("with the target's other specs as context, a spec is checked with them: a child's events, a view model name two specs share")
    func checkedWithTheOtherSpecs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmgen-plugin-context-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalogue = packageRoot.appendingPathComponent("Tests/Catalogue/keyed-on-undeclared-event")
        func input(_ path: String) throws -> GenerationJob.Input {
            GenerationJob.Input(path: path, data: try Data(contentsOf: catalogue.appendingPathComponent(path)))
        }
        let list = try input("TodoList.vm.yaml"), item = try input("TodoItem.vm.yaml")
        let job = GenerationJob(generator: try Generator(), outputFolder: folder, writer: .buildPlugin)
        // Alone (as the plugin ran it before), the list's typo would be a Swift error in its file.
        #expect(job.generate([list]).first?.errorsWritten == false)
        let withChild = try #require(job.generate([list], context: [item, list]).first)
        #expect(withChild.errorsWritten)
        #expect(withChild.diagnostics.map(\.message).contains { $0.contains("`doneChange`") && $0.contains("`doneChanged`") })
        // A context spec is read, not reported on or written.
        let broken = GenerationJob.Input(path: "Broken.vm.yaml", data: Data("viewModel: TodoItemViewModel\nbogus: 1\n".utf8))
        let item2 = try #require(job.generate([item], context: [broken]).first)
        #expect(item2.diagnostics.map(\.message) == ["view model `TodoItemViewModel` is also declared by Broken.vm.yaml: two classes of one name do not compile in one module; rename one of them"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Broken.swift").path))
        let file = try String(contentsOf: item2.outputURL, encoding: .utf8)
        #expect(file.contains("(note: `TodoItemViewModel` is declared here too, at Broken.vm.yaml:1:12)"), "\(file)")
    }

    @Test("the command's files say to run vmgen generate; the build plugin's say the build rebuilds them")
    func headers() throws {
        let spec = Data("viewModel: A\nconstants:\n  one: { type: Int, value: \"1\" }\n".utf8)
        let command = try #require(try Generator().generate(spec, file: "A.vm.yaml").source)
        let plugin = try #require(try Generator().generate(spec, file: "A.vm.yaml", writer: .buildPlugin).source)
        #expect(command.hasPrefix("// Generated by vmgen \(VMGen.version) from A.vm.yaml.\n// Do not edit: change the spec and run `vmgen generate`.\n"))
        #expect(plugin.hasPrefix("// Generated by vmgen \(VMGen.version) from A.vm.yaml.\n// Do not edit: the build plugin rebuilds this file from the spec on every build.\n"))
    }
}
