/// Which mapping of a spec accepts which key, what the key's value is and what it means: the one
/// table of spec keys. The parser reads each mapping's known keys and required keys from it (and
/// tells where a key met in the wrong mapping belongs), the JSON Schema is built from it, and
/// docs/spec-format.md's key tables are checked against it by a test (`SpecKeyTableTests`).
enum KeyPlace: CaseIterable {
    case spec, parameter, dependency, constant, state, derived, child, event
    case function, command, resource, reaction, validation, rule, invariant
    case machine, machineState, machineEvent, transition, invoke

    /// The keys this mapping accepts, in the order the docs list them.
    var specKeys: [SpecKey] {
        switch self {
        case .spec: SpecKey.topLevel
        case .parameter: [.type("The Swift type of the initializer's argument."), .doc]
        case .dependency: [.type("The Swift type of the service (a closure type is stored `@escaping`)."), .doc]
        case .event: [.type("The type of the values the event sends."), .doc]
        case .constant:
            [.type("The Swift type."),
             SpecKey("value", .code, required: true, "Computed once in the initializer; may read parameters, dependencies and earlier constants."),
             .doc]
        case .state:
            [.type("The Swift type (an optional starts as nil when `initial` is left out)."),
             SpecKey("initial", .code, "The first value; may read parameters, dependencies and constants."),
             SpecKey("input", .flag, "`true`: the view may write it (a public setter); otherwise only the view model's statements do."),
             .doc]
        case .derived:
            [.type("The Swift type."),
             SpecKey("value", .code, required: true, "Computed from the values it reads, again in each transaction that changes one of them."),
             .doc] + Pacing.Kind.allCases.map(\.derivedKey)
        case .child:
            [.type("A view model's type, an optional one, or an array of them."),
             SpecKey("value", .code, "Computes the child (or children) from the values it reads."),
             .doc] + SpecKey.keyed
        case .function:
            [SpecKey("signature", .code, required: true, "What follows `func name`: `(at index: Int) -> Photo?`."),
             SpecKey("body", .code, required: true, "The function's statements; they may read anything in the class."),
             .doc]
        case .command: SpecKey.command
        case .resource: SpecKey.resource
        case .reaction:
            [SpecKey("onChange", .names, required: true, "The value whose change runs it, or a list of values."),
             SpecKey("perform", .code, required: true, "Statements run in the transaction of the change, before observers are told."),
             .doc]
        case .validation:
            [SpecKey("submit", .name, "The command that submits the form: trying it shows every message; its work runs only when every rule holds."),
             SpecKey("show", .choice(Validation.Show.allCases.map(\.rawValue)),
                     "When messages show: `afterEdit` (default), once the field was set, or `afterSubmit`, once a submit was tried."),
             SpecKey("fields", .rules, required: true, "For each input state value, its rules, checked in order.")]
        case .rule:
            [SpecKey("rule", .code, required: true, "A `Bool` expression that holds when the field is valid."),
             SpecKey("message", .text, required: true, "What the field shows while the rule does not hold (plain text).")]
        case .invariant:
            [SpecKey("holds", .code, required: true, "A `Bool` expression over the view model's values that holds after every transaction."),
             SpecKey("message", .text, required: true, "What is wrong when it does not hold (plain text).")]
        case .machine: SpecKey.machine
        case .machineState: SpecKey.machineState
        case .machineEvent:
            [SpecKey("payload", .type, "The type of what the event carries, which a transition's `data` reads as `payload`."), .doc]
        case .transition: SpecKey.transition
        case .invoke: SpecKey.invoke
        }
    }

    /// The mapping each entry of a top-level section of named entries is (`commands`: a command);
    /// `validation` is one mapping, not a section of entries.
    static let ofEntry: [String: KeyPlace] = [
        "parameters": .parameter, "dependencies": .dependency, "constants": .constant, "state": .state,
        "derived": .derived, "children": .child, "events": .event, "functions": .function,
        "commands": .command, "resources": .resource, "reactions": .reaction, "invariants": .invariant,
    ]

