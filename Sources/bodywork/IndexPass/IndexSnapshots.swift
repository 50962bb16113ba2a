// The fold of a module's files but the few a run is given, kept between runs: a run on one
// file of a large module then reads one snapshot, not every other file and its cached
// facts. A snapshot lists the files it was built from, each with what stat(2) said of it
// and the key of its bytes, and is used only while every one of them is unchanged.
//
// Kept next to the project's index store (`index.cache` → `index-<hash>.snapshot`), the
// most recently used few per store. Layout: a header naming the format and the build;
// when the files were read; per file its path, stamp and key; the index's bytes
// (`ProjectIndex.snapshotBytes()`); a checksum of all that.
import Foundation
import Patch
import Semantics
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What stat(2) says of a file: while all of it stays the same, so do the file's bytes,
/// unless they were written again within the file system's clock tick of the last look.
struct FileStamp: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: UInt64
    /// Modification and status change times, in nanoseconds since 1970.
    var modified: Int64
    var changed: Int64

    init(_ info: stat) {
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = UInt64(truncatingIfNeeded: info.st_size)
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        self.modified = Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec)
        self.changed = Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: UInt64, modified: Int64, changed: Int64) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }

    /// The stamp of the file at `path` (through symlinks); nil when it cannot be looked at.
    static func of(_ path: String) -> FileStamp? {
        var info = stat()
        return stat(path, &info) == 0 ? FileStamp(info) : nil
    }

    /// Now, on the clock file times are stamped by.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// A source file as the index pass reads it.
enum SourceFile {
    /// The bytes of the regular file at `path`, its stamp and its status, taken on the
    /// open file; the bytes are nil when the file is larger than `maxSize` (then not
    /// read). Nil when it cannot be opened, looked at or read, or is no regular file (a
    /// pipe would block).
    static func read(_ path: String, maxSize: Int) -> (bytes: [UInt8]?, stamp: FileStamp, status: stat)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let stamp = FileStamp(info)
        if Int(info.st_size) > maxSize { return (nil, stamp, info) }
        guard let bytes = try? DescriptorReader.readAll(descriptor, regularFileSize: Int(info.st_size)) else { return nil }
        return (bytes.count <= maxSize ? bytes : nil, stamp, info)
    }
}

/// Reads and writes snapshots of folded module indexes.
enum IndexSnapshots {
    /// Views with fewer other files fold fast enough from the cached facts.
    static let minimumFiles = 128
    /// Runs on more files of a view do not keep a snapshot: so many files are seldom
    /// what changes between runs.
    static let maximumPlanned = 16
    /// The most files a snapshot leaves out to be folded on top of it: the files runs
    /// were given and those changed since (the files being worked on). Past this many,
    /// a new snapshot leaves out only the run's own files.
    static let maximumLeftOut = 64
    /// Snapshots kept per store, the most recently used.
    static let kept = 4
    /// A file modified this close to when it was read (or after) may have been written
    /// again within the same clock tick: its bytes are checked, not only its stamp.
    static let clockTick: Int64 = 2_000_000_000

    static let header: [UInt8] = Array("bodywork index snapshot 1 \(bodyworkVersion) \(IndexCache.buildIdentity)\n".utf8)

    /// Where the snapshot of a view is kept, beside the index store `store`: one per set
    /// of owning modules (`view`) and file size limit.
    static func path(store: String, view: [String], maxFileSize: Int) -> String {
        var identity: [UInt8] = Array("\(maxFileSize)\n".utf8)
        for owner in view {
            identity.append(contentsOf: owner.utf8)
            identity.append(0)
        }
        let key = IndexCache.key(of: identity)
        return prefix(ofStore: store) + String(key.first, radix: 16) + ".snapshot"
    }

    private static func prefix(ofStore store: String) -> String {
        (store.hasSuffix(".cache") ? String(store.dropLast(6)) : store) + "-"
    }

    /// What a snapshot is to a run.
    enum Found {
        /// The fold of `files`, each as it was when folded.
        case fold(ProjectIndex, files: [String])
        /// Folded from `files`, of which `changed` are no longer as they were, or are no
        /// longer to be folded (`excluded`).
        case stale(files: [String], changed: Set<String>)
        /// None, or not one this build can read.
        case none
    }

