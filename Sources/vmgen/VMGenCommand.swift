import ArgumentParser
import Foundation
import VMGenCore

/// `vmgen`: the root command. Exit codes: 0 success, 1 spec errors or stale output, 2 usage.
@main
struct VMGenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vmgen",
        abstract: "Generate Swift view models from YAML specs.",
        discussion: """
            A spec (`*.vm.yaml`) describes a view model: its state, derived values, commands with \
            enabled conditions, loadable resources and events. vmgen checks it and writes a \
            @MainActor Observable class that runs on the Reactive runtime, with every derived \
            value updated once per change in a fixed order.

            Exit codes: 0 success, 1 errors in specs (or stale output for `check`), 2 usage errors.
            Errors are printed as `path:line:column: error: message`.
            See docs/spec-format.md and docs/cli.md.
            """,
        version: VMGen.version,
        // Each subcommand names itself (`commandName`): without it ArgumentParser derives the name
        // from the type's name on every start, a reflection that cost each process about 18 M
        // instructions for the six (debug build; docs/benchmarks.md, one-spec start-up).
        subcommands: [Generate.self, Check.self, Lint.self, Graph.self, Schema.self, Init.self, LSP.self]
    )

    /// Runs the command, mapping argument errors to exit code 2 and unreadable paths to 1.
    static func main() {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            fail(with: error)
        }
        do {
            try command.run()
        } catch let invalid as ValidationError {
            // A usage error found while running (after ArgumentParser has reported any unknown
            // option): shown as one found while parsing, with the subcommand's usage.
            let name = type(of: command).configuration.commandName.map { "vmgen \($0)" } ?? "vmgen"
            Console.error("Error: \(invalid.message)")
            Console.error("Usage: \(usageString(for: type(of: command)))")
            Console.error("  See '\(name) --help' for more information.")
            Foundation.exit(2)
        } catch let error as InputError {
            Console.error(error.description)
            Foundation.exit(ExitCode.failure.rawValue)
        } catch let invalid as TemplateRenderer.Invalid {
            Console.report(invalid.diagnostics)
            Foundation.exit(ExitCode.failure.rawValue)
        } catch {
            fail(with: error)
        }
    }

    /// Exits for an error ArgumentParser knows: help and clean exits as it prints them, exit
    /// codes as they are, and every usage error with code 2.
    private static func fail(with error: any Error) -> Never {
        let code = exitCode(for: error)
        if code == .success || code == .failure {
            exit(withError: error)
        }
        if error is ExitCode {
            Foundation.exit(code.rawValue)
        }
        FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
        Foundation.exit(2)
    }
}

/// Arguments shared by the commands that read specs.
struct SpecInputs: ParsableArguments {
    @Argument(help: "Spec files (*.vm.yaml) or folders to search for them.")
    var paths: [String]

    @Option(help: ArgumentHelp("A folder of Mustache templates (*.mustache) that replace the default ones of the same name (docs/templates.md).", valueName: "dir"))
    var templates: String?

    /// The specs the paths name, in path order; an unreadable path throws an `InputError`.
    func specFiles() throws -> [String] {
        try SpecFiles.collect(paths)
    }

    func jobInputs() throws -> [GenerationJob.Input] {
        try specFiles().map { GenerationJob.Input(path: $0, data: try SpecFiles.read($0)) }
    }

    func generator() throws -> Generator {
        try Generator(customTemplates: templates.map { URL(fileURLWithPath: $0, isDirectory: true) })
    }
}

/// Prints diagnostics the way compilers do, on standard error.
enum Console {
    static func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { error(diagnostic.description) }
    }

    /// Prints each write error once (specs that clash over one output file share one error).
    static func reportWriteErrors(_ results: [GenerationJob.Result]) {
        var printed: Set<String> = []
        for case let error? in results.map(\.writeError) where printed.insert("\(error)").inserted {
            Console.error("\(error)")
        }
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
