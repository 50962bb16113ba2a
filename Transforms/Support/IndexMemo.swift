// Values rules derive from a module index rather than from one file: worked out once per
// index, for every file that index is handed to, on any thread.
import Codemod
import Foundation

final class IndexMemo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Each value with the index it came from, which keeps the index's identity from
    /// being reused by another.
    private var entries: [ObjectIdentifier: (index: ProjectIndex, value: Value)] = [:]
    /// A long-lived process sees many indexes as files change: at most this many are kept.
    private let capacity = 64

    /// The value for `index`, made by `make` the first time (outside the lock; two threads
    /// may both make it, and either answer is kept).
    func value(for index: ProjectIndex, make: (ProjectIndex) -> Value) -> Value {
        let identity = index.identity
        if let known = lock.withLock({ entries[identity]?.value }) { return known }
        let value = make(index)
        lock.withLock {
            if entries.count >= capacity { entries.removeAll() }
            entries[identity] = (index, value)
        }
        return value
    }
}

/// A cheap test of whether a name may be the last component of one of some type names:
/// by length, first and last byte (backticks aside). No false negatives; a positive is
/// checked by the caller.
struct NameEndings: Sendable {
    private var bits = [UInt64](filling: 0, count: 1024)
    private(set) var isEmpty = true

    init(_ typeNames: some Sequence<String>) {
        for name in typeNames {
            let bytes = Array(name.utf8)
            let last = bytes.lastIndex(of: UInt8(ascii: ".")).map { bytes[($0 + 1)...] } ?? bytes[...]
            guard let slot = NameEndings.slot(last) else { continue }
            bits[slot >> 6] |= 1 << UInt64(slot & 63)
            isEmpty = false
        }
    }

    /// Whether the name in `range` of `bytes` may be one of the endings.
    func mayContain(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard let slot = NameEndings.slot(bytes[range]) else { return true }
        return bits[slot >> 6] & (1 << UInt64(slot & 63)) != 0
    }

    private static func slot(_ name: ArraySlice<UInt8>) -> Int? {
        var name = name
        if name.count > 2, name.first == UInt8(ascii: "`"), name.last == UInt8(ascii: "`") { name = name.dropFirst().dropLast() }
        guard let first = name.first, let last = name.last else { return nil }
        return (name.count & 63) << 10 | (Int(first) & 31) << 5 | (Int(last) & 31)
    }
}

/// `ProjectIndex.count(of:)` of each name asked, worked out once per index: the files of a
/// module ask the same few names (`dismiss`, `colorScheme`) again and again, and each count
/// sums the name's uses over all the module's files.
final class ModuleNameCounts: @unchecked Sendable {
    private static let memo = IndexMemo<ModuleNameCounts>()
    private let index: ProjectIndex
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    private init(index: ProjectIndex) { self.index = index }

    /// The counts of `index`, shared by every file and thread given that index.
    static func of(_ index: ProjectIndex) -> ModuleNameCounts { memo.value(for: index, make: ModuleNameCounts.init) }

    /// `index.count(of: name)`.
    func count(of name: String) -> Int {
        if let known = lock.withLock({ counts[name] }) { return known }
        let count = index.count(of: name)
        lock.withLock { counts[name] = count }
        return count
    }
}
