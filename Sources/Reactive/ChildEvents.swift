extension ChildKeys {
    /// Hands each value of `events`, an event of `child`, to `handler` (the parent's, `owner`'s).
    /// The child shares its parent's transactions (``Transactions/join(_:)``), so the handler
    /// runs inside the transaction that sent the event, once the child's values are computed:
    /// its writes, and what they change anywhere in the tree, commit with it, before anyone's
    /// observers are told. Nothing is kept alive: `owner` and `child` are held weakly, the
    /// handler ends with the child's events, when the child is released, and it is called only
    /// while `owner` lives, which it is kept during the call; so the handler may capture its owner
    /// `unowned` (generated code does, for the spec's code to use `self` implicitly in Swift 5
    /// language mode too).
    public static func handle<Owner: Transactional, Child: Transactional, Value>(
        _ events: Signal<Value, Never>, of child: Child, in owner: Owner,
        with handler: @escaping @MainActor (Child, Value) -> Void
    ) {
        child._$transactions.join(owner._$transactions)
        events.observeValuesOnMain { [weak child, weak owner] value in
            guard let child, let owner else { return }
            withExtendedLifetime(owner) { handler(child, value) }
        }
    }
}
