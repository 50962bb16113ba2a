// Reads source files and writes them back atomically (temp file + rename), keeping mode,
// owner and symlinks, and refusing to overwrite a file that changed since it was read.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import SystemShims

/// What was read from disk, kept to detect a change before writing back.
public struct FileSnapshot: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]
    /// Permission bits (`st_mode & 0o7777`).
    public var mode: UInt32
    /// Seconds since 1970, nanoseconds included as far as a `Double` holds them.
    public var modificationTime: Double
    public var size: Int
    /// How many names the file has; above 1, replacing it leaves the other names with
    /// the old content.
    public var linkCount: Int

    public init(path: String, bytes: [UInt8], mode: UInt32, modificationTime: Double, size: Int, linkCount: Int = 1) {
        self.path = path
        self.bytes = bytes
        self.mode = mode
        self.modificationTime = modificationTime
        self.size = size
        self.linkCount = linkCount
    }
}

extension FileSnapshot {
    /// The snapshot of `bytes` read from the open file that `status` (its `fstat`)
    /// describes, as `AtomicFile.read` makes it: what `AtomicFile.replace` then checks.
    public init(path: String, bytes: [UInt8], status: stat) {
        self = AtomicFile.snapshot(path: path, bytes: bytes, status: status)
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
            bytes = try DescriptorReader.readAll(descriptor, regularFileSize: Int(status.st_size))
        } catch {
            throw .unreadable(path, describe(error.code))
        }
        return FileSnapshot(path: path, bytes: bytes, status: status)
    }

    /// The snapshot of `bytes`, read from the open file that `status` (its `fstat`) describes.
    static func snapshot(path: String, bytes: [UInt8], status: stat) -> FileSnapshot {
        FileSnapshot(path: path, bytes: bytes, mode: UInt32(status.st_mode) & 0o7777,
                     modificationTime: seconds(modificationTime(of: status)), size: Int(status.st_size),
                     linkCount: Int(status.st_nlink))
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
        removeStaleTemporaries(of: name, in: directory)
        try writeReplacement(bytes, over: target, shownAs: path, mode: mode, owner: (status.st_uid, status.st_gid),
                             attributesFrom: target, expected: snapshot.bytes)
    }

    /// Writes `bytes` to the file at `path` as a shell redirection would, but never
    /// half-written: a missing or regular file (through a symlink, its target) is
    /// replaced atomically with mode 0644 (or the file's own); a device or FIFO is
    /// written to as a stream. Fails with the reason when any byte cannot be written.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        var status = stat()
        if stat(path, &status) != 0 {
            let code = errno
            guard code == ENOENT else { throw .writeFailed(path, describe(code)) }
            // A dangling symlink is written through, creating its target, as `>` would.
            var target = path
            var linkStatus = stat()
            if lstat(path, &linkStatus) == 0 {
                guard let destination = linkDestination(path) else { throw .writeFailed(path, "cannot read symlink") }
                target = destination.hasPrefix("/") ? destination : splitDirectory(path).directory + "/" + destination
            }
            let (directory, _) = splitDirectory(target)
            try writeReplacement(bytes, over: target, shownAs: path, mode: 0o644 & ~currentUmask(),
                                 owner: nil, attributesFrom: nil, directory: directory)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let target = try resolvedTarget(path)
            try writeReplacement(bytes, over: target, shownAs: path, mode: mode_t(status.st_mode) & 0o7777,
                                 owner: (status.st_uid, status.st_gid), attributesFrom: target)
        case S_IFDIR:
            throw .writeFailed(path, describe(EISDIR))
        default:
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .writeFailed(path, describe(errno)) }
            var failure: Int32? = nil
            do { try writeAll(descriptor, bytes) } catch { failure = error.code }
            if close(descriptor) != 0 && failure == nil { failure = errno }
            if let failure { throw .writeFailed(path, describe(failure)) }
        }
    }

    /// Writes a temporary beside `target`, gives it `mode`, the owner and the extended
    /// attributes (ACLs among them) of `attributesFrom`, then renames it over `target`;
    /// with `expected`, puts it in place only while `target` still holds those bytes (an
    /// editor's save landing at any moment is never lost: see `TemporaryFiles.finish`).
    private static func writeReplacement(_ bytes: [UInt8], over target: String, shownAs path: String, mode: mode_t,
                                         owner: (uid_t, gid_t)?, attributesFrom source: String?,
                                         directory: String? = nil, expected: [UInt8]? = nil) throws(FileError) {
        let (targetDirectory, name) = splitDirectory(target)
        let directory = directory ?? targetDirectory
        let created: (descriptor: Int32, path: String, token: Int)
        switch TemporaryFiles.create(template: TemporaryFiles.template(directory: directory, name: truncatedName(name))) {
        case .success(let value): created = value
        case .failure(let error): throw .writeFailed(path, describe(error.code))
        }
        let descriptor = created.descriptor

        var failure: Int32? = nil
        // Best effort: keep owner and group; an unprivileged process may not give files away.
        if let owner { _ = fchown(descriptor, owner.0, owner.1) }
        if fchmod(descriptor, mode) != 0 { failure = errno }
        if failure == nil, let source { failure = copyExtendedAttributes(from: source, to: descriptor) }
        if failure == nil {
            do { try writeAll(descriptor, bytes) } catch { failure = error.code }
        }
        if failure == nil && fsync(descriptor) != 0 { failure = errno }
        var status = stat()
        let inode = fstat(descriptor, &status) == 0 ? UInt64(status.st_ino) : 0
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure == nil, let expected {
            switch TemporaryFiles.finish(created.token, replacing: target, expected: expected, ours: inode) {
            case .placed: break
            case .changed: throw .changedOnDisk(path)
            case .changedKeeping(let kept):
                throw .writeFailed(path, "changed on disk twice while it was written; not overwritten, "
                                   + "and the other version is kept at \(kept)")
            case .failed(let code): failure = code
            }
        } else if let renameFailure = TemporaryFiles.finish(created.token, renamingTo: failure == nil ? target : nil) {
            failure = renameFailure
        }
        if let failure { throw .writeFailed(path, describe(failure)) }
        syncDirectory(directory)
    }

    /// Copies every extended attribute of `source` (user attributes, ACLs, security
    /// labels) onto the open file; attributes the file system or the user may not set
    /// are skipped, as `cp --preserve=xattr` does. Returns an `errno` only for failures
    /// that mean the copy cannot be trusted (out of memory).
    private static func copyExtendedAttributes(from source: String, to descriptor: Int32) -> Int32? {
        let size = listAttributes(source, nil, 0)
        guard size > 0 else { return nil }
        var names = [CChar](repeating: 0, count: size)
        let listed = names.withUnsafeMutableBufferPointer { listAttributes(source, $0.baseAddress, size) }
        guard listed > 0 else { return nil }
        var start = 0
        while start < listed {
            var end = start
            while end < listed && names[end] != 0 { end += 1 }
            names.withUnsafeBufferPointer { buffer in
                let name = buffer.baseAddress! + start
                let valueSize = readAttribute(source, name, nil, 0)
                guard valueSize >= 0 else { return }
                var value = [UInt8](repeating: 0, count: max(valueSize, 1))
                let read = value.withUnsafeMutableBytes { readAttribute(source, name, $0.baseAddress, valueSize) }
                guard read >= 0 else { return }
                _ = value.withUnsafeBytes { writeAttribute(descriptor, name, $0.baseAddress, read) }
            }
            start = end + 1
        }
        return nil
    }

    // The extended-attribute calls: Darwin's take a position (for resource forks) and
    // options where Linux's take neither (its `fsetxattr` takes flags); Finder tags and
    // quarantine flags are kept there as they are on Linux.
    #if os(Linux)
    private static func listAttributes(_ path: String, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        listxattr(path, names, size)
    }
    private static func readAttribute(_ path: String, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        getxattr(path, name, value, size)
    }
    private static func writeAttribute(_ descriptor: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        fsetxattr(descriptor, name, value, size, 0)
    }
    #elseif canImport(Darwin)
    private static func listAttributes(_ path: String, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int {
        listxattr(path, names, size, 0)
    }
    private static func readAttribute(_ path: String, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int {
        getxattr(path, name, value, size, 0, 0)
    }
    private static func writeAttribute(_ descriptor: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 {
        fsetxattr(descriptor, name, value, size, 0, 0)
    }
    #else
    private static func listAttributes(_ path: String, _ names: UnsafeMutablePointer<CChar>?, _ size: Int) -> Int { 0 }
    private static func readAttribute(_ path: String, _ name: UnsafePointer<CChar>, _ value: UnsafeMutableRawPointer?, _ size: Int) -> Int { -1 }
    private static func writeAttribute(_ descriptor: Int32, _ name: UnsafePointer<CChar>, _ value: UnsafeRawPointer?, _ size: Int) -> Int32 { -1 }
    #endif

    /// Removes temporaries of ours for `name` left by a run that was killed outright
    /// (SIGKILL, power loss), keeping those a run writing the same file right now has
    /// (see `TemporaryFiles.removeIfStale`).
    private static func removeStaleTemporaries(of name: String, in directory: String) {
        let prefix = Array(".\(truncatedName(name))".utf8) + TemporaryFiles.marker
        guard let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        var found: [String] = []
        while let entry = readdir(handle) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            guard entryName.starts(with: prefix), TemporaryFiles.isTemporaryName(entryName) else { continue }
            found.append(directory + "/" + String(decoding: entryName, as: UTF8.self))
        }
        for path in found { _ = TemporaryFiles.removeIfStale(path) }
    }

    private static func linkDestination(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    // MARK: - System call plumbing

    /// An `errno` value carried out of the write loop.
    private struct SystemError: Error { var code: Int32 }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
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

    /// The file name cut so that `.NAME.bodywork-PID-XXXXXX` fits in a directory entry.
    private static func truncatedName(_ name: String) -> String {
        let limit = 255 - ".".utf8.count - ".bodywork-\(getpid())-XXXXXX".utf8.count
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

    /// The modification time of a `stat` result; Darwin and Glibc name the field differently.
    private static func modificationTime(of status: stat) -> timespec {
        #if canImport(Darwin)
        status.st_mtimespec
        #else
        status.st_mtim
        #endif
    }

    private static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
    }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// read(2) under a name that `AtomicFile.read` does not hide.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// write(2) under a name that `AtomicFile.write` does not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
