/// The bookkeeping that makes each action on a generated view model, and on the tree of view
/// models it belongs to, one transaction.
///
/// An action (a setter, a command step, a resource event, `update { }`, a parent's handler of a
/// child's event) calls ``begin()``, writes what it writes, and calls ``end()``. Every view model
/// that a parent follows or hears (``Follower``, ``ChildKeys/handle(_:of:in:with:)``) shares its
/// parent's ``TransactionScope``: an action started while another is under way anywhere in the
/// tree joins it, and when the outermost one ends the scope commits the whole tree at once
/// (``TransactionScope``): each view model that was written computes again what changed
/// (``Transactional/_$recompute()``), parents that follow a changed child compute again, the
/// events sent meanwhile are handed to their observers (whose writes join), and only then is
/// each view model's observers told, once (``Transactional/_$notify(_:)``).
///
/// While observers are being told, ``begin()`` refuses: the action goes to ``later(_:)`` and
/// runs, as a transaction of its own, once every observer has been told. Actions asked for that
/// way run in the order they were asked for, each once.
///
/// One per view model; main actor only. The steady path (an action with nothing deferred and no
/// event) allocates nothing.
///
/// Its hot stored properties, and its scope's, are `@exclusivity(unchecked)`: generated view
/// models inline ``begin()`` and ``end()``, and from another module Swift would check every access
/// of them at run time. Every access is instantaneous (none is held across a call that could
/// reach these objects again) and all run on the main actor, so those checks have nothing to
/// catch (docs/runtime.md).
@_spi(VMGen)
@MainActor
public final class Transactions {
    /// The scope this view model's transactions run in, or one it was merged into (see
    /// ``scope``): its own until a parent follows it or hears its events, then its parent's.
    @usableFromInline @exclusivity(unchecked) var joinedScope: TransactionScope
    /// Whether this view model was written since its scope last computed it again.
    @usableFromInline @exclusivity(unchecked) var isTouched = false
    /// Whether this view model has changes its observers were not told yet.
    @exclusivity(unchecked) var isCommitted = false
    /// The view model whose transactions these are. It owns this object, so it is alive
    /// whenever one of its actions begins or a child it follows changes (the only times this is
    /// read); the scope then holds it strongly until the commit is over. `unowned` rather than
    /// `weak`: a weak reference would make every retain and release of the view model take
    /// Swift's slow path (a side table), and it traps rather than reads freed memory if that
    /// argument ever failed.
    @usableFromInline @exclusivity(unchecked) unowned var member: (any Transactional)?
    /// The parents that follow this view model (see ``Follower``), weakly.
    @usableFromInline @exclusivity(unchecked) var followers: [Weak<Follower>] = []
    /// Told once observers have been told about a transaction that changed this view model (and
    /// the transaction's events were sent): tests use it to group changes by transaction
    /// (`ReactiveTesting`'s `ChangeRecorder`). Nil, and free, otherwise.
    @exclusivity(unchecked) @_spi(Testing) public var didNotify: (() -> Void)?

    public init() {
        joinedScope = TransactionScope()
        joinedScope.sole = self
    }

    /// The scope these transactions run in now: the one they joined, or the one that scope was
    /// merged into since (each merge is followed once, then remembered).
    @inlinable
    var scope: TransactionScope {
        let joined = joinedScope
        guard joined.mergedInto != nil else { return joined }
        return currentScope()
    }

    @usableFromInline
    func currentScope() -> TransactionScope {
        var scope = joinedScope
        while let next = scope.mergedInto { scope = next }
        joinedScope = scope
        return scope
    }

    /// Whether an action of this scope is running (a setter, a command's step, `update { }`, a
    /// machine's event), as opposed to nothing, or observers being told: a getter called now is
    /// the view model's own code, or code inside one of its actions, not a view reading it.
    @inlinable
    public var isInAction: Bool { scope.depth > 0 }

    /// Names the view model whose transactions these are; generated initializers call it once
    /// every stored property has its first value.
    public func attach(_ member: any Transactional) {
        self.member = member
    }

    /// Starts an action; `false` (and nothing started) while observers are being told, when the
    /// action must be passed to ``later(_:)`` instead.
    @inlinable
    public func begin() -> Bool {
        let scope = self.scope
        if scope.isNotifying { return false }
        scope.depth += 1
        if !isTouched {
            isTouched = true
            // A scope of one view model does not list it: its commit knows it (`commitAlone`).
            if scope.isShared, let member { scope.touched.append(member) }
        }
        return true
    }

