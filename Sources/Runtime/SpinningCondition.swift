// The lock and condition of the run's parallel work: files handed between threads, results
// put back in order, helpers given work, directory listings and project answers shared.
// Each is held for a few instructions at a time.
import SystemShims

/// `NSCondition`'s lock, wait and signals, on a mutex that spins briefly before it sleeps
/// (see `bodywork_lock`): contended for a moment, a plain mutex put the waiting thread to
/// sleep, and waking it again took longer than the work that was held.
public final class SpinningCondition: @unchecked Sendable {
    private let raw: OpaquePointer

    public init() { raw = bodywork_lock_create() }

    deinit { bodywork_lock_destroy(raw) }

    public func lock() { bodywork_lock_lock(raw) }

    public func unlock() { bodywork_lock_unlock(raw) }

    /// Waits for a signal; the caller holds the lock, and holds it again on return.
    public func wait() { bodywork_lock_wait(raw) }

    public func signal() { bodywork_lock_signal(raw) }

    public func broadcast() { bodywork_lock_broadcast(raw) }

    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
