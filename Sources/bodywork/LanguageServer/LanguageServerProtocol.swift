// The wire of `bodywork lsp`: JSON-RPC 2.0 messages framed by `Content-Length` headers
// on standard input and output, read and written with read(2) and write(2).
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A JSON value received from the client, read through optional accessors so that a
/// malformed message yields nil instead of trapping.
struct JSONInput {
    let value: Any

    /// The member `key` of an object; nil for a missing key, `null`, or a non-object.
    subscript(key: String) -> JSONInput? {
        guard let object = value as? [String: Any], let member = object[key], !(member is NSNull) else { return nil }
        return JSONInput(value: member)
    }

    var string: String? { value as? String }
    var int: Int? { value is String ? nil : value as? Int }
    var bool: Bool? { value is String ? nil : value as? Bool }
    var array: [JSONInput]? { (value as? [Any])?.map(JSONInput.init) }
    var isObject: Bool { value is [String: Any] }

    /// Parses one message body; nil when it is not JSON.
    static func parse(_ bytes: [UInt8]) -> JSONInput? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return nil }
        return JSONInput(value: value)
    }

    /// A request id as sent (a number or a string), for the response.
    var requestID: JSONText? {
        if let text = value as? String { return .string(text) }
        if let number = value as? Int { return .integer(number) }
        return nil
    }
}

/// JSON-RPC error codes the server answers with.
enum JSONRPCError {
    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    static let serverNotInitialized = -32002
}

/// Reads framed messages from a file descriptor.
struct MessageReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var start = 0
    /// Where the search for the end of the header block goes on: bytes before it were
    /// looked at, so a header that comes in many reads is scanned once.
    private var scanned = 0
    /// A header block longer than this is refused: real ones are a few dozen bytes.
    static let headerLimit = 1 << 16

    init(fd: Int32) { self.fd = fd }

    /// What came off the wire.
    enum Received {
        case message([UInt8])
        /// A header block without a usable `Content-Length`, or too long, with the reason;
        /// the stream cannot be resynchronized.
        case badHeader(String)
        case endOfInput
    }

    /// The next message body; blocks until one is complete.
    mutating func next() -> Received {
        while true {
            if let headerEnd = find(MessageReader.headerTerminator) {
                let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
                guard let length = MessageReader.contentLength(header) else {
                    return .badHeader("message header without a Content-Length: \(header.debugDescription)")
                }
                let bodyStart = headerEnd + MessageReader.headerTerminator.count
                while buffer.count - bodyStart < length {
                    guard fill() else { return .endOfInput }
                }
                let body = Array(buffer[bodyStart..<(bodyStart + length)])
                start = bodyStart + length
                compact()
                return .message(body)
            }
            if buffer.count - start > MessageReader.headerLimit {
                return .badHeader("message header longer than \(MessageReader.headerLimit) bytes; "
                                  + "the stream cannot be read on")
            }
            guard fill() else { return .endOfInput }
        }
    }

    /// Whether a message can be read without waiting: one is buffered in part or whole,
    /// or the descriptor has input (or end of input) pending.
    var hasPendingInput: Bool {
        if start < buffer.count { return true }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    private static let headerTerminator: [UInt8] = Array("\r\n\r\n".utf8)

    /// The `Content-Length` of a header block (names are case-insensitive).
    private static func contentLength(_ header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            guard line[..<colon].lowercased() == "content-length" else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard let length = Int(value), length >= 0 else { return nil }
            return length
        }
        return nil
    }

    private mutating func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count - start >= needle.count else { return nil }
        var i = max(start, scanned)
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0] && buffer[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        scanned = i
        return nil
    }

    /// Reads what is available; false at end of input or on a read error.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            return false
        }
    }

    /// Drops consumed bytes once they make up most of the buffer.
    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1 << 16 && start * 2 > buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        scanned = start
    }
}

/// Writes framed messages to a file descriptor, all bytes or a reported failure.
struct MessageWriter {
    let fd: Int32

    /// Sends one message; returns why it could not be written in full, if it could not.
    func send(_ message: JSONText) -> String? {
        let body = Array(message.rendered().utf8)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if count > 0 {
                written += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return String(cString: strerror(errno))
            }
        }
        return nil
    }
}

extension JSONText {
    /// A JSON-RPC response carrying `result`.
    static func response(id: JSONText, result: JSONText) -> JSONText {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])
    }

    /// A JSON-RPC error response.
    static func errorResponse(id: JSONText, code: Int, message: String) -> JSONText {
        .object([("jsonrpc", .string("2.0")), ("id", id),
                 ("error", .object([("code", .integer(code)), ("message", .string(message))]))])
    }

    /// A JSON-RPC notification.
    static func notification(_ method: String, params: JSONText) -> JSONText {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }
}
