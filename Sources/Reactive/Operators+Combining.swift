// Operators that join several streams into one: combineLatest, zip, merge, concat.

extension SignalProducer {
    /// Sends an array of the latest value of every producer whenever any sends, once all have sent
    /// at least one value. Completes when all complete; fails when any fails (disposing the rest);
    /// interrupted when any is interrupted. Sends `[]` and completes at once for no producers.
    public static func combineLatest<Element>(_ producers: [SignalProducer<Element, Failure>]) -> SignalProducer<[Element], Failure>
    where Value == [Element] {
        if producers.isEmpty { return .emptyArray() }
        return joining(producers) { state, index, value, send in
            state.latest[index] = value
            if state.latest.allSatisfy({ $0 != nil }) {
                send(.value(state.latest.map { $0! }))
            }
        } isFinished: { state in
            state.completed.allSatisfy { $0 }
        }
    }

    /// Sends arrays of the n-th value of every producer, once each has sent its n-th value.
    /// Completes when a producer has completed and all of its values were paired; fails when any fails.
    public static func zip<Element>(_ producers: [SignalProducer<Element, Failure>]) -> SignalProducer<[Element], Failure>
    where Value == [Element] {
        if producers.isEmpty { return .emptyArray() }
        return joining(producers) { state, index, value, send in
            state.buffers[index].append(value)
            if state.buffers.allSatisfy({ !$0.isEmpty }) {
                send(.value(state.buffers.indices.map { state.buffers[$0].removeFirst() }))
            }
        } isFinished: { state in
            state.buffers.indices.contains { state.completed[$0] && state.buffers[$0].isEmpty }
        }
    }

    /// Sends every value of every producer as it arrives. Completes when all complete; fails when
    /// any fails (disposing the rest); interrupted when any is interrupted.
    public static func merge(_ producers: [SignalProducer<Value, Failure>]) -> SignalProducer<Value, Failure> {
        if producers.isEmpty { return .empty }
        return SignalProducer<[Value], Failure>.joining(producers) { _, _, value, send in
            send(.value([value]))
        } isFinished: { state in
            state.completed.allSatisfy { $0 }
        }
        .compactMap { $0.first }
    }

    /// Sends every value of every producer as it arrives (see ``merge(_:)-([SignalProducer])``).
    public static func merge(_ producers: SignalProducer<Value, Failure>...) -> SignalProducer<Value, Failure> {
        merge(producers)
    }

    /// The latest values of `a` and `b` as a pair, whenever either sends (once both have sent).
    ///
    /// Its own state (the two latest values, which side completed) rather than the array form's:
    /// a value costs no allocation, and the function is specialized where it is called.
    @inlinable
    public static func combineLatest<A, B>(
        _ a: SignalProducer<A, Failure>, _ b: SignalProducer<B, Failure>
    ) -> SignalProducer<(A, B), Failure> where Value == (A, B) {
        SignalProducer { observer, lifetime in
            let state = Box(PairState<A, B>())
            let send = observer.action
            let serializer = Serializer<Either<Event<A, Failure>, Event<B, Failure>>> { input in
                state.value.receive(input, send)
            }
            lifetime += a.start { event in serializer.send(.left(event)) }
            if lifetime.hasEnded { return }
            lifetime += b.start { event in serializer.send(.right(event)) }
        }
    }

    /// The latest values of `a`, `b` and `c`, whenever any sends (once all have sent).
    public static func combineLatest<A, B, C>(
        _ a: SignalProducer<A, Failure>, _ b: SignalProducer<B, Failure>, _ c: SignalProducer<C, Failure>
    ) -> SignalProducer<(A, B, C), Failure> where Value == (A, B, C) {
        SignalProducer<(A, (B, C)), Failure>.combineLatest(a, .combineLatest(b, c)).map { ($0.0, $0.1.0, $0.1.1) }
    }

    /// The n-th values of `a` and `b` as a pair.
    public static func zip<A, B>(
        _ a: SignalProducer<A, Failure>, _ b: SignalProducer<B, Failure>
    ) -> SignalProducer<(A, B), Failure> where Value == (A, B) {
        SignalProducer<[Either<A, B>], Failure>.zip(eitherPair(a, b)).map(unpair)
    }

    /// The latest values of this producer and `other`, whenever either sends (once both have sent).
    public func combineLatest<Other>(with other: SignalProducer<Other, Failure>) -> SignalProducer<(Value, Other), Failure> {
        .combineLatest(self, other)
    }

    /// The n-th values of this producer and `other` as pairs.
    public func zip<Other>(with other: SignalProducer<Other, Failure>) -> SignalProducer<(Value, Other), Failure> {
        .zip(self, other)
    }

    /// Sends the values of this producer and of `other` as they arrive.
    public func merge(with other: SignalProducer<Value, Failure>) -> SignalProducer<Value, Failure> {
        .merge([self, other])
    }

    /// Sends everything this producer sends, then, once it completes, starts `next` and sends
    /// everything it sends. Fails or is interrupted as soon as either does.
    public func concat(_ next: SignalProducer<Value, Failure>) -> SignalProducer<Value, Failure> {
        SignalProducer<SignalProducer<Value, Failure>, Failure>(values: [self, next]).flatten(.concat)
    }

    /// Sends everything this producer sends, then `value`, then completes.
    public func concat(value: Value) -> SignalProducer<Value, Failure> where Value: Sendable {
        concat(SignalProducer(value: value))
    }

    /// A producer that sends an empty array (made anew by each start) and completes.
    static func emptyArray<Element>() -> SignalProducer<[Element], Failure> where Value == [Element] {
        SignalProducer { observer, _ in
            observer.send(value: [])
            observer.sendCompleted()
        }
    }

