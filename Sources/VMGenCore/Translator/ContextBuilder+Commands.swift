/// Commands, resources and the instance methods that run the spec's statements.
extension ContextBuilder {
    struct CommandTypes {
        var input: String
        var output: String
        var failure: String
        var hasInput: Bool { input != "Void" && input != "()" }
    }

    func types(of command: Command) -> CommandTypes {
        let defaultFailure: String = if case .task = command.work { "any Error" } else { "Never" }
        return CommandTypes(
            input: command.input?.value ?? "Void",
            output: command.output?.value ?? "Void",
            failure: command.failure?.value ?? defaultFailure)
    }

    func commandMember(_ command: Command) -> CommandMember {
        let name = command.name.value
        let types = types(of: command)
        let type = "Command<\(types.input), \(types.output), \(types.failure)>"
        var arguments: [String] = []
        if let policy = command.policy?.value, policy != .oneAtATime { arguments.append("policy: .\(policy.rawValue),") }
        if command.enabled != nil {
            arguments.append("enabledIf: Property(\(GeneratedNames.storage(of: GeneratedNames.canExecute(of: name)))),")
        }
        let input = types.hasInput ? "input" : "_"
        let pass = types.hasInput ? "input" : ""
        switch command.work {
        case .perform:
            arguments += [
                "executeOnMain: { [weak self] \(input) in",
                "    self?.\(GeneratedNames.perform(of: name))(\(pass))",
                "    return SignalProducer(value: ())",
                "}",
            ]
        case .producer:
            arguments += ["executeOnMain: { [weak self] \(input) in self?.\(GeneratedNames.work(of: name))(\(pass)) ?? .empty }"]
        case .task:
            arguments += [
                "task: { [weak self] \(input) in",
                "    guard let self else { throw CancellationError() }",
                "    return try await self.\(GeneratedNames.task(of: name))(\(pass))",
                "}",
            ]
        }
        if let last = arguments.indices.last, arguments[last].hasSuffix(",") { arguments[last].removeLast() }
        return CommandMember(
            name: name,
            type: type,
            docLines: SwiftText.docLines(command.doc),
            creation: (["Command("] + arguments.map { "        " + $0 } + ["    )"]).joined(separator: "\n"),
            outputs: [GeneratedNames.isExecuting(of: name), GeneratedNames.isEnabled(of: name)].compactMap(value(named:)).map(valueMember))
    }

    func resourceMember(_ resource: Resource) -> ResourceMember {
        let name = resource.name.value
        let failure = resource.failure?.value ?? "any Error"
        return ResourceMember(
            name: name,
            loaderName: loaderName(resource),
            loaderType: "ResourceLoader<\(resource.type.value), \(failure)>",
            reloadName: GeneratedNames.reload(of: name),
            loadName: GeneratedNames.load(of: name),
            docLines: SwiftText.docLines(resource.doc),
            outputs: [name, GeneratedNames.isLoading(of: name), GeneratedNames.error(of: name)].compactMap(value(named:)).map(valueMember))
    }

    /// The instance methods that run spec statements: command work and handlers, resource loads.
    func actions() -> [CodeFunction] {
        var result: [CodeFunction] = []
        for command in spec.commands {
            let name = command.name.value
            let types = types(of: command)
            let parameter = types.hasInput ? "_ input: \(types.input)" : ""
            switch command.work {
            case .perform(let code):
                result.append(CodeFunction(
                    docLines: ["/// What `\(name)` does."],
                    signature: "private func \(GeneratedNames.perform(of: name))(\(parameter)) {",
                    bodyLines: SwiftText.embedded(code)))
            case .producer(let code):
                result.append(CodeFunction(
                    docLines: ["/// The work `\(name)` starts on each execution."],
                    signature: "private func \(GeneratedNames.work(of: name))(\(parameter)) -> SignalProducer<\(types.output), \(types.failure)> {",
                    bodyLines: SwiftText.embedded(code)))
            case .task(let code):
                result.append(CodeFunction(
                    docLines: ["/// The work `\(name)` runs on each execution."],
                    signature: "private func \(GeneratedNames.task(of: name))(\(parameter)) async throws -> \(types.output) {",
                    bodyLines: SwiftText.embedded(code)))
            }
            if command.onValue != nil || command.emits != nil {
                var body = command.onValue.map(SwiftText.embedded) ?? []
                if let event = command.emits?.value { body.append("        \(GeneratedNames.observer(of: event)).send(value: value)") }
                result.append(CodeFunction(
                    docLines: ["/// Handles each value `\(name)` produces."],
                    signature: "private func \(GeneratedNames.didSendValue(of: name))(_ value: \(types.output)) {",
                    bodyLines: body))
            }
            if let onFailure = command.onFailure {
                result.append(CodeFunction(
                    docLines: ["/// Handles a failure of `\(name)`."],
                    signature: "private func \(GeneratedNames.didFail(of: name))(_ error: \(types.failure)) {",
                    bodyLines: SwiftText.embedded(onFailure)))
            }
        }
        for resource in spec.resources {
            let failure = resource.failure?.value ?? "any Error"
            result.append(CodeFunction(
                docLines: ["/// Starts one load of `\(resource.name.value)`."],
                signature: "private func \(GeneratedNames.load(of: resource.name.value))() -> SignalProducer<\(resource.type.value), \(failure)> {",
                bodyLines: SwiftText.embedded(resource.load)))
        }
        return result
    }
}
