/// The fields of the template context as templates name them: the one list that the renderer
/// reads values through (by position, no reflection), that `TemplateCompiler` resolves names
/// against, and that docs/templates.md documents (a test keeps the page and this list equal).
/// Change `TemplateFields.version` whenever a field is added, removed, renamed or changes meaning.
enum TemplateFields {
    /// The version of the context's fields, printed in docs/templates.md: a custom template
    /// written for another version may name fields that are gone.
    static let version = 8
}

/// What a field holds, as a template uses it.
indirect enum TemplateValue: Sendable, Equatable {
    /// A piece of text: `{{name}}`.
    case text
    /// Text that may be empty; as a section, `{{#name}}...{{/name}}` renders when it is not.
    case optionalText
    /// `true` or `false`: `{{#name}}...{{/name}}`, `{{^name}}...{{/name}}`.
    case flag
    /// Lines of text: `{{#name}}{{.}}{{/name}}`.
    case lines
    /// One object: `{{name.field}}`, or `{{#name}}{{field}}{{/name}}`.
    case object(TemplateObjectType)
    /// A list of objects: `{{#name}}{{field}}{{/name}}`.
    case list(TemplateObjectType)

    /// How messages and docs/templates.md name it.
    var written: String {
        switch self {
        case .text: "text"
        case .optionalText: "text that may be empty"
        case .flag: "a flag"
        case .lines: "lines"
        case .object(let type): "a \(type.title)"
        case .list(let type): "a list of \(type.title)" + (type.title.hasSuffix("s") ? "es" : "s")
        }
    }
}

/// The kinds of object in the context: the view model at the top, and the members it lists.
enum TemplateObjectType: String, CaseIterable, Sendable {
    case viewModel, typeAlias, section, storedMember, value, event, enumeration, command, resource, function, machine, machineState, transition

    /// How docs/templates.md names it.
    var title: String {
        switch self {
        case .viewModel: "view model"
        case .typeAlias: "type alias"
        case .section: "section"
        case .storedMember: "stored member"
        case .value: "value"
        case .event: "event"
        case .enumeration: "enum"
        case .command: "command"
        case .resource: "resource"
        case .function: "function"
        case .machine: "machine"
        case .machineState: "machine state"
        case .transition: "transition"
        }
    }

    /// Its fields, in the order docs/templates.md lists them.
    var fields: [TemplateFieldInfo] {
        switch self {
        case .viewModel: TemplateContext.fields.map(\.info)
        case .typeAlias: TypeAliasMember.fields.map(\.info)
        case .section: ValueSection.fields.map(\.info)
        case .storedMember: StoredMember.fields.map(\.info)
        case .value: ValueMember.fields.map(\.info)
        case .event: EventMember.fields.map(\.info)
        case .enumeration: EnumMember.fields.map(\.info)
        case .command: CommandMember.fields.map(\.info)
        case .resource: ResourceMember.fields.map(\.info)
        case .function: CodeFunction.fields.map(\.info)
        case .machine: MachineInspectionMember.fields.map(\.info)
        case .machineState: MachineStateMember.fields.map(\.info)
        case .transition: MachineTransitionMember.fields.map(\.info)
        }
    }
}

/// A field's name, what it holds and its doc line.
struct TemplateFieldInfo: Sendable, Equatable {
    var name: String
    var value: TemplateValue
    var doc: String
    /// Whether the renderer computes it from other fields (it is not a stored property).
    var isComputed = false
}

/// A field of `Root` with the way to read it.
struct TemplateField<Root>: Sendable {
    var info: TemplateFieldInfo
    var read: @Sendable (Root) -> TemplateData

    init(_ name: String, _ value: TemplateValue, _ doc: String, computed: Bool = false, _ read: @escaping @Sendable (Root) -> TemplateData) {
        info = TemplateFieldInfo(name: name, value: value, doc: doc, isComputed: computed)
        self.read = read
    }

