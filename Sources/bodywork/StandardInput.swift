// Reads standard input with read(2), so that a closed, write-only or directory stdin is
// a usage error with a reason instead of a trap inside Foundation.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

enum StandardInput {
    /// Every byte of standard input; `purpose` names what it was read for in the error
    /// (`--files-from -`), if anything more than the source itself.
    static func readAll(for purpose: String? = nil) throws(UsageError) -> [UInt8] {
        let purpose = purpose.map { $0 + ": " } ?? ""
        var info = stat()
        if fstat(0, &info) != 0 {
            throw UsageError("\(purpose)cannot read standard input: \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw UsageError("\(purpose)cannot read standard input: it is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("\(purpose)cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }
}
