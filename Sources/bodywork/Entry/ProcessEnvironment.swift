// The process's environment variables, read once from the C library's `environ`. Foundation
// builds a new dictionary on every `ProcessInfo.environment` call, splitting each entry
// at its first `=` as `Character`s: the four reads of a run cost more than its settings.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ProcessEnvironment {
    /// Name → value of every `NAME=value` entry (the last of a repeated name), as the
    /// process started; bodywork never changes its own environment.
    static let variables: [String: String] = {
        var result: [String: String] = [:]
        #if canImport(Glibc) || canImport(Darwin)
        guard var entry = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return result }
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
                let buffer = UnsafeBufferPointer(start: bytes, count: length)
                if let equals = buffer.firstIndex(of: UInt8(ascii: "=")) {
                    result[String(decoding: buffer[..<equals], as: UTF8.self)] =
                        String(decoding: buffer[(equals + 1)...], as: UTF8.self)
                }
            }
            entry += 1
        }
        #endif
        return result
    }()
}
