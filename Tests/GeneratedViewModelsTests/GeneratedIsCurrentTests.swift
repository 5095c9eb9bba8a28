import Foundation
import Testing
import VMGenCore

/// `Generated/` must be what `vmgen generate Specs --output Generated` writes today.
struct GeneratedIsCurrentTests {
    /// The package root, three levels above this file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let specs: [String] = {
        let folder = root.appendingPathComponent("Specs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".vm.yaml") }.sorted()
    }()

    @Test func everySpecHasBeenFound() {
        #expect(Self.specs.contains("DiceGame.vm.yaml"))
    }

    @Test(arguments: specs)
    func generatedFileIsCurrent(spec: String) throws {
        let specURL = Self.root.appendingPathComponent("Specs").appendingPathComponent(spec)
        let output = try Generator().generate(Data(contentsOf: specURL), file: "Specs/" + spec)
        let source = try #require(output.source, "\(output.diagnostics.map(\.description).joined(separator: "\n"))")
        let name = OutputWriter.outputName(forSpec: specURL)
        let checkedIn = (try? String(contentsOf: Self.root.appendingPathComponent("Generated").appendingPathComponent(name), encoding: .utf8)) ?? ""
        if checkedIn != source {
            Issue.record("""
                Generated/\(name) is stale: run `swift run vmgen generate Specs --output Generated`.
                \(UnifiedDiff.make(old: checkedIn, new: source, oldName: "Generated/\(name)", newName: "Specs/\(spec)"))
                """)
        }
    }

    @Test func noGeneratedFileIsLeftWithoutItsSpec() throws {
        let generated = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Generated").path)
        let expected = Set(Self.specs.map { OutputWriter.outputName(forSpec: URL(fileURLWithPath: $0)) })
        #expect(Set(generated.filter { $0.hasSuffix(".swift") }) == expected)
    }
}
