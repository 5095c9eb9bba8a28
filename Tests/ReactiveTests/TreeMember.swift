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

    private var _value = Stored(0)
    private var _total = Stored(0)
    var value: Int { _value.value }
    var total: Int { _total.value }

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
        _value.write(newValue)
        if emitting { _$transactions.emit { [eventsObserver] in eventsObserver.send(value: newValue) } }
        _$transactions.end(self)
    }

    func _$recompute() -> Bool {
        journal.append("compute \(name)")
        let valueChanged = _value.changed()
        let childChanged = follower.take()
        let totalChanged = (valueChanged || childChanged)
            && _total.replace(value + children.reduce(0) { $0 + $1.total })
        return valueChanged || totalChanged
    }

    func _$notify(_ telling: Bool) {
        if _value.pending(telling), telling { tell("\(name).value = \(value)") }
        if _total.pending(telling), telling { tell("\(name).total = \(total)") }
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
