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
        let work: String = switch command.work {
        case .perform, .send: "perform"
        case .producer: "work"
        case .task: "task"
        }
        func isPerform() -> Bool { performs(command) }
        func isTask() -> Bool { if case .task = command.work { true } else { false } }
        // The declaration shows the types the spec wrote, at their places in the spec.
        let head = "\(access)private(set) lazy var \(name):"
        // A task's initializer names its types (the aliases): with a type that does not compile,
        // Swift could not infer the failure its closure throws, and would report that too.
        let initializer = isTask() ? "\(type)(" : "Reactive.Command("
        let plain = LineLayout.fits("\(head) \(type) = \(initializer)", margin: 4)
            ? "\(head) \(type) = \(initializer)" : "\(head)\n        \(type) = \(initializer)"
        let declaration = located([
            .code("\(head) Reactive.Command<"), self.types.piece(for: command.input, or: "Swift.Void"), .code(", "),
            self.types.piece(for: command.output, or: "Swift.Void"), .code(", "),
            self.types.piece(for: command.failure, or: command.defaultFailure), .code("> = \(initializer)"),
        ], plain: plain)
        return CommandMember(
            name: name,
            type: type,
            docLines: SwiftText.docLines(command.doc),
            declaration: declaration.text,
            typeLocation: declaration.typeLocation,
            policy: command.policy == .oneAtATime ? "" : ".\(command.policy.rawValue)",
            conditionStorage: value(named: GeneratedNames.canExecute(of: name)) == nil ? "" : GeneratedNames.storage(of: GeneratedNames.canExecute(of: name)),
            // The view model's enabled state is the command's: held once, told in its transactions.
            enabledStorage: value(named: GeneratedNames.isEnabled(of: name)) == nil
                ? "" : GeneratedNames.storage(of: GeneratedNames.isEnabled(of: name)),
            stepName: stepName(command),
            // The closures' parameter and a task's result written out (with the aliases): with a
            // command type that does not compile, Swift could not infer them, and would report
            // that besides the spec's mistake.
            inputName: types.hasInput ? "(\(self.types.parameter("input", types.input)))" : "(_: \(types.input))",
            outputType: types.output,
            inputArgument: types.hasInput ? "input" : "",
            workName: GeneratedNames.helper(name, work),
            performs: isPerform(),
            producesWork: !isPerform() && !isTask(),
            runsTask: isTask(),
            then: command.then?.value ?? "",
            attemptName: submits(name) ? attemptName(name) : "",
            refusedName: submits(name) && command.onCompleted != nil ? refusedName(name) : "",
            outputs: [GeneratedNames.isExecuting(of: name), GeneratedNames.isEnabled(of: name)].compactMap(value(named:)).map(valueMember))
    }

    /// Whether the command's work is statements (`perform:`, or `send:`, a machine's event).
    func performs(_ command: CheckedCommand) -> Bool {
        switch command.work {
        case .perform, .send: true
        default: false
        }
    }

    /// What runs each step of the command's executions as one action: its `_x$step`, which
    /// records `isExecuting` after the step, or, for a command nobody sees executing
    /// (`CheckedCommand.isSeenExecuting`), the runtime's `_$transaction`.
    func stepName(_ command: CheckedCommand) -> String {
        command.isSeenExecuting ? GeneratedNames.helper(command.name.value, "step") : GeneratedNames.fixed("transaction")
    }

    func resourceFailure(_ resource: CheckedResource) -> String { types.name(for: resource.failure, or: CheckedResource.defaultFailure) }

    func loaderType(_ resource: CheckedResource) -> String {
        "Reactive.ResourceLoader<\(types.name(for: resource.type)), \(resourceFailure(resource))>"
    }

    func resourceMember(_ resource: CheckedResource) -> ResourceMember {
        let name = resource.name.value
        let options = loaderOptions(resource)
        let creation = ".init\(options.isEmpty ? "" : "(options: \(options))") { [weak self] in"
        return ResourceMember(
            name: name,
            loaderName: loaderName(resource),
            loaderType: loaderType(resource),
            loaderOptions: options,
            declarationFits: LineLayout.fits(
                "private lazy var \(loaderName(resource)): \(loaderType(resource)) = \(creation)", margin: 4),
            reloadName: GeneratedNames.reload(of: name),
            pacerName: resource.pacing == nil ? "" : pacerName(name),
            loadName: GeneratedNames.helper(name, "load"),
            docLines: SwiftText.docLines(resource.doc),
            outputs: [name, GeneratedNames.isLoading(of: name), GeneratedNames.error(of: name)].compactMap(value(named:)).map(valueMember))
    }

    /// `head` then `tail`, one statement with `tail` at `location` (`SwiftText.locatedDeclaration`),
    /// so that the compiler reports what `tail` passes at the spec's line and column
    /// (`ViewModelModel.typesJudgedByCompiler`); on one line without a location. With `closing`,
    /// `#sourceLocation()` ends it; without, the statement goes on into spec code that sets its
    /// own location (a closure's body).
    func located(_ head: String, _ tail: String, at location: SourceLocation?, closing: Bool = true) -> [String] {
        guard let location, let lines = SwiftText.locatedDeclaration([.code(head), .spec(Located(tail, at: location), alias: tail)], indent: "        ") else {
            return ["        " + head + tail]
        }
        return closing ? lines + ["#sourceLocation()"] : lines
    }

    /// A command's `send:` of a machine's event, with the command's input as its payload, which
    /// stands at `input:` when the compiler judges their types.
    func sendLines(_ event: Located<String>, input: Located<String>?) -> [String] {
        let send = "\(CheckedMachine.sendName)(.\(event.value)"
        guard let input else { return ["        \(send))"] }
        guard model.typesJudgedByCompiler.contains(input.location) else { return ["        \(send)(input))"] }
        return located(send + "(", "input))", at: input.location)
    }

    /// The instance methods that run spec statements: command work and handlers, resource loads.
    func actions() -> [CodeFunction] {
        var result: [CodeFunction] = []
        for command in model.commands {
            let name = command.name.value
            let types = types(of: command)
            let parameter = types.hasInput ? self.types.parameter("_ input", types.input) : ""
            // The method that runs the work: its name, what follows its parameters, its body.
            let (kind, returns, body): (String, String, [String]) = switch command.work {
            case .perform(let code): ("perform", "", embedded(code))
            // The command's input is the event's payload.
            case .send(let event): ("perform", "", sendLines(event, input: types.hasInput ? command.input : nil))
            case .producer(let code): ("work", " -> Reactive.SignalProducer<\(types.output), \(types.failure)>", embedded(code))
            case .task(let code): ("task", " async throws -> \(types.output)", embedded(code))
            }
            result.append(CodeFunction(
                docLines: [],
                signature: "private func \(GeneratedNames.helper(name, kind))(\(parameter))\(returns) {",
                bodyLines: body))
            if submits(name) { result.append(attemptFunction(name)) }
            if command.onValue != nil || command.emits != nil {
                var body: [String] = []
                if let event = command.emits {
                    // Sent once observers know the values of the transaction that emits it. Asked
                    // for before the spec's statements, whose own names (a `let value`) could
                    // otherwise hide the value given. The value stands at `emits:`, where the
                    // compiler reports a type the event does not take.
                    let send = "\(transactions).emit { [observer = \(GeneratedNames.helper(event.value, "observer"))] in observer.send(value: "
                    body += model.typesJudgedByCompiler.contains(event.location)
                        ? located(send, "value) }", at: event.location) : ["        \(send)value) }"]
                }
                body += command.onValue.map(embedded) ?? []
                result.append(CodeFunction(
                    docLines: [],
                    signature: "private func \(GeneratedNames.helper(name, "didSendValue"))(\(self.types.parameter("_ value", types.output))) {",
                    bodyLines: body))
            }
            if let onFailure = command.onFailure, command.canFail {
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
