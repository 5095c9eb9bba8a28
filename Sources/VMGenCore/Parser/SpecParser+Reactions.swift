import Yams

extension SectionReader {
    /// An entry of `reactions:`: the values it follows (`onChange`) and what it does (`perform`).
    mutating func reaction(_ name: Located<String>, _ node: Node) -> Reaction? {
        let context = "reaction `\(name.value)`"
        guard let fields = reader.fields(of: node, in: context, place: .reaction),
            let triggerNode = fields["onChange"]?.value,
            let perform = fields["perform"].flatMap({ reader.code($0.value, "`perform` of \(context)") })
        else { return nil }
        if case .sequence(let sequence) = triggerNode, sequence.isEmpty {
            reader.diagnostics.error(
                "`onChange` of \(context) lists no value, so the reaction would never run; name the values whose change runs it (`onChange: count`, or `onChange: [count, limit]`)",
                at: reader.location(of: triggerNode))
            return nil
        }
        let triggers = reader.stringList(triggerNode, "`onChange` of \(context)")
        guard !triggers.isEmpty else { return nil }
        var reaction = Reaction(name: name, triggers: triggers, perform: perform)
        reaction.doc = fields["doc"].flatMap { reader.string($0.value, "`doc` of \(context)")?.value }
        return reaction
    }
}
