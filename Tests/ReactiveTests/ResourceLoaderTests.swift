import Reactive
import ReactiveTesting
import Testing

@MainActor
@Suite struct ResourceLoaderTests {
    /// A loader whose loads are pipes the test drives by hand.
    final class Harness: @unchecked Sendable {
        let loads = Log<Signal<String, TestError>.Observer>()
        let ended = Log<Int>()
        lazy var loader = ResourceLoader<String, TestError> { [loads, ended] in
            SignalProducer { observer, lifetime in
                let index = loads.count
                loads.append(observer)
                lifetime.observeEnded { ended.append(index) }
            }
        }
    }

    @Test func aSuccessfulLoadSetsTheValueAndStopsLoading() {
        let harness = Harness()
        let loader = harness.loader
        #expect(loader.isLoading.value == false)
        loader.reload()
        #expect(loader.isLoading.value)
        harness.loads.all[0].send(value: "one")
        #expect(loader.value.value == "one")
        harness.loads.all[0].sendCompleted()
        #expect(loader.isLoading.value == false)
        #expect(loader.error.value == nil)
    }

    @Test func aFailedLoadStopsLoadingBeforeSettingTheErrorAndKeepsTheOldValue() {
        let harness = Harness()
        let loader = harness.loader
        loader.reload()
        harness.loads.all[0].send(value: "old")
        harness.loads.all[0].sendCompleted()
        let seen = Log<Bool>()
        loader.error.signal.observeValues { error in
            if error != nil { seen.append(loader.isLoading.value) }
        }
        loader.reload()
        harness.loads.all[1].send(error: .boom)
        #expect(loader.error.value == .boom)
        #expect(seen.all == [false])
        #expect(loader.value.value == "old")
    }

    @Test func anIsLoadingObserverOfAFailureAlreadyReadsTheError() {
        let harness = Harness()
        let loader = harness.loader
        let seen = Log<String>()
        loader.isLoading.signal.observeValues { loading in
            seen.append("loading \(loading), error \(String(describing: loader.error.value))")
        }
        loader.reload()
        harness.loads.all[0].send(error: .boom)
        #expect(seen.all == ["loading true, error nil", "loading false, error Optional(ReactiveTests.TestError.boom)"])
    }

    @Test func changesSendsTheThreeOutputsOncePerEvent() {
        let harness = Harness()
        let loader = harness.loader
        let states = Log<String>()
        loader.changes.observeValues { state in
            states.append("\(state.value ?? "-") \(state.isLoading) \(state.error.map { "\($0)" } ?? "-") \(state.errorChanged)")
        }
        loader.reload()
        harness.loads.all[0].send(error: .boom)
        loader.reload()
        harness.loads.all[1].send(value: "one")
        harness.loads.all[1].sendCompleted()
        loader.cancel()
        #expect(states.all == [
            "- true - false",
            "- false boom true",
            "- true - true",
            "one true - false",
            "one false - false",
            "one false - false",
        ])
    }

    @Test func reloadingCancelsTheRunningLoadAndIgnoresItsLateEvents() {
        let harness = Harness()
        let loader = harness.loader
        loader.reload()
        loader.reload()
        #expect(harness.ended.all == [0])
        harness.loads.all[0].send(value: "stale")
        harness.loads.all[1].send(value: "fresh")
        #expect(loader.value.value == "fresh")
        #expect(loader.isLoading.value)
    }

    @Test func startingALoadClearsThePreviousError() {
        let harness = Harness()
        let loader = harness.loader
        loader.reload()
        harness.loads.all[0].send(error: .boom)
        #expect(loader.error.value == .boom)
        loader.reload()
        #expect(loader.error.value == nil)
        #expect(loader.isLoading.value)
    }

    @Test func cancelStopsTheLoad() {
        let harness = Harness()
        let loader = harness.loader
        loader.reload()
        loader.cancel()
        #expect(harness.ended.all == [0])
        #expect(loader.isLoading.value == false)
    }

    @Test func releasingTheLoaderCancelsTheRunningLoad() {
        let harness = Harness()
        harness.loader.reload()
        harness.loader = ResourceLoader { SignalProducer.never }
        #expect(harness.ended.all == [0])
    }
}