    /// The snapshot at `path`, read when none of its files is in `excluded`, each is in
    /// `visible` and as it was when folded.
    static func load(_ path: String, visible: Set<String>, excluded: Set<String>, jobs: Int) -> Found {
        guard let (read, _, _) = SourceFile.read(path, maxSize: Int.max), let bytes = read else { return .none }
        guard bytes.count >= header.count + 16, bytes.starts(with: header) else { return .none }
        let end = bytes.count - 16
        let sum = bytes.withUnsafeBytes { IndexCache.key(of: UnsafeRawBufferPointer(rebasing: $0[..<end])) }
        var reader = WordReader(bytes: bytes, offset: end, end: bytes.count)
        guard reader.word() == sum.first, reader.word() == sum.second else { return .none }
        reader = WordReader(bytes: bytes, offset: header.count, end: end)
        guard let recorded = reader.word().map(Int64.init(bitPattern:)), let count = reader.word(),
              count <= UInt64(end / 72) else { return .none }
        var files: [String] = []
        files.reserveCapacity(Int(count))
        var changedFiles = Set<String>()
        for _ in 0..<count {
            guard let name = reader.run(),
                  let device = reader.word(), let inode = reader.word(), let size = reader.word(),
                  let modified = reader.word(), let changed = reader.word(),
                  let first = reader.word(), let second = reader.word(), let length = reader.word()
            else { return .none }
            let path = String(decoding: name, as: UTF8.self)
            files.append(path)
            let stamp = FileStamp(device: device, inode: inode, size: size, modified: Int64(bitPattern: modified),
                                  changed: Int64(bitPattern: changed))
            let key = IndexCache.Key(first: first, second: second, count: Int(truncatingIfNeeded: length))
            if !isUnchanged(path, stamp: stamp, key: key, recorded: recorded, visible: visible, excluded: excluded) {
                changedFiles.insert(path)
            }
        }
        guard changedFiles.isEmpty else { return .stale(files: files, changed: changedFiles) }
        guard let payload = reader.run(), reader.offset == end,
              let index = ProjectIndex(snapshot: payload, concurrently: { count, body in
                  runOrdered(count: count, jobs: jobs, work: body, emit: { _, _ in })
              }) else { return .none }
        // Used now: the last to be pruned.
        _ = utimensat(AT_FDCWD, path, nil, 0)
        return .fold(index, files: files)
    }

    /// Whether the file at `path`, folded with this stamp and key, is still to be folded
    /// and as it was then.
    private static func isUnchanged(_ path: String, stamp: FileStamp, key: IndexCache.Key, recorded: Int64,
                                    visible: Set<String>, excluded: Set<String>) -> Bool {
        guard visible.contains(path), !excluded.contains(path), FileStamp.of(path) == stamp else { return false }
        guard stamp.modified >= recorded - clockTick || stamp.changed >= recorded - clockTick else { return true }
        guard let (read, _, _) = SourceFile.read(path, maxSize: Int.max), let current = read else { return false }
        return IndexCache.key(of: current) == key
    }

    /// Keeps `index`, folded from `files` with these stamps and keys as read from
    /// `recorded` on, at `path`; prunes the store's least recently used snapshots.
    /// Failures leave things as they were.
    static func save(_ index: ProjectIndex, files: [String], stamps: [FileStamp], keys: [IndexCache.Key],
                     recorded: Int64, to path: String, store: String) {
        var out = header
        out.appendWord(UInt64(bitPattern: recorded))
        out.appendWord(UInt64(files.count))
        for (number, file) in files.enumerated() {
            out.appendWord(UInt64(file.utf8.count))
            out.append(contentsOf: file.utf8)
            let stamp = stamps[number], key = keys[number]
            for value in [stamp.device, stamp.inode, stamp.size, UInt64(bitPattern: stamp.modified), UInt64(bitPattern: stamp.changed),
                          key.first, key.second, UInt64(key.count)] { out.appendWord(value) }
        }
        let payload = index.snapshotBytes()
        out.appendWord(UInt64(payload.count))
        out.append(contentsOf: payload)
        let sum = IndexCache.key(of: out)
        out.appendWord(sum.first)
        out.appendWord(sum.second)
        // Where the store goes, as the store goes (its folder ignoring itself).
        guard IndexCache.write(out, to: path) else { return }
        prune(directory: FilePath.directory(of: path), prefix: String(FilePath.fileName(prefix(ofStore: store))))
    }

    /// Removes all but the `kept` most recently used snapshots named `prefix…`.
    private static func prune(directory: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let snapshots = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".snapshot") }.compactMap { name -> (String, Int64)? in
            let path = FilePath.join(directory, name)
            return FileStamp.of(path).map { (path, $0.modified) }
        }
        guard snapshots.count > kept else { return }
        for (path, _) in snapshots.sorted(by: { ($0.1, $0.0) > ($1.1, $1.0) }).dropFirst(kept) { unlink(path) }
    }
}
