/// A node of the dependency graph: a reactive value, or an effect the commit runs between what
/// it reads and what reads what it writes.
public enum GraphNode: Hashable, Sendable {
    /// A reactive value, by name (`ReactiveValue.name`).
    case value(String)
    /// The reload of a resource that reloads on `change`: it reads what the load reads, and the
    /// resource's outputs read it.
    case reload(resource: String)
    /// The pacer of a paced derived value: it reads what the value's expression reads, and the
    /// value reads it, so that a value paced into its own inputs is still a cycle.
    case pace(value: String)
    /// A reaction: it reads its triggers and what its statements read; what it writes reads it.
    case reaction(String)

    /// The value's name, or nil for an effect.
    public var valueName: String? {
        if case .value(let name) = self { name } else { nil }
    }
}

/// A piece of spec code the generated code computes in a static function: the key of the names
/// its computation takes (`ViewModelModel.fixedReads`, `argumentOrder`).
public enum CodeSlot: Hashable, Sendable {
    /// The expression of a computed value (derived, child, enabled condition, rule), or the
    /// pieces of a keyed list together.
    case value(String)
    /// The `initial` value of a state value.
    case initial(state: String)
    /// The value of a constant.
    case constant(String)
    /// The `task` of a resource.
    case task(resource: String)
    /// The statements of a reaction (what they read besides what they write).
    case reaction(String)
    /// The condition of an invariant.
    case invariant(String)
    /// One piece (`each`, `id`, `make`, `update`) of a keyed list, before they are joined.
    case keyedPiece(list: String, position: Int)
    /// The guard (`when:`) of a machine's transition: its state, its event, its place among them.
    case machineGuard(state: String, event: String, position: Int)

    /// The spec name whose value the code gives, which the code cannot read (a cycle): never
    /// suggested for a misspelled name in it.
    var givenName: String? {
        switch self {
        case .value(let name), .initial(state: let name), .constant(let name), .task(resource: let name),
             .keyedPiece(list: let name, position: _):
            name
        case .reaction, .invariant, .machineGuard:
            nil
        }
    }
}
