import ExampleModels
@_spi(Testing) import GeneratedViewModels
@testable import GoldenViewModels
@_spi(Testing) import Reactive
import ReactiveTesting
import Testing

/// The explorer knows the machine: it reports which states, transitions and guard outcomes it
/// reached, the shortest sequence of actions to each state, and finds an invariant broken only in
/// a deep state (`Specs/SignUpWizard.vm.yaml`, `Tests/Golden/Specs/PlantedWizard.vm.yaml`).
@MainActor
struct MachineExplorationTests {
    /// The wizard with domains and answers that make every path possible.
    static func wizard(_ explore: ExplorerSetup<SignUpWizardViewModel>) -> SignUpWizardViewModel {
        let creations = FakeProducer<NewAccount, Void, LoginError>()
        explore.input(\.email, ["", "ann@example.com"])
        explore.input(\.password, ["", "12345678"])
        explore.input(\.name, ["", "Ann"])
        explore.answers(creations, named: "creations", values: [()], failures: [LoginError(message: "taken")])
        return SignUpWizardViewModel(accounts: AccountCreator(creations.closure))
    }

    @Test func theWizardsExplorationCoversEveryStateTransitionAndGuardOutcome() throws {
        let report = Explorer<SignUpWizardViewModel>(Self.wizard).exhaustive(depth: 9)
        report.expectNoFailure()
        #expect(report.coverage.missing.isEmpty, "\(report)")
        let machine = try #require(report.coverage.machine)
        #expect(machine.states == ["account", "profile", "confirm", "submitting", "failed", "done"])
        #expect(machine.reachedStates == Set(machine.states))
        #expect(machine.transitions.map(\.name) == [
            "account -next-> profile", "profile -next-> confirm", "profile -back-> account",
            "confirm -submit-> submitting", "confirm -back-> profile",
            "submitting -done-> done", "submitting -error-> failed",
            "failed -retry-> submitting", "failed -back-> confirm",
        ])
        #expect(machine.transitions.allSatisfy { $0.taken })
        let guarded = machine.transitions.filter { $0.isGuarded }
        #expect(guarded.map(\.name) == ["account -next-> profile", "profile -next-> confirm"])
        #expect(guarded.allSatisfy { $0.guardSeenTrue && $0.guardSeenFalse })
        #expect(report.description.contains("  transition account -next-> profile: taken; guard seen true, false\n"), "\(report)")
    }

    @Test func theShortestPathToEachStateIsBreadthFirsts() throws {
        let report = Explorer<SignUpWizardViewModel>(Self.wizard).exhaustive(depth: 9)
        let fill = [
            "viewModel.email = \"ann@example.com\"", "viewModel.password = \"12345678\"", "viewModel.name = \"Ann\"",
            "viewModel.next()", "viewModel.next()",
        ]
        // Breadth first, in the order of the actions (inputs before commands): five actions, the
        // fewest, with the fields filled in first.
        #expect(report.shortestPaths["account"] == [])
        #expect(report.shortestPaths["profile"] == [fill[0], fill[1], fill[3]])
        #expect(report.shortestPaths["confirm"] == fill)
        #expect(report.shortestPaths["submitting"] == fill + ["viewModel.submit()"])
        #expect(report.shortestPaths["done"] == fill + [
            "viewModel.submit()", "creations.pending.first?.succeed(with: ())",
        ])
        #expect(report.shortestPaths["failed"] == fill + [
            "viewModel.submit()", "creations.pending.first?.fail(with: ExampleModels.LoginError(message: \"taken\"))",
        ])
        let test = try #require(report.pathTo("done"))
        #expect(test.hasPrefix("// SignUpWizardViewModel: the shortest sequence the explorer found to the state `done` (7 actions)\n"))
        #expect(test.contains("@Test @MainActor func reachesDone() {\n"))
        #expect(test.hasSuffix("    creations.pending.first?.succeed(with: ())\n    #expect(viewModel._$machine?.currentState(viewModel) == \"done\")\n}"))
        #expect(report.description.contains("\n  account: the initial state\n  profile, 3 actions:\n    viewModel.email"), "\(report)")
        #expect(report.pathTo("nowhere") == nil)
    }

    /// The path printed as a test does what it says: replayed on a fresh wizard, it ends in `done`.
    @Test func theShortestPathToDoneReachesDone() {
        let creations = FakeProducer<NewAccount, Void, LoginError>()
        let viewModel = SignUpWizardViewModel(accounts: AccountCreator(creations.closure))
        viewModel.email = "ann@example.com"
        viewModel.password = "12345678"
        viewModel.next()
        viewModel.name = "Ann"
        viewModel.next()
        viewModel.submit()
        creations.pending.first?.succeed(with: ())
        #expect(viewModel.state == .done)
    }

    /// Without domains for the text fields, no guard of `next` ever holds: the pages after the
    /// first are not reached, and the coverage says so (so a check of it can fail).
    @Test func statesTheActionsCannotReachAreReportedMissing() throws {
        let report = Explorer<SignUpWizardViewModel> { _ in
            SignUpWizardViewModel(accounts: AccountCreator { _ in SignalProducer(value: ()) })
        }.exhaustive(depth: 4)
        report.expectNoFailure()
        let missing = report.coverage.missing
        #expect(missing.contains("state profile: not reached"))
        #expect(missing.contains("state done: not reached"))
        #expect(missing.contains("transition account -next-> profile: not taken"))
        #expect(missing.contains("guard of account -next-> profile: never true"))
        #expect(!missing.contains("guard of account -next-> profile: never false"))
        #expect(!missing.contains("state account: not reached"))
        // The name is empty, so `profile`'s guard would be false: but it counts only in its state.
        #expect(missing.contains("guard of profile -next-> confirm: never false"))
        #expect(report.shortestPaths.keys.sorted() == ["account"])
        #expect(report.description.contains("  state profile: not reached\n"), "\(report)")
    }

    /// The transition each `send` took is reported to `MachineTransitions.taken`, by its index in
    /// `_$machine`, and the guards can be read at any time.
    @Test func eachSendReportsTheTransitionItTook() throws {
        let wizard = SignUpWizardViewModel(accounts: AccountCreator { _ in SignalProducer(value: ()) })
        let machine = try #require(wizard._$machine)
        var taken: [String] = []
        let previous = MachineTransitions.taken
        MachineTransitions.taken = { owner, index in
            if owner === wizard { taken.append(machine.transitions[index].description) }
        }
        defer { MachineTransitions.taken = previous }
        #expect(machine.transitions[0].guardHolds?(wizard) == false)
        wizard.send(.next)
        wizard.update {
            $0.email = "ann@example.com"
            $0.password = "12345678"
            $0.name = "Ann"
        }
        #expect(machine.transitions[0].guardHolds?(wizard) == true)
        wizard.send(.next)
        wizard.send(.next)
        wizard.send(.submit)   // `submitting`'s entry runs the creation, which answers at once: `done`
        #expect(machine.currentState(wizard) == "done")
        #expect(taken == [
            "account -next-> profile", "profile -next-> confirm",
            "confirm -submit-> submitting", "submitting -done-> done",   // in the order taken
        ])
    }

    /// PlantedWizard's invariant breaks only after five events (next, next, submit, the
    /// creation's failure, back): breadth first finds exactly those.
    @Test func exhaustiveFindsTheBugOfTheDeepStateInFiveSteps() throws {
        let report = Explorer<PlantedWizardViewModel>(Self.plantedWizard).exhaustive(depth: 6)
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.steps == Self.plantedSteps)
        #expect(failure.message == "invariant `errorShownOnlyWhenFailed` does not hold: an error shows exactly while the wizard is in `failed`")
    }

    /// Random sequences find it too, and shrinking leaves those five steps.
    @Test func randomFindsTheBugOfTheDeepStateAndShrinksItToFiveSteps() throws {
        let report = Explorer<PlantedWizardViewModel>(Self.plantedWizard).random(count: 500, length: 20, seed: 7)
        let failure = try #require(report.failure, "\(report)")
        #expect(failure.steps == Self.plantedSteps)
        #expect((failure.originalLength ?? 0) > 5, "the sequence found was shrunk")
    }

    static let plantedSteps = [
        "viewModel.next()", "viewModel.next()", "viewModel.submit()",
        "creations.pending.first?.fail(with: GeneratedViewModelsTests.MachineExplorationTests.Refused())", "viewModel.back()",
    ]

    struct Refused: Error {}

    /// The planted wizard with its fields filled in (no input actions: every step is an event).
    static func plantedWizard(_ explore: ExplorerSetup<PlantedWizardViewModel>) -> PlantedWizardViewModel {
        let creations = FakeProducer<String, Void, any Error>()
        explore.answers(creations, named: "creations", values: [()], failures: [Refused()])
        let wizard = PlantedWizardViewModel(create: creations.closure)
        wizard.email = "ann@example.com"
        wizard.name = "Ann"
        return wizard
    }
}
