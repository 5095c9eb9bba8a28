#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One registered observer of a ``SignalCore``.
///
/// `gate` holds the sequence number of the last event the observer must NOT see: the observer
/// receives events whose sequence number is greater. It is `UInt64.max` while the observer is
/// being primed with a current value, and forever once the observer is disposed. It has its own
/// lock: the delivering thread reads it outside the core's lock, while any thread may dispose the
/// observer (a `Locked` rather than an `Atomic`, which needs macOS 15 / iOS 18). The core counts
/// when a gate can stop an event, so a delivery reads gates only then (see `deliverAndDrain`).
@usableFromInline
final class ObserverEntry<Value, Failure: Error>: Disposable, Sendable {
    @usableFromInline let action: @Sendable (Event<Value, Failure>) -> Void
    @usableFromInline let gate: Locked<UInt64>
    @usableFromInline weak let core: SignalCore<Value, Failure>?

    @inlinable
    init(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void, gate: UInt64, core: SignalCore<Value, Failure>) {
        self.action = action
        self.gate = Locked(gate)
        self.core = core
    }

    @usableFromInline
    var isDisposed: Bool { gate.withLock { $0 } == .max }

    @usableFromInline
    func dispose() {
        gate.withLock { $0 = .max }
        core?.remove(self)
    }
}

/// What ending a core leaves to do (``SignalCore/end(releasingHandle:)``). Not nested in the
/// generic core, so that using it needs no generic metadata.
enum CoreEnding {
    /// Nothing: the core had ended, or (for a released handle) someone still observes it.
    case nothing
    /// Interrupt the observers (behind any delivery under way).
    case interrupt
    /// The core ended under the lock; only its lifetime is left to end.
    case ended
}

/// The delivery engine behind every ``Signal``, started ``SignalProducer`` and property.
///
/// One lock per core guards the observer list and the delivery state. Delivery itself runs
/// outside the lock, over a snapshot of the observer list (observers are called in the order they
/// were added). Only one thread delivers at a time: an event sent while a delivery is in progress
/// (re-entrantly from an observer, or from another thread) is queued and delivered, in order, by
/// the thread that is already delivering, before that thread's `send` returns. Nothing is delivered
/// after a terminal event. The steady path (no contention, no queue) allocates nothing.
@usableFromInline
final class SignalCore<Value, Failure: Error>: Disposable, @unchecked Sendable {
    @usableFromInline typealias Entry = ObserverEntry<Value, Failure>
    @usableFromInline typealias Snapshot = ContiguousArray<Entry>

    @usableFromInline
    enum Status: UInt8 {
        /// Accepting events.
        case alive
        /// A terminal event was accepted but not yet delivered.
        case terminating
        /// The terminal event was delivered; observers were released.
        case terminated
    }

    /// Guarded by `state`'s lock; never shared outside it, hence `@unchecked Sendable`.
    @usableFromInline
    struct State: @unchecked Sendable {
        @usableFromInline var observers: Snapshot = []
        @usableFromInline var status = Status.alive
        @usableFromInline var delivering = false
        /// Sequence number of the last accepted event.
        @usableFromInline var sequence: UInt64 = 0
        @usableFromInline var queue: [(event: Event<Value, Failure>, sequence: UInt64)] = []
        @usableFromInline var queueHead = 0
        /// The terminal event, once accepted.
        @usableFromInline var terminal: Event<Value, Failure>?
        /// The current value of a property core.
        @usableFromInline var current: Value?
        /// Sequence number of the event that last set `current`.
        @usableFromInline var currentSequence: UInt64 = 0
        /// Whether a public handle (``Signal``) still refers to this core.
        @usableFromInline var hasHandle: Bool
        /// How many observers are being primed with a current value (``addPrimed(_:)``): while
        /// any is, a delivery checks every observer's gate.
        @usableFromInline var priming = 0
        /// The highest gate set when an observer was added or primed: an event with a greater
        /// sequence number, while nobody is being primed, is past every observer's gate.
        @usableFromInline var newestGate: UInt64 = 0
        /// The thread delivering (meaningful while `delivering`).
        @usableFromInline var deliverer: pthread_t?

        @inlinable
        init(hasHandle: Bool, current: Value?) {
            self.hasHandle = hasHandle
            self.current = current
        }

