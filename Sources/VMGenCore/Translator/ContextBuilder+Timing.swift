/// Time (paced derived values and paced reloads), async resource loads and resource options.
extension ContextBuilder {
    // MARK: Time

    /// The values held back by a pacer.
    var pacedValues: [ReactiveValue] { model.reactiveValues.filter { $0.pacing != nil } }

    /// The resources whose `change` reloads are held back by a pacer.
    var pacedResources: [CheckedResource] { model.resources.filter { $0.pacing != nil } }

    /// Whether the view model holds something back in time (or its machine has timers), and so takes a scheduler.
    var usesTime: Bool { model.usesTime }

    /// The scheduler the pacers run on.
    var schedulerName: String { GeneratedNames.fixed("scheduler") }

    func pacerName(_ owner: String) -> String { GeneratedNames.helper(owner, "pacer") }

    /// `scheduler: any Reactive.DateScheduler = Reactive.QueueScheduler.main`, for view models that use time.
    var schedulerParameter: [String] {
        usesTime ? ["scheduler: any Reactive.DateScheduler = Reactive.QueueScheduler.main"] : []
    }

    /// The initializer's first lines: keep the scheduler.
    var schedulerLines: [String] {
        usesTime ? ["\(schedulerName) = scheduler"] : []
    }

    /// `.debounce(0.3)`.
    func rule(_ pacing: Pacing) -> String { "Reactive.PacingRule.\(pacing.kind.rawValue)(\(pacing.seconds))" }

    /// The scheduler and one pacer per paced value or reload, each created when first used.
    func pacerDeclarations() -> [String] {
        guard usesTime else { return [] }
        let paced = !pacedValues.isEmpty || !pacedResources.isEmpty
        var result = [
            "/// Where \(paced ? "`debounce`, `throttle` and `delay`" : "the machine's timers (`after:`)") count time (the main queue unless the initializer was given another).",
            "private let \(schedulerName): any Reactive.DateScheduler",
        ]
        // The pacer's type and its closure's parameter written out: with a value type that does
        // not compile, Swift could infer neither, and would report that besides the spec's mistake.
        func pacer(_ owner: String, type: String, pacing: Pacing, doc: String, deliver: String) {
            result.append("/// \(doc) (`\(pacing.kind.rawValue): \(pacing.seconds)`).")
            let declaration = "private lazy var \(pacerName(owner)): Reactive.Pacer<\(type)> = .init("
            let opening = "{ [weak self] (\(types.parameter("value", type))) in"
            if LineLayout.fits("    " + declaration + "\(rule(pacing)), on: \(schedulerName)) " + opening, margin: 0) {
                result.append(declaration + "\(rule(pacing)), on: \(schedulerName)) " + opening)
            } else {
                result.append(declaration)
                result.append("    \(rule(pacing)), on: \(schedulerName)")
                result.append(") " + opening)
            }
            result.append("    self?.\(deliver)")
            result.append("}")
        }
        for value in pacedValues {
            guard let pacing = value.pacing else { continue }
            pacer(value.name, type: typeName(of: value), pacing: pacing, doc: "Holds back the new values of `\(value.name)`",
                  deliver: "\(GeneratedNames.helper(value.name, "arrived"))(value)")
        }
        for resource in pacedResources {
            guard let pacing = resource.pacing else { continue }
            pacer(resource.name.value, type: "Swift.Void", pacing: pacing, doc: "Holds back the reloads of `\(resource.name.value)` on change",
                  deliver: reloadInATransaction(resource, selfReference: "self?"))
        }
        return result
    }

    /// What the commit runs for an effect node: a reload (at once, or through its pacer) or a
    /// paced value's new value, with the condition added to its inputs' change (`&& _isActive`).
    func effect(of node: GraphNode) -> (run: String, suffix: String)? {
        switch node {
        case .reload(let name):
            guard let resource = model.resources.first(where: { $0.name.value == name }) else { return nil }
            // A resource that also loads on activation reloads on change only while active.
            let activeOnly = resource.triggers.contains(.activation)
            let suffix = activeOnly ? " && \(storedValue("isActive"))" : ""
            let run = resource.pacing == nil ? "\(loaderName(resource)).reload()" : "\(pacerName(name)).send(())"
            return (run, suffix)
        case .pace(let value):
            return ("\(GeneratedNames.helper(value, "pace"))()", "")
        case .value, .reaction:
            return nil
        }
    }

