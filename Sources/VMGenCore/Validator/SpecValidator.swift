/// Checks a parsed `Spec` and resolves it into a `ViewModelModel`: names are Swift identifiers
/// and unique, references point at declared names, expressions stay inside their scope, and the
/// dependency graph has no cycle. Every problem found goes to the diagnostics; the model is
/// returned only when there is no error.
public struct SpecValidator {
    public init() {}

    /// Checks `spec`; `diagnostics` may already hold the parser's findings, in which case the
    /// design warnings (which only make sense for a valid spec) are left out. `childSpecs` are the
    /// other specs of the run, which the spec's keyed children are checked against.
    public func validate(_ spec: Spec, diagnostics: inout Diagnostics, childSpecs: ChildSpecs = .none) -> ViewModelModel? {
        let declared = Declarer(spec: spec, childSpecs: childSpecs)
        var analysis = CodeAnalysis(spec: spec, symbols: declared.symbols, diagnostics: declared.diagnostics, types: declared.types)
        let model = Checker(spec: spec, symbols: declared.symbols, childSpecs: childSpecs).run(warn: !diagnostics.hasErrors, &analysis)
        diagnostics.append(contentsOf: analysis.diagnostics)
        return model
    }
}

/// The phases after `Declarer` (whose `symbols` they read), each taking what it needs and giving what it
/// makes; what checking spec code finds goes to the one `CodeAnalysis` passed `inout` through them.
struct Checker {
    let spec: Spec
    /// Every name, from the first phase (`Declarer`).
    let symbols: [String: Symbol]
    let childSpecs: ChildSpecs

    /// The values are made, then the other entries checked, giving commands, resources (with what their
    /// loads read) and reactions; the graph's phase orders them, and the model is made. Nil on an error.
    func run(warn: Bool, _ analysis: inout CodeAnalysis) -> ViewModelModel? {
        checkTypes(&analysis)
        let machine = checkMachine(&analysis)
        let values = makeValues(conditionReads: machine.conditionReads, &analysis) + makeValidationValues(&analysis)
        let functions = checkConstantsAndFunctions(&analysis)
        let commands = checkCommands(&analysis)
        let (resources, resourceReads) = checkResources(&analysis)
        let reactions = checkReactions(values: values, &analysis)
        checkValidation(values: values, &analysis)
        checkTiming(&analysis)
        checkInvariants(values: values, &analysis)
        let order = buildGraph(values: values, reactions: reactions, resourceReads: resourceReads, &analysis)
        // Design warnings only make sense once the spec is valid.
        if warn && !analysis.diagnostics.hasErrors { warnAboutValuesThatNeverChange(values: values, &analysis) }
        guard let order, !analysis.diagnostics.hasErrors else { return nil }
        return model(graph: order, values: values, functions: functions, reactions: reactions, commands: commands, resources: resources, machine: machine.machine, analysis: analysis)
    }
}

/// What checking spec code finds, phase after phase: the problems, each type text parsed, the fixed
/// reads and arguments of code computed in static functions, statements' reads, code ending in a modifier.
struct CodeAnalysis {
    let spec: Spec
    let symbols: [String: Symbol]
    var diagnostics: Diagnostics
    var types: SpecTypeTable
    var fixedReads: [CodeSlot: [String]] = [:]
    var argumentOrder: [CodeSlot: [String]] = [:]
    /// The names each piece of statement code reads, for the warning about state nothing writes.
    var statementReads: [String] = []
    /// Where each piece of code starts that ends in a name that is also a modifier (see
    /// `ViewModelModel.codesEndingInModifierWord`).
    var codesEndingInModifierWord: Set<SourceLocation> = []
    /// See `ViewModelModel.typesJudgedByCompiler`.
    var typesJudgedByCompiler: Set<SourceLocation> = []

    mutating func checkType(_ type: Located<String>, of what: String) {
        guard let problem = types.facts(of: type.value).problems.first else { return }
        var location = type.location
        location.column += problem.offset
        diagnostics.error("`\(type.value)` is not a valid type for \(what): \(problem.message)", at: location)
    }

    /// What work fails with conforms to `Error`. Of the types made only of standard library
    /// names, only `Never` and `any Error` do; any other type is the compiler's to judge.
    mutating func checkFailureIsAnError(_ failure: Located<String>, of what: String) {
        guard types.facts(of: failure.value).namesOnlyStandardTypes,
              !SpecCode.isNever(failure.value), !SpecCode.isError(failure.value) else { return }
        diagnostics.error(
            "`\(failure.value)` is not an `Error`, so \(what) cannot fail with it: write an error type of your own (`enum SaveError: Error { ... }`), `any Error`, or `Never` for work that cannot fail",
            at: failure.location)
    }
}

extension Checker {
    // MARK: Types

    func checkTypes(_ analysis: inout CodeAnalysis) {
        // The machine's types are checked with the machine (`checkMachineTypes`).
        for written in writtenTypes where written.kind != .generated(for: "machine") {
            let owner = Symbol(name: written.owner, kind: written.kind, type: nil, location: written.type.location).messageName
            analysis.checkType(written.type, of: written.role == .type ? owner : "the \(written.role.rawValue.lowercased()) of \(owner)")
        }
    }

    // MARK: Reactive values