    static func text(_ name: String, _ doc: String, _ read: @escaping @Sendable (Root) -> String) -> Self {
        Self(name, .text, doc) { .text(read($0)) }
    }

    /// Text that a section shows only when it is not empty.
    static func optionalText(_ name: String, _ doc: String, _ read: @escaping @Sendable (Root) -> String) -> Self {
        Self(name, .optionalText, doc) { .text(read($0)) }
    }

    static func flag(_ name: String, _ doc: String, computed: Bool = false, _ read: @escaping @Sendable (Root) -> Bool) -> Self {
        Self(name, .flag, doc, computed: computed) { .flag(read($0)) }
    }

    static func lines(_ name: String, _ doc: String, _ read: @escaping @Sendable (Root) -> [String]) -> Self {
        Self(name, .lines, doc) { .lines(read($0)) }
    }

    static func list<Element: TemplateObject>(
        _ name: String, of type: TemplateObjectType, _ doc: String, _ read: @escaping @Sendable (Root) -> [Element]
    ) -> Self {
        Self(name, .list(type), doc) { .list(read($0)) }
    }

    static func object<Element: TemplateObject>(
        _ name: String, of type: TemplateObjectType, _ doc: String, _ read: @escaping @Sendable (Root) -> Element
    ) -> Self {
        Self(name, .object(type), doc) { .object(read($0)) }
    }
}

/// A context object whose fields templates read by position.
protocol TemplateObject: SendableMetatype {
    static var fields: [TemplateField<Self>] { get }
}

extension TemplateObject {
    /// The field at `index` of `Self.fields`.
    func data(_ index: Int) -> TemplateData { Self.fields[index].read(self) }
}

extension TemplateContext: TemplateObject {
    static let fields: [TemplateField<TemplateContext>] = [
        .text("specPath", "The spec's path as given to the generator.") { $0.specPath },
        .text("generatorVersion", "The generator's version.") { $0.generatorVersion },
        .lines("headerLines", "The comment lines at the top of the file (`// Generated by vmgen ...`).") { $0.headerLines },
        .text("name", "The class's name (`viewModel:`).") { $0.name },
        .optionalText("accessPrefix", "`public ` or empty (internal), ready to prefix a declaration.") { $0.accessPrefix },
        .text("conformances", "The protocols the class conforms to, comma-separated.") { $0.conformances },
        .lines("docLines", "The class's doc comment, `///` included.") { $0.docLines },
        .lines("imports", "The modules imported: `Observation`, `Reactive`, then what each of the spec's `imports` imports (without its access level).") { $0.imports },
        .lines("importLines", "The import declarations, the spec's under `#sourceLocation`.") { $0.importLines },
        .list("dependencies", of: .storedMember, "The spec's `dependencies`, in order.") { $0.dependencies },
        .list("parameters", of: .storedMember, "The spec's `parameters`, in order.") { $0.parameters },
        .list("constants", of: .storedMember, "The spec's `constants`, in order.") { $0.constants },
        .list("sections", of: .section, "Readable values by section: state, derived values, children, activation.") { $0.sections },
        .list("runtimeProperties", of: .value, "Every public value, also exposed as a runtime `Property` named `<name>Property`; empty with `runtimeProperties: false`.") { $0.runtimeProperties },
        .list("commands", of: .command, "The commands, in order.") { $0.commands },
        .list("resources", of: .resource, "The resources, in order.") { $0.resources },
        .list("events", of: .event, "The events, in order.") { $0.events },
        .list("enums", of: .enumeration, "The machine's `State` and `Event` enums; empty without `machine:`.") { $0.enums },
        .list("storage", of: .storedMember, "Every private stored `var`.") { $0.storage },
        .lines("runtimeObjects", "The `let`s of the runtime objects the view model uses, each line whole.") { $0.runtimeObjects },
        .list("functions", of: .function, "The spec's `functions`.") { $0.functions },
        .object("initializer", of: .function, "The initializer.") { $0.initializer },
        .lines("deinitLines", "The statements of `deinit`; empty when there is none.") { $0.deinitLines },
        .list("updates", of: .function, "The transaction: applying events, the commit, and their helpers.") { $0.updates },
        .list("computations", of: .function, "Pure functions that evaluate the spec's expressions.") { $0.computations },
        .list("actions", of: .function, "Instance methods that run the spec's statements.") { $0.actions },
        .list("typeAliases", of: .typeAlias, "One typealias per type the spec writes, under `#sourceLocation`.") { $0.typeAliases },
        .list("testing", of: .function, "What tests see of the view model (`Reactive.Inspectable`).") { $0.testing },
        .list("machineInspection", of: .machine, "What tests see of the machine (`_$machine`): one element with a machine, else none.") { $0.machineInspection },
        .lines("conformanceExtensions", "The lines after the class: an empty one, then the extension that declares its conformance to the runtime's SPI protocol `Reactive.Transactional`; none without values.") { $0.conformanceExtensions },
        .flag("hasStorage", "Whether `storage` or `runtimeObjects` has anything.", computed: true) {
            !$0.storage.isEmpty || !$0.runtimeObjects.isEmpty
        },
    ]
}