    /// A reload started outside any action (an explicit `reload<Name>()`, a pacer letting one
    /// through), as one transaction with whatever the load answers at once: the loading state and
    /// a synchronous answer commit together, so observers hear only the outcome. Reloads started
    /// by the commit (a change, activation) are inside a transaction already. `selfReference` is
    /// `self`, or `self?` inside a closure that holds the view model weakly.
    func reloadInATransaction(_ resource: CheckedResource, selfReference: String) -> String {
        "\(GeneratedNames.fixed("transaction")) { \(selfReference).\(loaderName(resource)).reload() }"
    }

    /// What becoming inactive and an explicit `reload<Name>()` cancel besides the loads: the
    /// reloads a pacer holds back.
    func cancelsPendingReloads(_ resource: CheckedResource) -> [String] {
        resource.pacing == nil ? [] : ["\(pacerName(resource.name.value)).cancel()"]
    }

    /// For each paced value: the function that hands its new value to the pacer, and the one that
    /// writes the value the pacer lets through, in a transaction of its own.
    func pacingFunctions() -> [CodeFunction] {
        var result: [CodeFunction] = []
        for value in pacedValues {
            guard let code = value.expression else { continue }
            let name = value.name
            let compute = call(computationName(of: value), arguments: arguments(of: code, for: readsKey(of: value)), reactiveRead: storedValue)
            result.append(CodeFunction(
                docLines: ["/// Computes `\(name)` from what it reads now and hands the value to its pacer."],
                signature: "private func \(GeneratedNames.helper(name, "pace"))() {",
                bodyLines: LineLayout.lines(compute, prefix: "\(pacerName(name)).send(", suffix: ")", margin: 8).map { "        " + $0 }))
            let arrived = GeneratedNames.helper(name, "arrived")
            result.append(CodeFunction(
                docLines: ["/// Writes a value of `\(name)` that its pacer let through: a transaction of its own."],
                signature: "private func \(arrived)(\(types.parameter("_ newValue", typeName(of: value)))) {",
                bodyLines: LineLayout.block("\(GeneratedNames.fixed("write"))(newValue)", body: ["$0." + write(name, "$1").flat], margin: 8)
                    .map { "        " + $0 }))
        }
        return result
    }

    // MARK: Resource options

    /// `Reactive.ResourceLoaderOptions(clearsValueOnFailure: true)`, or nothing with the default
    /// options (named, not `.init`: Swift infers nothing from a loader of a misspelled type).
    func loaderOptions(_ resource: CheckedResource) -> String {
        var options: [String] = []
        if resource.valueOnFailure == .clear { options.append("clearsValueOnFailure: true") }
        if resource.errorWhileLoading == .keep { options.append("keepsErrorWhileLoading: true") }
        return options.isEmpty ? "" : "Reactive.ResourceLoaderOptions(\(options.joined(separator: ", ")))"
    }

    // MARK: Async loads

    /// The static function that runs a resource's `task` from the names it reads.
    func taskComputation(_ resource: CheckedResource) -> CodeFunction? {
        guard resource.isTask else { return nil }
        let name = resource.name.value
        return CodeFunction(
            docLines: ["/// The task of `\(name)`, from what it reads (it holds no reference to the view model)."],
            signature: signature("private static func \(GeneratedNames.helper(name, "task"))", parameters: parameterList(arguments(for: .task(resource: name))),
                                 result: " async throws -> \(types.name(for: resource.type))"),
            bodyLines: embedded(resource.load))
    }

    /// The body of a task resource's load: the names it reads, taken now, and a task on the main
    /// actor that runs the static function with them (so a running load does not keep the view
    /// model alive, and disposing it cancels the task).
    func taskLoadLines(_ resource: CheckedResource) -> [String] {
        let arguments = arguments(for: .task(resource: resource.name.value))
        var lines = arguments.map { argument in
            let source = value(named: argument.name) == nil ? "self." + argument.name : storedValue(argument.name)
            return "let \(argument.name) = \(source)"
        }
        let run = call(GeneratedNames.helper(resource.name.value, "task"), arguments: arguments) { $0 }
        // Its types written out: Swift infers nothing from a resource of a misspelled type.
        let type = types.name(for: resource.type)
        lines.append("\(arguments.isEmpty ? "" : "return ")Reactive.SignalProducer<\(type), any Swift.Error>(taskOnMain: {")
        lines.append("    () async throws(any Swift.Error) -> \(type) in")
        lines += LineLayout.lines(run, prefix: "try await ", indent: "    ", margin: 8)
        lines.append("})")
        return lines.map { "        " + $0 }
    }
}
