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

    /// Checks `path` before anything is read or written: its directory must exist, it must
    /// not be a directory, and it must not be one of `inputs` (by device and inode, so a
    /// link or `a/../a` is caught too).
    init(path: String, inputs: [String]) throws(UsageError) {
        self.path = path
        try PatchFileWriter.checkOutputPath(path, option: "--patch", inputs: inputs)
    }

    /// Refuses an output path (`--patch`, `--output`) that is a directory, lies in a
    /// directory that does not exist, or is one of `inputs`.
    static func checkOutputPath(_ path: String, option: String, inputs: [String]) throws(UsageError) {
        var status = stat()
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { throw UsageError("\(option): '\(path)' is a directory") }
            if status.st_mode & S_IFMT == S_IFREG {
                for input in inputs {
                    var inputStatus = stat()
                    if stat(input, &inputStatus) == 0, inputStatus.st_dev == status.st_dev,
                       inputStatus.st_ino == status.st_ino {
                        throw UsageError("\(option): '\(path)' is one of the files being read; "
                                         + "choose another path")
                    }
                }
            }
        } else {
            let directory = FilePath.directory(of: path)
            var directoryStatus = stat()
            guard stat(directory, &directoryStatus) == 0, directoryStatus.st_mode & S_IFMT == S_IFDIR else {
                throw UsageError("\(option): cannot write '\(path)': no such directory '\(directory)'")
            }
        }
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
