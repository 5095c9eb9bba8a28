import Foundation

/// Runs `work`, which blocks its thread (it waits for `swiftc`), on a thread of its own, and
/// returns what it returns. A test that blocked one of Swift's cooperative threads instead (two
/// on a 2-core machine) held up every test that needs one, such as a command's `task:` work
/// or the wake-up after a sleep: in a parallel `swift test`, the random specs' half-minute
/// compile kept other tests waiting for as long.
public func onThreadOfItsOwn<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result(catching: work)) }.start()
    }
}
