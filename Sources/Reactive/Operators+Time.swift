import Foundation

// Operators that involve time or a scheduler: observe(on:), start(on:), delay, debounce,
// throttle, timeout. Their events are forwarded from scheduler actions; each keeps its state
// behind its own lock and forwards terminal events through the scheduler too, so nothing
// overtakes a value that was already scheduled. Scheduled sends are not tracked one by one: once
// the result has ended, a late send is simply dropped by the stream rules.

extension Signal {
    /// Forwards every event through `scheduler` (in order, for a serial scheduler).
    /// Events still waiting when the result ends are dropped.
    public func observe(on scheduler: any Scheduler) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            lifetime += self.observe { event in
                let event = Unchecked(event)
                scheduler.schedule { observer.send(event.value) }
            }
        }
    }

    /// Sends each value `interval` seconds later on `scheduler`; completion is delayed the same way.
    /// Failure and interruption are forwarded through `scheduler` at once (pending values are dropped).
    public func delay(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            lifetime += self.observe { event in
                let event = Unchecked(event)
                switch event.value {
                case .value, .completed:
                    scheduler.schedule(after: interval) { observer.send(event.value) }
                case .failed, .interrupted:
                    scheduler.schedule { observer.send(event.value) }
                }
            }
        }
    }

    /// Sends a value only after `interval` seconds passed without a newer one (the newer one
    /// restarts the wait). When the source completes, the value still waiting is sent first, then
    /// `completed`. Failure and interruption drop the waiting value.
    public func debounce(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            let timer = SerialDisposable()
            lifetime += timer
            let waiting = Locked(WaitingValue<Value>())
            lifetime += self.observe { event in
                switch event {
                case .value(let value):
                    let ticket = waiting.withLock { $0.store(value) }
                    timer.inner = scheduler.schedule(after: interval) {
                        if let value = waiting.withLock({ $0.take(ticket) }) { observer.send(value: value.value) }
                    }
                case .completed:
                    timer.inner = scheduler.schedule {
                        if let value = waiting.withLock({ $0.takeAny() }) { observer.send(value: value.value) }
                        observer.sendCompleted()
                    }
                case .failed, .interrupted:
                    let event = Unchecked(event)
                    timer.inner = scheduler.schedule { observer.send(event.value) }
                }
            }
        }
    }

    /// Sends a value at once if none was sent in the last `interval` seconds; otherwise keeps only
    /// the latest and sends it when the interval is over. On completion a kept value is sent first.
    /// Failure and interruption drop the kept value.
    public func throttle(_ interval: TimeInterval, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            let timer = SerialDisposable()
            lifetime += timer
            let state = Locked(ThrottleState<Value>())
            lifetime += self.observe { event in
                switch event {
                case .value(let value):
                    let now = scheduler.currentDate
                    let action = state.withLock { $0.receive(value, now: now, interval: interval) }
                    switch action {
                    case .sendNow:
                        let value = Unchecked(value)
                        timer.inner = nil
                        scheduler.schedule { observer.send(value: value.value) }
                    case .sendAt(let date):
                        timer.inner = scheduler.schedule(after: date) {
                            let sent = scheduler.currentDate
                            if let value = state.withLock({ $0.takeKept(at: sent) }) { observer.send(value: value.value) }
                        }
                    case .keep:
                        break
                    }
                case .completed:
                    scheduler.schedule {
                        if let value = state.withLock({ $0.takeKept(at: scheduler.currentDate) }) { observer.send(value: value.value) }
                        observer.sendCompleted()
                    }
                case .failed, .interrupted:
                    let event = Unchecked(event)
                    timer.dispose()
                    scheduler.schedule { observer.send(event.value) }
                }
            }
        }
    }

    /// Forwards the source; fails with `error` (and stops observing) if the source has not ended
    /// within `interval` seconds of observation.
    public func timeout(after interval: TimeInterval, raising error: Failure, on scheduler: any DateScheduler) -> Signal<Value, Failure> {
        let error = Unchecked(error)
        return Signal { observer, lifetime in
            lifetime += scheduler.schedule(after: interval) { observer.send(error: error.value) }
            lifetime += self.observe(observer)
        }
    }
}

/// The latest value waiting for a debounce, numbered so a stale timer leaves it alone.
struct WaitingValue<Value>: @unchecked Sendable {
    private var value: Value?
    private var ticket = 0

    mutating func store(_ newValue: Value) -> Int {
        value = newValue
        ticket += 1
        return ticket
    }

    mutating func take(_ expected: Int) -> Unchecked<Value>? {
        guard expected == ticket, let taken = value else { return nil }
        value = nil
        return Unchecked(taken)
    }

    mutating func takeAny() -> Unchecked<Value>? {
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
struct ThrottleState<Value>: @unchecked Sendable {
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

    mutating func takeKept(at date: Date) -> Unchecked<Value>? {
        scheduled = false
        guard let value = kept else { return nil }
        kept = nil
        lastSent = date
        return Unchecked(value)
    }
}

extension SignalProducer {
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

    /// Fails with `error` and disposes the work if it has not ended within `interval` seconds of
    /// starting.
    public func timeout(after interval: TimeInterval, raising error: Failure, on scheduler: any DateScheduler) -> SignalProducer<Value, Failure> {
        lift(signal: { $0.timeout(after: interval, raising: error, on: scheduler) })
    }
}