    /// The entries' values (validation's: `makeValidationValues`), each with its code checked and its reads.
    /// `conditionReads`: what the enabled condition of each command that sends an event reads (`checkMachine`).
    func makeValues(conditionReads: [String: [String]], _ analysis: inout CodeAnalysis) -> [ReactiveValue] {
        var values: [ReactiveValue] = []
        func append(_ member: Member, type: String, source: ReactiveValue.Source, expression: Code?, reads: [String] = [], pacing: Pacing? = nil) {
            values.append(analysis.checked(ReactiveValue(
                name: member.name.value, type: type, doc: member.doc, source: source, expression: expression, reads: reads,
                location: member.name.location, pacing: pacing)))
        }
        for member in spec.state {
            guard let type = member.type?.value, SwiftNames.problem(with: member.name.value) == nil else { continue }
            // An optional without `initial` starts as nil (no computation needed).
            if !member.declaresValue, !SpecCode.canonicalSpelling(ofType: type).hasPrefix("Optional<") {
                // The hint is YAML to paste: the type quoted where a flow mapping needs it (`[String: Int]`).
                let written = type.contains(where: { "[]{},:#&*!|>'\"%@`".contains($0) }) ? YAMLLoader.quoted(type) : type
                analysis.diagnostics.error(
                    "state value `\(member.name.value)` needs an `initial` value (only optional types start as nil): `\(member.name.value): { type: \(written), initial: ... }`",
                    at: member.name.location)
            }
            append(member, type: type, source: .state(isInput: member.isInput), expression: member.value)
        }
        for member in spec.derived {
            if let type = member.type?.value { append(member, type: type, source: .derived, expression: member.value, pacing: member.pacing?.value) }
        }
        for member in spec.children {
            guard let type = member.type?.value else { continue }
            append(member, type: type, source: .child, expression: member.value, reads: member.keyed.map { checkChildList(member, $0, &analysis) } ?? [])
        }
        if let machine = spec.machine {
            values.append(analysis.checked(machineStateValue(machine)))
        }
        for command in spec.commands {
            let name = command.name.value
            let sendReads = conditionReads[name]
            if let sendReads, case .send(let event) = command.work {
                values.append(ReactiveValue(
                    name: GeneratedNames.canExecute(of: name), type: "Bool", doc: nil, source: .condition(command: name),
                    expression: nil, reads: sendReads, location: event.location))
            } else if let enabled = command.enabled {
                values.append(analysis.checked(ReactiveValue(
                    name: GeneratedNames.canExecute(of: name), type: "Bool", doc: nil, source: .condition(command: name),
                    expression: enabled, reads: [], location: enabled.location)))
            }
            let checked = CheckedCommand(entry: command)
            values.append(ReactiveValue(
                name: GeneratedNames.isExecuting(of: name), type: "Bool",
                doc: checked.isSeenExecuting ? "Whether `\(name)` is running." : "Whether `\(name)` is running: never seen `true`, a `perform` runs whole in one transaction.",
                source: .commandIsExecuting(command: name), expression: nil, reads: [], location: command.name.location,
                isConstant: !checked.isSeenExecuting))
            // A command that runs one execution at a time is disabled while it executes (if anyone
            // can see it executing).
            let notExecuting = checked.policy == .oneAtATime && checked.isSeenExecuting ? [GeneratedNames.isExecuting(of: name)] : []
            values.append(ReactiveValue(
                name: GeneratedNames.isEnabled(of: name), type: "Bool", doc: "Whether `\(name)` can be executed now.",
                source: .commandIsEnabled(command: name), expression: nil,
                reads: (command.enabled == nil && sendReads == nil ? [] : [GeneratedNames.canExecute(of: name)]) + notExecuting,
                location: command.name.location))
        }
        for resource in spec.resources {
            let name = resource.name.value
            values.append(ReactiveValue(
                name: name, type: analysis.types.optional(resource.type.value), doc: resource.doc ?? "The last loaded value, or nil before the first load.",
                source: .resourceValue(resource: name), expression: nil, reads: [], location: resource.name.location))
            values.append(ReactiveValue(
                name: GeneratedNames.isLoading(of: name), type: "Bool", doc: "Whether `\(name)` is loading.",
                source: .resourceIsLoading(resource: name), expression: nil, reads: [], location: resource.name.location))
            // A resource that cannot fail has no error output.
            if CheckedResource(entry: resource).canFail {
                let whileLoading = resource.errorWhileLoading?.value == .keep ? "kept while a new load runs, nil" : "nil while loading and"
                values.append(ReactiveValue(
                    name: GeneratedNames.error(of: name), type: analysis.types.optional(resource.failure?.value ?? "any Error"),
                    doc: "Why the last load of `\(name)` failed; \(whileLoading) after a success.",
                    source: .resourceError(resource: name), expression: nil, reads: [], location: resource.name.location))
            }
        }
        if spec.hasActivation, let lifecycle = spec.lifecycle {
            values.append(ReactiveValue(
                name: "isActive", type: "Bool", doc: "Whether the view is on screen; the view sets it.",
                source: .activation, expression: nil, reads: [], location: lifecycle.location))
        }
        return values
    }
}

extension CodeAnalysis {
    // MARK: Expressions

    /// Parses spec code as the `form` its slot needs and reports every problem at its spec
    /// location; returns the parsed body when there is none.
    mutating func parse(_ code: Code, _ what: String, form: SpecCode.Form, signature: String = "()", parsed: SpecCode.ParsedSignature? = nil) -> SpecCode.Body? {
        let body = SpecCode.body(code.text, form: form, signature: signature, parsed: parsed)
        for problem in body.problems {
            diagnostics.error("\(what) is not valid Swift here: \(problem.message)", at: code.location(ofUTF8Offset: problem.offset))
        }
        if body.problems.isEmpty, SpecCode.endsInModifierWord(body) { codesEndingInModifierWord.insert(code.location) }
        return body.problems.isEmpty ? body : nil
    }

