/// Builds one random valid spec: decides its values section by section (each reading only
/// what the docs allow it to read, so the graph is a DAG), then writes the YAML.
struct SpecBuilder {
    var random: SeededRandom
    let viewModel: String
    let runtimeNames: Bool
    let children: [ChildInfo]
    /// Set by `build()` when later specs may use this one as a child.
    private(set) var childInfo: ChildInfo?

    private var used: Set<String> = []
    private var isPublic = true
    private var hasLifecycle = false
    /// Whether the spec imports `AppTypesModule`, whose types are named like the runtime's.
    var usesAppTypes = false

    private var parameters: [Binding] = []
    private var dependencies: [Binding] = []
    private var constants: [(Binding, String)] = []
    private var state: [(binding: Binding, initial: String?, input: Bool)] = []
    var derived: [(Binding, String)] = []
    /// Children: computed by `value`, or kept by id (`each`, `id`, `make`, `update`, `on`).
    private var childValues: [(name: String, fields: [YAMLWriter.Field])] = []
    private var functions: [(name: String, signature: String, body: String)] = []
    var commands: [Command] = []
    private var resources: [Resource] = []
    private var events: [Binding] = []
    private var validation: Validation?
    /// A reaction that counts the changes of some values in a state value nothing else reads
    /// (so it can never run itself again): its name, triggers and counter.
    private var reaction: (name: String, triggers: [String], counter: String)?
    /// Conditions over the values: `holds` and `message`.
    private var invariants: [(name: String, holds: String, message: String)] = []
    /// `machine:`, written as its lines (`SpecBuilder+Machine.swift`); nil without one.
    var machine: Machine?

    /// `validation:`: rules on some inputs, maybe a submit command and when messages show.
    struct Validation {
        var submit: String?
        var showAfterSubmit = false
        var fields: [(name: String, rules: [(rule: String, message: String)])] = []
    }

    struct Command {
        var name: String
        var fields: [YAMLWriter.Field]
        /// Whether `execute` takes an input (such a command cannot be the target of `then:`).
        var hasInput = false
    }

    struct Resource {
        var name: String
        var fields: [YAMLWriter.Field]
    }

    init(random: SeededRandom, viewModel: String, runtimeNames: Bool, children: [ChildInfo]) {
        self.random = random
        self.viewModel = viewModel
        self.runtimeNames = runtimeNames
        self.children = children
    }

    // MARK: Names

    static let valueNames = [
        "count", "total", "n", "y", "k", "items", "flag", "label", "ratio", "key", "title", "limit", "größe",
        "naïve", "café", "δ", "名前", "score", "step", "page", "words", "table", "pair", "maybe", "note", "level",
        "amount", "zahl", "choice", "mode", "depth", "width", "ok", "query", "text", "list", "Ω",
        // Contextual keywords, which Swift takes as names where the generated code writes them.
        "open", "some", "any", "async", "actor", "consume", "borrowing", "isolated", "get", "set",
    ]

    /// The names handlers are given (`input` in the work, `value` in `onValue`, `error` in
    /// `onFailure`), as state: the handlers see the given value and reach the state with `self.`.
    static let givenNames: [(name: String, type: ValueType)] = [("value", .int), ("error", .optional(.string)), ("input", .int)]

