import ArgumentParser
import VMGenCore

struct Lint: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check specs without writing anything.",
        discussion: "Prints every error and warning; exits with 1 when a spec has an error.")

    @OptionGroup var inputs: SpecInputs

    func run() throws {
        let generator = try inputs.generator()
        var failed = false
        let specs = try inputs.specFiles().map { generator.parse(try SpecFiles.read($0), file: $0) }
        // A keyed list is checked against its child's spec when the child is among the specs.
        let childSpecs = ChildSpecs(specs: specs.compactMap(\.spec))
        for spec in specs {
            let result = generator.check(spec, childSpecs: childSpecs)
            Console.report(result.diagnostics)
            failed = failed || result.diagnostics.contains { $0.severity == .error }
        }
        if failed { throw ExitCode.failure }
    }
}
