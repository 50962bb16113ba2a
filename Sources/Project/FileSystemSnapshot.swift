// What one run has seen of the file system: each directory listed once and each path
// looked at once, shared by file selection and the project model.
//
// File selection, the model's probes and its walks used to list the same directories
// again and again (2,070 `getdents64` for 317 directories on one app) and to `stat` every
// entry each time; the answers of one run now come from one listing per directory.
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Runtime

/// Directory listings and file types, read once per run and kept. Thread-safe.
///
/// Keys are absolute paths as the model writes them (see `ProjectPaths.absolute`). What
/// is kept is not read again: a long-lived user makes a new snapshot when files may have
/// changed, as it makes a new model.
public final class FileSystemSnapshot: @unchecked Sendable {
    /// One entry of a directory: its name's bytes and the type the directory records for
    /// it (`DT_DIR`, `DT_REG`, `DT_LNK`, …, or `DT_UNKNOWN` when it records none).
    public struct Entry: Sendable {
        public var name: [UInt8]
        public var type: UInt8
        /// The inode number the directory records for it (`d_ino`), 0 where none is: on
        /// most file systems that of the entry itself, not of what a link points to.
        public var inode: UInt64 = 0
    }

    /// A directory as read: its entries (all but `.` and `..`, in the order read), or why
    /// it could not be listed, and whether its entries can be looked at.
    public struct Listing: Sendable {
        public var entries: [Entry]
        /// 0 when the directory was listed; else the `errno` of `opendir`.
        public var openError: Int32
        /// 0 when its entries can be looked at (`access(X_OK)`); else the `errno`.
        public var searchError: Int32
    }

    /// A listing as the model reads it: names decoded as `FileManager` decodes them
    /// (invalid UTF-8 repaired), sorted as `String`s.
    struct Names {
        /// Each name with its recorded type, sorted by name.
        var sorted: [(name: String, type: UInt8)]
        /// The names alone, in the same order.
        var names: [String]
        /// Recorded types by the bytes of the name: a path names exactly these bytes (as
        /// `String`s, two spellings of `é` would be one key).
        var types: [NameBytes: UInt8]
        var listed: Bool
        var searchable: Bool
    }

    private let lock = SpinningCondition()
    private var listings: [String: Listing] = [:]
    /// What source walks take from each directory: several walks cross the same ones (a
    /// folder module's, a target's, a synchronized folder's).
    private var steps: [String: WalkStep] = [:]
    private var decoded: [String: Names] = [:]
    /// `stat` (following links) and `lstat` answers: the file type bits, or nil when the
    /// call failed.
    private var followed: [String: mode_t?] = [:]
    private var own: [String: mode_t?] = [:]

    public init() {}

    /// The listing of the directory `key` (absolute), read once: from `path` when given (a
    /// caller's spelling of the same directory, such as a relative path), else from `key`.
    public func listing(of key: String, openingAt path: String? = nil) -> Listing {
        lock.withLock { listingLocked(key, openingAt: path) }
    }

    private func listingLocked(_ key: String, openingAt path: String? = nil) -> Listing {
        if let known = listings[key] { return known }
        let listing = FileSystemSnapshot.list(path ?? key)
        listings[key] = listing
        return listing
    }

