/// Checks a parsed `Spec` and resolves it into a `ViewModelModel`: names are Swift identifiers
/// and unique, references point at declared names, expressions stay inside their scope, and the
/// dependency graph has no cycle. Every problem found goes to the diagnostics; the model is
/// returned only when there is no error.
public struct SpecValidator {
    public init() {}

    /// Checks `spec`; `diagnostics` may already hold the parser's findings, in which case the
    /// design warnings (which only make sense for a valid spec) are left out.
    public func validate(_ spec: Spec, diagnostics: inout Diagnostics) -> ViewModelModel? {
        var checker = Checker(spec: spec)
        checker.run(warn: !diagnostics.hasErrors)
        diagnostics.append(contentsOf: checker.diagnostics)
        guard !checker.diagnostics.hasErrors else { return nil }
        return checker.model()
    }
}

/// Swift functions and types an enabled condition may call without declaring them.
private let swiftGlobals: Set<String> = [
    "min", "max", "abs", "zip", "stride", "print", "type", "repeatElement", "sequence", "swap", "numericCast",
    "precondition", "assert", "fatalError", "withExtendedLifetime", "value", "error", "input",
]

private struct Checker {
    let spec: Spec
    var diagnostics = Diagnostics()
    var symbols: [String: Symbol] = [:]
    var reactiveValues: [ReactiveValue] = []
    var fixedReads: [String: [String]] = [:]
    var graph = DependencyGraph()
    var updateOrder: [String] = []

    init(spec: Spec) {
        self.spec = spec
    }

    var hasActivation: Bool { spec.lifecycle?.value == "active" }
    var access: String { spec.access?.value ?? "public" }

    func model() -> ViewModelModel {
        ViewModelModel(
            spec: spec, access: access, symbols: symbols, reactiveValues: reactiveValues, graph: graph,
            updateOrder: updateOrder, fixedReads: fixedReads, hasActivation: hasActivation)
    }

    mutating func run(warn: Bool) {
        checkHeader()
        declareEverything()
        checkTypes()
        buildReactiveValues()
        checkExpressions()
        checkCommands()
        checkResources()
        buildGraph()
        // Design warnings only make sense once the spec is valid.
        if warn && !diagnostics.hasErrors { warnAboutValuesThatNeverChange() }
    }

    // MARK: Header

    mutating func checkHeader() {
        if let problem = SwiftNames.problem(with: spec.viewModel.value) {
            diagnostics.error("`\(spec.viewModel.value)` cannot be the view model's name: \(problem)", at: spec.viewModel.location)
        }
        if let access = spec.access, !["public", "internal"].contains(access.value) {
            diagnostics.error(
                "`access` must be `public` or `internal`, not `\(access.value)`\(Suggestion.didYouMean(access.value, in: ["public", "internal"]))",
                at: access.location)
        }
        for module in spec.imports where SwiftNames.problem(with: module.value) != nil && !module.value.contains(".") {
            diagnostics.error("`\(module.value)` is not a module name; list modules as plain names: `imports: [Foundation]`",
                              at: module.location)
        }
        if let lifecycle = spec.lifecycle, lifecycle.value != "active" {
            diagnostics.error(
                "unknown lifecycle `\(lifecycle.value)`\(Suggestion.didYouMean(lifecycle.value, in: ["active"])); the only lifecycle is `active`",
                at: lifecycle.location)
        }
    }

    // MARK: Names

    /// How a message names a declaration: "state value `count`", "the generated `xProperty` of `x`".
    func describe(_ symbol: Symbol) -> String {
        switch symbol.kind {
        case .generated(let owner): "the generated `\(symbol.name)` of `\(owner)`"
        case .commandOutput(let command): "the generated `\(symbol.name)` of command `\(command)`"
        case .resourceOutput(let resource): "the generated `\(symbol.name)` of resource `\(resource)`"
        case .activation: "`isActive` of `lifecycle: active`"
        case .parameter: "parameter `\(symbol.name)`"
        case .dependency: "dependency `\(symbol.name)`"
        case .constant: "constant `\(symbol.name)`"
        case .state: "state value `\(symbol.name)`"
        case .derived: "derived value `\(symbol.name)`"
        case .child: "child view model `\(symbol.name)`"
        case .function: "function `\(symbol.name)`"
        case .command: "command `\(symbol.name)`"
        case .event: "event `\(symbol.name)`"
        case .resource: "resource `\(symbol.name)`"
        }
    }

