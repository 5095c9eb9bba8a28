/// The one table of spec keys (`KeyPlace`, `SpecKey`) as editors read it: which keys a mapping at
/// a place of the spec accepts, each with its doc line and the kind of value it takes.
public enum SpecKeyTable {
    /// One key of a mapping.
    public struct Key: Sendable, Equatable {
        public var name: String
        /// The doc line of its row in docs/spec-format.md.
        public var doc: String
        public var isRequired: Bool
        /// Its value is Swift code (an expression or statements).
        public var isCode: Bool
        /// Its value names one or more of the spec's declarations (`emits`, `then`, `onChange`, `submit`).
        public var takesNames: Bool
        /// The words it accepts, when it takes one of a fixed set (`policy`, `trigger`).
        public var choices: [String]
        /// How the docs' key tables write its kind of value (`Swift code`, `a type`).
        public var valueKind: String
    }

    /// The keys of the mapping at `path`, the YAML keys from the top level down (list items
    /// leave no key): `[]` is the top level, `["commands", "save"]` a command, `["validation",
    /// "fields", "email"]` a rule. Nil where the spec's table has no mapping (a section's list
    /// of entries, a keyed list's `on:`).
    public static func keys(atPath path: [String]) -> [Key]? {
        place(atPath: path).map { $0.specKeys.map(Key.init) }
    }

    /// The section names of the top level that hold named entries (not `validation` and `machine`,
    /// mappings of their own keys).
    public static let sections: [String] = SpecKey.topLevel.filter {
        $0.value == .section && !["validation", "machine"].contains($0.name)
    }.map(\.name)

    static func place(atPath path: [String]) -> KeyPlace? {
        switch path.count {
        case 0: return .spec
        case 1: return ["validation": .validation, "machine": .machine][path[0]]
        case 2: return KeyPlace.ofEntry[path[0]]
        case 3:
            if path[0] == "validation" && path[1] == "fields" { return .rule }
            guard path[0] == "machine" else { return nil }
            return ["states": .machineState, "events": .machineEvent][path[1]]
        // A state's `invoke`.
        case 4: return path[0] == "machine" && path[1] == "states" && path[3] == "invoke" ? .invoke : nil
        // A state's transition on an event or after a delay (one, or each of a list: list items
        // leave no key), or on its invoked work's outcome.
        case 5:
            guard path[0] == "machine" && path[1] == "states" else { return nil }
            if ["on", "after"].contains(path[3]) { return .transition }
            return path[3] == "invoke" && ["onDone", "onError"].contains(path[4]) ? .transition : nil
        default: return nil
        }
    }
}

extension SpecKeyTable.Key {
    init(_ key: SpecKey) {
        var choices: [String] = []
        if case .choice(let words) = key.value { choices = words }
        if key.value == .triggers { choices = Resource.Trigger.allCases.map(\.rawValue) }
        self.init(
            name: key.name, doc: key.doc, isRequired: key.isRequired, isCode: key.value == .code,
            takesNames: key.value == .name || key.value == .names, choices: choices, valueKind: key.value.written)
    }
}
