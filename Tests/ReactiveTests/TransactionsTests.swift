@_spi(VMGen) @_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// `Staging` and `Transactions`, the pieces generated view models make transactions of, and the
/// steps a `Command` hands to its `transaction:`.
@MainActor
@Suite struct TransactionsTests {
    struct Opaque { var id: Int }

    @Test func anEquatableValueWrittenAndPutBackHasNotChanged() {
        var value = 1
        var before: Int?
        Staging.write(&value, 7, before: &before)
        Staging.write(&value, 1, before: &before)
        #expect(!Staging.changed(value, before: &before))
        #expect(before == nil)
        Staging.write(&value, 2, before: &before)
        #expect(Staging.changed(value, before: &before))
        #expect(!Staging.changed(value, before: &before), "a commit clears what the transaction wrote")
    }

    @Test func anErrorIsAChangeUnlessItStaysNil() {
        var error: (any Error)?
        var before: (any Error)??
        Staging.write(&error, nil, before: &before)
        #expect(!Staging.changed(error, before: &before), "nil -> nil")
        Staging.write(&error, TestError.boom, before: &before)
        #expect(Staging.changed(error, before: &before))
        Staging.write(&error, TestError.boom, before: &before)
        #expect(Staging.changed(error, before: &before), "a new failure, even one that looks the same")
        #expect(Staging.replace(&error, with: TestError.boom))
        error = nil
        #expect(!Staging.replace(&error, with: nil))
    }

    @Test func aValueThatCannotBeComparedChangesWheneverWritten() {
        var value = Opaque(id: 1)
        var before: Opaque?
        #expect(!Staging.changed(value, before: &before), "not written")
        Staging.write(&value, Opaque(id: 1), before: &before)
        #expect(Staging.changed(value, before: &before))
        #expect(Staging.replace(&value, with: Opaque(id: 1)))
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
}