        /// Whether every observer's gate is settled below `sequence` (nobody is being primed,
        /// nobody was added at or after that event): its delivery need not read the gates.
        @inlinable
        func gatesSettled(below sequence: UInt64) -> Bool {
            priming == 0 && newestGate < sequence
        }

        /// Accepts `event` into a core that is alive (with `storing`, a value becomes the current
        /// value) and says what to deliver: the event's sequence number and the observers to tell
        /// it, or `nil` when it was queued behind the delivery in progress or nobody is to be told.
        /// `settled` tells whether the delivery need not read the observers' gates.
        @inlinable
        mutating func accept(_ event: Event<Value, Failure>, storing: Bool, settled: inout Bool) -> (UInt64, Snapshot)? {
            sequence &+= 1
            if event.isTerminating {
                status = .terminating
                terminal = event
            } else if storing, case .value(let value) = event {
                current = value
                currentSequence = sequence
            }
            if delivering {
                queue.append((event, sequence))
                return nil
            }
            // Nobody to tell (an observer added later does not see this event): no delivery.
            if observers.isEmpty && !event.isTerminating { return nil }
            delivering = true
            deliverer = pthread_self()
            settled = gatesSettled(below: sequence)
            return (sequence, observers)
        }
    }

    @usableFromInline let state: Locked<State>
    /// How many observers the delivering thread removed while delivering (an observer it called
    /// disposed one): written only by that thread, under the lock, and read by it without, so a
    /// delivery notices its own thread's removals without taking a lock per observer.
    @usableFromInline @exclusivity(unchecked) var removalsByDeliverer = 0
    /// Disposed when the core terminates: the producer's or generator's lifetime.
    @usableFromInline let disposables = CompositeDisposable()

    @inlinable
    init(hasHandle: Bool, current: Value? = nil) {
        state = Locked(State(hasHandle: hasHandle, current: current))
    }

    /// Nothing can send to a core that is being deinitialized: observers that are still attached
    /// are interrupted, and the lifetime ends.
    deinit {
        // Nothing else can reach a core being deinitialized (its observers' entries hold it
        // weakly), so checking and taking the observers need not be one step; the ended core,
        // the usual case, then looks up no generic metadata but its state's.
        let alive = state.withLock { state -> Bool in
            guard state.status == .alive else { return false }
            state.status = .terminated
            return true
        }
        if alive { interruptObservers() }
        disposables.dispose()
    }

    /// Interrupts the observers still attached to a core being deinitialized.
    func interruptObservers() {
        let remaining = state.withLock { $0.observers }
        for entry in remaining where entry.gate.withLock({ $0 }) != .max {
            entry.action(.interrupted)
        }
    }

    // MARK: Sending

    /// Accepts `event` and delivers it, or queues it behind the delivery in progress.
    /// With `storing`, a value also becomes the core's current value (atomically with acceptance).
    @inlinable
    func send(_ event: Event<Value, Failure>, storing: Bool = false) {
        // `settled` is returned beside the tuple: with it inside, the optional tuple is destroyed
        // by an outlined function on every send (a measurable cost on the generated diamond).
        var settled = false
        let start = state.withLock { state -> (UInt64, Snapshot)? in
            guard state.status == .alive else { return nil }
            return state.accept(event, storing: storing, settled: &settled)
        }
        guard let (sequence, snapshot) = start else { return }
        deliverAndDrain(event, sequence, snapshot, settled)
    }

    /// Accepts the event `update` makes of the current value, if it makes one, and delivers it or
    /// queues it behind the delivery in progress, as ``send(_:storing:)`` with `storing` would.
    ///
    /// `update` runs under the core's lock, atomically with the acceptance, so a value made from
    /// the current one cannot be overtaken by another thread's: a derived property joining two
    /// sources keeps its state here rather than in a serializer of its own (see
    /// ``Property/combineLatest(with:)``). It must not call out (the lock is not recursive).
    @inlinable
    func send(updating update: (Value?) -> Event<Value, Failure>?) {
        var settled = false
        var made: Event<Value, Failure>?
        let start = state.withLock { state -> (UInt64, Snapshot)? in
            guard state.status == .alive, let event = update(state.current) else { return nil }
            made = event
            return state.accept(event, storing: true, settled: &settled)
        }
        guard let (sequence, snapshot) = start, let event = made else { return }
        deliverAndDrain(event, sequence, snapshot, settled)
    }

