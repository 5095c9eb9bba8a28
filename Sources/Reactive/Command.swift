import Foundation

/// How a ``Command`` treats an execution requested while another is running.
public enum CommandPolicy: Sendable {
    /// One execution at a time: the command is disabled while executing, and executing it then
    /// fails with ``CommandError/disabled``.
    case oneAtATime
    /// A new execution interrupts the running one (switch to latest); the command stays enabled
    /// while executing.
    case latestWins
}

/// Why an execution of a ``Command`` failed.
public enum CommandError<Failure: Error>: Error {
    /// The command was disabled (by its condition, or because it was executing under
    /// ``CommandPolicy/oneAtATime``); the work did not run.
    case disabled
    /// The work failed with this error.
    case failed(Failure)
}

extension CommandError: Equatable where Failure: Equatable {}

/// Work a user can trigger, with its state observable (ReactiveCocoa's `RACCommand`,
/// ReactiveSwift's `Action`).
///
/// ``execute(_:)`` returns a producer; starting it runs the work once if the command is enabled
/// and fails with ``CommandError/disabled`` (without running anything, and without sending on
/// ``errors``) otherwise.
///
/// Order when an execution ends: ``isExecuting`` becomes `false` first, then ``events``,
/// ``values``/``errors`` observers and the execution's own observer run. So an `errors` observer
/// already sees the command as idle (and enabled again under `.oneAtATime`).
///
/// An owner that batches its own updates (a generated view model) passes `transaction:`: each
/// step of an execution then runs inside it — the start (`isExecuting` becoming `true`, the work
/// starting, and whatever the work sends at once) and each later event of the work (with
/// `isExecuting` becoming `false` when it ends, and the `values`/`errors`/`events` observers).
/// The owner may run a step later (after the notifications it is sending), but runs each once.
public final class Command<Input, Output, Failure: Error>: @unchecked Sendable {
    /// Whether ``execute(_:)`` would run the work now: the `enabledIf` condition, and (under
    /// ``CommandPolicy/oneAtATime``) not executing.
    public let isEnabled: Property<Bool>
    /// Whether an execution is running.
    public let isExecuting: Property<Bool>
    /// The values sent by every execution.
    public let values: Signal<Output, Never>
    /// The errors of failed executions (not ``CommandError/disabled`` rejections).
    public let errors: Signal<Failure, Never>
    /// Every event of every execution, including `completed` and `interrupted`.
    public let events: Signal<Event<Output, Failure>, Never>

    private struct State {
        var generation = 0
        var executing = false
        var current: (any Disposable)?
    }

    /// What an execution runs: a producer started per execution, or a function that returns the
    /// outcome at once (``init(policy:enabledIf:transaction:performOnMain:)``), which needs no
    /// producer at all.
    private enum Work {
        case producer(@Sendable (Input) -> SignalProducer<Output, Failure>)
        case immediate(@Sendable (Input) -> Output)
    }

    private let policy: CommandPolicy
    private let condition: Property<Bool>
    private let work: Work
    private let state = Locked(State())
    private let executing = MutableProperty(false)
    /// `isEnabled`'s storage under ``CommandPolicy/oneAtATime``: staged under `state`'s lock
    /// together with `executing`, so the two never disagree, and without a derived pipeline.
    private let enabled: MutableProperty<Bool>
    /// Keeps `enabled` following the condition.
    private let conditionObservation: (any Disposable)?
    private let valuesInput: Signal<Output, Never>.Observer
    private let errorsInput: Signal<Failure, Never>.Observer
    private let eventsInput: Signal<Event<Output, Failure>, Never>.Observer
    /// Runs one step of an execution on the main actor; nil runs it at once.
    private let transaction: (@MainActor (@escaping () -> Void) -> Void)?

