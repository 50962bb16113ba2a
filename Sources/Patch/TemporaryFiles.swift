// The temporary files atomic writes have open right now, so that a run stopped by a
// signal can remove them: no `.NAME.bodywork-XXXXXX` is left next to a user's sources.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import SystemShims

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

    /// How putting a replacement in place ended (`finish(_:replacing:expected:ours:)`).
    enum Placement: Equatable {
        case placed
        /// The file was no longer what was read (another program saved it); it is left as it is.
        case changed
        /// As `.changed`, and a version that turned up while the other program's save was
        /// put back is kept at this path, where nothing removes it.
        case changedKeeping(String)
        case failed(Int32)
    }

    /// Puts the temporary `token` names in place of `target` only if `target` still holds
    /// `expected`, leaving no moment in which another program's save can be lost: the two
    /// files are swapped in one step, then the one swapped out is compared with `expected`
    /// and, when it differs, swapped back. Where the system or the file system cannot swap,
    /// `target` is read once more and the temporary renamed over it. `ours` is the
    /// temporary's inode. The temporary is gone afterwards, whatever happens.
    static func finish(_ token: Int, replacing target: String, expected: [UInt8], ours: UInt64) -> Placement {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let path = live.removeValue(forKey: token) else { return .failed(EINTR) }
        if bodywork_exchange(path, target) == 0 {
            // `path` now names what was at `target`.
            if contents(of: path) == expected {
                unlink(path)
                return .placed
            }
            guard bodywork_exchange(path, target) == 0 else { return .changedKeeping(path) }
            var status = stat()
            guard lstat(path, &status) == 0, UInt64(status.st_ino) == ours else { return .changedKeeping(path) }
            unlink(path)
            return .changed
        }
        let code = errno
        defer { unlink(path) }
        if code == ENOENT { return .changed }
        guard code == ENOSYS || code == EINVAL || code == ENOTSUP || code == EOPNOTSUPP || code == EXDEV
              || code == EPERM else { return .failed(code) }
        guard contents(of: target) == expected else { return .changed }
        return rename(path, target) == 0 ? .placed : .failed(errno)
    }

    /// The bytes of the regular file at `path`, or nil.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? DescriptorReader.readAll(descriptor, regularFileSize: Int(status.st_size))
    }

    // MARK: - Leftovers of killed runs

    /// The marker in a temporary's name: `.NAME.bodywork-PID-XXXXXX` (older runs wrote
    /// `.NAME.bodywork-XXXXXX`).
    static let marker = Array(".bodywork-".utf8)

    /// The `mkstemp` template of a temporary for the file `name` in `directory`, with this
    /// process's id, so that a later run can tell one left by a killed run.
    static func template(directory: String, name: String) -> String {
        "\(directory)/.\(name).bodywork-\(getpid())-XXXXXX"
    }

    /// Whether a directory entry's name has the shape of one of our temporaries.
    public static func isTemporaryName(_ name: [UInt8]) -> Bool {
        guard name.first == UInt8(ascii: "."), name.count > marker.count + 7 else { return false }
        return writer(of: name) != nil
    }

    /// Whom a temporary's name says made it: `.some(pid)` after `.bodywork-PID-XXXXXX`,
    /// `.some(nil)` after `.bodywork-XXXXXX`, nil when the name is not of that shape.
    private static func writer(of name: [UInt8]) -> pid_t?? {
        guard let start = lastMarker(in: name) else { return nil }
        let rest = name[(start + marker.count)...]
        if rest.count == 6 { return .some(nil) }
        guard let dash = rest.firstIndex(of: UInt8(ascii: "-")), name.endIndex - dash == 7,
              dash > rest.startIndex, rest[..<dash].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let pid = pid_t(String(decoding: rest[..<dash], as: UTF8.self)) else { return nil }
        return .some(pid)
    }

    private static func lastMarker(in name: [UInt8]) -> Int? {
        var index = name.count - marker.count
        while index > 0 {
            if name[index..<(index + marker.count)].elementsEqual(marker) { return index }
            index -= 1
        }
        return nil
    }

    /// Removes the temporary at `path` when no run is writing it: the process that made it
    /// is gone (SIGKILL, a crash, power loss), or it is over a minute old. True when removed.
    public static func removeIfStale(_ path: String) -> Bool {
        let name = Array(path.utf8.split(separator: UInt8(ascii: "/")).last ?? [])
        guard isTemporaryName(name), let writer = writer(of: name) else { return false }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        #if canImport(Darwin)
        let modified = status.st_mtimespec.tv_sec
        #else
        let modified = status.st_mtim.tv_sec
        #endif
        let writerGone = writer.map { $0 != getpid() && kill($0, 0) != 0 && errno == ESRCH } ?? false
        guard writerGone || now.tv_sec - modified > 60 else { return false }
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if live.values.contains(path) { return false }
        return unlink(path) == 0
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
