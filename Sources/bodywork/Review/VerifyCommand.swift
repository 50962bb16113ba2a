// The `--verify` command, run in a process group of its own so that an interrupt can stop
// it (and whatever it started) before files are put back; only a bounded part of its
// output is kept, however much it prints.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Runtime

/// One run of the verify command through `/bin/sh -c`, its output digested as it comes.
enum VerifyCommand {
    struct Result {
        var passed: Bool
        var status: String
        var firstErrorLine: String
        /// The last bytes the command printed (at most `OutputDigest.tailLimit`).
        var tail: [UInt8] = []
    }

    /// How long the command's process group has after SIGTERM before SIGKILL.
    static let gracePeriod = 3.0

    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()
    /// The process group of the command running now.
    nonisolated(unsafe) private static var running: pid_t?
    /// Set by `stop()`: no command starts any more.
    nonisolated(unsafe) private static var stopped = false

    static func run(_ command: String) -> Result {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return failure("could not start", String(cString: strerror(errno))) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        pthread_mutex_lock(lock)
        if stopped {
            pthread_mutex_unlock(lock)
            close(fds[0])
            close(fds[1])
            return failure("not started", "the run was interrupted")
        }
        let pid = spawn(command, output: fds[1])
        running = pid
        pthread_mutex_unlock(lock)
        close(fds[1])
        guard let pid else {
            close(fds[0])
            return failure("could not start", "/bin/sh could not be started")
        }

        var digest = OutputDigest()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress!, $0.count) }
            if count > 0 {
                digest.feed(buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        pthread_mutex_lock(lock)
        running = nil
        pthread_mutex_unlock(lock)

        let signal = status & 0x7f
        let code = (status >> 8) & 0xff
        let statusText = signal == 0 ? "exit status \(code)" : "killed by signal \(signal)"
        digest.finish()
        return Result(passed: signal == 0 && code == 0, status: statusText,
                      firstErrorLine: digest.firstErrorLine(status: statusText), tail: digest.tail)
    }

    /// Starts no command any more, and ends the one running: SIGTERM to its process group,
    /// SIGKILL when it is still there after `gracePeriod`. Returns once the group is gone
    /// (or a second after SIGKILL). Safe to call from the interrupt thread.
    static func stop() {
        pthread_mutex_lock(lock)
        stopped = true
        let group = running
        pthread_mutex_unlock(lock)
        guard let group else { return }
        kill(-group, SIGTERM)
        if waitUntilGone(group, seconds: gracePeriod) { return }
        kill(-group, SIGKILL)
        _ = waitUntilGone(group, seconds: 1)
    }

    /// Whether the process group is gone (its leader reaped by `run`) within `seconds`.
    private static func waitUntilGone(_ group: pid_t, seconds: Double) -> Bool {
        let steps = Int(seconds / 0.02)
        for _ in 0...steps {
            pthread_mutex_lock(lock)
            let reaped = running != group
            pthread_mutex_unlock(lock)
            if reaped || (kill(-group, 0) != 0 && errno == ESRCH) { return true }
            usleep(20_000)
        }
        return false
    }

    private static func failure(_ status: String, _ why: String) -> Result {
        Result(passed: false, status: status, firstErrorLine: why)
    }

    /// `/bin/sh -c command` in a new process group, standard output and error on `output`,
    /// standard input from /dev/null, the signals the run blocks set back to their defaults.
    private static func spawn(_ command: String, output: Int32) -> pid_t? {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawnattr_init(&attributes) == 0 else { return nil }
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let words: [String] = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        var pid: pid_t = 0
        // A build started from a thread kept on one processor would be kept there too.
        let status = ProcessorPlacement.onEveryProcessor {
            argv.withUnsafeBufferPointer { argv in
                posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv.baseAddress!, environment)
            }
        }
        return status == 0 ? pid : nil
    }
}

/// What is kept of a command's output, in bounded memory however much it prints: the
/// first line that says `error`, the first non-empty line, and the last `tailLimit` bytes.
struct OutputDigest {
    static let tailLimit = 64 * 1024
    /// Lines are looked at up to this many bytes.
    static let lineLimit = 4096

    private var firstError: String?
    private var firstLine: String?
    private var line: [UInt8] = []
    private(set) var tail: [UInt8] = []

    mutating func feed(_ bytes: ArraySlice<UInt8>) {
        tail += bytes
        if tail.count > 2 * OutputDigest.tailLimit { tail.removeFirst(tail.count - OutputDigest.tailLimit) }
        guard firstError == nil else { return }
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = OutputDigest.lineEnd(in: bytes, from: start)
            let room = OutputDigest.lineLimit - line.count
            if room > 0 { line += bytes[start..<min(end, start + room)] }
            guard end < bytes.endIndex else { return }
            endLine()
            if firstError != nil { return }
            start = end + 1
        }
    }

    /// The index of the first `\n` or `\r` at or after `start`, else the end (found with
    /// memchr: a build can print hundreds of megabytes).
    private static func lineEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress! + (start - bytes.startIndex)
            let count = bytes.endIndex - start
            var end = count
            if let newline = memchr(base, 0x0A, count) { end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) }
            if end > 0, let carriage = memchr(base, 0x0D, end) {
                end = base.distance(to: carriage.assumingMemoryBound(to: UInt8.self))
            }
            return start + end
        }
    }

    /// Takes the last line, which need not end with a newline.
    mutating func finish() {
        if firstError == nil { endLine() }
        if tail.count > OutputDigest.tailLimit { tail.removeFirst(tail.count - OutputDigest.tailLimit) }
    }

    /// The first line that says `error`, else the first non-empty line, else the status.
    func firstErrorLine(status: String) -> String {
        firstError ?? firstLine ?? "the command printed nothing (\(status))"
    }

    /// Looks at the line just read. Most lines are neither the first nor an error: they
    /// are judged on their bytes, and only a line kept becomes a `String`.
    private mutating func endLine() {
        defer { line.removeAll(keepingCapacity: true) }
        let saysError = OutputDigest.containsError(line)
        guard firstLine == nil || saysError else { return }
        let text = String(decoding: line, as: UTF8.self).trimmingSpaces()
        guard !text.isEmpty else { return }
        if firstLine == nil { firstLine = text }
        if saysError { firstError = text }
    }

    /// Whether `bytes` hold "error" in any case.
    private static func containsError(_ bytes: [UInt8]) -> Bool {
        let word: [UInt8] = Array("error".utf8)
        guard bytes.count >= word.count else { return false }
        for start in 0...(bytes.count - word.count) where bytes[start] | 0x20 == word[0] {
            var matches = true
            for offset in 1..<word.count where bytes[start + offset] | 0x20 != word[offset] {
                matches = false
                break
            }
            if matches { return true }
        }
        return false
    }
}
