/// The `// MARK: Testing` part of the generated class: what `ReactiveTesting` needs to see every
/// change of the view model (its conformance to `Reactive.Inspectable`).
extension ContextBuilder {
    /// The protocols of a view model with values: `Inspectable` (tests see its outputs), whose
    /// requirements are SPI; `Transactional` (parents follow it) is SPI and so declared by an
    /// extension (`conformanceExtensions`).
    static let valueConformances = "Observation.Observable, Reactive.Inspectable"

    /// The attributes of a public view model's testing members: SPI of its module, which a test
    /// imports with `@_spi(Testing) import`; internal members (a test uses `@testable import`).
    var testingAccess: String { access.isEmpty ? "" : "@_spi(Testing) public " }

    /// The attributes of what only generated code uses across modules (`_$transactions`).
    var contractAccess: String { access.isEmpty ? "" : "@_spi(VMGen) public " }

    /// After the class: its conformance to the runtime's SPI protocol `Reactive.Transactional`.
    func conformanceExtensions() -> [String] {
        guard hasTransactions else { return [] }
        return ["", "\(access.isEmpty ? "" : "@_spi(VMGen) ")extension \(className): Reactive.Transactional {}"]
    }

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
        for event in model.events {
            let name = event.name.value
            entries.append(.call(".event", [(nil, .text(SwiftText.literal(name))), (nil, .text("\\." + name)), (nil, .text(name))]))
        }
        let body = ["        ["]
            + entries.flatMap { LineLayout.lines($0, suffix: ",", indent: "            ", margin: 0) }
            + ["        ]"]
        let outputs = CodeFunction(
            docLines: ["/// Every public value and event, for tests (`ReactiveTesting`'s `ChangeRecorder`)."],
            signature: "\(testingAccess)var \(GeneratedNames.fixed("outputs")): [Reactive.InspectedOutput<\(className)>] {",
            bodyLines: body)
        return [outputs] + invariantFunctions() + explorerFunctions()
    }

    /// What the explorer (`ReactiveTesting`'s `Explorer`) needs that it cannot find at run time:
    /// `_$inputs` (the values a view writes), `_$commands` (those without input) and `_$audit()`
    /// (every computed value compared with a fresh computation); each only when it lists something.
    func explorerFunctions() -> [CodeFunction] {
        var result: [CodeFunction] = []
        let inputs = model.reactiveValues.filter { value in
            switch value.source {
            case .state(isInput: true), .activation: true
            default: false
            }
        }
        /// A property that returns the array of `entries`; none when there are no entries.
        func list(_ doc: String, _ name: String, _ type: String, _ entries: [String]) {
            guard !entries.isEmpty else { return }
            result.append(CodeFunction(
                docLines: ["/// " + doc],
                signature: "\(testingAccess)var \(GeneratedNames.fixed(name)): [\(type)] {",
                bodyLines: ["        ["] + entries.map { "            " + $0 + "," } + ["        ]"]))
        }
        list("The values a view may write, for the explorer (`ReactiveTesting`'s `Explorer`).",
             "inputs", "Reactive.InspectedInput<\(className)>",
             inputs.map { ".init(\(SwiftText.literal($0.name)), \\.\($0.name))" })
        list("The commands that take no input, for the explorer.", "commands", "Reactive.InspectedCommand",
             model.commands.filter { !$0.takesInput }.map {
                 "Reactive.InspectedCommand(\(SwiftText.literal($0.name.value)), \($0.name.value))"
             })
        let audits = auditEntries()
        if !audits.isEmpty {
            let body = ["        var _$differences: [Swift.String] = []"]
                + audits.flatMap { LineLayout.lines($0, indent: "        ", margin: 0) }
                + ["        return _$differences"]
            result.append(CodeFunction(
                docLines: [
                    "/// What differs from a fresh computation, for the explorer: each derived value and command condition",
                    "/// computed again from the stored values it reads, and each command's enabled state; empty when all agree.",
                ],
                signature: "\(testingAccess)func \(GeneratedNames.fixed("audit"))() -> [Swift.String] {",
                bodyLines: body))
        }
        return result
    }

    /// One `Reactive.Audit.compare` per value the commit computes (not paced, not a child) and two
    /// per command: its stored enabled state against its condition, and the runtime command's.
    func auditEntries() -> [LineLayout.Piece] {
        func compare(_ name: String, _ cached: String, _ fresh: LineLayout.Piece) -> LineLayout.Piece {
            .call("Reactive.Audit.compare", [
                (nil, .text(SwiftText.literal(name))), (nil, .text(cached)), (nil, fresh), ("into", .text("&_$differences")),
            ])
        }
        var entries: [LineLayout.Piece] = []
        for value in model.reactiveValues where value.pacing == nil {
            switch value.source {
            case .derived, .condition:
                guard let code = value.expression, childList(value.name) == nil else { continue }
                let fresh = call(computationName(of: value), arguments: arguments(of: code, for: readsKey(of: value))) {
                    GeneratedNames.storage(of: $0)
                }
                entries.append(compare(value.name, GeneratedNames.storage(of: value.name), fresh))
            case .commandIsEnabled(let command):
                let stored = GeneratedNames.storage(of: value.name)
                entries.append(compare(value.name, stored, .text(enabledState(of: command, reading: value.reads) ?? "true")))
                entries.append(compare(command + ".isEnabled", command + ".isEnabled.value", .text(stored)))
            default:
                continue
            }
        }
        return entries
    }

    /// `_$invariants`, which evaluates each invariant of the spec, and the function of each.
    func invariantFunctions() -> [CodeFunction] {
        guard !model.invariants.isEmpty else { return [] }
        var entries: [String] = []
        var functions: [CodeFunction] = []
        for invariant in model.invariants {
            let name = invariant.name.value
            let function = GeneratedNames.helper(name, "invariant")
            let arguments = arguments(for: .invariant(name))
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
                bodyLines: embedded(invariant.holds)))
        }
        let list = CodeFunction(
            docLines: ["/// The spec's invariants, evaluated now; debug builds check them after every transaction."],
            signature: "\(testingAccess)var \(GeneratedNames.fixed("invariants")): [Reactive.Invariant] {",
            bodyLines: ["        ["] + entries + ["        ]"])
        return [list] + functions
    }

    /// After the observers of a transaction were told, debug builds check the invariants.
    func invariantCheckLines() -> [String] {
        guard !model.invariants.isEmpty else { return [] }
        return ["#if DEBUG", "Reactive.Invariant.check(\(GeneratedNames.fixed("invariants")), of: Self.self)", "#endif"]
    }
}
