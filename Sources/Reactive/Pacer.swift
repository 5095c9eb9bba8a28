import Foundation

/// What a ``Pacer`` lets through, and when.
@_spi(VMGen)
public enum PacingRule: Sendable, Equatable {
    /// The latest value, once `interval` seconds passed without a newer one (a newer one
    /// restarts the wait).
    case debounce(TimeInterval)
    /// A value at once when none came through in the last `interval` seconds; otherwise the
    /// latest, when the interval is over. At most one value per interval.
    case throttle(TimeInterval)
    /// Every value, `interval` seconds after it was sent.
    case delay(TimeInterval)
}

/// Holds values back on a scheduler's clock before handing them on: the `debounce`, `throttle`
/// and `delay` of a spec's paced value or paced reload.
///
/// ``send(_:)`` gives the pacer a value; the values that come through (see ``Rule``) are handed to
/// `deliver` on the main actor, each in a scheduler action of its own, never inside ``send(_:)``
/// with the schedulers of this module (a throttle's first value waits for the scheduler's next
/// turn: `advance()` on a `TestScheduler`). ``cancel()`` drops every value still waiting, and so
/// does releasing the pacer: a timer that fires afterwards delivers nothing. The values wait on
/// the main actor, in the pacer; only their numbers travel through the scheduler's timers, so a
/// value need not be `Sendable` (a spec may pace a value of any type).
@_spi(VMGen)
@MainActor
public final class Pacer<Value> {
    /// What comes through, and when: a type of its own, not one for each `Value`, so that the
    /// generated `.debounce(0.3)` is understood even when the value's type does not compile.
    public typealias Rule = PacingRule

    private let rule: Rule
    private let scheduler: any DateScheduler
    private let deliver: @MainActor (Value) -> Void
    /// The input of the current pacing, which takes each value's number; `nil` before the first
    /// value and after ``cancel()``.
    private var input: Signal<Int, Never>.Observer?
    /// The observation of the current pacing, with the timers it has set.
    private let current = SerialDisposable()
    /// The values sent and not yet come through or passed over, by number.
    private var waiting: [Int: Value] = [:]
    /// The number of the last value sent, and of the oldest that may still wait.
    private var lastNumber = 0
    private var oldestWaiting = 1

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
        lastNumber += 1
        waiting[lastNumber] = value
        input?.send(value: lastNumber)
    }

    /// Drops every value still waiting; the next ``send(_:)`` starts afresh (a throttle then lets
    /// its first value through at once).
    public func cancel() {
        input = nil
        current.inner = nil
        waiting.removeAll()
        oldestWaiting = lastNumber + 1
    }

    private func start() {
        let (numbers, input) = Signal<Int, Never>.pipe()
        self.input = input
        let paced = switch rule {
        case .debounce(let interval): numbers.debounce(interval, on: scheduler)
        case .throttle(let interval): numbers.throttle(interval, on: scheduler)
        case .delay(let interval): numbers.delay(interval, on: scheduler)
        }
        current.inner = CompositeDisposable([
            paced.observeValuesOnMain { [weak self] number in self?.cameThrough(number) },
            // Ends the pacing (and the operator's timers) when it is replaced or disposed.
            AnyDisposable { input.sendInterrupted() },
        ].compactMap { $0 })
    }

    /// Hands on the value numbered `number`; the older ones still waiting were passed over (a
    /// debounce or throttle lets only the latest through; a delay lets every one through in
    /// order, so none is older).
    private func cameThrough(_ number: Int) {
        guard let value = waiting[number] else { return }
        while oldestWaiting <= number {
            waiting[oldestWaiting] = nil
            oldestWaiting += 1
        }
        deliver(value)
    }
}

extension QueueScheduler {
    /// A scheduler on the main queue: each action runs on a later turn of the main queue, never
    /// inline. What generated view models that use time take by default.
    public static let main = QueueScheduler(queue: .main)
}
