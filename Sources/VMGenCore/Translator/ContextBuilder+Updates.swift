/// The initializer, the update functions and the pure computations: where the dependency
/// graph becomes code.
extension ContextBuilder {
    /// The names an expression reads that the generated code passes to its computation, in
    /// order of first appearance, with their types.
    func arguments(of code: Code, for key: String) -> [(name: String, type: String)] {
        let fixed = Set(model.fixedReads[key] ?? [])
        let reactive = Set(value(named: key)?.reads ?? [])
        return (model.argumentOrder[key] ?? []).compactMap { name in
            if reactive.contains(name), let value = value(named: name) { return (name, typeName(of: value)) }
            if fixed.contains(name), let type = model.symbols[name]?.type { return (name, type) }
            return nil
        }
    }

    /// `Self.computeX(a: a, b: b)`, with each reactive argument read through `reactiveRead`.
    func call(_ function: String, arguments: [(name: String, type: String)], reactiveRead: (String) -> String) -> String {
        let list = arguments.map { argument in
            let isReactive = value(named: argument.name) != nil
            return "\(argument.name): \(isReactive ? reactiveRead(argument.name) : argument.name)"
        }
        return "Self.\(function)(\(list.joined(separator: ", ")))"
    }

    func computationName(of value: ReactiveValue) -> String {
        if case .state = value.source { return GeneratedNames.helper(value.name, "initial") }
        return GeneratedNames.helper(value.name, "compute")
    }

    /// The key under which the validator stored an expression's fixed reads.
    func readsKey(of value: ReactiveValue) -> String {
        if case .state = value.source { return "initial:" + value.name }
        return value.name
    }

    // MARK: Computations

    func computations() -> [CodeFunction] {
        var result: [CodeFunction] = []
        for constant in spec.constants {
            guard let code = constant.value, let type = constant.type?.value else { continue }
            let arguments = arguments(of: code, for: "constant:" + constant.name.value)
            result.append(CodeFunction(
                docLines: ["/// The constant `\(constant.name.value)`."],
                signature: "private static func \(GeneratedNames.helper(constant.name.value, "make"))(\(parameterList(arguments))) -> \(type) {",
                bodyLines: SwiftText.embedded(code)))
        }
        for value in model.reactiveValues {
            guard let code = value.expression else { continue }
            let what: String = switch value.source {
            case .state: "The initial value of `\(value.name)`."
            case .condition(let command): "Whether `\(command)` may run, besides not already running."
            default: "Computes `\(value.name)` from what it reads."
            }
            let arguments = arguments(of: code, for: readsKey(of: value))
            result.append(CodeFunction(
                docLines: ["/// " + what],
                signature: "private static func \(computationName(of: value))(\(parameterList(arguments))) -> \(typeName(of: value)) {",
                bodyLines: SwiftText.embedded(code)))
        }
        return result
    }

    func parameterList(_ arguments: [(name: String, type: String)]) -> String {
        arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
    }

    // MARK: Initializer

