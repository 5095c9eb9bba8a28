/// The initializer, the update functions and the pure computations: where the dependency
/// graph becomes code.
extension ContextBuilder {
    /// The names a piece of code reads that the generated code passes to its computation, in
    /// order of first appearance, with their types.
    func arguments(of code: Code? = nil, for key: CodeSlot) -> [(name: String, type: String)] {
        let fixed = Set(model.fixedReads[key] ?? [])
        return (model.argumentOrder[key] ?? []).compactMap { name in
            if let value = value(named: name) { return (name, typeName(of: value)) }
            if fixed.contains(name), let type = memberType(named: name) { return (name, type) }
            return nil
        }
    }

    /// `Self.computeX(a: a, b: b)`, with each reactive argument read through `reactiveRead`.
    /// `fixedRead` reads the others (parameters, dependencies, constants), by name by default.
    func call(_ function: String, arguments: [(name: String, type: String)], reactiveRead: (String) -> String,
              fixedRead: (String) -> String = { $0 }) -> LineLayout.Piece {
        .call("Self." + function, arguments.map { argument in
            let isReactive = value(named: argument.name) != nil
            return (argument.name, .text(isReactive ? reactiveRead(argument.name) : fixedRead(argument.name)))
        })
    }

    /// `command`'s enabled state from the stored values its `<command>IsEnabled` reads, as the checker
    /// decided them (`_saveCanExecute && !_saveIsExecuting`); nil for a command that is always enabled.
    func enabledState(of command: String, reading reads: [String]) -> String? {
        let stored = reads.map { ($0 == GeneratedNames.isExecuting(of: command) ? "!" : "") + storedValue($0) }
        return stored.isEmpty ? nil : stored.joined(separator: " && ")
    }

    func computationName(of value: ReactiveValue) -> String {
        if case .state = value.source { return GeneratedNames.helper(value.name, "initial") }
        return GeneratedNames.helper(value.name, "compute")
    }

    /// The key under which the validator stored an expression's fixed reads.
    func readsKey(of value: ReactiveValue) -> CodeSlot {
        if case .state = value.source { return .initial(state: value.name) }
        return .value(value.name)
    }

    // MARK: Computations

    func computations() -> [CodeFunction] {
        var result: [CodeFunction] = []
        for constant in model.constants {
            guard let code = constant.value, let type = constant.type.map(types.name(for:)) else { continue }
            let arguments = arguments(of: code, for: .constant(constant.name.value))
            result.append(CodeFunction(
                docLines: [],
                signature: signature("private static func \(GeneratedNames.helper(constant.name.value, "make"))",
                                     parameters: parameterList(arguments), result: " -> \(type)"),
                bodyLines: embedded(code)))
        }
        for value in model.reactiveValues {
            guard let code = value.expression else { continue }
            let arguments = arguments(of: code, for: readsKey(of: value))
            result.append(CodeFunction(
                docLines: [],
                signature: signature("private static func \(computationName(of: value))",
                                     parameters: parameterList(arguments), result: " -> \(typeName(of: value))"),
                bodyLines: embedded(code)))
        }
        return result
    }

    func parameterList(_ arguments: [(name: String, type: String)]) -> [String] {
        arguments.map { types.parameter($0.name, $0.type) }
    }

    /// `head(a: A, b: B)result {` for a function of the class body: on one line when it fits,
    /// otherwise one parameter per line (the lines after the first carry their indentation).
    func signature(_ head: String, parameters: [String], result: String = "") -> String {
        let line = head + "(" + parameters.joined(separator: ", ") + ")" + result + " {"
        if LineLayout.fits(line, margin: 4) || parameters.isEmpty { return line }
        let list = parameters.enumerated().map { position, parameter in
            "        " + parameter + (position == parameters.count - 1 ? "" : ",")
        }
        return ([head + "("] + list + ["    )" + result + " {"]).joined(separator: "\n")
    }

    // MARK: Initializer

