/// A view-model spec as written: every name, type and expression with its location in the
/// YAML file. Produced by `SpecParser`, checked by `SpecValidator`.
public struct Spec: Sendable {
    /// The spec's path as given to the generator.
    public var file: String
    /// The class to generate.
    public var viewModel: Located<String>
    /// Doc comment for the class.
    public var doc: String?
    /// `public` (default) or `internal`.
    public var access: Located<String>?
    /// Whether each public value also has a `<name>Property` member (`runtimeProperties`).
    public var runtimeProperties = true
    /// Modules imported by the generated file, besides Observation and Reactive.
    public var imports: [Located<String>] = []
    /// Immutable initializer arguments, readable by the view (`public let`).
    public var parameters: [Member] = []
    /// Services injected through the initializer, private to the view model.
    public var dependencies: [Member] = []
    /// Fixed values computed once in the initializer.
    public var constants: [Member] = []
    /// Stored values; `input: true` ones the view may write.
    public var state: [Member] = []
    /// Read-only values recomputed when what they read changes.
    public var derived: [Member] = []
    /// Child view models: derived values whose type is a view model (one, optional or an array).
    public var children: [Member] = []
    /// Pure queries with arguments, for the view.
    public var functions: [Function] = []
    /// Actions the view can execute, with enabled conditions.
    public var commands: [Command] = []
    /// Loadable values (seed 001's pattern): value, isLoading, error.
    public var resources: [Resource] = []
    /// One-shot outputs, such as navigation.
    public var events: [Member] = []
    /// Statements run when values change, in the same transaction (see `Reaction`).
    public var reactions: [Reaction] = []
    /// Rules with messages on input values (see `Validation`).
    public var validation: Validation?
    /// `active` adds `isActive` and activation-driven loading.
    public var lifecycle: Located<String>?
    /// Conditions over the values that hold after every transaction (checked in debug builds).
    public var invariants: [Invariant] = []
    /// Explicit states, events and transitions (`machine:`); nil without one.
    public var machine: Machine?
    /// Names whose entries are declared but could not be read (their error is reported
    /// already): later checks treat them as declared, so one mistake gives one error.
    public var brokenNames: Set<String> = []
}

/// A piece of Swift code carried from the spec into the output, with where its first
/// character stands in the YAML file (for `#sourceLocation`).
public struct Code: Sendable, Equatable {
    /// The code, without YAML indentation.
    public var text: String
    /// Where the first character of `text` stands in the spec.
    public var location: SourceLocation
    /// Whether a position in `text` is found in the spec by adding its line and column to
    /// `location`: false where YAML changed the text (escapes, folded lines), so that a
    /// diagnostic inside the code then points at its start rather than somewhere wrong.
    public var positionsAreExact = true
    /// For a one-line quoted scalar whose YAML escapes (`\\`, `\"`, `''`) make the text shorter
    /// than the spec: the spec column (UTF-8) of each of the text's Unicode scalars.
    public var columns: [Int]?
    /// Whether the code spans several lines (a YAML block scalar); each line then keeps the
    /// YAML block's indentation when re-padded.
    public var isBlock: Bool { text.contains("\n") }

    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }

    /// Where the character at UTF-8 `offset` into `text` stands in the spec: exact where YAML
    /// kept the text's positions or recorded them (`columns`), else the code's start.
    public func location(ofUTF8Offset offset: Int) -> SourceLocation {
        var line = 0
        // Into the line: UTF-8 bytes (the column's unit) and Unicode scalars (`columns`' index).
        var column = 0
        var scalarIndex = 0
        var consumed = 0
        for scalar in text.unicodeScalars {
            if consumed >= offset { break }
            consumed += UTF8.width(scalar)
            if scalar == "\n" {
                line += 1
                column = 0
                scalarIndex = 0
            } else {
                column += UTF8.width(scalar)
                scalarIndex += 1
            }
        }
        var result = location
        if let columns, line == 0, !columns.isEmpty {
            result.column = scalarIndex < columns.count ? columns[scalarIndex] : columns[columns.count - 1] + (scalarIndex - columns.count + 1)
        } else if positionsAreExact {
            result.line += line
            result.column += column
        }
        return result
    }
}