    /// The names of the keys this mapping accepts.
    var keys: [String] { specKeys.map(\.name) }

    /// The keys an entry of this mapping must have.
    var requiredKeys: [String] { specKeys.filter(\.isRequired).map(\.name) }

    /// How a message names one such mapping.
    var name: String {
        switch self {
        case .spec: "the spec's top level"
        case .parameter: "a parameter"
        case .dependency: "a dependency"
        case .constant: "a constant"
        case .state: "a state value"
        case .derived: "a derived value"
        case .child: "a child view model"
        case .event: "an event"
        case .function: "a function"
        case .command: "a command"
        case .resource: "a resource"
        case .reaction: "a reaction"
        case .validation: "`validation`"
        case .rule: "a validation rule"
        case .invariant: "an invariant"
        case .machine: "`machine`"
        case .machineState: "a state of `machine`"
        case .machineEvent: "an event of `machine`"
        case .transition: "a transition"
        case .invoke: "the `invoke` of a state"
        }
    }

    /// Why a key belongs where it does, where the reason is not plain from the places alone.
    static let reasons: [String: String] = Dictionary(uniqueKeysWithValues: Pacing.Kind.allCases.map { kind in
        (kind.rawValue, "pacing applies to values computed from others: pace a derived value that reads this one, or a resource's reloads")
    } + [
        ("initial", "a derived value's `value` gives its first value too; a value with a first value that changes by writes is a state value"),
        ("value", "a value computed from others is a derived value (a constant, from parameters and dependencies); a state value starts at `initial`"),
        ("input", "only a state value can be written by the view; a command's `input` is the type of its argument"),
    ])

    /// The keys other tools name otherwise (XState's `target` and `guard`, a command's `canExecute`),
    /// with this mapping's key that means the same: said before any spelling that is merely close
    /// (`when` on a command is not its `then`).
    var synonyms: [String: String] {
        switch self {
        case .command:
            ["when": "enabled", "guard": "enabled", "if": "enabled", "condition": "enabled", "canExecute": "enabled",
             "isEnabled": "enabled", "action": "perform", "execute": "perform", "run": "perform"]
        case .transition:
            ["target": "to", "guard": "when", "cond": "when", "if": "when", "condition": "when"]
        case .state:
            ["default": "initial", "initialValue": "initial"]
        default:
            [:]
        }
    }

    /// `; \`debounce\` is a key of a derived value or a resource: <why>`, for `key` met in a
    /// mapping of `place`; empty when no other mapping accepts it.
    static func belonging(of key: String, notIn place: KeyPlace) -> String {
        let places = allCases.filter { $0 != place && $0.keys.contains(key) }.map(\.name)
        guard let last = places.last else { return "" }
        let list = places.count == 1 ? last : places.dropLast().joined(separator: ", ") + " or " + last
        return "; `\(key)` is a key of \(list)" + (reasons[key].map { ": \($0)" } ?? "")
    }
}

/// One key of a spec mapping: its name, the kind of value it takes, whether it is required, and
/// its doc line (the text of its row in docs/spec-format.md).
struct SpecKey {
    /// What a key's value is written as.
    enum Value: Equatable {
        /// Plain YAML text, not Swift (a doc comment, a message).
        case text
        /// A name declared elsewhere in the spec (a command, an event).
        case name
        /// One Swift type.
        case type
        /// Swift code: an expression, or statements (see "How spec code is read").
        case code
        /// `true` or `false`.
        case flag
        /// A number of seconds above zero.
        case seconds
        /// One of these words.
        case choice([String])
        /// One trigger or a list of them.
        case triggers
        /// One name of the spec or a list of them.
        case names
        /// A list of modules (or single declarations) to import.
        case modules
        /// For each event of the children, statements.
        case handlers
        /// For each field, a list of rules.
        case rules
        /// For each event, a transition, or a list of them tried in order.
        case transitions
        /// For each delay in seconds, a transition, or a list of them tried in order.
        case delays
        /// A transition (or a target's name), or a list of them tried in order.
        case transitionList
        /// A mapping of its own keys (listed below its table).
        case mapping
        /// A mapping of names to types (a state's data).
        case fields
        /// A mapping of names to Swift code (a transition's data).
        case fieldValues
        /// A mapping of named entries (a section of the spec).
        case section

