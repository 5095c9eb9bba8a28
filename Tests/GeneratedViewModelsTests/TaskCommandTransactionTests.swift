import GoldenViewModels
import Reactive
import ReactiveTesting
import Testing

/// A `task:` command has one result: what its handlers write and the end of its execution reach
/// observers as one transaction (docs/spec-format.md, "Transactions"), also when the command
/// submits a validated form (golden `Validation`: `save` is the form's submit, with `onValue` and `onCompleted`).
@MainActor
@Suite struct TaskCommandTransactionTests {
    @Test func aSubmittedTasksCompletionAndTheEndOfItsExecutionAreOneTransaction() async {
        let form = ProfileFormViewModel(maxNameLength: 10)
        form.name = "Ada"
        form.nickname = "A"
        let changes = ChangeRecorder(form, exhaustive: false)
        form.save.execute().start()
        #expect(await waitUntil { form.completions == 1 })
        let result = changes.transactions.first { $0.contains { $0.output == "savedCount" } }
        let outputs = result.map { Set($0.map(\.output)) } ?? []
        #expect(outputs.isSuperset(of: ["savedCount", "completions", "saveIsExecuting"]), "\(changes.transactions)")
        #expect(!form.saveIsExecuting)
        changes.expect(
            .changed(\.submitAttempted, to: true),
            .changed(\.saved, to: ["Ada"]),
            .changed(\.savedCount, to: 1),
            .changed(\.completions, to: 1))
        changes.finish()
    }
}
