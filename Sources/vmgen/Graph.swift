import ArgumentParser
import VMGenCore

extension GraphExport.Format: ExpressibleByArgument {}

struct Graph: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Print each spec's dependency graph (what each value reads) as Mermaid or Graphviz DOT.",
        discussion: "One graph per spec, in path order. Nodes are styled by kind: state, derived, command outputs, resources, events, lifecycle, reactions, validation. With --machine, each spec's state machine instead: its states, and its transitions labelled with their event and guard (a spec found in a folder without a machine is left out).")

    @Argument(help: "Spec files (*.vm.yaml) or folders to search for them.")
    var paths: [String]

    @Option(help: "mermaid or dot.")
    var format: GraphExport.Format = .mermaid

    @Flag(help: "Draw each spec's machine: (its states and transitions) instead of its dependency graph.")
    var machine = false

    func run() throws {
        let generator = try Generator()
        var failed = false
        var graphs: [String] = []
        let specs = try SpecFiles.collect(paths).map { generator.parse(try SpecFiles.read($0), file: $0) }
        // A keyed list is checked against its child's spec when the child is among the specs.
        let childSpecs = ChildSpecs(specs: specs.compactMap(\.spec))
        for spec in specs {
            let result = generator.check(spec, childSpecs: childSpecs)
            Console.report(result.diagnostics)
            guard let model = result.model else {
                failed = true
                continue
            }
            guard machine else {
                graphs.append(GraphExport.render(model, as: format))
                continue
            }
            guard let diagram = MachineDiagram.render(model, as: format) else {
                // A spec found in a folder without a machine is left out; one named is an error.
                if paths.contains(spec.file) {
                    Console.error("\(spec.file): error: --machine draws a machine, and this spec has no `machine:` section")
                    failed = true
                }
                continue
            }
            graphs.append(diagram)
        }
        if machine, graphs.isEmpty, !failed {
            Console.error("error: --machine draws machines, and none of the specs found has a `machine:` section")
            failed = true
        }
        print(graphs.joined(separator: "\n"), terminator: "")
        if failed { throw ExitCode.failure }
    }
}
