import Dispatch
import Foundation

/// Runs actions, now or soon, in some execution context.
public protocol Scheduler: Sendable {
    /// Runs `action` as soon as possible in this scheduler's context.
    /// - Returns: a disposable that cancels `action` if it has not run yet (`nil` when it ran inline).
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)?
}

/// A scheduler that can also run actions at a later time.
public protocol DateScheduler: Scheduler {
    /// The scheduler's notion of now (virtual for a test scheduler).
    var currentDate: Date { get }

    /// Runs `action` at `date` (at once when `date` is not in the future).
    /// - Returns: a disposable that cancels `action` if it has not run yet.
    @discardableResult
    func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> (any Disposable)?
}

extension DateScheduler {
    /// Runs `action` `interval` seconds from ``currentDate``.
    @discardableResult
    public func schedule(after interval: TimeInterval, action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        schedule(after: currentDate.addingTimeInterval(interval), action: action)
    }
}

/// Runs every action inline, at once, on the calling thread.
public struct ImmediateScheduler: Scheduler {
    /// The immediate scheduler.
    public init() {}

    /// Runs `action` now and returns `nil`.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        action()
        return nil
    }
}

/// Runs actions on a serial `DispatchQueue`, in the order they were scheduled.
public final class QueueScheduler: DateScheduler {
    /// The queue actions run on.
    public let queue: DispatchQueue

    /// A scheduler on a new serial queue labelled `name`.
    public init(name: String = "Reactive.QueueScheduler", qos: DispatchQoS = .default) {
        queue = DispatchQueue(label: name, qos: qos)
    }

    /// A scheduler on `queue`, which must be serial.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// The wall-clock time.
    public var currentDate: Date { Date() }

    /// Runs `action` asynchronously on the queue.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let disposable = AnyDisposable()
        queue.async {
            if !disposable.isDisposed { action() }
        }
        return disposable
    }

    /// Runs `action` on the queue at `date`.
    @discardableResult
    public func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let disposable = AnyDisposable()
        let delay = max(0, date.timeIntervalSinceNow)
        queue.asyncAfter(deadline: .now() + delay) {
            if !disposable.isDisposed { action() }
        }
        return disposable
    }
}

/// Tells whether the caller runs on the main queue (the main actor's executor).
///
/// On Linux the main queue may be serviced by a thread other than the process's first thread (after
/// `dispatchMain()`, as under `swift test`), so `Thread.isMainThread` alone is not enough: the main
/// queue is marked with a queue-specific key and that mark is checked as well.
@usableFromInline
enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    /// Whether the caller runs on the main queue.
    @usableFromInline
    static var isCurrent: Bool {
        _ = marked
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }

    /// Calls `work`, a main-actor function, from code that is not isolated to the main actor but
    /// runs on it: `MainActor.assumeIsolated` checks that (and traps otherwise). `input` and the
    /// output never leave this thread, before, during or after the call; `Unchecked` only carries
    /// them past `assumeIsolated`'s `Sendable` requirement on its result.
    @inlinable
    static func call<Input, Output>(_ work: @MainActor (Input) -> Output, with input: Input) -> Output {
        let input = Unchecked(input)
        return MainActor.assumeIsolated { Unchecked(work(input.value)) }.value
    }

    /// ``call(_:with:)`` for a transaction (a command's `transaction:`) and the step it runs,
    /// without a generic function type in between (which would need a reabstraction thunk).
    @inlinable
    static func call(
        _ transaction: @MainActor (@escaping () -> Void) -> Void,
        with body: @escaping () -> Void
    ) {
        let body = Unchecked(body)
        MainActor.assumeIsolated { transaction(body.value) }
    }
}

/// Runs actions on the main thread (the main actor).
///
/// An action scheduled from the main queue runs inline, at once, unless earlier actions of the same
/// scheduler are still waiting for the main queue; otherwise it hops with `DispatchQueue.main.async`.
/// Either way the actions of one scheduler run in the order they were scheduled. Each instance is
/// its own ordering domain: ``Signal/observeOnMain(_:)`` uses one per observation, so a hop pending
/// for one stream does not stop another stream's main-thread sends from running inline.
public final class MainScheduler: DateScheduler {
    /// A shared main scheduler for general use.
    public static let shared = MainScheduler()

    /// Actions handed to `DispatchQueue.main` that have not finished.
    private let pending = Locked(0)

    /// A main scheduler with its own ordering domain.
    public init() {}

    /// The wall-clock time.
    public var currentDate: Date { Date() }

    /// Runs `action` at once when ``scheduleOnMain(_:)`` would run it inline, and tells whether it
    /// did; nothing is allocated for it.
    func runInline(_ action: @MainActor () -> Void) -> Bool {
        guard MainQueue.isCurrent && pending.withLock({ $0 }) == 0 else { return false }
        MainActor.assumeIsolated { action() }
        return true
    }

    /// Runs `action` on the main actor: inline when possible, else through the main queue.
    @discardableResult
    public func scheduleOnMain(_ action: @escaping @MainActor () -> Void) -> (any Disposable)? {
        if MainQueue.isCurrent && pending.withLock({ $0 }) == 0 {
            MainActor.assumeIsolated { action() }
            return nil
        }
        pending.withLock { $0 += 1 }
        let disposable = AnyDisposable()
        DispatchQueue.main.async {
            if !disposable.isDisposed { MainActor.assumeIsolated { action() } }
            self.pending.withLock { $0 -= 1 }
        }
        return disposable
    }

    /// Runs `action` on the main thread (see ``scheduleOnMain(_:)``).
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        scheduleOnMain(action)
    }

    /// Runs `action` on the main queue at `date`.
    @discardableResult
    public func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let disposable = AnyDisposable()
        let delay = max(0, date.timeIntervalSinceNow)
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
            if !disposable.isDisposed { action() }
        }
        return disposable
    }
}
