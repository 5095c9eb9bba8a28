import Foundation
import Testing
import TestSupport
import VMGenCore

/// Generated code compiles in the language mode of the app that uses it, Swift 5 as well as 6,
/// and with the upcoming feature `InternalImportsByDefault`. The package builds its generated
/// targets in Swift 6 mode; these tests type-check the same checked-in files in Swift 5 mode,
/// where implicit `self` has stricter rules in closures, and with internal imports.
@Suite("Generated code in the app's language mode")
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
        try await typecheckGeneratedFiles(["-swift-version", "5"])
    }

    /// With the upcoming feature (Swift 7's default), an import is internal unless it says
    /// otherwise: the generator's own imports are `public` where the class's public declarations
    /// use them, and the specs write `public` before a module whose types theirs use. Without it
    /// (the package's own build, and `swift5()`), no `public import` may go unused either.
    @Test("every checked-in generated file type-checks with InternalImportsByDefault, without errors or warnings",
          .tags(.slow), .fastLoopSkips, .timeLimit(.minutes(2)))
    func internalImportsByDefault() async throws {
        try await typecheckGeneratedFiles(["-swift-version", "6", "-enable-upcoming-feature", "InternalImportsByDefault"])
    }

    /// Type-checks every file of `generatedFolders` in one invocation with `mode`'s arguments,
    /// which goes on past a file with errors, so that all are reported; expects none, nor warnings.
    func typecheckGeneratedFiles(_ mode: [String]) async throws {
        let modules = try #require(SourceLocationTests.modulesFolder(), "the Reactive module was not found beside the test bundle")
        // `Generated/` imports the examples' hand-written models, a dependency of this target.
        #expect(FileManager.default.fileExists(atPath: modules.appendingPathComponent("ExampleModels.swiftmodule").path))
        let files = try Self.generatedFiles()
        #expect(files.count > 30, "\(files)")
        let arguments = ["-typecheck"] + mode + ["-continue-building-after-errors", "-I", modules.path] + files
        let (status, output) = try await onThreadOfItsOwn { try runSwiftc(arguments, in: packageRoot) }
        let diagnostics = output.split(separator: "\n").filter { !$0.hasPrefix(" ") && ($0.contains(" error: ") || $0.contains(" warning: ")) }
        #expect(status == 0, "swiftc \(mode.joined(separator: " ")) failed:\n\(output)")
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
