import Yams

/// Reads `validation:`: `submit`, `show` and the rules of each field under `fields`.
extension SectionReader {
    mutating func validation(_ node: Node?) -> Validation? {
        guard let node else { return nil }
        guard let fields = reader.fields(of: node, in: "`validation`", place: .validation) else { return nil }
        var validation = Validation(location: reader.location(of: node))
        validation.submit = fields["submit"].flatMap { reader.nonEmptyString($0.value, "`submit` of `validation`") }
        validation.show = choice("show", of: fields, in: "`validation`")
        if let node = fields["fields"]?.value, let entries = reader.entries(of: node, in: "`fields` of `validation`") {
            validation.fields = entries.compactMap { entry in validatedField(entry.key, entry.value) }
        }
        return validation
    }

    private mutating func validatedField(_ name: Located<String>, _ node: Node) -> Validation.Field? {
        let context = "the rules of `\(name.value)`"
        guard case .sequence(let sequence) = node, !sequence.isEmpty else {
            reader.diagnostics.error(
                "\(context) must be a list with at least one rule: `\(name.value): [{ rule: <Bool expression>, message: <what the field shows> }]`",
                at: reader.location(of: node))
            return nil
        }
        var rules: [Validation.Rule] = []
        for (index, item) in sequence.enumerated() {
            let what = "rule \(index + 1) of `\(name.value)`"
            guard let fields = reader.fields(of: item, in: what, place: .rule),
                let holds = fields["rule"].flatMap({ reader.code($0.value, "`rule` of \(what)") }),
                let message = fields["message"].flatMap({ reader.nonEmptyString($0.value, "`message` of \(what)") })
            else { continue }
            rules.append(Validation.Rule(holds: holds, message: message))
        }
        return rules.count == sequence.count ? Validation.Field(name: name, rules: rules) : nil
    }
}
