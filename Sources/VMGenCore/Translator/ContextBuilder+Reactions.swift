/// Reactions in the generated code: each is a static function of what it reads that writes
/// state values `inout`, called by the commit at the reaction's place in the update order when
/// one of its triggers changed, so its writes join the transaction that ran it.
extension ContextBuilder {
    /// `_clearError$react`: the function that runs the reaction's statements.
    func reactionFunctionName(_ reaction: ResolvedReaction) -> String { GeneratedNames.helper(reaction.name, "react") }

    /// `_query$old`: a trigger's value before the transaction, kept for a reaction's `oldValue`.
    func oldValueName(_ trigger: String) -> String { GeneratedNames.helper(trigger, "old") }

    /// What the reaction reads, as its function takes it: `oldValue` first, then the values and
    /// fixed names its statements read, in order of first appearance.
    func reactionArguments(_ reaction: ResolvedReaction) -> [(name: String, type: String)] {
        let oldValue = reaction.oldValueOf.flatMap(value(named:)).map { [(name: "oldValue", type: typeName(of: $0))] } ?? []
        return oldValue + arguments(for: .reaction(reaction.name))
    }

    /// One static function per reaction, for `computations`.
    func reactionFunctions() -> [CodeFunction] {
        model.reactions.map { reaction in
            let reads = parameterList(reactionArguments(reaction))
            let writes = reaction.writes.compactMap { name in value(named: name).map { "\(name): inout \(typeName(of: $0))" } }
            let triggers = reaction.triggers.map { "`\($0)`" }.joined(separator: " or ")
            return CodeFunction(
                docLines: SwiftText.docLines(reaction.doc) + ["/// Reaction `\(reaction.name)`: runs in the transaction in which \(triggers) changed."],
                signature: signature("private static func \(reactionFunctionName(reaction))", parameters: reads + writes),
                bodyLines: embedded(reaction.perform))
        }
    }

    /// The commit's lines for a trigger whose old value a reaction reads, before its change is
    /// taken (which forgets the old value): `let _query$old = _query.before`.
    func oldValueLines(keptFor node: String) -> [String] {
        guard model.reactions.contains(where: { $0.oldValueOf == node }) else { return [] }
        return ["let \(oldValueName(node)) = \(GeneratedNames.storage(of: node)).before"]
    }

    /// The commit's lines for a reaction, run when one of `terms` holds (`_query$changed`): each
    /// value it writes keeps its value from before the transaction, then the reaction runs on the storage.
    func reactionLines(_ reaction: ResolvedReaction, whenAnyOf terms: [String]) -> [String] {
        var head = LineLayout.joined(terms, separator: "||", prefix: "if ", indent: "", margin: 8)
        head[head.count - 1] += " {"
        var body: [String] = []
        for name in reaction.writes {
            body.append("    \(GeneratedNames.storage(of: name)).willWrite()")
        }
        var arguments: [(label: String?, value: LineLayout.Piece)] = reactionArguments(reaction).map { argument in
            if argument.name == "oldValue", let trigger = reaction.oldValueOf { return ("oldValue", .text(oldValueName(trigger) + "!")) }
            let isValue = value(named: argument.name) != nil
            return (argument.name, .text(isValue ? storedValue(argument.name) : argument.name))
        }
        arguments += reaction.writes.map { ($0, .text("&" + storedValue($0))) }
        body += LineLayout.lines(.call("Self." + reactionFunctionName(reaction), arguments), indent: "    ", margin: 8)
        return head + body + ["}"]
    }
}
