/// The initializer, the update functions and the pure computations: where the dependency
/// graph becomes code.
extension ContextBuilder {
    /// The names an expression reads that the generated code passes to its computation, in
    /// order of first appearance, with their types.
    func arguments(of code: Code, for key: String) -> [(name: String, type: String)] {
        let fixed = Set(model.fixedReads[key] ?? [])
        let reactive = Set(value(named: key)?.reads ?? [])
        return (model.argumentOrder[key] ?? []).compactMap { name in
            if reactive.contains(name), let value = value(named: name) { return (name, value.type) }
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
        if case .state = value.source { return GeneratedNames.initial(of: value.name) }
        return GeneratedNames.compute(of: value.name)
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
                signature: "private static func \(GeneratedNames.make(of: constant.name.value))(\(parameterList(arguments))) -> \(type) {",
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
                signature: "private static func \(computationName(of: value))(\(parameterList(arguments))) -> \(value.type) {",
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
            lines.append("let \(name) = \(call(GeneratedNames.make(of: name), arguments: arguments) { $0 })")
            lines.append("self.\(name) = \(name)")
        }
        lines.append("")
        lines.append("// Every value's first state, in update order.")
        for name in model.updateOrder {
            guard let value = value(named: name) else { continue }
            lines.append("let \(name): \(value.type) = \(initialValueExpression(of: value))")
        }
        for value in model.reactiveValues {
            lines.append("\(GeneratedNames.storage(of: value.name)) = MutableProperty(\(value.name))")
        }
        for value in model.reactiveValues where value.isPublic {
            lines.append("\(GeneratedNames.property(of: value.name)) = Property(\(GeneratedNames.storage(of: value.name)))")
        }
        for event in spec.events {
            let name = event.name.value
            lines.append("(\(name), \(GeneratedNames.observer(of: name))) = Signal<\(event.type?.value ?? "Void"), Never>.pipe()")
        }
        let observations = observationLines()
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
        func follow(_ signal: String, with update: String) {
            lines.append("disposables += \(signal).observeValuesOnMain { [weak self] _ in self?.\(update)() }")
        }
        for command in spec.commands {
            let name = command.name.value
            follow("\(name).isExecuting.signal", with: GeneratedNames.stateUpdate(of: name))
            follow("\(name).isEnabled.signal", with: GeneratedNames.stateUpdate(of: name))
            if command.onValue != nil || command.emits != nil {
                lines.append("disposables += \(name).values.observeValuesOnMain { [weak self] in self?.\(GeneratedNames.didSendValue(of: name))($0) }")
            }
            if command.onFailure != nil {
                lines.append("disposables += \(name).errors.observeValuesOnMain { [weak self] in self?.\(GeneratedNames.didFail(of: name))($0) }")
            }
        }
        for resource in spec.resources {
            let name = resource.name.value
            let loader = loaderName(resource)
            let update = GeneratedNames.stateUpdate(of: name)
            follow("\(loader).value.signal", with: update)
            follow("\(loader).isLoading.signal", with: update)
            if value(named: GeneratedNames.error(of: name)) != nil { follow("\(loader).error.signal", with: update) }
        }
        return lines
    }

    func loaderName(_ resource: Resource) -> String { GeneratedNames.loader(of: resource.name.value) }

    // MARK: Updates

    /// The computed values and effects to bring up to date when `source` changes, in update
    /// order. The walk stops at values the runtime updates itself (a command's `isEnabled`):
    /// they run their own update when their signal fires.
    func downstream(of source: String) -> [String] {
        let isComputed = { (node: String) in self.value(named: node)?.isComputed == true }
        return model.graph.downstream(of: source, order: model.updateOrder, continuingPast: isComputed)
            .filter { isComputed($0) || self.value(named: $0) == nil }
    }

    /// Values that change together and are brought up to date by one update function: a
    /// state value or `isActive` alone (changed by its setter), or the outputs of one command or
    /// resource (read from the runtime object, staged together, then notified together, so an
    /// observer never sees a command "executing" and "enabled" at once).
    struct UpdateGroup {
        /// The update function's name.
        var function: String
        /// The group's values, each with the expression that reads its new value from the
        /// runtime; nil for a value its setter already stored.
        var members: [(value: ReactiveValue, newValue: String?)]
    }

