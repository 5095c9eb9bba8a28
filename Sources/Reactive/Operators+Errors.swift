// Operators that handle failure: flatMapError, retry(upTo:). (mapError and promoteError live
// with the transforming operators.)

extension SignalProducer {
    /// Forwards the work's values; when it fails, starts `handler(error)` and forwards that
    /// producer instead (its values, and its completion or failure). Interruption is forwarded.
    public func flatMapError<NewFailure: Error>(
        _ handler: @escaping @Sendable (Failure) -> SignalProducer<Value, NewFailure>
    ) -> SignalProducer<Value, NewFailure> {
        SignalProducer<Value, NewFailure> { observer, lifetime in
            let send = observer.action
            let serial = SerialDisposable()
            lifetime += serial
            serial.inner = self.start { event in
                switch event {
                case .value(let value): send(.value(value))
                case .completed: send(.completed)
                case .interrupted: send(.interrupted)
                case .failed(let error):
                    guard !lifetime.hasEnded else { return }
                    serial.inner = handler(error).start(send)
                }
            }
        }
    }

    /// Replaces a failure with the values of `replacement` (RACSignal's `catchTo:`).
    public func `catch`(_ replacement: SignalProducer<Value, Never>) -> SignalProducer<Value, Never> {
        flatMapError { _ in replacement }
    }

    /// Starts the work again when it fails, at most `count` more times; forwards the values of
    /// every attempt and the failure of the last one.
    public func retry(upTo count: Int) -> SignalProducer<Value, Failure> {
        guard count > 0 else { return self }
        return flatMapError { _ in self.retry(upTo: count - 1) }
    }
}

extension Signal {
    /// Forwards values; when the signal fails, forwards `handler(error)` instead (see
    /// ``SignalProducer/flatMapError(_:)``).
    public func flatMapError<NewFailure: Error>(
        _ handler: @escaping @Sendable (Failure) -> SignalProducer<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        Signal<Value, NewFailure>(SignalProducer(self).flatMapError(handler))
    }
}
