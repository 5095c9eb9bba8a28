import VMGenCore

/// The dependency graph of a view model as Mermaid or Graphviz DOT, for documentation and
/// for seeing why a value updates. Nodes are styled by kind; edges are every way a change
/// travels in the generated code: a value read by an expression, `isActive` starting and
/// cancelling the loads of the resources it triggers, a reload feeding a resource's outputs,
/// a command's `IsExecuting` and enabled condition feeding its `IsEnabled`, a command emitting an
/// event or executing another (`then:`), a reaction
/// reading its triggers and feeding what it writes, and a field's rules feeding its validity and message.
enum GraphExport {
    enum Format: String, CaseIterable, Sendable {
        case mermaid, dot
    }

    /// What a node is, for its style.
    enum Kind: String, CaseIterable {
        case state, derived, command, resource, event, lifecycle, reaction, validation

        /// Mermaid `classDef` body and DOT attributes: one fill colour per kind, and a DOT shape.
        var style: (fill: String, dotShape: String) {
            switch self {
            case .state: ("#dbeafe", "box")
            case .derived: ("#dcfce7", "ellipse")
            case .command: ("#fef3c7", "hexagon")
            case .resource: ("#ede9fe", "cylinder")
            case .event: ("#fee2e2", "cds")
            case .lifecycle: ("#e5e7eb", "diamond")
            case .reaction: ("#fce7f3", "parallelogram")
            case .validation: ("#ccfbf1", "octagon")
            }
        }
    }

    struct Edge: Equatable {
        var from: String
        var to: String
        var label: String?
    }

    static func render(_ model: ViewModelModel, as format: Format) -> String {
        let (nodes, edges) = graph(of: model)
        func id(_ name: String) -> String { name.replacingOccurrences(of: ":", with: "_").replacingOccurrences(of: "$", with: "_") }
        switch format {
        case .mermaid:
            var lines = ["graph LR"]
            lines += nodes.map { "    \(id($0.name))[\"\($0.label)\"]" }
            lines += edges.map { edge in
                edge.label.map { "    \(id(edge.from)) -. \($0) .-> \(id(edge.to))" } ?? "    \(id(edge.from)) --> \(id(edge.to))"
            }
            for kind in Kind.allCases {
                let members = nodes.filter { $0.kind == kind }.map { id($0.name) }
                guard !members.isEmpty else { continue }
                lines.append("    classDef \(kind.rawValue) fill:\(kind.style.fill),stroke:#555")
                lines.append("    class \(members.joined(separator: ",")) \(kind.rawValue)")
            }
            return lines.joined(separator: "\n") + "\n"
        case .dot:
            var lines = ["digraph \(model.name.value) {", "    rankdir=LR;", "    node [style=filled];"]
            lines += nodes.map {
                "    \(id($0.name)) [label=\"\($0.label)\", shape=\($0.kind.style.dotShape), fillcolor=\"\($0.kind.style.fill)\"];"
            }
            lines += edges.map { edge in
                "    \(id(edge.from)) -> \(id(edge.to))" + (edge.label.map { " [label=\"\($0)\", style=dashed]" } ?? "") + ";"
            }
            return (lines + ["}"]).joined(separator: "\n") + "\n"
        }
    }

    /// A node's name in the export: a value's name; an effect's kind and owner (`reload:items`,
    /// `pace:query`, `react:clearError`, ids `reload_items`...).
    static func name(of node: GraphNode) -> String {
        switch node {
        case .value(let name): name
        case .reload(let resource): ["reload", resource].joined(separator: ":")
        case .pace(let value): ["pace", value].joined(separator: ":")
        case .reaction(let reaction): ["react", reaction].joined(separator: ":")
        }
    }

    /// What a node shows: its name, but "reaction clearError" for a reaction and "email rule 1"
    /// for a rule of validation.
    static func label(_ node: GraphNode) -> String {
        if case .reaction(let reaction) = node { return "reaction " + reaction }
        let name = name(of: node)
        if let range = name.range(of: "$rule") { return name[..<range.lowerBound] + " rule " + name[range.upperBound...] }
        return name
    }