    func initializer() -> CodeFunction {
        let initializerParameters = (spec.parameters + spec.dependencies).compactMap { member in
            member.type.map { "\(member.name.value): \(SwiftText.isFunctionType($0.value) ? "@escaping " : "")\($0.value)" }
        }
        var lines: [String] = []
        for member in spec.parameters + spec.dependencies {
            lines.append("self.\(member.name.value) = \(member.name.value)")
        }
        for constant in spec.constants {
            guard let code = constant.value else { continue }
            let name = constant.name.value
            let arguments = arguments(of: code, for: "constant:" + name)
            lines.append("let \(name) = \(call(GeneratedNames.helper(name, "make"), arguments: arguments) { $0 })")
            lines.append("self.\(name) = \(name)")
        }
        lines.append("")
        lines.append("// Every value's first state, in update order.")
        for name in model.updateOrder {
            guard let value = value(named: name) else { continue }
            lines.append("let \(name): \(typeName(of: value)) = \(initialValueExpression(of: value))")
        }
        for value in model.reactiveValues {
            lines.append("\(GeneratedNames.storage(of: value.name)) = \(value.name)")
        }
        for child in childValues {
            lines.append("\(followerName(child.name)) = Reactive.Follower()")
        }
        for command in spec.commands where command.enabled != nil {
            let name = command.name.value
            lines.append("\(conditionProperty(name)) = Reactive.MutableProperty(\(GeneratedNames.canExecute(of: name)))")
        }
        for event in spec.events {
            let name = event.name.value
            lines.append("(\(name), \(GeneratedNames.helper(name, "observer"))) = Reactive.Signal<\(event.type?.value ?? "Swift.Void"), Swift.Never>.pipe()")
        }
        var observations = observationLines()
        for child in childValues {
            // A child's change is a transaction of this view model, run before the child's observers are told.
            let follower = followerName(child.name)
            observations.append("\(follower).action = { [weak self] in self?.\(GeneratedNames.fixed("transaction")) {} }")
            observations.append("\(follower).follow(\(GeneratedNames.storage(of: child.name)))")
        }
        if !observations.isEmpty {
            lines.append("")
            lines.append("// Follow the runtime objects this view model owns.")
            lines.append(contentsOf: observations)
        }
        let initialLoads = spec.resources.filter { $0.triggers.contains { $0.value == .initialization } }
        if !initialLoads.isEmpty {
            lines.append("")
            for resource in initialLoads { lines.append("\(loaderName(resource)).reload()") }
        }
        return CodeFunction(
            docLines: ["/// Creates the view model" + (initializerParameters.isEmpty ? "." : " with its parameters and dependencies.")],
            signature: "\(access)init(\(initializerParameters.joined(separator: ", "))) {",
            bodyLines: lines.map { $0.isEmpty ? "" : "        " + $0 })
    }

    func initialValueExpression(of value: ReactiveValue) -> String {
        switch value.source {
        case .state, .derived, .child, .condition:
            guard let code = value.expression else { return "nil" }
            return call(computationName(of: value), arguments: arguments(of: code, for: readsKey(of: value))) { $0 }
        case .commandIsExecuting, .resourceIsLoading, .activation:
            return "false"
        case .commandIsEnabled(let command):
            let condition = GeneratedNames.canExecute(of: command)
            return self.value(named: condition) == nil ? "true" : condition
        case .resourceValue, .resourceError:
            return "nil"
        }
    }

    func observationLines() -> [String] {
        var lines: [String] = []
        let disposables = GeneratedNames.fixed("disposables")
        for command in spec.commands {
            let name = command.name.value
            // Steps that happen on the main actor come through the command's `transaction:`;
            // this follows the others (work that ends on another thread).
            lines.append("\(disposables) += \(name).isExecuting.signal.observeValuesOnMain { [weak self] _ in self?.\(GeneratedNames.helper(name, "step")) {} }")
            // Handlers run in a step: the one under way, or their own when the value or error
            // came from another thread (then with `isExecuting` as it is at that moment).
            let step = GeneratedNames.helper(name, "step")
            if command.onValue != nil || command.emits != nil {
                let handler = GeneratedNames.helper(name, "didSendValue")
                lines.append("\(disposables) += \(name).values.observeValuesOnMain { [weak self] value in self?.\(step) { self?.\(handler)(value) } }")
            }
            if command.onFailure != nil {
                let handler = GeneratedNames.helper(name, "didFail")
                lines.append("\(disposables) += \(name).errors.observeValuesOnMain { [weak self] error in self?.\(step) { self?.\(handler)(error) } }")
            }
        }
        for resource in spec.resources {
            let loaded = GeneratedNames.helper(resource.name.value, "loaded")
            lines.append("\(disposables) += \(loaderName(resource)).changes.observeValuesOnMain { [weak self] in self?.\(loaded)($0) }")
        }
        return lines
    }

    func loaderName(_ resource: Resource) -> String { GeneratedNames.helper(resource.name.value, "loader") }

    // MARK: Transactions

