@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

@Suite struct CommandTests {
    @Test func executingRunsTheWorkAndForwardsItsValues() {
        let command = Command<Int, Int, TestError> { input in SignalProducer(value: input * 2) }
        let values = Recorder(command.values)
        let result = Recorder(command.execute(21))
        #expect(result.events == [.value(42), .completed])
        #expect(values.values == [42])
    }

    @Test func theStreamsOfACommandThatGoesAwayAreInterrupted() {
        var command: Command<Int, Int, TestError>? = Command { input in SignalProducer(value: input) }
        let values = Recorder(command!.values)
        let errors = Recorder(command!.errors)
        let events = Recorder(command!.events)
        command!.execute(1).start()
        command = nil
        #expect(values.events == [.value(1), .interrupted])
        #expect(errors.events == [.interrupted])
        #expect(events.events == [.value(.value(1)), .value(.completed), .interrupted])
    }

    @Test func aDisabledCommandRejectsExecutionWithoutRunningTheWork() {
        let enabled = MutableProperty(false)
        let runs = Log<Int>()
        let command = Command<Void, Int, TestError>(enabledIf: Property(enabled)) {
            runs.append(1)
            return SignalProducer(value: 1)
        }
        let errors = Recorder(command.errors)
        #expect(command.isEnabled.value == false)
        let result = Recorder(command.execute())
        #expect(result.events == [.failed(.disabled)])
        #expect(runs.count == 0)
        #expect(errors.events.isEmpty)
        enabled.value = true
        #expect(command.isEnabled.value)
    }

    @Test func anExecutingCommandRejectsASecondExecutionAndErrorsDoesNotFire() {
        let (work, input) = Signal<Int, TestError>.pipe()
        let command = Command<Void, Int, TestError> { SignalProducer(work) }
        let errors = Recorder(command.errors)
        let first = Recorder(command.execute())
        #expect(command.isExecuting.value)
        #expect(command.isEnabled.value == false)
        let second = Recorder(command.execute())
        #expect(second.events == [.failed(.disabled)])
        #expect(errors.events.isEmpty)
        input.send(value: 1)
        input.sendCompleted()
        #expect(first.events == [.value(1), .completed])
        #expect(command.isExecuting.value == false)
        #expect(command.isEnabled.value)
    }

    @Test func isEnabledFollowsTheConditionAndStaysFalseWhileExecuting() {
        let condition = MutableProperty(true)
        let (work, input) = Signal<Int, TestError>.pipe()
        let command = Command<Void, Int, TestError>(enabledIf: Property(condition)) { SignalProducer(work) }
        let enabled = Recorder(command.isEnabled.signal)
        condition.value = false
        condition.value = true
        let execution = Recorder(command.execute())
        condition.value = false
        condition.value = true
        #expect(command.isEnabled.value == false, "still executing")
        condition.value = false
        input.sendCompleted()
        #expect(execution.events == [.completed])
        #expect(command.isEnabled.value == false, "finished while the condition was false")
        condition.value = true
        #expect(enabled.values == [false, true, false, true])
    }

    @Test func observersOfIsExecutingSeeIsEnabledAlreadyUpToDate() {
        let (work, input) = Signal<Int, TestError>.pipe()
        let command = Command<Void, Int, TestError> { SignalProducer(work) }
        let seen = Log<String>()
        command.isExecuting.signal.observeValues { executing in
            seen.append("executing=\(executing) enabled=\(command.isEnabled.value)")
        }
        let execution = Recorder(command.execute())
        input.sendCompleted()
        #expect(execution.events == [.completed])
        #expect(seen.all == ["executing=true enabled=false", "executing=false enabled=true"])
    }

    @Test func isExecutingIsFalseBeforeErrorsObserversRun() {
        let command = Command<Void, Int, TestError> { SignalProducer(error: .boom) }
        let seen = Log<(Bool, Bool)>()
        command.errors.observeValues { _ in
            seen.append((command.isExecuting.value, command.isEnabled.value))
        }
        let result = Recorder(command.execute())
        #expect(result.events == [.failed(.failed(.boom))])
        #expect(seen.all.count == 1)
        #expect(seen.all.first?.0 == false)
        #expect(seen.all.first?.1 == true)
    }

    @Test func isExecutingIsFalseBeforeTheExecutionCompletionIsObserved() {
        let command = Command<Void, Int, Never> { SignalProducer(value: 1) }
        let seen = Log<Bool>()
        command.execute().startWithCompleted { seen.append(command.isExecuting.value) }
        #expect(seen.all == [false])
    }

