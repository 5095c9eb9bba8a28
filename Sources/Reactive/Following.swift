/// An object whose changes happen in transactions (``Transactions``), which a parent that reads
/// it can follow: every generated view model is one, so a parent view model can follow its
/// children (docs/spec-format.md, "children").
///
/// The requirements' names start with `_$` so that they cannot clash with a spec's names.
@_spi(VMGen)
@MainActor
public protocol Transactional: AnyObject, ChildValue {
    /// The bookkeeping of this object's transactions; parents that read the object follow it there.
    var _$transactions: Transactions { get }
    /// Computes again, in update order, each value that reads a value written since the last
    /// call, telling nobody yet; each value that changed is pending (``Stored/isPending``).
    /// Returns whether a value a parent may read changed (its parents are then computed again).
    func _$recompute() -> Bool
    /// For each pending value: first (`telling` false) its runtime property takes the new value;
    /// then (`telling` true) its observers are told, once, and it is no longer pending. The
    /// runtime runs the first pass on every view model of the commit before the second.
    func _$notify(_ telling: Bool)
}

/// What a parent keeps to follow the children in one of its values: it registers with each
/// child's ``Transactions``, sharing the parent's scope, and when a child's transaction changed
/// one of the child's values, marks itself changed (read by ``take()``) and has its owner
/// computed again in the same commit, before anyone's observers are told.
///
/// Both directions are weak: a child does not keep its parent's follower alive, nor the follower
/// its children. Following allocates when the followed children change, not per transaction.
@_spi(VMGen)
@MainActor
public final class Follower {
    /// The transactions of the view model that follows (the parent), which a child's change
    /// has computed again; set before the first `follow`. Held strongly: the parent owns both
    /// them and this follower, so nothing is kept alive that would not be anyway.
    public var owner: Transactions?
    /// Whether a followed child changed since the last ``take()``.
    @usableFromInline var changed = false
    /// The transactions of the children followed now.
    private var followed: [Weak<Transactions>] = []

    public init() {}

    /// Whether a followed child changed since the last call; clears the mark.
    @inlinable
    public func take() -> Bool {
        defer { changed = false }
        return changed
    }

    /// Follows `child` from now on, and nothing else.
    public func follow(_ child: some Transactional) {
        unfollowAll()
        add(child._$transactions)
    }

    /// Follows `child` from now on, and nothing else (nothing when nil).
    public func follow(_ child: (some Transactional)?) {
        unfollowAll()
        if let child { add(child._$transactions) }
    }

    /// Follows each of `children` from now on, and nothing else.
    public func follow<Children: Sequence>(_ children: Children) where Children.Element: Transactional {
        unfollowAll()
        for child in children { add(child._$transactions) }
    }

    /// Follows each of `children` from now on, and nothing else (nothing when nil).
    public func follow<Children: Sequence>(_ children: Children?) where Children.Element: Transactional {
        unfollowAll()
        guard let children else { return }
        for child in children { add(child._$transactions) }
    }

    /// Follows nothing from now on: `value` holds no object whose changes can be followed (for
    /// example a hand-written class that is not ``Transactional``). Its parent then sees a change
    /// of it only when the value itself is computed again.
    public func follow<Value>(_ value: Value) {
        unfollowAll()
    }

    /// How many children are followed now (for tests).
    @_spi(Testing) public var followedCount: Int { followed.count }

    private func add(_ transactions: Transactions) {
        if let owner { transactions.join(owner) }
        if transactions.addFollower(self) { followed.append(Weak(transactions)) }
    }

    private func unfollowAll() {
        for child in followed { child.object?.removeFollower(self) }
        followed.removeAll(keepingCapacity: true)
    }
}

/// A weak reference, for lists that must not keep what they list alive.
@usableFromInline
struct Weak<Object: AnyObject> {
    @usableFromInline weak var object: Object?
    @usableFromInline init(_ object: Object) { self.object = object }
}

/// A value that holds followed objects (a child view model, an optional one, an array of them, an
/// optional array): whether another such value holds the same objects, compared by identity.
/// A child's own changes are not changes of the value that holds it (its parent follows them).
@_spi(VMGen)
public protocol ChildValue {
    func holdsTheSameChildren(as other: Self) -> Bool
}

extension ChildValue where Self: AnyObject {
    @inlinable
    public func holdsTheSameChildren(as other: Self) -> Bool { self === other }
}

@_spi(VMGen)
extension Optional: ChildValue where Wrapped: ChildValue {
    @inlinable
    public func holdsTheSameChildren(as other: Self) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case (let old?, let new?): old.holdsTheSameChildren(as: new)
        default: false
        }
    }
}

@_spi(VMGen)
extension Array: ChildValue where Element: ChildValue {
    @inlinable
    public func holdsTheSameChildren(as other: Self) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.holdsTheSameChildren(as: $1) }
    }
}

extension Stored {
    /// Stores a child value computed again and tells whether it changed: for a value that holds
    /// no followed object (a hand-written class, for example), always, since nothing tells its
    /// parent about its own changes.
    @inlinable
    public mutating func replaceChild(_ newValue: Value) -> Bool {
        store(newValue, changed: true)
    }
}

extension Stored where Value: ChildValue {
    /// A value that holds followed objects changed when it holds other objects.
    @inlinable
    public mutating func replaceChild(_ newValue: Value) -> Bool {
        value.holdsTheSameChildren(as: newValue) ? false : store(newValue, changed: true)
    }
}