    /// The functions that make one action one transaction: a step of each command, an event of
    /// each resource loader, and the commit.
    func updates() -> [CodeFunction] {
        var result: [CodeFunction] = []
        for command in spec.commands {
            let name = command.name.value
            let executing = GeneratedNames.isExecuting(of: name)
            result.append(CodeFunction(
                docLines: [
                    "/// Runs one step of `\(name)` (its start, or an event of its work, with the handlers it runs)",
                    "/// in one transaction, with `\(executing)` as the command reports it after the step.",
                ],
                signature: "private func \(GeneratedNames.helper(name, "step"))(_ step: @escaping () -> Swift.Void) {",
                bodyLines: [
                    "guard \(transactions).begin() else { return \(transactions).later { self.\(GeneratedNames.helper(name, "step"))(step) } }",
                    "step()",
                    write(executing, "\(name).isExecuting.value"),
                    "\(transactions).end { \(GeneratedNames.fixed("commit"))() }",
                ].map { "        " + $0 }))
        }
        for resource in spec.resources {
            let name = resource.name.value
            let loaded = GeneratedNames.helper(name, "loaded")
            var body = [
                "guard \(transactions).begin() else { return \(transactions).later { self.\(loaded)(state) } }",
                write(name, "state.value"),
                write(GeneratedNames.isLoading(of: name), "state.isLoading"),
            ]
            let error = GeneratedNames.error(of: name)
            if value(named: error) != nil { body.append("if state.errorChanged { \(write(error, "state.error")) }") }
            body.append("\(transactions).end { \(GeneratedNames.fixed("commit"))() }")
            result.append(CodeFunction(
                docLines: ["/// Applies one event of `\(name)`'s loader: its outputs change in one transaction."],
                signature: "private func \(loaded)(_ state: \(loaderType(resource)).State) {",
                bodyLines: body.map { "        " + $0 }))
        }
        result.append(commit())
        return result
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
    func commit() -> CodeFunction {
        var lines: [String] = []
        var flagged = Set<String>()
        let followed = Set(childValues.map(\.name))
        func markChanged(_ node: String) {
            let storage = GeneratedNames.storage(of: node)
            lines.append("let \(changedFlag(node)) = Reactive.Staging.changed(\(storage), before: &\(GeneratedNames.helper(node, "before")))")
            flagged.insert(node)
        }
        /// `(_a$changed || _b$changed)`, or nil when no input can change.
        func condition(_ inputs: [String]) -> String? {
            // A child value is an input twice: when it is computed again, and when a child in it changed.
            var terms: [String] = []
            for input in inputs {
                if flagged.contains(input) { terms.append(changedFlag(input)) }
                if followed.contains(input) { terms.append(childChangedFlag(input)) }
            }
            if terms.isEmpty { return nil }
            return terms.count == 1 ? terms[0] : "(" + terms.joined(separator: " || ") + ")"
        }
        let activationResources = spec.resources.filter { $0.triggers.contains { $0.value == .activation } }
        if model.hasActivation {
            lines.append("// Becoming active loads, becoming inactive cancels, before anything reads the loads.")
            markChanged("isActive")
            if !activationResources.isEmpty {
                lines.append("if \(changedFlag("isActive")) {")
                for resource in activationResources {
                    let loader = loaderName(resource)
                    lines.append("    if \(GeneratedNames.storage(of: "isActive")) { \(loader).reload() } else { \(loader).cancel() }")
                }
                lines.append("}")
            }
        }
        lines.append("// What the transaction wrote.")
        for node in model.updateOrder {
            guard let value = value(named: node), value.isWritten, node != "isActive",
                  model.graph.inputs[node]?.isEmpty ?? true else { continue }
            markChanged(node)
        }
        if !followed.isEmpty {
            lines.append("// Whether a child committed a change (its parents follow it; see `Reactive.Follower`).")
            for child in childValues {
                lines.append("let \(childChangedFlag(child.name)) = \(followerName(child.name)).take()")
            }
        }
        lines.append("// Each value an input of which changed, computed again, in update order.")
        for node in model.updateOrder {
            if node.hasPrefix("reload:") {
                let name = String(node.dropFirst("reload:".count))
                guard let change = condition(model.graph.inputs[node] ?? []) else { continue }
                // A resource that also loads on activation reloads on change only while active.
                let activeOnly = activationResources.contains { $0.name.value == name }
                let guardText = activeOnly ? "\(change) && \(GeneratedNames.storage(of: "isActive"))" : change
                lines.append("if \(guardText) { \(GeneratedNames.helper(name, "loader")).reload() }")
                continue
            }
            guard let value = value(named: node), !flagged.contains(node) else { continue }
            if value.isWritten {
                // Written by an effect above (a reload): known only now.
                markChanged(node)
                continue
            }
            var inputs = model.graph.inputs[node] ?? []
            let newValue: String
            switch value.source {
            case .commandIsEnabled(let command):
                let isOneAtATime = (spec.commands.first { $0.name.value == command }?.policy?.value ?? .oneAtATime) == .oneAtATime
                let condition = self.value(named: GeneratedNames.canExecute(of: command)).map { GeneratedNames.storage(of: $0.name) }
                if isOneAtATime { inputs.append(GeneratedNames.isExecuting(of: command)) }
                let notExecuting = isOneAtATime ? "!" + GeneratedNames.storage(of: GeneratedNames.isExecuting(of: command)) : nil
                newValue = [condition, notExecuting].compactMap { $0 }.joined(separator: " && ")
                if newValue.isEmpty { continue }
            default:
                guard let code = value.expression else { continue }
                newValue = call(computationName(of: value), arguments: arguments(of: code, for: readsKey(of: value))) { GeneratedNames.storage(of: $0) }
            }
            guard let change = condition(inputs) else { continue }
            // A child value changed when it holds other objects; its children's own changes are followed.
            let replaceFunction = if case .child = value.source { "replaceChild" } else { "replace" }
            let replace = "Reactive.Staging.\(replaceFunction)(&\(GeneratedNames.storage(of: node)), with: \(newValue))"
            lines.append("let \(changedFlag(node)) = \(change) && \(replace)")
            flagged.insert(node)
            if followed.contains(node) {
                lines.append("if \(changedFlag(node)) { \(followerName(node)).follow(\(GeneratedNames.storage(of: node))) }")
            }
        }
        let told = model.updateOrder.filter(flagged.contains).compactMap(value(named:))
        lines.append("")
        lines.append("\(transactions).notify {")
        lines.append("    // Runtime properties take their new values first, so that every observer reads current ones.")
        for value in told {
            let flag = changedFlag(value.name)
            let storage = GeneratedNames.storage(of: value.name)
            if value.isPublic {
                lines.append("    if \(flag) { \(GeneratedNames.helper(value.name, "mirror"))?.stage(\(storage)) }")
            } else if case .condition(let command) = value.source {
                lines.append("    if \(flag) { \(conditionProperty(command)).stage(\(storage)) }")
            }
        }
        if !followed.isEmpty {
            let terms = childValues.map { childChangedFlag($0.name) }.joined(separator: " || ")
            lines.append("    // A child's change is a change of this view model for its own parents, which may read the child.")
            lines.append("    if \(terms) { \(transactions).willTellObservers() }")
        }
        lines.append("    // Then observers are told, in update order: Observation, then the runtime property.")
        for value in told {
            let flag = changedFlag(value.name)
            if value.isPublic {
                lines.append("    if \(flag) { \(GeneratedNames.fixed("didChange"))(\\.\(value.name), \(GeneratedNames.helper(value.name, "mirror"))) }")
            } else if case .condition(let command) = value.source {
                lines.append("    if \(flag) { \(conditionProperty(command)).publish() }")
            }
        }
        lines.append("}")
        return CodeFunction(
            docLines: [
                "/// Ends a transaction: computes again, once and in update order, each value that reads a value",
                "/// that changed, then tells observers about each value that changed, once.",
            ],
            signature: "private func \(GeneratedNames.fixed("commit"))() {",
            bodyLines: lines.map { $0.isEmpty ? "" : "        " + $0 })
    }
}