    mutating func declare(_ name: String, _ kind: Symbol.Kind, type: String?, at location: SourceLocation) {
        let symbol = Symbol(name: name, kind: kind, type: type, location: location)
        guard let existing = symbols[name] else {
            symbols[name] = symbol
            return
        }
        if symbol.isGenerated && existing.isGenerated {
            // Two declarations need the same helper name; one owner twice is the echo of a clash
            // reported already.
            guard let owner = symbol.kind.owner, let other = existing.kind.owner, owner != other else { return }
            diagnostics.error(
                "`\(owner)` and `\(other)` both need the generated name `\(name)`; rename one of them", at: location,
                notes: [.init("`\(other)` is declared here", at: existing.location)])
            return
        }
        if symbol.isGenerated {
            // Only the spec's own name can change: say so where it stands.
            diagnostics.error(
                "\(describe(existing)) clashes with \(describe(symbol)); rename `\(name)`", at: existing.location,
                notes: [.init("`\(symbol.kind.owner ?? name)` is declared here", at: location)])
            return
        }
        diagnostics.error(
            "`\(name)` is declared twice: \(describe(symbol)) clashes with \(describe(existing)); rename one of them", at: location,
            notes: [.init("\(describe(existing)) is declared here", at: existing.location)])
    }

    mutating func declareChecked(_ name: Located<String>, _ kind: Symbol.Kind, type: String?, what: String) {
        if let problem = SwiftNames.problem(with: name.value) {
            diagnostics.error("`\(name.value)` cannot be the name of \(what): \(problem)", at: name.location)
            return
        }
        declare(name.value, kind, type: type, at: name.location)
    }

    mutating func declareEverything() {
        for member in spec.parameters { declareChecked(member.name, .parameter, type: member.type?.value, what: "a parameter") }
        for member in spec.dependencies { declareChecked(member.name, .dependency, type: member.type?.value, what: "a dependency") }
        for member in spec.constants { declareChecked(member.name, .constant, type: member.type?.value, what: "a constant") }
        for member in spec.state { declareChecked(member.name, .state, type: member.type?.value, what: "a state value") }
        for member in spec.derived { declareChecked(member.name, .derived, type: member.type?.value, what: "a derived value") }
        for member in spec.children { declareChecked(member.name, .child, type: member.type?.value, what: "a child view model") }
        for function in spec.functions { declareChecked(function.name, .function, type: nil, what: "a function") }
        for command in spec.commands {
            declareChecked(command.name, .command, type: nil, what: "a command")
            for output in [GeneratedNames.isExecuting(of: command.name.value), GeneratedNames.isEnabled(of: command.name.value)] {
                declare(output, .commandOutput(command: command.name.value), type: "Bool", at: command.name.location)
            }
        }
        for resource in spec.resources {
            let name = resource.name.value
            declareChecked(resource.name, .resource, type: SwiftNames.optional(resource.type.value), what: "a resource")
            let failure = resource.failure?.value ?? "any Error"
            declare(GeneratedNames.isLoading(of: name), .resourceOutput(resource: name), type: "Bool", at: resource.name.location)
            if failure != "Never" {
                declare(GeneratedNames.error(of: name), .resourceOutput(resource: name), type: SwiftNames.optional(failure), at: resource.name.location)
            }
            declare(GeneratedNames.reload(of: name), .resourceOutput(resource: name), type: nil, at: resource.name.location)
        }
        for member in spec.events { declareChecked(member.name, .event, type: member.type?.value, what: "an event") }
        if hasActivation, let lifecycle = spec.lifecycle {
            declare("isActive", .activation, type: "Bool", at: lifecycle.location)
        }
        // Each readable value is also exposed as a runtime Property named `<name>Property`.
        let readable = symbols.values.filter(\.isReactive).sorted { ($0.location, $0.name) < ($1.location, $1.name) }
        for symbol in readable {
            declare(GeneratedNames.property(of: symbol.name), .generated(for: symbol.name), type: nil, at: symbol.location)
        }
        // The private helpers of the generated class are reserved too.
        for member in GeneratedNames.privateMembers(of: spec) {
            declare(member.name, .generated(for: member.owner.value), type: nil, at: member.owner.location)
        }
    }

