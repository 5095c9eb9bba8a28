/// The checked model: what the checker decided, and the entries it accepted, for the translator,
/// which reads nothing else.
extension Checker {
    func model(graph order: (graph: DependencyGraph, updateOrder: [GraphNode]), values: [ReactiveValue], reactions: [ResolvedReaction], commands: [CheckedCommand], resources: [CheckedResource], analysis: CodeAnalysis) -> ViewModelModel {
        ViewModelModel(
            name: spec.viewModel, file: spec.file, doc: spec.doc, imports: spec.imports,
            parameters: spec.parameters, dependencies: spec.dependencies, constants: spec.constants, events: spec.events,
            functions: spec.functions, invariants: spec.invariants, validation: spec.validation,
            keyedLists: Dictionary(spec.children.compactMap { child in child.keyed.map { (child.name.value, $0) } }, uniquingKeysWith: { first, _ in first }),
            writtenTypes: writtenTypes, access: access, symbols: symbols, reactiveValues: values, graph: order.graph,
            updateOrder: order.updateOrder, fixedReads: analysis.fixedReads, argumentOrder: analysis.argumentOrder, hasActivation: spec.hasActivation,
            types: analysis.types, reactions: reactions, commands: commands, resources: resources,
            codesEndingInModifierWord: analysis.codesEndingInModifierWord)
    }

    /// Every type the spec writes, in spec order: the members', then each command's input,
    /// output and failure, then each resource's type and failure.
    var writtenTypes: [WrittenType] {
        let sections: [(Symbol.Kind, [Member])] = [
            (.parameter, spec.parameters), (.dependency, spec.dependencies), (.constant, spec.constants), (.state, spec.state),
            (.derived, spec.derived), (.child, spec.children), (.event, spec.events),
        ]
        var result = sections.flatMap { kind, members in
            members.compactMap { member in member.type.map { WrittenType(owner: member.name.value, kind: kind, role: .type, type: $0) } }
        }
        for command in spec.commands {
            let types: [(WrittenType.Role, Located<String>?)] = [(.input, command.input), (.output, command.output), (.failure, command.failure)]
            result += types.compactMap { role, type in type.map { WrittenType(owner: command.name.value, kind: .command, role: role, type: $0) } }
        }
        for resource in spec.resources {
            let types: [(WrittenType.Role, Located<String>?)] = [(.type, resource.type), (.failure, resource.failure)]
            result += types.compactMap { role, type in type.map { WrittenType(owner: resource.name.value, kind: .resource, role: role, type: $0) } }
        }
        return result
    }
}
