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
/// A view runs a command by calling it, `command(input)` (``callAsFunction(_:)``): the same
/// execution, with no producer made for it.
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
public final class Command<Input, Output, Failure: Error> {
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

    // The execution path below is `@inlinable` (with what it touches `@usableFromInline`): a
    // caller's module specializes it for its own `Input`/`Output`, rather than running generic
    // code that looks up type metadata at every step.

    @usableFromInline
    struct State {
        @usableFromInline var generation = 0
        /// The value of `executing` (which only the command writes, under this lock).
        @usableFromInline var executing = false
        /// The value of `enabled` (likewise).
        @usableFromInline var enabled: Bool
        @usableFromInline var current: (any Disposable)?

        @inlinable
        init(enabled: Bool) {
            self.enabled = enabled
        }
    }

    /// What an execution runs: a producer started per execution, or a function that returns the
    /// outcome at once (``init(policy:enabledIf:transaction:performOnMain:)``), which needs no
    /// producer at all.
    @usableFromInline
    enum Work: Sendable {
        case producer(@Sendable (Input) -> SignalProducer<Output, Failure>)
        case immediate(@MainActor (Input) -> Output)
    }

    @usableFromInline let policy: CommandPolicy
    @usableFromInline let condition: Property<Bool>
    /// The condition's value when it can never change (the default `Property(value: true)`):
    /// then an execution need not read it under its lock.
    @usableFromInline let constantCondition: Bool?
    @usableFromInline let work: Work
    @usableFromInline let state: Locked<State>
    @usableFromInline let executing = MutableProperty(false)
    /// `isEnabled`'s storage under ``CommandPolicy/oneAtATime``: staged under `state`'s lock
    /// together with `executing`, so the two never disagree, and without a derived pipeline.
    @usableFromInline let enabled: MutableProperty<Bool>
    /// Keeps `enabled` following the condition.
    private let conditionObservation: (any Disposable)?
    /// The streams behind `values`, `errors` and `events`, sent to directly (interrupted when the
    /// command goes away).
    @usableFromInline let valuesCore = SignalCore<Output, Never>(hasHandle: true)
    @usableFromInline let errorsCore = SignalCore<Failure, Never>(hasHandle: true)
    @usableFromInline let eventsCore = SignalCore<Event<Output, Failure>, Never>(hasHandle: true)
    /// Runs one step of an execution on the main actor; nil runs it at once.
    @usableFromInline let transaction: (@MainActor (@escaping () -> Void) -> Void)?
    /// What an execution stages under `state`'s lock; `enabled` is staged under
    /// ``CommandPolicy/oneAtATime`` unless the owner keeps the enabled state (`isEnabled:`).
    @usableFromInline let staging: Staging
    /// What direct executions (``callAsFunction(_:)``) of immediate work inside `transaction`
    /// need on the main actor: made with the command when both are there, else nil.
    @usableFromInline let direct: DirectExecutions<Input>?