    // MARK: Types

    mutating func checkType(_ type: Located<String>?, of what: String) {
        guard let type, let problem = SwiftNames.problem(withType: type.value) else { return }
        diagnostics.error("`\(type.value)` is not a valid type for \(what): \(problem)", at: type.location)
    }

    mutating func checkTypes() {
        let sections: [(String, [Member])] = [
            ("parameter", spec.parameters), ("dependency", spec.dependencies), ("constant", spec.constants),
            ("state value", spec.state), ("derived value", spec.derived), ("child view model", spec.children),
            ("event", spec.events),
        ]
        for (what, members) in sections {
            for member in members { checkType(member.type, of: "\(what) `\(member.name.value)`") }
        }
        for command in spec.commands {
            for (key, type) in [("input", command.input), ("output", command.output), ("failure", command.failure)] {
                checkType(type, of: "the \(key) of command `\(command.name.value)`")
            }
        }
        for resource in spec.resources {
            checkType(resource.type, of: "resource `\(resource.name.value)`")
            checkType(resource.failure, of: "the failure of resource `\(resource.name.value)`")
        }
    }

    // MARK: Reactive values

    mutating func buildReactiveValues() {
        for member in spec.state {
            guard let type = member.type?.value, SwiftNames.problem(with: member.name.value) == nil else { continue }
            let initial = member.value
            if !member.declaresValue {
                // An optional without `initial` starts as nil (no computation needed).
                if !type.hasSuffix("?") {
                    diagnostics.error(
                        "state value `\(member.name.value)` needs an `initial` value (only optional types start as nil): `\(member.name.value): { type: \(type), initial: ... }`",
                        at: member.name.location)
                }
            }
            append(member, type: type, source: .state(isInput: member.isInput), expression: initial)
        }
        for member in spec.derived {
            if let type = member.type?.value { append(member, type: type, source: .derived, expression: member.value) }
        }
        for member in spec.children {
            if let type = member.type?.value { append(member, type: type, source: .child, expression: member.value) }
        }
        for command in spec.commands {
            let name = command.name.value
            if let enabled = command.enabled {
                reactiveValues.append(ReactiveValue(
                    name: GeneratedNames.canExecute(of: name), type: "Bool", doc: nil, source: .condition(command: name),
                    expression: enabled, reads: [], location: enabled.location))
            }
            reactiveValues.append(ReactiveValue(
                name: GeneratedNames.isExecuting(of: name), type: "Bool", doc: "Whether `\(name)` is running.",
                source: .commandIsExecuting(command: name), expression: nil, reads: [], location: command.name.location))
            reactiveValues.append(ReactiveValue(
                name: GeneratedNames.isEnabled(of: name), type: "Bool", doc: "Whether `\(name)` can be executed now.",
                source: .commandIsEnabled(command: name), expression: nil,
                reads: command.enabled == nil ? [] : [GeneratedNames.canExecute(of: name)], location: command.name.location))
        }
        for resource in spec.resources {
            let name = resource.name.value
            let failure = resource.failure?.value ?? "any Error"
            reactiveValues.append(ReactiveValue(
                name: name, type: SwiftNames.optional(resource.type.value), doc: resource.doc ?? "The last loaded value, or nil before the first load.",
                source: .resourceValue(resource: name), expression: nil, reads: [], location: resource.name.location))
            reactiveValues.append(ReactiveValue(
                name: GeneratedNames.isLoading(of: name), type: "Bool", doc: "Whether `\(name)` is loading.",
                source: .resourceIsLoading(resource: name), expression: nil, reads: [], location: resource.name.location))
            // A resource that cannot fail has no error output.
            if failure != "Never" {
                reactiveValues.append(ReactiveValue(
                    name: GeneratedNames.error(of: name), type: SwiftNames.optional(failure), doc: "Why the last load of `\(name)` failed; nil while loading and after a success.",
                    source: .resourceError(resource: name), expression: nil, reads: [], location: resource.name.location))
            }
        }
        if hasActivation, let lifecycle = spec.lifecycle {
            reactiveValues.append(ReactiveValue(
                name: "isActive", type: "Bool", doc: "Whether the view is on screen; the view sets it.",
                source: .activation, expression: nil, reads: [], location: lifecycle.location))
        }
    }

