/// Observer transforms shared by the ``Signal`` and ``SignalProducer`` operators: each takes the
/// downstream observer and returns the observer to put upstream. Stateful transforms create their
/// state when applied, so every observation or start gets its own.
@usableFromInline
enum Transform {
    @usableFromInline typealias Of<V, E: Error, U, F: Error> = @Sendable (Signal<U, F>.Observer) -> Signal<V, E>.Observer

    @inlinable
    static func map<V, U, E>(_ transform: @escaping @Sendable (V) -> U) -> Of<V, E, U, E> {
        { downstream in
            let send = downstream.action
            return Signal<V, E>.Observer { event in send(event.map(transform)) }
        }
    }

    @inlinable
    static func filter<V, E>(_ isIncluded: @escaping @Sendable (V) -> Bool) -> Of<V, E, V, E> {
        { downstream in
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                if case .value(let value) = event, !isIncluded(value) { return }
                send(event)
            }
        }
    }

    @inlinable
    static func compactMap<V, U, E>(_ transform: @escaping @Sendable (V) -> U?) -> Of<V, E, U, E> {
        { downstream in
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                if let value = event.value(orSendingTerminalTo: send), let mapped = transform(value) { send(.value(mapped)) }
            }
        }
    }

    static func mapError<V, E, F>(_ transform: @escaping @Sendable (E) -> F) -> Of<V, E, V, F> {
        { downstream in
            let send = downstream.action
            return Signal<V, E>.Observer { event in send(event.mapError(transform)) }
        }
    }

    static func materialize<V, E>() -> Of<V, E, Event<V, E>, Never> {
        { downstream in
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                send(.value(event))
                if event.isTerminating { send(.completed) }
            }
        }
    }

    static func dematerialize<V, E>() -> Of<Event<V, E>, Never, V, E> {
        { downstream in
            let send = downstream.action
            return Signal<Event<V, E>, Never>.Observer { event in
                switch event {
                case .value(let inner): send(inner)
                case .failed: break
                case .completed: send(.completed)
                case .interrupted: send(.interrupted)
                }
            }
        }
    }

    static func scan<V, E, State: Sendable>(
        _ initial: State, _ next: @escaping @Sendable (State, V) -> State
    ) -> Of<V, E, State, E> {
        { downstream in
            let send = downstream.action
            let state = Box(initial)
            return Signal<V, E>.Observer { event in
                guard let value = event.value(orSendingTerminalTo: send) else { return }
                state.value = next(state.value, value)
                send(.value(state.value))
            }
        }
    }

    static func reduce<V, E, State: Sendable>(
        _ initial: State, _ next: @escaping @Sendable (State, V) -> State
    ) -> Of<V, E, State, E> {
        { downstream in
            let send = downstream.action
            let state = Box(initial)
            return Signal<V, E>.Observer { event in
                if case .completed = event { send(.value(state.value)) }
                if let value = event.value(orSendingTerminalTo: send) { state.value = next(state.value, value) }
            }
        }
    }

    static func skipRepeats<V, E>(_ isEquivalent: @escaping @Sendable (V, V) -> Bool) -> Of<V, E, V, E> {
        { downstream in
            let send = downstream.action
            let last = Box<V?>(nil)
            return Signal<V, E>.Observer { event in
                if case .value(let value) = event {
                    if let previous = last.value, isEquivalent(previous, value) { return }
                    last.value = value
                }
                send(event)
            }
        }
    }

    static func take<V, E>(first count: Int) -> Of<V, E, V, E> {
        { downstream in
            let send = downstream.action
            let remaining = Box(count)
            return Signal<V, E>.Observer { event in
                if case .value = event {
                    guard remaining.value > 0 else { return }
                    remaining.value -= 1
                    send(event)
                    if remaining.value == 0 { send(.completed) }
                } else {
                    send(event)
                }
            }
        }
    }

    static func skip<V, E>(first count: Int) -> Of<V, E, V, E> {
        { downstream in
            let send = downstream.action
            let remaining = Box(count)
            return Signal<V, E>.Observer { event in
                if case .value = event, remaining.value > 0 {
                    remaining.value -= 1
                    return
                }
                send(event)
            }
        }
    }

    static func collect<V, E>(count: Int?) -> Of<V, E, [V], E> {
        { downstream in
            let send = downstream.action
            let buffer = Box<[V]>([])
            return Signal<V, E>.Observer { event in
                if case .completed = event, count == nil || !buffer.value.isEmpty { send(.value(buffer.value)) }
                guard let value = event.value(orSendingTerminalTo: send) else { return }
                buffer.value.append(value)
                if let count, buffer.value.count == count {
                    send(.value(buffer.value))
                    buffer.value.removeAll()
                }
            }
        }
    }

    static func on<V, E>(_ action: @escaping @Sendable (Event<V, E>) -> Void) -> Of<V, E, V, E> {
        { downstream in
            let send = downstream.action
            return Signal<V, E>.Observer { event in
                action(event)
                send(event)
            }
        }
    }
}

