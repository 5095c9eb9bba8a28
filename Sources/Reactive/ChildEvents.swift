extension Transactions {
    /// Runs `action` now when no transaction is under way, otherwise once the current one is
    /// over and its observers have been told (with the actions deferred meanwhile, in order).
    public func afterCurrent(_ action: @escaping () -> Void) {
        if depth == 0 && !isNotifying { return action() }
        later(action)
    }
}

extension ChildKeys {
    /// Hands each value of `events`, an event of `child`, to `handler` (the parent's), once the
    /// child's transaction that sent it is over: so the handler's writes to the child (through the
    /// parent's children kept by id) are transactions of the child of their own, which the parent
    /// follows before the child's observers are told. Nothing is kept alive: the handler ends
    /// with the child's events, when the child is released, and `handler` holds its parent weakly.
    public static func handle<Child: Transactional, Value>(
        _ events: Signal<Value, Never>, of child: Child, with handler: @escaping @MainActor (Child, Value) -> Void
    ) {
        events.observeValuesOnMain { [weak child] value in
            child?._$transactions.afterCurrent { [weak child] in
                if let child { handler(child, value) }
            }
        }
    }
}
