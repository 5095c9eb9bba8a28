import ArgumentParser
import VMGenCore

extension GraphExport.Format: ExpressibleByArgument {}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print each spec's dependency graph (what each value reads) as Mermaid or Graphviz DOT.",
        discussion: "One graph per spec, in path order. Nodes are styled by kind: state, derived, command outputs, resources, events, lifecycle, reactions, validation.")

    @Argument(help: "Spec files (*.vm.yaml) or folders to search for them.")
    var paths: [String]

    @Option(help: "mermaid or dot.")
    var format: GraphExport.Format = .mermaid

    func run() throws {
        let generator = try Generator()
        var failed = false
        var graphs: [String] = []
        for spec in try SpecFiles.collect(paths) {
            let result = generator.check(try SpecFiles.read(spec), file: spec)
            Console.report(result.diagnostics)
            guard let model = result.model else {
                failed = true
                continue
            }
            graphs.append(GraphExport.render(model, as: format))
        }
        print(graphs.joined(separator: "\n"), terminator: "")
        if failed { throw ExitCode.failure }
    }
}