extension TypeAliasMember: TemplateObject {
    static let fields: [TemplateField<TypeAliasMember>] = [
        .lines("lines", "Its declaration lines under the `#sourceLocation` of its spec line; the template closes the run of aliases with `#sourceLocation()`.") { $0.lines },
    ]
}

extension ValueSection: TemplateObject {
    static let fields: [TemplateField<ValueSection>] = [
        .text("title", "`State`, `Derived values`, `Validation`, `Children` or `Activation`.") { $0.title },
        .list("values", of: .value, "Its values.") { $0.values },
    ]
}

extension StoredMember: TemplateObject {
    static let fields: [TemplateField<StoredMember>] = [
        .text("name", "Its name.") { $0.name },
        .text("type", "Its type.") { $0.type },
        .lines("docLines", "Its doc comment, `///` included.") { $0.docLines },
        .optionalText("initializer", "What follows the type in the declaration (` = false`), or empty.") { $0.initializer },
        .optionalText("attributes", "What stands before `private var`: `@exclusivity(unchecked) ` for a value's storage that no access spans a call to, or empty.") { $0.attributes },
        .optionalText("declaration", "A parameter's or constant's `let <name>: <type>` with its access; a constant's with `typeLocation`, the type as the spec wrote it at its spec line and column (a parameter's type is named by its alias: the initializer writes the type at the spec). Empty for the other members.") { $0.declaration },
        .optionalText("typeLocation", "The `#sourceLocation` directive for `declaration`'s type, to close with `#sourceLocation()` after it; empty for the standard library's types.") { $0.typeLocation },
    ]
}

extension ValueMember: TemplateObject {
    static let fields: [TemplateField<ValueMember>] = [
        .text("name", "Its name.") { $0.name },
        .text("type", "Its type.") { $0.type },
        .lines("docLines", "Its doc comment, `///` included.") { $0.docLines },
        .text("declaration", "`var <name>: <type>` with its access (`public private(set) ` for state that is not an input); with `typeLocation`, the type as the spec wrote it at its spec line and column.") { $0.declaration },
        .optionalText("typeLocation", "The `#sourceLocation` directive for `declaration`'s type, to close with `#sourceLocation()` after the opening brace; empty for the generator's and the standard library's types.") { $0.typeLocation },
        .text("getter", "The getter's one expression: the value taken from its `Reactive.Stored` (marked read), the read recorded for Observation.") { $0.getter },
        .flag("getterFits", "Whether `var <name>: <type> { <getter> }` fits on one line.") { $0.getterFits },
        .lines("setterLines", "The setter's body, its writes as one action (`_$write(newValue) { $0._x.write($1) }`); empty for a value without a setter.") { $0.setterLines },
        .flag("setterFits", "Whether the setter's body is one line that fits in `set { <body> }`.") { $0.setterFits },
        .text("propertyName", "Its runtime `Property`'s name (`<name>Property`).") { $0.propertyName },
        .text("propertyType", "Its runtime `Property`'s type.") { $0.propertyType },
        .text("propertyGetter", "The runtime `Property`'s getter expression: the mirror, made on first use.") { $0.propertyGetter },
        .flag("propertyGetterFits", "Whether the runtime `Property`'s declaration with its getter fits on one line.") { $0.propertyGetterFits },
    ]
}

