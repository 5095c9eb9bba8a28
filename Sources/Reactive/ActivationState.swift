/// Whether the screen a view model serves is on screen (RVMViewModel's `active`), and helpers
/// that start work only while it is.
///
/// Set ``isActive`` from the view (for example on appear and disappear); setting the value it
/// already has does nothing. It may be set from any thread: the changes are told in the order
/// they took effect (a set made while another thread is telling its change is told by that
/// thread, right after, as any send into a stream is; see docs/runtime.md).
public final class ActivationState: Sendable {
    /// Every value set, in the order the sets took effect. Its current value is ``isActive``; its
    /// one observer, which runs one set at a time, tells the changes.
    private let requests: SignalCore<Bool, Never>
    private let active: MutableProperty<Bool>

    /// Sends when ``isActive`` changes from `false` to `true`.
    public let didBecomeActive: Signal<Void, Never>
    /// Sends when ``isActive`` changes from `true` to `false`.
    public let didBecomeInactive: Signal<Void, Never>

    /// A new state, inactive unless `isActive` says otherwise.
    public init(isActive: Bool = false) {
        let active = MutableProperty(isActive)
        let (didBecomeActive, becameActive) = Signal<Void, Never>.pipe()
        let (didBecomeInactive, becameInactive) = Signal<Void, Never>.pipe()
        requests = SignalCore(hasHandle: true, current: isActive)
        self.active = active
        self.didBecomeActive = didBecomeActive
        self.didBecomeInactive = didBecomeInactive
        // The core delivers one set at a time, in order: `active` is written only here.
        _ = requests.add { event in
            guard case .value(let nowActive) = event, nowActive != active.value else { return }
            active.value = nowActive
            if nowActive { becameActive.send(value: ()) } else { becameInactive.send(value: ()) }
        }
    }

    /// Whether the view model is active. Setting a different value sends on ``didBecomeActive``
    /// or ``didBecomeInactive``; setting the same value again does nothing.
    public var isActive: Bool {
        get { requests.current! }
        set { requests.send(.value(newValue), storing: true) }
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
            let send = observer.action
            let running = SerialDisposable()
            lifetime += running
            lifetime += active.start { event in
                switch event {
                case .value(true):
                    running.inner = producer.start { inner in
                        switch inner {
                        case .value(let value): send(.value(value))
                        case .failed(let error): send(.failed(error))
                        case .completed, .interrupted: break
                        }
                    }
                case .value(false):
                    running.inner = nil
                case .completed, .interrupted:
                    running.inner = nil
                    send(.completed)
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
            let send = observer.action
            let held = Box<V?>(nil)
            let isActive = Box(false)
            let serializer = Serializer<Input> { input in
                switch input {
                case .left(.value(let value)):
                    if isActive.value { send(.value(value)) } else { held.value = value }
                case .left(let terminal):
                    send(terminal)
                case .right(let nowActive):
                    isActive.value = nowActive
                    if nowActive, let value = held.value {
                        held.value = nil
                        send(.value(value))
                    }
                }
            }
            lifetime += active.startWithValues { serializer.send(.right($0)) }
            lifetime += signal.observe { serializer.send(.left($0)) }
        }
    }
}
