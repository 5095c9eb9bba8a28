import Foundation

/// Holds values back on a scheduler's clock before handing them on: the `debounce`, `throttle`
/// and `delay` of a spec's paced value or paced reload.
///
/// ``send(_:)`` gives the pacer a value; the values that come through (see ``Rule``) are handed to
/// `deliver` on the main actor, each in a scheduler action of its own, never inside ``send(_:)``
/// with the schedulers of this module (a throttle's first value waits for the scheduler's next
/// turn: `advance()` on a `TestScheduler`). ``cancel()`` drops every value still waiting, and so
/// does releasing the pacer: a timer that fires afterwards delivers nothing. Values wait on the
/// scheduler's thread, hence `Value: Sendable`.
@MainActor
public final class Pacer<Value: Sendable> {
    /// What comes through, and when.
    public enum Rule: Sendable, Equatable {
        /// The latest value, once `interval` seconds passed without a newer one (a newer one
        /// restarts the wait).
        case debounce(TimeInterval)
        /// A value at once when none came through in the last `interval` seconds; otherwise the
        /// latest, when the interval is over. At most one value per interval.
        case throttle(TimeInterval)
        /// Every value, `interval` seconds after it was sent.
        case delay(TimeInterval)
    }

    private let rule: Rule
    private let scheduler: any DateScheduler
    private let deliver: @MainActor (Value) -> Void
    /// The input of the current pacing; `nil` before the first value and after ``cancel()``.
    private var input: Signal<Value, Never>.Observer?
    /// The observation of the current pacing, with the timers it has set.
    private let current = SerialDisposable()

    /// A pacer that applies `rule` on `scheduler`'s clock and hands each value that comes through
    /// to `deliver`.
    public init(_ rule: Rule, on scheduler: any DateScheduler, deliver: @escaping @MainActor (Value) -> Void) {
        self.rule = rule
        self.scheduler = scheduler
        self.deliver = deliver
    }

    deinit {
        current.dispose()
    }

    /// Gives the pacer a value (see ``Rule``).
    public func send(_ value: Value) {
        if input == nil { start() }
        input?.send(value: value)
    }

    /// Drops every value still waiting; the next ``send(_:)`` starts afresh (a throttle then lets
    /// its first value through at once).
    public func cancel() {
        input = nil
        current.inner = nil
    }

    private func start() {
        let (values, input) = Signal<Value, Never>.pipe()
        self.input = input
        let paced = switch rule {
        case .debounce(let interval): values.debounce(interval, on: scheduler)
        case .throttle(let interval): values.throttle(interval, on: scheduler)
        case .delay(let interval): values.delay(interval, on: scheduler)
        }
        let deliver = self.deliver
        current.inner = CompositeDisposable([
            paced.observeValuesOnMain { deliver($0) },
            // Ends the pacing (and the operator's timers) when it is replaced or disposed.
            AnyDisposable { input.sendInterrupted() },
        ].compactMap { $0 })
    }
}

extension QueueScheduler {
    /// A scheduler on the main queue: each action runs on a later turn of the main queue, never
    /// inline. What generated view models that use time take by default.
    public static let main = QueueScheduler(queue: .main)
}