    /// Ends an action of `member`, the view model whose transactions these are. The outermost
    /// action of the scope commits the scope's transaction.
    @inlinable
    public func end<Member: Transactional>(_ member: Member) {
        let scope = self.scope
        scope.depth -= 1
        guard scope.depth == 0 else { return }
        if scope.isCommitting {
            // An action of the commit's events (a parent's handler, another observer of an event,
            // a step): what it wrote is computed at once, and staged, so that the next one reads it.
            if !scope.isComputing && !scope.isNotifying { scope.computeTouched(staging: true) }
            return
        }
        if !scope.isShared {
            commitAlone(member, in: scope)
        } else {
            scope.commit()
        }
    }

    /// The commit of a view model that shares its transactions with no other (the usual case,
    /// and the steady path): the same steps as ``TransactionScope/commit()``, with direct calls
    /// and no list. Anything that involves another view model (an event, a parent that started
    /// following it, a child it adopted) hands the rest of the commit to the scope.
    @inlinable
    func commitAlone<Member: Transactional>(_ member: Member, in scope: TransactionScope) {
        scope.isCommitting = true
        repeat {
            isTouched = false
            scope.isComputing = true
            let changed = member._$recompute()
            scope.isComputing = false
            if scope.isShared || scope.mergedInto != nil || !scope.events.isEmpty || !followers.isEmpty {
                return self.scope.takeOver(member, from: self, changed: changed)
            }
        } while isTouched
        member._$notify(false)
        scope.isNotifying = true
        member._$notify(true)
        scope.isNotifying = false
        if let didNotify { didNotify() }
        scope.isCommitting = false
        if !scope.deferred.isEmpty { scope.runDeferredActions() }
    }

    /// Runs `action` once observers have been told about the current transaction.
    public func later(_ action: @escaping () -> Void) {
        scope.deferred.append(action)
    }

    /// Sends an event once the values of the transaction that emits it are computed, before
    /// observers of values are told (at once outside a transaction).
    public func emit(_ send: @escaping () -> Void) {
        if scope.isNotifying { return later(send) }
        if scope.depth == 0 && !scope.isCommitting { return send() }
        scope.events.append(send)
    }

    /// ``emit(_:)``, but while the commit's events run, `step` runs next, before those sent
    /// earlier: a machine's `entry` belongs to the transition that asked for it.
    public func emitNext(_ step: @escaping () -> Void) {
        let scope = self.scope
        guard let next = scope.nextEvent, !scope.isNotifying else { return emit(step) }
        scope.events.insert(step, at: next + scope.insertedNext)
        scope.insertedNext += 1
    }

    /// How many live parents follow this object (for tests).
    @_spi(Testing) public var followerCount: Int { followers.count { $0.object != nil } }

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

    /// Marks each follower changed and has its owner computed again in this commit.
    func touchFollowers() {
        var sawReleased = false
        for entry in followers {
            guard let follower = entry.object else {
                sawReleased = true
                continue
            }
            follower.changed = true
            follower.owner?.touch()
        }
        if sawReleased { followers.removeAll { $0.object == nil } }
    }

    /// Has this view model computed again in the current commit.
    func touch() {
        guard !isTouched, let member else { return }
        isTouched = true
        let scope = self.scope
        if scope.isShared { scope.touched.append(member) }
    }

    /// Makes this view model's transactions and `parent`'s one scope: from now on an action on
    /// either joins an action under way on the other, and they commit together.
    public func join(_ parent: Transactions) {
        let mine = scope, theirs = parent.scope
        if mine === theirs { return }
        // A scope under way (a child made while its parent commits joins it) stays, so that the
        // commit running keeps seeing every touch; otherwise the smaller merges into the larger.
        // What the merged one had queued goes along, in order.
        let keepMine = mine.isActive != theirs.isActive ? mine.isActive : mine.size > theirs.size
        let (kept, merged) = keepMine ? (mine, theirs) : (theirs, mine)
        kept.absorb(merged)
    }

    /// Whether `other` commits in the same transactions as this object (for tests).
    @_spi(Testing) public func sharesScope(with other: Transactions) -> Bool { scope === other.scope }
}