    mutating func append(_ member: Member, type: String, source: ReactiveValue.Source, expression: Code?) {
        reactiveValues.append(ReactiveValue(
            name: member.name.value, type: type, doc: member.doc, source: source, expression: expression, reads: [],
            location: member.name.location))
    }

    // MARK: Expressions

    /// Where a read stands in the spec.
    func location(of read: SwiftReads.Read, in code: Code) -> SourceLocation {
        var location = code.location
        guard code.positionsAreExact else { return location }
        location.line += read.line
        location.column += read.column
        return location
    }

    /// Reports code that could escape its generated scope.
    mutating func checkScope(_ code: Code, _ what: String) {
        guard let escape = SwiftReads.scopeEscape(in: code.text) else { return }
        let advice = escape.hasPrefix("string interpolations")
            ? "split it into simpler expressions"
            : "spec code must be complete on its own and cannot close or reopen the generated code"
        diagnostics.error("\(what) contains \(escape); \(advice)", at: code.location)
    }

    /// Checks an expression that the generated code evaluates in a pure static function, and
    /// returns its reactive and fixed reads.
    mutating func staticReads(of code: Code, _ what: String, allowReactive: Bool) -> (reactive: [String], fixed: [String]) {
        checkScope(code, what)
        var reactive: [String] = []
        var fixed: [String] = []
        var seen = Set<String>()
        for read in SwiftReads.reads(in: code.text) where seen.insert(read.name).inserted {
            guard let symbol = symbols[read.name] else { continue }
            let at = location(of: read, in: code)
            switch symbol.kind {
            case .parameter, .dependency, .constant:
                fixed.append(read.name)
            case .function:
                diagnostics.error(
                    "\(what) calls function `\(read.name)`; functions are queries for the view and cannot be used in values the generator keeps up to date: write the logic into a derived value",
                    at: at)
            case .command, .event, .generated:
                let hint: String = switch symbol.kind {
                case .command: "; read `\(read.name)IsExecuting` or `\(read.name)IsEnabled` instead"
                case .generated(let owner): "; read `\(owner)` instead"
                default: ""
                }
                diagnostics.error("\(what) reads `\(read.name)`, which is not a value\(hint)", at: at)
            case .resourceOutput where symbol.type == nil:
                diagnostics.error("\(what) reads `\(read.name)`, which is not a value", at: at)
            default:
                if allowReactive {
                    reactive.append(read.name)
                } else {
                    diagnostics.error(
                        "\(what) reads `\(read.name)`, which changes; initial values and constants may read only parameters, dependencies and constants",
                        at: at)
                }
            }
        }
        return (reactive, fixed)
    }

