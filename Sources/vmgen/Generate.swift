import ArgumentParser
import Foundation
import VMGenCore

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write one Swift file per spec into the output folder.",
        discussion: """
            A file is written only when its bytes change, through a temporary file renamed into \
            place. Files that vmgen did not generate are never overwritten. Specs with errors \
            produce no output; their errors are printed and the exit code is 1.
            """)

    @OptionGroup var inputs: SpecInputs

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the Swift files to.", valueName: "dir"))
    var output: String

    @Flag(name: .shortAndLong, help: "Print nothing on success.")
    var quiet = false

    func run() throws {
        let generator = try inputs.generator()
        let specs = try inputs.specFiles()
        let writer = OutputWriter()
        var counts: [OutputWriter.Outcome: Int] = [:]
        var failed = false
        for spec in specs {
            let result = generator.generate(try spec.read(), file: spec.path)
            Console.report(result.diagnostics)
            guard let source = result.source else {
                failed = true
                continue
            }
            let target = URL(fileURLWithPath: output).appendingPathComponent(OutputWriter.outputName(forSpec: spec.url))
            do {
                counts[try writer.write(source, to: target), default: 0] += 1
            } catch {
                Console.error("\(error)")
                failed = true
            }
        }
        if !quiet {
            let written = (counts[.created] ?? 0) + (counts[.updated] ?? 0)
            print("vmgen: checked \(specs.count) spec\(specs.count == 1 ? "" : "s"): \(written) written, \(counts[.unchanged] ?? 0) unchanged\(failed ? ", some failed" : "").")
        }
        if failed { throw ExitCode.failure }
    }
}
