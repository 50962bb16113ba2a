// Runs a short helper program (git) and collects what it prints. Foundation's `Process`
// notices the exit of its child only on a 50 ms run-loop poll, which cost a run up to a
// tenth of a second per git query; this waits for the child itself, in one thread.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Runtime

/// One finished child process: its exit status and the bytes of its two outputs.
struct ChildProcess {
    var status: Int32
    var output: [UInt8]
    var errors: [UInt8]

    /// Runs `executable` with `arguments` (the program name is added as `argv[0]`), in the
    /// current directory and environment, feeding `input` on its standard input (or
    /// `/dev/null`). Input and both outputs are served by one `poll` loop, so a child that
    /// writes a lot before it reads cannot deadlock against a full pipe. Nil when the
    /// child cannot be started. A child killed by a signal reports status 128 + signal.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil) -> ChildProcess? {
        guard let outputPipe = Pipe.open(), let errorPipe = Pipe.open() else { return nil }
        var inputPipe: Pipe?
        if input != nil {
            guard let pipe = Pipe.open() else {
                outputPipe.closeBoth()
                errorPipe.closeBoth()
                return nil
            }
            inputPipe = pipe
        }
        let pid = spawn(executable, arguments, stdin: inputPipe?.read, stdout: outputPipe.write, stderr: errorPipe.write)
        // The parent keeps only its own ends: the child's are closed, so end of file is
        // seen when the child (and anything it started) closes its copies.
        close(outputPipe.write)
        close(errorPipe.write)
        if let inputPipe { close(inputPipe.read) }
        guard let pid else {
            close(outputPipe.read)
            close(errorPipe.read)
            if let inputPipe { close(inputPipe.write) }
            return nil
        }
        var result = ChildProcess(status: 0, output: [], errors: [])
        exchange(input: input ?? [], inputFD: inputPipe?.write, outputFD: outputPipe.read, errorFD: errorPipe.read,
                 output: &result.output, errors: &result.errors)
        result.status = wait(for: pid)
        return result
    }

    // MARK: - Pipes and spawning

    /// The two ends of a pipe, both close-on-exec (the child's copies are made by dup2,
    /// which clears the flag on the copy only).
    private struct Pipe {
        var read: Int32
        var write: Int32

        static func open() -> Pipe? {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return nil }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return Pipe(read: fds[0], write: fds[1])
        }

        func closeBoth() {
            close(read)
            close(write)
        }
    }

    private static func spawn(_ executable: String, _ arguments: [String], stdin: Int32?, stdout: Int32,
                              stderr: Int32) -> pid_t? {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let stdin {
            posix_spawn_file_actions_adddup2(&actions, stdin, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, stdout, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr, 2)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        // A child inherits its starter's processors: never only the one a run placed it on.
        let status = ProcessorPlacement.onEveryProcessor {
            argv.withUnsafeBufferPointer { argv in
                posix_spawn(&pid, executable, &actions, nil, argv.baseAddress!, environment)
            }
        }
        return status == 0 ? pid : nil
    }

    // MARK: - Serving the pipes

    /// Writes `input` to `inputFD` and reads `outputFD` and `errorFD` to their ends, all
    /// as each becomes ready; closes every descriptor it was given.
    private static func exchange(input: [UInt8], inputFD: Int32?, outputFD: Int32, errorFD: Int32,
                                 output: inout [UInt8], errors: inout [UInt8]) {
        var writer = inputFD
        if let writer { _ = fcntl(writer, F_SETFL, fcntl(writer, F_GETFL) | O_NONBLOCK) }
        var written = 0
        if writer != nil && input.isEmpty {
            close(writer!)
            writer = nil
        }
        var readers: [Int32?] = [outputFD, errorFD]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while writer != nil || readers.contains(where: { $0 != nil }) {
            var polled: [pollfd] = []
            if let writer { polled.append(pollfd(fd: writer, events: Int16(POLLOUT), revents: 0)) }
            for fd in readers { polled.append(pollfd(fd: fd ?? -1, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&polled, nfds_t(polled.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            var slot = 0
            if let fd = writer {
                let events = polled[0].revents
                slot = 1
                if events & Int16(POLLOUT | POLLERR | POLLHUP) != 0 {
                    let count = input.withUnsafeBytes { bytes in
                        writeWithoutSignal(fd, bytes.baseAddress! + written, bytes.count - written)
                    }
                    if count > 0 { written += count }
                    // A child that stopped reading (EPIPE) gets no more input.
                    if written == input.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                        close(fd)
                        writer = nil
                    }
                }
            }
            for which in readers.indices {
                guard let fd = readers[which] else { continue }
                let events = polled[slot + which].revents
                guard events != 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
                if count > 0 {
                    if which == 0 { output += buffer[0..<count] } else { errors += buffer[0..<count] }
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(fd)
                    readers[which] = nil
                }
            }
        }
        // Descriptors left open by a failed poll.
        if let writer { close(writer) }
        for fd in readers { if let fd { close(fd) } }
    }

    /// `write`, where a child that closed its input gives EPIPE and not SIGPIPE, whatever
    /// the process does with that signal (its default ends the process).
    private static func writeWithoutSignal(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        _ = fcntl(fd, F_SETNOSIGPIPE, 1)
        return write(fd, bytes, count)
        #else
        // The signal is blocked for this thread while it writes; one it raised is taken
        // back before the mask is restored, unless one was already pending.
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        let count = write(fd, bytes, count)
        let error = errno
        if count < 0 && error == EPIPE && !wasPending {
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = error
        return count
        #endif
    }

    /// The exit status of `pid` once it has ended: its exit code, or 128 + the signal
    /// that ended it.
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }
}