extension EventMember: TemplateObject {
    static let fields: [TemplateField<EventMember>] = [
        .text("name", "Its name.") { $0.name },
        .text("type", "The type of its values.") { $0.type },
        .text("declaration", "`let <name>: Reactive.Signal<<type>, Swift.Never>` with its access; with `typeLocation`, the type the spec wrote at its spec line and column.") { $0.declaration },
        .optionalText("typeLocation", "The `#sourceLocation` directive for `declaration`'s type, to close with `#sourceLocation()` after it; or empty.") { $0.typeLocation },
        .text("observerName", "The name of the observer that sends it.") { $0.observerName },
        .lines("docLines", "Its doc comment, `///` included.") { $0.docLines },
    ]
}

extension EnumMember: TemplateObject {
    static let fields: [TemplateField<EnumMember>] = [
        .text("declaration", "`public enum State`, up to its `{`.") { $0.declaration },
        .lines("docLines", "Its doc comment, `///` included.") { $0.docLines },
        .lines("caseLines", "Each case's doc comment lines and its `case` line, without indentation.") { $0.caseLines },
    ]
}

extension CommandMember: TemplateObject {
    static let fields: [TemplateField<CommandMember>] = [
        .text("name", "Its name.") { $0.name },
        .text("type", "Its `Reactive.Command<Input, Output, Failure>` type.") { $0.type },
        .lines("docLines", "Its doc comment, `///` included.") { $0.docLines },
        .text("declaration", "`lazy var <name>: <type> = Reactive.Command(` with its access, wrapped when it does not fit; with `typeLocation`, the types the spec wrote at their spec lines and columns.") { $0.declaration },
        .optionalText("typeLocation", "The `#sourceLocation` directive for `declaration`'s types, to close with `#sourceLocation()` after it; or empty.") { $0.typeLocation },
        .optionalText("policy", "Its policy (`.concurrent`, `.latest`), or empty for the default, one at a time.") { $0.policy },
        .optionalText("conditionStorage", "The storage of its `enabled` condition, or empty without one.") { $0.conditionStorage },
        .optionalText("enabledStorage", "The storage of `<name>IsEnabled`, which is the command's `isEnabled`.") { $0.enabledStorage },
        .text("stepName", "The method that runs a step of an execution in the view model's transaction.") { $0.stepName },
        .text("inputName", "The parameter of the closures that run its work, type included: `(input: Input)`, else `(_: Swift.Void)`.") { $0.inputName },
        .text("outputType", "Its output type as the generated code names it: the result of a task's closure.") { $0.outputType },
        .optionalText("inputArgument", "`input` when the command takes an input, else empty.") { $0.inputArgument },
        .text("workName", "The private method that runs the spec's work (`_<name>$perform`, `$work` or `$task`).") { $0.workName },
        .flag("performs", "Whether the work is `perform` statements.") { $0.performs },
        .flag("producesWork", "Whether the work is a `work` producer.") { $0.producesWork },
        .flag("runsTask", "Whether the work is a `task`.") { $0.runsTask },
        .optionalText("then", "The command its `then:` runs once a `perform` is over, or empty.") { $0.then },
        .optionalText("attemptName", "For the command that submits a validated form, the method that attempts it; else empty.") { $0.attemptName },
        .optionalText("refusedName", "For a submit command with `onCompleted`, the flag a refused attempt sets; else empty.") { $0.refusedName },
        .list("outputs", of: .value, "`<name>IsExecuting` and `<name>IsEnabled`.") { $0.outputs },
    ]
}

