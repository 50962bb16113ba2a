// The index facts of files that did not change, kept between runs: keyed by each file's
// content, so that a run on one file of a large module parses only what changed.
//
// A store per project: `<package>/.build/bodywork/index.cache` in a SwiftPM package, else
// `index-<hash of the project's path>.cache` in the user cache directory
// (`$XDG_CACHE_HOME/bodywork`, else `~/.cache/bodywork`). A store that is unreadable,
// corrupt or written by another version is ignored and rewritten; a missing entry is
// computed. Writes go to a temporary file renamed over the store.
import Foundation
import Patch
import Codemod
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The stores one run reads and writes; thread-safe.
final class IndexCache: @unchecked Sendable {
    /// 128 bits of content hash and the length: what an entry is found by.
    struct Key: Hashable {
        var first: UInt64
        var second: UInt64
        var count: Int
    }

    private let lock = NSLock()
    private var stores: [String: [Key: ArraySlice<UInt8>]] = [:]
    private var added: [String: [Key: [UInt8]]] = [:]
    private var used: [String: Set<Key>] = [:]
    private let environment: [String: String]

    /// Written at the start of every store: a store of another format or version is not read.
    static let header: [UInt8] = Array("bodywork index cache 3 \(bodyworkVersion) \(buildIdentity)\n".utf8)

