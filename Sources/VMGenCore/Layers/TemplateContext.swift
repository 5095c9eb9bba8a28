/// Everything the view-model template lays out, already computed: names, types, doc comment
/// lines and the lines of each generated function. Templates only arrange these pieces, so a
/// custom template never has to re-derive the update order or the `#sourceLocation` padding.
public struct TemplateContext: Sendable {
    /// The spec's path as given to the generator, for the header.
    public var specPath: String
    /// The generator's version, for the header.
    public var generatorVersion: String
    public var name: String
    /// `public ` or empty (internal), ready to prefix a declaration.
    public var accessPrefix: String
    public var docLines: [String]
    public var imports: [String]
    public var dependencies: [StoredMember]
    public var parameters: [StoredMember]
    public var constants: [StoredMember]
    /// Readable values by section (state, derived, children, activation); each becomes an
    /// observable property.
    public var sections: [ValueSection]
    /// Every public value, also exposed as a runtime `Property` named `<name>Property`.
    public var runtimeProperties: [ValueMember]
    public var commands: [CommandMember]
    public var resources: [ResourceMember]
    public var events: [EventMember]
    /// Every private stored `var`: each value's storage, the value before the transaction of
    /// values that are written, and the runtime property each public value feeds once created.
    public var storage: [StoredMember]
    public var functions: [CodeFunction]
    /// The public method that groups writes into one transaction: `update`.
    public var updateFunction: String
    public var initializer: CodeFunction
    /// The transaction: applying the events of commands and resources, and the commit that
    /// recomputes in update order and notifies.
    public var updates: [CodeFunction]
    /// Pure functions that evaluate the spec's expressions.
    public var computations: [CodeFunction]
    /// Instance methods that run the spec's statements (perform, work, onValue, load...).
    public var actions: [CodeFunction]
}

/// A titled group of values (`// MARK: State`).
public struct ValueSection: Sendable {
    public var title: String
    public var values: [ValueMember]
}

/// A `let` of the generated class.
public struct StoredMember: Sendable {
    public var name: String
    public var type: String
    public var docLines: [String]
}

/// An observable value: `name` with a getter (and a setter for values set from outside or by
/// the spec's statements), and `nameProperty`.
public struct ValueMember: Sendable {
    public var name: String
    public var type: String
    public var docLines: [String]
    /// `public ` for inputs, `public private(set) ` for other state, `public ` for the rest.
    public var declarationPrefix: String
    /// The getter's body, one line.
    public var getter: String
    /// The setter's body (empty for a value without a setter), without indentation.
    public var setterLines: [String]
    /// Its runtime `Property`, created on first use.
    public var propertyName: String
    /// The runtime property's type and getter body.
    public var propertyType: String
    public var propertyGetter: String
    /// The whole declaration (getter, and setter when there is one), indented for the class
    /// body: the default template prints it in one substitution.
    public var declaration: String
}

/// A one-shot output: a `Signal` and the observer that feeds it.
public struct EventMember: Sendable {
    public var name: String
    public var type: String
    public var observerName: String
    public var docLines: [String]
}

/// A runtime `Command` held by the view model.
public struct CommandMember: Sendable {
    public var name: String
    public var type: String
    public var docLines: [String]
    /// The `lazy var`'s initial value: the `Command(...)` expression, indented for the class body.
    public var creation: String
    /// `<name>IsExecuting` and `<name>IsEnabled`.
    public var outputs: [ValueMember]
}

/// A `ResourceLoader` and its three observable outputs.
public struct ResourceMember: Sendable {
    public var name: String
    public var loaderName: String
    public var loaderType: String
    public var reloadName: String
    /// The action method that starts one load.
    public var loadName: String
    public var docLines: [String]
    /// `<name>`, `<name>IsLoading` and `<name>Error`.
    public var outputs: [ValueMember]
}

/// A function whose lines are already indented for the class body.
public struct CodeFunction: Sendable {
    public var docLines: [String]
    /// Lines at column 0 before the signature: a `#sourceLocation` when the signature itself
    /// is spec code.
    public var leadingLines: [String]
    /// `private func _$commit() {`, without indentation.
    public var signature: String
    /// Body lines; lines of spec code start at their spec column (under `#sourceLocation`),
    /// other lines carry their own indentation.
    public var bodyLines: [String]
    /// `bodyLines` joined with newlines: one substitution for the template instead of a loop
    /// over thousands of lines (a large spec's commit).
    public var body: String

    public init(docLines: [String], leadingLines: [String] = [], signature: String, bodyLines: [String]) {
        self.docLines = docLines
        self.leadingLines = leadingLines
        self.signature = signature
        self.bodyLines = bodyLines
        self.body = bodyLines.joined(separator: "\n")
    }
}
