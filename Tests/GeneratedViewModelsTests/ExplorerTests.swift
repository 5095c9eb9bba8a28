import ExampleModels
@_spi(Testing) import GoldenViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// The explorer on a view model with a planted bug: `PublisherViewModel` (Tests/Golden/Specs/Publisher.vm.yaml)
/// publishes the draft as it is when the publication ends, so exactly one sequence of four actions
/// breaks its invariant, and no shorter one does.
@MainActor
struct ExplorerTests {
    let plantedBug = [
        #"viewModel.draft = "a""#,
        "viewModel.publish()",
        #"viewModel.draft = """#,
        "publishDraft.pending.first?.succeed(with: ())",
    ]

    func publisher() -> Explorer<PublisherViewModel> {
        Explorer<PublisherViewModel> { explore in
            let publishDraft = FakeProducer<String, Void, Never>()
            explore.input(\.draft, ["", "a"])
            explore.answers(publishDraft, named: "publishDraft", values: [()])
            return PublisherViewModel(publishDraft: publishDraft.closure, preview: FakeFunction<String, String> { $0 }.closure)
        }
    }

    @Test func exhaustiveExplorationFindsTheShortestSequenceThatBreaksTheInvariant() throws {
        let report = publisher().exhaustive(depth: 5)
        let failure = try #require(report.failure)
        #expect(failure.steps == plantedBug)
        #expect(failure.message == "invariant `neverPublishedEmpty` does not hold: an empty draft is never published")
        #expect(failure.originalLength == nil)
    }

    @Test func aCommandThatTakesAnInputRunsWithTheInputsTheTestGives() {
        let report = Explorer<SearchViewModel> { explore in
            let search = FakeProducer<String, [String], any Error>()
            explore.execute(\.searchFor, named: "searchFor", inputs: ["", "swift"])
            explore.answers(search, named: "search", values: [["Swift"]])
            return SearchViewModel(search: search.closure)
        }.exhaustive(depth: 3)
        report.expectNoFailure()
        // `searchFor` types its input into the query and then runs the search, whose answer the
        // fake gives: every action ran, and `run` was seen enabled (a query of five letters).
        #expect(report.actionsNeverRun == [], "\(report)")
        #expect(report.coverage.commands["searchFor"]?.enabled == true)
        #expect(report.coverage.commands["run"]?.enabled == true)
    }

    @Test func shorterExplorationFindsNothing() {
        let report = publisher().exhaustive(depth: 3)
        #expect(report.failure == nil)
        #expect(report.runs > 0)
    }

