import Foundation

// Operators that involve time or a scheduler: observe(on:), start(on:), delay, debounce,
// throttle, timeout. Their events are forwarded from scheduler actions; each keeps its state
// behind its own lock and forwards terminal events through the scheduler too, so nothing
// overtakes a value that was already scheduled. Scheduled sends are not tracked one by one: once
// the result has ended, a late send is simply dropped by the stream rules.
//
// All but timeout hand values to the scheduler's thread, so they need `Value: Sendable`.

extension Signal where Value: Sendable {
    /// Forwards every event through `scheduler` (in order, for a serial scheduler).
    /// Events still waiting when the result ends are dropped.
    public func observe(on scheduler: any Scheduler) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            lifetime += self.observe { event in
                scheduler.schedule { observer.send(event) }
            }
        }
    }

    /// Sends each value `interval` seconds later on `scheduler`; completion is delayed the same way.
    /// Failure and interruption are forwarded through `scheduler` at once (pending values are dropped).
    public func delay(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            lifetime += self.observe { event in
                switch event {
                case .value, .completed:
                    scheduler.schedule(after: interval) { observer.send(event) }
                case .failed, .interrupted:
                    scheduler.schedule { observer.send(event) }
                }
            }
        }
    }

    /// Sends a value only after `interval` seconds passed without a newer one (the newer one
    /// restarts the wait). When the source completes, the value still waiting is sent first, then
    /// `completed`. Failure and interruption drop the waiting value.
    public func debounce(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        let waiting = Locked(WaitingValue<Value>())
        return observedWithTimer { event, observer, timer in
            switch event {
            case .value(let value):
                let ticket = waiting.withLock { $0.store(value) }
                timer.inner = scheduler.schedule(after: interval) {
                    if let value = waiting.withLock({ $0.take(ticket) }) { observer.send(value: value) }
                }
            case .completed:
                timer.inner = scheduler.schedule {
                    if let value = waiting.withLock({ $0.takeAny() }) { observer.send(value: value) }
                    observer.sendCompleted()
                }
            case .failed, .interrupted:
                timer.inner = scheduler.schedule { observer.send(event) }
            }
        }
    }

    /// Sends a value at once if none was sent in the last `interval` seconds; otherwise keeps only
    /// the latest and sends it when the interval is over. On completion a kept value is sent first.
    /// Failure and interruption drop the kept value.
    public func throttle(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        let state = Locked(ThrottleState<Value>())
        return observedWithTimer { event, observer, timer in
            switch event {
            case .value(let value):
                let now = scheduler.currentDate
                let action = state.withLock { $0.receive(value, now: now, interval: interval) }
                switch action {
                case .sendNow:
                    timer.inner = nil
                    scheduler.schedule { observer.send(value: value) }
                case .sendAt(let date):
                    timer.inner = scheduler.schedule(after: date) {
                        let sent = scheduler.currentDate
                        if let value = state.withLock({ $0.takeKept(at: sent) }) { observer.send(value: value) }
                    }
                case .keep:
                    break
                }
            case .completed:
                scheduler.schedule {
                    if let value = state.withLock({ $0.takeKept(at: scheduler.currentDate) }) { observer.send(value: value) }
                    observer.sendCompleted()
                }
            case .failed, .interrupted:
                timer.dispose()
                scheduler.schedule { observer.send(event) }
            }
        }
    }

    /// A signal that observes this one, passing each event to `handle` with the result's observer
    /// and a timer: what a waiting send is put into, disposed when the result ends (debounce and
    /// throttle). A signal observes its source once, so state made around the call is its own.
    private func observedWithTimer(
        _ handle: @escaping @Sendable (Event<Value, Failure>, Observer, SerialDisposable) -> Void
    ) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            let timer = SerialDisposable()
            lifetime += timer
            lifetime += self.observe { event in handle(event, observer, timer) }
        }
    }
}

extension Signal {
    /// Forwards the source; fails with `error` (and stops observing) if the source has not ended
    /// within `interval` seconds of observation.
    public func timeout(after interval: TimeInterval, raising error: Failure, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            let send = observer.action
            lifetime += scheduler.schedule(after: interval) { send(.failed(error)) }
            lifetime += self.observe(observer)
        }
    }
}

/// The latest value waiting for a debounce, numbered so a stale timer leaves it alone.
struct WaitingValue<Value> {
    private var value: Value?
    private var ticket = 0

    mutating func store(_ newValue: Value) -> Int {
        value = newValue
        ticket += 1
        return ticket
    }

    mutating func take(_ expected: Int) -> Value? {
        guard expected == ticket, let taken = value else { return nil }
        value = nil
        return taken
    }

    mutating func takeAny() -> Value? {
        take(ticket)
    }
}

/// What throttle does with a value: send it now, keep it for a send already scheduled, or keep
/// it and schedule a send.
enum ThrottleAction {
    case sendNow
    case keep
    case sendAt(Date)
}

/// The bookkeeping of one throttle.
struct ThrottleState<Value> {
    private var lastSent: Date?
    private var kept: Value?
    private var scheduled = false

    mutating func receive(_ value: Value, now: Date, interval: TimeInterval) -> ThrottleAction {
        guard let lastSent, now.timeIntervalSince(lastSent) < interval else {
            self.lastSent = now
            kept = nil
            scheduled = false
            return .sendNow
        }
        kept = value
        if scheduled { return .keep }
        scheduled = true
        return .sendAt(lastSent.addingTimeInterval(interval))
    }

    mutating func takeKept(at date: Date) -> Value? {
        scheduled = false
        guard let value = kept else { return nil }
        kept = nil
        lastSent = date
        return value
    }
}

extension SignalProducer where Value: Sendable {
    /// Forwards every event through `scheduler` (in order, for a serial scheduler).
    public func observe(on scheduler: any Scheduler) -> SignalProducer<Value, Failure> {
        lift(signal: { $0.observe(on: scheduler) })
    }

    /// Starts the work on `scheduler` instead of the calling thread. Disposing before the work
    /// started cancels it.
    public func start(on scheduler: any Scheduler) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, lifetime in
            lifetime += scheduler.schedule {
                self.startHandler(observer, lifetime)
            }
        }
    }

    /// Sends each value (and completion) `interval` seconds later on `scheduler` (see
    /// ``Signal/delay(_:on:)``).
    public func delay(_ interval: TimeInterval, on scheduler: any DateScheduler) -> SignalProducer<Value, Failure> {
        lift(signal: { $0.delay(interval, on: scheduler) })
    }

    /// Sends a value only after `interval` seconds without a newer one (see ``Signal/debounce(_:on:)``).
    public func debounce(_ interval: TimeInterval, on scheduler: any DateScheduler) -> SignalProducer<Value, Failure> {
        lift(signal: { $0.debounce(interval, on: scheduler) })
    }

    /// Sends at most one value per `interval` seconds, the latest (see ``Signal/throttle(_:on:)``).
    public func throttle(_ interval: TimeInterval, on scheduler: any DateScheduler) -> SignalProducer<Value, Failure> {
        lift(signal: { $0.throttle(interval, on: scheduler) })
    }

}

extension SignalProducer {
    /// Fails with `error` and disposes the work if it has not ended within `interval` seconds of
    /// starting.
    public func timeout(after interval: TimeInterval, raising error: Failure, on scheduler: any DateScheduler) -> SignalProducer<Value, Failure> {
        lift(signal: { $0.timeout(after: interval, raising: error, on: scheduler) })
    }
}
