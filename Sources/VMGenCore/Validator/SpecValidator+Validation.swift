/// Validation: rules go on input state values, each rule is a `Bool` expression read like a
/// derived value, and `submit` names a command that can be attempted while the form is invalid.
/// In the graph, each rule is a private computed value; a field's validity and message read its
/// rules (the message also reads whether it shows), and `isValid` reads every field's validity.
extension Checker {
    /// The values of validation, in the order the class lists them: for each field, whether it
    /// was edited, its rules, its validity and its message; then `isValid` and `submitAttempted`.
    func makeValidationValues(_ analysis: inout CodeAnalysis) -> [ReactiveValue] {
        guard let validation = spec.validation else { return [] }
        // Each rule's code is checked, and its reads known, before its value is made.
        let ruleReads = validation.fields.map { field in
            field.rules.enumerated().map { index, rule in
                analysis.staticReads(of: rule.holds, "rule \(index + 1) of `\(field.name.value)`", form: .expression, allowReactive: true,
                            key: .value(GeneratedNames.rule(index + 1, of: field.name.value))).reactive.map(\.name)
            }
        }
        // A name that clashes with a spec name was reported: leave validation out of the graph.
        guard validationNamesAreFree(validation) else { return [] }
        var values: [ReactiveValue] = []
        let submit = validation.submit?.value
        for (field, ruleReads) in zip(validation.fields, ruleReads) {
            let name = field.name.value
            let location = field.name.location
            var shows: [String] = []
            if spec.tracksEdits {
                let flag = GeneratedNames.wasEdited(of: name)
                shows.append(flag)
                values.append(ReactiveValue(
                    name: flag, type: "Bool", doc: "Whether `\(name)` was set since the view model was created: its message shows from then on.",
                    source: .validationFlag, expression: nil, reads: [], location: location))
            }
            if submit != nil { shows.append(GeneratedNames.submitAttempted) }
            let rules = field.rules.indices.map { GeneratedNames.rule($0 + 1, of: name) }
            for (rule, (node, reads)) in zip(field.rules, zip(rules, ruleReads)) {
                values.append(ReactiveValue(
                    name: node, type: "Bool", doc: nil, source: .rule(field: name), expression: rule.holds, reads: reads,
                    location: rule.holds.location))
            }
            values.append(ReactiveValue(
                name: GeneratedNames.isValid(of: name), type: "Bool", doc: "Whether every rule of `\(name)` holds, whether or not its message shows.",
                source: .fieldValidity(field: name), expression: nil, reads: rules, location: location))
            let when = switch (spec.tracksEdits, submit) {
            case (true, let submit?): "`\(name)` was edited or `\(submit)` attempted"
            case (true, nil): "`\(name)` was edited"
            case (false, let submit): "`\(submit ?? "")` was attempted"
            }
            values.append(ReactiveValue(
                name: GeneratedNames.message(of: name), type: "String?",
                doc: "The message of the first rule of `\(name)` that does not hold: nil while every rule holds,\nand until \(when).",
                source: .message(field: name), expression: nil, reads: shows + rules, location: location))
        }
        values.append(ReactiveValue(
            name: GeneratedNames.isValid, type: "Bool", doc: "Whether every rule of every field holds, whether or not messages show.",
            source: .formValidity, expression: nil, reads: validation.fields.map { GeneratedNames.isValid(of: $0.name.value) },
            location: validation.location))
        if let submit {
            values.append(ReactiveValue(
                name: GeneratedNames.submitAttempted, type: "Bool",
                doc: "Whether `\(submit)` was attempted: from then on every field shows its message.",
                source: .validationFlag, expression: nil, reads: [], location: validation.location))
        }
        return values
    }

    func checkValidation(values: [ReactiveValue], _ analysis: inout CodeAnalysis) {
        guard let validation = spec.validation else { return }
        for field in validation.fields { checkValidatedField(field.name, &analysis) }
        if let show = validation.show, show.value == .afterSubmit, validation.submit == nil {
            analysis.diagnostics.error(
                "`show: afterSubmit` shows messages once a submit was attempted, but `validation` names no submit command: add `submit: <command>`, or write `show: afterEdit`",
                at: show.location)
        }
        if let submit = validation.submit { checkSubmitCommand(submit, values: values, &analysis) }
    }

