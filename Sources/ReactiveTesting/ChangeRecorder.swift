import Foundation
@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// Records every change of a generated view model, grouped by transaction, so that a test states
/// each step's changes in a few lines and any change it did not state fails it.
///
/// ```swift
/// let line = OrderLineViewModel(counter: EvaluationCounter())
/// let changes = ChangeRecorder(line)
/// line.quantity = 10
/// changes.expect(.changed(\.quantity, to: 10), .changed(\.total, to: 900))
/// changes.finish()            // nothing unchecked, no work still running
/// ```
///
/// Every public value (through its runtime property, told once per real change), event, command
/// state (`<command>IsExecuting`, `<command>IsEnabled`) and resource state is recorded; a change is
/// grouped with the others of its transaction (``Reactive/Transactions/didNotify``). Exhaustive by
/// default: ``expect(_:sourceLocation:)`` fails on every output whose changes differ from the
/// expected ones, including one that changed and changed back (a flicker), with a diff per output.
/// With `exhaustive: false`, only the outputs a check names are compared. Nothing waits: drive
/// time with a ``TestScheduler`` and pass it to have scheduled work reported by ``finish(sourceLocation:)``.
@MainActor
public final class ChangeRecorder<ViewModel: Inspectable> {
    /// Reports a failed check: by default a Swift Testing issue at the check's location.
    public typealias Report = @MainActor (_ message: String, _ location: SourceLocation) -> Void

    /// One change of one output in one transaction.
    public struct Change: CustomStringConvertible {
        /// The output's name (`total`, `saveIsExecuting`, `showResults`).
        public let output: String
        /// The new value, or the value an event sent.
        public let value: Any
        /// `total = 900`, or `showResults sent [...]` for an event.
        public let description: String
    }

    /// The view model whose changes are recorded.
    public let viewModel: ViewModel
    /// Whether a change that a check does not state fails it.
    public let isExhaustive: Bool
    /// The transactions since the last check, each with its changes in the order observers heard them.
    public private(set) var transactions: [[Change]] = []

    private let scheduler: TestScheduler?
    private let report: Report
    private let outputs: [InspectedOutput<ViewModel>]
    private var observations: [any Disposable] = []
    /// The changes of the transaction being told (and events sent outside a transaction).
    private var current: [Change] = []
    /// What `didNotify` held before this recorder, told first.
    private let previousDidNotify: (() -> Void)?
    /// Each value's description at the last check, to recognise a flicker.
    private var checkedValues: [String: String] = [:]
    private var isFinished = false

    /// Starts recording every change of `viewModel`. Pass the ``TestScheduler`` the test drives to
    /// have actions still scheduled at the end reported.
    public init(
        _ viewModel: ViewModel, exhaustive: Bool = true, scheduler: TestScheduler? = nil,
        report: @escaping Report = recordTestIssue
    ) {
        self.viewModel = viewModel
        self.isExhaustive = exhaustive
        self.scheduler = scheduler
        self.report = report
        outputs = viewModel._$outputs
        previousDidNotify = viewModel._$inspectedTransactions.didNotify
        for output in outputs {
            let name = output.name, isEvent = output.kind == .event
            let observation = output.observe { [weak self] value in
                let text = isEvent ? "\(name) sent \(describe(value))" : "\(name) = \(describe(value))"
                self?.current.append(Change(output: name, value: value, description: text))
            }
            if let observation { observations.append(observation) }
        }
        viewModel._$inspectedTransactions.didNotify = { [weak self, previousDidNotify] in
            previousDidNotify?()
            self?.endTransaction()
        }
        rememberValues()
    }

    private func endTransaction() {
        guard !current.isEmpty else { return }
        transactions.append(current)
        current = []
    }

    private func rememberValues() {
        for output in outputs {
            if let value = output.current(viewModel) { checkedValues[output.name] = describe(value) }
        }
    }

    /// Checks the changes since the last check against `expected`, then starts a new step. In
    /// exhaustive mode an output the check does not name must not have changed.
    public func expect(_ expected: ExpectedChange<ViewModel>..., sourceLocation: SourceLocation = #_sourceLocation) {
        check(expected, heading: "The changes differ from the expected ones", at: sourceLocation)
    }

    /// Checks that nothing changed since the last check (in exhaustive mode: no output at all).
    public func expectNoChanges(sourceLocation: SourceLocation = #_sourceLocation) {
        check([], heading: "Expected no changes", at: sourceLocation)
    }

