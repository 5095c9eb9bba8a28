import Reactive

// W6: one command execution end to end. One operation = execute a command whose work completes
// synchronously on the main actor (as a generated view model's commands do), with an observer
// of its values and one of `isExecuting` (which hears true, then false).

enum W6 {
    static let executions = 100_000

    /// Ours: a runtime `Command` built like a generated view model's `perform` command
    /// (`performOnMain`: the work changes state and returns), run as a button runs it,
    /// `command()`.
    @MainActor
    static func ours(executions: Int = executions) -> Sample {
        run(counting(), executions: executions) { $0() }
    }

    /// The same command started as a producer, `execute().start()` (how buttons ran commands
    /// before `callAsFunction`).
    @MainActor
    static func execute(executions: Int = executions) -> Sample {
        run(counting(), executions: executions) { $0.execute().start() }
    }

    @MainActor
    static func counting() -> Command<Void, Int, Never> {
        let counter = Counter()
        return Command<Void, Int, Never>(performOnMain: { _ in
            counter.count += 1
            return counter.count
        })
    }

    /// The command as generated view models built it before `performOnMain` (`executeOnMain`,
    /// the work returns `SignalProducer(value:)`): the producer machinery on every execution.
    @MainActor
    static func producerWork(executions: Int = executions) -> Sample {
        let counter = Counter()
        let command = Command<Void, Int, Never>(executeOnMain: { _ in
            counter.count += 1
            return SignalProducer(value: counter.count)
        })
        return run(command, executions: executions) { $0.execute().start() }
    }

    @MainActor
    static func run(
        _ command: Command<Void, Int, Never>, executions: Int, press: (Command<Void, Int, Never>) -> Void
    ) -> Sample {
        let values = Accumulator()
        let flips = Accumulator()
        let valuesObservation = command.values.observeValues { values.add($0) }
        let executingObservation = command.isExecuting.signal.observeValues { flips.add($0 ? 1 : 0) }
        let elapsed = timed {
            for _ in 0..<executions { press(command) }
        }
        valuesObservation?.dispose()
        executingObservation?.dispose()
        precondition(flips.count == 2 * executions && values.count == executions, "W6: missed notifications")
        return Sample(nanoseconds: elapsed, checksum: values.total &+ flips.total)
    }

    /// The floor: a hand-written command: a flag with its observers, the work as a closure, and
    /// the same notifications in the same order (executing, the value, idle).
    @MainActor
    static func closures(executions: Int = executions) -> Sample {
        let values = Accumulator()
        let flips = Accumulator()
        let counter = Counter()
        let command = ClosureCommand {
            counter.count += 1
            return counter.count
        }
        command.observeValues { values.add($0) }
        command.observeExecuting { flips.add($0 ? 1 : 0) }
        let elapsed = timed {
            for _ in 0..<executions { command.execute() }
        }
        precondition(flips.count == 2 * executions && values.count == executions, "W6: missed notifications")
        return Sample(nanoseconds: elapsed, checksum: values.total &+ flips.total)
    }

    @MainActor
    static var workload: Workload {
        Workload(
            name: "W6",
            unit: "ns per command execution (isExecuting true, value, isExecuting false observed)",
            operations: executions,
            ours: Variant(name: "ours") { ours() },
            baseline: Variant(name: "baseline") { closures() },
            peer: nil,
            others: [Variant(name: "execute") { execute() }, Variant(name: "producer_work") { producerWork() }],
            rounds: 11,
            extra: { medians in
                "execute=\(format(medians["execute"]!)),producer_work=\(format(medians["producer_work"]!))"
            }
        )
    }
}

/// State the work of W6 changes, like a view model's.
final class Counter: @unchecked Sendable {
    var count = 0
}

/// The hand-written floor of W6.
@MainActor
final class ClosureCommand {
    private let work: () -> Int
    private var valueObservers: [(Int) -> Void] = []
    private var executingObservers: [(Bool) -> Void] = []
    private(set) var isExecuting = false {
        didSet {
            for observer in executingObservers { observer(isExecuting) }
        }
    }

    init(work: @escaping () -> Int) {
        self.work = work
    }

    func observeValues(_ observer: @escaping (Int) -> Void) {
        valueObservers.append(observer)
    }

    func observeExecuting(_ observer: @escaping (Bool) -> Void) {
        executingObservers.append(observer)
    }

    func execute() {
        guard !isExecuting else { return }
        isExecuting = true
        let value = work()
        for observer in valueObservers { observer(value) }
        isExecuting = false
    }
}
