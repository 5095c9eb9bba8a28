/// How a stream of producers is flattened into one stream of values.
public enum FlattenStrategy: Sendable {
    /// Start every inner producer as it arrives and forward all their values, interleaved.
    case merge
    /// Start inner producers one after another: the next starts when the previous completes.
    case concat
    /// Switch to the latest: a new inner producer disposes (interrupts) the running one
    /// (ReactiveCocoa's `switchToLatest`).
    case latest
}

/// The bookkeeping of one started ``SignalProducer/flatten(_:)``.
struct FlattenState<Inner, Failure: Error> {
    var outerCompleted = false
    var ended = false
    var nextID = 0
    var running: [Int: SerialDisposable] = [:]
    var waiting: [SignalProducer<Inner, Failure>] = []
}

extension SignalProducer {
    /// What the flattening state machine receives: an event of the outer stream or of an inner one.
    @usableFromInline
    enum FlattenInput<Inner, InnerFailure: Error> {
        case outer(Event<SignalProducer<Inner, InnerFailure>, InnerFailure>)
        case inner(id: Int, Event<Inner, InnerFailure>)
    }
}

extension SignalProducer where Failure: Error {
    /// Flattens a producer of producers with `strategy`.
    ///
    /// Sends the inner producers' values. Fails as soon as the outer or any inner producer fails
    /// (disposing everything else). An inner interruption interrupts the result, except for inner
    /// producers that `.latest` itself interrupted. Completes when the outer producer and every
    /// inner producer it started have completed. Disposing the result disposes all of them.
    public func flatten<Inner>(_ strategy: FlattenStrategy) -> SignalProducer<Inner, Failure>
    where Value == SignalProducer<Inner, Failure> {
        let outerProducer = self
        return SignalProducer<Inner, Failure> { observer, lifetime in
            let send = observer.action
            typealias Input = SignalProducer<Inner, Failure>.FlattenInput<Inner, Failure>
            let state = Box(FlattenState<Inner, Failure>())
            let serializerBox = Box<Serializer<Input>?>(nil)

            @Sendable func startInner(_ producer: SignalProducer<Inner, Failure>) {
                let id = state.value.nextID
                state.value.nextID += 1
                let slot = SerialDisposable()
                state.value.running[id] = slot
                lifetime += slot
                let serializer = serializerBox.value!
                slot.inner = producer.start { event in serializer.send(.inner(id: id, event)) }
            }

            @Sendable func end(_ event: Event<Inner, Failure>) {
                state.value.ended = true
                send(event)
            }

            let serializer = Serializer<Input> { input in
                guard !state.value.ended else { return }
                switch input {
                case .outer(.value(let producer)):
                    switch strategy {
                    case .merge:
                        startInner(producer)
                    case .concat:
                        if state.value.running.isEmpty { startInner(producer) } else { state.value.waiting.append(producer) }
                    case .latest:
                        let previous = state.value.running.values
                        state.value.running.removeAll()
                        previous.forEach { $0.dispose() }
                        startInner(producer)
                    }
                case .outer(.failed(let error)):
                    end(.failed(error))
                case .outer(.interrupted):
                    end(.interrupted)
                case .outer(.completed):
                    state.value.outerCompleted = true
                    if state.value.running.isEmpty { end(.completed) }
                case .inner(let id, let event):
                    guard state.value.running[id] != nil else { return }
                    switch event {
                    case .value(let value):
                        send(.value(value))
                    case .failed(let error):
                        end(.failed(error))
                    case .interrupted:
                        end(.interrupted)
                    case .completed:
                        state.value.running[id] = nil
                        if strategy == .concat, !state.value.waiting.isEmpty {
                            startInner(state.value.waiting.removeFirst())
                        } else if state.value.outerCompleted, state.value.running.isEmpty {
                            end(.completed)
                        }
                    }
                }
            }
            serializerBox.value = serializer
            lifetime += outerProducer.start { event in serializer.send(.outer(event)) }
        }
    }

    /// Maps each value to a producer and flattens them with `strategy` (see ``flatten(_:)``).
    /// The inner producers fail the same way as this one; use `promoteError(_:)` on the side that
    /// cannot fail to line the failure types up.
    public func flatMap<Inner>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> SignalProducer<Inner, Failure>
    ) -> SignalProducer<Inner, Failure> {
        map(transform).flatten(strategy)
    }

    /// Switches to the latest inner producer (``flatten(_:)`` with `.latest`).
    public func switchToLatest<Inner>() -> SignalProducer<Inner, Failure> where Value == SignalProducer<Inner, Failure> {
        flatten(.latest)
    }
}

extension Signal {
    /// Maps each value to a producer and flattens them with `strategy` (see
    /// ``SignalProducer/flatten(_:)``); the producers run while the returned signal lives.
    public func flatMap<Inner>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> SignalProducer<Inner, Failure>
    ) -> Signal<Inner, Failure> {
        Signal<Inner, Failure>(SignalProducer(self).flatMap(strategy, transform))
    }

    /// Flattens a signal of producers with `strategy`.
    public func flatten<Inner>(_ strategy: FlattenStrategy) -> Signal<Inner, Failure> where Value == SignalProducer<Inner, Failure> {
        Signal<Inner, Failure>(SignalProducer(self).flatten(strategy))
    }
}
