import Testing

/// What an exploration found and reached.
public struct ExplorationReport: CustomStringConvertible, Sendable {
    /// The view model's type.
    public let viewModel: String
    /// The failing sequence found, if any.
    public let failure: ExplorationFailure?
    /// The command and resource states reached, and the machine's states, transitions and guards.
    public let coverage: Coverage
    /// How many sequences ran (each from a fresh view model).
    public let runs: Int
    /// The actions that applied in no state reached (a child's command when no list had that
    /// many children, an answer when no call was made), as the lines a pasted test runs.
    public let actionsNeverRun: [String]
    /// For each state of the machine reached, the shortest sequence of actions seen to reach it
    /// (the lines a pasted test runs; none for the initial state): ``Explorer/exhaustive(depth:maxStates:)``
    /// goes breadth first, so its paths are shortest ones; ``Explorer/random(count:length:seed:)``
    /// keeps the shortest it ran (not shrunk). Empty without a machine.
    public let shortestPaths: [String: [String]]

    public var description: String {
        let neverRun = actionsNeverRun.isEmpty ? "" : "\nNever run:\n" + actionsNeverRun.map { "  " + $0 }.joined(separator: "\n")
        return (failure.map { $0.test(viewModel) + "\n" } ?? "\(viewModel): no failure in \(runs) runs.\n") + coverage.description
            + pathsDescription + neverRun
    }

    /// The shortest path to each state reached, in the spec's order of the states.
    private var pathsDescription: String {
        guard let states = coverage.machine?.states else { return "" }
        let lines = states.compactMap { state -> [String]? in
            guard let steps = shortestPaths[state] else { return nil }
            guard !steps.isEmpty else { return ["  \(state): the initial state"] }
            return ["  \(state), \(steps.count == 1 ? "1 action" : "\(steps.count) actions"):"] + steps.map { "    " + $0 }
        }
        return "\nShortest paths to the states (`report.pathTo(state)` prints one as a test):\n"
            + lines.joined().joined(separator: "\n")
    }

    /// The shortest path seen to `state` (``shortestPaths``) as a Swift Testing test to paste,
    /// which checks that the view model is then in `state`; nil when the exploration did not
    /// reach it.
    public func pathTo(_ state: String) -> String? {
        guard let steps = shortestPaths[state] else { return nil }
        let count = steps.count == 1 ? "1 action" : "\(steps.count) actions"
        return pastedTest(
            "\(viewModel): the shortest sequence the explorer found to the state `\(state)` (\(count))",
            named: "reaches\(state.prefix(1).uppercased() + state.dropFirst())", steps: steps,
            checks: ["#expect(viewModel._$machine?.currentState(viewModel) == \(String(reflecting: state)))"])
    }

    /// Records an issue with the failing sequence, as a test to paste, when there is one.
    public func expectNoFailure(sourceLocation: SourceLocation = #_sourceLocation) {
        guard let failure else { return }
        Issue.record("\(failure.message)\n\(failure.test(viewModel))\n\(coverage)", sourceLocation: sourceLocation)
    }
}

/// A failing sequence: the actions as Swift, and what went wrong after the last one.
public struct ExplorationFailure: Sendable {
    /// Each action as the line a pasted test runs.
    public let steps: [String]
    /// What did not hold after the last step.
    public let message: String
    /// How long the sequence was before shrinking (random exploration).
    public let originalLength: Int?

    /// A Swift Testing test that runs the sequence and checks what failed; the view model is
    /// `viewModel`, and the fakes and schedulers have the names the setup gave them.
    public func test(_ viewModel: String) -> String {
        let shrunk = originalLength.map { " (shrunk from \($0) actions)" } ?? ""
        // A debug build checks the invariants after each transaction and, by default, stops the
        // process at a broken one: the test collects them instead, and expects none.
        let collecting = [
            "var violations: [String] = []",
            "let previous = Invariant.violated",
            "Invariant.violated = { violations.append($0) }",
            "defer { Invariant.violated = previous }",
        ]
        return pastedTest("\(viewModel): \(message)\(shrunk)", named: "explorerFinding", steps: collecting + steps, checks: [
            "#expect(violations == [])",
            "#expect(viewModel._$invariants.filter { !$0.holds }.map(\\.name) == [])",
            "#expect(viewModel._$audit() == [])",
        ])
    }
}

/// A Swift Testing test to paste: `comment`, then a test that runs `steps` on `viewModel` (made
/// with its fakes as the explorer's setup makes them) and states `checks`.
private func pastedTest(_ comment: String, named name: String, steps: [String], checks: [String]) -> String {
    ([
        "// \(comment)",
        "@Test @MainActor func \(name)() {",
        "    // With `@_spi(Testing) import` of the view model's module and of Reactive, make `viewModel`",
        "    // and its fakes as the explorer's setup does, then:",
    ] + (steps + checks).map { "    " + $0 } + ["}"]).joined(separator: "\n")
}
