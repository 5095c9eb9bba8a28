import GoldenViewModels
import Reactive
import ReactiveTesting
import Testing

/// A load whose producer answers at once (a cache) is one transaction with its answer, whatever
/// starts it, so observers never hear "loading" for a load nobody could see running (issue 25).
/// The golden `CachedPriceViewModel` loads `price` at once on change, `settledPrice` half a
/// second after the last change.
@MainActor
struct ImmediateLoadTests {
    let scheduler = TestScheduler()

    func cachedPrice() -> CachedPriceViewModel {
        CachedPriceViewModel(prices: { SignalProducer(value: $0 * 100) }, scheduler: scheduler)
    }

    @Test func theFirstLoadsAreDoneWhenTheInitializerReturns() {
        let view = cachedPrice()
        #expect(view.price == 100 && !view.priceIsLoading && view.priceText == "100")
        #expect(view.settledPrice == 100 && !view.settledPriceIsLoading)
    }

    @Test func anExplicitReloadAnsweredAtOnceWithTheSamePriceChangesNothing() {
        let view = cachedPrice()
        let changes = ChangeRecorder(view, scheduler: scheduler)
        view.reloadPrice()
        #expect(changes.transactions.isEmpty, "\(changes.transactions)")
        changes.expectNoChanges()
        view.reloadSettledPrice()
        changes.expectNoChanges()
        changes.finish()
    }

    @Test func aChangeLoadsAtOnceInItsOwnTransaction() {
        let view = cachedPrice()
        let changes = ChangeRecorder(view, scheduler: scheduler)
        view.productID = 2
        #expect(changes.transactions.count == 1)
        changes.expect(.changed(\.productID, to: 2), .changed(\.price, to: 200), .changed(\.priceText, to: "200"))
        scheduler.advance(by: 0.5)
        changes.expect(.changed(\.settledPrice, to: 200))
        changes.finish()
    }

    @Test func aDebouncedReloadAnsweredAtOnceIsOneTransaction() {
        let view = cachedPrice()
        view.productID = 3
        let changes = ChangeRecorder(view, scheduler: scheduler)
        scheduler.advance(by: 0.5)
        // The pacer let the reload through: loading and the answer commit together.
        #expect(changes.transactions.count == 1, "\(changes.transactions)")
        changes.expect(.changed(\.settledPrice, to: 300))
        changes.finish()
    }

    @Test func aLoadThatRunsIsSeenLoadingThenAnswered() {
        let answers = FakeProducer<Int, Int, any Error>()
        let view = CachedPriceViewModel(prices: answers.closure, scheduler: scheduler)
        #expect(view.priceIsLoading && view.priceText == "…")
        answers.calls[0].succeed(with: 100)
        let changes = ChangeRecorder(view, exhaustive: false, scheduler: scheduler)
        view.reloadPrice()
        changes.expect(.changed(\.priceIsLoading, to: true), .changed(\.priceText, to: "…"))
        answers.calls.last?.succeed(with: 700)
        changes.expect(.changed(\.price, to: 700), .changed(\.priceIsLoading, to: false), .changed(\.priceText, to: "700"))
        changes.stop()
    }
}

/// The explorer counts a load that answers at once by its outcome: nothing is ever seen loading,
/// but a new value is `loaded` and a new error `failed` (found by a newcomer's trial: they were
/// reported missing although `ChangeRecorder` saw both).
@MainActor
struct ImmediateLoadExplorationTests {
    struct Unavailable: Error {}

    @Test func aLoadAnsweredAtOnceIsLoadedOrFailed() {
        let report = Explorer<CachedPriceViewModel> { explore in
            let scheduler = TestScheduler()
            explore.input(\.productID, [1, 2, 3])
            explore.time(scheduler, steps: [0.5])
            return CachedPriceViewModel(
                prices: { $0 == 3 ? SignalProducer(error: Unavailable()) : SignalProducer(value: $0 * 100) },
                scheduler: scheduler)
        }.exhaustive(depth: 3)
        report.expectNoFailure()
        // Both loads answer at once (`settledPrice` once its debounce lets the reload through):
        // neither is ever seen loading, and both are seen loaded and failed.
        #expect(report.coverage.missing == ["price: loading", "settledPrice: loading"], "\(report)")
    }
}