    /// A command whose work is a producer, started on the thread that starts the execution.
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        execute work: @escaping @Sendable (Input) -> SignalProducer<Output, Failure>
    ) {
        self.init(policy: policy, enabledIf: enabledIf, transaction: nil, work: .producer(work))
    }

    private init(
        policy: CommandPolicy,
        enabledIf: Property<Bool>,
        transaction: (@MainActor (@escaping () -> Void) -> Void)?,
        work: Work
    ) {
        self.policy = policy
        self.transaction = transaction
        self.condition = enabledIf
        self.work = work
        (values, valuesInput) = Signal.pipe()
        (errors, errorsInput) = Signal.pipe()
        (events, eventsInput) = Signal.pipe()
        isExecuting = Property(executing)
        let enabled = MutableProperty(enabledIf.value)
        self.enabled = enabled
        switch policy {
        case .oneAtATime:
            isEnabled = Property(enabled)
            let state = self.state
            conditionObservation = enabledIf.signal.observeValues { condition in
                let changed = state.withLock { state in enabled.stage(condition && !state.executing) }
                if changed { enabled.publish() }
            }
        case .latestWins:
            isEnabled = Property(deriving: enabledIf.producer)
            conditionObservation = nil
        }
    }

    deinit {
        conditionObservation?.dispose()
    }

    /// A command whose work must be created on the main actor (a generated view model's own code).
    /// Executing it from another thread is a programmer error and traps. `transaction` runs each
    /// step of an execution (see the type's documentation).
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        transaction: (@MainActor (@escaping () -> Void) -> Void)? = nil,
        executeOnMain work: @escaping @MainActor (Input) -> SignalProducer<Output, Failure>
    ) {
        self.init(policy: policy, enabledIf: enabledIf, transaction: transaction, work: .producer { input in
            guard MainQueue.isCurrent else {
                preconditionFailure("Command(executeOnMain:) was executed off the main thread; execute it on the main actor")
            }
            let input = Unchecked(input)
            return MainActor.assumeIsolated { work(input.value) }
        })
    }

    /// A command whose work is a function on the main actor that returns its output at once (a
    /// generated view model's `perform`; it cannot fail). An execution is the same as with
    /// `executeOnMain:` and a producer of one value (`isExecuting` true, the value, `isExecuting`
    /// false, then `completed`), but it is a direct call: no producer is created or started.
    /// Executing it from another thread is a programmer error and traps. `transaction` runs the
    /// whole execution as one step (see the type's documentation).
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        transaction: (@MainActor (@escaping () -> Void) -> Void)? = nil,
        performOnMain work: @escaping @MainActor (Input) -> Output
    ) {
        self.init(policy: policy, enabledIf: enabledIf, transaction: transaction, work: .immediate { input in
            guard MainQueue.isCurrent else {
                preconditionFailure("Command(performOnMain:) was executed off the main thread; execute it on the main actor")
            }
            let input = Unchecked(input)
            return MainActor.assumeIsolated { Unchecked(work(input.value)) }.value
        })
    }

    /// A command whose work is an async function run in a `Task` on the main actor; disposing the
    /// execution cancels the task (its result is then ignored). `transaction` runs each step of an
    /// execution that happens on the main actor (see the type's documentation).
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        transaction: (@MainActor (@escaping () -> Void) -> Void)? = nil,
        task work: @escaping @MainActor (Input) async throws(Failure) -> Output
    ) {
        self.init(policy: policy, enabledIf: enabledIf, transaction: transaction, work: .producer { input in
            let input = Unchecked(input)
            return SignalProducer { observer, lifetime in
                let task = Task { @MainActor in
                    do throws(Failure) {
                        let output = Unchecked(try await work(input.value))
                        observer.send(value: output.value)
                        observer.sendCompleted()
                    } catch {
                        observer.send(error: error)
                    }
                }
                lifetime.observeEnded { task.cancel() }
            }
        })
    }

    /// A producer that, when started, runs the work with `input` if the command is enabled, and
    /// otherwise fails with ``CommandError/disabled`` without running it. Disposing the started
    /// producer interrupts the work.
    public func execute(_ input: Input) -> SignalProducer<Output, CommandError<Failure>> {
        let input = Unchecked(input)
        switch work {
        case .producer(let work):
            return SignalProducer { observer, lifetime in
                self.run(work, input.value, observer: observer, lifetime: lifetime)
            }
        case .immediate(let perform):
            return SignalProducer(immediate: { action in
                self.runImmediately(perform, input.value, action)
            })
        }
    }

    /// An admitted execution: its number, the execution it replaces (under ``CommandPolicy/latestWins``),
    /// and whether `isExecuting` and `isEnabled` changed (staged; the caller publishes them).
    private typealias Admission = (generation: Int, previous: (any Disposable)?, changed: Bool, enabledChanged: Bool)

    /// Starts an execution if the command is enabled: marks it executing, staged under the lock.
    private func admit() -> Admission? {
        let condition = self.condition
        let policy = self.policy
        let executing = self.executing
        let enabled = self.enabled
        return state.withLock { state -> Admission? in
            guard condition.value else { return nil }
            if policy == .oneAtATime && state.executing { return nil }
            state.generation += 1
            state.executing = true
            defer { state.current = nil }
            let enabledChanged = policy == .oneAtATime && enabled.stage(false)
            return (state.generation, state.current, executing.stage(true), enabledChanged)
        }
    }

    /// One execution of an immediate command, delivered straight to `action`: the same events in
    /// the same order as a producer of one value would give, without one. With
    /// `transaction` (on the main actor) the whole execution is one step; a step the owner runs
    /// later (it was sending notifications) delivers nothing to `action` once the returned
    /// disposable was disposed (which sends `interrupted`), as a started producer would.
    private func runImmediately(
        _ perform: @escaping @Sendable (Input) -> Output,
        _ input: Input,
        _ action: @escaping @Sendable (Event<Output, CommandError<Failure>>) -> Void
    ) -> any Disposable {
        guard let transaction, MainQueue.isCurrent else {
            performExecution(perform, input, action)
            return EndedDisposable.shared
        }
        let run = ImmediateRun<Output, Failure>()
        let input = Unchecked(input)
        MainActor.assumeIsolated {
            transaction {
                run.started = true
                if let deferred = run.deferred {
                    self.performExecution(perform, input.value) { deferred.deliver($0) }
                } else {
                    self.performExecution(perform, input.value, action)
                }
            }
        }
        if run.started { return EndedDisposable.shared }
        let deferred = DeferredObserver(action)
        run.deferred = deferred
        return deferred
    }

    private func performExecution(
        _ perform: @Sendable (Input) -> Output,
        _ input: Input,
        _ action: @Sendable (Event<Output, CommandError<Failure>>) -> Void
    ) {
        guard let (generation, previous, changed, enabledChanged) = admit() else {
            action(.failed(.disabled))
            return
        }
        if changed { executing.publish() }
        if enabledChanged { enabled.publish() }
        previous?.dispose()
        let value = perform(input)
        eventsInput.send(value: .value(value))
        valuesInput.send(value: value)
        action(.value(value))
        finish(generation)
        eventsInput.send(value: .completed)
        action(.completed)
    }

    private func run(
        _ work: @escaping @Sendable (Input) -> SignalProducer<Output, Failure>,
        _ input: Input,
        observer: Signal<Output, CommandError<Failure>>.Observer,
        lifetime: Lifetime
    ) {
        guard let (generation, previous, changed, enabledChanged) = admit() else {
            observer.send(error: .disabled)
            return
        }
        // Local functions rather than closures: without `transaction` they are called directly,
        // and nothing is allocated for them.
        func start() {
            if changed { executing.publish() }
            if enabledChanged { enabled.publish() }
            previous?.dispose()
            let disposable = work(input).start { [weak self] event in
                guard let self else {
                    observer.send(event.mapError(CommandError.failed))
                    return
                }
                func deliver() {
                    if event.isTerminating { self.finish(generation) }
                    self.eventsInput.send(value: event)
                    switch event {
                    case .value(let value): self.valuesInput.send(value: value)
                    case .failed(let error): self.errorsInput.send(value: error)
                    case .completed, .interrupted: break
                    }
                    observer.send(event.mapError(CommandError.failed))
                }
                if self.transaction == nil { deliver() } else { self.step(deliver) }
            }
            state.withLock { state in
                if state.generation == generation && state.executing { state.current = disposable }
            }
            lifetime += disposable
        }
        if transaction == nil { start() } else { step(start) }
    }

    /// Runs `body` inside `transaction` when the caller is on the main actor, else at once.
    private func step(_ body: @escaping () -> Void) {
        guard let transaction, MainQueue.isCurrent else { return body() }
        let body = Unchecked(body)
        MainActor.assumeIsolated { transaction(body.value) }
    }

    /// Marks execution `generation` as over (unless a newer one replaced it).
    private func finish(_ generation: Int) {
        let executing = self.executing
        let enabled = self.enabled
        let condition = self.condition
        let policy = self.policy
        let (changed, enabledChanged) = state.withLock { state -> (Bool, Bool) in
            guard state.generation == generation else { return (false, false) }
            state.executing = false
            state.current = nil
            let enabledChanged = policy == .oneAtATime && enabled.stage(condition.value)
            return (executing.stage(false), enabledChanged)
        }
        if changed { executing.publish() }
        if enabledChanged { enabled.publish() }
    }
}

