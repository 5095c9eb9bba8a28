/// The checked model: what the checker decided, and the entries it accepted, for the translator,
/// which reads nothing else.
extension Checker {
    func model(graph order: (graph: DependencyGraph, updateOrder: [GraphNode]), values: [ReactiveValue], functions: [CheckedEntry<Function>], reactions: [ResolvedReaction], commands: [CheckedCommand], resources: [CheckedResource], machine: CheckedMachine?, analysis: CodeAnalysis) -> ViewModelModel {
        func checked<Entry>(_ entry: Entry, _ name: Located<String>, _ slot: CodeSlot? = nil) -> CheckedEntry<Entry> {
            CheckedEntry(entry: entry, location: name.location, reads: slot.flatMap { analysis.argumentOrder[$0] } ?? [])
        }
        let rules = spec.validation?.fields.flatMap { field in field.rules.indices.map { CodeSlot.value(GeneratedNames.rule($0 + 1, of: field.name.value)) } } ?? []
        var model = ViewModelModel(
            name: spec.viewModel, file: spec.file, doc: spec.doc, imports: checkedImports,
            parameters: spec.parameters.map { checked($0, $0.name) }, dependencies: spec.dependencies.map { checked($0, $0.name) },
            constants: spec.constants.map { checked($0, $0.name, .constant($0.name.value)) }, events: spec.events.map { checked($0, $0.name) },
            functions: functions, invariants: spec.invariants.map { checked($0, $0.name, .invariant($0.name.value)) },
            validation: spec.validation.map { CheckedEntry(entry: $0, location: $0.location, reads: rules.flatMap { analysis.argumentOrder[$0] ?? [] }.uniqued()) },
            keyedLists: Dictionary(spec.children.compactMap { child in child.keyed.map { (child.name.value, checked($0, child.name, .value(child.name.value))) } }, uniquingKeysWith: { first, _ in first }),
            writtenTypes: writtenTypes, access: spec.access?.value ?? "public",
            runtimeProperties: spec.runtimeProperties, symbols: symbols, reactiveValues: values, graph: order.graph,
            updateOrder: order.updateOrder, fixedReads: analysis.fixedReads, argumentOrder: analysis.argumentOrder, hasActivation: spec.hasActivation,
            types: analysis.types, reactions: reactions, commands: commands, resources: resources, machine: machine, codesEndingInModifierWord: analysis.codesEndingInModifierWord)
        model.computedWhenRead = valuesComputedWhenRead(values: values, graph: order.graph, analysis: analysis)
        model.usesTime = usesTime
        model.typesJudgedByCompiler = analysis.typesJudgedByCompiler
        return model
    }

    /// The spec's `imports` as the checker read them (an entry that is no import was reported).
    var checkedImports: [SpecImport] {
        spec.imports.compactMap { entry in
            SpecCode.importPath(entry.value).map { path in
                var location = entry.location
                location.column += path.pathOffset
                return SpecImport(
                    access: path.access, path: Located(String(decoding: entry.value.utf8.dropFirst(path.pathOffset), as: UTF8.self), at: location),
                    module: path.module)
            }
        }
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
        return result + machineTypes
    }
}