    /// Lists the directory at `path` now, keeping nothing: `opendir`, `access(X_OK)`, and
    /// every entry.
    public static func list(_ path: String) -> Listing {
        guard let handle = opendir(path) else { return Listing(entries: [], openError: errno, searchError: 0) }
        defer { closedir(handle) }
        let searchError: Int32 = access(path, X_OK) == 0 ? 0 : errno
        var entries: [Entry] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            entries.append(Entry(name: name, type: entry.pointee.d_type, inode: UInt64(entry.pointee.d_ino)))
        }
        return Listing(entries: entries, openError: 0, searchError: searchError)
    }

    // MARK: - The model's questions

    /// The names in `directory`, sorted; empty when it cannot be listed.
    func entries(of directory: String) -> [String] {
        lock.withLock { namesLocked(directory).names }
    }

    /// The names in `directory`, sorted, each with its recorded type; empty when it cannot
    /// be listed. `searchable` says whether the entries can be looked at.
    func children(of directory: String) -> (entries: [(name: String, type: UInt8)], searchable: Bool) {
        lock.withLock {
            let names = namesLocked(directory)
            return (names.sorted, names.searchable)
        }
    }

    private func namesLocked(_ directory: String) -> Names {
        if let known = decoded[directory] { return known }
        let listing = listingLocked(directory)
        var types: [NameBytes: UInt8] = [:]
        types.reserveCapacity(listing.entries.count)
        var sorted: [(name: String, type: UInt8)] = []
        sorted.reserveCapacity(listing.entries.count)
        for entry in listing.entries {
            sorted.append((String(decoding: entry.name, as: UTF8.self), entry.type))
            types[NameBytes(entry.name)] = entry.type
        }
        sorted.sort { $0.name < $1.name }
        let names = Names(sorted: sorted, names: sorted.map(\.name), types: types, listed: listing.openError == 0,
                          searchable: listing.searchError == 0)
        decoded[directory] = names
        return names
    }

    /// What a source walk takes from `directory` (see `ProjectPaths.walkStep`), worked out once.
    func walkStep(of directory: String) -> WalkStep {
        if let known = lock.withLock({ steps[directory] }) { return known }
        let step = ProjectPaths.walkStep(of: directory, in: self)
        lock.withLock { steps[directory] = step }
        return step
    }

    /// Whether something exists at `path`, links followed (`FileManager.fileExists`).
    func exists(_ path: String) -> Bool {
        lock.withLock { followedTypeLocked(path) != nil }
    }

    /// `exists(ProjectPaths.join(directory, name))` for an ASCII file name (`.git`,
    /// `Package.swift`): read from the directory's listing where it records the entry as
    /// what `exists` would take from it, without making and checking the path (the model
    /// asks this of every directory a file sits in and of each one above it).
    func exists(entry name: String, in directory: String) -> Bool {
        lock.withLock {
            // The joined path is normal exactly when this holds: `recordedTypeLocked` reads
            // it from the same listing.
            if FileSystemSnapshot.isPlainASCIIName(name), directory.utf8.last.map({ $0 < 0x80 }) ?? false,
               ProjectPaths.isNormal(directory) {
                let names = namesLocked(directory)
                if names.listed {
                    guard names.searchable, let type = names.types[NameBytes(Array(name.utf8))] else { return false }
                    switch Int32(type) {
                    case Int32(DT_DIR), Int32(DT_REG), Int32(DT_FIFO), Int32(DT_SOCK), Int32(DT_CHR), Int32(DT_BLK): return true
                    default: break  // a link or an unknown type: looked at below
                    }
                }
            }
            return followedTypeLocked(ProjectPaths.join(directory, name)) != nil
        }
    }

    /// Whether `directory` (an absolute path, as its listing is kept) holds an entry named
    /// `name`, when a listing read earlier in the run says so: nil when the directory has
    /// not been listed, could not be, or cannot be entered (the entry's own answer, an
    /// error, is then left to the caller's read). Lists nothing.
    public func knownEntry(_ name: String, in directory: String) -> Bool? {
        lock.withLock {
            guard let listing = listings[directory], listing.openError == 0, listing.searchError == 0 else { return nil }
            let bytes = Array(name.utf8)
            return listing.entries.contains { $0.name == bytes }
        }
    }

    /// A name of ASCII bytes only, not empty, `.` or `..`, without `/`.
    private static func isPlainASCIIName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, name != ".", name != ".." else { return false }
        return bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "/") }
    }

    /// Whether `path` is a directory, links followed.
    func isDirectory(_ path: String) -> Bool {
        lock.withLock { followedTypeLocked(path) == S_IFDIR }
    }

    /// Whether `path` is a directory itself, not a link to one.
    func isOwnDirectory(_ path: String) -> Bool {
        lock.withLock { ownTypeLocked(path) == S_IFDIR }
    }

    /// Whether the entry `name` of `directory`, whose recorded type is `type`, is a
    /// directory: links followed (`follow`) or not.
    func isDirectory(entry name: String, type: UInt8, searchable: Bool, in directory: String, follow: Bool) -> Bool {
        guard searchable else { return false }
        switch Int(type) {
        case Int(DT_DIR): return true
        case Int(DT_LNK): return follow ? isDirectory(ProjectPaths.join(directory, name)) : false
        case Int(DT_UNKNOWN):
            let path = ProjectPaths.join(directory, name)
            return follow ? isDirectory(path) : isOwnDirectory(path)
        default: return false
        }
    }

    /// The type bits of what `path` names, links followed; nil when there is nothing.
    /// Answered from the parent's listing when its entry says enough.
    private func followedTypeLocked(_ path: String) -> mode_t? {
        if let known = followed[path] { return known }
        var answer: mode_t?
        switch recordedTypeLocked(path) {
        case .some(.some(let type)) where type != mode_t(DT_LNK):
            answer = type
        case .some(.none):
            answer = nil
        default:
            var info = stat()
            answer = stat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
        }
        followed[path] = answer
        return answer
    }

    private func ownTypeLocked(_ path: String) -> mode_t? {
        if let known = own[path] { return known }
        var answer: mode_t?
        switch recordedTypeLocked(path) {
        case .some(.some(let type)):
            answer = type == mode_t(DT_LNK) ? S_IFLNK : type
        case .some(.none):
            answer = nil
        case .none:
            var info = stat()
            answer = lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
        }
        own[path] = answer
        return answer
    }

    /// What the parent directory's listing says of `path`: nil when it cannot tell (the
    /// parent cannot be listed, the type is not recorded, the path is not in normal form);
    /// `.some(nil)` when there is nothing there to look at; else the entry's type as
    /// `S_IF…` bits (`DT_LNK` is kept as is, for the caller to decide).
    private func recordedTypeLocked(_ path: String) -> mode_t?? {
        guard path != "/", ProjectPaths.isNormal(path) else { return nil }
        let names = namesLocked(ProjectPaths.directory(of: path))
        guard names.listed else { return nil }
        guard names.searchable, let type = names.types[NameBytes(Array(ProjectPaths.lastComponent(path).utf8))] else { return .some(nil) }
        switch Int(type) {
        case Int(DT_DIR): return .some(S_IFDIR)
        case Int(DT_REG): return .some(S_IFREG)
        case Int(DT_LNK): return .some(mode_t(DT_LNK))
        case Int(DT_FIFO): return .some(S_IFIFO)
        case Int(DT_SOCK): return .some(S_IFSOCK)
        case Int(DT_CHR): return .some(S_IFCHR)
        case Int(DT_BLK): return .some(S_IFBLK)
        default: return nil
        }
    }
}

/// The bytes of an entry's name as a table key, hashed in one call (an array of bytes
/// is hashed a byte at a time) and compared byte for byte.
struct NameBytes: Hashable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (a: NameBytes, b: NameBytes) -> Bool { a.bytes == b.bytes }
}

/// A directory's share of a source walk: its Swift files and the directories below it
/// the walk may enter, as absolute paths in name order.
struct WalkStep: Sendable {
    var files: [String] = []
    var directories: [String] = []
}
