import Yams

extension SectionReader {
    /// Reads the keys of a child entry: `value`, or those of a list kept by id (`each`, `id`,
    /// `make`, `update`, `on`). False when the entry cannot be used (its error is reported).
    /// `meant`: the keys that unknown keys of the entry misspell, reported already.
    mutating func readChildList(
        into member: inout Member, fields: [String: (key: Located<String>, value: Node)], meant: Set<String>,
        node: Node, context: String
    ) -> Bool {
        let keyedFields = SpecKey.keyed.compactMap { fields[$0.name] }.sorted { $0.key.location < $1.key.location }
        // A misspelled `each` was reported as an unknown key, with the key it meant: once is enough.
        if meant.contains("each") && fields["each"] == nil { return false }
        guard let eachField = fields["each"] else {
            if let stray = keyedFields.first {
                reader.diagnostics.error(
                    "`\(stray.key.value)` of \(context) belongs to a list kept by id, which needs `each`: write `each: <collection>, id: \\.id, make: <new child>`, or remove `\(stray.key.value)`",
                    at: stray.key.location)
                return false
            }
            if fields["value"] == nil {
                reader.diagnostics.error("\(context) is missing `value`", at: reader.location(of: node))
            }
            return true
        }
        if let value = fields["value"] {
            reader.diagnostics.error(
                "\(context) has both `value` and `each`; a list kept by id makes its children from `each` with `make`: remove `value`",
                at: value.key.location)
            return false
        }
        var complete = !meant.contains("id") && !meant.contains("make")
        for key in ["id", "make"] where fields[key] == nil && !meant.contains(key) {
            reader.diagnostics.error(
                "\(context) is missing `\(key)`; a list kept by id needs `each`, `id` (`\\.id`) and `make`", at: eachField.key.location)
            complete = false
        }
        guard complete,
              let each = reader.code(eachField.value, "`each` of \(context)"),
              let id = fields["id"].flatMap({ reader.code($0.value, "`id` of \(context)") }),
              let make = fields["make"].flatMap({ reader.code($0.value, "`make` of \(context)") })
        else { return false }
        var keyed = KeyedChildren(each: each, id: id, make: make)
        keyed.update = fields["update"].flatMap { reader.code($0.value, "`update` of \(context)") }
        if let on = fields["on"], let entries = reader.entries(of: on.value, in: "`on` of \(context)") {
            keyed.handlers = entries.compactMap { entry in
                reader.code(entry.value, "the handler of `\(entry.key.value)` in \(context)").map { EventHandler(event: entry.key, body: $0) }
            }
        }
        member.keyed = keyed
        return true
    }
}
