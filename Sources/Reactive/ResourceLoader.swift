/// A value that is loaded by a producer and reloaded on demand (seed 001's "loadable resource"
/// view model), with switch-to-latest semantics: a new load cancels the one still running.
///
/// Outputs: ``value`` (the last successfully loaded value, kept while reloading), ``isLoading``
/// and ``error`` (set when a load fails). By default a failure keeps the last value and a new
/// load clears the error; ``Options`` choose seed 001's behaviour instead (a failure clears the
/// value, the error stays until the next success or failure). Each event of the loader (a
/// load starting, a value, a failure, the end of a load, a cancellation) changes the three
/// together: all three are stored first, then their observers are told, so an observer of one
/// output reads the others already current. ``changes`` sends the three at once, one ``State``
/// per event, for owners that apply them in one transaction (generated view models).
public final class ResourceLoader<Value, Failure: Error> {
    /// The three outputs after one event of the loader.
    public struct State {
        /// The last successfully loaded value.
        public var value: Value?
        /// Whether a load is running.
        public var isLoading: Bool
        /// The error of the last load, if it failed.
        public var error: Failure?
        /// Whether this event set or cleared ``error`` (a new failure is a change even when the
        /// error equals the previous one).
        public var errorChanged: Bool
    }

    /// What a failure does to the value, and when the error is cleared (``ResourceLoaderOptions``).
    public typealias Options = ResourceLoaderOptions

    /// The last successfully loaded value (`nil` before the first one).
    public let value: Property<Value?>
    /// Whether a load is running.
    public let isLoading: Property<Bool>
    /// The error of the last load, if it failed; cleared when a load starts (or, with
    /// ``Options/keepsErrorWhileLoading``, at the next success).
    public let error: Property<Failure?>
    /// The three outputs after each event, sent after they are all stored.
    public let changes: Signal<State, Never>

    private let load: @MainActor () -> SignalProducer<Value, Failure>
    private let options: Options
    private let outputs: Outputs
    private let current = SerialDisposable()

    /// The writable side of the outputs, shared with running loads (not with `self`).
    fileprivate final class Outputs {
        let value = MutableProperty<Value?>(nil)
        let isLoading = MutableProperty(false)
        let error = MutableProperty<Failure?>(nil)
        let generation = Locked(0)
        let changes: Signal<State, Never>.Observer

        init(changes: Signal<State, Never>.Observer) {
            self.changes = changes
        }

        /// What ``apply(value:isLoading:error:)`` takes to clear the error: nothing when there is none.
        var clearedError: Failure?? { error.value == nil ? nil : .some(nil) }

        func isCurrent(_ generation: Int) -> Bool {
            self.generation.withLock { $0 == generation }
        }

        /// One event: stores what changes, then notifies each output's observers and `changes`.
        func apply(value newValue: Value?? = nil, isLoading loading: Bool, error newError: Failure?? = nil) {
            if let newValue { value.stage(newValue) }
            let loadingChanged = isLoading.stage(loading)
            if let newError { error.stage(newError) }
            if newValue != nil { value.publish() }
            if loadingChanged { isLoading.publish() }
            if newError != nil { error.publish() }
            changes.send(value: State(value: value.value, isLoading: loading, error: error.value, errorChanged: newError != nil))
        }
    }

    /// A loader that calls `load` for every ``reload()``.
    public init(options: Options = Options(), load: @escaping @MainActor () -> SignalProducer<Value, Failure>) {
        self.load = load
        self.options = options
        let (changes, changesInput) = Signal<State, Never>.pipe()
        self.changes = changes
        let outputs = Outputs(changes: changesInput)
        self.outputs = outputs
        value = Property(outputs.value)
        isLoading = Property(outputs.isLoading)
        error = Property(outputs.error)
    }

    deinit {
        current.dispose()
        outputs.changes.sendCompleted()
    }

    /// Cancels the running load (its late events are ignored) and starts a new one.
    @MainActor
    public func reload() {
        let outputs = self.outputs
        let generation = outputs.generation.withLock { generation in
            generation += 1
            return generation
        }
        current.inner = nil
        let options = self.options
        outputs.apply(isLoading: true, error: options.keepsErrorWhileLoading ? nil : outputs.clearedError)
        // The load was started here, on the main actor. A producer can hand a value to another
        // thread only through operators that need `Value: Sendable` (observe(on:), delay, ...) or
        // a `Sendable` observer, so a value that is not `Sendable` reaches `outputs` on this thread.
        let carried = Unchecked(outputs)
        let disposable = load().start { event in
            let outputs = carried.value
            guard outputs.isCurrent(generation) else { return }
            // A kept error goes at the next success (with the default options it is nil already).
            switch event {
            case .value(let value):
                outputs.apply(value: .some(value), isLoading: true, error: outputs.clearedError)
            case .failed(let error):
                outputs.apply(value: options.clearsValueOnFailure ? .some(nil) : nil, isLoading: false, error: .some(error))
            case .completed:
                outputs.apply(isLoading: false, error: outputs.clearedError)
            case .interrupted:
                outputs.apply(isLoading: false)
            }
        }
        if outputs.isCurrent(generation) { current.inner = disposable }
    }

    /// Stops the running load; ``isLoading`` becomes `false`, ``value`` and ``error`` stay.
    public func cancel() {
        outputs.generation.withLock { $0 += 1 }
        current.inner = nil
        outputs.apply(isLoading: false)
    }
}

// A loader crosses isolation domains only when its value may (its outputs are properties).
extension ResourceLoader: Sendable where Value: Sendable {}

extension ResourceLoader.Outputs: Sendable where Value: Sendable {}

extension ResourceLoader.State: Sendable where Value: Sendable {}

/// What a failure does to a ``ResourceLoader``'s value, and when its error is cleared: not
/// generic, so that generated code names it whatever the loader's types are.
public struct ResourceLoaderOptions: Sendable, Equatable {
    /// Whether a failure clears ``ResourceLoader/value`` (default: it keeps the last loaded value).
    public var clearsValueOnFailure: Bool
    /// Whether ``ResourceLoader/error`` stays while a new load runs, until it succeeds (a value,
    /// or the end of a load) or fails (default: a load clears the error when it starts).
    public var keepsErrorWhileLoading: Bool

    /// Options; the defaults keep the value on failure and clear the error when a load starts.
    public init(clearsValueOnFailure: Bool = false, keepsErrorWhileLoading: Bool = false) {
        self.clearsValueOnFailure = clearsValueOnFailure
        self.keepsErrorWhileLoading = keepsErrorWhileLoading
    }
}
