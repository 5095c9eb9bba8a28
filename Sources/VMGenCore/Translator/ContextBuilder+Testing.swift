/// The `// MARK: Testing` part of the generated class: what `ReactiveTesting` needs to see every
/// change of the view model (its conformance to `Reactive.Inspectable`).
extension ContextBuilder {
    /// The protocols of a view model with values: `Transactional` (parents follow it) and
    /// `Inspectable` (tests see its outputs).
    static let valueConformances = "Observation.Observable, Reactive.Transactional, Reactive.Inspectable"

    /// `_$outputs`, which lists every public value and event; empty for a view model without
    /// values.
    func testing() -> [CodeFunction] {
        guard hasTransactions else { return [] }
        var entries: [LineLayout.Piece] = []
        for value in model.reactiveValues where value.isPublic {
            let kind: String = switch value.source {
            case .commandIsExecuting, .resourceIsLoading: ".work"
            default: ".value"
            }
            entries.append(.call(kind, [
                (nil, .text(SwiftText.literal(value.name))),
                (nil, .text("\\." + value.name)),
                (nil, .text(GeneratedNames.property(of: value.name))),
            ]))
        }
        for event in spec.events {
            let name = event.name.value
            entries.append(.call(".event", [(nil, .text(SwiftText.literal(name))), (nil, .text("\\." + name)), (nil, .text(name))]))
        }
        let body = ["        ["]
            + entries.flatMap { LineLayout.lines($0, suffix: ",", indent: "            ", margin: 0) }
            + ["        ]"]
        let outputs = CodeFunction(
            docLines: ["/// Every public value and event, for tests (`ReactiveTesting`'s `ChangeRecorder`)."],
            signature: "\(access)var \(GeneratedNames.fixed("outputs")): [Reactive.InspectedOutput<\(className)>] {",
            bodyLines: body)
        return [outputs] + invariantFunctions()
    }

    /// `_$invariants`, which evaluates each invariant of the spec, and the function of each.
    func invariantFunctions() -> [CodeFunction] {
        guard !spec.invariants.isEmpty else { return [] }
        var entries: [String] = []
        var functions: [CodeFunction] = []
        for invariant in spec.invariants {
            let name = invariant.name.value
            let function = GeneratedNames.helper(name, "invariant")
            let arguments = invariantArguments(name)
            let call = LineLayout.Piece.call("Self." + function, arguments.map { argument in
                (argument.name, .text(value(named: argument.name) == nil ? argument.name : GeneratedNames.storage(of: argument.name)))
            })
            let entry = LineLayout.Piece.call("Reactive.Invariant", [
                (nil, .text(SwiftText.literal(name))), (nil, .text(SwiftText.literal(invariant.message))), ("holds", call),
            ])
            entries += LineLayout.lines(entry, suffix: ",", indent: "            ", margin: 0)
            functions.append(CodeFunction(
                docLines: ["/// Whether the invariant `\(name)` holds."],
                signature: signature("private static func \(function)", parameters: parameterList(arguments), result: " -> Swift.Bool"),
                bodyLines: SwiftText.embedded(invariant.holds)))
        }
        let list = CodeFunction(
            docLines: ["/// The spec's invariants, evaluated now; debug builds check them after every transaction."],
            signature: "\(access)var \(GeneratedNames.fixed("invariants")): [Reactive.Invariant] {",
            bodyLines: ["        ["] + entries + ["        ]"])
        return [list] + functions
    }

    /// The names an invariant reads, in order of first appearance, with their types.
    func invariantArguments(_ name: String) -> [(name: String, type: String)] {
        (model.argumentOrder[Checker.invariantKey(name)] ?? []).compactMap { read in
            if let value = value(named: read) { return (read, typeName(of: value)) }
            return memberType(named: read).map { (read, $0) }
        }
    }

    /// After the observers of a transaction were told, debug builds check the invariants.
    func invariantCheckLines() -> [String] {
        guard !spec.invariants.isEmpty else { return [] }
        return ["#if DEBUG", "Reactive.Invariant.check(\(GeneratedNames.fixed("invariants")), of: Self.self)", "#endif"]
    }
}
