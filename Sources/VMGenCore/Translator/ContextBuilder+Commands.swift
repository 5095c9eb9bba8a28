/// Commands, resources and the instance methods that run the spec's statements.
extension ContextBuilder {
    struct CommandTypes {
        var input: String
        var output: String
        var failure: String
        var hasInput: Bool
    }

    func types(of command: CheckedCommand) -> CommandTypes {
        CommandTypes(
            input: types.name(for: command.input, or: "Swift.Void"),
            output: types.name(for: command.output, or: "Swift.Void"),
            failure: types.name(for: command.failure, or: command.defaultFailure),
            hasInput: command.takesInput)
    }

    func commandMember(_ command: CheckedCommand) -> CommandMember {
        let name = command.name.value
        let types = types(of: command)
        let type = "Reactive.Command<\(types.input), \(types.output), \(types.failure)>"
        var arguments: [String] = []
        if command.policy != .oneAtATime { arguments.append("policy: .\(command.policy.rawValue),") }
        if command.enabled != nil {
            let condition = GeneratedNames.storage(of: GeneratedNames.canExecute(of: name))
            arguments.append("enabledIf: \(GeneratedNames.fixed("property"))(\(condition)) { \(condition).mirror = $0 },")
        }
        if value(named: GeneratedNames.isEnabled(of: name)) != nil {
            // The view model's enabled state is the command's: held once, told in its transactions.
            let enabled = GeneratedNames.storage(of: GeneratedNames.isEnabled(of: name))
            arguments.append("isEnabled: \(GeneratedNames.fixed("property"))(\(enabled)) { \(enabled).mirror = $0 },")
        }
        let step = GeneratedNames.helper(name, "step")
        arguments.append("transaction: { [weak self] step in self?.\(step)(step) ?? step() },")
        let input = types.hasInput ? "input" : "_"
        let pass = types.hasInput ? "input" : ""
        switch command.work {
        case _ where submits(name):
            // The submit command: an attempt shows the messages; the work runs when the form is valid.
            let run = switch command.work {
            case .perform:
                ["    self.\(GeneratedNames.helper(name, "perform"))(\(pass))"]
                    + (command.then.map { then in [
                        "    // Then `\(then.value)`, once this transaction is over; refused if it is disabled then.",
                        "    self.\(transactions).later { [weak self] in self?.\(then.value).execute().start() }",
                    ] } ?? [])
                    + ["    return Reactive.SignalProducer(value: ())"]
            case .producer:
                ["    return self.\(GeneratedNames.helper(name, "work"))(\(pass))"]
            case .task:
                // The task a `task:` command would run, started only after the attempt.
                [
                    "    return Reactive.SignalProducer(taskOnMain: { [weak self] in",
                    "        guard let self else { throw Swift.CancellationError() }",
                    "        return try await self.\(GeneratedNames.helper(name, "task"))(\(pass))",
                    "    })",
                ]
            }
            // A refused attempt completes at once without a value, and is no success: with
            // `onCompleted`, the completion it sends is marked as refused, so no handler runs.
            let attempt = command.onCompleted == nil
                ? ["    guard let self, self.\(attemptName(name))() else { return .empty }"]
                : ["    guard let self else { return .empty }", "    guard self.\(attemptName(name))() else {",
                   "        self.\(refusedName(name)) = true", "        return .empty", "    }"]
            arguments += ["executeOnMain: { [weak self] \(input) in"] + attempt + run + ["}"]
        case .perform:
            // A direct call: an execution creates no producer.
            let perform = "self?.\(GeneratedNames.helper(name, "perform"))(\(pass))"
            if let then = command.then?.value {
                // Deferred to the end of the transaction, so that `then` is enabled or not by the
                // values the perform wrote.
                arguments += [
                    "performOnMain: { [weak self] \(input) in",
                    "    \(perform)",
                    "    // Then `\(then)`, once this transaction is over; refused if it is disabled then.",
                    "    self?.\(transactions).later { [weak self] in self?.\(then).execute().start() }",
                    "}",
                ]
            } else {
                arguments += ["performOnMain: { [weak self] \(input) in \(perform) }"]
            }
        case .producer:
            arguments += ["executeOnMain: { [weak self] \(input) in self?.\(GeneratedNames.helper(name, "work"))(\(pass)) ?? .empty }"]
        case .task:
            arguments += [
                "task: { [weak self] \(input) in",
                "    guard let self else { throw Swift.CancellationError() }",
                "    return try await self.\(GeneratedNames.helper(name, "task"))(\(pass))",
                "}",
            ]
        }
        let creation = (["Reactive.Command("] + arguments.map { "        " + $0 } + ["    )"]).joined(separator: "\n")
        // `lazy var name: Type = Reactive.Command(`, or, when that is too long, the creation on
        // the lines after `=`, one level deeper.
        var head = "    \(access)private(set) lazy var \(name): \(type) ="
        if !LineLayout.fits(head, margin: 0) { head = "    \(access)private(set) lazy var \(name):\n        \(type) =" }
        let declaration = LineLayout.fits(head + " Reactive.Command(", margin: 0)
            ? head + " " + creation
            : head + "\n        " + creation.split(separator: "\n").map(String.init).joined(separator: "\n    ")
        return CommandMember(
            name: name,
            type: type,
            docLines: SwiftText.docLines(command.doc),
            creation: creation,
            declaration: declaration,
            outputs: [GeneratedNames.isExecuting(of: name), GeneratedNames.isEnabled(of: name)].compactMap(value(named:)).map(valueMember))
    }