    /// Parses statement code (a command's work and handlers, a function's body), which runs in
    /// an instance method given `signature`'s names; checks the names it takes from outside
    /// and notes them, for the warning about state nothing writes.
    @discardableResult
    /// `givenElsewhere`: names other code is given but this code is not, each with why and what to
    /// do instead (a handler's `input`, an `entry`'s `payload`), said when the code reads one.
    mutating func parseStatements(_ code: Code, _ what: String, form: SpecCode.Form = .body, signature: String = "()", parsed: SpecCode.ParsedSignature? = nil, given: [String] = [], givenElsewhere: [String: String] = [:]) -> (body: SpecCode.Body, declared: [String])? {
        guard let body = parse(code, what, form: form, signature: signature, parsed: parsed) else { return nil }
        checkWritesOfGivenNames(in: body, code, what, selfReachesValues: true)
        let reads = SpecCode.reads(in: body)
        // Which reads the code writes, so that a mistyped name it writes is said to be written;
        // found (one more walk) only when the code names something the spec does not declare.
        let written: Set<Int> = reads.allSatisfy({ symbols[$0.name] != nil || given.contains($0.name) || $0.name == "self" }) ? [] : {
            let writes = SpecCode.writes(in: body, among: reads)
            return Set((writes.assigned + writes.mutated).map(\.offset))
        }()
        let declared = Self.firstOfEachSpelling(reads).filter { $0.name != "self" }.compactMap {
            resolve($0, in: code, what, given: given, givenElsewhere: givenElsewhere, isWritten: written.contains($0.offset))?.name
        }
        statementReads += SpecCode.names(reads)
        checkWritesOfMachineState(in: body, reads: reads, code, what)
        checkWritesOfUnchangeable(in: body, reads: reads, code, what)
        return (body, declared)
    }

    /// Statements change only state (and what validation lets them): a derived value or a child
    /// is computed from what it reads, and a parameter, dependency or constant is fixed for the
    /// view model's life. Assigning one as a whole (`total = 0`, `count += 1`, `&limit`) would not
    /// compile; this says what to do instead. (A write through a member, `store.count = 1`, may
    /// be a class's: the compiler judges it.)
    mutating func checkWritesOfUnchangeable(in body: SpecCode.Body, reads: [SpecCode.Read], _ code: Code, _ what: String) {
        func advice(for symbol: Symbol) -> String? {
            switch symbol.kind {
            case .derived, .child: "it follows what it reads: write those instead"
            case .parameter, .dependency, .constant: "it is fixed for the view model's life: keep what changes in a state value"
            default: nil
            }
        }
        guard reads.contains(where: { symbols[$0.name].flatMap(advice(for:)) != nil }) else { return }
        var reported = Set<Int>()
        for write in SpecCode.writes(in: body, among: reads).whole where reported.insert(write.offset).inserted {
            guard let symbol = symbols[write.name], let advice = advice(for: symbol) else { continue }
            diagnostics.error(
                "\(what) writes `\(write.name)`, which is \(symbol.messageName); \(advice)",
                at: code.location(ofUTF8Offset: write.offset),
                notes: [.init("`\(symbol.name)` is declared here", at: symbol.location)])
        }
    }

    /// Code that must give a value and has several statements gives it with `return`: without
    /// one, the generated code passes a type check but not a build.
    mutating func checkReturnsItsValue(_ body: SpecCode.Body, _ code: Code, _ what: String) {
        guard let missing = SpecCode.missingReturn(in: body) else { return }
        let fix = missing.lastExpression.map { "write `return \($0)`" } ?? "end it with `return` and the value"
        diagnostics.error(
            "\(what) does not return its value: code of several statements gives its value with `return`; \(fix)",
            at: code.location(ofUTF8Offset: missing.offset))
    }

    /// A name the code is given (`error` in `onFailure`, `value` in `onValue`, `input` in
    /// `perform`, a function's parameter) is a constant that hides a spec name of the same
    /// spelling; changing it would not compile. Where the spec declares the name, the code
    /// meant the view model's value, which `self.name` reaches (`selfReachesValues`: statements
    /// run in instance methods).
    mutating func checkWritesOfGivenNames(in body: SpecCode.Body, _ code: Code, _ what: String, selfReachesValues: Bool) {
        var reported = Set<String>()
        for write in SpecCode.writesOfGivenNames(in: body) where reported.insert(write.name).inserted {
            let name = write.name
            let fix = if let symbol = symbols[name], selfReachesValues {
                "; to change \(symbol.messageName), which it hides, write `self.\(name)`"
            } else {
                "; copy it into a variable first (`var \(name) = \(name)`), or keep what you need in a state value"
            }
            diagnostics.error("\(what) changes `\(name)`, a constant the code is given\(fix)", at: code.location(ofUTF8Offset: write.offset))
        }
    }

