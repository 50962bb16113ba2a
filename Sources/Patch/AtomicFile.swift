// STUB: the interface the CLI codes against; atomic replacement fills it in.

/// What was read from disk, kept to detect a change before writing back.
public struct FileSnapshot: Sendable, Equatable {
    public var path: String
    public var bytes: [UInt8]
    public var mode: UInt32
    public var modificationTime: Double
    public var size: Int
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
    public static func read(_ path: String) throws(FileError) -> FileSnapshot {
        throw .notFound(path)
    }

    /// Replaces the file `snapshot` was read from with `bytes`: writes a temporary file
    /// in the same directory, keeps the mode, then renames over the original. Refuses
    /// when the file changed since `snapshot`, is read-only, or the path is a symlink
    /// whose target would be replaced by a regular file.
    public static func replace(_ snapshot: FileSnapshot, with bytes: [UInt8]) throws(FileError) {}
}
