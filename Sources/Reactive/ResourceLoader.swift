/// A value that is loaded by a producer and reloaded on demand (seed 001's "loadable resource"
/// view model), with switch-to-latest semantics: a new load cancels the one still running.
///
/// Outputs: ``value`` (the last successfully loaded value, kept while reloading), ``isLoading``
/// and ``error`` (cleared when a load starts, set when it fails). When a load fails, `isLoading`
/// becomes `false` and then `error` is set. When it succeeds, `value` is set as each value arrives
/// and `isLoading` becomes `false` when the load completes.
public final class ResourceLoader<Value, Failure: Error>: @unchecked Sendable {
    /// The last successfully loaded value (`nil` before the first one).
    public let value: Property<Value?>
    /// Whether a load is running.
    public let isLoading: Property<Bool>
    /// The error of the last load, if it failed; cleared when a load starts.
    public let error: Property<Failure?>

    private let load: @MainActor () -> SignalProducer<Value, Failure>
    private let outputs: Outputs
    private let current = SerialDisposable()

    /// The writable side of the outputs, shared with running loads (not with `self`).
    private final class Outputs: Sendable {
        let value = MutableProperty<Value?>(nil)
        let isLoading = MutableProperty(false)
        let error = MutableProperty<Failure?>(nil)
        let generation = Locked(0)

        func isCurrent(_ generation: Int) -> Bool {
            self.generation.withLock { $0 == generation }
        }
    }

    /// A loader that calls `load` for every ``reload()``.
    public init(load: @escaping @MainActor () -> SignalProducer<Value, Failure>) {
        self.load = load
        let outputs = Outputs()
        self.outputs = outputs
        value = Property(outputs.value)
        isLoading = Property(outputs.isLoading)
        error = Property(outputs.error)
    }

    deinit { current.dispose() }

    /// Cancels the running load (its late events are ignored) and starts a new one.
    @MainActor
    public func reload() {
        let outputs = self.outputs
        let generation = outputs.generation.withLock { generation in
            generation += 1
            return generation
        }
        current.inner = nil
        outputs.error.value = nil
        outputs.isLoading.value = true
        let disposable = load().start { event in
            guard outputs.isCurrent(generation) else { return }
            switch event {
            case .value(let value):
                outputs.value.value = value
            case .failed(let error):
                outputs.isLoading.value = false
                outputs.error.value = error
            case .completed, .interrupted:
                outputs.isLoading.value = false
            }
        }
        if outputs.isCurrent(generation) { current.inner = disposable }
    }

    /// Stops the running load; ``isLoading`` becomes `false`, ``value`` and ``error`` stay.
    public func cancel() {
        outputs.generation.withLock { $0 += 1 }
        current.inner = nil
        outputs.isLoading.value = false
    }
}
