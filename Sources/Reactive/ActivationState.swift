/// Whether the screen a view model serves is on screen (RVMViewModel's `active`), and helpers
/// that start work only while it is.
///
/// Set ``isActive`` from the view (for example on appear and disappear); setting the value it
/// already has does nothing. Changes are meant to come from one thread at a time (the main actor).
public final class ActivationState: @unchecked Sendable {
    private let active: MutableProperty<Bool>
    private let flag: Locked<Bool>
    private let becameActive: Signal<Void, Never>.Observer
    private let becameInactive: Signal<Void, Never>.Observer

    /// Sends when ``isActive`` changes from `false` to `true`.
    public let didBecomeActive: Signal<Void, Never>
    /// Sends when ``isActive`` changes from `true` to `false`.
    public let didBecomeInactive: Signal<Void, Never>

    /// A new state, inactive unless `isActive` says otherwise.
    public init(isActive: Bool = false) {
        active = MutableProperty(isActive)
        flag = Locked(isActive)
        (didBecomeActive, becameActive) = Signal.pipe()
        (didBecomeInactive, becameInactive) = Signal.pipe()
    }

    /// Whether the view model is active. Setting a different value sends on ``didBecomeActive``
    /// or ``didBecomeInactive``; setting the same value again does nothing.
    public var isActive: Bool {
        get { flag.withLock { $0 } }
        set {
            let changed = flag.withLock { flag -> Bool in
                guard flag != newValue else { return false }
                flag = newValue
                return true
            }
            guard changed else { return }
            active.value = newValue
            if newValue { becameActive.send(value: ()) } else { becameInactive.send(value: ()) }
        }
    }

    /// ``isActive`` as a property: the current value, then every change.
    public var activity: Property<Bool> { Property(active) }

    /// A producer that starts `producer` each time the state becomes active (at once if it is
    /// active) and disposes it each time it becomes inactive. Forwards the values and the failure of
    /// `producer` (a failure ends the result); ignores its completion, so each activation can start
    /// it again. Completes when the activation state is deinitialized.
    public func forwardWhileActive<V, E>(_ producer: SignalProducer<V, E>) -> SignalProducer<V, E> {
        let active = self.active.producer.skipRepeats()
        return SignalProducer { observer, lifetime in
            let running = SerialDisposable()
            lifetime += running
            lifetime += active.start { event in
                switch event {
                case .value(true):
                    running.inner = producer.start { inner in
                        switch inner {
                        case .value(let value): observer.send(value: value)
                        case .failed(let error): observer.send(error: error)
                        case .completed, .interrupted: break
                        }
                    }
                case .value(false):
                    running.inner = nil
                case .completed, .interrupted:
                    running.inner = nil
                    observer.sendCompleted()
                }
            }
        }
    }

    /// A signal that forwards `signal`'s values at once while active; while inactive it holds
    /// only the latest value and sends it when the state becomes active again. Terminal events are
    /// forwarded at once (a held value is dropped then).
    ///
    /// RVMViewModel throttled by one second while inactive; holding the latest value until the
    /// screen is back is what a view needs and does not need a clock.
    public func throttleWhileInactive<V, E>(_ signal: Signal<V, E>) -> Signal<V, E> {
        typealias Input = Either<Event<V, E>, Bool>
        let active = self.active.producer
        return Signal { observer, lifetime in
            let held = Box<V?>(nil)
            let isActive = Box(false)
            let serializer = Serializer<Input> { input in
                switch input {
                case .left(.value(let value)):
                    if isActive.value { observer.send(value: value) } else { held.value = value }
                case .left(let terminal):
                    observer.send(terminal)
                case .right(let nowActive):
                    isActive.value = nowActive
                    if nowActive, let value = held.value {
                        held.value = nil
                        observer.send(value: value)
                    }
                }
            }
            lifetime += active.startWithValues { serializer.send(.right($0)) }
            lifetime += signal.observe { serializer.send(.left($0)) }
        }
    }
}