    /// A name the spec does not declare is an error, unless it is a type (capitalized) or
    /// called as a function: those may come from Swift or the imports, and the compiler checks
    /// them at the spec's line and column. `given`: the names the code is given besides the
    /// spec's (`element`, `child`), for suggestions. `isWritten`: the code writes the name
    /// (`log.append(x)`, `x = 1`), which the message then says. `unsuggested`: the name the code
    /// gives the value of, which reading would make a cycle.
    mutating func checkUndeclared(_ read: SpecCode.Read, in code: Code, _ what: String, given: [String], givenElsewhere: [String: String] = [:], isWritten: Bool = false, unsuggested: String? = nil) {
        // A name whose entry failed to parse was reported already.
        guard !read.isCalled, read.name.first?.isUppercase != true, !spec.brokenNames.contains(read.name) else { return }
        let location = code.location(ofUTF8Offset: read.offset)
        let names = (symbols.values.filter { (!$0.isGenerated || $0.isReactive) && $0.name != unsuggested }.map(\.name) + given).sorted()
        let suggestion = Suggestion.didYouMean(read.name, in: names)
        var advice = suggestion.isEmpty ? "; declare it, or call a function of an imported module as `\(read.name)(...)`" : suggestion
        if read.name == "input", what.hasPrefix("the enabled condition of") {
            // `input` is the execution's argument, which `perform` and `work` read; the condition
            // is one value for every execution, so it cannot depend on one.
            advice = "; the command's `input` exists only while it runs: `enabled` must not depend on it, check it in `perform` or `work` instead"
        }
        let onEvent = !["on `after ", "on `onDone`", "on `onError`"].contains { what.contains($0) }
        if read.name == "payload", what.hasPrefix("the guard of"), !onEvent {
            advice = "; a guard reads the view model's values, never the payload: keep what decides the transition in a value the guard reads, or decide it in the transition's data"
        } else if read.name == "payload", what.contains("on `after ") {
            advice = "; a timer carries nothing, so its transitions have no `payload`: read the state's data or the view model's values"
        } else if read.name == "payload", what.contains("on `onDone`") {
            advice = "; the work's `output` is `Void`, so `onDone` has no `payload`: give `invoke` an `output:` type to read its last value"
        } else if read.name == "payload", what.hasPrefix("the guard of") {
            // A command that sends the event is enabled (by its guards) before any payload exists.
            advice = "; a guard cannot read the event's payload, since a command that sends the event is enabled by its guards before it has one: keep what decides the transition in a value the guard reads"
        }
        if let elsewhere = givenElsewhere[read.name] {
            diagnostics.error("\(what) \(isWritten ? "writes" : "reads") `\(read.name)`, which it is not given: \(elsewhere)", at: location)
            return
        }
        if let dataAdvice = machineDataAdvice(for: read.name) {
            diagnostics.error("\(what) \(isWritten ? "writes" : "reads") `\(read.name)`\(dataAdvice)", at: location)
            return
        }
        let needsLifecycle = read.name == "isActive" && !spec.hasActivation
        if needsLifecycle {
            advice = "; `isActive` is the view model's while it is on screen, with `lifecycle: active` at the spec's top level: add it"
        }
        // A fix needs the name's exact place, which YAML's escapes and folds can hide.
        var fixes = code.positionsAreExact || code.columns != nil ? Suggestion.fixes(read.name, at: location, in: names) : []
        // `payload` read where there is none is the machine's name, not text.
        let isMachinePayload = read.name == "payload" && spec.machine != nil
        if suggestion.isEmpty, code.text.trimmingCharacters(in: .whitespaces) == read.name, !needsLifecycle, !isMachinePayload {
            // YAML's quotes are not Swift's: `value: "none"` is the Swift code `none`. (Not when
            // a declared name is close: then it is most likely that name, misspelled.)
            advice += "; for the text \"\(read.name)\", write a Swift string inside YAML quotes: `'\"\(read.name)\"'`"
            // The whole value becomes the quoted string (an editor replaces YAML quotes around it too).
            fixes.append(Diagnostic.Fix("Write the text as a Swift string: `'\"\(read.name)\"'`", at: location, replacing: read.name, with: "'\"\(read.name)\"'"))
        }
        diagnostics.error("\(what) \(isWritten ? "writes" : "reads") `\(read.name)`, which the spec does not declare\(advice)", at: location, fixes: fixes)
    }

    /// The first read of each name, telling apart spellings that Swift's `String` equality
    /// would merge (composed and decomposed accents), as the compiler does.
    static func firstOfEachSpelling(_ reads: [SpecCode.Read]) -> [SpecCode.Read] {
        var seen = Set<[UInt8]>()
        return reads.filter { seen.insert(Array($0.name.utf8)).inserted }
    }

    /// The declared symbol a read names. Reports a name the spec does not declare (see
    /// `checkUndeclared`) and one spelled in another Unicode form than its declaration (the
    /// compiler would not find it).
    mutating func resolve(_ read: SpecCode.Read, in code: Code, _ what: String, given: [String] = [], givenElsewhere: [String: String] = [:], isWritten: Bool = false, unsuggested: String? = nil) -> Symbol? {
        guard let symbol = symbols[read.name] else {
            checkUndeclared(read, in: code, what, given: given, givenElsewhere: givenElsewhere, isWritten: isWritten, unsuggested: unsuggested)
            return nil
        }
        if !symbol.name.unicodeScalars.elementsEqual(read.name.unicodeScalars) {
            let location = code.location(ofUTF8Offset: read.offset)
            diagnostics.error(
                "\(what) writes `\(read.name)` with other Unicode characters than its declaration (composed and decomposed accents look alike); retype it",
                at: location, notes: [.init("`\(symbol.name)` is declared here", at: symbol.location)])
            return nil
        }
        return symbol
    }

