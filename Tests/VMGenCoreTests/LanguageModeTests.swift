import Foundation
import Testing
import TestSupport
import VMGenCore

/// Generated code compiles in the language mode of the app that uses it, Swift 5 as well as 6.
/// The package builds its generated targets in Swift 6 mode; this test type-checks the same
/// checked-in files in Swift 5 mode, where implicit `self` has stricter rules in closures.
@Suite("Generated code in Swift 5 language mode")
struct LanguageModeTests {
    /// The checked-in output of every spec folder: the examples, the golden files and the
    /// benchmarks' view models (the last two must match a fresh run, `GoldenTests` and CI's
    /// `vmgen check` see to it).
    static let generatedFolders = ["Generated", "Tests/Golden/Expected", "Benchmarks/Sources/DiamondViewModel"]

    /// The Swift files of `generatedFolders`, sorted.
    static func generatedFiles() throws -> [String] {
        try generatedFolders.flatMap { folder in
            let url = packageRoot.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: url.path)
                .filter { $0.hasSuffix(".swift") }.sorted()
                .map { url.appendingPathComponent($0).path }
        }
    }

    @Test("every checked-in generated file type-checks in Swift 5 mode, without errors or warnings",
          .tags(.slow), .fastLoopSkips, .timeLimit(.minutes(2)))
    func swift5() async throws {
        let modules = try #require(SourceLocationTests.modulesFolder(), "the Reactive module was not found beside the test bundle")
        // `Generated/` imports the examples' hand-written models, a dependency of this target.
        #expect(FileManager.default.fileExists(atPath: modules.appendingPathComponent("ExampleModels.swiftmodule").path))
        let files = try Self.generatedFiles()
        #expect(files.count > 30, "\(files)")
        // One invocation for every file; it goes on past a file with errors, so all are reported.
        let arguments = ["-typecheck", "-swift-version", "5", "-continue-building-after-errors", "-I", modules.path] + files
        let (status, output) = try await onThreadOfItsOwn { try runSwiftc(arguments, in: packageRoot) }
        let diagnostics = output.split(separator: "\n").filter { !$0.hasPrefix(" ") && ($0.contains(" error: ") || $0.contains(" warning: ")) }
        #expect(status == 0, "swiftc -swift-version 5 failed:\n\(output)")
        #expect(diagnostics.isEmpty, "\(diagnostics.joined(separator: "\n"))")
    }

    @Test("a keyed child's handler whose code has closures reading the parent type-checks in Swift 5 mode",
          .tags(.slow), .fastLoopSkips, .timeLimit(.minutes(2)))
    func swift5Handler() async throws {
        let modules = try #require(SourceLocationTests.modulesFolder(), "the Reactive module was not found beside the test bundle")
        // Implicit `self` in the handler, in a closure given to a call and in one called at once:
        // Swift 5 mode refuses both when `self` was unwrapped from a weak capture.
        let parent = """
            viewModel: TagListViewModel
            state:
              numbers: { type: "[Int]", initial: "[]", input: true }
              limit: { type: Int, initial: "10", input: true }
            children:
              tags:
                type: "[TagViewModel]"
                each: numbers
                id: \\.self
                make: "TagViewModel(number: element)"
                on:
                  removeRequested: |
                    numbers.removeAll { $0 == value || $0 > limit }
                    limit = { limit + 1 }()
            """
        let folder = try temporaryFolder("language-mode")
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for (name, spec) in [("Tag", SourceLocationTests.tagChild), ("TagList", parent)] {
            let file = folder.appendingPathComponent(name + ".swift")
            try #require(generate(spec, file: name + ".vm.yaml")).write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let arguments = ["-typecheck", "-swift-version", "5", "-I", modules.path] + files
        let (status, output) = try await onThreadOfItsOwn { try runSwiftc(arguments) }
        #expect(status == 0, "swiftc -swift-version 5 failed:\n\(output)")
    }
}
