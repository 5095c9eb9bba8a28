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
        /// Whether statements may name it (not a reaction, not a generated helper).
        var isReadable = true
        /// Whether code computed in a static function may read it (`Symbol.isValue`), and whether
        /// it is fixed (`Symbol.isFixed`) or changes (`Symbol.isReactive`, what `onChange` takes).
        var isValue = false
        var isFixed = false
        var isReactive = false
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
            add(Self.name(of: symbol, type: symbol.type ?? value?.type, doc: value?.doc ?? entryDocs[symbol.name],
                          reads: value?.reads ?? entryReads[symbol.name] ?? []))
        }
        for command in model.commands { names[command.name.value]?.takesInput = command.takesInput }
    }

    /// The names of a spec that does not check: what it declares and the names the generator adds
    /// for them (`DeclaredNames`), without reads.
    init(spec: Spec) {
        var docs: [String: String] = [:]
        let members = spec.parameters + spec.dependencies + spec.constants + spec.state + spec.derived + spec.children + spec.events
        for member in members { docs[member.name.value] = member.doc }
        for function in spec.functions { docs[function.name.value] = function.doc }
        for command in spec.commands { docs[command.name.value] = command.doc }
        for resource in spec.resources { docs[resource.name.value] = resource.doc }
        for symbol in DeclaredNames.symbols(of: spec) {
            add(Self.name(of: symbol, type: symbol.type, doc: docs[symbol.name], reads: []))
        }
        for command in spec.commands { names[command.name.value]?.takesInput = command.takesInput }
    }

    private static func name(of symbol: Symbol, type: String?, doc: String?, reads: [String]) -> Name {
        var name = Name(name: symbol.name, kind: Self.kindName(symbol.kind), type: type, doc: doc, location: symbol.location,
                        reads: reads, owner: symbol.kind.owner, completionKind: Self.completionKind(symbol.kind))
        switch symbol.kind {
        case .reaction, .generated: name.isReadable = false
        default: break
        }
        (name.isValue, name.isFixed, name.isReactive) = (symbol.isValue, symbol.isFixed, symbol.isReactive)
        return name
    }

    /// The last resort, for text whose YAML does not read: the entries its lines declare, each
    /// with its section's kind and the `type` written on its line or the lines under it.
    init(outline: YAMLOutline, document: TextDocument, file: String) {
        let kinds: [String: Symbol.Kind] = [
            "parameters": .parameter, "dependencies": .dependency, "constants": .constant, "state": .state, "derived": .derived,
            "children": .child, "functions": .function, "commands": .command, "resources": .resource, "events": .event,
            "reactions": .reaction,
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
            guard path.count == 2 else { continue }
            let location = document.location(of: Position(line: index, character: line.keyIndent), file: file)
            // An invariant is no symbol: code never names it, but an editor lists it.
            guard let kind = kinds[path[0]] else {
                if path[0] == "invariants" {
                    var name = Name(name: key, kind: "invariant", type: nil, doc: nil, location: location, completionKind: .constant)
                    name.isReadable = false
                    add(name)
                    current = key
                }
                continue
            }
            var name = Self.name(of: Symbol(name: key, kind: kind, type: nil, location: location), type: nil, doc: nil, reads: [])
            name.type = outline.flowEntries(onLine: index, in: document).entries.first { $0.key == "type" }.map { entry in
                String(decoding: Array(document.line(index).utf16)[entry.value], as: UTF16.self).trimmingCharacters(in: .whitespaces)
            }
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
