/// Lists of children kept by id (docs/spec-format.md, "Keyed children"): a `Reactive.ChildKeys`
/// per list, a static function that brings the list up to date with `each`, and the handlers of
/// the children's events.
extension ContextBuilder {
    /// The keyed list of a child value, if it is one.
    func childList(_ name: String) -> CheckedEntry<KeyedChildren>? {
        model.keyedLists[name]
    }

    /// The children values kept by id, with their lists.
    var childLists: [(value: ReactiveValue, keyed: CheckedEntry<KeyedChildren>)] {
        childValues.compactMap { value in childList(value.name).map { (value, $0) } }
    }

    /// `_rows$keys`: the ids of the keyed child list `rows`.
    func keysName(_ child: String) -> String { GeneratedNames.helper(child, "keys") }

    /// `_rows$listen`: the function that handles the events of a new child of `rows`.
    func listenName(_ child: String) -> String { GeneratedNames.helper(child, "listen") }

    /// The `let` of each list's ids.
    func childListObjects() -> [String] {
        childLists.map { "private let \(keysName($0.value.name)) = Reactive.ChildKeys()" }
    }

    /// `Self._rows$compute(_rows, _rows$keys, items: _items, { self._rows$listen(to: $0) })`: the
    /// list brought up to date; in the initializer, from an empty list, with no handlers yet
    /// (`self` is not ready: the first children are handed to them once it is).
    func childListCall(_ value: ReactiveValue, inInitializer: Bool, reactiveRead: (String) -> String) -> LineLayout.Piece? {
        guard let keyed = childList(value.name) else { return nil }
        var arguments: [(label: String?, value: LineLayout.Piece)] = [
            (nil, .text(inInitializer ? "[]" : storedValue(value.name))),
            (nil, .text(keysName(value.name))),
        ]
        for argument in self.arguments(of: keyed.each, for: .value(value.name)) {
            let isReactive = self.value(named: argument.name) != nil
            arguments.append((argument.name, .text(isReactive ? reactiveRead(argument.name) : argument.name)))
        }
        if !keyed.handlers.isEmpty {
            arguments.append((nil, .text(inInitializer ? "{ _ in }" : "{ self.\(listenName(value.name))(to: $0) }")))
        }
        return .call("Self." + computationName(of: value), arguments)
    }

    /// The static function of each list: `ChildKeys.reconcile` with the spec's pieces, each
    /// under `#sourceLocation`, in closures whose types Swift infers from the elements and the list (so a
    /// `make` of the wrong type is the compiler's error at the spec, not at the closure).
    func childListComputations() -> [CodeFunction] {
        childLists.map { value, keyed in
            let name = value.name
            let type = typeName(of: value)
            var parameters = ["_ _$old: \(type)", "_ _$keys: Reactive.ChildKeys"]
            parameters += parameterList(arguments(of: keyed.each, for: .value(name)))
            if !keyed.handlers.isEmpty { parameters.append("_ _$made: (\(type).Element) -> Swift.Void") }
            let indent = "        "
            func closure(_ opening: String, _ code: Code, call: Bool = false, comma: Bool = true) -> [String] {
                ["\(indent)    \(opening)"] + embedded(code) + ["\(indent)    }\(call ? "()" : "")\(comma ? "," : "")"]
            }
            // The elements first, on their own: a mistake in any piece is then reported in it, at the
            // spec, rather than as a call that does not type-check. What only the call can judge
            // stands at the spec too: that `each` gives a collection (`elements`, at the code), and
            // that the list's type is one of objects (`reconcile`, at the type).
            var body = located("let _$elements = Reactive.ChildKeys", ".elements {", before: keyed.each.location)
                + embedded(keyed.each) + ["\(indent)}"]
            body += located("return _$keys", ".reconcile(_$old, with: _$elements, id: {", before: types.writtenMemberTypes[name]?.location)
                + embedded(keyed.id) + ["\(indent)    }(),"]
            body += closure("make: { element in", keyed.make)
            let last = keyed.handlers.isEmpty
            if let update = keyed.update {
                body += closure("update: { child, element in", update, comma: !last)
            } else {
                body.append("\(indent)    update: { _, _ in }\(last ? "" : ",")")
            }
            // A type the compiler cannot find (a missing import) makes `_$made`'s type an error
            // too: at the list's type, where the cause is, not in the generated file.
            // (A directive cannot stand between arguments: the call is in a closure's body.)
            if !last {
                body += ["\(indent)    made: { _$child in"]
                    + located("", "_$made(_$child)", at: types.writtenMemberTypes[name]?.location) + ["\(indent)    }"]
            }
            body.append("\(indent))")
            return CodeFunction(
                docLines: [
                    "/// Computes `\(name)` from what it reads: the child of each id that remains is kept and updated,",
                    "/// a new id gets a new child, the child of an id that is gone is let go (see `Reactive.ChildKeys`).",
                ],
                signature: signature("private static func \(computationName(of: value))", parameters: parameters, result: " -> \(type)"),
                bodyLines: body)
        }
    }