/// An immediate execution inside its owner's transaction; main actor only (hence unchecked).
private final class ImmediateRun<Output, Failure: Error>: @unchecked Sendable {
    /// Whether the transaction ran the execution.
    var started = false
    /// The observer to deliver to when the transaction runs the execution later.
    var deferred: DeferredObserver<Output, Failure>?
}

/// The observer of an immediate execution that its owner's transaction runs later: disposing it
/// before then interrupts the observer, which then hears nothing of the execution.
private final class DeferredObserver<Output, Failure: Error>: Disposable, @unchecked Sendable {
    typealias Action = @Sendable (Event<Output, CommandError<Failure>>) -> Void
    private let state: Locked<Action?>

    init(_ action: @escaping Action) {
        state = Locked(action)
    }

    var isDisposed: Bool { state.withLock { $0 == nil } }

    func dispose() {
        let action = state.withLock { action in
            defer { action = nil }
            return action
        }
        action?(.interrupted)
    }

    func deliver(_ event: Event<Output, CommandError<Failure>>) {
        let action = state.withLock { action in
            defer { if event.isTerminating { action = nil } }
            return action
        }
        action?(event)
    }
}

extension Command where Input == Void {
    /// Executes the command (see ``execute(_:)``).
    public func execute() -> SignalProducer<Output, CommandError<Failure>> {
        execute(())
    }
}