    /// Bookkeeping shared by combineLatest, zip and merge.
    @usableFromInline
    struct JoinState<Element> {
        @usableFromInline var latest: [Element?]
        @usableFromInline var buffers: [[Element]]
        @usableFromInline var completed: [Bool]
        @usableFromInline var ended = false
    }

    /// Starts every producer; its events run one at a time through `onValue` (for values) and the
    /// shared terminal rules: the first failure or interruption ends the result, and the result
    /// completes once `isFinished` says so after a source completed (or a value was sent).
    static func joining<Element>(
        _ producers: [SignalProducer<Element, Failure>],
        onValue: @escaping @Sendable (inout JoinState<Element>, Int, Element, Observer.Action) -> Void,
        isFinished: @escaping @Sendable (JoinState<Element>) -> Bool
    ) -> SignalProducer<Value, Failure> {
        SignalProducer { observer, lifetime in
            let send = observer.action
            let state = Box(JoinState<Element>(
                latest: Array(repeating: nil, count: producers.count),
                buffers: Array(repeating: [], count: producers.count),
                completed: Array(repeating: false, count: producers.count)))
            let serializer = Serializer<(Int, Event<Element, Failure>)> { index, event in
                guard !state.value.ended else { return }
                switch event {
                case .value(let value):
                    onValue(&state.value, index, value, send)
                case .failed(let error):
                    state.value.ended = true
                    send(.failed(error))
                    return
                case .interrupted:
                    state.value.ended = true
                    send(.interrupted)
                    return
                case .completed:
                    state.value.completed[index] = true
                }
                if isFinished(state.value) {
                    state.value.ended = true
                    send(.completed)
                }
            }
            for (index, producer) in producers.enumerated() {
                if lifetime.hasEnded { return }
                lifetime += producer.start { event in serializer.send((index, event)) }
            }
        }
    }
}

/// The state of a two-way ``SignalProducer/combineLatest(_:_:)``, changed by one event at a time.
@usableFromInline
struct PairState<A, B> {
    @usableFromInline var a: A?
    @usableFromInline var b: B?
    @usableFromInline var aCompleted = false
    @usableFromInline var bCompleted = false
    @usableFromInline var ended = false

    @inlinable
    init() {}

    /// Takes one event of either side and sends what the pair sends for it.
    @inlinable
    mutating func receive<Failure: Error>(
        _ input: Either<Event<A, Failure>, Event<B, Failure>>,
        _ send: (Event<(A, B), Failure>) -> Void
    ) {
        guard !ended else { return }
        let terminal: Event<(A, B), Failure>?
        switch input {
        case .left(.value(let value)):
            a = value
            if let b { send(.value((value, b))) }
            return
        case .right(.value(let value)):
            b = value
            if let a { send(.value((a, value))) }
            return
        case .left(.completed):
            aCompleted = true
            terminal = bCompleted ? .completed : nil
        case .right(.completed):
            bCompleted = true
            terminal = aCompleted ? .completed : nil
        case .left(.failed(let error)), .right(.failed(let error)):
            terminal = .failed(error)
        case .left(.interrupted), .right(.interrupted):
            terminal = .interrupted
        }
        if let terminal {
            ended = true
            send(terminal)
        }
    }
}

@usableFromInline
func eitherPair<A, B, E>(
    _ a: SignalProducer<A, E>, _ b: SignalProducer<B, E>
) -> [SignalProducer<Either<A, B>, E>] {
    [a.map { .left($0) }, b.map { .right($0) }]
}

@usableFromInline
func unpair<A, B>(_ pair: [Either<A, B>]) -> (A, B) {
    guard case .left(let a) = pair[0], case .right(let b) = pair[1] else {
        preconditionFailure("combineLatest/zip pairs are built left, right")
    }
    return (a, b)
}

extension Signal {
    /// The latest values of `a` and `b` as a pair, whenever either sends (once both have sent).
    /// Completes when both complete; fails or is interrupted when either does.
    public static func combineLatest<A, B>(_ a: Signal<A, Failure>, _ b: Signal<B, Failure>) -> Signal<(A, B), Failure>
    where Value == (A, B) {
        Signal(SignalProducer.combineLatest(SignalProducer(a), SignalProducer(b)))
    }

    /// The n-th values of `a` and `b` as pairs.
    public static func zip<A, B>(_ a: Signal<A, Failure>, _ b: Signal<B, Failure>) -> Signal<(A, B), Failure>
    where Value == (A, B) {
        Signal(SignalProducer.zip(SignalProducer(a), SignalProducer(b)))
    }

    /// Sends the values of all `signals` as they arrive; completes when all complete, fails or is
    /// interrupted when any does.
    public static func merge(_ signals: [Signal<Value, Failure>]) -> Signal<Value, Failure> {
        Signal(SignalProducer.merge(signals.map(SignalProducer.init)))
    }

    /// Sends the values of all `signals` as they arrive.
    public static func merge(_ signals: Signal<Value, Failure>...) -> Signal<Value, Failure> {
        merge(signals)
    }

    /// The latest values of this signal and `other`, whenever either sends (once both have sent).
    public func combineLatest<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        .combineLatest(self, other)
    }

    /// The n-th values of this signal and `other` as pairs.
    public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        .zip(self, other)
    }

    /// Sends the values of this signal and `other` as they arrive.
    public func merge(with other: Signal<Value, Failure>) -> Signal<Value, Failure> {
        .merge([self, other])
    }

    /// A signal that starts `producer` now and forwards its events; disposing it interrupts the
    /// producer (when the signal ends, or when nobody references or observes it any more).
    public convenience init(_ producer: SignalProducer<Value, Failure>) {
        self.init { observer, lifetime in
            lifetime += producer.start(observer)
        }
    }
}
