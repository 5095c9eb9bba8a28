#if canImport(Darwin)
import os
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value guarded by a lock. **A building block of the runtime**, public only so that
/// `ReactiveTesting` and the runtime's tests use the same lock as the runtime; generated code does
/// not use it, and it is not part of the generated-code contract.
///
/// ```swift
/// let count = Locked(0)
/// let now = count.withLock { count in
///     count += 1
///     return count
/// }
/// ```
///
/// Why not `Synchronization.Mutex`: `Mutex` (and `Atomic`) need macOS 15 / iOS 18, while the
/// package supports macOS 14 / iOS 17; and on Linux the Thread Sanitizer does not see `Mutex`'s
/// lock, so it reports races on state that `Mutex` protects. `Locked` uses the platform's own lock,
/// which the Thread Sanitizer intercepts: a `pthread_mutex_t` on Linux, an `os_unfair_lock` on
/// Darwin. The lock is allocated once, on the heap, when the instance is made, so its address
/// never changes (both locks must not move while in use).
///
/// The lock is not recursive: calling ``withLock(_:)`` on the same instance from inside `body`
/// deadlocks (Linux) or traps (Darwin). Keep `body` short and never call out from it (to an
/// observer, a disposable, or anything that might take this lock again).
public final class Locked<State>: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline typealias Primitive = os_unfair_lock
    #else
    @usableFromInline typealias Primitive = pthread_mutex_t
    #endif

    /// The platform lock, at a stable heap address.
    @usableFromInline let lock: UnsafeMutablePointer<Primitive>

    /// The guarded value. Accessed only while `lock` is held; exclusive access is guaranteed by
    /// the lock, so Swift's dynamic exclusivity check (a runtime call per access) is skipped.
    @usableFromInline @exclusivity(unchecked) var state: State

    /// A lock guarding `initial`.
    public init(_ initial: sending State) {
        state = initial
        lock = .allocate(capacity: 1)
        #if canImport(Darwin)
        lock.initialize(to: os_unfair_lock())
        #else
        lock.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(lock, nil)
        precondition(result == 0, "pthread_mutex_init failed: \(result)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inlinable
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        acquire()
        defer { release() }
        return try body(&state)
    }

    @inlinable @inline(__always)
    func acquire() {
        #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        #else
        let result = pthread_mutex_lock(lock)
        assert(result == 0, "pthread_mutex_lock failed: \(result)")
        #endif
    }

    @inlinable @inline(__always)
    func release() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(lock)
        #else
        let result = pthread_mutex_unlock(lock)
        assert(result == 0, "pthread_mutex_unlock failed: \(result)")
        #endif
    }
}