    func initializer() -> CodeFunction {
        let initializerParameters = (model.parameters + model.dependencies).compactMap { member in
            member.type.map { types.parameter(member.name.value, types.name(for: $0)) }
        } + schedulerParameter
        // The body's lines sit 8 columns in.
        let margin = 8
        var lines: [String] = schedulerLines
        // An argument whose type may be an alias of a function type is stored at the type's
        // place in the spec: should it be one, the compiler reports the store there.
        var locatedStores: [String] = []
        for member in model.parameters + model.dependencies {
            let name = member.name.value
            if let type = member.type, types.mayBeFunctionAlias(type),
               let located = SwiftText.locatedDeclaration(
                   [.code("self.\(name) "), .spec(Located("= \(name)", at: type.location), alias: "= \(name)")], indent: "        ") {
                locatedStores += located
            } else {
                lines.append("self.\(name) = \(name)")
            }
        }
        for constant in model.constants {
            guard let code = constant.value else { continue }
            let name = constant.name.value
            let arguments = arguments(of: code, for: .constant(name))
            lines += LineLayout.lines(call(GeneratedNames.helper(name, "make"), arguments: arguments) { $0 },
                                      prefix: "let \(name) = ", margin: margin)
            lines.append("self.\(name) = \(name)")
        }
        if hasTransactions {
            lines.append("")
            lines.append("// Every value's first state, in update order.")
        }
        for name in model.updateOrder.compactMap(\.valueName) {
            guard let value = value(named: name) else { continue }
            // A spec's type written out: one that does not compile is then reported once, at the spec.
            let type = typeName(of: value)
            let isGeneratorType = type.hasPrefix("Swift.") || type == "(any Swift.Error)?"
            lines += LineLayout.lines(.call(isGeneratorType ? ".init" : "Reactive.Stored<\(type)>", [(nil, initialValueExpression(of: value))]),
                                      prefix: "\(GeneratedNames.storage(of: name)) = ", margin: margin)
        }
        for child in childValues {
            lines.append("\(followerName(child.name)) = Reactive.Follower()")
        }
        for event in model.events {
            let name = event.name.value
            let observer = GeneratedNames.helper(name, "observer")
            lines.append("(\(name), \(observer)) = Reactive.Signal<\(types.name(for: event.type, or: "Swift.Void")), Swift.Never>.pipe()")
            // The event completes when the view model is released (see `Signal.Observer.completion`).
            lines.append("\(GeneratedNames.fixed("disposables")) += \(observer).completion")
        }
        // From here on the view model commits its own transactions (`_$recompute()`, `_$notify()`).
        var observations = hasTransactions ? ["\(transactions).attach(self)"] : []
        observations += observationLines()
        for child in childValues {
            // A child's change computes this view model again in the child's transaction.
            let follower = followerName(child.name)
            observations.append("\(follower).owner = \(transactions)")
            observations.append("\(follower).follow(\(storedValue(child.name)))")
        }
        observations += childListInitialLines()
        if !observations.isEmpty {
            lines.append("")
            lines.append("// Follow the runtime objects this view model owns.")
            lines.append(contentsOf: observations)
        }
        let initialLoads = model.resources.filter { $0.triggers.contains(.initialization) }
        if !initialLoads.isEmpty {
            lines.append("")
            for resource in initialLoads { lines.append("\(loaderName(resource)).reload()") }
        }
        lines += initialWorkLines
        // The signature shows the types the spec wrote, at their places in the spec.
        let members = (model.parameters + model.dependencies).filter { $0.type != nil }
        var pieces: [SwiftText.DeclarationPiece] = [.code("\(access)init(")]
        for (position, member) in members.enumerated() {
            guard let type = member.type else { continue }
            let escaping = types.isFunction(types.name(for: type)) ? "@escaping " : ""
            pieces += [.lead("\(member.name.value): \(escaping)", hugging: true), types.piece(for: type)]
            if position < members.count - 1 || !schedulerParameter.isEmpty { pieces.append(.code(", ")) }
        }
        pieces += schedulerParameter.map { .code($0) } + [.code(") {")]
        let declaration = located(pieces, plain: signature("\(access)init", parameters: initializerParameters))
        let isLocated = !declaration.typeLocation.isEmpty
        return CodeFunction(
            docLines: ["/// Creates the view model" + (initializerParameters.isEmpty ? "." : " with its parameters and dependencies.")],
            leadingLines: isLocated ? [declaration.typeLocation] : [],
            signature: declaration.text,
            bodyLines: locatedStores + (isLocated || !locatedStores.isEmpty ? ["#sourceLocation()"] : [])
                + lines.map { $0.isEmpty ? "" : "        " + $0 })
    }

