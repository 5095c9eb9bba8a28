#if canImport(Darwin)
import Darwin
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
/// lock, so it reports races on state that `Mutex` protects. `Locked` uses a `pthread_mutex_t`,
/// which the Thread Sanitizer intercepts, on every platform: one implementation, the one CI
/// compiles and tests on Linux, rather than a Darwin-only branch that no build here compiles.
///
/// The value and the mutex live in one heap allocation (a `ManagedBuffer`, the mutex in its tail),
/// so the mutex's address never changes (a pthread mutex must not move while in use); copies of a
/// `Locked` share that storage, like references to one object.
///
/// The lock is not recursive: calling ``withLock(_:)`` on the same instance from inside `body`
/// deadlocks. Keep `body` short and never call out from it (to an observer, a disposable, or
/// anything that might take this lock again). A failing lock or unlock call stops the process
/// with its error code, in release builds too.
public struct Locked<State>: @unchecked Sendable {
    /// The value (the header) and the mutex (the one element).
    @usableFromInline let storage: LockedStorage<State>

    /// A lock guarding `initial`.
    ///
    /// `@inlinable` so that a client creating a stream (whose core makes one) creates its lock
    /// specialized, without looking up the storage's generic metadata (docs/benchmarks.md,
    /// session 11).
    @inlinable @inline(never)
    public init(_ initial: sending State) {
        let buffer = LockedStorage<State>.create(minimumCapacity: 1) { _ in initial }
        storage = unsafeDowncast(buffer, to: LockedStorage<State>.self)
        storage.withUnsafeMutablePointerToElements { lock in
            lock.initialize(to: pthread_mutex_t())
            let result = pthread_mutex_init(lock, nil)
            precondition(result == 0, "pthread_mutex_init failed: \(result)")
        }
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    @inlinable
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending State) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        // The pointers stay valid while `storage` lives, and `self` keeps it for the whole call.
        let lock = storage.withUnsafeMutablePointerToElements { $0 }
        let state = storage.withUnsafeMutablePointerToHeader { $0 }
        var result = pthread_mutex_lock(lock)
        precondition(result == 0, "pthread_mutex_lock failed: \(result)")
        defer {
            result = pthread_mutex_unlock(lock)
            precondition(result == 0, "pthread_mutex_unlock failed: \(result)")
        }
        return try body(&state.pointee)
    }
}

/// The storage of a ``Locked``: its value is destroyed by `ManagedBuffer`, the mutex here.
@usableFromInline
final class LockedStorage<State>: ManagedBuffer<State, pthread_mutex_t> {
    deinit {
        withUnsafeMutablePointerToElements { lock in
            pthread_mutex_destroy(lock)
            lock.deinitialize(count: 1)
        }
    }
}
