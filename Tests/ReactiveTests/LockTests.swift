import Foundation
import Reactive
import Testing

struct LockTests {
    enum Refusal: Error, Equatable { case no }

    @Test func withLockReturnsWhatItsBodyReturns() {
        let locked = Locked([1, 2])
        let count = locked.withLock { values in
            values.append(3)
            return values.count
        }
        #expect(count == 3)
        #expect(locked.withLock { $0 } == [1, 2, 3])
    }

    @Test func aThrowingBodyReleasesTheLockAndKeepsItsChanges() {
        let locked = Locked(0)
        #expect(throws: Refusal.no) {
            try locked.withLock { (value: inout Int) throws(Refusal) in
                value = 1
                throw .no
            }
        }
        // Taking the lock again would deadlock if the throw had left it held.
        #expect(locked.withLock { $0 } == 1)
    }

    @Test func incrementsFromManyThreadsAreNeverLost() {
        let locked = Locked(0)
        onThreads(4) { _ in
            for _ in 0..<5_000 { locked.withLock { $0 += 1 } }
        }
        #expect(locked.withLock { $0 } == 20_000)
    }
}