    mutating func name(from pool: [String]) -> String {
        let base = random.pick(pool)
        var candidate = base
        var number = 2
        while used.contains(candidate) {
            candidate = base + "\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// Takes `name` if it is still free (for the runtime-name hazards).
    mutating func take(_ name: String) -> Bool {
        used.insert(name).inserted
    }

    func maker(_ scope: [Binding]) -> ExpressionMaker {
        ExpressionMaker(random: random, scope: scope, specNames: Array(used).sorted())
    }

    /// Runs `body` with an expression maker over `scope`, keeping the random state moving.
    mutating func make<Result>(_ scope: [Binding], _ body: (inout ExpressionMaker) -> Result) -> Result {
        var expressions = maker(scope)
        let result = body(&expressions)
        random = expressions.random
        return result
    }

    // MARK: Scopes

    /// What initial values and constants may read.
    var fixedScope: [Binding] {
        parameters + dependencies + constants.map(\.0)
    }

    var stateScope: [Binding] { state.map(\.binding) }

    var activeScope: [Binding] {
        hasLifecycle ? [Binding(name: "isActive", type: .bool)] : []
    }

    var resourceOutputs: [Binding] = []
    /// The values `validation:` adds, which later derived values may read.
    var validationOutputs: [Binding] = []
    var commandOutputs: [Binding] = []
    var childBindings: [Binding] = []
    /// The view models of other specs that this one uses as children.
    var usedChildren: Set<String> = []

    // MARK: Building

    mutating func build() -> RandomSpec {
        isPublic = random.chance(70)
        hasLifecycle = random.chance(45)
        usesAppTypes = random.chance(30)
        makeParameters()
        makeDependencies()
        makeConstants()
        makeState()
        makeResources()
        let tierOne = makeDerived(count: random.count(1...4), scope: fixedScope + stateScope + activeScope + resourceOutputs)
        makeChildren(scope: fixedScope + stateScope + activeScope + tierOne)
        makeCommands(conditionScope: fixedScope + stateScope + activeScope + tierOne)
        makeValidation(scope: fixedScope + stateScope + activeScope + tierOne)
        _ = makeDerived(count: random.count(0...4),
                        scope: fixedScope + stateScope + activeScope + resourceOutputs + tierOne + commandOutputs + childBindings
                            + validationOutputs)
        makeFunctions()
        makeReaction()
        makeInvariants()
        makeMachine()
        if dependencies.isEmpty {
            childInfo = ChildInfo(viewModel: viewModel, isPublic: isPublic, parameters: parameters,
                                  inputs: state.filter(\.input).map(\.binding), events: events)
        }
        return RandomSpec(viewModel: viewModel, yaml: write(), children: usedChildren.sorted())
    }

    mutating func makeParameters() {
        for _ in 0..<random.count(0...3) {
            let type = random.chance(15) ? ValueType.closure(.transform) : random.pick(ValueType.plain)
            parameters.append(Binding(name: name(from: Self.valueNames), type: type))
        }
    }

    mutating func makeDependencies() {
        var kinds: [(ValueType.Closure, [String])] = [
            (.transform, ["transform", "scale"]), (.lookup, ["lookup", "fetchText"]), (.search, ["search", "find"]),
        ]
        for _ in 0..<random.count(0...2) {
            let (kind, names) = kinds.remove(at: random.below(kinds.count))
            dependencies.append(Binding(name: name(from: names), type: .closure(kind)))
        }
    }

    mutating func makeConstants() {
        for _ in 0..<random.count(0...2) {
            // A closure-typed constant, often a closure dependency or parameter itself (issue 26's B10).
            let type = random.chance(20) ? ValueType.closure(.transform) : random.pick(ValueType.plain)
            let value = make(fixedScope) { $0.expression(type) }
            constants.append((Binding(name: name(from: Self.valueNames), type: type), value))
        }
    }

    mutating func makeState() {
        if runtimeNames {
            // (Module names such as `Observation`, and `Protocol`, are rejected with a located
            // message, as docs/spec-format.md says: not generated.)
            for (hazard, type) in [("Signal", ValueType.int), ("Property", .string)] where random.chance(40) && take(hazard) {
                state.append((Binding(name: hazard, type: type), literal(type), true))
            }
            if random.chance(40), take("total"), take("totalChanged") {
                state.append((Binding(name: "total", type: .int), "0", true))
                parameters.append(Binding(name: "totalChanged", type: .int))
            }
        }
        for given in Self.givenNames where random.chance(20) && take(given.name) {
            state.append((Binding(name: given.name, type: given.type), literal(given.type), random.chance(50)))
        }
        if usesAppTypes {
            // One type through the scoped import (`Event`), one with its module's name.
            for type in ["Event", AppTypesModule.name + ".Signal"] {
                let name = name(from: ["appEvent", "appSignal", "appThing"])
                state.append((Binding(name: name, type: .app(type)), "\(type)()", random.chance(50)))
            }
        }
        for _ in 0..<random.count(1...4) {
            let type = random.chance(10) ? ValueType.closure(.transform) : random.pick(ValueType.plain)
            let isOptional = if case .optional = type { true } else { false }
            let initial: String? = isOptional && random.chance(50) ? nil : make(fixedScope) { $0.expression(type) }
            state.append((Binding(name: name(from: Self.valueNames), type: type), initial, random.chance(50)))
        }
    }

    func literal(_ type: ValueType) -> String {
        var expressions = maker([])
        return expressions.literal(type)
    }

    mutating func makeResources() {
        for _ in 0..<random.count(0...2) {
            let name = name(from: ["details", "feed", "profile", "inbox", "größen", "summary"])
            let type = random.pick(ValueType.plain)
            let failure = random.pick(["", "any Error", "Never"])
            let producerFailure = failure.isEmpty ? "any Error" : failure
            let scope = fixedScope + stateScope
            let value = make(scope) { $0.expression(type) }
            var load = "SignalProducer<\(type.spelling), \(producerFailure)>(value: \(value))"
            if type == .array(.int), producerFailure == "any Error", let search = dependencies.first(where: { $0.type == .closure(.search) }) {
                load = "\(search.name)(\(make(scope) { $0.expression(.string) }))"
            }
            var triggers = ["init", "change"].filter { _ in random.chance(50) }
            if hasLifecycle, random.chance(60) { triggers.append("activation") }
            if triggers.isEmpty { triggers = ["init"] }
            // An async load instead of a producer: it fails with `any Error`, and takes no `failure`.
            let task = random.chance(25) ? "try await Task.sleep(for: .milliseconds(1))\nreturn \(value)" : nil
            var fields = [YAMLWriter.Field(key: "type", value: type.spelling)]
            if !failure.isEmpty, task == nil { fields.append(.init(key: "failure", value: failure)) }
            fields.append(task.map { .init(key: "task", value: $0) } ?? .init(key: "load", value: load))
            fields.append(.init(key: "trigger", value: "[\(triggers.joined(separator: ", "))]", raw: true))
            if random.chance(30) { fields.append(.init(key: "doc", value: random.pick(Self.docs))) }
            if triggers.contains("change"), random.chance(25) {
                fields.append(.init(key: random.pick(["debounce", "throttle", "delay"]), value: random.pick(["0.3", "1", "2.5e-1"]), raw: true))
            }
            let canFail = task != nil || failure != "Never"
            if canFail, random.chance(25) { fields.append(.init(key: "valueOnFailure", value: random.pick(["keep", "clear"]))) }
            if canFail, random.chance(25) { fields.append(.init(key: "errorWhileLoading", value: random.pick(["keep", "clear"]))) }
            resources.append(Resource(name: name, fields: fields))
            resourceOutputs.append(Binding(name: name, type: .optional(type)))
            resourceOutputs.append(Binding(name: name + "IsLoading", type: .bool))
            if canFail { resourceOutputs.append(Binding(name: name + "Error", type: .errorOutput)) }
        }
    }

    mutating func makeDerived(count: Int, scope: [Binding]) -> [Binding] {
        var made: [Binding] = []
        for _ in 0..<count {
            let type = random.chance(10) ? ValueType.closure(.transform) : random.pick(ValueType.plain)
            var binding = Binding(name: name(from: Self.valueNames), type: type)
            if runtimeNames, random.chance(15), take("Observable") { binding.name = "Observable" }
            let value = make(scope + made) { $0.topExpression(type) }
            derived.append((binding, value))
            made.append(binding)
        }
        return made
    }

    mutating func makeChildren(scope: [Binding]) {
        let usable = children.filter { $0.isPublic || !isPublic }
        guard !usable.isEmpty else { return }
        for _ in 0..<random.count(0...2) {
            let child = random.pick(usable)
            usedChildren.insert(child.viewModel)
            let name = name(from: ["row", "rows", "detail", "kind", "unterModell"])
            let call = make(scope) { maker -> String in
                let arguments = child.parameters.map { "\($0.name): \(maker.expression($0.type))" }
                return "\(child.viewModel)(\(arguments.joined(separator: ", ")))"
            }
            func computed(_ type: String, _ value: String) -> [YAMLWriter.Field] {
                [.init(key: "type", value: type), .init(key: "value", value: value)]
            }
            switch random.below(4) {
            case 0:
                childValues.append((name, computed(child.viewModel, call)))
                childBindings.append(Binding(name: name, type: .viewModel(child.viewModel)))
            case 1:
                let condition = make(scope) { $0.expression(.bool) }
                childValues.append((name, computed(child.viewModel + "?", "\(condition) ? \(call) : nil")))
            case 2:
                let count = make(scope) { $0.read(of: .int) } ?? "2"
                childValues.append((name, computed("[\(child.viewModel)]", "Array(0..<\(count)).map { _ in \(call) }")))
                childBindings.append(Binding(name: name, type: .array(.viewModel(child.viewModel))))
            default:
                childValues.append((name, keyedChildren(of: child, scope: scope)))
                childBindings.append(Binding(name: name, type: .array(.viewModel(child.viewModel))))
            }
        }
    }

    /// A list kept by id, one child per element of an `[Int]`: `update` writes one of the child's
    /// inputs from its element, `on` handles the child's events with the parent's statements.
    mutating func keyedChildren(of child: ChildInfo, scope: [Binding]) -> [YAMLWriter.Field] {
        let element = Binding(name: "element", type: .int)
        var fields: [YAMLWriter.Field] = [
            .init(key: "type", value: "[\(child.viewModel)]"),
            // A value of the spec, or a typed expression: a literal `[]` gives the list no element type.
            .init(key: "each", value: make(scope) { $0.read(of: .array(.int)) } ?? "Array(1...\(make(scope) { $0.read(of: .int) } ?? "3"))"),
            .init(key: "id", value: "\\.self"),
            .init(key: "make", value: make(scope + [element]) { maker -> String in
                "\(child.viewModel)(" + child.parameters.map { "\($0.name): \(maker.expression($0.type))" }.joined(separator: ", ") + ")"
            }),
        ]
        // (Not an input of an app type: this spec may not import its module.)
        let input = child.inputs.first { if case .app = $0.type { false } else { true } }
        if let input, random.chance(70) {
            fields.append(.init(key: "update", value: "child.\(input.name) = " + make(scope + [element]) { $0.expression(input.type) }))
        }
        if !child.events.isEmpty, random.chance(70) {
            let handlers = child.events.prefix(2).map { event -> String in
                let given = [Binding(name: "child", type: .viewModel(child.viewModel)), Binding(name: "value", type: event.type)]
                let writable = stateScope.filter { $0.name != "value" }
                let body = make(scope.filter { $0.name != "value" } + given) { $0.statements(writing: writable, extra: []) }
                return "\(event.name): \(YAMLWriter.doubleQuoted(body))"
            }
            fields.append(.init(key: "on", value: "{ \(handlers.joined(separator: ", ")) }", raw: true))
        }
        return fields
    }

    /// Everything an instance method may read.
    var instanceScope: [Binding] {
        fixedScope + stateScope + activeScope + resourceOutputs + derived.map(\.0) + commandOutputs + childBindings
    }

    mutating func makeCommands(conditionScope: [Binding]) {
        for _ in 0..<random.count(0...3) {
            let name = name(from: ["save", "refresh", "bump", "go", "ändern", "submit", "retry", "tap"])
            var fields: [YAMLWriter.Field] = []
            if random.chance(60) {
                fields.append(.init(key: "enabled", value: make(conditionScope) { $0.expression(.bool) }))
            }
            let input: ValueType? = random.chance(30) ? random.pick(ValueType.simple) : nil
            if let input { fields.append(.init(key: "input", value: input.spelling)) }
            var scope = instanceScope
            var writable = stateScope
            // The work's own lines: with an input, `input` is the given one; a state value of
            // that name is hidden, and written through `self.`.
            var workLines: [String] = []
            if let input {
                scope.removeAll { $0.name == "input" }
                scope.append(Binding(name: "input", type: input))
                writable.removeAll { $0.name == "input" }
                if stateScope.contains(where: { $0.name == "input" }) {
                    workLines.append("self.input = " + (input == .int ? "input" : "0"))
                }
            }
            var output = ValueType.void
            var canFail = false
            let isPerform: Bool
            switch random.below(3) {
            case 0:
                isPerform = true
                fields.append(.init(key: "perform", value: make(scope) { $0.statements(writing: writable, extra: workLines) }))
                // `then:` runs a command declared before this one, so the chains never loop.
                let targets = commands.filter { !$0.hasInput }
                if !targets.isEmpty, random.chance(40) {
                    fields.append(.init(key: "then", value: random.pick(targets).name))
                }
            case 1:
                isPerform = false
                output = random.chance(30) ? .void : random.pick(ValueType.simple + [.string])
                var failure = random.chance(50) ? "any Error" : "Never"
                var work: String
                if output == .void {
                    work = random.chance(50) ? "SignalProducer<Void, \(failure)>.empty" : "SignalProducer<Void, \(failure)>(value: ())"
                } else if case .closure = output {
                    // `SignalProducer(value:)` hands its value to every start, on any thread, so it
                    // takes only `Sendable` values; a plain closure type is not one.
                    work = "SignalProducer<\(output.spelling), \(failure)>.empty"
                } else {
                    work = "SignalProducer<\(output.spelling), \(failure)>(value: \(make(scope) { $0.expression(output) }))"
                }
                if let lookup = dependencies.first(where: { $0.type == .closure(.lookup) }), random.chance(50) {
                    output = .string
                    failure = "Never"
                    work = "\(lookup.name)(\(make(scope) { $0.expression(.int) }))"
                }
                fields.append(.init(key: "work", value: work))
                if output != .void { fields.append(.init(key: "output", value: output.spelling)) }
                if failure != "Never" { fields.append(.init(key: "failure", value: failure)) }
                canFail = failure != "Never"
            default:
                isPerform = false
                output = random.chance(40) ? .void : random.pick(ValueType.simple)
                var body = "try await Task.sleep(for: .milliseconds(\(random.pick(["1", "0x10", "1_0"]))))"
                if output == .void {
                    body += "\n" + make(scope) { $0.statements(writing: writable, extra: workLines) }
                } else {
                    body += "\nreturn " + make(scope) { $0.expression(output) }
                }
                fields.append(.init(key: "task", value: body))
                if output != .void { fields.append(.init(key: "output", value: output.spelling)) }
                if random.chance(30) { fields.append(.init(key: "failure", value: "any Error")) }
                canFail = true
            }
            if random.chance(50) {
                // `input` is bound in the work only (the handlers get `value` and `error`), and
                // hides nothing here; `value` hides a state value of that name.
                var valueScope = instanceScope.filter { $0.name != "value" }
                valueScope.append(Binding(name: "value", type: output))
                let extra = stateScope.contains { $0.name == "value" } ? ["self.value = " + (output == .int ? "value" : "1")] : []
                let valueWritable = stateScope.filter { $0.name != "value" }
                fields.append(.init(key: "onValue", value: make(valueScope) { $0.statements(writing: valueWritable, extra: extra) }))
            }
            if canFail, random.chance(50) {
                let target = writable.first { $0.type == .string && $0.name != "error" }
                let onFailure = if stateScope.contains(where: { $0.name == "error" }) {
                    "self.error = \"failed: \\(error)\""
                } else {
                    target.map { "\($0.name) = \"failed: \\(error)\"" } ?? "_ = error"
                }
                fields.append(.init(key: "onFailure", value: onFailure))
            }
            // A `perform` is its own end; the work and task of the others end later.
            if !isPerform, random.chance(35) {
                let completedWritable = stateScope
                fields.append(.init(key: "onCompleted", value: make(instanceScope) { $0.statements(writing: completedWritable, extra: []) }))
            }
            if random.chance(40) {
                let event = Binding(name: self.name(from: ["shown", "finished", "didSave", "opened"]), type: output)
                events.append(event)
                fields.append(.init(key: "emits", value: event.name))
            }
            if random.chance(30) { fields.append(.init(key: "policy", value: "latestWins")) }
            if random.chance(30) { fields.append(.init(key: "doc", value: random.pick(Self.docs))) }
            commands.append(Command(name: name, fields: fields, hasInput: input != nil))
            commandOutputs.append(Binding(name: name + "IsExecuting", type: .bool))
            commandOutputs.append(Binding(name: name + "IsEnabled", type: .bool))
        }
        if random.chance(30) {
            events.append(Binding(name: name(from: ["closed", "tapped"]), type: random.pick(ValueType.plain)))
        }
    }

    static let messages = [
        "Required.", "Too long: at most 20.", "Must be positive", "Pick one — any one", "Ça ne va pas: \\ \"quoted\"",
    ]

    /// Rules (Bool expressions over what a derived value may read) on up to three inputs.
    mutating func makeValidation(scope: [Binding]) {
        let inputs = state.filter(\.input).map(\.binding.name)
        guard !inputs.isEmpty, random.chance(50), take("isValid") else { return }
        var result = Validation()
        for field in shuffled(inputs).prefix(random.count(1...3)) {
            guard take(field + "Message"), take(field + "IsValid"), take(field + "WasEdited") else { continue }
            let rules = (0..<random.count(1...3)).map { _ in
                (rule: make(scope) { $0.expression(.bool) }, message: random.pick(Self.messages))
            }
            result.fields.append((field, rules))
            validationOutputs += [
                Binding(name: field + "Message", type: .optional(.string)), Binding(name: field + "IsValid", type: .bool),
            ]
        }
        guard !result.fields.isEmpty else { return }
        validationOutputs.append(Binding(name: "isValid", type: .bool))
        if !commands.isEmpty, random.chance(60), take("submitAttempted") {
            result.submit = random.pick(commands).name
            result.showAfterSubmit = random.chance(50)
            validationOutputs.append(Binding(name: "submitAttempted", type: .bool))
        }
        validation = result
    }

    /// Invariants over any value, parameter, dependency or constant.
    mutating func makeInvariants() {
        guard random.chance(30) else { return }
        let scope = instanceScope + validationOutputs
        for _ in 0..<random.count(1...2) {
            let name = name(from: ["bounded", "consistent", "nonNegative"])
            invariants.append((name, make(scope) { $0.expression(.bool) }, random.pick(Self.messages)))
        }
    }

    /// A reaction to one to three values (state, validation's), counting their changes.
    mutating func makeReaction() {
        let candidates = stateScope.map(\.name) + validationOutputs.map(\.name)
        guard !candidates.isEmpty, random.chance(40) else { return }
        let triggers = Array(shuffled(candidates).prefix(random.count(1...3)))
        let counter = name(from: ["changes", "edits"])
        state.append((Binding(name: counter, type: .int), "0", false))
        reaction = (name(from: ["follow", "count"]), triggers, counter)
    }

    mutating func makeFunctions() {
        for _ in 0..<random.count(0...2) {
            let name = name(from: ["describe", "pick", "twice", "clamp", "identity", "zähle"])
            let scope = instanceScope
            switch random.below(30) {
            case 0...9:
                let body: String
                if let array = scope.first(where: { $0.type == .array(.int) }) {
                    body = "guard \(array.name).indices.contains(index) else { return nil }\nreturn \(array.name)[index]"
                } else {
                    body = "index > 0 ? index : nil"
                }
                functions.append((name, "(at index: Int) -> Int?", body))
            case 10...17:
                let parameter = make(scope) { $0.localName() }
                let body = make(scope.filter { $0.name != parameter }) { "\(parameter) * 2 + \($0.expression(.int))" }
                functions.append((name, "(_ \(parameter): Int) -> Int", body))
            case 18:
                functions.append((name, "<T>(_ x: T) -> T", "x"))
            default:
                let local = make(scope) { $0.localName() }
                let body = make(scope.filter { $0.name != local }) { maker -> String in
                    let first = maker.expression(.int)
                    let rest = maker.expression(.string)
                    return "let \(local) = \(first)\nreturn \"\\(\(local)) \\(\(rest))\""
                }
                functions.append((name, "() -> String", body))
            }
        }
    }

    static let nonASCIIDocs = ["Preis in € …", "Größe, naïve: café.", "名前 😀"]

    static let docs = [
        "A value.", "Shows: the count", "Ratio # of things", "It's fine", "Quote \"this\" and back\\slash",
        "Größe, naïve: café.",
    ]

    // MARK: Writing

    mutating func write() -> String {
        var writer = YAMLWriter(random: SeededRandom(seed: random.next()))
        writer.line("# A random valid spec (Sources/RandomSpecs).")
        writer.top("viewModel", viewModel)
        if random.chance(40) { writer.top("doc", random.pick(Self.docs)) }
        if !isPublic { writer.line("access: internal") } else if random.chance(30) { writer.line("access: public") }
        if random.chance(20) { writer.line("runtimeProperties: \(random.chance(50) ? "false" : "true")") }
        var imports = random.chance(30) ? ["Foundation"] : []
        if usesAppTypes { imports += [AppTypesModule.name, "struct \(AppTypesModule.name).Event"] }
        if !imports.isEmpty { writer.line("imports: [\(imports.joined(separator: ", "))]") }
        if hasLifecycle { writer.line("lifecycle: active") }
        var sections: [(inout YAMLWriter) -> Void] = []
        let parameters = parameters, dependencies = dependencies, constants = constants, state = state
        let derived = shuffled(derived), childValues = childValues, functions = functions
        let commands = commands, resources = resources, events = events
        if !parameters.isEmpty {
            sections.append { writer in
                writer.line("parameters:")
                for parameter in parameters {
                    writer.entry(parameter.name, fields: Self.maybeDoc([.init(key: "type", value: parameter.type.spelling)], &writer), shorthand: true)
                }
            }
        }
        if !dependencies.isEmpty {
            sections.append { writer in
                writer.line("dependencies:")
                for dependency in dependencies {
                    writer.entry(dependency.name, fields: Self.maybeDoc([.init(key: "type", value: dependency.type.spelling)], &writer), shorthand: true)
                }
            }
        }
        if !constants.isEmpty {
            sections.append { writer in
                writer.line("constants:")
                for (binding, value) in constants {
                    writer.entry(binding.name, fields: Self.maybeDoc([.init(key: "type", value: binding.type.spelling), .init(key: "value", value: value)], &writer), shorthand: false)
                }
            }
        }
        sections.append { writer in
            writer.line("state:")
            for item in state {
                var fields = [YAMLWriter.Field(key: "type", value: item.binding.type.spelling)]
                if let initial = item.initial { fields.append(.init(key: "initial", value: initial)) }
                if item.input { fields.append(.init(key: "input", value: "true", raw: true)) }
                writer.entry(item.binding.name, fields: Self.maybeDoc(fields, &writer), shorthand: true)
            }
        }
        if !derived.isEmpty {
            sections.append { writer in
                writer.line("derived:")
                for (binding, value) in derived {
                    var fields = [YAMLWriter.Field(key: "type", value: binding.type.spelling)]
                    // Non-ASCII text before the code on its line (in a flow mapping).
                    if writer.random.chance(25) { fields.append(.init(key: "doc", value: writer.random.pick(Self.nonASCIIDocs))) }
                    fields.append(.init(key: "value", value: value))
                    // Pacing (a scheduler argument in the initializer), on values of any type.
                    if writer.random.chance(15) {
                        fields.append(.init(key: writer.random.pick(["debounce", "throttle", "delay"]), value: "0.5"))
                    }
                    writer.entry(binding.name, fields: fields, shorthand: false)
                }
            }
        }
        if !childValues.isEmpty {
            sections.append { writer in
                writer.line("children:")
                for child in childValues {
                    writer.entry(child.name, fields: Self.maybeDoc(child.fields, &writer), shorthand: false)
                }
            }
        }
        if !functions.isEmpty {
            sections.append { writer in
                writer.line("functions:")
                for function in functions {
                    writer.entry(function.name, fields: Self.maybeDoc([.init(key: "signature", value: function.signature), .init(key: "body", value: function.body)], &writer), shorthand: false)
                }
            }
        }
        if !commands.isEmpty {
            sections.append { writer in
                writer.line("commands:")
                for command in commands {
                    writer.entry(command.name, fields: command.fields, shorthand: false)
                }
            }
        }
        if !resources.isEmpty {
            sections.append { writer in
                writer.line("resources:")
                for resource in resources {
                    writer.entry(resource.name, fields: resource.fields, shorthand: false)
                }
            }
        }
        if !events.isEmpty {
            sections.append { writer in
                writer.line("events:")
                for event in events {
                    writer.entry(event.name, fields: Self.maybeDoc([.init(key: "type", value: event.type.spelling)], &writer), shorthand: true)
                }
            }
        }
        if let reaction {
            sections.append { writer in
                writer.line("reactions:")
                let onChange = reaction.triggers.count == 1 ? reaction.triggers[0] : "[\(reaction.triggers.joined(separator: ", "))]"
                writer.entry(reaction.name, fields: Self.maybeDoc([
                    .init(key: "onChange", value: onChange, raw: true), .init(key: "perform", value: "\(reaction.counter) += 1"),
                ], &writer), shorthand: false)
            }
        }
        if !invariants.isEmpty {
            let invariants = invariants
            sections.append { writer in
                writer.line("invariants:")
                for invariant in invariants {
                    writer.entry(invariant.name, fields: [.init(key: "holds", value: invariant.holds), .init(key: "message", value: invariant.message)],
                                 shorthand: false)
                }
            }
        }
        if let machine {
            sections.append { writer in
                for line in machine.lines { writer.line(line) }
            }
        }
        if let validation {
            sections.append { writer in
                writer.line("validation:")
                if let submit = validation.submit { writer.line("  submit: \(submit)") }
                if validation.showAfterSubmit { writer.line("  show: afterSubmit") } else if validation.submit != nil { writer.line("  show: afterEdit") }
                writer.line("  fields:")
                for field in validation.fields {
                    writer.line("    \(field.name):")
                    for rule in field.rules {
                        writer.line("      - rule: \(writer.scalar(rule.rule, inFlow: false, indent: "        "))")
                        writer.line("        message: \(writer.scalar(rule.message, inFlow: false, indent: "        "))")
                    }
                }
            }
        }
        for section in shuffled(sections) {
            writer.line("")
            section(&writer)
        }
        return writer.text
    }

    /// `fields`, sometimes with a `doc` at a random place among them.
    static func maybeDoc(_ fields: [YAMLWriter.Field], _ writer: inout YAMLWriter) -> [YAMLWriter.Field] {
        guard writer.random.chance(15) else { return fields }
        var result = fields
        result.insert(.init(key: "doc", value: writer.random.pick(docs)), at: writer.random.below(fields.count + 1))
        return result
    }

    mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        if result.count > 1 {
            for index in stride(from: result.count - 1, to: 0, by: -1) {
                result.swapAt(index, random.below(index + 1))
            }
        }
        return result
    }
}