    @Test func isExecutingGoesTrueThenFalse() {
        let (work, input) = Signal<Int, TestError>.pipe()
        let command = Command<Void, Int, TestError> { SignalProducer(work) }
        let executing = Recorder(command.isExecuting)
        command.execute().start()
        input.sendCompleted()
        #expect(executing.values == [false, true, false])
    }

    @Test func eventsCarriesEveryEventOfEveryExecution() {
        let command = Command<Int, Int, TestError> { input in
            input < 0 ? SignalProducer(error: .boom) : SignalProducer(value: input)
        }
        let events = Recorder(command.events)
        command.execute(1).start()
        command.execute(-1).start()
        #expect(events.values == [.value(1), .completed, .failed(.boom)])
    }

    @Test func latestWinsInterruptsTheRunningExecution() {
        let pipes = Log<Signal<Int, Never>.Observer>()
        let command = Command<Void, Int, Never>(policy: .latestWins) {
            SignalProducer { observer, _ in pipes.append(observer) }
        }
        let first = Recorder(command.execute())
        #expect(command.isEnabled.value)
        let second = Recorder(command.execute())
        #expect(first.events == [.interrupted])
        #expect(command.isExecuting.value)
        pipes.all[1].send(value: 2)
        pipes.all[1].sendCompleted()
        #expect(second.events == [.value(2), .completed])
        #expect(command.isExecuting.value == false)
    }

    @Test func disposingTheExecutionInterruptsTheWorkAndEndsExecuting() {
        let ended = Log<Int>()
        let command = Command<Void, Int, Never> {
            SignalProducer { _, lifetime in lifetime.observeEnded { ended.append(1) } }
        }
        let execution = Recorder(command.execute())
        #expect(command.isExecuting.value)
        execution.dispose()
        #expect(ended.count == 1)
        #expect(command.isExecuting.value == false)
        #expect(execution.events == [.interrupted])
    }

    @Test @MainActor func mainActorWorkRunsOnTheMainActor() {
        let command = Command<Int, Int, Never>(executeOnMain: { input in
            MainActor.assertIsolated()
            return SignalProducer(value: input + 1)
        })
        let result = Recorder(command.execute(1))
        #expect(result.values == [2])
    }

    @Test @MainActor func asyncTaskWorkDeliversItsResult() async throws {
        let command = Command<Int, Int, TestError>(task: { (input: Int) async throws(TestError) -> Int in
            await Task.yield()
            if input < 0 { throw TestError.boom }
            return input * 3
        })
        var values: [Int] = []
        for try await value in command.execute(2).values { values.append(value) }
        #expect(values == [6])
        await #expect(throws: CommandError<TestError>.failed(.boom)) { try await command.execute(-1).first() }
    }

    @Test @MainActor func disposingAnAsyncExecutionCancelsTheTask() async {
        let cancelled = Log<Bool>()
        let started = Log<Int>()
        let command = Command<Void, Int, Never>(task: {
            started.append(1)
            // Ends at once when cancelled; the ten seconds only bound a test that fails.
            try? await Task.sleep(for: .seconds(10))
            cancelled.append(Task.isCancelled)
            return 0
        })
        let execution = Recorder(command.execute())
        #expect(await waitUntil { started.count == 1 })
        execution.dispose()
        #expect(await waitUntil { cancelled.count == 1 })
        #expect(cancelled.all == [true])
        #expect(execution.events == [.interrupted])
        #expect(command.isExecuting.value == false)
    }

    /// What the explorer's coverage asks of a command (`canBeSeenDisabled`): to see it disabled
    /// only when it has a condition, or work that runs on after it starts under `oneAtATime`.
    @Test @MainActor func aCommandCanBeSeenDisabledByItsConditionOrItsRunningWork() {
        let condition = Property(MutableProperty(true))
        #expect(Command<Void, Void, Never>(performOnMain: { _ in }).canBeSeenDisabled == false)
        #expect(Command<Void, Void, Never>(enabledIf: condition, performOnMain: { _ in }).canBeSeenDisabled)
        #expect(Command<Void, Void, Never>(enabledIf: Property(value: false), performOnMain: { _ in }).canBeSeenDisabled)
        #expect(Command<Void, Int, Never> { _ in SignalProducer(value: 1) }.canBeSeenDisabled)
        #expect(Command<Void, Int, Never>(executeOnMain: { _ in SignalProducer(value: 1) }).canBeSeenDisabled)
        #expect(Command<Void, Int, Never>(task: { _ in 1 }).canBeSeenDisabled)
        #expect(Command<Void, Int, Never>(policy: .latestWins) { _ in SignalProducer(value: 1) }.canBeSeenDisabled == false)
        #expect(Command<Void, Int, Never>(policy: .latestWins, enabledIf: condition) { _ in SignalProducer(value: 1) }
            .canBeSeenDisabled)
    }
}