    /// Checks an expression that the generated code evaluates in a pure static function, and
    /// returns its reactive and fixed reads. `givesValue`: the code's value is used (all but a
    /// keyed list's `update`), so statements must `return` it. Returns the parsed code too.
    @discardableResult
    mutating func staticReads(of code: Code, _ what: String, form: SpecCode.Form = .body, signature: String = "()", allowReactive: Bool, key: CodeSlot, givesValue: Bool = true, given: [String] = []) -> (reactive: [(name: String, location: SourceLocation)], fixed: [String], body: SpecCode.Body?) {
        guard let body = parse(code, what, form: form, signature: signature) else { return ([], [], nil) }
        checkWritesOfGivenNames(in: body, code, what, selfReachesValues: false)
        if form == .body, givesValue { checkReturnsItsValue(body, code, what) }
        let reads = staticReads(SpecCode.reads(in: body), in: code, what, allowReactive: allowReactive, key: key, given: given)
        return (reads.reactive, reads.fixed, body)
    }

    /// Whether `read` is a command's execution: called as a button calls it (`ping()`), or
    /// through `ping.execute(...)`.
    static func isExecution(of read: SpecCode.Read, in code: Code) -> Bool {
        let after = code.text.utf8.dropFirst(read.offset + read.name.utf8.count)
        return read.isCalled || after.starts(with: ".execute".utf8)
    }

    /// Checks the reads of code computed in a static function (found in `code` already), and
    /// returns the reactive and fixed ones.
    mutating func staticReads(_ reads: [SpecCode.Read], in code: Code, _ what: String, allowReactive: Bool, key: CodeSlot, given: [String] = []) -> (reactive: [(name: String, location: SourceLocation)], fixed: [String]) {
        var reactive: [(name: String, location: SourceLocation)] = []
        var fixed: [String] = []
        for read in Self.firstOfEachSpelling(reads) {
            let at = code.location(ofUTF8Offset: read.offset)
            if read.name == "self" {
                // `self.total` reads as `total`: name the member written after `self.`, if any.
                let after = Substring(code.text).utf8.dropFirst(read.offset + "self".utf8.count)
                let member = after.first == UInt8(ascii: ".")
                    ? Substring(after.dropFirst()).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    : ""
                let example = member.isEmpty ? "the name alone (`x`, not `self.x`)" : "`\(member)`, not `self.\(member)`"
                diagnostics.error(
                    "\(what) uses `self`; it is computed in a static function from the names it reads: write \(example)",
                    at: at)
                continue
            }
            guard let symbol = resolve(read, in: code, what, given: given, unsuggested: key.givenName) else { continue }
            guard symbol.isValue else {
                reportNotAValue(read, symbol, in: code, what)
                continue
            }
            if symbol.isFixed {
                fixed.append(read.name)
            } else if allowReactive {
                reactive.append((read.name, at))
            } else {
                diagnostics.error(
                    "\(what) reads `\(read.name)`, which changes; initial values and constants may read only parameters, dependencies and constants",
                    at: at)
            }
        }
        let passed = Set(reactive.map(\.name) + fixed)
        argumentOrder[key] = SpecCode.names(reads).filter(passed.contains)
        fixedReads[key] = fixed
        return (reactive, fixed)
    }

    /// Why code computed in a static function cannot read `symbol`, which is no value (see `Symbol.isValue`).
    mutating func reportNotAValue(_ read: SpecCode.Read, _ symbol: Symbol, in code: Code, _ what: String) {
        let at = code.location(ofUTF8Offset: read.offset)
        switch symbol.kind {
        case .function:
            diagnostics.error(
                "\(what) calls function `\(read.name)`; functions are queries for the view and cannot be used in values the generator keeps up to date: write the logic into a derived value",
                at: at)
        case .command where Self.isExecution(of: read, in: code):
            diagnostics.error(
                "\(what) executes command `\(read.name)`; code the generator runs inside a transaction cannot start a command's work: execute it from the view, or after another command with that command's `then:`",
                at: at)
        case .generated where read.name == CheckedMachine.sendName:
            diagnostics.error(
                "\(what) sends an event; only statements outside the commit send them (a command's `perform`, `task` and handlers, `entry`, `exit`, functions, a keyed list's `on:` handlers), and this code is computed in it: read `state` to know where the machine is, or send from the view (`.onAppear { viewModel.send(.appeared) }`) or from a command",
                at: at)
        case .command:
            diagnostics.error("\(what) reads `\(read.name)`, which is not a value; read `\(read.name)IsExecuting` or `\(read.name)IsEnabled` instead", at: at)
        case .generated(let owner):
            diagnostics.error("\(what) reads `\(read.name)`, which is not a value; read `\(owner)` instead", at: at)
        default:
            diagnostics.error("\(what) reads `\(read.name)`, which is not a value", at: at)
        }
    }

    /// A value with its code (initial value, expression, enabled condition) checked and its reads known.
    mutating func checked(_ value: ReactiveValue) -> ReactiveValue {
        guard let expression = value.expression else { return value }
        var value = value
        value.reads = []
        switch value.source {
        case .state:
            staticReads(of: expression, "the initial value of `\(value.name)`", allowReactive: false, key: .initial(state: value.name))
        case .derived, .child, .condition:
            let what = if case .condition(let command) = value.source { "the enabled condition of `\(command)`" } else { "`\(value.name)`" }
            // An enabled condition is one expression; values may be statements with `return`.
            let form: SpecCode.Form = if case .condition = value.source { .expression } else { .body }
            let reads = staticReads(of: expression, what, form: form, allowReactive: true, key: .value(value.name))
            if case .condition(let command) = value.source {
                for read in reads.reactive where [GeneratedNames.isExecuting(of: command), GeneratedNames.isEnabled(of: command)].contains(read.name) {
                    diagnostics.error(
                        "the enabled condition of `\(command)` reads its own `\(read.name)`; a command is already disabled while it executes, so leave it out",
                        at: read.location)
                }
            }
            value.reads = reads.reactive.map(\.name)
        default:
            break
        }
        return value
    }
}

