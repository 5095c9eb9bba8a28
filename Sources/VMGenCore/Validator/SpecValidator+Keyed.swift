/// Lists of children kept by id (docs/spec-format.md, "Keyed children"): the type is an array,
/// `each`, `id`, `make` and `update` are computed from what they read, like a derived value, and
/// the handlers of the children's events are statements of the parent.
extension Checker {
    /// Checks a keyed list as its value is made; gives the values its pieces read, together.
    func checkChildList(_ member: Member, _ keyed: KeyedChildren, _ analysis: inout CodeAnalysis) -> [String] {
        let name = member.name.value
        if let type = member.type, analysis.types.facts(of: type.value).isArray == false {
            analysis.diagnostics.error(
                "child view model `\(name)` is kept by id, so its type is an array of view models (`[RowViewModel]`), not `\(type.value)`",
                at: type.location)
        }
        let idText = keyed.id.text.trimmingCharacters(in: .whitespaces)
        let idIsKeyPath = idText.hasPrefix("\\")
        if !idIsKeyPath {
            analysis.diagnostics.error(
                "`id` of `\(name)` must be a key path to each element's identity, such as `\\.id`, not `\(idText)`",
                at: keyed.id.location)
        }
        // The pieces run in one static function; the names it takes are theirs together.
        // `update` changes the child and gives no value.
        let pieces: [(code: Code?, what: String, form: SpecCode.Form, given: [String], givesValue: Bool)] = [
            (keyed.each, "`each` of `\(name)`", .expression, [], true),
            (idIsKeyPath ? keyed.id : nil, "`id` of `\(name)`", .expression, [], true),
            (keyed.make, "`make` of `\(name)`", .body, ["element"], true),
            (keyed.update, "`update` of `\(name)`", .body, ["child", "element"], false),
        ]
        var reactive: [String] = []
        var fixed: [String] = []
        var order: [String] = []
        var update: SpecCode.Body?
        for (position, piece) in pieces.enumerated() {
            guard let code = piece.code else { continue }
            let key = CodeSlot.keyedPiece(list: name, position: position)
            let reads = analysis.staticReads(
                of: code, piece.what, form: piece.form, signature: Self.signature(giving: piece.given),
                allowReactive: true, key: key, givesValue: piece.givesValue, given: piece.given)
            if piece.code == keyed.update { update = reads.body }
            reactive += reads.reactive.map(\.name)
            fixed += reads.fixed
            order += analysis.argumentOrder.removeValue(forKey: key) ?? []
            analysis.fixedReads[key] = nil
        }
        analysis.fixedReads[.value(name)] = fixed.uniqued()
        analysis.argumentOrder[.value(name)] = order.uniqued()
        for handler in keyed.handlers {
            let event = handler.event.value
            if let problem = SwiftNames.problem(with: event) {
                analysis.diagnostics.error("`\(event)` in `on` of `\(name)` cannot be the name of a child's event: \(problem)",
                                  at: handler.event.location)
                continue
            }
            let given = ["child", "value"]
            analysis.parseStatements(handler.body, "the handler of `\(event)` of `\(name)`", signature: Self.signature(giving: given), given: given)
        }
        checkAgainstChildSpec(member, keyed, update: update, &analysis)
        return reactive.uniqued()
    }

    /// `(_ child: T, _ element: T)`: a signature that gives the code `names` (a keyed list's pieces
    /// and handlers, a machine's `entry`, `exit` and data); their types do not matter to the parser.
    static func signature(giving names: [String]) -> String {
        "(" + names.map { "_ \($0): T" }.joined(separator: ", ") + ")"
    }
}