    func resourceFailure(_ resource: CheckedResource) -> String { types.name(for: resource.failure, or: CheckedResource.defaultFailure) }

    func loaderType(_ resource: CheckedResource) -> String {
        "Reactive.ResourceLoader<\(types.name(for: resource.type)), \(resourceFailure(resource))>"
    }

    /// `private lazy var _r$loader: Type = .init { [weak self] in`, with the type on the next
    /// line when the whole does not fit.
    func loaderDeclarationHead(_ resource: CheckedResource) -> String {
        let options = loaderOptions(resource)
        let creation = ".init\(options.isEmpty ? "" : "(options: \(options))") { [weak self] in"
        let head = "    private lazy var \(loaderName(resource)): \(loaderType(resource)) = \(creation)"
        guard !LineLayout.fits(head, margin: 0) else { return head }
        let typeOnNextLine = "    private lazy var \(loaderName(resource)):\n        \(loaderType(resource)) = "
        // The options, when there are any, on a line of their own.
        return typeOnNextLine + (options.isEmpty ? creation : ".init(\n        options: \(options)\n    ) { [weak self] in")
    }

    func resourceMember(_ resource: CheckedResource) -> ResourceMember {
        let name = resource.name.value
        return ResourceMember(
            name: name,
            loaderName: loaderName(resource),
            loaderType: loaderType(resource),
            declarationHead: loaderDeclarationHead(resource),
            reloadName: GeneratedNames.reload(of: name),
            reloadLines: cancelsPendingReloads(resource) + [reloadInATransaction(resource, selfReference: "self")],
            loadName: GeneratedNames.helper(name, "load"),
            docLines: SwiftText.docLines(resource.doc),
            outputs: [name, GeneratedNames.isLoading(of: name), GeneratedNames.error(of: name)].compactMap(value(named:)).map(valueMember))
    }

    /// The instance methods that run spec statements: command work and handlers, resource loads.
    func actions() -> [CodeFunction] {
        var result: [CodeFunction] = []
        for command in model.commands {
            let name = command.name.value
            let types = types(of: command)
            let parameter = types.hasInput ? self.types.parameter("_ input", types.input) : ""
            switch command.work {
            case .perform(let code):
                result.append(CodeFunction(
                    docLines: [],
                    signature: "private func \(GeneratedNames.helper(name, "perform"))(\(parameter)) {",
                    bodyLines: embedded(code)))
            case .producer(let code):
                result.append(CodeFunction(
                    docLines: [],
                    signature: "private func \(GeneratedNames.helper(name, "work"))(\(parameter)) -> Reactive.SignalProducer<\(types.output), \(types.failure)> {",
                    bodyLines: embedded(code)))
            case .task(let code):
                result.append(CodeFunction(
                    docLines: [],
                    signature: "private func \(GeneratedNames.helper(name, "task"))(\(parameter)) async throws -> \(types.output) {",
                    bodyLines: embedded(code)))
            }
            if submits(name) { result.append(attemptFunction(name)) }
            if command.onValue != nil || command.emits != nil {
                var body: [String] = []
                if let event = command.emits?.value {
                    // Sent once observers know the values of the transaction that emits it. Asked
                    // for before the spec's statements, whose own names (a `let value`) could
                    // otherwise hide the value given.
                    body.append("        \(transactions).emit { [observer = \(GeneratedNames.helper(event, "observer"))] in observer.send(value: value) }")
                }
                body += command.onValue.map(embedded) ?? []
                result.append(CodeFunction(
                    docLines: [],
                    signature: "private func \(GeneratedNames.helper(name, "didSendValue"))(\(self.types.parameter("_ value", types.output))) {",
                    bodyLines: body))
            }
            if let onFailure = command.onFailure {
                result.append(CodeFunction(
                    docLines: [],
                    signature: "private func \(GeneratedNames.helper(name, "didFail"))(_ error: \(types.failure)) {",
                    bodyLines: embedded(onFailure)))
            }
            if let onCompleted = command.onCompleted {
                // The completion of a refused submit attempt is no success (it sends nothing).
                let refused = submits(name) ? [
                    "        guard !\(refusedName(name)) else {",
                    "            \(refusedName(name)) = false",
                    "            return",
                    "        }",
                ] : []
                result.append(CodeFunction(
                    docLines: [],
                    signature: "private func \(GeneratedNames.helper(name, "didComplete"))() {",
                    bodyLines: refused + embedded(onCompleted)))
            }
        }
        for resource in model.resources {
            result.append(CodeFunction(
                docLines: resource.isTask ? ["/// Starts one load of `\(resource.name.value)`, with what its task reads as it is now."] : [],
                signature: "private func \(GeneratedNames.helper(resource.name.value, "load"))() -> Reactive.SignalProducer<\(types.name(for: resource.type)), \(resourceFailure(resource))> {",
                bodyLines: resource.isTask ? taskLoadLines(resource) : embedded(resource.load)))
            if let task = taskComputation(resource) { result.append(task) }
        }
        return result
    }
}