extension Checker {
    /// Checks the constants' code and the functions'; gives the functions checked, with what they read.
    func checkConstantsAndFunctions(_ analysis: inout CodeAnalysis) -> [CheckedEntry<Function>] {
        for constant in spec.constants {
            guard let value = constant.value else { continue }
            let key = CodeSlot.constant(constant.name.value)
            let reads = analysis.staticReads(of: value, "constant `\(constant.name.value)`", allowReactive: false, key: key)
            let own = spec.constants.firstIndex { $0.name.value == constant.name.value }!
            for name in reads.fixed where spec.constants.firstIndex(where: { $0.name.value == name }).map({ $0 >= own }) ?? false {
                analysis.diagnostics.error("constant `\(constant.name.value)` reads constant `\(name)`, which is declared after it (or is itself); declare `\(name)` first",
                                  at: value.location)
            }
        }
        return spec.functions.map { function in
            // The signature is parsed once, then stands before the body.
            let signature = SpecCode.signature(function.signature.text)
            for problem in signature.problems {
                analysis.diagnostics.error(
                    "the signature of function `\(function.name.value)` is not valid Swift here: \(problem.message)",
                    at: function.signature.location(ofUTF8Offset: problem.offset))
            }
            let what = "the body of function `\(function.name.value)`"
            let parsed = signature.problems.isEmpty ? analysis.parseStatements(function.body, what, parsed: signature) : nil
            if let body = parsed?.body, let result = body.function.signature.returnClause?.type, !SpecCode.isVoid(result.trimmedDescription) {
                analysis.checkReturnsItsValue(body, function.body, what)
            }
            return CheckedEntry(entry: function, location: function.name.location, reads: parsed?.declared ?? [])
        }
    }

    // MARK: Commands and resources

    func checkCommands(_ analysis: inout CodeAnalysis) -> [CheckedCommand] {
        for command in spec.commands {
            let name = command.name.value
            // The names each piece is given; their types do not matter to the parser.
            let input = CheckedCommand(entry: command).takesInput ? "(_ input: Input)" : "()"
            switch command.work {
            case .perform(let code): analysis.parseStatements(code, "the `perform` of command `\(name)`", signature: input)
            case .producer(let code): analysis.parseStatements(code, "the `work` of command `\(name)`", form: .expression, signature: input)
            case .task(let code):
                let what = "the `task` of command `\(name)`"
                if let body = analysis.parseStatements(code, what, signature: input)?.body, command.output.map({ !SpecCode.isVoid($0.value) }) == true {
                    analysis.checkReturnsItsValue(body, code, what)
                }
            case .send:
                break
            }
            // A handler runs once the execution is over: it is not given the execution's `input`.
            let notGiven = ["input": "the command's `input` is given to `perform`, `work` and `task`, not to its handlers; have the work give back what a handler needs in its value, or keep it in a state value"]
            if let onValue = command.onValue { analysis.parseStatements(onValue, "`onValue` of command `\(name)`", signature: "(_ value: Value)", givenElsewhere: notGiven) }
            if let onFailure = command.onFailure { analysis.parseStatements(onFailure, "`onFailure` of command `\(name)`", signature: "(_ error: Failure)", givenElsewhere: notGiven) }
            if let onCompleted = command.onCompleted { analysis.parseStatements(onCompleted, "`onCompleted` of command `\(name)`", givenElsewhere: notGiven) }
            if let emits = command.emits, let event = spec.events.first(where: { $0.name.value == emits.value }) {
                checkEmittedType(of: command, to: event, at: emits.location, &analysis)
            }
            if let emits = command.emits, symbols[emits.value]?.kind != .event, !spec.brokenNames.contains(emits.value) {
                let events = spec.events.map(\.name.value)
                analysis.diagnostics.error(
                    "command `\(name)` emits `\(emits.value)`, which is not an event\(Suggestion.didYouMean(emits.value, in: events, otherwise: "declare it under `events`"))",
                    at: emits.location, fixes: Suggestion.fixes(emits, in: events))
            }
            if let then = command.then { checkThen(then, of: command, &analysis) }
            switch command.work {
            case .perform:
                if let onCompleted = command.onCompleted {
                    analysis.diagnostics.error(
                        "command `\(name)` uses `perform`, which ends as soon as its statements do; put what `onCompleted` does at the end of `perform`, or use `work` or `task` for work that ends later",
                        at: onCompleted.location)
                }
                if let location = command.failure?.location ?? command.onFailure?.location {
                    analysis.diagnostics.error(
                        "command `\(name)` uses `perform`, which cannot fail; use `work` or `task` for work that can fail", at: location)
                }
                if let output = command.output {
                    analysis.diagnostics.error(
                        "command `\(name)` uses `perform`, which produces `()`; remove `output:`, or use `work` or `task` to produce `\(output.value)`",
                        at: output.location)
                }
            case .task:
                if let failure = command.failure, !SpecCode.isError(failure.value) {
                    analysis.diagnostics.error(
                        "command `\(name)` uses `task`, which fails with `any Error`; remove `failure:` (or use `work` with a producer that fails with `\(failure.value)`)",
                        at: failure.location)
                }
            case .producer:
                if let failure = command.failure { analysis.checkFailureIsAnError(failure, of: "command `\(name)`") }
            case .send:
                break
            }
        }
        return spec.commands.map(CheckedCommand.init(entry:))
    }

