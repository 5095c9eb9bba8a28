import ArgumentParser
import VMGenCore

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check specs without writing anything.",
        discussion: "Prints every error and warning; exits with 1 when a spec has an error.")

    @OptionGroup var inputs: SpecInputs

    func run() throws {
        let generator = try inputs.generator()
        var failed = false
        for spec in try inputs.specFiles() {
            let result = generator.check(try SpecFiles.read(spec), file: spec)
            Console.report(result.diagnostics)
            failed = failed || result.diagnostics.contains { $0.severity == .error }
        }
        if failed { throw ExitCode.failure }
    }
}
