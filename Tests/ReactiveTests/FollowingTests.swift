@_spi(VMGen) @_spi(Testing) import Reactive
import Testing

/// A child a parent can follow: its transactions commit a change on `change()`.
@MainActor
private final class FollowedChild: Transactional {
    let _$transactions = Transactions()

    func change() {
        guard _$transactions.begin() else { return }
        _$transactions.end {
            _$transactions.notify { _$transactions.willTellObservers() }
        }
    }
}

/// A hand-written class a spec may hold in `children`: nothing can follow it.
private final class HandWrittenChild {}

@MainActor
@Suite("Following children")
struct FollowingTests {
    @Test("a follower marks a change and runs its action when a followed child commits one")
    func followerRunsOnChildChange() {
        let follower = Follower()
        var actions = 0
        follower.action = { actions += 1 }
        let children = [FollowedChild(), FollowedChild()]
        follower.follow(children)
        #expect(follower.followedCount == 2)
        children[1].change()
        #expect(actions == 1)
        #expect(follower.take())
        #expect(!follower.take())
    }

    @Test("following a new value stops following the old one")
    func followReplacesFollowed() {
        let follower = Follower()
        var actions = 0
        follower.action = { actions += 1 }
        let old = FollowedChild()
        let new = FollowedChild()
        follower.follow(old)
        follower.follow(Optional(new))
        old.change()
        #expect(actions == 0)
        new.change()
        #expect(actions == 1)
        #expect(old._$transactions.followerCount == 0)
    }

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
