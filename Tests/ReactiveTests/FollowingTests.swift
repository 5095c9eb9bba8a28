@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// A child a parent can follow.
@MainActor
private final class FollowedChild: Transactional {
    let _$transactions = Transactions()
    func _$recompute() -> Bool { true }
    func _$notify(_ telling: Bool) {}
}

/// A hand-written class a spec may hold in `children`: nothing can follow it.
private final class HandWrittenChild {}

@MainActor
@Suite("Following children")
struct FollowingTests {
    @Test("a value that holds no followable object is followed as nothing, and every new one is a change")
    func handWrittenChildrenAreNotFollowed() {
        var changed: Bool
        let follower = Follower()
        follower.follow(FollowedChild())
        #expect(follower.followedCount == 1)
        let child = HandWrittenChild()
        follower.follow(child)
        #expect(follower.followedCount == 0)
        follower.follow([HandWrittenChild()] as [HandWrittenChild]?)
        #expect(follower.followedCount == 0)

        var stored = Stored(child)
        changed = stored.replaceChild(child)
        #expect(changed)
        var list = Stored([child])
        changed = list.replaceChild([child])
        #expect(changed)
    }

    @Test("a child value changes when it holds other objects, not when its objects change")
    func childValuesCompareByIdentity() {
        var changed: Bool
        let first = FollowedChild()
        var stored = Stored(first)
        changed = stored.replaceChild(first)
        #expect(!changed)
        changed = stored.replaceChild(FollowedChild())
        #expect(changed)
        var optional = Stored<FollowedChild?>(nil)
        changed = optional.replaceChild(nil)
        #expect(!changed)
        changed = optional.replaceChild(first)
        #expect(changed)
        changed = optional.replaceChild(first)
        #expect(!changed)
        var list = Stored<[FollowedChild]?>([first])
        changed = list.replaceChild([first])
        #expect(!changed)
        changed = list.replaceChild(nil)
        #expect(changed)
        changed = list.replaceChild(nil)
        #expect(!changed)
    }
}
