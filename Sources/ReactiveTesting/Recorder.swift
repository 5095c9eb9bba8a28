import Reactive

/// Records every event of a ``Signal``, started ``SignalProducer`` or property, for assertions.
///
/// ```swift
/// let recorder = Recorder(producer)      // starts the producer
/// #expect(recorder.values == [1, 2])
/// #expect(recorder.isCompleted)
/// ```
/// Thread-safe: events may arrive on any thread while the test reads. `Sendable` when the values
/// are, like the streams it records.
public final class Recorder<Value, Failure: Error> {
    private let recorded = Locked<[Event<Value, Failure>]>([])
    private let observation = SerialDisposable()

    /// A recorder that observes nothing yet; send events into ``observer``.
    public init() {}

    /// Records the events `signal` sends from now on.
    public convenience init(_ signal: Signal<Value, Failure>) {
        self.init()
        observation.inner = signal.observe(observer)
    }

    /// Starts `producer` and records its events; ``dispose()`` interrupts it.
    public convenience init(_ producer: SignalProducer<Value, Failure>) {
        self.init()
        observation.inner = producer.start(observer)
    }

    /// An observer that records into this recorder.
    public var observer: Signal<Value, Failure>.Observer {
        let recorded = self.recorded
        return Signal<Value, Failure>.Observer { event in
            let event = Unchecked(event)
            recorded.withLock { $0.append(event.value) }
        }
    }

    /// Stops observing (interrupting a recorded producer).
    public func dispose() { observation.dispose() }

    /// Every event so far, in order.
    public var events: [Event<Value, Failure>] { recorded.withLock { $0 } }
    /// The values so far, in order.
    public var values: [Value] { events.compactMap(\.value) }
    /// The error of a `failed` event, if one came.
    public var error: Failure? { events.lazy.compactMap(\.error).first }
    /// Whether a `completed` event came.
    public var isCompleted: Bool { events.contains { if case .completed = $0 { true } else { false } } }
    /// Whether an `interrupted` event came.
    public var isInterrupted: Bool { events.contains { if case .interrupted = $0 { true } else { false } } }
    /// Whether a `failed` event came.
    public var isFailed: Bool { error != nil }
    /// Whether any terminal event came.
    public var isTerminated: Bool { events.contains(where: \.isTerminating) }
    /// The number of events so far.
    public var count: Int { recorded.withLock { $0.count } }
}

extension Recorder where Failure == Never {
    /// Records the current value of `property` and every change.
    public convenience init(_ property: Property<Value>) {
        self.init(property.producer)
    }

    /// Records the current value of `property` and every change.
    public convenience init(_ property: MutableProperty<Value>) {
        self.init(property.producer)
    }
}

/// Lets a recorder carry a non-sendable event into its lock.
struct Unchecked<Wrapped>: @unchecked Sendable {
    var value: Wrapped
    init(_ value: Wrapped) { self.value = value }
}

extension Recorder: Sendable where Value: Sendable {}
