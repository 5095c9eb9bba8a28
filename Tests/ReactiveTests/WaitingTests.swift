import Reactive
import ReactiveTesting
import Testing

@MainActor
struct WaitingTests {
    @Test func waitUntilReturnsOnceAnotherTaskMakesTheConditionTrue() async {
        let log = Log<Int>()
        Task.detached {
            try? await Task.sleep(for: .milliseconds(5))
            log.append(1)
        }
        #expect(await waitUntil { log.count == 1 })
    }

    @Test func waitUntilGivesUpAtItsBoundAndSaysSo() async {
        let clock = ContinuousClock()
        let start = clock.now
        let held = await waitUntil(timeout: .milliseconds(20)) { false }
        #expect(!held)
        #expect(clock.now - start >= .milliseconds(20))
    }

    @Test func theConditionRunsOnTheCallersActor() async {
        #expect(await waitUntil {
            MainActor.assertIsolated()
            return true
        })
    }
}
