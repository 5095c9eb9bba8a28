import ExampleModels
import GeneratedViewModels
import Reactive
import ReactiveTesting
import Testing

/// Seed 001's loadable resource: result, loading and lastError of a computation.
@MainActor
struct LoadableResourceTests {
    let computation = InMemoryComputation()

    @Test func nothingIsComputedWithoutAModel() {
        let resource = LoadableResourceViewModel(computation: computation)
        #expect(computation.computations.count == 0)
        #expect(resource.result == nil)
        #expect(!resource.loading)
        #expect(resource.lastError == nil)
    }

    @Test func aNewModelIsComputedWhileLoadingShows() {
        let resource = LoadableResourceViewModel(computation: computation)
        resource.model = "photo 1"
        #expect(computation.computations.arguments == ["photo 1"])
        #expect(resource.loading)
        #expect(resource.result == nil)

        computation.computations.last?.succeed(with: "result 1")
        #expect(!resource.loading)
        #expect(resource.result == "result 1")
    }

    @Test func aNewerComputationReplacesTheRunningOne() {
        let resource = LoadableResourceViewModel(computation: computation)
        resource.model = "old"
        resource.model = "new"
        let requests = computation.computations.all
        #expect(requests.map(\.argument) == ["old", "new"])
        #expect(requests.first?.isCancelled == true)

        requests.first?.succeed(with: "late old result")
        #expect(resource.result == nil)
        #expect(resource.loading)

        requests.last?.succeed(with: "new result")
        #expect(resource.result == "new result")
        #expect(!resource.loading)
    }

    @Test func aFailureSetsLastErrorAndEndsLoading() {
        let resource = LoadableResourceViewModel(computation: computation)
        resource.model = "broken"
        computation.computations.last?.fail(with: .failed("disk full"))
        #expect(resource.lastError == .failed("disk full"))
        #expect(!resource.loading)

        resource.model = "fixed"
        #expect(resource.lastError == nil)
        #expect(resource.loading)
    }

    @Test func theComputationRunsOnceHoweverManyOutputsAreObserved() {
        let resource = LoadableResourceViewModel(computation: computation)
        let results = Recorder(resource.resultProperty)
        let loading = Recorder(resource.loadingProperty)
        let errors = Recorder(resource.lastErrorProperty)
        resource.model = "photo"
        computation.computations.last?.succeed(with: "done")

        #expect(computation.computations.count == 1)
        #expect(results.values == [nil, "done"])
        #expect(loading.values == [false, true, false])
        #expect(errors.values == [nil])
    }

    @Test func settingTheSameModelAgainComputesNothing() {
        let resource = LoadableResourceViewModel(computation: computation)
        resource.model = "photo"
        resource.model = "photo"
        #expect(computation.computations.count == 1)
    }
}