        /// How the docs' key tables name it.
        var written: String {
            switch self {
            case .text: "text"
            case .name: "a name"
            case .type: "a type"
            case .code: "Swift code"
            case .flag: "`true` or `false`"
            case .seconds: "seconds"
            case .choice(let words): words.map { "`\($0)`" }.joined(separator: " or ")
            case .triggers: "a trigger or a list"
            case .names: "a name or a list"
            case .modules: "a module or a list"
            case .handlers: "event: statements"
            case .rules: "field: list of rules"
            case .transitions: "event: transitions"
            case .delays: "seconds: transitions"
            case .transitionList: "transitions"
            case .mapping: "a mapping"
            case .fields: "name: type"
            case .fieldValues: "name: Swift code"
            case .section: "entries"
            }
        }
    }

    var name: String
    var value: Value
    var isRequired: Bool
    var doc: String

    init(_ name: String, _ value: Value, required: Bool = false, _ doc: String) {
        self.name = name
        self.value = value
        self.isRequired = required
        self.doc = doc
    }

    /// `type`, required, with what the type is of.
    static func type(_ doc: String) -> SpecKey { SpecKey("type", .type, required: true, doc) }

    static let doc = SpecKey("doc", .text, "The doc comment of the generated member.")

    static let topLevel: [SpecKey] = [
        SpecKey("viewModel", .name, required: true, "The name of the generated class (and of its file)."),
        SpecKey("doc", .text, "The doc comment of the generated class."),
        SpecKey("access", .choice(["public", "internal"]), "The access level of the class and its members: `public` (default) or `internal`."),
        SpecKey("runtimeProperties", .flag, "`false`: no `<name>Property` member per public value (for an app that only observes through Observation); `true` by default."),
        SpecKey("imports", .modules, "Modules the generated file imports besides `Observation` and `Reactive`, or single declarations of one (`struct MyModule.Event`); `public MyModels` imports it `public`."),
        SpecKey("parameters", .section, "Initializer arguments that never change."),
        SpecKey("dependencies", .section, "Services injected through the initializer."),
        SpecKey("constants", .section, "Values computed once, in the initializer."),
        SpecKey("state", .section, "Stored values; `input: true` ones the view may write."),
        SpecKey("derived", .section, "Values computed from others, kept up to date."),
        SpecKey("children", .section, "Child view models, computed from others or kept by id."),
        SpecKey("functions", .section, "Queries with arguments, for the view."),
        SpecKey("commands", .section, "Actions, each a runtime `Command` with `<name>IsExecuting` and `<name>IsEnabled`."),
        SpecKey("resources", .section, "Loaded values, each with `<name>IsLoading`, `<name>Error` and `reload<Name>()`."),
        SpecKey("events", .section, "One-shot outputs, such as navigation, sent by commands' `emits`."),
        SpecKey("reactions", .section, "Statements that run when a value changes, as part of the change."),
        SpecKey("validation", .section, "Rules with messages on the input state values of a form."),
        SpecKey("lifecycle", .choice(["active"]), "`active` adds `isActive`, which the view sets, and drives `activation` loads."),
        SpecKey("invariants", .section, "Conditions over the values that hold after every transaction (checked in debug builds)."),
        SpecKey("machine", .section, "Explicit states: `state` (an enum whose cases carry their own data), events and `send(_:)`."),
    ]

