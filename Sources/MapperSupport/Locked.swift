#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a pthread mutex, for state that threads share (caches, counters, test probes).
///
/// Used instead of the standard library's `Mutex`: on Linux that is a futex of its own which
/// ThreadSanitizer does not see, so every access it guards is reported as a race (four threads
/// updating a dictionary under `Mutex` are reported; the same under `Locked` are not), and
/// `script/sanitize thread` could not tell a real race from those. ThreadSanitizer intercepts
/// `pthread_mutex_lock` and `pthread_mutex_unlock`, so what `Locked` guards is checked like the
/// rest of the code.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Runs `body` with the value if the lock is free at once; nil, without waiting, when another
    /// thread holds it (for a caller that must never wait on a lower-priority thread).
    package func withLockIfAvailable<Result>(_ body: (inout Value) -> Result) -> Result? {
        guard pthread_mutex_trylock(mutex) == 0 else { return nil }
        defer { pthread_mutex_unlock(mutex) }
        return body(&value)
    }
}