    /// `then` names another command without input, run after a `perform`; the commands that
    /// follow each other through `then` never come back to the first (that would never end).
    func checkThen(_ then: Located<String>, of command: Command, _ analysis: inout CodeAnalysis) {
        let name = command.name.value
        switch command.work {
        case .perform, .send:
            break
        case .producer, .task:
            let key = if case .task = command.work { "task" } else { "work" }
            analysis.diagnostics.error(
                "`then` of command `\(name)` needs `perform` or `send`: it runs `\(then.value)` once the perform's transaction is over, and `\(name)` uses `\(key)`, whose work ends later",
                at: then.location)
            return
        }
        guard let target = spec.commands.first(where: { $0.name.value == then.value }) else {
            if !spec.brokenNames.contains(then.value) {
                let commands = spec.commands.map(\.name.value).filter { $0 != name }
                analysis.diagnostics.error(
                    "`then` of command `\(name)` names `\(then.value)`, which is not a command\(Suggestion.didYouMean(then.value, in: commands, otherwise: "name one of this view model's commands"))",
                    at: then.location, fixes: Suggestion.fixes(then, in: commands))
            }
            return
        }
        if let input = target.input, CheckedCommand(entry: target).takesInput {
            analysis.diagnostics.error(
                "`then` of command `\(name)` runs `\(then.value)`, which takes an input (`\(input.value)`); `then` runs a command without input",
                at: then.location)
        }
        // Follow the chain; report a loop once, at the first of its commands in the spec.
        var path = [name]
        var next: Command? = target
        while let current = next, !path.dropFirst().contains(current.name.value) {
            path.append(current.name.value)
            if current.name.value == name {
                let members = Set(path)
                if spec.commands.first(where: { members.contains($0.name.value) })?.name.value == name {
                    analysis.diagnostics.error(
                        "commands run each other through `then` without end: \(path.joined(separator: " -> ")); remove one `then`",
                        at: then.location)
                }
                return
            }
            next = current.then.flatMap { step in spec.commands.first { $0.name.value == step.value } }
        }
    }

    /// Each value a command's work sends goes to the event it `emits`: their types must be the
    /// same. Two that cannot be (`SpecCode.typeMatch`) are an error here; two spelled
    /// differently that may be one (an app's alias) are the compiler's to judge, at `emits:`.
    func checkEmittedType(of command: Command, to event: Member, at location: SourceLocation, _ analysis: inout CodeAnalysis) {
        // A `perform`, and a command that sends a machine's event, produce one `()`.
        let producesVoid = switch command.work {
        case .perform, .send: true
        case .producer, .task: false
        }
        let output: String? = producesVoid ? nil : command.output?.value
        switch SpecCode.typeMatch(output ?? "Void", event.type?.value ?? "Void") {
        case .same: return
        case .undecided:
            analysis.typesJudgedByCompiler.insert(location)
            return
        case .different: break
        }
        let sends = output.map { "`\($0)`" } ?? "`()`"
        let advice = if producesVoid {
            "a `perform` or `send` sends `()`: make the event `Void`, or use `work` or `task` with an `output:`"
        } else {
            "give the event the command's `output:` type"
        }
        analysis.diagnostics.error(
            "command `\(command.name.value)` emits `\(event.name.value)`, whose type is `\(event.type?.value ?? "Void")`, but its work sends \(sends); \(advice)",
            at: location, notes: [.init("`\(event.name.value)` is declared here", at: event.name.location)])
    }

    /// Checks each resource; gives them checked, and the values each one's load reads, for `trigger: [change]`.
    func checkResources(_ analysis: inout CodeAnalysis) -> (resources: [CheckedResource], reads: [String: [String]]) {
        var resourceReads: [String: [String]] = [:]
        for resource in spec.resources {
            let what = "`load` of resource `\(resource.name.value)`"
            if resource.isTask {
                resourceReads[resource.name.value] = checkTask(of: resource, &analysis)
            } else if let failure = resource.failure {
                analysis.checkFailureIsAnError(failure, of: "resource `\(resource.name.value)`")
            }
            if !resource.isTask, let body = analysis.parse(resource.load, what, form: .expression) {
                resourceReads[resource.name.value] = CodeAnalysis.firstOfEachSpelling(SpecCode.reads(in: body)).compactMap { read in
                    guard read.name != "self" else { return nil }
                    return analysis.resolve(read, in: resource.load, what).flatMap { $0.isReactive ? $0.name : nil }
                }
            }
            for trigger in resource.triggers where trigger.value == .activation && !spec.hasActivation {
                analysis.diagnostics.error(
                    "resource `\(resource.name.value)` loads on activation, but the view model has no activation: add `lifecycle: active`",
                    at: trigger.location)
            }
        }
        return (spec.resources.map(CheckedResource.init(entry:)), resourceReads)
    }

    // MARK: Graph

