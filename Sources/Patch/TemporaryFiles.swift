// The temporary files atomic writes have open right now, so that a run stopped by a
// signal can remove them: no `.NAME.bodywork-XXXXXX` is left next to a user's sources.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The registry of live temporary files, guarded by one lock.
///
/// A writer holds the lock while it creates and registers a temporary, and again while
/// it renames it into place and unregisters it. `removeAllAndHold()` takes the same
/// lock and never gives it back, so after it returns no file is half-renamed and no new
/// temporary can appear: the caller can exit at once.
public enum TemporaryFiles {
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    nonisolated(unsafe) private static var live: [Int: String] = [:]
    nonisolated(unsafe) private static var nextToken = 0

    /// Creates a temporary file from a `mkstemp` template (ending in `XXXXXX`) and
    /// registers it; returns its descriptor and path and a token for `finish`, or the
    /// `errno` of the failure.
    static func create(template: String) -> Result<(descriptor: Int32, path: String, token: Int), SystemError> {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        var bytes = Array(template.utf8CString)
        let descriptor = bytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return .failure(SystemError(code: errno)) }
        let path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        nextToken += 1
        live[nextToken] = path
        return .success((descriptor, path, nextToken))
    }

    /// Renames the temporary `token` names over `target` (when `target` is given), or
    /// removes it; unregisters it either way. Returns the `errno` of a failed rename.
    static func finish(_ token: Int, renamingTo target: String?) -> Int32? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let path = live.removeValue(forKey: token) else { return EINTR }
        if let target, rename(path, target) == 0 { return nil }
        let failure = target == nil ? nil : errno
        unlink(path)
        return failure
    }

    /// Removes every registered temporary and keeps the lock, so that nothing more is
    /// created or renamed: call it only on the way out of the process.
    public static func removeAllAndHold() {
        pthread_mutex_lock(lock)
        for path in live.values { unlink(path) }
        live.removeAll()
    }

    /// The `errno` of a failed system call.
    struct SystemError: Error { var code: Int32 }
}
