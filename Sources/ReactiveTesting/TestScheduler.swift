import Foundation
import Reactive

/// A ``DateScheduler`` with virtual time: nothing runs until the test advances the clock.
///
/// Actions run in the order of their due date (then the order they were scheduled), on the thread
/// that calls ``advance(by:)``, ``advance(to:)`` or ``run()``, and outside the scheduler's lock: an
/// action may schedule more actions (they run in the same advance when due) or read
/// ``currentDate`` without deadlocking. Scheduling is safe from any thread; advance from one
/// thread at a time.
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    private struct Item {
        let date: Date
        let order: Int
        let action: @Sendable () -> Void
        let disposable: AnyDisposable
    }

    private struct State {
        var now: Date
        var items: [Item] = []
        var nextOrder = 0
    }

    private let state: Locked<State>

    /// A scheduler whose clock starts at `startDate`.
    public init(startDate: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        state = Locked(State(now: startDate))
    }

    /// The virtual time.
    public var currentDate: Date { state.withLock { $0.now } }

    /// The number of actions waiting to run (including cancelled ones not yet reached).
    public var pendingCount: Int { state.withLock { $0.items.count } }

    /// The number of actions waiting to run, not counting cancelled ones.
    public var scheduledCount: Int { state.withLock { $0.items.count { !$0.disposable.isDisposed } } }

    /// Queues `action` for the current virtual time; it runs on the next advance.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        enqueue(at: nil, action)
    }

    /// Queues `action` for `date` (or now, if `date` has passed).
    @discardableResult
    public func schedule(after date: Date, action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        enqueue(at: date, action)
    }

    private func enqueue(at date: Date?, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        let disposable = AnyDisposable()
        state.withLock { state in
            let due = max(date ?? state.now, state.now)
            state.items.append(Item(date: due, order: state.nextOrder, action: action, disposable: disposable))
            state.nextOrder += 1
        }
        return disposable
    }

    /// Runs the actions due now.
    public func advance() {
        advance(by: 0)
    }

    /// Moves the clock forward by `interval` seconds, running every action due on the way.
    public func advance(by interval: TimeInterval) {
        advance(to: currentDate.addingTimeInterval(interval))
    }

    /// Moves the clock to `date`, running every action due by then, each at its own due time.
    public func advance(to date: Date) {
        while let item = nextItem(dueBy: date) {
            if !item.disposable.isDisposed { item.action() }
        }
        state.withLock { state in state.now = max(state.now, date) }
    }

    /// Runs every queued action (and those they schedule) until none is left; the clock ends at the
    /// due time of the last one.
    public func run() {
        while let item = nextItem(dueBy: .distantFuture) {
            if !item.disposable.isDisposed { item.action() }
        }
    }

    /// Removes and returns the earliest item due by `date`, moving the clock to its due time.
    private func nextItem(dueBy date: Date) -> Item? {
        state.withLock { state -> Item? in
            var best: Int?
            for index in state.items.indices where state.items[index].date <= date {
                if let current = best {
                    let a = state.items[index], b = state.items[current]
                    if (a.date, a.order) < (b.date, b.order) { best = index }
                } else {
                    best = index
                }
            }
            guard let best else { return nil }
            let item = state.items.remove(at: best)
            state.now = max(state.now, item.date)
            return item
        }
    }
}