    static let machine: [SpecKey] = [
        SpecKey("initial", .name, required: true, "The state the view model starts in (a state without data)."),
        SpecKey("states", .section, required: true, "The states, each with its data, `entry`/`exit` statements and transitions."),
        SpecKey("events", .section, "The events `send(_:)` takes, each with an optional `payload` type."),
        .doc,
    ]

    static let machineState: [SpecKey] = [
        SpecKey("data", .fields, "The data that exists only in this state: the associated values of its case."),
        SpecKey("on", .transitions, "For each event, its target state, a transition, or a list of them tried in order."),
        SpecKey("entry", .code, "Statements run when the state is entered, once `state` holds it."),
        SpecKey("exit", .code, "Statements run when the state is left, before `state` changes."),
        SpecKey("after", .delays, "For each delay in seconds, the transitions tried when that long has passed in the state (timers restart each time it is entered)."),
        SpecKey("invoke", .mapping, "Work that runs while in the state (started after `entry`, cancelled when the state is left), with transitions on its outcome."),
        SpecKey("final", .flag, "`true`: the state takes no transitions."),
        .doc,
    ]

    static let invoke: [SpecKey] = [
        SpecKey("work", .code, "An expression of type `SignalProducer<Output, Failure>` over the view model's values and the state's data, started when the state is entered."),
        SpecKey("task", .code, "Instead of `work`: `async throws` statements returning `Output`, run in a task on the main actor, cancelled when the state is left. Fails with `any Error`. The running task holds the view model until it ends (a released view model does not cancel it, unlike `work:`'s producer, a timer or a resource's task): for work that must stop with the screen, use `work:`."),
        SpecKey("output", .type, "The type of the work's values (default `Void`)."),
        SpecKey("failure", .type, "The type the work fails with: default `Never` for `work`; a `task` fails with `any Error` and takes no other."),
        SpecKey("onDone", .transitionList, "The transitions tried when the work completes, given its last value as `payload` (none when `output` is `Void`)."),
        SpecKey("onError", .transitionList, "The transitions tried when the work fails, given the failure as `payload`; required when the work can fail."),
    ]

    static let transition: [SpecKey] = [
        SpecKey("to", .name, required: true, "The state the transition goes to."),
        SpecKey("when", .code, "A `Bool` expression over the view model's values: the guard; the first transition whose guard holds is taken."),
        SpecKey("data", .fieldValues, "The target state's data, each an expression that may read the event's `payload`."),
    ]

    static let keyed: [SpecKey] = [
        SpecKey("each", .code, "An expression: the collection the children are kept from, one per element."),
        SpecKey("id", .code, "A key path from an element to its identity (`\\.id`, `\\.self`)."),
        SpecKey("make", .code, "The child of an element whose id is new, from `element`: an expression, or statements with `return`."),
        SpecKey("update", .code, "Optional. Statements that give a kept child (`child`) its element's data (`element`) through the child's inputs."),
        SpecKey("on", .handlers, "Optional; only with `each` (a keyed list). For each event of the children, statements of this view model, given `child` (the child that sent it) and `value` (what it sent)."),
    ]

