extension Transactions {
    /// Runs `action` now when no transaction is under way, otherwise once the current one is
    /// over and its observers have been told (with the actions deferred meanwhile, in order).
    public func afterCurrent(_ action: @escaping () -> Void) {
        if depth == 0 && !isNotifying { return action() }
        later(action)
    }
}

extension ChildKeys {
    /// Hands each value of `events`, an event of `child`, to `handler` (the parent's, `owner`'s),
    /// once the child's transaction that sent it is over: so the handler's writes to the child
    /// (through the parent's children kept by id) are transactions of the child of their own,
    /// which the parent follows before the child's observers are told. Nothing is kept alive:
    /// `owner` and `child` are held weakly, the handler ends with the child's events, when the
    /// child is released, and it is called only while `owner` lives, which it is kept during the
    /// call; so the handler may capture its owner `unowned` (generated code does, for the spec's
    /// code to use `self` implicitly in Swift 5 language mode too).
    public static func handle<Owner: AnyObject, Child: Transactional, Value>(
        _ events: Signal<Value, Never>, of child: Child, in owner: Owner,
        with handler: @escaping @MainActor (Child, Value) -> Void
    ) {
        events.observeValuesOnMain { [weak child, weak owner] value in
            child?._$transactions.afterCurrent { [weak child, weak owner] in
                guard let child, let owner else { return }
                withExtendedLifetime(owner) { handler(child, value) }
            }
        }
    }
}
