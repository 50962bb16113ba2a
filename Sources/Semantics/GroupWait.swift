// Waiting for work another thread is about to finish.
import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension DispatchGroup {
    /// `wait()`, looking for the group to be done for up to `seconds` before sleeping: the
    /// work waited for (another thread's last file of a phase, a view being built) mostly
    /// ends within a fraction of a millisecond, and a thread woken from sleep took up to
    /// 0.4 ms to run again on a virtual machine.
    public func waitLookingFirst(seconds: Double = 0.0005) {
        let deadline = DispatchGroup.monotonicSeconds() + seconds
        repeat {
            if wait(timeout: .now()) == .success { return }
        } while DispatchGroup.monotonicSeconds() < deadline
        wait()
    }

    private static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