    static let command: [SpecKey] = [
        .doc,
        SpecKey("enabled", .code, "A `Bool` expression; the command is enabled when it holds and the command is not already running. Re-evaluated by itself when what it reads changes."),
        SpecKey("perform", .code, "Statements run synchronously on the main actor. The command produces one `()` value. Statements (here and in the handlers) change state values; assigning a derived value, a child, a parameter, a dependency or a constant is an error at the spec."),
        SpecKey("work", .code, "An expression of type `SignalProducer<Output, Failure>`, started on each execution."),
        SpecKey("task", .code, "`async throws` statements returning `Output`, run in a task on the main actor and cancelled when the execution is disposed. Fails with `any Error`. The running task holds the view model until it ends."),
        SpecKey("send", .name, "Instead of `perform`, `work` or `task`: an event of `machine` to send; enabled exactly when the event would cause a transition now (its `input` is the event's payload)."),
        SpecKey("input", .type, "The type passed to `execute(_:)`, readable as `input` (default `Void`)."),
        SpecKey("output", .type, "The type of the work's values (default `Void`). A `perform` always produces one `()` and takes no `output`."),
        SpecKey("failure", .type, "The type the work fails with: default `Never` for `work` (set it when the producer can fail); a `task` always fails with `any Error` and takes no other; `perform` cannot fail."),
        SpecKey("onValue", .code, "Statements run on the main actor for each value the work sends, with `value` bound. A `perform` sends one `()`; a `task` sends its result; a `work` producer sends what it sends (a `SignalProducer<Void, E>` that completes without a value runs no `onValue`)."),
        SpecKey("onFailure", .code, "Statements run on the main actor when the work fails, with `error` bound."),
        SpecKey("onCompleted", .code, "Statements run on the main actor when an execution's `work` or `task` ends successfully, after its last value (and also when it sends none: a login, a save or a delete that tells of success by completing), in the transaction in which the command stops executing. Not with `perform`, which ends with its statements. Not run on a failure or an interruption, nor for a submit attempt refused because the form is invalid."),
        SpecKey("emits", .name, "An event that each value is sent to. A `work` or `task` that ends without a value sends none, and statements cannot send an event: to tell of such a success, give the work a value (`SignalProducer<Void, E>(value: ())`)."),
        SpecKey("policy", .choice(Command.Policy.allCases.map(\.rawValue)), "`oneAtATime` (default: disabled while executing; executing again fails with `CommandError.disabled` and runs nothing) or `latestWins` (a new execution interrupts the running one)."),
        SpecKey("then", .name, "With `perform` or `send` only: another command of this view model, without input, executed once the transaction of the `perform` is over (see below)."),
    ]

    static let resource: [SpecKey] = [
        .type("The loaded value's type; the generated value is its optional (nil until a load gives one)."),
        SpecKey("failure", .type, "The type a `load` fails with (default `any Error`; `Never` for a load that cannot fail: then there is no `<name>Error`)."),
        SpecKey("load", .code, "An expression of type `SignalProducer<Type, Failure>`, started for each load (or `task`)."),
        SpecKey("trigger", .triggers, "When it loads: `init`, `activation` and/or `change` (one, or a list)."),
        .doc,
        SpecKey("task", .code, "Instead of `load`: `async throws` statements that return the value, run in a task cancelled when the load is replaced or dropped."),
    ] + Pacing.Kind.allCases.map(\.resourceKey) + [
        SpecKey("valueOnFailure", .choice(Resource.ValueOnFailure.allCases.map(\.rawValue)), "What a failure does to the value: `keep` (default) or `clear` (nil)."),
        SpecKey("errorWhileLoading", .choice(Resource.ErrorWhileLoading.allCases.map(\.rawValue)), "`clear` (default): the error is cleared when a load starts; `keep`: it stays until the next success or failure."),
    ]
}

extension Pacing.Kind {
    /// The key of a derived value that holds its changes back this way.
    var derivedKey: SpecKey {
        switch self {
        case .debounce: SpecKey("debounce", .seconds, "Seconds: the value follows its inputs once they were quiet this long.")
        case .throttle: SpecKey("throttle", .seconds, "Seconds: at most one new value per interval, the first on the scheduler's next turn.")
        case .delay: SpecKey("delay", .seconds, "Seconds: every new value, this much later.")
        }
    }

    /// The key of a resource that holds its reloads on `change` back this way.
    var resourceKey: SpecKey {
        switch self {
        case .debounce: SpecKey("debounce", .seconds, "Seconds: a change reloads once the `load`'s inputs were quiet this long.")
        case .throttle: SpecKey("throttle", .seconds, "Seconds: at most one reload on `change` per interval.")
        case .delay: SpecKey("delay", .seconds, "Seconds: each reload on `change`, this much later.")
        }
    }
}