    mutating func checkExpressions() {
        for index in reactiveValues.indices {
            let value = reactiveValues[index]
            guard let expression = value.expression else { continue }
            switch value.source {
            case .state:
                let what = "the initial value of `\(value.name)`"
                let reads = staticReads(of: expression, what, allowReactive: false)
                fixedReads["initial:" + value.name] = reads.fixed
            case .derived, .child, .condition:
                let what: String = if case .condition(let command) = value.source {
                    "the enabled condition of `\(command)`"
                } else {
                    "`\(value.name)`"
                }
                let reads = staticReads(of: expression, what, allowReactive: true)
                reactiveValues[index].reads = reads.reactive
                fixedReads[value.name] = reads.fixed
                if case .condition(let command) = value.source {
                    checkConditionReads(expression, command: command)
                }
            default:
                break
            }
        }
        for constant in spec.constants {
            guard let value = constant.value else { continue }
            let reads = staticReads(of: value, "constant `\(constant.name.value)`", allowReactive: false)
            let later = reads.fixed.filter { name in
                spec.constants.firstIndex { $0.name.value == name }.map { $0 >= spec.constants.firstIndex { $0.name.value == constant.name.value }! } ?? false
            }
            for name in later {
                diagnostics.error("constant `\(constant.name.value)` reads constant `\(name)`, which is declared after it (or is itself); declare `\(name)` first",
                                  at: value.location)
            }
            fixedReads["constant:" + constant.name.value] = reads.fixed
        }
        for function in spec.functions {
            checkScope(function.signature, "the signature of function `\(function.name.value)`")
            checkScope(function.body, "the body of function `\(function.name.value)`")
            if !function.signature.text.hasPrefix("(") {
                diagnostics.error(
                    "the signature of function `\(function.name.value)` must start with its parameter list, e.g. `(at index: Int) -> Photo?`",
                    at: function.signature.location)
            }
        }
    }

    /// Names in an enabled condition must be declared: the condition is all about the view
    /// model's own values. A command may not read its own outputs there.
    mutating func checkConditionReads(_ code: Code, command: String) {
        for read in SwiftReads.reads(in: code.text) {
            let at = location(of: read, in: code)
            if read.name == GeneratedNames.isExecuting(of: command) || read.name == GeneratedNames.isEnabled(of: command) {
                diagnostics.error(
                    "the enabled condition of `\(command)` reads its own `\(read.name)`; a command is already disabled while it executes, so leave it out",
                    at: at)
            } else if symbols[read.name] == nil, read.name.first?.isLowercase == true, !swiftGlobals.contains(read.name) {
                let names = symbols.keys.sorted()
                diagnostics.error(
                    "the enabled condition of `\(command)` reads `\(read.name)`, which the spec does not declare\(Suggestion.didYouMean(read.name, in: names))",
                    at: at)
            }
        }
    }

    // MARK: Commands and resources

    mutating func checkCommands() {
        for command in spec.commands {
            let name = command.name.value
            let code: Code = switch command.work {
            case .perform(let code), .producer(let code), .task(let code): code
            }
            checkScope(code, "the work of command `\(name)`")
            if let onValue = command.onValue { checkScope(onValue, "`onValue` of command `\(name)`") }
            if let onFailure = command.onFailure { checkScope(onFailure, "`onFailure` of command `\(name)`") }
            if let emits = command.emits {
                if symbols[emits.value]?.kind != .event {
                    let events = spec.events.map(\.name.value)
                    diagnostics.error(
                        "command `\(name)` emits `\(emits.value)`, which is not an event\(Suggestion.didYouMean(emits.value, in: events)); declare it under `events`",
                        at: emits.location)
                }
            }
            if case .perform = command.work, command.failure != nil || command.onFailure != nil {
                let location = command.failure?.location ?? command.onFailure!.location
                diagnostics.error(
                    "command `\(name)` uses `perform`, which cannot fail; use `work` or `task` for work that can fail", at: location)
            }
        }
    }