    func initialValueExpression(of value: ReactiveValue) -> LineLayout.Piece {
        switch value.source {
        case .validationFlag, .fieldValidity, .message, .formValidity:
            return validationValue(value, reactiveRead: initialRead) ?? .text("nil")
        case .state, .derived, .child, .condition, .rule:
            if let list = childListCall(value, inInitializer: true, reactiveRead: initialRead) { return list }
            guard hasComputation(value) else { return .text("nil") }
            return call(computationName(of: value), arguments: arguments(for: readsKey(of: value)), reactiveRead: initialRead)
        case .commandIsExecuting, .resourceIsLoading, .activation:
            return .text("false")
        case .commandIsEnabled(let command):
            let condition = GeneratedNames.canExecute(of: command)
            return .text(self.value(named: condition) == nil ? "true" : initialRead(condition))
        case .resourceValue, .resourceError:
            return .text("nil")
        }
    }

    func observationLines() -> [String] {
        var lines: [String] = []
        let disposables = GeneratedNames.fixed("disposables")
        // The initializer's lines sit 8 columns in.
        func follow(_ signal: String, _ opening: String, _ body: String) {
            let head = "\(disposables) += \(signal).observeValuesOnMain"
            guard LineLayout.fits(head + " { " + opening, margin: 8) else {
                // A long parameter type: the closure's opening on a line of its own.
                lines += [head + " {", "    " + opening, "    " + body, "}"]
                return
            }
            lines += LineLayout.block(head, opening: opening, body: [body], margin: 8)
        }
        for command in model.commands {
            let name = command.name.value
            let step = stepName(command)
            // Steps that happen on the main actor come through the command's `transaction:`;
            // this follows the others (work that ends on another thread). A `perform` command
            // (`performOnMain:`) has none: each execution is one step, on the main actor.
            // The parameter's type written out: with a command type that does not compile, Swift
            // could not infer it, and would report that here besides the spec's mistake.
            if command.isSeenExecuting {
                follow("\(name).isExecuting.signal", "[weak self] (_: Swift.Bool) in", "self?.\(step) {}")
            }
            // Handlers run in a step: the one under way, or their own when the value or error
            // came from another thread (then with `isExecuting` as it is at that moment).
            // Each closure's parameter type is written out too (the aliases, which do not report
            // again when a type does not compile).
            let types = types(of: command)
            if command.onValue != nil || command.emits != nil {
                let handler = GeneratedNames.helper(name, "didSendValue")
                follow("\(name).values", "[weak self] (\(self.types.parameter("value", types.output))) in", "self?.\(step) { self?.\(handler)(value) }")
            }
            // A work that cannot fail (`Never`) has no failure to follow: its `onFailure` never
            // runs (a warning at the spec), and calling it with a `Never` would be dead code.
            if command.onFailure != nil, command.canFail {
                let handler = GeneratedNames.helper(name, "didFail")
                follow("\(name).errors", "[weak self] (error: \(types.failure)) in", "self?.\(step) { self?.\(handler)(error) }")
            }
            if command.onCompleted != nil {
                let handler = GeneratedNames.helper(name, "didComplete")
                follow("\(name).events", "[weak self] (event: Reactive.Event<\(types.output), \(types.failure)>) in",
                       "if case .completed = event { self?.\(step) { self?.\(handler)() } }")
            }
        }
        for resource in model.resources {
            let loaded = GeneratedNames.helper(resource.name.value, "loaded")
            follow("\(loaderName(resource)).changes", "[weak self] (state: \(loaderType(resource)).State) in", "self?.\(loaded)(state)")
        }
        return lines
    }

    /// Whether the initializer follows one of the command's signals (`observationLines()`).
    func isFollowed(_ command: CheckedCommand) -> Bool {
        command.isSeenExecuting || command.onValue != nil || command.emits != nil
            || (command.onFailure != nil && command.canFail) || command.onCompleted != nil
    }

    func loaderName(_ resource: CheckedResource) -> String { GeneratedNames.helper(resource.name.value, "loader") }

    // MARK: Transactions