extension ResourceMember: TemplateObject {
    static let fields: [TemplateField<ResourceMember>] = [
        .text("name", "Its name.") { $0.name },
        .text("loaderName", "The name of its `ResourceLoader`.") { $0.loaderName },
        .text("loaderType", "The loader's type.") { $0.loaderType },
        .optionalText("loaderOptions", "The loader's options (`Reactive.ResourceLoaderOptions(clearsValueOnFailure: true)`), or empty for the defaults.") { $0.loaderOptions },
        .flag("declarationFits", "Whether the loader's declaration up to its closure's `in` fits on a line of the class body.") { $0.declarationFits },
        .text("reloadName", "`reload<Name>`.") { $0.reloadName },
        .optionalText("pacerName", "The pacer whose held-back reload `reload<Name>()` drops, or empty when loads are not paced.") { $0.pacerName },
        .text("loadName", "The action method that starts one load.") { $0.loadName },
        .lines("docLines", "Its doc comment, `///` included.") { $0.docLines },
        .list("outputs", of: .value, "`<name>`, `<name>IsLoading` and `<name>Error`.") { $0.outputs },
    ]
}

extension CodeFunction: TemplateObject {
    static let fields: [TemplateField<CodeFunction>] = [
        .lines("docLines", "Its doc comment, `///` included.") { $0.docLines },
        .lines("leadingLines", "Lines at column 0 before the signature (a `#sourceLocation`).") { $0.leadingLines },
        .text("signature", "`private static func _b$compute(a: Int) -> Int {`, without indentation; a long one on several lines, each after the first indented.") { $0.signature },
        .lines("bodyLines", "The body's lines; spec code at its spec column, under `#sourceLocation`.") { $0.bodyLines },
        .optionalText("body", "`bodyLines` joined with newlines; empty for an empty body.") { $0.body },
    ]
}

extension MachineInspectionMember: TemplateObject {
    static let fields: [TemplateField<MachineInspectionMember>] = [
        .optionalText("testingAccess", "`@_spi(Testing) public ` or empty (internal), ready to prefix a testing member.") { $0.testingAccess },
        .text("stateValue", "The stored state, read through `$0` (`_state.value`).") { $0.stateValue },
        .list("states", of: .machineState, "The states, in the spec's order.") { $0.states },
        .list("transitions", of: .transition, "Every transition, in the order the transition function numbers them.") { $0.transitions },
        .optionalText("stateWork", "The view model's `StateWork`, read through `$0` (`_$stateWork`), when a state invokes work; empty otherwise.") { $0.stateWork },
    ]
}

extension MachineStateMember: TemplateObject {
    static let fields: [TemplateField<MachineStateMember>] = [
        .text("name", "Its name, the name of its `State` case.") { $0.name },
        .text("literal", "Its name as a string literal.") { $0.literal },
    ]
}

extension MachineTransitionMember: TemplateObject {
    static let fields: [TemplateField<MachineTransitionMember>] = [
        .text("from", "The state it leaves, as a string literal.") { $0.from },
        .text("trigger", "What causes it, as a `Reactive.InspectedTransition.Trigger` (`.event(\"submit\")`).") { $0.trigger },
        .text("target", "The state it enters, as a string literal.") { $0.target },
        .text("position", "Its position among the transitions of its state on its trigger, from 0.") { $0.position },
        .lines("guardLines", "The call of its guard reading the values of `viewModel` (the closure's parameter), laid out; empty without a guard.") { $0.guardLines },
    ]
}
