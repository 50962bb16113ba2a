// Ctrl-C, SIGTERM and SIGHUP end a run cleanly: every file is either its old or its new
// self, no temporary file of ours is left behind, and the exit status says which signal.
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Patch

/// Catches the terminating signals on one thread of its own (with `sigwait`), so the
/// cleanup can take locks and call anything, which a signal handler may not.
enum Interruption {
    private static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    nonisolated(unsafe) private static var cleanups: [Int: @Sendable () -> Void] = [:]
    nonisolated(unsafe) private static var nextToken = 0
    nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    /// Blocks the signals in this thread (and so in every thread it starts later) and
    /// starts the thread that waits for them. Call first thing in `main`.
    static func install() {
        var set = signalSet()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        var thread = pthread_t()
        pthread_create(&thread, nil, { _ in
            var set = Interruption.signalSet()
            var received: Int32 = 0
            while sigwait(&set, &received) != 0 {}
            Interruption.terminate(signal: received)
        }, nil)
    }

    /// Runs `cleanup` if the run is stopped by a signal before `remove` is called with
    /// the returned token (restoring originals during `--verify`, for example).
    static func onInterrupt(_ cleanup: @escaping @Sendable () -> Void) -> Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        nextToken += 1
        cleanups[nextToken] = cleanup
        return nextToken
    }

    static func remove(_ token: Int) {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        cleanups[token] = nil
    }

    private static func terminate(signal: Int32) -> Never {
        // Cleanups first, while atomic writes still work (they may put files back);
        // then writers finish the rename they are in and no new temporary can be made.
        pthread_mutex_lock(lock)
        for token in cleanups.keys.sorted() { cleanups[token]?() }
        TemporaryFiles.removeAllAndHold()
        if isatty(2) == 1 {
            let clear: [UInt8] = Array("\r\u{1B}[K".utf8)
            _ = clear.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
        _exit(128 + signal)
    }

    private static func signalSet() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }
}