/// A named entry of a section: parameters, dependencies, constants, state, derived, children, events.
public struct Member: Sendable {
    public var name: Located<String>
    public var type: Located<String>?
    /// The value expression: `value` of constants, derived and children; `initial` of state.
    public var value: Code?
    /// Whether the spec wrote a `value` or `initial` key (even one that failed to parse).
    public var declaresValue = false
    /// State only: whether the view may write it.
    public var isInput: Bool = false
    /// Children only: a list kept by id (`each`, `id`, `make`...), instead of `value`.
    public var keyed: KeyedChildren?
    public var doc: String?
    /// Derived only: `debounce`, `throttle` or `delay` (see `Spec+Timing.swift`).
    public var pacing: Located<Pacing>?
}

/// A pure query: `signature` is what follows the name, e.g. `(at index: Int) -> Photo?`.
public struct Function: Sendable {
    public var name: Located<String>
    public var signature: Code
    public var body: Code
    public var doc: String?
}

/// A command: an enabled condition and synchronous or asynchronous work.
public struct Command: Sendable {
    public enum Policy: String, Sendable, CaseIterable {
        /// One execution at a time; disabled while executing.
        case oneAtATime
        /// A new execution interrupts the running one.
        case latestWins
    }

    public enum Work: Sendable {
        /// Statements run synchronously on the main actor.
        case perform(Code)
        /// An expression of type `SignalProducer<Output, Failure>`.
        case producer(Code)
        /// An `async throws` expression producing `Output`.
        case task(Code)
        /// An event of the machine, sent with the input (`send:`).
        case send(Located<String>)
    }

    public var name: Located<String>
    public var doc: String?
    public var enabled: Code?
    public var work: Work
    public var input: Located<String>?
    public var output: Located<String>?
    public var failure: Located<String>?
    /// Statements run with `value` for each value of the work.
    public var onValue: Code?
    /// Statements run with `error` when the work fails.
    public var onFailure: Code?
    /// Statements run when an execution's work ends successfully, after its last value (a
    /// `work` or `task` command; a `perform` is its own end).
    public var onCompleted: Code?
    /// An event that each value of the work is sent to.
    public var emits: Located<String>?
    public var policy: Located<Policy>?
    /// A command without input that a `perform` command executes once its transaction is over.
    public var then: Located<String>?
}

/// A condition over the view model's values that must hold after every transaction.
public struct Invariant: Sendable {
    public var name: Located<String>
    /// A `Bool` expression over the view model's values.
    public var holds: Code
    /// What is wrong when it does not hold.
    public var message: String
}

/// A loadable value: the generated view model exposes `name`, `nameIsLoading`, `nameError`
/// and `reloadName()`.
public struct Resource: Sendable {
    public enum Trigger: String, Sendable, CaseIterable {
        /// Load once when the view model is created.
        case initialization = "init"
        /// Load each time the view model becomes active; cancel when it becomes inactive.
        case activation
        /// Load again when a value the load expression reads changes.
        case change
    }

    public var name: Located<String>
    public var doc: String?
    public var type: Located<String>
    public var failure: Located<String>?
    /// An expression of type `SignalProducer<Value, Failure>` (`load:`), or, when `isTask`,
    /// `async throws` statements that return the value (`task:`).
    public var load: Code
    public var isTask = false
    public var triggers: [Located<Trigger>] = []
    /// How `change` reloads are held back (see `Spec+Timing.swift`).
    public var pacing: Located<Pacing>?
    public var valueOnFailure: Located<ValueOnFailure>?
    public var errorWhileLoading: Located<ErrorWhileLoading>?
}
