@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// A child a parent can follow.
@MainActor
private final class FollowedChild: Transactional {
    let _$transactions = Transactions()
    func _$recompute() -> Bool { true }
    func _$notify() {}
}

/// A hand-written class a spec may hold in `children`: nothing can follow it.
private final class HandWrittenChild {}

@MainActor
@Suite("Following children")
struct FollowingTests {
    @Test("a value that holds no followable object is followed as nothing, and every new one is a change")
    func handWrittenChildrenAreNotFollowed() {
        let follower = Follower()
        follower.follow(FollowedChild())
        #expect(follower.followedCount == 1)
        let child = HandWrittenChild()
        follower.follow(child)
        #expect(follower.followedCount == 0)
        follower.follow([HandWrittenChild()] as [HandWrittenChild]?)
        #expect(follower.followedCount == 0)

        var stored = child
        #expect(Staging.replaceChild(&stored, with: child))
        var list = [child]
        #expect(Staging.replaceChild(&list, with: [child]))
    }

    @Test("a child value changes when it holds other objects, not when its objects change")
    func childValuesCompareByIdentity() {
        let first = FollowedChild()
        var stored = first
        #expect(!Staging.replaceChild(&stored, with: first))
        #expect(Staging.replaceChild(&stored, with: FollowedChild()))
        var list: [FollowedChild]? = [first]
        #expect(!Staging.replaceChild(&list, with: [first]))
        #expect(Staging.replaceChild(&list, with: nil))
        #expect(!Staging.replaceChild(&list, with: nil))
    }
}
