// Waiting for work another thread is about to finish.
import Dispatch
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// How long a thread looks for work about to end (another thread's last file of a phase, a
/// view being built, the next phase's work) before it sleeps: such work mostly comes
/// within a fraction of a millisecond, and a thread woken from sleep took up to 0.4 ms to
/// run again on a virtual machine.
public let lookoutSeconds = 0.0005

/// The first answer of `found`, asked again and again for up to `lookoutSeconds`; nil when
/// it gave none in that time.
public func lookingFirst<Found>(_ found: () -> Found?) -> Found? {
    guard Mechanism.lookout.isOn else { return found() }
    let deadline = monotonicSeconds() + lookoutSeconds
    repeat {
        if let answer = found() { return answer }
    } while monotonicSeconds() < deadline
    return nil
}

private func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

extension DispatchGroup {
    /// `wait()`, looking for the group to be done for `lookoutSeconds` before sleeping.
    public func waitLookingFirst() {
        if lookingFirst({ wait(timeout: .now()) == .success ? true : nil }) == nil { wait() }
    }
}
