extension SignalProducer {
    /// A producer that runs `operation` in a new `Task` on the main actor on each start, sends its
    /// result and completes, or fails with its error. Disposing the started producer cancels the
    /// task (Swift task cancellation: the operation sees `Task.isCancelled`, and a cancellable
    /// `await` inside it throws); a result or error that arrives afterwards is dropped.
    ///
    /// For operations that read main-actor state: a generated view model's async resource loads
    /// through one, with the values its statements read captured when the load starts.
    public init(taskOnMain operation: @escaping @MainActor () async throws(Failure) -> Value) {
        self.init(taskOnMain: operation, deliveringIn: nil)
    }

    /// The same, sending the result and the completion together in one step of `transaction`
    /// (a command's owner's, see ``Command``): a task has one result, so whoever follows the
    /// command sees its value and the end of its execution at once.
    @_spi(VMGen)
    public init(
        taskOnMain operation: @escaping @MainActor () async throws(Failure) -> Value,
        deliveringIn transaction: (@MainActor (@escaping () -> Void) -> Void)?
    ) {
        self.init { observer, lifetime in
            let send = observer.action
            let task = Task { @MainActor in
                do throws(Failure) {
                    let value = try await operation()
                    let deliver = {
                        send(.value(value))
                        send(.completed)
                    }
                    if let transaction { transaction(deliver) } else { deliver() }
                } catch {
                    send(.failed(error))
                }
            }
            lifetime.observeEnded { task.cancel() }
        }
    }
}
