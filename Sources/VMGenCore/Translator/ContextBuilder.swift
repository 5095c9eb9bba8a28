/// Turns a validated `ViewModelModel` into the `TemplateContext` the templates lay out.
/// All decisions about the generated code live here (and in its extensions), none in templates.
public struct ContextBuilder {
    let model: ViewModelModel
    let version: String
    /// The index of `model.reactiveValues` by name: looked up for every read of every value,
    /// so a linear search would make large specs quadratic.
    let valueIndex: [String: Int]

    public init(model: ViewModelModel, generatorVersion: String = VMGen.version) {
        self.model = model
        self.version = generatorVersion
        var index: [String: Int] = [:]
        for (position, value) in model.reactiveValues.enumerated() where index[value.name] == nil {
            index[value.name] = position
        }
        valueIndex = index
    }

    var spec: Spec { model.spec }
    var className: String { spec.viewModel.value }
    var access: String { model.access == "public" ? "public " : "" }

    public func build() -> TemplateContext {
        let values = model.reactiveValues
        func members(_ filter: (ReactiveValue) -> Bool) -> [ValueMember] { values.filter(filter).map(valueMember) }
        return TemplateContext(
            specPath: SwiftText.commentSafe(spec.file),
            generatorVersion: version,
            headerLines: GeneratedHeader.lines(specPath: spec.file, version: version, writer: .command),
            name: className,
            accessPrefix: access,
            docLines: SwiftText.docLines(spec.doc),
            imports: (["Observation", "Reactive"] + spec.imports.map(\.value)).uniqued(),
            dependencies: spec.dependencies.map(storedMember),
            parameters: spec.parameters.map(storedMember),
            constants: spec.constants.map(storedMember),
            sections: [
                ValueSection(title: "State", values: members { if case .state = $0.source { true } else { false } }),
                ValueSection(title: "Derived values", values: members { if case .derived = $0.source { true } else { false } }),
                ValueSection(title: "Children", values: members { if case .child = $0.source { true } else { false } }),
                ValueSection(title: "Activation", values: members { if case .activation = $0.source { true } else { false } }),
            ],
            runtimeProperties: values.filter(\.isPublic).map(valueMember),
            commands: spec.commands.map(commandMember),
            resources: spec.resources.map(resourceMember),
            events: spec.events.map { event in
                EventMember(name: event.name.value, type: event.type?.value ?? "Void",
                            observerName: GeneratedNames.observer(of: event.name.value), docLines: SwiftText.docLines(event.doc))
            },
            storage: values.map { StoredMember(name: GeneratedNames.storage(of: $0.name), type: "MutableProperty<\($0.type)>", docLines: []) },
            functions: spec.functions.map(function),
            initializer: initializer(),
            updates: updates(),
            computations: computations(),
            actions: actions())
    }

    func storedMember(_ member: Member) -> StoredMember {
        StoredMember(name: member.name.value, type: member.type?.value ?? "", docLines: SwiftText.docLines(member.doc))
    }

    func valueMember(_ value: ReactiveValue) -> ValueMember {
        let prefix: String
        let isSource: Bool
        switch value.source {
        case .state(isInput: true), .activation:
            (prefix, isSource) = (access, true)
        case .state(isInput: false):
            (prefix, isSource) = (access + "private(set) ", true)
        default:
            (prefix, isSource) = (access, false)
        }
        return ValueMember(
            name: value.name, type: value.type, storageName: GeneratedNames.storage(of: value.name),
            propertyName: GeneratedNames.property(of: value.name), updateFunction: GeneratedNames.update(of: value.name),
            docLines: SwiftText.docLines(value.doc), declarationPrefix: prefix, isSource: isSource)
    }

    func value(named name: String) -> ReactiveValue? {
        valueIndex[name].map { model.reactiveValues[$0] }
    }

    /// A spec function. Its signature goes on the line after `func name`, padded to its spec
    /// column, under a `#sourceLocation` that starts one line earlier, so that a compiler error
    /// in it points at the spec's line and column; the body is embedded like all spec code.
    func function(_ function: Function) -> CodeFunction {
        let location = function.signature.location
        let padding = String(repeating: " ", count: max(0, location.column - 1))
        let lines = function.signature.text.split(separator: "\n", omittingEmptySubsequences: false).map { padding + $0 }
        let header = "\(access)func \(function.name.value)"
        // On the spec's first line there is no line before it to start from.
        let startsEarlier = location.line > 1
        return CodeFunction(
            docLines: SwiftText.docLines(function.doc),
            leadingLines: ["#sourceLocation(file: \(SwiftText.literal(location.file)), line: \(location.line - (startsEarlier ? 1 : 0)))"],
            signature: (startsEarlier ? [header] + lines : [header + function.signature.text]).joined(separator: "\n") + " {",
            bodyLines: SwiftText.embedded(function.body))
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}

/// The generator's identity, printed in headers and `--version`.
public enum VMGen {
    public static let version = "0.1.0"
}