    /// The functions that make one action one transaction: a step of each command, an event of
    /// each resource loader, the commit, and the helpers they use, each only when something
    /// calls it. A view model without values (only constants, parameters or dependencies) has
    /// no transactions, so none of these.
    func updates() -> [CodeFunction] {
        guard hasTransactions else { return [] }
        var result: [CodeFunction] = []
        for command in model.commands where command.isSeenExecuting {
            let name = command.name.value
            let executing = GeneratedNames.isExecuting(of: name)
            // One action of the runtime's (`_$step`): the step, then the command's `isExecuting`
            // recorded, by a closure that takes the view model rather than capturing it.
            let record = "$0." + write(executing, "$0.\(name).isExecuting.value").flat
            result.append(CodeFunction(
                docLines: [],
                signature: "private func \(GeneratedNames.helper(name, "step"))(_ step: @escaping () -> Swift.Void) {",
                bodyLines: LineLayout.block("\(GeneratedNames.fixed("step"))(step)", body: [record], margin: 8).map { "        " + $0 }))
        }
        for resource in model.resources {
            let name = resource.name.value
            // One action, written out rather than as `_$write(state) { ... }`: with a resource type
            // that does not compile, Swift cannot type a closure of several statements and reports
            // that in the generated file besides the spec's mistake.
            let loaded = GeneratedNames.helper(name, "loaded")
            var body = LineLayout.block("guard \(transactions).begin() else", body: ["return \(transactions).later { self.\(loaded)(state) }"], margin: 8)
            body += LineLayout.lines(write(name, "state.value"), margin: 8)
            body += LineLayout.lines(write(GeneratedNames.isLoading(of: name), "state.isLoading"), margin: 8)
            let error = GeneratedNames.error(of: name)
            if value(named: error) != nil {
                body += LineLayout.block("if state.errorChanged", body: LineLayout.lines(write(error, "state.error"), margin: 12), margin: 8)
            }
            body.append("\(transactions).end(self)")
            result.append(CodeFunction(
                docLines: [],
                signature: "private func \(loaded)(_ state: \(loaderType(resource)).State) {",
                bodyLines: body.map { "        " + $0 }))
        }
        result += pacingFunctions()
        result += commit()
        result += freshFunctions()
        return result
    }

    /// `_x$fresh(reading:)` of each value computed when read: the value, computed first when it
    /// is out of date, from its inputs as the last transaction left them (a getter may read it in
    /// the middle of a transaction); `reading` marks it read, for a getter.
    func freshFunctions() -> [CodeFunction] {
        model.updateOrder.compactMap(\.valueName).filter(model.computedWhenRead.contains).compactMap { name in
            guard let value = value(named: name) else { return nil }
            let storage = GeneratedNames.storage(of: name)
            let compute = call(computationName(of: value), arguments: arguments(for: readsKey(of: value))) { input in
                model.computedWhenRead.contains(input) ? storedValue(input) : GeneratedNames.storage(of: input) + ".committed"
            }
            // The parameter's own name starts with `_$`, so that it hides no name of the spec (a
            // parameter `reading`, which the computation takes by its name).
            let body = LineLayout.block("if \(storage).isStale", body: LineLayout.lines(.call("\(storage).refresh", [(nil, compute)]), margin: 12), margin: 8)
                + ["return _$reading ? \(storage).read(by: self) : \(storage).value"]
            return CodeFunction(
                docLines: [],
                signature: "private func \(freshName(name))(reading _$reading: Swift.Bool = false) -> \(typeName(of: value)) {",
                bodyLines: body.map { "        " + $0 })
        }
    }

    /// `_x$changed`: whether `x` changed in the transaction being committed.
    func changedFlag(_ node: String) -> String { GeneratedNames.helper(node, "changed") }

    /// `_rows$childChanged`: whether a child in the child value `rows` committed a change.
    func childChangedFlag(_ child: String) -> String { GeneratedNames.helper(child, "childChanged") }

    /// `_rows$follower`: what follows the children in the child value `rows`.
    func followerName(_ child: String) -> String { GeneratedNames.helper(child, "follower") }

    /// The `children` values, which the view model follows.
    var childValues: [ReactiveValue] {
        model.reactiveValues.filter { if case .child = $0.source { true } else { false } }
    }