    /// A field is an input state value: rules check what the user enters.
    func checkValidatedField(_ name: Located<String>, _ analysis: inout CodeAnalysis) {
        guard let symbol = symbols[name.value] else {
            guard !spec.brokenNames.contains(name.value) else { return }
            let inputs = spec.state.filter(\.isInput).map(\.name.value)
            analysis.diagnostics.error(
                "`validation` has rules for `\(name.value)`, which the spec does not declare; rules go on input state values (`input: true`)\(Suggestion.didYouMean(name.value, in: inputs))",
                at: name.location, fixes: Suggestion.fixes(name, in: inputs))
            return
        }
        guard symbol.kind == .state else {
            analysis.diagnostics.error(
                "`validation` has rules for `\(name.value)`, which is \(symbol.messageName); rules go on input state values (`input: true`), which the user edits",
                at: name.location, notes: [.init("`\(name.value)` is declared here", at: symbol.location)])
            return
        }
        if spec.state.first(where: { $0.name.value == name.value })?.isInput != true {
            analysis.diagnostics.error(
                "`validation` has rules for `\(name.value)`, which is not an input: rules check what the user enters; add `input: true` to `\(name.value)`",
                at: name.location, notes: [.init("`\(name.value)` is declared here", at: symbol.location)])
        }
    }

    /// The submit command exists and is not disabled by
    /// the form's validity (an attempt while invalid is what shows the messages).
    func checkSubmitCommand(_ submit: Located<String>, values: [ReactiveValue], _ analysis: inout CodeAnalysis) {
        guard let command = spec.commands.first(where: { $0.name.value == submit.value }) else {
            guard !spec.brokenNames.contains(submit.value) else { return }
            analysis.diagnostics.error(
                "`submit` of `validation` names `\(submit.value)`, which is not a command; name the command that submits the form\(Suggestion.didYouMean(submit.value, in: spec.commands.map(\.name.value)))",
                at: submit.location, fixes: Suggestion.fixes(submit, in: spec.commands.map(\.name.value)))
            return
        }
        let condition = GeneratedNames.canExecute(of: submit.value)
        if let enabled = command.enabled, let value = values.first(where: { $0.name == condition }),
           value.reads.contains(GeneratedNames.isValid) {
            analysis.diagnostics.error(
                "the enabled condition of `\(submit.value)` reads `isValid`, but it submits the form: an attempt while the form is invalid is what shows the messages, and runs no work; leave `isValid` out",
                at: enabled.location, notes: [.init("`validation` submits with `\(submit.value)` here", at: submit.location)])
        }
    }

    /// How a message names the rule node `email$rule2`: "rule 2 of `email`" (without the
    /// backticks in a cycle's path, which names its nodes bare).
    func ruleName(_ node: String, quoted: Bool = true) -> String {
        let parts = node.split(separator: "$", maxSplits: 1)
        guard parts.count == 2 else { return node }
        let quote = quoted ? "`" : ""
        return parts[1].replacingOccurrences(of: "rule", with: "rule ") + " of \(quote)\(parts[0])\(quote)"
    }

    /// Whether every name validation adds is validation's own (not a clash reported already).
    func validationNamesAreFree(_ validation: Validation) -> Bool {
        spec.validationNames.allSatisfy { added in
            if case .validationOutput = symbols[added.name]?.kind { true } else { false }
        }
    }
}

extension Spec {
    /// The names validation adds, as `Declarer` declares them: each field's message, validity and
    /// edit flag, then `isValid` and `submitAttempted`.
    var validationNames: [(name: String, kind: Symbol.Kind, type: String, location: SourceLocation)] {
        guard let validation else { return [] }
        let fields = validation.fields.flatMap { field in
            let name = field.name.value
            return [(GeneratedNames.message(of: name), Symbol.Kind.validationOutput(owner: name, isFlag: false), "String?", field.name.location),
                    (GeneratedNames.isValid(of: name), .validationOutput(owner: name, isFlag: false), "Bool", field.name.location)]
                + (tracksEdits ? [(GeneratedNames.wasEdited(of: name), .validationOutput(owner: name, isFlag: true), "Bool", field.name.location)] : [])
        }
        return fields + [(GeneratedNames.isValid, .validationOutput(owner: "validation", isFlag: false), "Bool", validation.location)]
            + (validation.submit == nil ? [] : [(GeneratedNames.submitAttempted, .validationOutput(owner: "validation", isFlag: true), "Bool", validation.location)])
    }
}
