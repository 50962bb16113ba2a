// Reads standard input with read(2), so that a closed, write-only or directory stdin is
// a usage error with a reason instead of a trap inside Foundation.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Patch

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
        do {
            return try DescriptorReader.readAll(0)
        } catch {
            throw UsageError("\(purpose)cannot read standard input: \(error.description)")
        }
    }
}
