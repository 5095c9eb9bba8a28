/// The bookkeeping that makes each action on a generated view model one transaction.
///
/// An action (a setter, a command step, a resource event, `update { }`) calls ``begin()``, writes
/// what it writes, and calls ``end(commit:)``. An action started inside another joins it; the
/// outermost ``end(commit:)`` runs `commit`, which recomputes what changed and then tells
/// observers inside ``notify(_:)``. While observers are being told, ``begin()`` refuses: the action
/// goes to ``later(_:)`` and runs, as a transaction of its own, once every observer has been told.
/// Actions asked for that way run in the order they were asked for, each once.
///
/// Events (``emit(_:)``) sent during a transaction wait until its observers have been told.
/// One per view model; main actor only. The steady path (an action with nothing deferred and no
/// event) allocates nothing.
///
/// Its stored properties are `@exclusivity(unchecked)`: generated view models inline these
/// methods, and from another module Swift would check every access of them at run time (15
/// checks per change of the benchmarks' diamond, more instructions than the rest of the
/// transaction's own work). Every access here is instantaneous (none is held across a call that
/// could reach this object again) and all run on the main actor, so those checks have nothing to
/// catch.
@_spi(VMGen)
@MainActor
public final class Transactions {
    /// How many actions are running.
    @usableFromInline @exclusivity(unchecked) var depth = 0
    /// Whether observers are being told about a transaction.
    @usableFromInline @exclusivity(unchecked) var isNotifying = false
    /// Actions asked for while observers were being told, in order.
    @usableFromInline @exclusivity(unchecked) var deferred: [() -> Void] = []
    @usableFromInline @exclusivity(unchecked) var isRunningDeferred = false
    /// Events emitted in the current transaction, in order.
    @usableFromInline @exclusivity(unchecked) var events: [() -> Void] = []
    /// The parents that follow this object (see ``Follower``), weakly.
    @usableFromInline @exclusivity(unchecked) var followers: [Weak<Follower>] = []
    /// Whether the followers were told about the transaction being notified.
    @usableFromInline @exclusivity(unchecked) var followersTold = false
    /// Told once observers have been told about a transaction (and its events sent): tests use it
    /// to group changes by transaction (`ReactiveTesting`'s `ChangeRecorder`). Nil, and free, otherwise.
    @exclusivity(unchecked) @_spi(Testing) public var didNotify: (() -> Void)?

    public init() {}

    /// Starts an action; `false` (and nothing started) while observers are being told, when the
    /// action must be passed to ``later(_:)`` instead.
    @inlinable
    public func begin() -> Bool {
        if isNotifying { return false }
        depth += 1
        return true
    }

    /// Ends an action. The outermost one runs `commit`, then the actions deferred meanwhile.
    @inlinable
    public func end(commit: () -> Void) {
        if depth == 1 { commit() }
        depth -= 1
        if depth == 0 && !deferred.isEmpty && !isRunningDeferred { runDeferred() }
    }

    /// Runs `action` once observers have been told about the current transaction.
    public func later(_ action: @escaping () -> Void) {
        deferred.append(action)
    }

    /// Tells observers: `body` notifies each changed value; the transaction's events follow.
    /// Actions begun meanwhile are deferred.
    @inlinable
    public func notify(_ body: () -> Void) {
        isNotifying = true
        body()
        if !events.isEmpty { sendEvents() }
        isNotifying = false
        followersTold = false
        if let didNotify { didNotify() }
    }

    /// Tells observers in two passes of `body`: first (`telling` false) every changed value's
    /// runtime property takes its new value, then (`telling` true) observers are told, in update
    /// order; so every observer reads current values. The transaction's events follow.
    @inlinable
    public func notify(_ body: (_ telling: Bool) -> Void) {
        notify {
            body(false)
            body(true)
        }
    }

    /// Called before the first observer of a changed value is told (generated view models call it
    /// from `_$changed`): the followers, parents that read this object, mark the change and run
    /// their own transaction now, so that observers of this object read parents that are current.
    /// Once per transaction; nothing to do (and no allocation) without followers.
    @inlinable
    public func willTellObservers() {
        if followersTold || followers.isEmpty { return }
        followersTold = true
        tellFollowers()
    }

    @usableFromInline
    func tellFollowers() {
        // A copy: a follower's transaction may follow other children (no allocation unless it does).
        let current = followers
        var sawReleased = false
        // Mark every follower first, so that one transaction of a parent that follows this object
        // through several values takes all its marks; the others then have nothing left to do.
        for entry in current {
            if let follower = entry.object { follower.changed = true } else { sawReleased = true }
        }
        for entry in current {
            if let follower = entry.object, follower.changed { follower.action() }
        }
        if sawReleased { followers.removeAll { $0.object == nil } }
    }

    /// Registers `follower`; false when it already follows this object.
    func addFollower(_ follower: Follower) -> Bool {
        if followers.contains(where: { $0.object === follower }) { return false }
        followers.removeAll { $0.object == nil }
        followers.append(Weak(follower))
        return true
    }

    func removeFollower(_ follower: Follower) {
        followers.removeAll { $0.object === follower || $0.object == nil }
    }

    /// How many live parents follow this object (for tests).
    @_spi(Testing) public var followerCount: Int { followers.count { $0.object != nil } }

    /// Sends an event once observers know the values of the transaction that emits it (at once
    /// outside a transaction).
    public func emit(_ send: @escaping () -> Void) {
        if depth == 0 && !isNotifying { return send() }
        events.append(send)
    }

    @usableFromInline
    func runDeferred() {
        isRunningDeferred = true
        runAll(\.deferred)
        isRunningDeferred = false
    }

    @usableFromInline
    func sendEvents() {
        runAll(\.events)
    }

    /// Runs the closures of `queue` in order, including those appended while it runs, then
    /// empties it (keeping its storage for the next time).
    private func runAll(_ queue: ReferenceWritableKeyPath<Transactions, [() -> Void]>) {
        var next = 0
        while next < self[keyPath: queue].count {
            let action = self[keyPath: queue][next]
            next += 1
            action()
        }
        self[keyPath: queue].removeAll(keepingCapacity: true)
    }
}