// MARK: - Signal

extension Signal {
    /// Sends `transform` of each value; fails, completes and is interrupted with the source.
    @inlinable
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Signal<NewValue, Failure> {
        liftStateless(Transform.map(transform))
    }

    /// Sends the values for which `isIncluded` is true; terminates with the source.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure> {
        liftStateless(Transform.filter(isIncluded))
    }

    /// Sends the non-`nil` results of `transform`; terminates with the source.
    @inlinable
    public func compactMap<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue?) -> Signal<NewValue, Failure> {
        liftStateless(Transform.compactMap(transform))
    }

    /// Sends the same values; fails with `transform` of the source's error.
    public func mapError<NewFailure: Error>(_ transform: @escaping @Sendable (Failure) -> NewFailure) -> Signal<Value, NewFailure> {
        liftStateless(Transform.mapError(transform))
    }

    /// Sends every event of the source as a value, then completes after the source's terminal event.
    public func materialize() -> Signal<Event<Value, Failure>, Never> {
        liftStateless(Transform.materialize())
    }

    /// Sends the accumulated state after each value (`next(state, value)`); terminates with the source.
    /// Every observation starts from `initial`, on whichever thread, hence `Sendable`.
    public func scan<State: Sendable>(_ initial: State, _ next: @escaping @Sendable (State, Value) -> State) -> Signal<State, Failure> {
        lift(Transform.scan(initial, next))
    }

    /// Sends the final accumulated state when the source completes, then completes; fails and is
    /// interrupted with the source (without sending the state).
    public func reduce<State: Sendable>(_ initial: State, _ next: @escaping @Sendable (State, Value) -> State) -> Signal<State, Failure> {
        lift(Transform.reduce(initial, next))
    }

    /// Drops values that `isEquivalent` to the previous value sent; terminates with the source.
    public func skipRepeats(_ isEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> Signal<Value, Failure> {
        lift(Transform.skipRepeats(isEquivalent))
    }

    /// Sends the first `count` values, then completes (and stops observing the source).
    /// Completes at once when `count` is zero or less.
    public func take(first count: Int) -> Signal<Value, Failure> {
        if count <= 0 { return Signal { observer, _ in observer.sendCompleted() } }
        return lift(Transform.take(first: count))
    }

    /// Drops the first `count` values, then forwards everything.
    public func skip(first count: Int) -> Signal<Value, Failure> {
        lift(Transform.skip(first: count))
    }

    /// Sends all values as one array when the source completes (an empty array when it sent none);
    /// fails and is interrupted with the source.
    public func collect() -> Signal<[Value], Failure> {
        lift(Transform.collect(count: nil))
    }

    /// Sends arrays of `count` values as they fill up, and the remainder (if any) when the source
    /// completes.
    public func collect(count: Int) -> Signal<[Value], Failure> {
        precondition(count > 0, "collect(count:) needs a positive count")
        return lift(Transform.collect(count: count))
    }

    /// Calls `action` with every event before forwarding it (for side effects such as logging).
    public func on(event action: @escaping @Sendable (Event<Value, Failure>) -> Void) -> Signal<Value, Failure> {
        lift(Transform.on(action))
    }

    /// Prints every event with `identifier` (through `log`, `print` by default) and forwards it.
    public func logEvents(
        identifier: String = "Signal", log: @escaping @Sendable (String) -> Void = { print($0) }
    ) -> Signal<Value, Failure> {
        on { event in log("[\(identifier)] \(event)") }
    }

    /// Sends no values; completes, fails and is interrupted with the source.
    public func ignoreValues() -> Signal<Never, Failure> {
        liftStateless(Transform.compactMap { _ in nil })
    }
}