    @Test func randomExplorationShrinksTheFailureToTheSameSequence() throws {
        var lengths: [Int] = []
        for seed: UInt64 in [1, 2, 3] {
            let report = publisher().random(count: 200, length: 16, seed: seed)
            let failure = try #require(report.failure)
            #expect(failure.steps == plantedBug)
            lengths.append(try #require(failure.originalLength))
        }
        // The random sequences were longer: the shrinker left out what did not matter.
        #expect(lengths.allSatisfy { $0 >= plantedBug.count })
        #expect(lengths.contains { $0 > plantedBug.count }, "\(lengths)")
    }

    @Test func theFailurePrintsAsATestToPaste() throws {
        let failure = try #require(publisher().exhaustive(depth: 4).failure)
        #expect(failure.test("PublisherViewModel") == """
            // PublisherViewModel: invariant `neverPublishedEmpty` does not hold: an empty draft is never published
            @Test @MainActor func explorerFinding() {
                // With `@_spi(Testing) import` of the view model's module and of Reactive, make `viewModel`
                // and its fakes as the explorer's setup does, then:
                var violations: [String] = []
                let previous = Invariant.violated
                Invariant.violated = { violations.append($0) }
                defer { Invariant.violated = previous }
                viewModel.draft = "a"
                viewModel.publish()
                viewModel.draft = ""
                publishDraft.pending.first?.succeed(with: ())
                #expect(violations == [])
                #expect(viewModel._$invariants.filter { !$0.holds }.map(\\.name) == [])
                #expect(viewModel._$audit() == [])
            }
            """)
    }

    /// The pasted test, as it prints (after its setup), in a debug build: it does not stop the
    /// process at the broken invariant, and it fails by the violation it collected.
    @Test func thePastedSequenceBreaksTheInvariant() {
        let publishDraft = FakeProducer<String, Void, Never>()
        let viewModel = PublisherViewModel(publishDraft: publishDraft.closure, preview: { $0 })
        var violations: [String] = []
        let previous = Invariant.violated
        Invariant.violated = { violations.append($0) }
        defer { Invariant.violated = previous }
        viewModel.draft = "a"
        viewModel.publish()
        viewModel.draft = ""
        publishDraft.pending.first?.succeed(with: ())
        // Told after each transaction that ends with it broken: the draft emptied, the publish done.
        let broken = "PublisherViewModel: invariant `neverPublishedEmpty` does not hold: an empty draft is never published"
        #expect(violations == [broken, broken])
        #expect(viewModel._$invariants.filter { !$0.holds }.map(\.name) == ["neverPublishedEmpty"])
        #expect(viewModel._$audit() == [])
    }

    @Test func coverageTellsWhichCommandStatesWereReached() {
        let report = publisher().exhaustive(depth: 2)
        #expect(report.coverage.missing.isEmpty)
        let onlyEmpty = Explorer<PublisherViewModel> { explore in
            let publishDraft = FakeProducer<String, Void, Never>()
            explore.answers(publishDraft, named: "publishDraft", values: [()])
            return PublisherViewModel(publishDraft: publishDraft.closure, preview: FakeFunction<String, String> { $0 }.closure)
        }.exhaustive(depth: 3)
        #expect(onlyEmpty.coverage.missing == ["publish: enabled"])
    }

    @Test func theAuditFindsAValueThatDiffersFromAFreshComputation() throws {
        let preview = FakeFunction<String, String> { $0 }
        let viewModel = PublisherViewModel(publishDraft: FakeProducer().closure, preview: preview.closure)
        viewModel.draft = "a"
        #expect(viewModel._$audit() == [])
        #expect(preview.inputs == ["", "a", "a"])   // the initializer, the commit, the audit
        preview.answer = { $0.uppercased() }
        #expect(viewModel._$audit() == [#"previewText is "a" but computes to "A""#])

        // A preview that answers differently each time: the explorer reports it before any action.
        let report = Explorer<PublisherViewModel> { _ in
            let counting = FakeFunction<String, String> { $0 }
            counting.answer = { [unowned counting] draft in "\(draft)(\(counting.inputs.count))" }
            return PublisherViewModel(publishDraft: FakeProducer().closure, preview: counting.closure)
        }.exhaustive(depth: 2)
        let failure = try #require(report.failure)
        #expect(failure.steps == [])
        #expect(failure.message == #"previewText is "(1)" but computes to "(2)""#)
    }

    @Test func aCommandRefusesToRunExactlyWhenDisabled() {
        let condition = MutableProperty(false)
        let runs = FakeProducer<Void, Void, Never>()
        let command = Command<Void, Void, Never>(enabledIf: Property(condition), execute: { runs($0) })
        let inspected = InspectedCommand("run", command)
        #expect(!inspected.isEnabled())
        #expect(inspected.execute())            // refused
        #expect(runs.calls.isEmpty)
        condition.value = true
        #expect(inspected.isEnabled())
        #expect(!inspected.execute())           // ran
        #expect(runs.calls.count == 1)
        #expect(!inspected.isEnabled())         // one at a time
    }
}

/// The controllable fakes: calls recorded with their arguments, answered when the test chooses.
@MainActor
struct FakeTests {
    @Test func aFakeProducerRecordsEachStartAndWaitsForItsAnswer() {
        let fake = FakeProducer<String, Int, TestFailure>()
        let values = Recorder(fake.closure("a"))
        #expect(fake.inputs == ["a"])
        #expect(fake.pending.count == 1)
        #expect(values.values.isEmpty)
        fake.pending.first?.succeed(with: 1)
        #expect(values.values == [1])
        #expect(values.isCompleted)
        #expect(fake.pending.isEmpty)

        let failures = Recorder(fake("b"))
        fake.pending.first?.fail(with: TestFailure())
        #expect(failures.error == TestFailure())
        #expect(fake.inputs == ["a", "b"])
    }

    @Test func anInterruptedCallIsCancelledAndItsLateAnswerIgnored() {
        let fake = FakeProducer<Int, Int, Never>()
        let values = Recorder(fake(1))
        values.dispose()
        let call = fake.calls[0]
        #expect(call.isCancelled)
        #expect(!call.isPending)
        call.succeed(with: 2)
        #expect(values.values.isEmpty)
    }

    @Test func aFakeAsyncFunctionWaitsForItsAnswer() async throws {
        let fake = FakeAsync<String, Int>()
        let closure = fake.closure
        let task = Task { try await closure("x") }
        #expect(await waitUntil { fake.pending.count == 1 })
        #expect(fake.inputs == ["x"])
        fake.pending[0].succeed(with: 7)
        #expect(try await task.value == 7)

        let failing = Task { try await closure("y") }
        #expect(await waitUntil { fake.pending.count == 1 })
        fake.pending[0].fail(with: TestFailure())
        await #expect(throws: TestFailure.self) { try await failing.value }
    }

    @Test func aFakeFunctionAnswersAtOnceAsTheTestSays() {
        let fake = FakeFunction<Int, String>(returning: "first")
        #expect(fake(1) == "first")
        fake.answer = { "\($0 * 2)" }
        #expect(fake.closure(4) == "8")
        #expect(fake.inputs == [1, 4])
    }
}

struct TestFailure: Error, Equatable {}
