import ArgumentParser
import Foundation
import VMGenCore

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail when the output folder is not what `generate` would write (for CI).",
        discussion: """
            Prints a unified diff for each stale or missing file and names each generated file \
            whose spec no longer exists (`generate` removes those), then exits with 1. Writes nothing.
            """)

    @OptionGroup var inputs: SpecInputs

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder holding the generated files.", valueName: "dir"))
    var output: String

    func run() throws {
        let job = GenerationJob(generator: try inputs.generator(), outputFolder: URL(fileURLWithPath: output))
        var failed = false
        let jobInputs = try inputs.jobInputs()
        let results = job.check(jobInputs)
        Console.reportWriteErrors(results)
        for result in results {
            Console.report(result.diagnostics)
            failed = failed || result.failed
            guard let source = result.source, result.writeError == nil, result.outcome != .unchanged else { continue }
            failed = true
            let path = result.outputURL.path
            let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
            print(UnifiedDiff.make(old: existing, new: source, oldName: path, newName: "\(path) (from \(result.specPath))"))
        }
        for orphan in job.orphans(of: jobInputs, paths: inputs.paths) {
            failed = true
            Console.error("\(orphan.url.relativePath): error: stale: \(orphan.reason); `vmgen generate` removes this file")
        }
        if failed {
            Console.error("vmgen: the output is stale or a spec has errors: run `vmgen generate` and commit the result")
            throw ExitCode.failure
        }
    }
}
