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
        try readAll(descriptor, expectedSize: expectedSize, endsAtSize: false)
    }

    /// Every byte of the regular file `descriptor` is open on, whose `fstat` gave
    /// `regularFileSize`. A read that brings the bytes to that size, short of the room
    /// asked, is the end: on a regular file a read comes back short only there, and the
    /// read that would return nothing to confirm it costs a system call per file. A file
    /// grown since fills the room and is read on, as `readAll(_:expectedSize:)` reads it.
    public static func readAll(_ descriptor: Int32, regularFileSize: Int) throws(ReadError) -> [UInt8] {
        try readAll(descriptor, expectedSize: regularFileSize, endsAtSize: regularFileSize > 0)
    }

    private static func readAll(_ descriptor: Int32, expectedSize: Int, endsAtSize: Bool) throws(ReadError) -> [UInt8] {
        // Read straight into the array's storage, not zeroed first: the bytes are written
        // once. A file that outgrows the room moves to a larger array (rare: the room is
        // its size when it was asked, plus one byte to see the end).
        var bytes: [UInt8] = []
        var capacity = max(expectedSize, 0) + 1
        var failure: Int32 = 0
        var atEnd = false
        while !atEnd {
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                guard let base = buffer.baseAddress else {
                    atEnd = true
                    return
                }
                var filled = previous.count
                previous.withUnsafeBufferPointer { old in
                    if let source = old.baseAddress { base.update(from: source, count: filled) }
                }
                while filled < buffer.count {
                    let count = read(descriptor, base + filled, buffer.count - filled)
                    if count < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        atEnd = true
                        break
                    }
                    if count == 0 {
                        atEnd = true
                        break
                    }
                    filled += count
                    if endsAtSize && filled == expectedSize && filled < buffer.count {
                        atEnd = true
                        break
                    }
                }
                initialized = filled
            }
            capacity = max(capacity * 2, capacity + (1 << 16))
        }
        if failure != 0 { throw ReadError(code: failure) }
        return bytes
    }
}
