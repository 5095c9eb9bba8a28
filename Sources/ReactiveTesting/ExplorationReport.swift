import Testing

/// What an exploration found and reached.
public struct ExplorationReport: CustomStringConvertible, Sendable {
    /// The view model's type.
    public let viewModel: String
    /// The failing sequence found, if any.
    public let failure: ExplorationFailure?
    /// The command and resource states reached.
    public let coverage: Coverage
    /// How many sequences ran (each from a fresh view model).
    public let runs: Int
    /// The actions that applied in no state reached (a child's command when no list had that
    /// many children, an answer when no call was made), as the lines a pasted test runs.
    public let actionsNeverRun: [String]

    public var description: String {
        let neverRun = actionsNeverRun.isEmpty ? "" : "\nNever run:\n" + actionsNeverRun.map { "  " + $0 }.joined(separator: "\n")
        return (failure.map { $0.test(viewModel) + "\n" } ?? "\(viewModel): no failure in \(runs) runs.\n") + coverage.description + neverRun
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
        return ([
            "// \(viewModel): \(message)\(shrunk)",
            "@Test @MainActor func explorerFinding() {",
            "    // Make `viewModel` and its fakes as the explorer's setup does, then:",
        ] + steps.map { "    " + $0 } + [
            "    #expect(viewModel._$invariants.filter { !$0.holds }.map(\\.name) == [])",
            "    #expect(viewModel._$audit() == [])",
            "}",
        ]).joined(separator: "\n")
    }
}