    /// The graph of the values, the reloads, the pacers and the reactions, and its update order;
    /// nil when it has a cycle (an error).
    func buildGraph(values: [ReactiveValue], reactions: [ResolvedReaction], resourceReads: [String: [String]], _ analysis: inout CodeAnalysis) -> (graph: DependencyGraph, updateOrder: [GraphNode])? {
        var graph = DependencyGraph()
        for value in values {
            // A paced value is written when its pacer lets a new value through (SpecValidator+Timing).
            graph.add(.value(value.name), reads: value.pacing == nil ? value.reads.map(GraphNode.value) : [.pace(value: value.name)])
        }
        addPacingNodes(of: values, to: &graph)
        // A resource that reloads on change is an effect node reading what its load reads.
        for resource in spec.resources where resource.triggers.contains(where: { $0.value == .change }) {
            var seen = Set<String>()
            let reads = (resourceReads[resource.name.value] ?? []).filter { seen.insert($0).inserted }
            if reads.isEmpty {
                analysis.diagnostics.warning(
                    "resource `\(resource.name.value)` reloads on `change`, but its load reads no value that changes",
                    at: resource.load.location)
            }
            let reload = GraphNode.reload(resource: resource.name.value)
            graph.add(reload, reads: reads.map(GraphNode.value))
            // What the reload loads: a load that reads its own outputs is a cycle.
            for output in [resource.name.value, GeneratedNames.isLoading(of: resource.name.value), GeneratedNames.error(of: resource.name.value)].map(GraphNode.value) where graph.inputs[output] != nil { graph.add(output, reads: [reload]) }
        }
        addReactions(reactions, to: &graph)
        if let cycle = graph.firstCycle() {
            let first = cycle[0]
            let steps = zip(cycle, cycle.dropFirst()).map { from, to -> Diagnostic.Note in
                .init(cycleStep(from: from, to: to, values: values, reactions: reactions), at: cycleStepLocation(from: from, to: to, values: values, reactions: reactions))
            }
            analysis.diagnostics.error(
                "dependency cycle: \(cycle.map { displayName($0, values: values) }.joined(separator: " -> ")); a value cannot depend on itself: break the cycle",
                at: steps.first?.location ?? locationOfNode(first, values: values, reactions: reactions), notes: steps)
            return nil
        }
        return (graph, graph.topologicalOrder())
    }

    func displayName(_ node: GraphNode, values: [ReactiveValue]) -> String {
        switch node {
        case .reload(let resource): "reload of " + resource
        case .reaction(let reaction): "reaction " + reaction
        case .pace(let value): value + " (before its pacing)"
        case .value(let name):
            switch values.first(where: { $0.name == name })?.source {
            case .condition(let command): "enabled condition of \(command)"
            case .rule: ruleName(name, quoted: false)
            default: name
            }
        }
    }

    func locationOfNode(_ node: GraphNode, values: [ReactiveValue], reactions: [ResolvedReaction]) -> SourceLocation {
        let location = switch node {
        case .value(let name): values.first { $0.name == name }.map { $0.expression?.location ?? $0.location }
        case .reaction(let name): reactions.first { $0.name == name }?.perform.location
        case .pace(let value): Optional(locationOfNode(.value(value), values: values, reactions: reactions))
        case .reload(let name): spec.resources.first { $0.name.value == name }?.load.location
        }
        return location ?? spec.viewModel.location
    }

    // MARK: Warnings

    func warnAboutValuesThatNeverChange(values: [ReactiveValue], _ analysis: inout CodeAnalysis) {
        let written = Set(analysis.statementReads)
        for member in spec.state where !member.isInput && !written.contains(member.name.value) {
            analysis.diagnostics.warning(
                "state value `\(member.name.value)` never changes: it is not an input and no command writes it; make it a constant or add `input: true`",
                at: member.name.location)
        }
        for command in spec.commands {
            guard case .producer = command.work, let onFailure = command.onFailure, !CheckedCommand(entry: command).canFail else { continue }
            analysis.diagnostics.warning(
                "`onFailure` of command `\(command.name.value)` never runs: its work's failure type is `Never`; set `failure:` to the type it fails with",
                at: onFailure.location)
        }
        let emitted = Set(spec.commands.compactMap { $0.emits?.value })
        for event in spec.events where !emitted.contains(event.name.value) {
            analysis.diagnostics.warning(
                "event `\(event.name.value)` is never sent: no command emits it; add `emits: \(event.name.value)` to the command that should send it, or remove the event",
                at: event.name.location)
        }
        for value in values where value.isComputed && value.reads.isEmpty && value.expression != nil {
            let what: String
            switch value.source {
            case .condition(let command):
                // Fixed for one view model's life, but it may differ between view models.
                let perInstance: [Symbol.Kind] = [.parameter, .dependency]
                if analysis.fixedReads[.value(value.name), default: []].contains(where: { symbols[$0].map { perInstance.contains($0.kind) } ?? false }) {
                    continue
                }
                analysis.diagnostics.warning(
                    "the enabled condition of `\(command)` reads no value that changes and no parameter or dependency, so the command is always enabled or always disabled; remove `enabled` (its `perform` can check and return), or make the condition read a state or derived value",
                    at: value.expression!.location)
                continue
            case .rule: what = ruleName(value.name)
            case .child:
                // A child made once is followed for the view model's life: its values change
                // although the object does not (a constant holding it would not be followed).
                continue
            default: what = "`\(value.name)`"
            }
            analysis.diagnostics.warning(
                "\(what) reads no value that changes, so it never changes; make it a constant", at: value.expression!.location)
        }
    }
}
