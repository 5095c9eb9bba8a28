@_spi(VMGen) @_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// `Stored` and `Transactions`, the pieces generated view models make transactions of, and the
/// steps a `Command` hands to its `transaction:`.
@MainActor
@Suite struct TransactionsTests {
    struct Opaque { var id: Int }

    @Test func anEquatableValueWrittenAndPutBackHasNotChanged() {
        var changed: Bool
        var value = Stored(1)
        value.write(7)
        value.write(1)
        changed = value.changed()
        #expect(!changed)
        #expect(value.before == nil)
        value.write(2)
        changed = value.changed()
        #expect(changed)
        changed = value.changed()
        #expect(!changed, "a commit clears what the transaction wrote")
        changed = value.replace(2)
        #expect(!changed)
        changed = value.replace(3)
        #expect(changed)
    }

    @Test func anErrorIsAChangeUnlessItStaysNil() {
        var changed: Bool
        var error = Stored<(any Error)?>(nil)
        error.write(nil)
        changed = error.changed()
        #expect(!changed, "nil -> nil")
        error.write(TestError.boom)
        changed = error.changed()
        #expect(changed)
        error.write(TestError.boom)
        changed = error.changed()
        #expect(changed, "a new failure, even one that looks the same")
        changed = error.replace(TestError.boom)
        #expect(changed)
        error.value = nil
        changed = error.replace(nil)
        #expect(!changed)
    }

    @Test func anOptionalEquatableValueChangesWhenItDiffers() {
        var changed: Bool
        var value = Stored<Int?>(nil)
        value.write(nil)
        changed = value.changed()
        #expect(!changed, "nil -> nil")
        value.write(1)
        changed = value.changed()
        #expect(changed)
        value.write(1)
        changed = value.changed()
        #expect(!changed, "1 -> 1")
        changed = value.replace(1)
        #expect(!changed)
        changed = value.replace(nil)
        #expect(changed)
    }

    @Test func aValueThatCannotBeComparedChangesWheneverWritten() {
        var changed: Bool
        var value = Stored(Opaque(id: 1))
        changed = value.changed()
        #expect(!changed, "not written")
        value.write(Opaque(id: 1))
        changed = value.changed()
        #expect(changed)
        changed = value.replace(Opaque(id: 1))
        #expect(changed)
    }

    @Test("a value written by code that takes it inout keeps its value from before the transaction")
    func aValueWrittenInPlaceKeepsItsValueFromBefore() {
        var changed: Bool
        var value = Stored(1)
        value.willWrite()
        value.value += 1
        value.willWrite()
        value.value += 1
        #expect(value.before == 1)
        changed = value.changed()
        #expect(changed)
    }

    @Test func aCommandRunsEachStepOfAnExecutionInItsTransaction() {
        let log = Log<String>()
        let (work, input) = Signal<Int, Never>.pipe()
        let executing = Box(false)
        let command = Command<Void, Int, Never>(
            transaction: { step in
                log.append("begin")
                step()
                log.append("end: executing \(executing.value)")
            },
            executeOnMain: { _ in SignalProducer(work) })
        command.isExecuting.signal.observeValues { executing.value = $0 }
        command.values.observeValues { _ in log.append("value") }
        command.execute().start()
        input.send(value: 1)
        input.sendCompleted()
        #expect(log.all == ["begin", "end: executing true", "begin", "value", "end: executing true", "begin", "end: executing false"])
    }

    @Test func aTasksResultAndTheEndOfItsExecutionAreOneStep() async {
        let log = Log<String>()
        let executing = Box(false)
        let answer = FakeAsync<Void, Int>()
        let depth = Box(0)
        // As a generated view model's: a step inside a step joins it; the outermost one commits.
        let command = Command<Void, Int, any Error>(
            transaction: { step in
                if depth.value == 0 { log.append("begin") }
                depth.value += 1
                step()
                depth.value -= 1
                if depth.value == 0 { log.append("end: executing \(executing.value)") }
            },
            task: { _ in try await answer(()) })
        command.isExecuting.signal.observeValues { executing.value = $0 }
        command.values.observeValues { log.append("value \($0)") }
        command.execute().start()
        #expect(await waitUntil { !answer.pending.isEmpty })
        answer.pending.first?.succeed(with: 7)
        #expect(await waitUntil { !command.isExecuting.value })
        #expect(log.all == ["begin", "end: executing true", "begin", "value 7", "end: executing false"])
    }
}
