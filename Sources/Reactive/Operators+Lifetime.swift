// Operators that end a stream early: take(until:), take(during:).

extension Signal {
    /// Forwards the source until `trigger` sends a value or completes; then completes (and stops
    /// observing the source). A trigger that is interrupted or never sends changes nothing.
    public func take(until trigger: Signal<(), Never>) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            lifetime += trigger.observe(observer.completedByTrigger)
            lifetime += self.observe(observer)
        }
    }

    /// Forwards the source while `lifetime` lasts; completes when it ends.
    public func take(during lifetime: Lifetime) -> Signal<Value, Failure> {
        Signal { observer, ownLifetime in
            ownLifetime += lifetime.observeEnded(observer.completion)
            ownLifetime += self.observe(observer)
        }
    }
}

extension SignalProducer {
    /// Forwards the work until `trigger` sends a value or completes; then completes and disposes
    /// the work. A trigger that ends before the work starts ends it at once.
    public func take(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, lifetime in
            lifetime += trigger.start(observer.completedByTrigger)
            guard !lifetime.hasEnded else { return }
            lifetime += self.start(observer)
        }
    }

    /// Forwards the work while `lifetime` lasts; completes and disposes it when `lifetime` ends.
    public func take(during lifetime: Lifetime) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, ownLifetime in
            ownLifetime += lifetime.observeEnded(observer.completion)
            guard !ownLifetime.hasEnded else { return }
            ownLifetime += self.start(observer)
        }
    }
}

extension Signal.Observer {
    /// What `take(until:)` gives its trigger: a value or completion of the trigger completes this
    /// observer; an interruption changes nothing.
    fileprivate var completedByTrigger: @Sendable (Event<(), Never>) -> Void {
        let send = action
        return { event in
            if case .interrupted = event { return }
            send(.completed)
        }
    }
}