    /// The commit: which written values changed, then every computed value and effect in update
    /// order, each guarded by whether one of its inputs changed, then the notifications. One
    /// line per value and one condition term per edge: linear in the graph.
    func commit() -> [CodeFunction] {
        var lines: [String] = []
        var flagged = Set<String>()
        // The body's lines sit 8 columns in.
        let margin = 8
        let followed = Set(childValues.map(\.name))
        func markChanged(_ node: String) {
            lines += oldValueLines(keptFor: node)
            lines.append("let \(changedFlag(node)) = \(GeneratedNames.storage(of: node)).changed()")
            flagged.insert(node)
        }
        /// The flags of the inputs that can have changed: `_a$changed`, `_b$changed`. A child
        /// value is an input twice: when it is computed again, and when a child in it changed.
        func changedInputs(_ inputs: [String]) -> [String] {
            var terms: [String] = []
            for input in inputs {
                if flagged.contains(input) { terms.append(changedFlag(input)) }
                if followed.contains(input) { terms.append(childChangedFlag(input)) }
            }
            return terms
        }
        /// `terms` or'ed, in parentheses when more than one, with `suffix` after them: on one
        /// line after `prefix` when it fits, otherwise a few terms per line.
        func condition(_ terms: [String], prefix: String, suffix: String) -> [String] {
            let open = terms.count == 1 ? "" : "("
            let close = terms.count == 1 ? "" : ")"
            var result = LineLayout.joined(terms, separator: "||", prefix: prefix + open, indent: "", margin: margin)
            result[result.count - 1] += close + suffix
            return result
        }
        /// `if <terms or'ed><suffix> { run }`, `indent` in: on one line when it fits.
        func when(_ terms: [String], suffix: String = "", indent: String = "", run: String) -> [String] {
            let head = condition(terms, prefix: indent + "if ", suffix: suffix)
            if head.count == 1 {
                return LineLayout.block(String(head[0].dropFirst(indent.count)), body: [run], indent: indent, margin: margin)
            }
            return head.dropLast() + [head[head.count - 1] + " {", indent + "    " + run, indent + "}"]
        }
        let activationResources = model.resources.filter { $0.triggers.contains(.activation) }
        if model.hasActivation {
            lines.append("// Becoming active loads, becoming inactive cancels, before anything reads the loads.")
            markChanged("isActive")
            if !activationResources.isEmpty {
                lines.append("if \(changedFlag("isActive")) {")
                for resource in activationResources {
                    let loader = loaderName(resource)
                    let active = storedValue("isActive")
                    let cancels = ["\(loader).cancel()"] + cancelsPendingReloads(resource)
                    if cancels.count == 1 {
                        lines.append("    if \(active) { \(loader).reload() } else { \(cancels[0]) }")
                    } else {
                        lines += ["    if \(active) {", "        \(loader).reload()", "    } else {"]
                        lines += cancels.map { "        " + $0 }
                        lines.append("    }")
                    }
                }
                lines.append("}")
            }
        }
        /// Drops a comment line that nothing followed since `mark` (the comment's index).
        func dropComment(ifNothingAfter mark: Int) {
            if lines.count == mark + 1 { lines.removeLast() }
        }
        let wroteMark = lines.count
        lines.append("// What the transaction wrote.")
        for node in model.updateOrder.compactMap(\.valueName) {
            guard let value = value(named: node), value.isWritten, node != "isActive",
                  model.graph.inputs[.value(node)]?.isEmpty ?? true else { continue }
            markChanged(node)
        }
        dropComment(ifNothingAfter: wroteMark)
        let computedMark = lines.count
        lines.append("// Each value an input of which changed, computed again, in update order.")
        if !followed.isEmpty {
            lines.append("// After a child value: whether a child in it committed a change (see `Reactive.Follower`),")
            lines.append("// taken once the value is current (keeping children by id may update them).")
        }
        /// `let _rows$childChanged = _rows$follower.take()`, once `node` is computed.
        func takeChildChange(_ node: String) {
            if followed.contains(node) { lines.append("let \(childChangedFlag(node)) = \(followerName(node)).take()") }
        }
        for graphNode in model.updateOrder {
            let graphInputs = (model.graph.inputs[graphNode] ?? []).compactMap(\.valueName)
            if case .reaction(let name) = graphNode, let reaction = model.reactions.first(where: { $0.name == name }) {
                // Its writes join the transaction; what reads them comes later in the order.
                let terms = changedInputs(reaction.triggers)
                if !terms.isEmpty { lines += reactionLines(reaction, whenAnyOf: terms) }
                continue
            }
            // A reload, or a paced value's new value for its pacer (ContextBuilder+Timing).
            if let effect = effect(of: graphNode) {
                let terms = changedInputs(graphInputs)
                if terms.isEmpty { continue }
                lines += when(terms, suffix: effect.suffix, run: effect.run)
                continue
            }
            guard let node = graphNode.valueName, let value = value(named: node), !flagged.contains(node) else { continue }
            if value.isWritten {
                // Written by an effect above (a reload): known only now.
                markChanged(node)
                continue
            }
            let newValue: LineLayout.Piece
            switch value.source {
            case .commandIsEnabled(let command):
                guard let enabled = enabledState(of: command, reading: value.reads) else { continue }
                newValue = .text(enabled)
            case .fieldValidity, .message, .formValidity:
                guard let computed = validationValue(value, reactiveRead: storedValue) else { continue }
                newValue = computed
            default:
                if let list = childListCall(value, inInitializer: false, reactiveRead: storedValue) {
                    newValue = list
                    break
                }
                guard hasComputation(value) else { continue }
                newValue = call(computationName(of: value), arguments: arguments(for: readsKey(of: value)), reactiveRead: storedValue)
            }
            // A child value changed when it holds other objects; its children's own changes are followed.
            let replaceFunction = if case .child = value.source { "replaceChild" } else { "replace" }
            let terms = changedInputs(graphInputs)
            if terms.isEmpty {
                takeChildChange(node)
                continue
            }
            let storage = GeneratedNames.storage(of: node)
            let replace = LineLayout.Piece.call("\(storage).\(replaceFunction)", [(nil, newValue)])
            // `let _x$changed = <an input changed> && <x computed again differs>`; when that
            // does not fit on one line, `&& replace(...)` goes on the next, wrapped inside if need be.
            // A value computed when read is computed again only when someone watches it; otherwise
            // it is marked out of date, which counts as a change for what reads it:
            // `&& (_x.isWatched ? replace(...) : _x.markStale())`, the choice on a line of its own.
            let head = condition(terms, prefix: "let \(changedFlag(node)) = ", suffix: "")
            if model.computedWhenRead.contains(node) {
                let watched = " && (\(storage).isWatched", stale = " : \(storage).markStale())"
                if head.count == 1, LineLayout.fits(head[0] + watched + " ? " + replace.flat + stale, margin: margin) {
                    lines.append(head[0] + watched + " ? " + replace.flat + stale)
                } else {
                    lines += head.dropLast() + [head[head.count - 1] + watched]
                    lines += LineLayout.lines(replace, prefix: "? ", suffix: stale, indent: "    ", margin: margin)
                }
            } else if head.count == 1, LineLayout.fits(head[0] + " && " + replace.flat, margin: margin) {
                lines.append(head[0] + " && " + replace.flat)
            } else {
                lines += head
                lines += LineLayout.lines(replace, prefix: "&& ", indent: "    ", margin: margin)
            }
            flagged.insert(node)
            if followed.contains(node) {
                let follow = "\(followerName(node)).follow(\(storedValue(node)))"
                lines += LineLayout.block("if \(changedFlag(node))", body: [follow], margin: margin)
            }
            takeChildChange(node)
        }
        dropComment(ifNothingAfter: computedMark)
        let told = model.updateOrder.compactMap(\.valueName).filter(flagged.contains).compactMap(value(named:)).filter(isTold)
        // Parents that follow this view model are computed again when a value they may read changed.
        let parentReads = told.filter(\.isPublic).map { changedFlag($0.name) } + childValues.map { childChangedFlag($0.name) }
        lines += parentReads.isEmpty ? ["return false"] : condition(parentReads, prefix: "return ", suffix: "")
        let recompute = CodeFunction(
            docLines: [],
            signature: "\(contractAccess)func \(GeneratedNames.fixed("recompute"))() -> Swift.Bool {",
            bodyLines: lines.map { $0.isEmpty ? "" : "        " + $0 })
        var notify: [String] = []
        if !told.isEmpty {
            notify.append("// Twice: every runtime property takes its new value, then observers are told in update order.")
        }
        for value in told {
            let storage = GeneratedNames.storage(of: value.name)
            let changed: LineLayout.Piece = value.isPublic
                ? .call(GeneratedNames.fixed("changed"), [(nil, .text("\\.\(value.name)")), (nil, .text(storage)), (nil, .text("telling"))])
                : .call(GeneratedNames.fixed("changed"), [(nil, .text(storage)), (nil, .text("telling"))])
            notify += LineLayout.block("if \(storage).pending(telling)", body: LineLayout.lines(changed, margin: margin + 4), margin: margin)
        }
        notify += invariantCheckLines(when: "telling")
        let tell = CodeFunction(
            docLines: [],
            signature: "\(contractAccess)func \(GeneratedNames.fixed("notify"))(_ telling: Swift.Bool) {",
            bodyLines: notify.map { $0.isEmpty ? "" : "        " + $0 })
        return [recompute, tell]
    }

    /// Whether observers hear of `value`'s changes: a public value, or a command's condition
    /// (which the command's `isEnabled` follows).
    func isTold(_ value: ReactiveValue) -> Bool {
        value.isPublic || commandOfCondition(value) != nil
    }

    /// The command whose `enabled` condition `value` is.
    func commandOfCondition(_ value: ReactiveValue) -> String? {
        if case .condition(let command) = value.source { command } else { nil }
    }

}

