/// A validated spec: every name resolved to what it is, every expression's reads known, and
/// the update order fixed. Produced by `SpecValidator`, turned into a template context by
/// `ContextBuilder`.
public struct ViewModelModel: Sendable {
    /// The class to generate (where the spec names it), the spec's path as given to the
    /// generator, and the class's doc comment.
    public var name: Located<String>
    public var file: String
    public var doc: String?
    /// The spec's `imports`, checked.
    public var imports: [SpecImport]
    /// The entries that are not reactive values, checked: initializer arguments, constants,
    /// events, functions, invariants, `validation:` (nil without it) and each child value kept by id.
    public var parameters, dependencies, constants, events: [CheckedEntry<Member>]
    public var functions: [CheckedEntry<Function>]
    public var invariants: [CheckedEntry<Invariant>]
    public var validation: CheckedEntry<Validation>?
    public var keyedLists: [String: CheckedEntry<KeyedChildren>]
    /// Every type the spec writes, in spec order.
    public var writtenTypes: [WrittenType]
    /// `public` or `internal`.
    public var access: String
    /// Whether each public value also has a `<name>Property` member.
    public var runtimeProperties: Bool
    /// Every name the spec declares or the generator adds, by name.
    public var symbols: [String: Symbol]
    /// The values that change and notify: state, derived, children, command and resource
    /// outputs, enabled conditions and `isActive`, in declaration order.
    public var reactiveValues: [ReactiveValue]
    /// The graph over `reactiveValues` (and resource reload effects).
    public var graph: DependencyGraph
    /// `graph`'s nodes in update order.
    public var updateOrder: [GraphNode]
    /// The derived values computed when read, not in every commit, while nobody watches them
    /// (`Checker.valuesComputedWhenRead`).
    public var computedWhenRead: Set<String> = []
    /// Whether the view model holds something back in time (paced values or resources, a
    /// machine's timers), so that its initializer takes a scheduler (`Checker.usesTime`).
    public var usesTime = false
    /// For each piece of code computed in a static function, the non-reactive names it reads
    /// (parameters, dependencies, constants), passed to its compute function.
    public var fixedReads: [CodeSlot: [String]]
    /// For each piece of code computed in a static function (same keys as `fixedReads`), every
    /// name its computation takes, reactive and fixed, in order of first appearance.
    public var argumentOrder: [CodeSlot: [String]]
    /// Whether `lifecycle: active` is on.
    public var hasActivation: Bool
    /// Every type text of the spec, each parsed once by the checker.
    public var types: SpecTypeTable
    /// The reactions, checked: graph nodes `.reaction(name)` in `updateOrder`.
    public var reactions: [ResolvedReaction] = []
    /// The commands, checked, in spec order.
    public var commands: [CheckedCommand] = []
    /// The resources, checked, in spec order.
    public var resources: [CheckedResource] = []
    /// The machine, checked; nil without `machine:`.
    public var machine: CheckedMachine?
    /// Where the spec code starts whose last word is a name that is also a declaration
    /// modifier (`open`, `async`, `borrowing`): the generated code ends its statement with `;`,
    /// or the compiler would read the word as a modifier of the `#sourceLocation()` after it.
    public var codesEndingInModifierWord: Set<SourceLocation> = []
    /// Where the spec passes a value to a type spelled differently that may be the same
    /// (`SpecCode.typeMatch`, `.undecided`: a command's output to the event it `emits`, at `emits:`; a
    /// command's input to the machine event it sends, at `input:`): the generated code makes the
    /// pass stand there, so that the compiler judges it at the spec's line and column.
    public var typesJudgedByCompiler: Set<SourceLocation> = []
}

/// What a name in a spec stands for.
public struct Symbol: Sendable {
    public enum Kind: Sendable, Equatable {
        case parameter, dependency, constant, state, derived, child, function, command, event, resource, reaction
        /// `<command>IsExecuting`, `<command>IsEnabled`.
        case commandOutput(command: String)
        /// `<resource>IsLoading`, `<resource>Error`, `reload<Resource>`.
        case resourceOutput(resource: String)
        /// `isActive` of `lifecycle: active`.
        case activation
        /// `state` of `machine:`, which only `send(_:)` changes.
        case machineState
        /// A value of `validation:` (`emailMessage`, `isValid`...), for the field named, or for
        /// `validation` itself; `isFlag` for the values statements may write (`emailWasEdited`,
        /// `submitAttempted`).
        case validationOutput(owner: String, isFlag: Bool)
        /// A member the generator adds for another declaration (`xProperty`).
        case generated(for: String)

        /// The declaration a generated name belongs to; nil for names the spec declares.
        public var owner: String? {
            switch self {
            case .commandOutput(let command): command
            case .resourceOutput(let resource): resource
            case .generated(let owner): owner
            case .activation: "lifecycle"
            case .machineState: "machine"
            case .validationOutput(let owner, _): owner
            default: nil
            }
        }
    }

