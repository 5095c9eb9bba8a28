/// Which mapping of a spec accepts which key: the one table the parser reads each mapping's keys
/// from (and the schema its entries' keys), so that a key met in the wrong mapping can be told
/// where it belongs.
enum KeyPlace: CaseIterable {
    case spec, parameter, dependency, constant, state, derived, child, event
    case function, command, resource, reaction, validation, rule, invariant

    /// The keys this mapping accepts.
    var keys: [String] {
        switch self {
        case .spec:
            ["viewModel", "doc", "access", "imports", "parameters", "dependencies", "constants", "state", "derived", "children",
             "functions", "commands", "resources", "events", "reactions", "validation", "lifecycle", "invariants"]
        case .parameter, .dependency, .event: ["type", "doc"]
        case .constant: ["type", "value", "doc"]
        case .state: ["type", "initial", "input", "doc"]
        case .derived: ["type", "value", "doc"] + SectionReader.pacingKeys
        case .child: ["type", "value", "doc"] + MemberSection.keyedKeys
        case .function: ["signature", "body", "doc"]
        case .command:
            ["doc", "enabled", "perform", "work", "task", "input", "output", "failure", "onValue", "onFailure", "onCompleted", "emits",
             "policy", "then"]
        case .resource: ["type", "failure", "load", "trigger", "doc"] + SectionReader.resourceTimingKeys
        case .reaction: ["onChange", "perform", "doc"]
        case .validation: ["submit", "show", "fields"]
        case .rule, .invariant: self == .rule ? ["rule", "message"] : ["holds", "message"]
        }
    }

    /// How a message names one such mapping.
    var name: String {
        switch self {
        case .spec: "the spec's top level"
        case .parameter: "a parameter"
        case .dependency: "a dependency"
        case .constant: "a constant"
        case .state: "a state value"
        case .derived: "a derived value"
        case .child: "a child view model"
        case .event: "an event"
        case .function: "a function"
        case .command: "a command"
        case .resource: "a resource"
        case .reaction: "a reaction"
        case .validation: "`validation`"
        case .rule: "a validation rule"
        case .invariant: "an invariant"
        }
    }

    /// Why a key belongs where it does, where the reason is not plain from the places alone.
    static let reasons: [String: String] = Dictionary(uniqueKeysWithValues: SectionReader.pacingKeys.map { key in
        (key, "pacing applies to values computed from others: pace a derived value that reads this one, or a resource's reloads")
    } + [
        ("initial", "a derived value's `value` gives its first value too; a value with a first value that changes by writes is a state value"),
        ("value", "a value computed from others is a derived value (a constant, from parameters and dependencies); a state value starts at `initial`"),
        ("input", "only a state value can be written by the view; a command's `input` is the type of its argument"),
    ])

    /// `; \`debounce\` is a key of a derived value or a resource: <why>`, for `key` met in a
    /// mapping of `place`; empty when no other mapping accepts it.
    static func belonging(of key: String, notIn place: KeyPlace) -> String {
        let places = allCases.filter { $0 != place && $0.keys.contains(key) }.map(\.name)
        guard let last = places.last else { return "" }
        let list = places.count == 1 ? last : places.dropLast().joined(separator: ", ") + " or " + last
        return "; `\(key)` is a key of \(list)" + (reasons[key].map { ": \($0)" } ?? "")
    }
}