    /// Stores `newValue` as the current value without sending it. Returns whether it is still to
    /// be sent (``publishCurrent()``): not when nobody observes and no delivery is in progress,
    /// since the publication, with nobody to tell, is then done here under the same lock.
    @inlinable
    func stageCurrent(_ newValue: Value) -> Bool {
        state.withLock { state in
            state.current = newValue
            guard state.status == .alive, !state.delivering, state.observers.isEmpty else { return true }
            state.sequence &+= 1
            state.currentSequence = state.sequence
            return false
        }
    }

    /// Sends the current value again (``MutableProperty/publish()``).
    @inlinable
    func publishCurrent() {
        var settled = false
        let start = state.withLock { state -> (Event<Value, Failure>, UInt64, Snapshot)? in
            guard state.status == .alive, let current = state.current else { return nil }
            state.sequence &+= 1
            state.currentSequence = state.sequence
            if state.delivering {
                state.queue.append((.value(current), state.sequence))
                return nil
            }
            if state.observers.isEmpty { return nil }
            state.delivering = true
            state.deliverer = pthread_self()
            settled = state.gatesSettled(below: state.sequence)
            return (.value(current), state.sequence, state.observers)
        }
        guard let (event, sequence, snapshot) = start else { return }
        deliverAndDrain(event, sequence, snapshot, settled)
    }

    /// Delivers `firstEvent`, then the events queued meanwhile, each to the observer list when its
    /// delivery starts (`snapshot`); `settled` tells whether all their gates are below the event.
    ///
    /// An observer's gate is read (under its lock) only when it can matter for this event: when
    /// not all gates were settled below it, or once this thread removed an observer during the
    /// delivery (an observer it called disposed one). Otherwise no gate can stop the event, and an
    /// observer that another thread disposes meanwhile may still get this one event, as it may
    /// when that dispose comes just after its gate was read; events accepted after the dispose
    /// never reach it (the observer is no longer in their snapshots).
    @inlinable
    func deliverAndDrain(
        _ firstEvent: Event<Value, Failure>,
        _ firstSequence: UInt64,
        _ firstSnapshot: Snapshot,
        _ firstSettled: Bool
    ) {
        var event = firstEvent
        var sequence = firstSequence
        var snapshot = firstSnapshot
        var settled = firstSettled
        while true {
            let removals = removalsByDeliverer
            for entry in snapshot {
                if !settled || removalsByDeliverer != removals {
                    if entry.gate.withLock({ $0 }) >= sequence { continue }
                }
                entry.action(event)
            }
            if event.isTerminating {
                finish()
                return
            }
            let next = state.withLock { state -> (Event<Value, Failure>, UInt64, Snapshot)? in
                guard state.queueHead < state.queue.count else {
                    if state.queueHead > 0 {
                        state.queue.removeAll(keepingCapacity: true)
                        state.queueHead = 0
                    }
                    state.delivering = false
                    return nil
                }
                let (queued, queuedSequence) = state.queue[state.queueHead]
                state.queueHead += 1
                settled = state.gatesSettled(below: queuedSequence)
                return (queued, queuedSequence, state.observers)
            }
            guard let next else { return }
            (event, sequence, snapshot) = next
        }
    }

    /// Called after the terminal event was delivered: releases observers and ends the lifetime.
    @usableFromInline
    func finish() {
        let released = state.withLock { state -> (Snapshot, [(event: Event<Value, Failure>, sequence: UInt64)]) in
            state.status = .terminated
            state.delivering = false
            defer {
                state.observers = []
                state.queue = []
                state.queueHead = 0
            }
            return (state.observers, state.queue)
        }
        withExtendedLifetime(released) {}
        disposables.dispose()
    }

    // MARK: Observers

    /// Adds an observer that receives every event accepted from now on.
    /// - Returns: the entry, or `nil` when the core has terminated (the caller reports that).
    @inlinable
    func add(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void) -> Entry? {
        state.withLock { state -> Entry? in
            guard state.status != .terminated else { return nil }
            let entry = Entry(action, gate: state.sequence, core: self)
            state.observers.append(entry)
            state.newestGate = state.sequence
            return entry
        }
    }

