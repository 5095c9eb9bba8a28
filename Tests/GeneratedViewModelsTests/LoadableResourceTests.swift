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

    @Test func aFailureSetsLastErrorWhichStaysWhileTheNextComputationRunsAndAfterItSucceeds() {
        let resource = LoadableResourceViewModel(computation: computation)
        resource.model = "broken"
        computation.computations.last?.fail(with: .failed("disk full"))
        #expect(resource.lastError == .failed("disk full"))
        #expect(!resource.loading)

        // The article's lastError: the last error that occurred; a success does not clear it.
        resource.model = "fixed"
        #expect(resource.lastError == .failed("disk full"))
        #expect(resource.loading)
        computation.computations.last?.succeed(with: "fixed result")
        #expect(resource.lastError == .failed("disk full"))
        #expect(resource.result == "fixed result")

        // A newer failure replaces it.
        resource.model = "broken again"
        computation.computations.last?.fail(with: .failed("no network"))
        #expect(resource.lastError == .failed("no network"))
        #expect(resource.result == nil)
    }

    @Test func aFailureClearsTheLastResult() {
        let resource = LoadableResourceViewModel(computation: computation)
        let results = Recorder(resource.resultProperty)
        resource.model = "photo"
        computation.computations.last?.succeed(with: "result")
        resource.model = "broken"
        #expect(resource.result == "result")  // kept while the newer computation runs
        computation.computations.last?.fail(with: .failed("disk full"))

        // The article's `catchTo:[RACSignal return:nil]`.
        #expect(resource.result == nil)
        #expect(results.values == [nil, "result", nil])
        #expect(!resource.loading)
    }

    @Test func aFailureChangesResultLoadingAndErrorInOneTransaction() {
        let resource = LoadableResourceViewModel(computation: computation)
        resource.model = "photo"
        computation.computations.last?.succeed(with: "result")
        resource.model = "broken"
        var seen: [String] = []
        let observation = resource.lastErrorProperty.signal.observeValuesOnMain { _ in
            MainActor.assumeIsolated {
                seen.append("\(resource.result ?? "nil"), \(resource.loading), \(resource.lastError.map { "\($0)" } ?? "nil")")
            }
        }
        defer { observation?.dispose() }
        let tracking = track({ _ = resource.result; _ = resource.loading; _ = resource.lastError })

        computation.computations.last?.fail(with: .failed("disk full"))
        #expect(seen == ["nil, false, failed(\"disk full\")"])
        #expect(tracking.changes == 1)
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