    /// The executable's size and modification time: what every store names, so that one
    /// written by any other build is not read (what a build records about a file can
    /// change without a new version number).
    static let buildIdentity: String = {
        var info = stat()
        var build = "unknown"
        if let executable = IndexCache.executablePath(), stat(executable, &info) == 0 {
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            build = "\(info.st_size)-\(modified.tv_sec).\(modified.tv_nsec)"
        }
        return build
    }()
    /// The running executable's path, asked of the system (cheaper than `Bundle.main`).
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return Bundle.main.executablePath }
        return String(cString: buffer)
        #else
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return Bundle.main.executablePath }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    /// Entries kept per store: new ones first, then those this run read, then the rest
    /// (older contents of files, other modules' files) while there is room.
    static let capacity = 20_000

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// The key of a file's bytes: two differently built 64-bit hashes (FNV-1a style and a
    /// multiply-xorshift one) and the length.
    static func key(of bytes: [UInt8]) -> Key {
        bytes.withUnsafeBytes { key(of: $0) }
    }

    static func key(of buffer: UnsafeRawBufferPointer) -> Key {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x9e37_79b9_7f4a_7c15
        // Eight bytes at a time (little-endian words), then the rest one by one.
        var offset = 0
        while offset + 8 <= buffer.count {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            first = (first ^ word) &* 0x0000_0100_0000_01b3
            second = (second &+ word &+ 1) &* 0xff51_afd7_ed55_8ccd
            second ^= second >> 29
            offset += 8
        }
        while offset < buffer.count {
            let byte = UInt64(buffer[offset])
            first = (first ^ byte) &* 0x0000_0100_0000_01b3
            second = (second &+ byte &+ 1) &* 0xff51_afd7_ed55_8ccd
            second ^= second >> 29
            offset += 1
        }
        return Key(first: first, second: second, count: buffer.count)
    }

    /// Where the facts of files of the project at `projectPath` are kept.
    func storePath(forProject projectPath: String) -> String? {
        let directory = projectPath.hasSuffix(".xcodeproj") || projectPath.hasSuffix(".xcworkspace")
            ? FilePath.directory(of: projectPath) : projectPath
        if FileKind.of(FilePath.join(directory, "Package.swift")) == .regularFile {
            return FilePath.join(directory, ".build/bodywork/index.cache")
        }
        let base: String
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = FilePath.join(cache, "bodywork")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = FilePath.join(home, ".cache/bodywork")
        } else {
            return nil
        }
        let key = IndexCache.key(of: Array(directory.utf8))
        return FilePath.join(base, "index-" + String(key.first, radix: 16) + ".cache")
    }

    /// Whether this build wrote a store for the project at `projectPath` (its header is
    /// read, not its entries).
    func holdsStore(forProject projectPath: String) -> Bool {
        guard let path = storePath(forProject: projectPath) else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: IndexCache.header.count)
        let count = start.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == start.count && start == IndexCache.header
    }

    /// The facts stored for `key` in `store`, as `ProjectIndex.encodedFacts()` wrote them
    /// and checked well formed.
    func encodedFacts(store: String, key: Key) -> ArraySlice<UInt8>? {
        let bytes: ArraySlice<UInt8>? = lock.withLock {
            if stores[store] == nil { stores[store] = IndexCache.load(store) }
            let found = stores[store]?[key]
            if found != nil { used[store, default: []].insert(key) }
            return found
        }
        return bytes.flatMap { ProjectIndex.isFactEncoding($0) ? $0 : nil }
    }

    func insert(store: String, key: Key, facts: ProjectIndex) {
        let bytes = facts.encodedFacts()
        lock.withLock { added[store, default: [:]][key] = bytes }
    }

    /// Writes every store that gained entries; failures leave the cache as it was.
    func save() {
        let pending = lock.withLock { added }
        for (store, entries) in pending.sorted(by: { $0.key < $1.key }) {
            var out = IndexCache.header
            var kept = 0
            func append(_ key: Key, _ bytes: some Collection<UInt8>) {
                for value in [key.first, key.second, UInt64(key.count), UInt64(bytes.count)] { out.appendWord(value) }
                out.append(contentsOf: bytes)
                kept += 1
            }
            for (key, bytes) in entries { append(key, bytes) }
            let (old, read) = lock.withLock { (stores[store] ?? [:], used[store] ?? []) }
            for key in read where entries[key] == nil {
                if let bytes = old[key] { append(key, bytes) }
            }
            for (key, bytes) in old where entries[key] == nil && !read.contains(key) {
                guard kept < IndexCache.capacity else { break }
                append(key, bytes)
            }
            IndexCache.write(out, to: store)
        }
    }

    // MARK: - Files

    /// Entries of a store; empty when it is missing, of another version or corrupt.
    private static func load(_ path: String) -> [Key: ArraySlice<UInt8>] {
        guard let (read, _, _) = SourceFile.read(path, maxSize: Int.max), let bytes = read, bytes.starts(with: header) else { return [:] }
        var entries: [Key: ArraySlice<UInt8>] = [:]
        var reader = WordReader(bytes: bytes, offset: header.count, end: bytes.count)
        while reader.offset < bytes.count {
            guard let first = reader.word(), let second = reader.word(), let count = reader.word(), count <= UInt64(Int.max),
                  let facts = reader.run() else { return [:] }
            entries[Key(first: first, second: second, count: Int(count))] = facts
        }
        return entries
    }

    /// Writes a file of the cache's folder (a store or a snapshot); false when it cannot.
    @discardableResult
    static func write(_ bytes: [UInt8], to path: String) -> Bool {
        let directory = FilePath.directory(of: path)
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return false }
        // The cache's folder ignores itself, so git never sees it as an untracked change
        // in a package whose .gitignore does not list .build.
        let ignore = FilePath.join(directory, ".gitignore")
        if directory.hasSuffix("/.build/bodywork"), FileKind.of(ignore) == .missing { try? AtomicFile.write(Array("*\n".utf8), to: ignore) }
        // Atomic and registered with the signal handling, like every write of ours.
        return (try? AtomicFile.write(bytes, to: path)) != nil
    }
}

/// Little-endian 64-bit words and length-prefixed byte runs, bounds checked.
struct WordReader {
    let bytes: [UInt8]
    var offset: Int
    let end: Int

    mutating func word() -> UInt64? {
        guard offset + 8 <= end else { return nil }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return value
    }

    mutating func run() -> ArraySlice<UInt8>? {
        guard let length = word(), length <= UInt64(end - offset) else { return nil }
        defer { offset += Int(length) }
        return bytes[offset..<(offset + Int(length))]
    }
}

extension [UInt8] {
    /// Appends `value` as 8 little-endian bytes, as `WordReader.word()` reads it.
    mutating func appendWord(_ value: UInt64) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