extension Signal where Value: Equatable {
    /// Drops values equal to the previous value sent.
    public func skipRepeats() -> Signal<Value, Failure> { skipRepeats(equality(Value.self)) }
}

extension Signal where Value == Bool {
    /// Sends the opposite of each value.
    public func negate() -> Signal<Bool, Failure> { map { !$0 } }
}

extension Signal where Failure == Never {
    /// The same signal, typed as one that may fail with `NewFailure` (it never does).
    public func promoteError<NewFailure: Error>(_: NewFailure.Type = NewFailure.self) -> Signal<Value, NewFailure> {
        liftStateless(Transform.mapError { never -> NewFailure in })
    }
}

extension Signal where Failure == Never {
    /// Turns values that are events back into events: a `value` event is forwarded, a terminal
    /// one ends the stream.
    public func dematerialize<V, E>() -> Signal<V, E> where Value == Event<V, E> {
        liftStateless(Transform.dematerialize())
    }
}

// MARK: - SignalProducer

extension SignalProducer {
    /// Sends `transform` of each value; fails, completes and is interrupted with the source.
    @inlinable
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> SignalProducer<NewValue, Failure> {
        liftStateless(Transform.map(transform))
    }

    /// Sends `value` for each value of the source (every start sends this one value, hence `Sendable`).
    public func map<NewValue: Sendable>(value: NewValue) -> SignalProducer<NewValue, Failure> {
        map { _ in value }
    }