    /// A command whose work is a producer, started on the thread that starts the execution.
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        execute work: @escaping @Sendable (Input) -> SignalProducer<Output, Failure>
    ) {
        self.init(policy: policy, enabledIf: enabledIf, transaction: nil, work: .producer(work))
    }

    @usableFromInline
    init(
        policy: CommandPolicy,
        enabledIf: Property<Bool>,
        isEnabled ownersEnabledState: Property<Bool>? = nil,
        transaction: (@MainActor (@escaping () -> Void) -> Void)?,
        work: Work
    ) {
        self.policy = policy
        self.transaction = transaction
        if case .immediate = work, let transaction { direct = DirectExecutions(transaction: transaction) } else { direct = nil }
        self.condition = enabledIf
        constantCondition = enabledIf.isConstant ? enabledIf.value : nil
        self.work = work
        values = Signal(core: valuesCore)
        errors = Signal(core: errorsCore)
        events = Signal(core: eventsCore)
        isExecuting = Property(executing)
        let initiallyEnabled = enabledIf.value
        let enabled = MutableProperty(initiallyEnabled)
        self.enabled = enabled
        let state = Locked(State(enabled: initiallyEnabled))
        self.state = state
        staging = Staging(
            executing: executing, enabled: enabled, condition: enabledIf, constantCondition: constantCondition,
            oneAtATime: policy == .oneAtATime, stagesEnabled: policy == .oneAtATime && ownersEnabledState == nil)
        switch policy {
        case _ where ownersEnabledState != nil:
            // The owner keeps the enabled state (a generated view model, in its transactions): the
            // command holds no copy of it, and admits an execution by its condition and state.
            isEnabled = ownersEnabledState ?? Property(enabled)
            conditionObservation = nil
        case .oneAtATime:
            isEnabled = Property(enabled)
            conditionObservation = enabledIf.signal.observeValues { condition in
                let changed = state.withLock { state in
                    Command.stage(condition && !state.executing, into: enabled, mirror: &state.enabled)
                }
                if changed { enabled.publish() }
            }
        case .latestWins:
            isEnabled = Property(deriving: enabledIf.producer)
            conditionObservation = nil
        }
    }

    deinit {
        conditionObservation?.dispose()
        valuesCore.send(.interrupted)
        errorsCore.send(.interrupted)
        eventsCore.send(.interrupted)
    }

    /// A command whose work must be created on the main actor (a generated view model's own code).
    /// Executing it off the main actor is a programmer error and traps (`MainActor.assumeIsolated`).
    /// `transaction` runs each step of an execution (see the type's documentation). With
    /// `isEnabled`, the owner's enabled state (see ``init(policy:enabledIf:isEnabled:transaction:performOnMain:)``)
    /// is the command's ``isEnabled``.
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        isEnabled: Property<Bool>? = nil,
        transaction: (@MainActor (@escaping () -> Void) -> Void)? = nil,
        executeOnMain work: @escaping @MainActor (Input) -> SignalProducer<Output, Failure>
    ) {
        self.init(policy: policy, enabledIf: enabledIf, isEnabled: isEnabled, transaction: transaction, work: .producer { input in
            MainQueue.call(work, with: input)
        })
    }

    /// A command whose work is a function on the main actor that returns its output at once (a
    /// generated view model's `perform`; it cannot fail). An execution is the same as with
    /// `executeOnMain:` and a producer of one value (`isExecuting` true, the value, `isExecuting`
    /// false, then `completed`), but it is a direct call: no producer is created or started.
    /// Executing it off the main actor is a programmer error and traps (`MainActor.assumeIsolated`).
    /// `transaction` runs the whole execution as one step (see the type's documentation).
    ///
    /// `isEnabled` is the owner's enabled state, when the owner keeps one (a generated view
    /// model: its condition and not executing, in its own transactions): it is then the command's
    /// ``isEnabled``, so that the state is held once; the command still admits an execution by
    /// `enabledIf` and whether one is running (under ``CommandPolicy/oneAtATime``), and the owner
    /// keeps the two in agreement (its explorer audit compares them).
    @inlinable
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        isEnabled: Property<Bool>? = nil,
        transaction: (@MainActor (@escaping () -> Void) -> Void)? = nil,
        performOnMain work: @escaping @MainActor (Input) -> Output
    ) {
        self.init(policy: policy, enabledIf: enabledIf, isEnabled: isEnabled, transaction: transaction, work: .immediate(work))
    }

    /// A command whose work is an async function run in a `Task` on the main actor; disposing the
    /// execution cancels the task (its result is then ignored). `transaction` runs each step of an
    /// execution that happens on the main actor (see the type's documentation).
    public convenience init(
        policy: CommandPolicy = .oneAtATime,
        enabledIf: Property<Bool> = Property(value: true),
        isEnabled: Property<Bool>? = nil,
        transaction: (@MainActor (@escaping () -> Void) -> Void)? = nil,
        task work: @escaping @MainActor (Input) async throws(Failure) -> Output
    ) {
        self.init(policy: policy, enabledIf: enabledIf, isEnabled: isEnabled, transaction: transaction, work: .producer { input in
            let input = Unchecked(input)
            return SignalProducer(taskOnMain: { () async throws(Failure) -> Output in try await work(input.value) }, deliveringIn: transaction)
        })
    }

    /// A producer that, when started, runs the work with `input` if the command is enabled, and
    /// otherwise fails with ``CommandError/disabled`` without running it. Disposing the started
    /// producer interrupts the work.
    @inlinable
    public func execute(_ input: Input) -> SignalProducer<Output, CommandError<Failure>> {
        // The producer carries the command and `input` to whichever thread starts it, whether or
        // not they are `Sendable` (docs/runtime.md, "Unchecked sendability").
        let input = Unchecked(input)
        let command = Unchecked(self)
        switch work {
        case .producer(let work):
            return SignalProducer { observer, lifetime in
                command.value.run(work, input.value, observer: observer, lifetime: lifetime)
            }
        case .immediate(let perform):
            return SignalProducer(immediate: { action in
                command.value.runImmediately(perform, input.value, action)
            })
        }
    }

    /// An admitted execution: its number, the execution it replaces (under ``CommandPolicy/latestWins``),
    /// and whether `isExecuting` and `isEnabled` changed (staged; the caller publishes them).
    @usableFromInline typealias Admission = (generation: Int, previous: (any Disposable)?, changed: Bool, enabledChanged: Bool)

    /// Starts an execution if the command is enabled: marks it executing, staged under the lock.
    @inlinable
    func admit() -> Admission? {
        let staging = self.staging
        return state.withLock { state -> Admission? in
            guard staging.conditionHolds else { return nil }
            if staging.oneAtATime && state.executing { return nil }
            state.generation += 1
            let changed = Command.stage(true, into: staging.executing, mirror: &state.executing)
            let enabledChanged = staging.stagesEnabled && Command.stage(false, into: staging.enabled, mirror: &state.enabled)
            defer { state.current = nil }
            return (state.generation, state.current, changed, enabledChanged)
        }
    }

    /// One execution of an immediate command, delivered straight to `action`: the same events in
    /// the same order as a producer of one value would give, without one. With
    /// `transaction` (on the main actor) the whole execution is one step; a step the owner runs
    /// later (it was sending notifications) delivers nothing to `action` once the returned
    /// disposable was disposed (which sends `interrupted`), as a started producer would.
    @inlinable
    func runImmediately(
        _ perform: @escaping @MainActor (Input) -> Output,
        _ input: Input,
        _ action: @escaping @Sendable (Event<Output, CommandError<Failure>>) -> Void
    ) -> any Disposable {
        guard let transaction, MainQueue.isCurrent else {
            performExecution(input, { MainQueue.call(perform, with: $0) }, action)
            return EndedDisposable.shared
        }
        let run = ImmediateRun<Output, Failure>()
        MainQueue.call(transaction, with: {
            run.started = true
            let perform = { MainQueue.call(perform, with: $0) }
            if let deferred = run.deferred {
                self.performExecution(input, perform) { deferred.deliver($0) }
            } else {
                self.performExecution(input, perform, action)
            }
        })
        if run.started { return EndedDisposable.shared }
        let deferred = DeferredObserver(action)
        run.deferred = deferred
        return deferred
    }

    /// One admitted execution of immediate work (or a refusal), told to `action` when given.
    @inlinable
    func performExecution(
        _ input: Input,
        _ perform: (Input) -> Output,
        _ action: (@Sendable (Event<Output, CommandError<Failure>>) -> Void)?
    ) {
        guard let (generation, previous, changed, enabledChanged) = admit() else {
            action?(.failed(.disabled))
            return
        }
        if changed { executing.publish() }
        if enabledChanged { enabled.publish() }
        previous?.dispose()
        let value = perform(input)
        eventsCore.send(.value(.value(value)))
        valuesCore.send(.value(value))
        action?(.value(value))
        finish(generation)
        eventsCore.send(.value(.completed))
        action?(.completed)
    }

    @inlinable
    func run(
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
            let command = UncheckedWeak(self)
            let send = observer.action
            let disposable = work(input).start { event in
                guard let self = command.object else {
                    send(event.mapError(CommandError.failed))
                    return
                }
                func deliver() {
                    if event.isTerminating { self.finish(generation) }
                    self.eventsCore.send(.value(event))
                    switch event {
                    case .value(let value): self.valuesCore.send(.value(value))
                    case .failed(let error): self.errorsCore.send(.value(error))
                    case .completed, .interrupted: break
                    }
                    send(event.mapError(CommandError.failed))
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
    @inlinable
    func step(_ body: @escaping () -> Void) {
        guard let transaction, MainQueue.isCurrent else { return body() }
        MainQueue.call(transaction, with: body)
    }

    /// Executes the command now, the way a button does: `command(input)`, or `command()` for a
    /// command without input. It is `execute(input).start()` with nothing to observe: when the
    /// command is disabled nothing runs and nothing is sent (not on ``errors`` nor ``events``);
    /// otherwise the execution notifies exactly as one started from ``execute(_:)`` would, in the
    /// same order. Work that returns at once (`performOnMain:`) runs before this returns, as one
    /// step of the owner's `transaction:` when there is one, with no producer, closure or
    /// observer made for it: nothing is allocated per execution. (The owner may run the step
    /// later, once the observers it is telling have been told: called from such an observer, the
    /// execution runs after them, once, and is admitted or refused then.) Other work is started
    /// as ``execute(_:)``'s producer would be, and runs on.
    ///
    /// To hear a refusal, or to stop the work, start ``execute(_:)`` instead.
    @MainActor
    @inlinable
    public func callAsFunction(_ input: Input) {
        guard case .immediate(let perform) = work else {
            execute(input).start()
            return
        }
        guard let direct else {
            return performExecution(input, { perform($0) }, nil)
        }
        // The input handed over with the step, which takes it if the owner runs the step now;
        // an enclosing call's (whose step has not run yet) is put back after.
        let enclosing = direct.handed
        direct.handed = input
        if !direct.hasStep { makeDirectStep(direct) }
        direct.transaction(direct.step)
        if let kept = direct.handed {
            // The owner kept the step for later: it takes this input then, in turn, and the
            // command stays alive until it has run.
            direct.waiting.append(kept)
            direct.retained = self
        }
        direct.handed = enclosing
    }

    /// The step every direct execution hands to the owner, made at the first one (it holds the
    /// command `unowned`: `direct.retained` keeps the command alive while a step waits).
    @MainActor
    @inlinable
    func makeDirectStep(_ direct: DirectExecutions<Input>) {
        direct.step = { [unowned self] in self.runDirectExecution() }
        direct.hasStep = true
    }

    /// Runs a direct execution, inside the owner's transaction: the one whose call is handing
    /// its step over, or else the oldest whose step the owner kept.
    @MainActor
    @inlinable
    func runDirectExecution() {
        guard let direct, case .immediate(let perform) = work else { return }
        let input: Input
        if let handed = direct.handed {
            input = handed
            direct.handed = nil
        } else {
            guard !direct.waiting.isEmpty else { return }
            input = direct.waiting.removeFirst()
            if direct.waiting.isEmpty { direct.retained = nil }
        }
        performExecution(input, { perform($0) }, nil)
    }

    /// Marks execution `generation` as over (unless a newer one replaced it).
    @inlinable
    func finish(_ generation: Int) {
        let staging = self.staging
        let (changed, enabledChanged) = state.withLock { state -> (Bool, Bool) in
            guard state.generation == generation else { return (false, false) }
            state.current = nil
            let changed = Command.stage(false, into: staging.executing, mirror: &state.executing)
            let enabledChanged = staging.stagesEnabled
                && Command.stage(staging.conditionHolds, into: staging.enabled, mirror: &state.enabled)
            return (changed, enabledChanged)
        }
        if changed { executing.publish() }
        if enabledChanged { enabled.publish() }
    }

    /// What ``admit()`` and ``finish(_:)`` read and stage under `state`'s lock: all `Sendable`, so
    /// that the lock's body, which takes the state `sending`, touches nothing of `self`.
    @usableFromInline
    struct Staging: Sendable {
        @usableFromInline let executing: MutableProperty<Bool>
        @usableFromInline let enabled: MutableProperty<Bool>
        @usableFromInline let condition: Property<Bool>
        @usableFromInline let constantCondition: Bool?
        @usableFromInline let oneAtATime: Bool
        @usableFromInline let stagesEnabled: Bool

        /// Whether `enabledIf` holds now.
        @inlinable
        var conditionHolds: Bool { constantCondition ?? condition.value }
    }

    /// Stages `value` into `property` (`executing` or `enabled`, which only the command writes,
    /// under `state`'s lock) unless it equals `mirror`, the property's value kept in `state`.
    /// Returns whether `property.publish()` must follow: not when nothing changed, nor when nobody
    /// observes the property (staging then completed the change; no lock is taken again for it).
    @inlinable
    static func stage(_ value: Bool, into property: MutableProperty<Bool>, mirror: inout Bool) -> Bool {
        guard mirror != value else { return false }
        mirror = value
        return property.core.stageCurrent(value)
    }
}

/// An immediate execution inside its owner's transaction; main actor only (hence unchecked).
@usableFromInline
final class ImmediateRun<Output, Failure: Error>: @unchecked Sendable {
    /// Whether the transaction ran the execution.
    @usableFromInline var started = false
    /// The observer to deliver to when the transaction runs the execution later.
    @usableFromInline var deferred: DeferredObserver<Output, Failure>?

    @inlinable
    init() {}
}

/// The direct executions (``Command/callAsFunction(_:)``) of a command with immediate work and
/// a `transaction:`: the input of the call handing its step to the owner, the inputs whose steps
/// the owner kept for later (it runs them in the order it was given them, as `Transactions`
/// does), and the one step closure every execution hands over. The closures are stored as they
/// are, not optional: an optional function is kept in its most general form, and each call
/// through it would wrap its argument in a thunk allocated per execution.
///
/// Its stored properties are `@exclusivity(unchecked)`: a caller inlines the direct path from
/// another module, where Swift would check each access at run time (about 600 instructions per
/// execution of W12). They are touched only on the main actor, and each access is a read or a write
/// that holds nothing across a call: the step is read out before the owner's transaction is
/// called with it, and an input is taken out of `handed` or `waiting` before the work runs
/// (docs/runtime.md).
@usableFromInline
@MainActor
final class DirectExecutions<Input> {
    @usableFromInline let transaction: @MainActor (@escaping () -> Void) -> Void
    /// The input of the call whose step is being handed to the owner, until the step takes it.
    @usableFromInline @exclusivity(unchecked) var handed: Input?
    /// The inputs of steps the owner kept, oldest first.
    @usableFromInline @exclusivity(unchecked) var waiting: [Input] = []
    /// The step, once made (``Command/makeDirectStep(_:)``), else a placeholder.
    @usableFromInline @exclusivity(unchecked) var step: () -> Void = {}
    @usableFromInline @exclusivity(unchecked) var hasStep = false
    /// The command, while a step its owner kept has not run.
    @usableFromInline @exclusivity(unchecked) var retained: AnyObject?

    @usableFromInline
    nonisolated init(transaction: @escaping @MainActor (@escaping () -> Void) -> Void) {
        self.transaction = transaction
    }
}

/// The observer of an immediate execution that its owner's transaction runs later: disposing it
/// before then interrupts the observer, which then hears nothing of the execution.
@usableFromInline
final class DeferredObserver<Output, Failure: Error>: Disposable, Sendable {
    @usableFromInline typealias Action = @Sendable (Event<Output, CommandError<Failure>>) -> Void
    @usableFromInline let state: Locked<Action?>

    @inlinable
    init(_ action: @escaping Action) {
        state = Locked(action)
    }

    @usableFromInline
    var isDisposed: Bool { state.withLock { $0 == nil } }

    @usableFromInline
    func dispose() {
        let action = state.withLock { action in
            defer { action = nil }
            return action
        }
        action?(.interrupted)
    }

    @inlinable
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
    @inlinable
    public func execute() -> SignalProducer<Output, CommandError<Failure>> {
        execute(())
    }

    /// Executes the command now, the way a button does (see ``callAsFunction(_:)``).
    @MainActor
    @inlinable
    public func callAsFunction() {
        callAsFunction(())
    }
}

// A command crosses isolation domains only when its input and output may (its state is behind
// its lock and its cores').
extension Command: Sendable where Input: Sendable, Output: Sendable {}
