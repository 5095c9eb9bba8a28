/// The `// MARK: Testing` part of the generated class: what `ReactiveTesting` needs to see every
/// change of the view model (its conformance to `Reactive.Inspectable`).
extension ContextBuilder {
    /// The protocols of a view model with values: `TransactionalViewModel` (`update(_:)`, and `Inspectable`:
    /// tests see its outputs), whose requirements are SPI; `GeneratedViewModel` (the runtime's
    /// helpers; parents follow it) is SPI and so declared by an extension (`conformanceExtensions`).
    static let valueConformances = "Observation.Observable, Reactive.TransactionalViewModel"

    /// The attributes of a public view model's testing members: SPI of its module, which a test
    /// imports with `@_spi(Testing) import`; internal members (a test uses `@testable import`).
    var testingAccess: String { access.isEmpty ? "" : "@_spi(Testing) public " }

    /// The attributes of what only generated code uses across modules (`_$transactions`).
    var contractAccess: String { access.isEmpty ? "" : "@_spi(VMGen) public " }

    /// After the class: its conformance to the runtime's SPI protocol `Reactive.Transactional`.
    func conformanceExtensions() -> [String] {
        guard hasTransactions else { return [] }
        return ["", "\(access.isEmpty ? "" : "@_spi(VMGen) ")extension \(className): Reactive.GeneratedViewModel {}"]
    }

    /// `_$outputs`, which lists every public value and event; empty for a view model without
    /// values.
    func testing() -> [CodeFunction] {
        guard hasTransactions else { return [] }
        var body = ["        ["]
        for value in model.reactiveValues where value.isPublic {
            // An input (or `isActive`) is a value the explorer may write: the runtime's `_$inputs` lists it.
            let kind: String = switch value.source {
            case .commandIsExecuting, .resourceIsLoading: ".work"
            case .state(isInput: true), .activation: ".input"
            default: ".value"
            }
            // Without the `<name>Property` members (`runtimeProperties: false`), the property the
            // runtime makes for tests is the one the member would have returned.
            let property = model.runtimeProperties ? GeneratedNames.property(of: value.name) : runtimeProperty(of: value.name)
            var entry = LineLayout.Piece.call(kind, [
                (nil, .text(SwiftText.literal(value.name))),
                (nil, .text("\\." + value.name)),
                (nil, .text(property)),
            ])
            // A command without input: its enabled state carries the command, which the explorer
            // runs; one that reads nothing is never disabled (`.alwaysEnabled`, no computation).
            if case .commandIsEnabled(let command) = value.source, model.commands.contains(where: { $0.name.value == command && !$0.takesInput }) {
                entry = .call(value.reads.isEmpty ? ".alwaysEnabled" : ".enabled", [
                    (nil, .text(SwiftText.literal(command))), (nil, .text(command)),
                    (nil, .text("\\." + value.name)), (nil, .text(property)),
                ])
                if value.reads.isEmpty {
                    body += LineLayout.lines(entry, suffix: ",", indent: "            ", margin: 0)
                    continue
                }
            }
            guard let fresh = freshComputation(of: value) else {
                body += LineLayout.lines(entry, suffix: ",", indent: "            ", margin: 0)
                continue
            }
            // A computed value: the explorer's audit compares it with `fresh` (`Inspectable._$audit()`).
            // A computation that reads no stored value names its parameter `_`.
            let flat = fresh.map(\.flat).joined(separator: " && ")
            let opening = flat.contains("$0") ? "{" : "{ _ in"
            let line = "            \(entry.flat) \(opening) \(flat) },"
            if LineLayout.fits(line, margin: 0) {
                body.append(line)
                continue
            }
            body += LineLayout.lines(entry, suffix: " " + opening, indent: "            ", margin: 0)
            for (position, term) in fresh.enumerated() {
                body += LineLayout.lines(term, prefix: position == 0 ? "" : "&& ",
                                         indent: position == 0 ? "                " : "                    ", margin: 0)
            }
            body.append("            },")
        }
        for event in model.events {
            let name = event.name.value
            let entry = LineLayout.Piece.call(".event", [(nil, .text(SwiftText.literal(name))), (nil, .text("\\." + name)), (nil, .text(name))])
            body += LineLayout.lines(entry, suffix: ",", indent: "            ", margin: 0)
        }
        body.append("        ]")
        let outputs = CodeFunction(
            docLines: [],
            signature: "\(testingAccess)var \(GeneratedNames.fixed("outputs")): [Reactive.InspectedOutput<\(className)>] {",
            bodyLines: body)
        return [outputs] + invariantFunctions()
    }

    /// A computed value's computation from the values it reads as the view model stores them
    /// (`$0`, the view model), for the explorer's audit: a derived value (not paced, not a list
    /// kept by id), and a command's enabled state with its condition computed again; nil for
    /// the others.
    func freshComputation(of value: ReactiveValue) -> [LineLayout.Piece]? {
        func stored(_ name: String) -> String { "$0." + storedValue(name) }
        func computation(_ value: ReactiveValue) -> LineLayout.Piece? {
            guard value.pacing == nil, hasComputation(value), childList(value.name) == nil else { return nil }
            return call(computationName(of: value), arguments: arguments(for: readsKey(of: value)), reactiveRead: stored,
                        fixedRead: { "$0." + $0 })
        }
        switch value.source {
        case .derived:
            return computation(value).map { [$0] }
        case .commandIsEnabled(let command):
            let terms = value.reads.map { read -> LineLayout.Piece in
                if read == GeneratedNames.isExecuting(of: command) { return .text("!" + stored(read)) }
                return self.value(named: read).flatMap(computation) ?? .text(stored(read))
            }
            return terms.isEmpty ? [.text("true")] : terms
        default:
            return nil
        }
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
                (argument.name, .text(value(named: argument.name) == nil ? argument.name : storedValue(argument.name)))
            })
            let entry = LineLayout.Piece.call(".init", [
                (nil, .text(SwiftText.literal(name))), (nil, .text(SwiftText.literal(invariant.message))), ("holds", call),
            ])
            entries += LineLayout.lines(entry, suffix: ",", indent: "            ", margin: 0)
            functions.append(CodeFunction(
                docLines: [],
                signature: signature("private static func \(function)", parameters: parameterList(arguments), result: " -> Swift.Bool"),
                bodyLines: embedded(invariant.holds)))
        }
        let list = CodeFunction(
            docLines: [],
            signature: "\(testingAccess)var \(GeneratedNames.fixed("invariants")): [Reactive.Invariant] {",
            bodyLines: ["        ["] + entries + ["        ]"])
        return [list] + functions
    }

    /// After the observers of a transaction were told, debug builds check the invariants.
    func invariantCheckLines(when condition: String) -> [String] {
        guard !model.invariants.isEmpty else { return [] }
        return ["#if DEBUG", "if \(condition) { Reactive.Invariant.check(\(GeneratedNames.fixed("invariants")), of: Self.self) }", "#endif"]
    }
}
