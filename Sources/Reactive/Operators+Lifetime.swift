// Operators that end a stream early: take(until:), take(during:).

extension Signal {
    /// Forwards the source until `trigger` sends a value or completes; then completes (and stops
    /// observing the source). A trigger that is interrupted or never sends changes nothing.
    public func take(until trigger: Signal<(), Never>) -> Signal<Value, Failure> {
        Signal { observer, lifetime in
            let send = observer.action
            lifetime += trigger.observe { event in
                switch event {
                case .value, .completed: send(.completed)
                case .interrupted: break
                }
            }
            lifetime += self.observe(observer)
        }
    }

    /// Forwards the source while `lifetime` lasts; completes when it ends.
    public func take(during lifetime: Lifetime) -> Signal<Value, Failure> {
        Signal { observer, ownLifetime in
            let send = observer.action
            ownLifetime += lifetime.observeEnded { send(.completed) }
            ownLifetime += self.observe(observer)
        }
    }
}

extension SignalProducer {
    /// Forwards the work until `trigger` sends a value or completes; then completes and disposes
    /// the work. A trigger that ends before the work starts ends it at once.
    public func take(until trigger: SignalProducer<(), Never>) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, lifetime in
            let send = observer.action
            lifetime += trigger.start { event in
                switch event {
                case .value, .completed: send(.completed)
                case .interrupted: break
                }
            }
            guard !lifetime.hasEnded else { return }
            lifetime += self.start(observer)
        }
    }

    /// Forwards the work while `lifetime` lasts; completes and disposes it when `lifetime` ends.
    public func take(during lifetime: Lifetime) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, ownLifetime in
            let send = observer.action
            ownLifetime += lifetime.observeEnded { send(.completed) }
            guard !ownLifetime.hasEnded else { return }
            ownLifetime += self.start(observer)
        }
    }
}