    public var name: String
    public var kind: Kind
    /// The Swift type of the value the name reads as, when it reads as a value.
    public var type: String?
    public var location: SourceLocation

    public init(name: String, kind: Kind, type: String?, location: SourceLocation) {
        (self.name, self.kind, self.type, self.location) = (name, kind, type, location)
    }

    /// Whether the generator made this name up (rather than the spec declaring it).
    public var isGenerated: Bool { kind.owner != nil }

    /// Whether reading this name makes an expression depend on it.
    public var isReactive: Bool {
        switch kind {
        case .state, .derived, .child, .resource, .commandOutput, .activation, .validationOutput, .machineState: true
        case .resourceOutput: type != nil
        default: false
        }
    }

    /// Whether it is fixed for the view model's life (a parameter, a dependency, a constant): what
    /// an initial value or a constant may read.
    public var isFixed: Bool {
        switch kind {
        case .parameter, .dependency, .constant: true
        default: false
        }
    }

    /// Whether code computed in a static function (a derived value, an enabled condition, a guard,
    /// a reaction's reads) may read it: a value, fixed or changing; not a command, function,
    /// event, reaction or generated helper.
    public var isValue: Bool { isFixed || isReactive }
}

/// A value of the view model that changes: where it comes from and what it reads.
public struct ReactiveValue: Sendable {
    public enum Source: Sendable {
        /// A stored value; `isInput` ones have a public setter.
        case state(isInput: Bool)
        /// Computed from `expression`.
        case derived
        /// A child view model, computed from `expression`.
        case child
        /// The enabled condition of `command`, computed from `expression`.
        case condition(command: String)
        /// Mirrors `command`'s runtime `isExecuting` or `isEnabled` property.
        case commandIsExecuting(command: String)
        case commandIsEnabled(command: String)
        /// Mirrors `resource`'s loader `value`, `isLoading` or `error` property.
        case resourceValue(resource: String)
        case resourceIsLoading(resource: String)
        case resourceError(resource: String)
        /// `isActive` of `lifecycle: active`.
        case activation
        /// Validation: whether a field was edited, or a submit attempted; written by the field's
        /// setter or the submit command (and by statements), not by the view.
        case validationFlag
        /// Whether one rule of `field` holds, computed from `expression` (private).
        case rule(field: String)
        /// Whether every rule of `field` holds, from its rules.
        case fieldValidity(field: String)
        /// The message `field` shows, from its rules and when messages show.
        case message(field: String)
        /// `isValid`: whether every field is valid.
        case formValidity
    }

    public var name: String
    public var type: String
    public var doc: String?
    public var source: Source
    /// The expression (derived, child, condition) or initial value (state).
    public var expression: Code?
    /// The reactive values the expression reads, in order.
    public var reads: [String]
    public var location: SourceLocation
    /// A derived value's `debounce`, `throttle` or `delay`: the value is computed when its inputs
    /// change, but written only when its pacer lets the new value through, in a transaction of its own.
    public var pacing: Pacing? = nil
    /// Whether it never changes from its first value: the `<name>IsExecuting` of a command nobody
    /// can see executing (`CheckedCommand.isSeenExecuting`). Nothing writes it, and it is no
    /// changing input of what reads it.
    public var isConstant = false

    /// Whether the value is computed from other values by the generated update code.
    public var isComputed: Bool {
        switch source {
        case .derived, .child, .condition, .rule, .fieldValidity, .message, .formValidity: true
        default: false
        }
    }

    /// Whether the value has a setter: state, `isActive` and validation's flags.
    public var hasSetter: Bool {
        switch source {
        case .state, .activation, .validationFlag: true
        default: false
        }
    }

    /// Whether the value is written during a transaction (by a setter, or from a command or
    /// resource event) rather than computed in the commit.
    public var isWritten: Bool {
        if isConstant { return false }
        switch source {
        case .state, .activation, .commandIsExecuting, .resourceValue, .resourceIsLoading, .resourceError, .validationFlag: return true
        default: return pacing != nil
        }
    }

    /// Whether it is one of the public values of `validation:` (a message, a validity, a flag).
    public var isValidationOutput: Bool {
        switch source {
        case .validationFlag, .fieldValidity, .message, .formValidity: true
        default: false
        }
    }

    /// Whether the view can see it (conditions are private to their command, rules to their field).
    public var isPublic: Bool {
        switch source {
        case .condition, .rule: false
        default: true
        }
    }
}

/// An entry of `imports`, checked: the import's access level (`public ExampleModels`), and what
/// follows `import`, at its place in the spec.
public struct SpecImport: Sendable {
    /// `public`, `package` or `internal`; nil when the spec writes none.
    public var access: String?
    /// A module (`Foundation`), a dotted path, or one declaration of a module (`struct MyModule.Event`).
    public var path: Located<String>
    /// The module the path names.
    public var module: String
}
