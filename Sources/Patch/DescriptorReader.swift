// Reading an open file descriptor to its end with read(2), retrying when a signal
// interrupts it: the one loop behind source files, configuration files and standard input.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads file descriptors to their end.
public enum DescriptorReader {
    /// A failed read(2): its `errno`.
    public struct ReadError: Error, Sendable {
        public var code: Int32
        /// The system's words for `code`.
        public var description: String { String(cString: strerror(code)) }
    }

    /// Every byte from `descriptor` up to end of file. `expectedSize` (a regular file's
    /// size, when known) sizes the buffer so that one read usually suffices.
    public static func readAll(_ descriptor: Int32, expectedSize: Int = 0) throws(ReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(expectedSize, 0) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 1 << 16)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}
