import Reactive
import ReactiveTesting
import Testing

/// `Command(performOnMain:)`: an execution is a direct call, and everyone hears the same events in
/// the same order as from a command whose work is a producer of one value.
@Suite @MainActor struct ImmediateCommandTests {
    /// Logs every notification of `command` and of one execution's observer, in order.
    private func trace(
        _ command: Command<Int, Int, TestError>, inputs: [Int]
    ) -> [String] {
        let log = Log<String>()
        let executing = command.isExecuting.signal.observeValues { log.append("executing \($0)") }
        let enabled = command.isEnabled.signal.observeValues { log.append("enabled \($0)") }
        let values = command.values.observeValues { log.append("value \($0)") }
        let errors = command.errors.observeValues { log.append("error \($0)") }
        let events = command.events.observeValues { log.append("event \($0)") }
        for input in inputs {
            command.execute(input).start { event in log.append("execution \(event)") }
        }
        for observation in [executing, enabled, values, errors, events] { observation?.dispose() }
        return log.all
    }

    @Test func anExecutionNotifiesLikeAProducerOfOneValue() {
        let immediate = Command<Int, Int, TestError>(performOnMain: { input in input * 2 })
        let producer = Command<Int, Int, TestError>(executeOnMain: { input in
            SignalProducer(value: input * 2)
        })
        let expected = trace(producer, inputs: [21, 1])
        #expect(trace(immediate, inputs: [21, 1]) == expected)
        #expect(expected == [
            "executing true", "enabled false", "event value(42)", "value 42", "execution value(42)",
            "executing false", "enabled true", "event completed", "execution completed",
            "executing true", "enabled false", "event value(2)", "value 2", "execution value(2)",
            "executing false", "enabled true", "event completed", "execution completed",
        ])
    }

    @Test func aDisabledOrExecutingCommandRejectsTheExecutionWithoutRunningTheWork() {
        let condition = MutableProperty(false)
        let runs = Log<Int>()
        let owner = Owner<Command<Void, Int, Never>>()
        let command = Command<Void, Int, Never>(enabledIf: Property(condition), performOnMain: {
            runs.append(1)
            owner.nested = owner.object.map { Recorder($0.execute()) }
            return 1
        })
        owner.object = command
        #expect(Recorder(command.execute()).events == [.failed(.disabled)])
        #expect(runs.count == 0)
        condition.value = true
        let result = Recorder(command.execute())
        #expect(result.events == [.value(1), .completed])
        #expect(runs.count == 1)
        #expect(owner.nested?.events == [.failed(.disabled)])
        #expect(command.isExecuting.value == false)
        #expect(command.isEnabled.value)
    }

    @Test func theWholeExecutionIsOneStepOfTheOwnersTransaction() {
        let steps = Log<String>()
        let owner = Owner<Void>()
        let command = Command<Void, Int, Never>(
            transaction: { step in
                if owner.deferring { owner.held.append(step); return }
                steps.append("begin")
                step()
                steps.append("end")
            },
            performOnMain: {
                steps.append("work")
                return 7
            })
        let values = Recorder(command.values)
        let result = Recorder(command.execute())
        #expect(steps.all == ["begin", "work", "end"])
        #expect(result.events == [.value(7), .completed])

        // A step the owner runs later: the execution's observer hears about it then, or, once
        // disposed, hears only `interrupted` (the work still runs when the step does).
        owner.deferring = true
        let later = Recorder(command.execute())
        let disposed = Recorder(command.execute())
        #expect(later.events.isEmpty && owner.held.count == 2)
        disposed.dispose()
        #expect(disposed.events == [.interrupted])
        for step in owner.held { step() }
        #expect(later.events == [.value(7), .completed])
        #expect(disposed.events == [.interrupted])
        #expect(values.values == [7, 7, 7])
    }

    @Test func anImmediateProducerKeepsTheStreamRulesThroughStatelessOperators() {
        let doubled = Recorder(SignalProducer<Int, Never>(value: 4).map { $0 * 2 }.filter { $0 > 0 })
        #expect(doubled.events == [.value(8), .completed])
        // `dematerialize` ends the stream at the inner `completed`; the outer one is not passed on.
        let ended = Recorder(SignalProducer<Event<Int, Never>, Never>(value: .completed).dematerialize())
        #expect(ended.events == [.completed])
        // Operators with state still get an ordinary stream.
        let scanned = Recorder(SignalProducer<Int, Never>(value: 3).scan(1, +))
        #expect(scanned.events == [.value(4), .completed])
        let seen = Log<Event<Int, Never>>()
        SignalProducer<Int, Never>(value: 5).startWithSignal { signal, _ in
            signal.observe { seen.append($0) }
        }
        #expect(seen.all == [.value(5), .completed])
    }
}

/// What a test's command refers back to: the command itself, or the steps its owner holds.
@MainActor
private final class Owner<Object> {
    var object: Object?
    var nested: Recorder<Int, CommandError<Never>>?
    var deferring = false
    var held: [() -> Void] = []
}
