import Yams

/// Reads `invariants:`: conditions over the view model's values that hold after every transaction.
extension SectionReader {
    mutating func invariants(_ node: Node?) -> [Invariant] {
        guard let node, let entries = reader.entries(of: node, in: "`invariants`") else { return [] }
        return entries.compactMap { entry in invariant(entry.key, entry.value) }
    }

    private mutating func invariant(_ name: Located<String>, _ node: Node) -> Invariant? {
        let context = "invariant `\(name.value)`"
        if case .scalar = node {
            reader.diagnostics.error(
                "\(context) needs `holds` and `message`: write `\(name.value): { holds: <Bool expression>, message: <why it must hold> }`",
                at: reader.location(of: node))
            return nil
        }
        guard let fields = reader.fields(of: node, in: context, place: .invariant),
            let holds = fields["holds"].flatMap({ reader.code($0.value, "`holds` of \(context)") }),
            let message = fields["message"].flatMap({ reader.nonEmptyString($0.value, "`message` of \(context)") })
        else { return nil }
        return Invariant(name: name, holds: holds, message: message.value)
    }
}
