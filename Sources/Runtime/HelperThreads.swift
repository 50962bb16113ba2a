// The threads a run works on besides the main thread: made once and reused from one phase
// to the next (the index pass, the rules, asking git), so that a run with two jobs starts
// one helper, not one per phase. Measured (`BODYWORK_DISABLE=helpers`: a thread per piece
// of work): a thread per phase raised a run's peak memory by 8 to 10% with two jobs, each
// new thread taking a heap of its own.
import Foundation

/// The stack of a thread that parses: deeply nested code makes for deep recursion in the
/// parser, so it gets more room than a thread's default.
public let parsingStackSize = 16 << 20

/// Long-lived threads that take work one closure at a time: each parses or checks files,
/// with a parser's stack and its heap advised like the main thread's.
public final class HelperThreads: @unchecked Sendable {
    public static let shared = HelperThreads()

    private let condition = NSCondition()
    /// Helpers waiting for work; each has its own slot for the next closure.
    private var idle: [Helper] = []

    /// Runs `body` on an idle helper, or on a new one when all are busy (a closure may wait
    /// for another's work: none ever waits for a helper to be free). With `group`, entered
    /// now and left once the helper is idle again: a phase that waits for the group and
    /// then hands out more work finds the helper free.
    public func run(_ body: @escaping @Sendable () -> Void, group: DispatchGroup? = nil) {
        group?.enter()
        let work = Work(body: body, group: group)
        guard Mechanism.helpers.isOn else { return startOnce(work) }
        if let helper = condition.withLock({ idle.popLast() }) {
            helper.hand(work)
        } else {
            start(Helper(pool: self, first: work))
        }
    }

    /// `helper` has finished its work and waits for more.
    fileprivate func finished(_ helper: Helper) {
        condition.withLock { idle.append(helper) }
    }

    private func start(_ helper: Helper) {
        let thread = Thread { helper.loop() }
        thread.stackSize = parsingStackSize
        thread.start()
    }

    /// With `helpers` off (measuring): a thread of its own for `work`, ended after it.
    private func startOnce(_ work: Work) {
        let thread = Thread {
            HeapTuning.prepareThread()
            work.body()
            work.group?.leave()
        }
        thread.stackSize = parsingStackSize
        thread.start()
    }
}

/// A closure handed to a helper, and the group it leaves when done.
private struct Work: @unchecked Sendable {
    var body: @Sendable () -> Void
    var group: DispatchGroup?
}

/// One helper thread and the work handed to it next.
private final class Helper: @unchecked Sendable {
    private let pool: HelperThreads
    private let condition = NSCondition()
    private var next: Work?

    init(pool: HelperThreads, first: Work) {
        self.pool = pool
        self.next = first
    }

    func hand(_ work: Work) {
        condition.withLock {
            next = work
            condition.signal()
        }
    }

    /// The thread's life: each closure handed to it, in turn, forever (a run ends with the
    /// process).
    func loop() {
        HeapTuning.prepareThread()
        while true {
            let work = handed()
            work.body()
            // Idle before the group is left: a phase that waits for the group and then hands
            // out more work finds this helper free.
            pool.finished(self)
            work.group?.leave()
        }
    }

    /// The work handed to this helper, waiting until there is some.
    private func handed() -> Work {
        condition.withLock {
            while next == nil { condition.wait() }
            defer { next = nil }
            return next!
        }
    }
}