    /// Ends the recording: in exhaustive mode, changes not checked yet fail the test; so does work
    /// still running (a command executing, a resource loading, work a machine's state invoked)
    /// and, with a scheduler, actions still scheduled on it. Work that runs for the view model's life, such as a resource that
    /// follows a live stream, is named in `stillRunning` (`\.pricesIsLoading`): it must still be
    /// running, and the rest must have ended.
    public func finish(stillRunning: KeyPath<ViewModel, Bool>..., sourceLocation: SourceLocation = #_sourceLocation) {
        guard !isFinished else { return }
        if isExhaustive { check([], heading: "Changes not checked before the end", at: sourceLocation) }
        var running: [String] = [], notRunning: [String] = []
        var expectedRunning: Set<String> = []
        for keyPath in stillRunning {
            guard let output = outputs.first(where: { $0.keyPath == keyPath && $0.kind == .work }) else {
                let name = outputs.first { $0.keyPath == keyPath }.map { "`\($0.name)`" } ?? "a key path that names no value"
                notRunning.append("\(name) is not a command's IsExecuting or a resource's IsLoading of \(ViewModel.self)")
                continue
            }
            expectedRunning.insert(output.name)
        }
        for output in outputs where output.kind == .work {
            let isRunning = output.current(viewModel) as? Bool == true
            if isRunning && !expectedRunning.contains(output.name) { running.append("\(output.name) is still true") }
            if !isRunning && expectedRunning.contains(output.name) { notRunning.append("\(output.name) is false") }
        }
        if let machine = viewModel._$machine, machine.isWorking(viewModel) {
            running.append("the work that state `\(machine.currentState(viewModel))` invoked is still running: answer it, or end with `stop()`")
        }
        if let scheduler, scheduler.scheduledCount > 0 {
            running.append("the TestScheduler still has \(scheduler.scheduledCount) scheduled action(s)")
        }
        for (heading, lines) in [("Work is still running at the end of the test:", running),
                                 ("Work the test said would still be running is not:", notRunning)] where !lines.isEmpty {
            report(([heading] + lines.map { "  " + $0 }).joined(separator: "\n"), sourceLocation)
        }
        stop()
    }

    /// Stops recording without checking anything.
    public func stop() {
        isFinished = true
        observations.forEach { $0.dispose() }
        observations = []
        viewModel._$inspectedTransactions.didNotify = previousDidNotify
    }

    private func check(_ expected: [ExpectedChange<ViewModel>], heading: String, at location: SourceLocation) {
        endTransaction()
        let recorded = transactions
        var byOutput: [String: [Change]] = [:]
        for change in recorded.joined() { byOutput[change.output, default: []].append(change) }
        var expectedByOutput: [String: [ExpectedChange<ViewModel>.Value]] = [:]
        var lines: [String] = []
        for change in expected {
            guard let output = outputs.first(where: { $0.keyPath == change.keyPath }) else {
                lines.append("  \(change.keyPath): not a value or event of \(ViewModel.self)")
                continue
            }
            expectedByOutput[output.name, default: []] += change.values
        }
        for output in outputs {
            let actual = byOutput[output.name] ?? []
            guard let wanted = expectedByOutput[output.name] else {
                if isExhaustive && !actual.isEmpty { lines.append(difference(output, expected: nil, actual: actual)) }
                continue
            }
            let matches = wanted.count == actual.count && zip(wanted, actual).allSatisfy { $0.matches($1.value) }
            if !matches { lines.append(difference(output, expected: wanted, actual: actual)) }
        }
        transactions = []
        if !lines.isEmpty {
            var message = "\(heading) (expected vs actual, per output):\n" + lines.joined(separator: "\n")
            if !recorded.isEmpty {
                message += "\nRecorded transactions:"
                for (number, changes) in recorded.enumerated() {
                    message += "\n  \(number + 1). " + changes.map(\.description).joined(separator: ", ")
                }
            }
            report(message, location)
        }
        rememberValues()
    }

    /// `  total: expected 900; actual 800, 900`, with a note for a value that came back (a flicker).
    private func difference(
        _ output: InspectedOutput<ViewModel>, expected: [ExpectedChange<ViewModel>.Value]?, actual: [Change]
    ) -> String {
        let wanted = expected.map { $0.map(\.description).joined(separator: ", ") } ?? "no change"
        let got = actual.isEmpty ? "no change" : actual.map { describe($0.value) }.joined(separator: ", ")
        var line = "  \(output.name): expected \(wanted); actual \(got)"
        if output.kind != .event, actual.count > 1, let before = checkedValues[output.name],
           let last = actual.last, describe(last.value) == before {
            line += " (changed and changed back to \(before): a flicker)"
        }
        return line
    }
}

/// Records `message` as a Swift Testing issue at `location`: the default ``ChangeRecorder/Report``.
@MainActor
public func recordTestIssue(_ message: String, at location: SourceLocation) {
    Issue.record(Comment(rawValue: message), sourceLocation: location)
}