    /// Sends the values for which `isIncluded` is true; terminates with the source.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> SignalProducer<Value, Failure> {
        liftStateless(Transform.filter(isIncluded))
    }

    /// Sends the non-`nil` results of `transform`; terminates with the source.
    @inlinable
    public func compactMap<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue?) -> SignalProducer<NewValue, Failure> {
        liftStateless(Transform.compactMap(transform))
    }

    /// Sends the same values; fails with `transform` of the source's error.
    public func mapError<NewFailure: Error>(_ transform: @escaping @Sendable (Failure) -> NewFailure) -> SignalProducer<Value, NewFailure> {
        liftStateless(Transform.mapError(transform))
    }

    /// Sends every event of the source as a value, then completes after the source's terminal event.
    public func materialize() -> SignalProducer<Event<Value, Failure>, Never> {
        liftStateless(Transform.materialize())
    }

    /// Sends the accumulated state after each value; terminates with the source. Every start
    /// begins from `initial`, on whichever thread, hence `Sendable`.
    public func scan<State: Sendable>(_ initial: State, _ next: @escaping @Sendable (State, Value) -> State) -> SignalProducer<State, Failure> {
        lift(Transform.scan(initial, next))
    }

    /// Sends the final accumulated state when the source completes, then completes.
    public func reduce<State: Sendable>(_ initial: State, _ next: @escaping @Sendable (State, Value) -> State) -> SignalProducer<State, Failure> {
        lift(Transform.reduce(initial, next))
    }

    /// Drops values that `isEquivalent` to the previous value sent; terminates with the source.
    public func skipRepeats(_ isEquivalent: @escaping @Sendable (Value, Value) -> Bool) -> SignalProducer<Value, Failure> {
        lift(Transform.skipRepeats(isEquivalent))
    }

    /// Sends the first `count` values, then completes and disposes the source.
    /// Completes at once, without starting the source, when `count` is zero or less.
    public func take(first count: Int) -> SignalProducer<Value, Failure> {
        if count <= 0 { return .empty }
        return lift(Transform.take(first: count))
    }

    /// Drops the first `count` values, then forwards everything.
    public func skip(first count: Int) -> SignalProducer<Value, Failure> {
        lift(Transform.skip(first: count))
    }

    /// Sends all values as one array when the source completes; fails and is interrupted with it.
    public func collect() -> SignalProducer<[Value], Failure> {
        lift(Transform.collect(count: nil))
    }

    /// Sends arrays of `count` values as they fill up, and the remainder when the source completes.
    public func collect(count: Int) -> SignalProducer<[Value], Failure> {
        precondition(count > 0, "collect(count:) needs a positive count")
        return lift(Transform.collect(count: count))
    }

    /// Sends `value` first, then everything the source sends (the source starts right after).
    public func prefix(value: Value) -> SignalProducer<Value, Failure> where Value: Sendable {
        SignalProducer(value: value).concat(self)
    }

    /// Calls `action` with every event before forwarding it (for side effects such as logging).
    public func on(event action: @escaping @Sendable (Event<Value, Failure>) -> Void) -> SignalProducer<Value, Failure> {
        lift(Transform.on(action))
    }

    /// Calls the given actions when the producer starts and for each kind of event, then forwards.
    public func on(
        starting: (@Sendable () -> Void)? = nil,
        value: (@Sendable (Value) -> Void)? = nil,
        failed: (@Sendable (Failure) -> Void)? = nil,
        completed: (@Sendable () -> Void)? = nil,
        interrupted: (@Sendable () -> Void)? = nil,
        terminated: (@Sendable () -> Void)? = nil
    ) -> SignalProducer<Value, Failure> {
        let source = on { event in
            switch event {
            case .value(let v): value?(v)
            case .failed(let error): failed?(error)
            case .completed: completed?()
            case .interrupted: interrupted?()
            }
            if event.isTerminating { terminated?() }
        }
        guard let starting else { return source }
        return SignalProducer { observer, lifetime in
            starting()
            source.startHandler(observer, lifetime)
        }
    }

    /// Prints every event (and the start) with `identifier` through `log` and forwards it.
    public func logEvents(
        identifier: String = "SignalProducer", log: @escaping @Sendable (String) -> Void = { print($0) }
    ) -> SignalProducer<Value, Failure> {
        on(starting: { log("[\(identifier)] starting") }).on(event: { event in log("[\(identifier)] \(event)") })
    }

    /// Sends no values; completes, fails and is interrupted with the source.
    public func ignoreValues() -> SignalProducer<Never, Failure> {
        liftStateless(Transform.compactMap { _ in nil })
    }
}

extension SignalProducer where Value: Equatable {
    /// Drops values equal to the previous value sent.
    public func skipRepeats() -> SignalProducer<Value, Failure> { skipRepeats(equality(Value.self)) }
}

extension SignalProducer where Value == Bool {
    /// Sends the opposite of each value.
    public func negate() -> SignalProducer<Bool, Failure> { map { !$0 } }
}

extension SignalProducer where Failure == Never {
    /// The same producer, typed as one that may fail with `NewFailure` (it never does).
    public func promoteError<NewFailure: Error>(_: NewFailure.Type = NewFailure.self) -> SignalProducer<Value, NewFailure> {
        liftStateless(Transform.mapError { never -> NewFailure in })
    }

    /// Turns values that are events back into events.
    public func dematerialize<V, E>() -> SignalProducer<V, E> where Value == Event<V, E> {
        liftStateless(Transform.dematerialize())
    }
}
