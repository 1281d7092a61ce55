#if canImport(Glibc)
import Glibc
#endif

/// A value reached only while its lock is held: `Synchronization.Mutex`'s interface over a
/// pthread mutex.
///
/// Why not `Mutex`: on Linux it hands a contended lock over inside the kernel (a priority-
/// inheriting futex), where ThreadSanitizer cannot see it, so every contended section is reported
/// as a race and `scripts/sanitize thread` finds nothing else (docs/decisions.md, 2026-12-02).
/// ThreadSanitizer intercepts pthread mutexes. The lock is not recursive: `body` must not take it
/// again.
///
/// `@unchecked Sendable`: the value is reached only inside `withLock`, under the lock, and it
/// goes in and out as `sending`, so the compiler still checks what crosses threads.
package final class Locked<Value: ~Copyable>: @unchecked Sendable {
    /// Allocated once and never moved, as a pthread mutex must not be.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: consuming sending Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock, and returns what it returns.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
