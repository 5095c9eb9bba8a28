import ArgumentParser
import Foundation
import VMGenCore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fail when the output folder is not what `generate` would write (for CI).",
        discussion: "Prints a unified diff for each stale or missing file and exits with 1; writes nothing.")

    @OptionGroup var inputs: SpecInputs

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder holding the generated files.", valueName: "dir"))
    var output: String

    func run() throws {
        let generator = try inputs.generator()
        var failed = false
        for spec in try inputs.specFiles() {
            let result = generator.generate(try spec.read(), file: spec.path)
            Console.report(result.diagnostics)
            guard let source = result.source else {
                failed = true
                continue
            }
            let target = URL(fileURLWithPath: output).appendingPathComponent(OutputWriter.outputName(forSpec: spec.url))
            let existing = FileManager.default.contents(atPath: target.path).map { String(decoding: $0, as: UTF8.self) }
            if existing != source {
                failed = true
                print(UnifiedDiff.make(old: existing ?? "", new: source, oldName: target.path, newName: "\(target.path) (from \(spec.path))"))
            }
        }
        if failed {
            Console.error("vmgen: the output is stale: run `vmgen generate` and commit the result")
            throw ExitCode.failure
        }
    }
}