/// The transactions of a tree of view models: what runs is counted once for the whole tree, and
/// the outermost action's end commits every view model it wrote (``commit()``). Made by
/// ``Transactions``; shared when a parent follows or hears a child (``Transactions/join(_:)``).
@_spi(VMGen)
@MainActor
public final class TransactionScope {
    /// How many actions are running.
    @usableFromInline @exclusivity(unchecked) var depth = 0
    /// Whether observers are being told about a transaction.
    @usableFromInline @exclusivity(unchecked) var isNotifying = false
    /// Whether the scope is committing (computing again, sending events, telling observers).
    @usableFromInline @exclusivity(unchecked) var isCommitting = false
    /// Whether a view model is computing again (``Transactional/_$recompute()``): its writes to
    /// other view models wait for the commit's loop.
    @usableFromInline @exclusivity(unchecked) var isComputing = false
    /// The view models written since they were last computed again, in the order written.
    @usableFromInline @exclusivity(unchecked) var touched: [any Transactional] = []
    /// The view models computed again in this commit, whose observers are told at its end.
    @exclusivity(unchecked) var committed: [any Transactional] = []
    /// Events emitted in the current transaction, in order.
    @usableFromInline @exclusivity(unchecked) var events: [() -> Void] = []
    /// While the events run: the index of the next one, where ``Transactions/emitNext(_:)``
    /// inserts (after the ones the running event inserted already, `insertedNext`).
    var nextEvent: Int?
    var insertedNext = 0
    /// Actions asked for while observers were being told, in order.
    @usableFromInline @exclusivity(unchecked) var deferred: [() -> Void] = []
    @exclusivity(unchecked) var isRunningDeferred = false
    /// How many view models' transactions joined this scope (a merge keeps the larger one).
    var size = 1
    /// The scope this one was merged into, if it was: its view models' transactions find their
    /// scope by following this (``Transactions/scope``).
    @usableFromInline @exclusivity(unchecked) var mergedInto: TransactionScope?
    /// Whether touched view models are listed: once more than one view model's transactions
    /// joined this scope, and while the scope finishes a commit its one view model started.
    /// Otherwise the one view model's commit takes the short path
    /// (``Transactions/commitAlone(_:in:)``) and `touched` does not list it.
    @usableFromInline @exclusivity(unchecked) var isShared = false
    /// The transactions of the one view model in this scope, until another joins (nil then).
    unowned var sole: Transactions?

    /// Whether an action or a commit is under way.
    var isActive: Bool { depth > 0 || isCommitting }

    /// How many rounds of computing again and sending events a commit may take: a tree whose
    /// handlers keep writing each other would otherwise never end.
    static let maximumRounds = 10_000

    init() {}

    /// Commits the transaction: computes again every view model written (and, each time a
    /// child changed, the parents that follow it), hands the events sent meanwhile to their
    /// observers, whose writes join, until nothing is left; then tells each changed view model's
    /// observers, once, and runs the actions deferred meanwhile.
    @usableFromInline
    func commit() {
        isCommitting = true
        settle()
        finish()
    }

    /// Goes on with a commit that ``Transactions/commitAlone(_:in:)`` started for `member`, once
    /// it involves other view models: `member` was computed again; the rest is the scope's.
    @usableFromInline
    func takeOver(_ member: any Transactional, from transactions: Transactions, changed: Bool) {
        if !transactions.isCommitted {
            transactions.isCommitted = true
            committed.append(member)
        }
        if transactions.isTouched && !isShared {
            // Still alone, so not listed: list it to be computed again.
            touched.append(member)
        }
        // Listed from now on, until the commit is over (for good once another view model joins).
        isShared = true
        if changed && !transactions.followers.isEmpty { transactions.touchFollowers() }
        settle()
        finish()
    }

    /// Computes again and sends events until nothing is left to compute.
    private func settle() {
        var rounds = 0
        repeat {
            computeTouched()
            if !events.isEmpty {
                // What the events' observers and the steps run: it reads runtime properties (a
                // command admits an execution by its condition's) as the values are now.
                stageCommitted()
                runEvents()
            }
            rounds += 1
            precondition(rounds < Self.maximumRounds, "Reactive: the view models of one tree keep writing each other: a transaction did not settle after \(Self.maximumRounds) rounds of events")
        } while !touched.isEmpty
    }

