import VMGenCore

/// Every name a spec declares or the generator adds, with what an editor shows of it: kind,
/// type, doc, where it is declared, what its code reads. Built from the checked model when there
/// is one, else from the spec as parsed (half-written text still names most of its entries).
struct NameTable {
    struct Name {
        var name: String
        /// How hovers and completions name its kind (`state`, `derived value`, `command`).
        var kind: String
        var type: String?
        var doc: String?
        var location: SourceLocation
        /// The declared names its code reads, in order.
        var reads: [String] = []
        /// The declaration it belongs to, for a generated name (`saveIsEnabled` -> `save`).
        var owner: String?
        var completionKind: CompletionItem.Kind
        /// Whether spec code reads it as a value (not a reaction, not a generated helper).
        var isReadable = true
        /// For a command: whether it takes an input (which a `then:` cannot give it).
        var takesInput = false
    }

    var names: [String: Name] = [:]
    /// In declaration order.
    var order: [String] = []
    /// The model it was built from, when there was one.
    var model: ViewModelModel?

    init(model: ViewModelModel) {
        self.model = model
        let values = Dictionary(model.reactiveValues.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var entryReads: [String: [String]] = [:]
        var entryDocs: [String: String] = [:]
        for entry in model.parameters + model.dependencies + model.constants + model.events {
            entryReads[entry.name.value] = entry.reads
            if let doc = entry.doc { entryDocs[entry.name.value] = doc }
        }
        for function in model.functions {
            entryReads[function.name.value] = function.reads
            if let doc = function.doc { entryDocs[function.name.value] = doc }
        }
        for command in model.commands {
            if let doc = command.doc { entryDocs[command.name.value] = doc }
        }
        for resource in model.resources {
            if let doc = resource.doc { entryDocs[resource.name.value] = doc }
        }
        for symbol in model.symbols.values.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) }) {
            let value = values[symbol.name]
            var name = Name(
                name: symbol.name, kind: Self.kindName(symbol.kind), type: symbol.type ?? value?.type,
                doc: value?.doc ?? entryDocs[symbol.name], location: symbol.location,
                reads: value?.reads ?? entryReads[symbol.name] ?? [], owner: symbol.kind.owner,
                completionKind: Self.completionKind(symbol.kind))
            if case .reaction = symbol.kind { name.isReadable = false }
            if case .generated = symbol.kind { name.isReadable = false }
            add(name)
        }
    }

    init(spec: Spec) {
        func members(_ list: [Member], _ kind: String, _ completion: CompletionItem.Kind) {
            for member in list {
                add(Name(name: member.name.value, kind: kind, type: member.type?.value, doc: member.doc,
                         location: member.name.location, completionKind: completion))
            }
        }
        members(spec.parameters, "parameter", .constant)
        members(spec.dependencies, "dependency", .variable)
        members(spec.constants, "constant", .constant)
        members(spec.state, "state", .variable)
        members(spec.derived, "derived value", .property)
        members(spec.children, "child view model", .property)
        members(spec.events, "event", .event)
        for function in spec.functions {
            add(Name(name: function.name.value, kind: "function", type: nil, doc: function.doc, location: function.name.location, completionKind: .function))
        }
        for command in spec.commands {
            var name = Name(name: command.name.value, kind: "command", type: nil, doc: command.doc, location: command.name.location, completionKind: .function)
            name.takesInput = command.takesInput
            add(name)
        }
        for resource in spec.resources {
            add(Name(name: resource.name.value, kind: "resource", type: resource.type.value + "?", doc: resource.doc, location: resource.name.location, completionKind: .property))
        }
    }

    /// The last resort, for text whose YAML does not read: the entries its lines declare, each
    /// with its section's kind and the `type` written on its line or the lines under it.
    init(outline: YAMLOutline, document: TextDocument, file: String) {
        let kinds: [String: (String, CompletionItem.Kind)] = [
            "parameters": ("parameter", .constant), "dependencies": ("dependency", .variable), "constants": ("constant", .constant),
            "state": ("state", .variable), "derived": ("derived value", .property), "children": ("child view model", .property),
            "functions": ("function", .function), "commands": ("command", .function), "resources": ("resource", .property),
            "events": ("event", .event), "reactions": ("reaction", .function), "invariants": ("invariant", .constant),
        ]
        var current: String?
        for (index, line) in outline.lines.enumerated() where !line.isBlank && line.blockOwner == nil {
            guard let key = line.key else { continue }
            let path = outline.path(toKeyOf: index)
            if path.count == 3, path[2] == "type", let owner = current, !line.value.isEmpty {
                names[owner]?.type = line.value
            }
            if path.count == 3, path[0] == "commands", path[2] == "input", let owner = current, !line.value.isEmpty {
                names[owner]?.takesInput = !SpecCode.isVoid(line.value)
            }
            guard path.count == 2, let (kind, completion) = kinds[path[0]] else { continue }
            let location = document.location(of: Position(line: index, character: line.keyIndent), file: file)
            var name = Name(name: key, kind: kind, type: nil, doc: nil, location: location, completionKind: completion)
            name.type = outline.flowEntries(onLine: index, in: document).entries.first { $0.key == "type" }.map { entry in
                String(decoding: Array(document.line(index).utf16)[entry.value], as: UTF16.self).trimmingCharacters(in: .whitespaces)
            }
            name.isReadable = kind != "reaction" && kind != "invariant"
            if let input = outline.flowEntries(onLine: index, in: document).entries.first(where: { $0.key == "input" }) {
                name.takesInput = !SpecCode.isVoid(String(decoding: Array(document.line(index).utf16)[input.value], as: UTF16.self))
            }
            add(name)
            current = key
        }
    }

    private mutating func add(_ name: Name) {
        if names[name.name] == nil { order.append(name.name) }
        names[name.name] = name
    }

    subscript(name: String) -> Name? { names[name] }

    static func kindName(_ kind: Symbol.Kind) -> String {
        switch kind {
        case .parameter: "parameter"
        case .dependency: "dependency"
        case .constant: "constant"
        case .state: "state"
        case .derived: "derived value"
        case .child: "child view model"
        case .function: "function"
        case .command: "command"
        case .event: "event"
        case .resource: "resource"
        case .reaction: "reaction"
        case .commandOutput(let command): "output of command `\(command)`"
        case .resourceOutput(let resource): "output of resource `\(resource)`"
        case .activation: "lifecycle value"
        case .machineState: "the machine's state"
        case .validationOutput(let owner, _): "validation value of `\(owner)`"
        case .generated(let owner): "generated member of `\(owner)`"
        }
    }

    static func completionKind(_ kind: Symbol.Kind) -> CompletionItem.Kind {
        switch kind {
        case .parameter, .constant: .constant
        case .dependency, .state: .variable
        case .function, .command: .function
        case .event: .event
        default: .property
        }
    }
}
