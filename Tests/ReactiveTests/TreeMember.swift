@_spi(VMGen) @_spi(Testing) import Reactive

/// A hand-written view model in the shape generated ones take, for the runtime's tests of
/// transactions: an input `value`, a derived `total` (its value plus its children's totals),
/// observers told once per change, and events its parent may hear. Every step goes to `journal`.
@MainActor
final class TreeMember: Transactional {
    let _$transactions = Transactions()
    let name: String
    let journal: Journal
    /// Told, in `_$notify`, with each value that changed (`a.value = 2`).
    var observers: [(String) -> Void] = []

    private(set) var value = 0
    private var valueBefore: Int?
    private(set) var total = 0
    private var valuePending = false, totalPending = false

    var children: [TreeMember] = [] {
        didSet { follower.follow(children) }
    }
    private let follower = Follower()

    let events: Signal<Int, Never>
    private let eventsObserver: Signal<Int, Never>.Observer

    init(_ name: String, journal: Journal) {
        self.name = name
        self.journal = journal
        (events, eventsObserver) = Signal<Int, Never>.pipe()
        _$transactions.attach(self)
        follower.owner = _$transactions
    }

    /// One action: writes `value`, and sends it as an event when `emitting`.
    func set(_ newValue: Int, emitting: Bool = false) {
        guard _$transactions.begin() else {
            journal.append("\(name) deferred")
            return _$transactions.later { self.set(newValue, emitting: emitting) }
        }
        Staging.write(&value, newValue, before: &valueBefore)
        if emitting { _$transactions.emit { [eventsObserver] in eventsObserver.send(value: newValue) } }
        _$transactions.end(self)
    }

    func _$recompute() -> Bool {
        journal.append("compute \(name)")
        let valueChanged = Staging.changed(value, before: &valueBefore)
        let childChanged = follower.take()
        let totalChanged = (valueChanged || childChanged)
            && Staging.replace(&total, with: value + children.reduce(0) { $0 + $1.total })
        if valueChanged { valuePending = true }
        if totalChanged { totalPending = true }
        return valueChanged || totalChanged
    }

    func _$notify() {
        if valuePending {
            valuePending = false
            tell("\(name).value = \(value)")
        }
        if totalPending {
            totalPending = false
            tell("\(name).total = \(total)")
        }
    }

    private func tell(_ change: String) {
        journal.append("tell \(change)")
        for observer in observers { observer(change) }
    }

    deinit { eventsObserver.sendCompleted() }
}

/// What happened, in order, across the members of a test's tree.
@MainActor
final class Journal {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
    /// The entries since the last call.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }
}