    mutating func checkResources() {
        for resource in spec.resources {
            checkScope(resource.load, "`load` of resource `\(resource.name.value)`")
            for trigger in resource.triggers where trigger.value == .activation && !hasActivation {
                diagnostics.error(
                    "resource `\(resource.name.value)` loads on activation, but the view model has no activation: add `lifecycle: active`",
                    at: trigger.location)
            }
        }
    }

    // MARK: Graph

    mutating func buildGraph() {
        for value in reactiveValues {
            graph.add(value.name, reads: value.reads)
        }
        // A resource that reloads on change is an effect node reading what its load reads.
        for resource in spec.resources where resource.triggers.contains(where: { $0.value == .change }) {
            let reads = SwiftReads.names(in: resource.load.text).filter { symbols[$0]?.isReactive == true }
            if reads.isEmpty {
                diagnostics.warning(
                    "resource `\(resource.name.value)` reloads on `change`, but its load reads no value that changes",
                    at: resource.load.location)
            }
            graph.add("reload:" + resource.name.value, reads: reads)
            // What the reload loads: a load that reads its own outputs is a cycle.
            for output in [resource.name.value, GeneratedNames.isLoading(of: resource.name.value), GeneratedNames.error(of: resource.name.value)] where graph.inputs[output] != nil { graph.add(output, reads: ["reload:" + resource.name.value]) }
        }
        // The runtime command's isEnabled follows its condition: an edge the graph must see
        // to catch cycles that run through a command.
        if let cycle = graph.firstCycle() {
            let first = cycle[0]
            let steps = zip(cycle, cycle.dropFirst()).map { from, to -> Diagnostic.Note in
                .init("`\(displayName(from))` reads `\(displayName(to))`", at: locationOfNode(from))
            }
            diagnostics.error(
                "dependency cycle: \(cycle.map(displayName).joined(separator: " -> ")); a value cannot depend on itself: break the cycle",
                at: locationOfNode(first), notes: steps)
            return
        }
        updateOrder = graph.topologicalOrder()
    }

    func displayName(_ node: String) -> String {
        if node.hasPrefix("reload:") { return "reload of " + node.dropFirst("reload:".count) }
        if let value = reactiveValues.first(where: { $0.name == node }), case .condition(let command) = value.source {
            return "enabled condition of \(command)"
        }
        return node
    }

    func locationOfNode(_ node: String) -> SourceLocation {
        if let value = reactiveValues.first(where: { $0.name == node }) {
            return value.expression?.location ?? value.location
        }
        let resource = spec.resources.first { "reload:" + $0.name.value == node }
        return resource?.load.location ?? spec.viewModel.location
    }

    // MARK: Warnings

    mutating func warnAboutValuesThatNeverChange() {
        let statementCode = spec.commands.flatMap { command -> [Code] in
            let work: Code = switch command.work {
            case .perform(let code), .producer(let code), .task(let code): code
            }
            return [work, command.onValue, command.onFailure].compactMap { $0 }
        } + spec.functions.map(\.body)
        let written = Set(statementCode.flatMap { SwiftReads.names(in: $0.text) })
        for member in spec.state where !member.isInput && !written.contains(member.name.value) {
            diagnostics.warning(
                "state value `\(member.name.value)` never changes: it is not an input and no command writes it; make it a constant or add `input: true`",
                at: member.name.location)
        }
        for command in spec.commands {
            guard case .producer = command.work, let onFailure = command.onFailure, (command.failure?.value ?? "Never") == "Never" else { continue }
            diagnostics.warning(
                "`onFailure` of command `\(command.name.value)` never runs: its work's failure type is `Never`; set `failure:` to the type it fails with",
                at: onFailure.location)
        }
        for value in reactiveValues where value.isComputed && value.reads.isEmpty && value.expression != nil {
            let what: String = if case .condition(let command) = value.source { "the enabled condition of `\(command)`" } else { "`\(value.name)`" }
            diagnostics.warning(
                "\(what) reads no value that changes, so it never changes; make it a constant", at: value.expression!.location)
        }
    }
}
