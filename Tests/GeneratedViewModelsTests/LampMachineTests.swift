import Testing
import GoldenViewModels
import ReactiveTesting
@_spi(Testing) import Reactive

/// The golden lamp (`Tests/Golden/Specs/Lamp.vm.yaml`): a command that sends an event every
/// state takes without a guard is always enabled, and the explorer's coverage can be complete.
@MainActor
struct LampMachineTests {
    @Test func theSwitchWorksInEveryStateAndIsAlwaysEnabled() {
        let lamp = LampViewModel()
        #expect(lamp.state == .off && lamp.flipIsEnabled)
        lamp.flip()
        #expect(lamp.state == .on && lamp.flipIsEnabled)
        lamp.flip()
        // `off`'s entry ran once: the initial state's does not run when the lamp is made.
        #expect(lamp.state == .off && lamp.flips == 1)
    }

    @Test func theExplorerDoesNotAskToSeeItDisabled() {
        let report = Explorer<LampViewModel> { _ in LampViewModel() }.exhaustive(depth: 3)
        #expect(report.failure == nil)
        #expect(report.coverage.missing.isEmpty, "\(report.coverage)")
    }
}
