import ArgumentParser
import Foundation
import VMGenCore

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write one Swift file per spec into the output folder.",
        discussion: """
            A file is written only when its bytes change, through a temporary file renamed into \
            place. Files that vmgen did not generate are never overwritten. Specs with errors \
            produce no output; their errors are printed and the exit code is 1. With --output, a \
            file vmgen generated from a spec that no longer exists (renamed or deleted) is removed.
            """)

    @OptionGroup var inputs: SpecInputs

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the Swift files to.", valueName: "dir"))
    var output: String?

    @Option(help: ArgumentHelp(
        "Instead of --output: the exact file to write, for one spec (build plugins name their outputs).", valueName: "file"))
    var outputFile: String?

    @Option(help: ArgumentHelp(
        "A spec of the same module to read but not generate: the specs generated are checked with it (a child's events and inputs, view model names). Repeatable; the build plugin passes the target's other specs.", valueName: "spec"))
    var context: [String] = []

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    @Flag(help: ArgumentHelp(
        "For the build plugin: the header says the build rebuilds the file, and a spec with errors gets a file of `#error`s at the spec's lines (exit 0), so the compiler reports every spec's errors in one build."))
    var plugin = false

    func run() throws {
        // Checked here rather than in validate(): ArgumentParser validates before it reports an
        // unknown option, and a misspelled `--output` is the likelier mistake.
        guard (output == nil) != (outputFile == nil) else {
            throw ValidationError("give either --output <dir> or --output-file <file>")
        }
        var jobInputs = try inputs.jobInputs()
        if let outputFile {
            guard jobInputs.count == 1 else {
                throw ValidationError("--output-file writes one file, but \(jobInputs.count) specs were found")
            }
            jobInputs[0].outputURL = URL(fileURLWithPath: outputFile)
        }
        let outputFolder = URL(fileURLWithPath: output ?? ".")
        let job = GenerationJob(generator: try inputs.generator(), outputFolder: outputFolder, writer: plugin ? .buildPlugin : .command)
        let contextInputs = try SpecFiles.collect(context).map { GenerationJob.Input(path: $0, data: try SpecFiles.read($0)) }
        let results = job.generate(jobInputs, context: contextInputs)
        // Errors written into the output file reach the user through the compiler, once.
        for result in results where !result.errorsWritten { Console.report(result.diagnostics) }
        Console.reportWriteErrors(results)
        var failed = results.contains { $0.failed && !($0.errorsWritten && $0.writeError == nil) }
        // Only a folder holds files of other specs; --output-file names the one file to write.
        let orphans = output == nil ? [] : job.orphans(of: jobInputs, paths: inputs.paths)
        var removed = 0
        for orphan in orphans {
            do {
                try orphan.remove()
                removed += 1
                if !quiet { print("vmgen: removed \(orphan.url.relativePath): \(orphan.reason).") }
            } catch {
                Console.error("\(error)")
                failed = true
            }
        }
        if !quiet {
            let written = results.filter { !$0.errorsWritten && ($0.outcome == .created || $0.outcome == .updated) }.count
            let unchanged = results.filter { $0.outcome == .unchanged }.count
            let failures = results.filter(\.failed).count
            let carried = results.filter(\.errorsWritten).count
            let failedText = failures > carried ? ", \(failures - carried) failed" : ""
            let carriedText = carried > 0 ? ", \(carried) with errors (written as #error for the compiler)" : ""
            let removedText = removed > 0 ? ", \(removed) removed" : ""
            print("vmgen: checked \(results.count) spec\(results.count == 1 ? "" : "s"): \(written) written, \(unchanged) unchanged\(removedText)\(carriedText)\(failedText).")
        }
        if failed { throw ExitCode.failure }
    }
}
