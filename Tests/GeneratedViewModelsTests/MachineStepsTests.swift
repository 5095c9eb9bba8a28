@_spi(Testing) import GoldenViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// The golden `Steps` (`Tests/Golden/Specs/Steps.vm.yaml`): what a machine's own code sees. A
/// `send` made by statements is taken once their writes are computed again, in their transaction;
/// an `entry` runs once the values that read the new state are computed again.
@MainActor
struct MachineStepsTests {
    @Test func aSendFromStatementsIsTakenOnceTheirWritesAreComputedInTheirTransaction() {
        let steps = StepsViewModel()
        let changes = ChangeRecorder(steps)
        steps.add.tap(3)
        // The guard read `isBig` as the `count += 3` before the send made it; `big`'s entry ran
        // `record`, which only `big` enables; all of it one transaction.
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        #expect(steps.state == .big)
        #expect(steps.log == ["added 3", "big at 3"], "the statements after `send` run first, then the transition")
        changes.expect(
            .changed(\.count, to: 3), .changed(\.log, to: ["added 3", "big at 3"]), .changed(\.isBig, to: true),
            .changed(\.state, to: .big), .changed(\.recordIsEnabled, to: true))
        changes.finish()
    }

    @Test func aGuardThatFailsOnTheComputedValuesTakesTheFallback() {
        let steps = StepsViewModel()
        steps.add.tap(1)
        #expect(steps.state == .counting)
        #expect(!steps.recordIsEnabled)
        steps.add.tap(2)
        #expect(steps.state == .big)
        #expect(steps.log == ["added 1", "added 2", "big at 3"])
    }

    @Test func sendsInUpdateAreTakenAfterItsWritesInOrder() {
        let steps = StepsViewModel()
        let changes = ChangeRecorder(steps, exhaustive: false)
        steps.update {
            $0.send(.settle)           // taken after the writes below: `isBig` is true by then
            $0.add.execute(5).start()
            $0.send(.finish)
        }
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        #expect(steps.state == .done, "settle took `big`, whose entry recorded, then finish")
        #expect(steps.log == ["added 5", "big at 5"])
        changes.stop()
    }
}

/// The golden `Settle`: a value that a later step of the same transaction brings back to where it
/// was is still told once, with its value (docs/spec-format.md, "Transactions"): a known limit,
/// kept because telling nothing would cost every change a comparison. These tests pin what is told
/// today, and record a known issue where the promise ("only on a real change") is not kept.
@MainActor
struct SettledValuesTests {
    @Test func aCommandAnEntryStartsThatDisablesItselfIsToldOnceWithItsValue() {
        let settle = SettleViewModel()
        let enabled = Recorder(settle.workIsEnabledProperty.signal)
        let changes = ChangeRecorder(settle, exhaustive: false)
        settle.go.execute().start()
        #expect(settle.state == .busy && settle.workIsExecuting && !settle.workIsEnabled)
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.stop()
        #expect(enabled.values.allSatisfy { !$0 } && enabled.values.count <= 1, "at most once, never a value it did not have")
        withKnownIssue("a value brought back within one transaction is told once") {
            #expect(enabled.values == [])
        }
    }

    @Test func aWriteThatAnEntryUndoesIsToldOnceWithItsValue() {
        let settle = SettleViewModel()
        let values = Recorder(settle.nProperty.signal)
        let changes = ChangeRecorder(settle, exhaustive: false)
        settle.bump.execute().start()
        #expect(settle.n == 0)
        #expect(changes.transactions.count <= 1, "\(changes.transactions)")
        changes.stop()
        #expect(values.values.allSatisfy { $0 == 0 } && values.values.count <= 1, "never 1: the write is undone in the same transaction")
        withKnownIssue("a value brought back within one transaction is told once") {
            #expect(values.values == [])
        }
    }
}