    func updateGroups() -> [UpdateGroup] {
        var groups: [UpdateGroup] = model.reactiveValues.compactMap { value in
            switch value.source {
            case .state, .activation: UpdateGroup(function: GeneratedNames.update(of: value.name), members: [(value, nil)])
            default: nil
            }
        }
        for command in spec.commands {
            let name = command.name.value
            groups.append(UpdateGroup(function: GeneratedNames.stateUpdate(of: name), members: [
                (value(named: GeneratedNames.isExecuting(of: name))!, "\(name).isExecuting.value"),
                (value(named: GeneratedNames.isEnabled(of: name))!, "\(name).isEnabled.value"),
            ]))
        }
        for resource in spec.resources {
            let name = resource.name.value
            let loader = loaderName(resource)
            let outputs = [(name, "value"), (GeneratedNames.isLoading(of: name), "isLoading"), (GeneratedNames.error(of: name), "error")]
            groups.append(UpdateGroup(function: GeneratedNames.stateUpdate(of: name), members: outputs.compactMap { output, property in
                value(named: output).map { ($0, "\(loader).\(property).value") }
            }))
        }
        return groups
    }

    func updates() -> [CodeFunction] {
        updateGroups().map(update)
    }

    func update(_ group: UpdateGroup) -> CodeFunction {
        let sources = group.members.map(\.value.name)
        let stored = Set(group.members.filter { $0.newValue == nil }.map(\.value.name))
        let reached = Set(sources.flatMap(downstream(of:)))
        let nodes = model.updateOrder.filter(reached.contains)
        let updated = reached.union(sources)
        var lines: [String] = []
        for member in group.members {
            guard let newValue = member.newValue else { continue }
            lines.append("let \(member.value.name)Changed = \(GeneratedNames.storage(of: member.value.name)).stage(\(newValue))")
        }
        if stored.isEmpty {
            lines.append("guard \(sources.map { "\($0)Changed" }.joined(separator: " || ")) else { return }")
        }
        /// `aChanged || bChanged`, or nil when an input was stored by a setter (always changed).
        func changeCondition(of node: String) -> String? {
            let inputs = (model.graph.inputs[node] ?? []).filter(updated.contains)
            if inputs.contains(where: stored.contains) { return nil }
            return inputs.map { "\($0)Changed" }.joined(separator: " || ")
        }
        for node in nodes {
            guard let value = value(named: node), let code = value.expression else { continue }
            let compute = call(computationName(of: value), arguments: arguments(of: code, for: readsKey(of: value))) { "\(GeneratedNames.storage(of: $0)).value" }
            let stage = "\(GeneratedNames.storage(of: node)).stage(\(compute))"
            if let condition = changeCondition(of: node) {
                let grouped = condition.contains("||") ? "(\(condition))" : condition
                lines.append("let \(node)Changed = \(grouped) && \(stage)")
            } else {
                lines.append("let \(node)Changed = \(stage)")
            }
        }
        for member in group.members {
            let notify = notifyLine(for: member.value)
            lines.append(stored.contains(member.value.name) ? notify : "if \(member.value.name)Changed { \(notify) }")
        }
        for node in nodes {
            guard let value = value(named: node) else { continue }
            lines.append("if \(node)Changed { \(notifyLine(for: value)) }")
        }
        for node in nodes where node.hasPrefix("reload:") {
            let name = String(node.dropFirst("reload:".count))
            // A resource that also loads on activation reloads on change only while active.
            let activeOnly = spec.resources.first { $0.name.value == name }?.triggers.contains { $0.value == .activation } ?? false
            let conditions = [changeCondition(of: node), activeOnly ? "\(GeneratedNames.storage(of: "isActive")).value" : nil].compactMap { $0 }
            let reload = "\(name)Loader.reload()"
            lines.append(conditions.isEmpty ? reload : "if \(conditions.joined(separator: " && ")) { \(reload) }")
        }
        if group.members.contains(where: { if case .activation = $0.value.source { true } else { false } }) {
            for resource in spec.resources where resource.triggers.contains(where: { $0.value == .activation }) {
                let loader = loaderName(resource)
                lines.append("if \(GeneratedNames.storage(of: "isActive")).value { \(loader).reload() } else { \(loader).cancel() }")
            }
        }
        let names = sources.map { "`\($0)`" }.joined(separator: ", ")
        let what: String = if stored.isEmpty {
            "/// Reads \(names) from the runtime; when any changed, brings what reads them up to date and notifies."
        } else if nodes.isEmpty {
            "/// Notifies observers that \(names) changed."
        } else {
            "/// Brings every value that reads \(names) up to date, then notifies observers of what changed."
        }
        return CodeFunction(
            docLines: [what],
            signature: "private func \(group.function)() {",
            bodyLines: lines.map { "        " + $0 })
    }

    func notifyLine(for value: ReactiveValue) -> String {
        let storage = GeneratedNames.storage(of: value.name)
        return value.isPublic ? "didChange(\\.\(value.name), \(storage))" : "\(storage).publish()"
    }
}