    /// Adds an observer and first delivers the current value to it, so it sees the current value
    /// and then every later change, in order, even while other threads send.
    ///
    /// - Returns: the entry, or `nil` when the core had terminated (`action` then got
    ///   `interrupted`, or the terminal event that ended the core).
    @inlinable
    func addPrimed(_ action: @escaping @Sendable (Event<Value, Failure>) -> Void) -> Entry? {
        let primed = state.withLock { state -> (Entry, Value?, UInt64)? in
            guard state.status == .alive else { return nil }
            let entry = Entry(action, gate: .max, core: self)
            state.observers.append(entry)
            state.priming += 1
            return (entry, state.current, state.currentSequence)
        }
        guard let (entry, firstValue, firstSequence) = primed else {
            action(.interrupted)
            return nil
        }
        var (value, valueSequence) = (firstValue, firstSequence)
        while true {
            if let value { action(.value(value)) }
            let outcome = state.withLock { state -> (Value?, UInt64)?? in
                if state.status != .alive {
                    state.priming -= 1
                    return .some(nil)
                }
                if state.currentSequence == valueSequence {
                    entry.gate.withLock { $0 = valueSequence }
                    state.newestGate = max(state.newestGate, valueSequence)
                    state.priming -= 1
                    return nil
                }
                return (state.current, state.currentSequence)
            }
            switch outcome {
            case .none:
                return entry
            case .some(.none):
                entry.dispose()
                action(state.withLock { $0.terminal } ?? .interrupted)
                return nil
            case .some(.some(let newer)):
                (value, valueSequence) = newer
            }
        }
    }

    @usableFromInline
    func remove(_ entry: Entry) {
        // `entry` is the removed element and the caller holds it, so removing it from the list
        // under the lock cannot deinitialize it (nor the streams its action feeds). Written
        // without generic library calls (`firstIndex(where:)`, `isEmpty`) and with a `Bool`
        // result: this runs unspecialized (`dispose()` through `any Disposable`), where each of
        // those costs a lookup of generic metadata.
        let disposeNow = state.withLock { state -> Bool in
            let count = state.observers.count
            var index = 0
            while index < count && state.observers[index] !== entry { index += 1 }
            guard index < count else { return false }
            state.observers.remove(at: index)
            if state.delivering, let deliverer = state.deliverer, pthread_equal(deliverer, pthread_self()) != 0 {
                removalsByDeliverer &+= 1
            }
            return count == 1 && !state.hasHandle && state.status == .alive
        }
        if disposeNow { dispose() }
    }

    /// The public handle went away: with nobody observing either, nothing can ever see an event
    /// again, so the core ends (which disposes whatever feeds it).
    @usableFromInline
    func handleReleased() {
        end(releasingHandle: true)
    }

    /// The pipe's input went away (``Signal/Observer``'s `deinit`): nothing can send any more, so
    /// the core is interrupted.
    @usableFromInline
    func inputReleased() {
        end(releasingHandle: false)
    }

    /// Ends the core for ``handleReleased()`` (when nobody observes) or ``inputReleased()``.
    ///
    /// With no observer and no delivery under way, the core ends here, under one lock: with
    /// nobody to tell, sending `interrupted` would only mark it ended. That is how most
    /// short-lived signals end, from a `deinit`, in code that runs unspecialized; it takes one
    /// lookup of generic metadata instead of dozens (docs/benchmarks.md, session 11).
    func end(releasingHandle: Bool) {
        let ending = state.withLock { state -> CoreEnding in
            if releasingHandle { state.hasHandle = false }
            guard state.status == .alive else { return .nothing }
            let observed = state.observers.count != 0
            if releasingHandle && observed { return .nothing }
            guard !observed && !state.delivering else { return .interrupt }
            state.status = .terminated
            return .ended
        }
        switch ending {
        case .nothing: break
        case .interrupt: dispose()
        case .ended: disposables.dispose()
        }
    }

    // MARK: Disposable

    /// Whether the core stopped accepting events.
    @usableFromInline
    var isDisposed: Bool { state.withLock { $0.status != .alive } }

    /// Interrupts: observers get `interrupted` (after any delivery in progress), then the
    /// lifetime ends.
    @usableFromInline
    func dispose() { send(.interrupted) }

    /// The current value of a property core.
    @inlinable
    var current: Value? { state.withLock { $0.current } }

    /// Reads or changes the current value without sending anything.
    @inlinable
    func withCurrent<Result>(_ body: (inout Value?) -> Result) -> Result {
        state.withLock { body(&$0.current) }
    }
}
