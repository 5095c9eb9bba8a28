/// Validation in the generated class: the values of `validation:` computed from the rules, the
/// edit flags their fields' setters write, and the submit command's attempt.
extension ContextBuilder {
    var validation: CheckedEntry<Validation>? { model.validation }

    /// The value of a validation output, with each value it reads through `reactiveRead`
    /// (a local in the initializer, the storage in the commit); nil for another value.
    func validationValue(_ value: ReactiveValue, reactiveRead: (String) -> String) -> LineLayout.Piece? {
        switch value.source {
        case .validationFlag:
            return .text("false")
        case .fieldValidity, .formValidity:
            // A field's rules, or the fields' validities.
            if value.reads.count == 1 { return .text(reactiveRead(value.reads[0])) }
            let holds: [(label: String?, value: LineLayout.Piece)] = value.reads.map { (nil, .text(reactiveRead($0))) }
            return .call("Reactive.Validation.all", holds)
        case .message(let field):
            guard let rules = validation?.fields.first(where: { $0.name.value == field })?.rules else { return nil }
            let nodes = value.reads.filter { self.value(named: $0).map { if case .rule = $0.source { true } else { false } } ?? false }
            let shows = value.reads.filter { !nodes.contains($0) }.map(reactiveRead).joined(separator: " || ")
            let failures = zip(nodes, rules).map { node, rule -> (label: String?, value: LineLayout.Piece) in
                (nil, .text("\(reactiveRead(node)) ? nil : \(SwiftText.literal(rule.message.value))"))
            }
            let shown: (label: String?, value: LineLayout.Piece) = ("shows", .text(shows.isEmpty ? "true" : shows))
            return .call("Reactive.Validation.message", [shown] + failures)
        default:
            return nil
        }
    }

    /// The writes a value's setter makes besides its own: a validated field was edited.
    func editWrites(of name: String) -> [LineLayout.Piece] {
        guard let validation, validation.showsAfter == .afterEdit,
              validation.fields.contains(where: { $0.name.value == name }) else { return [] }
        return [write(GeneratedNames.wasEdited(of: name), "true")]
    }

    /// Whether `command` submits the form.
    func submits(_ command: String) -> Bool { validation?.submit?.value == command }

    /// Whether the last attempt of the submit `command` was refused (the form invalid); only
    /// with `onCompleted`, whose handler it stops.
    func refusedName(_ command: String) -> String { GeneratedNames.helper(command, "refused") }

    /// The submit command's attempt, run as its execution starts, in its first step.
    func attemptName(_ command: String) -> String { GeneratedNames.helper(command, "attempt") }

    func attemptFunction(_ command: String) -> CodeFunction {
        let attempted = GeneratedNames.submitAttempted
        return CodeFunction(
            docLines: [
                "/// An attempt of `\(command)`, which submits the form: from now on every field shows its message,",
                "/// and the work runs only when the form is valid (`\(GeneratedNames.isValid)` as the last transaction left it).",
            ],
            signature: "private func \(attemptName(command))() -> Swift.Bool {",
            bodyLines: LineLayout.lines(write(attempted, "true"), margin: 8).map { "        " + $0 }
                + ["        return \(storedValue(GeneratedNames.isValid))"])
    }
}
