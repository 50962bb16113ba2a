// The two output streams, shared by the worker threads: stdout buffered for diffs and
// reports, stderr for messages, and the progress line that must be cleared before either.
import Codemod
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Serialized, buffered access to standard output and standard error.
final class Console: @unchecked Sendable {
    let stdoutIsTerminal = isatty(1) == 1
    let stderrIsTerminal = isatty(2) == 1
    private let lock = NSLock()
    private var outputBuffer: [UInt8] = []
    private var progress: ProgressLine?
    private var failedOutput: String?

    /// Why standard output could not be written (a full disk, a closed pipe), once a
    /// write failed; nothing more is sent to it then, and the run must not exit 0.
    var outputError: String? { lock.withLock { failedOutput } }

    /// Shows a progress line on stderr for this batch, when stderr is a terminal.
    func startProgress(total: Int) {
        guard stderrIsTerminal else { return }
        lock.withLock { progress = ProgressLine(total: total, start: Console.now()) }
    }

    /// Redraws the progress line if it is due (at most ten times a second).
    func updateProgress(done: Int, bytes: Int) {
        lock.withLock {
            guard var line = progress else { return }
            let now = Console.now()
            if let text = line.redraw(done: done, bytes: bytes, now: now) {
                flushOutputLocked()
                writeAll(2, Array(text.utf8))
            }
            progress = line
        }
    }

    /// Erases the progress line for good.
    func endProgress() {
        lock.withLock {
            clearProgressLocked()
            progress = nil
        }
    }

    /// Queues bytes for standard output. Bytes as many as the buffer holds (a large file's
    /// diff) are written as they are, after what is queued, not copied into the buffer.
    func write(_ bytes: [UInt8]) {
        lock.withLock {
            if progress?.isVisible == true && stdoutIsTerminal { clearProgressLocked() }
            if bytes.count >= Console.bufferSize {
                flushOutputLocked()
                writeOutputLocked(bytes)
                return
            }
            outputBuffer.append(contentsOf: bytes)
            if outputBuffer.count >= Console.bufferSize { flushOutputLocked() }
        }
    }

    private static let bufferSize = 1 << 16

    func write(_ text: String) { write(Array(text.utf8)) }

    /// Writes a message to standard error (after what stdout has so far), ending it with a newline.
    func message(_ text: String) {
        lock.withLock {
            clearProgressLocked()
            flushOutputLocked()
            writeAll(2, Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
        }
    }

    func flush() {
        lock.withLock { flushOutputLocked() }
    }

    private func clearProgressLocked() {
        guard var line = progress, line.isVisible else { return }
        writeAll(2, Array(line.clear().utf8))
        progress = line
    }

    private func flushOutputLocked() {
        guard !outputBuffer.isEmpty else { return }
        writeOutputLocked(outputBuffer)
        outputBuffer.removeAll(keepingCapacity: true)
    }

    private func writeOutputLocked(_ bytes: [UInt8]) {
        if failedOutput == nil, let code = writeAll(1, bytes) {
            failedOutput = "cannot write standard output: \(String(cString: strerror(code)))"
        }
    }

    /// Writes every byte, retrying short writes; the `errno` of a failure, else nil.
    @discardableResult
    private func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if written == 0 { return EIO }
                offset += written
            }
            return nil
        }
    }

    /// Seconds on a monotonic clock (the one `--timings` reads).
    static func now() -> Double { Timings.now() }
}

/// write(2) under a name that `Console.write` does not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
