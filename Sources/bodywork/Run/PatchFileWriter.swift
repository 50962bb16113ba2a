// The `--patch FILE` output. It is collected in memory and written once every source has
// been read, so a patch path can never empty a source, and a failed write is an error.
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Patch

/// Every file's diff, in file order, uncolored; written by `commit()`.
final class PatchFileWriter: @unchecked Sendable {
    let path: String
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    /// The path is checked with the run's other outputs (`OutputGuard`).
    init(path: String) {
        self.path = path
    }

    func write(_ diff: [UInt8]) {
        lock.withLock { bytes.append(contentsOf: diff) }
    }

    /// Writes the patch: a regular file (or a link's target) is replaced atomically, a
    /// device or FIFO is written as a stream. The error to report, or nil.
    func commit() -> String? {
        let bytes = lock.withLock { self.bytes }
        do {
            try AtomicFile.write(bytes, to: path)
            return nil
        } catch {
            return "--patch: \(error.description)"
        }
    }
}