    /// Tells each changed view model's observers, once, then runs the actions deferred meanwhile.
    private func finish() {
        // Every runtime property takes its new value first, so that every observer reads current ones.
        stageCommitted()
        isNotifying = true
        var index = 0
        while index < committed.count {
            committed[index]._$notify(true)
            index += 1
        }
        isNotifying = false
        for member in committed {
            let transactions = member._$transactions
            transactions.isCommitted = false
            if let didNotify = transactions.didNotify { didNotify() }
        }
        committed.removeAll(keepingCapacity: true)
        if sole != nil { isShared = false }
        isCommitting = false
        if !deferred.isEmpty { runDeferredActions() }
    }

    /// Gives every runtime property of the view models computed again in this commit its new
    /// value, without telling its observers (``Transactional/_$notify(_:)``'s first pass).
    private func stageCommitted() {
        var index = 0
        while index < committed.count {
            committed[index]._$notify(false)
            index += 1
        }
    }

    /// Computes again each touched view model, in the order touched; a child that changed
    /// touches the parents that follow it, which are computed after it. `staging` (between two of
    /// the events' actions): each one computed also stages its runtime properties, as
    /// ``stageCommitted()`` did for all of them before the events ran.
    @usableFromInline
    func computeTouched(staging: Bool = false) {
        isComputing = true
        defer { isComputing = false }
        var index = 0
        while index < touched.count {
            let member = touched[index]
            index += 1
            let transactions = member._$transactions
            transactions.isTouched = false
            if !transactions.isCommitted {
                transactions.isCommitted = true
                committed.append(member)
            }
            if member._$recompute() && !transactions.followers.isEmpty { transactions.touchFollowers() }
            if staging { member._$notify(false) }
        }
        touched.removeAll(keepingCapacity: true)
    }

    /// Takes over `other`'s view models and what it had queued; `other` points here from now on.
    func absorb(_ other: TransactionScope) {
        listSole()
        other.listSole()
        isShared = true
        sole = nil
        other.mergedInto = self
        size += other.size
        depth += other.depth
        touched += other.touched
        committed += other.committed
        events += other.events
        deferred += other.deferred
    }

    /// A scope of one view model stops being one: its view model, if touched and not being
    /// computed, goes on the list like any other's.
    private func listSole() {
        guard !isShared, let transactions = sole, transactions.isTouched, let member = transactions.member else { return }
        touched.insert(member, at: 0)
    }

    /// Runs the actions deferred while observers were told, each a transaction of its own (unless
    /// they are already being run, further up the stack).
    @usableFromInline
    func runDeferredActions() {
        if isRunningDeferred { return }
        isRunningDeferred = true
        runAll(\.deferred)
        isRunningDeferred = false
    }

    /// Runs the closures of `queue` in order, including those appended while it runs, then
    /// empties it (keeping its storage for the next time).
    private func runAll(_ queue: ReferenceWritableKeyPath<TransactionScope, [() -> Void]>) {
        var next = 0
        while next < self[keyPath: queue].count {
            let action = self[keyPath: queue][next]
            next += 1
            action()
        }
        self[keyPath: queue].removeAll(keepingCapacity: true)
    }

    /// How many events and steps one round of a commit may run: steps that keep asking for steps
    /// (a machine's `entry` that sends an event whose transition enters a state whose `entry`
    /// sends one back) would otherwise never end. Far above what a tree sends at once (a row of a
    /// list of 100,000 sending one event each); tests lower it.
    @_spi(Testing) public static var maximumEvents = 1_000_000

    /// Runs the events and steps in order, including those added while they run: appended, or
    /// inserted to run next (``Transactions/emitNext(_:)``); at most ``maximumEvents``.
    private func runEvents() {
        var next = 0
        while next < events.count {
            let action = events[next]
            next += 1
            if next > Self.maximumEvents {
                let members = Set(committed.map { String(describing: type(of: $0)) }).sorted().joined(separator: ", ")
                preconditionFailure("Reactive: a transaction of \(members) did not settle: its events and steps asked for \(Self.maximumEvents) more, each asking for another (a machine's `entry` that sends an event whose transition enters a state whose `entry` sends one back?)")
            }
            nextEvent = next
            insertedNext = 0
            action()
        }
        nextEvent = nil
        events.removeAll(keepingCapacity: true)
    }
}
