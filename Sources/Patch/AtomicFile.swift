// Reads source files and writes them back atomically (temp file + rename), keeping mode,
// owner and symlinks, and refusing to overwrite a file that changed since it was read.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What was read from disk, kept to detect a change before writing back.
public struct FileSnapshot: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]
    /// Permission bits (`st_mode & 0o7777`).
    public var mode: UInt32
    /// Seconds since 1970, nanoseconds included as far as a `Double` holds them.
    public var modificationTime: Double
    public var size: Int

    public init(path: String, bytes: [UInt8], mode: UInt32, modificationTime: Double, size: Int) {
        self.path = path
        self.bytes = bytes
        self.mode = mode
        self.modificationTime = modificationTime
        self.size = size
    }
}

public enum FileError: Error, Sendable, CustomStringConvertible, Equatable {
    case notFound(String)
    case unreadable(String, String)
    case notRegularFile(String)
    case changedOnDisk(String)
    case readOnly(String)
    case writeFailed(String, String)

    public var description: String {
        switch self {
        case .notFound(let p): return "\(p): no such file"
        case .unreadable(let p, let why): return "\(p): cannot read: \(why)"
        case .notRegularFile(let p): return "\(p): not a regular file"
        case .changedOnDisk(let p): return "\(p): changed on disk since it was read; not overwritten"
        case .readOnly(let p): return "\(p): file is read-only; not overwritten"
        case .writeFailed(let p, let why): return "\(p): cannot write: \(why)"
        }
    }
}

public enum AtomicFile {
    /// Reads a regular file (following symlinks to read, as editors do).
    ///
    /// Directories, FIFOs, sockets and devices are `.notRegularFile`; the type is checked
    /// before opening and the file is opened non-blocking, so a FIFO never blocks the read.
    public static func read(_ path: String) throws(FileError) -> FileSnapshot {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path) }
            throw .unreadable(path, describe(code))
        }
        guard isRegularFile(status) else { throw .notRegularFile(path) }

        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .notFound(path) }
            throw .unreadable(path, describe(code))
        }
        defer { close(descriptor) }
        // The path may have been swapped between stat and open; trust only the open file.
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path, describe(errno)) }
        guard isRegularFile(status) else { throw .notRegularFile(path) }

        var bytes: [UInt8] = []
        do {
            bytes = try readAll(descriptor, expectedSize: Int(status.st_size))
        } catch {
            throw .unreadable(path, describe(error.code))
        }
        return FileSnapshot(path: path, bytes: bytes, mode: UInt32(status.st_mode) & 0o7777,
                            modificationTime: seconds(status.st_mtim), size: Int(status.st_size))
    }

    /// Replaces the file `snapshot` was read from with `bytes`: writes a temporary file
    /// in the same directory, keeps the mode, then renames over the original. Refuses
    /// when the file changed since `snapshot`, is read-only, or the path is a symlink
    /// whose target would be replaced by a regular file.
    ///
    /// Through a symlink the link's target is replaced and the link stays a link. The owner
    /// and group are kept when permitted. Writing bytes equal to what is on disk changes
    /// nothing. No temporary file is left behind, whatever happens.
    public static func replace(_ snapshot: FileSnapshot, with bytes: [UInt8]) throws(FileError) {
        let path = snapshot.path
        let current = try read(path)
        guard current.size == snapshot.size,
              current.modificationTime == snapshot.modificationTime,
              current.bytes == snapshot.bytes else { throw .changedOnDisk(path) }
        if bytes == current.bytes { return }

        let target = try resolvedTarget(path)
        var status = stat()
        guard stat(target, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path) }
            throw .writeFailed(path, describe(code))
        }
        let mode = mode_t(status.st_mode) & 0o7777
        guard mode & 0o222 != 0, access(target, W_OK) == 0 else { throw .readOnly(path) }

        let (directory, name) = splitDirectory(target)
        var template = Array("\(directory)/.\(truncatedName(name)).bodywork-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .writeFailed(path, describe(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var failure: Int32? = nil
        // Best effort: keep owner and group; an unprivileged process may not give files away.
        _ = fchown(descriptor, status.st_uid, status.st_gid)
        if fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == nil {
            do { try writeAll(descriptor, bytes) } catch { failure = error.code }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure == nil && rename(temporary, target) != 0 { failure = errno }
        if let failure {
            unlink(temporary)
            throw .writeFailed(path, describe(failure))
        }
        syncDirectory(directory)
    }

    // MARK: - System call plumbing

    /// An `errno` value carried out of a read or write loop.
    private struct SystemError: Error { var code: Int32 }

    private static func readAll(_ descriptor: Int32, expectedSize: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(expectedSize, 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw SystemError(code: errno)
            }
            if count == 0 { throw SystemError(code: EIO) }
            written += count
        }
    }

    /// The real file behind `path`: itself, or a symlink's resolved target.
    private static func resolvedTarget(_ path: String) throws(FileError) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path) }
            throw .writeFailed(path, describe(code))
        }
        guard status.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = realpath(path, nil) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path) }
            throw .writeFailed(path, describe(code))
        }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func splitDirectory(_ path: String) -> (directory: String, name: String) {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let directory = slash == 0 ? "/" : String(decoding: bytes[..<slash], as: UTF8.self)
        return (directory, String(decoding: bytes[(slash + 1)...], as: UTF8.self))
    }

    /// The file name cut so that `.NAME.bodywork-XXXXXX` fits in a directory entry.
    private static func truncatedName(_ name: String) -> String {
        let limit = 255 - ".".utf8.count - ".bodywork-XXXXXX".utf8.count
        var bytes = Array(name.utf8)
        if bytes.count <= limit { return name }
        bytes.removeSubrange(limit...)
        while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }  // whole scalars only
        if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Flushes the directory entry of a rename; best effort, as some file systems refuse.
    private static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func isRegularFile(_ status: stat) -> Bool {
        status.st_mode & S_IFMT == S_IFREG
    }

    private static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
