// The threads a run works on besides the main thread: made once and reused from one phase
// to the next (reading ahead, the index pass, the fold, the rules), so that a run with two
// jobs starts one helper, not one per phase. Each new thread is a gamble on where the
// system first runs it: on a small machine it was often queued behind its starter on one
// processor while the other sat idle (a few milliseconds, a tenth of a run), and a thread
// that lives on keeps the processor it was given.
import Foundation
#if canImport(Glibc)
import SystemShims
#endif

/// The stack of a thread that parses: deeply nested code makes for deep recursion in the
/// parser, so it gets more room than a thread's default.
public let parsingStackSize = 16 << 20

/// Long-lived threads that take work one closure at a time: each parses or checks files,
/// with a parser's stack and its heap advised like the main thread's.
public final class HelperThreads: @unchecked Sendable {
    public static let shared = HelperThreads()

    private let condition = SpinningCondition()
    /// Helpers waiting for work; each has its own slot for the next closure.
    private var idle: [Helper] = []
    /// Helpers at work.
    private var busy = 0
    /// Work for the next helper to finish what it does.
    private var queued: [Work] = []

    /// Runs `body` on an idle helper, or on a new one when all are busy (a closure may wait
    /// for another's work: none ever waits for a helper to be free). With `group`, entered
    /// now and left once the helper is idle again: a phase that waits for the group and
    /// then hands out more work finds the helper free. `afterBusy`: the caller knows the
    /// helpers' work ends soon and does not depend on `body` (the read-ahead, told to
    /// stop); `body` then waits for the first of them to finish rather than start a thread.
    public func run(_ body: @escaping @Sendable () -> Void, group: DispatchGroup? = nil, afterBusy: Bool = false) {
        group?.enter()
        let work = Work(body: body, group: group)
        guard Mechanism.helpers.isOn else { return startOnce(work) }
        enum Taker { case idle(Helper), queued, new }
        let taker: Taker = condition.withLock {
            if let helper = idle.popLast() {
                busy += 1
                return .idle(helper)
            }
            if afterBusy && busy > queued.count {
                queued.append(work)
                return .queued
            }
            busy += 1
            return .new
        }
        switch taker {
        case .idle(let helper): helper.hand(work)
        case .queued: break
        case .new: start(Helper(pool: self, first: work))
        }
    }

    /// What `helper` does next, now that it has finished its work: queued work, or nothing
    /// (it is idle until handed some).
    fileprivate func finished(_ helper: Helper) -> Work? {
        condition.withLock {
            if !queued.isEmpty { return queued.removeFirst() }
            busy -= 1
            idle.append(helper)
            return nil
        }
    }

    /// With `helpers` off (measuring): a thread of its own for `work`, ended after it.
    private func startOnce(_ work: Work) {
        let thread = Thread {
            HeapTuning.prepareThread()
            ProcessorPlacement.adopt()
            work.body()
            ProcessorPlacement.leave()
            work.group?.leave()
        }
        thread.stackSize = parsingStackSize
        thread.start()
    }

    private func start(_ helper: Helper) {
        #if canImport(Glibc)
        // Placed on another processor than this thread's, where there is one.
        let context = Unmanaged.passRetained(helper).toOpaque()
        let started = bodywork_start_thread({ context in
            Unmanaged<Helper>.fromOpaque(context!).takeRetainedValue().loop()
        }, context, parsingStackSize)
        if started == 0 { return }
        Unmanaged<Helper>.fromOpaque(context).release()
        #endif
        let thread = Thread { helper.loop() }
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
    private let condition = SpinningCondition()
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
        var work = handed()
        while true {
            ProcessorPlacement.adopt()
            work.body()
            ProcessorPlacement.leave()
            let queued = pool.finished(self)
            work.group?.leave()
            work = queued ?? handed()
        }
    }

    /// The work handed to this helper, waiting until there is some: looked for without
    /// sleeping for `lookoutSeconds` first, as the next phase's work usually comes that soon.
    private func handed() -> Work {
        let taken: () -> Work? = { [self] in
            condition.withLock {
                defer { next = nil }
                return next
            }
        }
        if let work = lookingFirst(taken) { return work }
        return condition.withLock {
            while next == nil { condition.wait() }
            defer { next = nil }
            return next!
        }
    }
}

/// Keeps each thread of a run on a processor of its own while it works in parallel (see
/// `bodywork_placement_begin`); Linux only, nothing elsewhere.
public enum ProcessorPlacement {
    /// Keeps this thread on its processor, and helpers given work from now on on others,
    /// when the machine has room for `threads`; says whether it does.
    @discardableResult
    public static func begin(threads: Int) -> Bool {
        #if canImport(Glibc)
        return bodywork_placement_begin(Int32(clamping: threads)) == 1
        #else
        return false
        #endif
    }

    /// This thread and, as each next takes work, the helpers run anywhere again.
    public static func end() {
        #if canImport(Glibc)
        bodywork_placement_end()
        #endif
    }

    /// A helper, before its next work, takes up the current placement (or leaves an old one).
    public static func adopt() {
        #if canImport(Glibc)
        bodywork_placement_adopt()
        #endif
    }

    /// A helper, after its work, frees its processor for others.
    public static func leave() {
        #if canImport(Glibc)
        bodywork_placement_leave()
        #endif
    }

    /// Runs `body` with this thread allowed on every processor: a child process started
    /// there inherits that, not the thread's one processor.
    public static func onEveryProcessor<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        #if canImport(Glibc)
        let kept = bodywork_placement_release()
        defer { bodywork_placement_restore(kept) }
        #endif
        return try body()
    }
}
