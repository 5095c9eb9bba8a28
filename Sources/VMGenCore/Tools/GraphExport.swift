/// The dependency graph of a view model as Mermaid or Graphviz DOT, for documentation and
/// for seeing why a value updates.
public enum GraphExport {
    public enum Format: String, CaseIterable, Sendable {
        case mermaid, dot
    }

    public static func render(_ model: ViewModelModel, as format: Format) -> String {
        let nodes = model.graph.nodes
        let edges = nodes.flatMap { node in (model.graph.inputs[node] ?? []).map { ($0, node) } }
        func id(_ name: String) -> String { name.replacingOccurrences(of: ":", with: "_") }
        switch format {
        case .mermaid:
            var lines = ["graph LR"]
            lines += nodes.map { "    \(id($0))[\"\($0)\"]" }
            lines += edges.map { "    \(id($0.0)) --> \(id($0.1))" }
            return lines.joined(separator: "\n") + "\n"
        case .dot:
            var lines = ["digraph \(model.spec.viewModel.value) {", "    rankdir=LR;"]
            lines += nodes.map { "    \(id($0)) [label=\"\($0)\"];" }
            lines += edges.map { "    \(id($0.0)) -> \(id($0.1));" }
            return (lines + ["}"]).joined(separator: "\n") + "\n"
        }
    }
}