    /// `head` then `member` (`.name(...` up to a closure's `{`), the member's name at `location`
    /// (its `.` just before it), so that the compiler reports a requirement of the call there.
    private func located(_ head: String, _ member: String, before location: SourceLocation?) -> [String] {
        let dot = location.flatMap { $0.column > 1 ? SourceLocation(file: $0.file, line: $0.line, column: $0.column - 1) : nil }
        return located(head, member, at: dot, closing: false)
    }

    /// In the initializer, once `self` is ready: the first children of each list with handlers.
    func childListInitialLines() -> [String] {
        childLists.filter { !$0.keyed.handlers.isEmpty }.map { value, _ in
            "for child in \(storedValue(value.name)) { \(listenName(value.name))(to: child) }"
        }
    }

    /// For each list with handlers, the function that hands each event of a new child to its
    /// handler: one transaction of this view model per event, once the child's transaction that
    /// sent it is over, while the list holds the child. The handler captures `self` `unowned`,
    /// not `weak`: the runtime calls it only while `self` lives (holding it weakly), and Swift 5
    /// language mode, unlike 6, requires an explicit `self` in the spec's code (and its closures)
    /// when `self` is unwrapped from a weak capture.
    func childListHandlers() -> [CodeFunction] {
        childLists.filter { !$0.keyed.handlers.isEmpty }.map { value, keyed in
            let name = value.name
            var body: [String] = []
            for handler in keyed.handlers {
                let event = handler.event
                let signal = GeneratedNames.helper(event.value, "events")
                // The event's name is spec text at its spec column: a child without it is an error
                // at the spec's line and column.
                body += SwiftText.locatedDeclaration(
                    [.code("let \(signal) = child"), .lead(".", hugging: true), .spec(event, alias: event.value)], indent: "        ") ?? []
                // The handler's `value` stands at the event's spec line and column: when the child
                // has no such event, the compiler's follow-on error about it lands on the event's
                // name, not in the generated file nor past the end of the spec's line.
                body += located("Reactive.ChildKeys.handle(\(signal), of: child, in: self) { [unowned self] child, ", "value in", at: event.location)
                body.append("            guard \(storedValue(name)).contains(where: { $0 === child }) else { return }")
                body.append("            \(GeneratedNames.fixed("transaction")) { [self] in")
                body += embedded(handler.body)
                body.append("            }")
                body.append("        }")
            }
            return CodeFunction(
                docLines: [
                    "/// Handles the events of `child`, a new child of `\(name)`, while `\(name)` holds it: each event",
                    "/// is one transaction of this view model. The handler is called only while this view model lives,",
                    "/// so it captures `self` `unowned`, which lets the spec's code use `self` implicitly in Swift 5 mode too.",
                ],
                signature: "private func \(listenName(name))(to child: \(typeName(of: value)).Element) {",
                bodyLines: body)
        }
    }
}
