import VMGenCore

/// What the spec code at a YAML path may read, by the checker's rules: code the generated class
/// computes in a static function (`Checker.staticReads`) reads only values (`Symbol.isValue`), an
/// initial value or a constant only fixed ones (`Symbol.isFixed`); statements may name anything
/// the spec declares (`Checker.parseStatements`).
enum CodeReads: Equatable {
    case fixedValues
    case values
    case anything

    init(path: [String]) {
        let (section, key) = (path.first ?? "", path.last ?? "")
        switch (section, key) {
        case ("constants", _), ("state", "initial"):
            self = .fixedValues
        case ("derived", "value"), ("children", "value"), ("children", "each"), ("children", "id"), ("children", "make"),
             ("children", "update"), ("commands", "enabled"), ("resources", "task"), ("reactions", "perform"),
             ("invariants", "holds"), ("validation", "rule"):
            // A keyed list's `on:` handlers (`children: <list>: on: <event>`) are statements.
            self = SpecKeyTableLookup.isHandler(path) ? .anything : .values
        case ("machine", "when") where Server.isTransition(path):
            self = .values
        default:
            self = .anything
        }
    }

    /// Whether code under these rules may read `name`.
    func allows(_ name: NameTable.Name) -> Bool {
        switch self {
        case .fixedValues: name.isFixed
        case .values: name.isValue
        case .anything: name.isReadable
        }
    }
}
