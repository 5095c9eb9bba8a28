import ArgumentParser
import VMGenCore

extension GraphExport.Format: ExpressibleByArgument {}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a spec's dependency graph (what each value reads) as Mermaid or Graphviz DOT.")

    @Argument(help: "The spec file.")
    var spec: String

    @Option(help: "mermaid or dot.")
    var format: GraphExport.Format = .mermaid

    func run() throws {
        let file = SpecFile(path: spec)
        let result = try Generator().check(try file.read(), file: file.path)
        Console.report(result.diagnostics)
        guard let model = result.model else { throw ExitCode.failure }
        print(GraphExport.render(model, as: format), terminator: "")
    }
}
