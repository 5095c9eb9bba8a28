/// Waits until `condition` holds or `timeout` passes, and returns whether it held. Between checks
/// it sleeps a millisecond, so other tasks, threads and the caller's actor (the condition runs on
/// it) make progress. For what another thread or task makes true; virtual time is
/// `TestScheduler`'s. Every wait in a test is bounded this way: a broken promise fails the test
/// instead of hanging the run. The default bound is generous on purpose: it is reached only by a
/// test that fails anyway, and a test run on a loaded machine can keep the main actor from a
/// test for many seconds (measured here: 14 s in a parallel `swift test` on 2 cores).
///
///     #expect(await waitUntil { fake.pending.count == 1 })
public func waitUntil(
    timeout: Duration = .seconds(60),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () -> Bool
) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
