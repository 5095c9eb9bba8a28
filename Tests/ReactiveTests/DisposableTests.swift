import Reactive
import Testing

@Suite struct DisposableTests {
    @Test func anyDisposableRunsItsActionOnlyOnce() {
        let count = Log<Int>()
        let disposable = AnyDisposable { count.append(1) }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(count.count == 1)
    }

    @Test func compositeDisposesEverythingInOrderAddedAndLaterAdditionsAtOnce() {
        let log = Log<String>()
        let composite = CompositeDisposable()
        composite += AnyDisposable { log.append("a") }
        composite += { log.append("b") }
        composite.dispose()
        #expect(log.all == ["a", "b"])
        let late = AnyDisposable { log.append("late") }
        #expect(composite.add(late) == nil)
        #expect(late.isDisposed)
        #expect(log.all == ["a", "b", "late"])
    }

    @Test func compositeHandleRemovesWithoutDisposing() {
        let composite = CompositeDisposable()
        let item = AnyDisposable()
        let handle = composite.add(item)
        handle?.dispose()
        composite.dispose()
        #expect(!item.isDisposed)
    }

    @Test func serialDisposableDisposesThePreviousInnerOnReplacement() {
        let serial = SerialDisposable()
        let first = AnyDisposable()
        let second = AnyDisposable()
        serial.inner = first
        serial.inner = second
        #expect(first.isDisposed)
        #expect(!second.isDisposed)
        serial.dispose()
        #expect(second.isDisposed)
        let third = AnyDisposable()
        serial.inner = third
        #expect(third.isDisposed)
    }

    @Test func scopedDisposableDisposesWhenItGoesAway() {
        let inner = AnyDisposable()
        do {
            let scoped = ScopedDisposable(inner)
            #expect(!scoped.isDisposed)
        }
        #expect(inner.isDisposed)
    }
}

@Suite struct LifetimeTests {
    @Test func lifetimeEndsWhenTheTokenIsReleased() {
        let ended = Log<Int>()
        var token: Lifetime.Token? = Lifetime.Token()
        let lifetime = Lifetime(token!)
        lifetime.observeEnded { ended.append(1) }
        #expect(!lifetime.hasEnded)
        token = nil
        #expect(lifetime.hasEnded)
        #expect(ended.all == [1])
        _ = token
    }

    @Test func observingAnEndedLifetimeRunsTheActionAtOnce() {
        let ended = Log<Int>()
        #expect(Lifetime.empty.observeEnded { ended.append(1) } == nil)
        #expect(ended.all == [1])
    }

    @Test func disposablesAddedToALifetimeAreDisposedWithIt() {
        let (lifetime, token) = Lifetime.make()
        let work = AnyDisposable()
        lifetime += work
        token.dispose()
        #expect(work.isDisposed)
    }
}
