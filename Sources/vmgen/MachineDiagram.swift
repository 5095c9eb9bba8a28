import VMGenCore

/// A view model's `machine:` as a state diagram, for `vmgen graph --machine`: Mermaid's
/// `stateDiagram-v2` or Graphviz DOT. Each transition is an arrow labelled with what takes it
/// (its event, `after 5s` for a timer, `done` or `error` for the state's invoked work) and,
/// when it has one, its guard (`[canSubmit]`); an unguarded transition after guarded ones on the
/// same event is their fallback (`[else]`). The initial state comes from a start point, and each
/// final state leads to an end point (Mermaid) or is drawn with a double border (DOT).
enum MachineDiagram {
    struct Arrow: Equatable {
        var from: String
        var to: String
        var label: String
    }

    /// The arrows of `machine`, in spec order: state by state, trigger by trigger (events, then
    /// timers, then the invoked work's outcomes), transition by transition.
    static func arrows(of machine: CheckedMachine) -> [Arrow] {
        machine.states.flatMap { state in
            state.triggered.flatMap { triggered in
                triggered.transitions.enumerated().map { index, transition in
                    var label = arrowLabel(triggered.trigger)
                    if let guardCode = transition.guardCode {
                        label += " [\(oneLine(guardCode.text))]"
                    } else if index > 0 {
                        label += " [else]"
                    }
                    return Arrow(from: state.name.value, to: transition.target.value, label: label)
                }
            }
        }
    }

    /// What an arrow is labelled with first: `submit`, `after 5s`, `done`, `error`.
    static func arrowLabel(_ trigger: MachineTrigger) -> String {
        switch trigger {
        case .event(let name): name
        case .after(_, let seconds): "after \(seconds)s"
        case .done: "done"
        case .error: "error"
        }
    }

    /// The diagram of `model`'s machine; nil when the spec has none.
    static func render(_ model: ViewModelModel, as format: GraphExport.Format) -> String? {
        guard let machine = model.machine else { return nil }
        let arrows = arrows(of: machine)
        let finals = machine.states.filter(\.isFinal).map(\.name.value)
        switch format {
        case .mermaid:
            var lines = ["stateDiagram-v2", "    [*] --> \(machine.initial.value)"]
            lines += arrows.map { "    \($0.from) --> \($0.to): \($0.label.replacingOccurrences(of: ":", with: "#58;"))" }
            lines += finals.map { "    \($0) --> [*]" }
            return lines.joined(separator: "\n") + "\n"
        case .dot:
            var lines = ["digraph \(model.name.value)_machine {", "    rankdir=LR;", "    _start [shape=point];"]
            lines += machine.states.map { "    \($0.name.value) [shape=\($0.isFinal ? "doublecircle" : "ellipse")];" }
            lines.append("    _start -> \(machine.initial.value);")
            lines += arrows.map { "    \($0.from) -> \($0.to) [label=\"\(escaped($0.label))\"];" }
            return (lines + ["}"]).joined(separator: "\n") + "\n"
        }
    }

    /// Code on one line, its runs of white space made one space.
    static func oneLine(_ code: String) -> String {
        code.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Text inside a DOT string: `"` and `\` escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
