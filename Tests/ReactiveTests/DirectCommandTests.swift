import Reactive
import ReactiveTesting
import Testing

/// `command(input)` (`Command.callAsFunction`): an execution run the way a button runs it. With
/// immediate work it is the same execution as a started `execute(input)`, without the producer.
@Suite @MainActor struct DirectCommandTests {
    /// Logs every notification of `command`, running it with `run` for each input.
    private func trace(
        _ command: Command<Int, Int, Never>, inputs: [Int], run: (Command<Int, Int, Never>, Int) -> Void
    ) -> [String] {
        let log = Log<String>()
        let executing = command.isExecuting.signal.observeValues { log.append("executing \($0)") }
        let enabled = command.isEnabled.signal.observeValues { log.append("enabled \($0)") }
        let values = command.values.observeValues { log.append("value \($0)") }
        let events = command.events.observeValues { log.append("event \($0)") }
        for input in inputs { run(command, input) }
        for observation in [executing, enabled, values, events] { observation?.dispose() }
        return log.all
    }

    /// A transaction that runs each step at once, between "begin" and "end" in `log`.
    private func logging(_ log: Log<String>) -> @MainActor (@escaping () -> Void) -> Void {
        { step in
            log.append("begin")
            step()
            log.append("end")
        }
    }

    @Test func aDirectExecutionNotifiesLikeAStartedOneInTheSameOrder() {
        for withTransaction in [false, true] {
            let log = Log<String>()
            func make() -> Command<Int, Int, Never> {
                Command(transaction: withTransaction ? logging(log) : nil, performOnMain: { $0 * 2 })
            }
            let started = trace(make(), inputs: [21, 1]) { command, input in command.execute(input).start() }
            let direct = trace(make(), inputs: [21, 1]) { command, input in command(input) }
            #expect(direct == started)
            #expect(direct == [
                "executing true", "enabled false", "event value(42)", "value 42",
                "executing false", "enabled true", "event completed",
                "executing true", "enabled false", "event value(2)", "value 2",
                "executing false", "enabled true", "event completed",
            ])
            // With a transaction, each execution is one step of it, as when started.
            #expect(log.all == (withTransaction ? Array(repeating: ["begin", "end"], count: 4).flatMap { $0 } : []))
        }
    }

    @Test func aDisabledCommandRunsNothingAndSendsNothing() {
        let condition = MutableProperty(false)
        let runs = Log<Int>()
        let steps = Log<String>()
        let command = Command<Int, Int, Never>(
            enabledIf: Property(condition), transaction: logging(steps),
            performOnMain: { input in
                runs.append(input)
                return input
            })
        let events = Recorder(command.events)
        let executing = Recorder(command.isExecuting)
        command(1)
        #expect(runs.all.isEmpty)
        #expect(events.events.isEmpty)
        #expect(executing.values == [false])
        // It was refused inside the owner's transaction, where it would have run.
        #expect(steps.all == ["begin", "end"])

        condition.value = true
        command(2)
        #expect(runs.all == [2])
        #expect(events.values == [.value(2), .completed])
        #expect(executing.values == [false, true, false])
    }

    @Test func anExecutingCommandRefusesADirectCallUnderOneAtATimeAndRunsItUnderLatestWins() {
        for policy in [CommandPolicy.oneAtATime, .latestWins] {
            let runs = Log<Int>()
            let owner = CommandHolder()
            let command = Command<Int, Int, Never>(policy: policy, transaction: { $0() }, performOnMain: { input in
                runs.append(input)
                if input == 1 { owner.command?(2) }
                return input
            })
            owner.command = command
            let values = Recorder(command.values)
            command(1)
            if policy == .oneAtATime {
                #expect(runs.all == [1])
                #expect(values.values == [1])
            } else {
                // The nested execution runs inside the first (which immediate work cannot stop).
                #expect(runs.all == [1, 2])
                #expect(values.values == [2, 1])
            }
            #expect(command.isExecuting.value == false)
            #expect(command.isEnabled.value)
        }
    }

    @Test func aStepTheOwnerRunsLaterRunsOnceWithItsOwnInputInOrder() {
        let holder = StepHolder()
        let runs = Log<Int>()
        let command = Command<Int, Int, Never>(
            transaction: { step in
                if holder.deferring { holder.held.append(step) } else { step() }
            },
            performOnMain: { input in
                runs.append(input)
                return input
            })
        let values = Recorder(command.values)
        holder.deferring = true
        command(1)
        command(2)
        #expect(runs.all.isEmpty && holder.held.count == 2)
        holder.deferring = false
        command(3)    // the owner runs this one at once: it must take its own input, not 1
        #expect(runs.all == [3])
        for step in holder.held { step() }
        #expect(runs.all == [3, 1, 2])
        #expect(values.values == [3, 1, 2])
    }

    @Test func aCommandWhoseStepWaitsStaysAliveUntilItRunsAndIsFreedAfter() {
        let holder = StepHolder()
        holder.deferring = true
        let runs = Log<Int>()
        weak var released: Command<Int, Int, Never>?
        do {
            let command = Command<Int, Int, Never>(
                transaction: { step in holder.held.append(step) },
                performOnMain: { input in
                    runs.append(input)
                    return input
                })
            released = command
            command(5)
        }
        // Only the waiting step keeps the command.
        #expect(released != nil)
        for step in holder.held { step() }
        #expect(runs.all == [5])
        holder.held = []
        #expect(released == nil)
    }

    @Test func workThatIsAProducerIsStartedAsExecuteWouldStartIt() {
        let pipe = Signal<Int, Never>.pipe()
        let command = Command<Void, Int, Never>(execute: { _ in SignalProducer(pipe.output) })
        let values = Recorder(command.values)
        command()
        #expect(command.isExecuting.value)
        #expect(!command.isEnabled.value)
        command()    // refused: executing
        pipe.input.send(value: 4)
        pipe.input.sendCompleted()
        #expect(values.values == [4])
        #expect(command.isExecuting.value == false)
    }
}

/// What a test's command refers back to.
@MainActor
private final class CommandHolder {
    var command: Command<Int, Int, Never>?
}

/// An owner's transaction that may keep steps to run later.
@MainActor
private final class StepHolder {
    var deferring = false
    var held: [() -> Void] = []
}
