/// An object whose changes happen in transactions (``Transactions``), which a parent that reads
/// it can follow: every generated view model is one, so a parent view model can follow its
/// children (docs/spec-format.md, "children").
///
/// The requirements' names start with `_$` so that they cannot clash with a spec's names.
@_spi(VMGen)
@MainActor
public protocol Transactional: AnyObject {
    /// The bookkeeping of this object's transactions; parents that read the object follow it there.
    var _$transactions: Transactions { get }
    /// Computes again, in update order, each value that reads a value written since the last
    /// call, and gives the runtime properties their new values, telling nobody yet. Returns
    /// whether a value a parent may read changed (its parents are then computed again).
    func _$recompute() -> Bool
    /// Tells observers about each value that changed since the last call, once.
    func _$notify()
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

extension Staging {
    /// Stores a freshly computed child value (a followed object, an optional one, or an array of
    /// them) and tells whether it changed: whether it holds other objects, compared by identity.
    /// A child's own changes are not changes of the value that holds it (its parent follows them).
    @inlinable
    public static func replaceChild<Child: Transactional>(_ value: inout Child, with newValue: Child) -> Bool {
        if value === newValue { return false }
        value = newValue
        return true
    }

    @inlinable
    public static func replaceChild<Child: Transactional>(_ value: inout Child?, with newValue: Child?) -> Bool {
        if value === newValue { return false }
        value = newValue
        return true
    }

    @inlinable
    public static func replaceChild<Child: Transactional>(_ value: inout [Child], with newValue: [Child]) -> Bool {
        if value.count == newValue.count && zip(value, newValue).allSatisfy({ $0 === $1 }) { return false }
        value = newValue
        return true
    }

    /// Stores a freshly computed value that holds no followed object (a hand-written class, for
    /// example): any new value counts as a change, since nothing tells its parent about its own.
    @inlinable
    public static func replaceChild<Value>(_ value: inout Value, with newValue: Value) -> Bool {
        value = newValue
        return true
    }

    @inlinable
    public static func replaceChild<Child: Transactional>(_ value: inout [Child]?, with newValue: [Child]?) -> Bool {
        switch (value, newValue) {
        case (nil, nil): return false
        case (let old?, let new?) where old.count == new.count && zip(old, new).allSatisfy({ $0 === $1 }): return false
        default:
            value = newValue
            return true
        }
    }
}
