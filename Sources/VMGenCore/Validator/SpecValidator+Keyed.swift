import SwiftSyntax

/// Lists of children kept by id (docs/spec-format.md, "Keyed children"): the type is an array,
/// `each`, `id`, `make` and `update` are computed from what they read, like a derived value, and
/// the handlers of the children's events are statements of the parent.
extension Checker {
    mutating func checkChildLists() {
        for member in spec.children {
            guard let keyed = member.keyed,
                  let index = reactiveValues.firstIndex(where: { $0.name == member.name.value }) else { continue }
            let name = member.name.value
            if let type = member.type, SpecCode.type(type.value).syntax?.is(ArrayTypeSyntax.self) == false {
                diagnostics.error(
                    "child view model `\(name)` is kept by id, so its type is an array of view models (`[RowViewModel]`), not `\(type.value)`",
                    at: type.location)
            }
            let idText = keyed.id.text.trimmingCharacters(in: .whitespaces)
            if !idText.hasPrefix("\\") {
                diagnostics.error(
                    "`id` of `\(name)` must be a key path to each element's identity, such as `\\.id`, not `\(idText)`",
                    at: keyed.id.location)
            }
            // The pieces run in one static function; the names it takes are theirs together.
            let pieces: [(code: Code?, what: String, form: SpecCode.Form, signature: String)] = [
                (keyed.each, "`each` of `\(name)`", .expression, "()"),
                (keyed.id, "`id` of `\(name)`", .expression, "()"),
                (keyed.make, "`make` of `\(name)`", .body, "(_ element: Element)"),
                (keyed.update, "`update` of `\(name)`", .body, "(_ child: Child, _ element: Element)"),
            ]
            var reactive: [String] = []
            var fixed: [String] = []
            var order: [String] = []
            for (position, piece) in pieces.enumerated() {
                guard let code = piece.code else { continue }
                let key = "\(name)$piece\(position)"
                let reads = staticReads(
                    of: code, piece.what, form: piece.form, signature: piece.signature, allowReactive: true, key: key)
                reactive += reads.reactive.map(\.name)
                fixed += reads.fixed
                order += argumentOrder.removeValue(forKey: key) ?? []
            }
            reactiveValues[index].reads = reactive.uniqued()
            fixedReads[name] = fixed.uniqued()
            argumentOrder[name] = order.uniqued()
            for handler in keyed.handlers {
                let event = handler.event.value
                if let problem = SwiftNames.problem(with: event) {
                    diagnostics.error("`\(event)` in `on` of `\(name)` cannot be the name of a child's event: \(problem)",
                                      at: handler.event.location)
                    continue
                }
                parseStatements(handler.body, "the handler of `\(event)` of `\(name)`", signature: "(_ child: Child, _ value: Value)")
            }
        }
    }
}