    /// The nodes with their labels and kinds, and the edges, in a stable order.
    static func graph(of model: ViewModelModel) -> (nodes: [(name: String, label: String, kind: Kind)], edges: [Edge]) {
        var kinds: [String: Kind] = [:]
        for value in model.reactiveValues {
            kinds[value.name] = switch value.source {
            case .state: .state
            case .derived, .child: .derived
            case .condition, .commandIsExecuting, .commandIsEnabled: .command
            case .resourceValue, .resourceIsLoading, .resourceError: .resource
            case .activation: .lifecycle
            case .validationFlag, .rule, .fieldValidity, .message, .formValidity: .validation
            }
        }
        func kind(of node: GraphNode) -> Kind {
            switch node {
            case .value(let name): kinds[name] ?? .derived
            case .reaction: .reaction
            case .reload: .resource
            case .pace: .derived
            }
        }
        // A command's enabled condition is not a value of the spec: it is what `<command>IsEnabled`
        // is made of (with not executing), so what the condition reads is drawn into that node.
        var shownAs: [String: String] = [:]
        for value in model.reactiveValues {
            if case .condition(let command) = value.source { shownAs[value.name] = GeneratedNames.isEnabled(of: command) }
        }
        func shown(_ node: GraphNode) -> String { shownAs[name(of: node)] ?? name(of: node) }
        var nodes = model.graph.nodes.filter { shownAs[name(of: $0)] == nil }.map { (name: name(of: $0), label: label($0), kind: kind(of: $0)) }
        var edges: [Edge] = []
        // A command's `IsExecuting -> IsEnabled` is drawn with the command's other edges, below.
        let commandEdges = model.commands.map { Edge(from: GeneratedNames.isExecuting(of: $0.name.value), to: GeneratedNames.isEnabled(of: $0.name.value)) }
        // A reaction runs when a trigger changes; what else it reads only orders it after that value.
        let triggers = Dictionary(model.reactions.map { ($0.name, Set($0.triggers)) }, uniquingKeysWith: { $1 })
        for node in model.graph.nodes {
            for input in model.graph.inputs[node] ?? [] {
                if case .reaction(let reaction) = node, let read = input.valueName, triggers[reaction]?.contains(read) == false { continue }
                let edge = Edge(from: shown(input), to: shown(node))
                if edge.from != edge.to, !edges.contains(edge), !commandEdges.contains(edge) { edges.append(edge) }
            }
        }
        let names = Set(model.graph.nodes.map(name(of:)))
        func add(_ edge: Edge) {
            if names.contains(edge.from) || nodes.contains(where: { $0.name == edge.from }), !edges.contains(edge) { edges.append(edge) }
        }
        for resource in model.resources {
            let name = resource.name.value
            let outputs = [name, GeneratedNames.isLoading(of: name), GeneratedNames.error(of: name)].filter(names.contains)
            // A change reload runs only while active when activation is a trigger too.
            if model.hasActivation, resource.triggers.contains(.activation) || resource.triggers.contains(.change) {
                for output in outputs { add(Edge(from: "isActive", to: output)) }
            }
            for output in outputs { add(Edge(from: Self.name(of: .reload(resource: name)), to: output)) }
        }
        for command in model.commands {
            let name = command.name.value
            let executing = GeneratedNames.isExecuting(of: name), enabled = GeneratedNames.isEnabled(of: name)
            if names.contains(executing) && names.contains(enabled) { add(Edge(from: executing, to: enabled)) }
            if let event = command.emits?.value {
                if !nodes.contains(where: { $0.name == event }) { nodes.append((event, event, .event)) }
                add(Edge(from: executing, to: event, label: "emits"))
            }
            // `then:` executes the other command once this one's `perform` is over.
            if let next = command.then?.value, names.contains(executing), names.contains(GeneratedNames.isExecuting(of: next)) {
                add(Edge(from: executing, to: GeneratedNames.isExecuting(of: next), label: "then"))
            }
            if model.validation?.submit?.value == name, names.contains(GeneratedNames.submitAttempted) {
                add(Edge(from: executing, to: GeneratedNames.submitAttempted, label: "attempts"))
            }
        }
        // A validated field's setter marks it edited.
        for name in (model.validation?.fields ?? []).map(\.name.value) where names.contains(GeneratedNames.wasEdited(of: name)) {
            add(Edge(from: name, to: GeneratedNames.wasEdited(of: name), label: "edited"))
        }
        return (nodes, edges)
    }
}
