// Parallel work with deterministic output: files are processed on N threads, but their
// results are handed on strictly in file order, whatever order they finish in.
import Foundation
import Project
import Semantics
import Runtime

/// Runs `work` for every index on `jobs` threads and calls `emit` for each result in index
/// order, one at a time. At most `window` results wait for a slow predecessor, so memory
/// stays bounded however many files there are (by default 64, or 16 per job).
/// `afterBusyHelpers`: the helpers at work now finish soon (see `HelperThreads.run`), and
/// the extra threads are theirs when they do.
func runOrdered<Output: Sendable>(count: Int, jobs: Int, window: Int? = nil, afterBusyHelpers: Bool = false,
                                  work: @escaping @Sendable (Int) -> Output,
                                  emit: @escaping @Sendable (Int, Output) -> Void) {
    guard count > 0 else { return }
    let window = max(1, window ?? max(64, jobs * 16))
    let state = BatchState<Output>(count: count, window: window)
    let worker: @Sendable () -> Void = {
        while let index = state.claim() {
            state.complete(index, work(index), emit: emit)
        }
    }
    let threads = min(max(1, jobs), count)
    let finished = DispatchGroup()
    for _ in 1..<max(threads, 1) {
        HelperThreads.shared.run(worker, group: finished, afterBusy: afterBusyHelpers)
    }
    worker()
    finished.waitLookingFirst()
}

/// The shared counters of a `runOrdered` batch.
private final class BatchState<Output>: @unchecked Sendable {
    private let condition = SpinningCondition()
    private let count: Int
    private let window: Int
    private var nextClaim = 0
    private var nextEmit = 0
    private var pending: [Int: Output] = [:]
    /// A thread is handing results on.
    private var emitting = false

    init(count: Int, window: Int) {
        self.count = count
        self.window = window
    }

    /// The next index to work on, waiting while too many results are held back; nil when
    /// all are claimed.
    func claim() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while nextClaim < count && nextClaim - nextEmit >= window { condition.wait() }
        guard nextClaim < count else { return nil }
        defer { nextClaim += 1 }
        return nextClaim
    }

    /// Hands on the results that are next in order. One thread at a time does, outside
    /// the lock, so that the others go on claiming and completing while it emits.
    func complete(_ index: Int, _ output: Output, emit: (Int, Output) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        pending[index] = output
        guard !emitting else { return }
        emitting = true
        while let ready = pending.removeValue(forKey: nextEmit) {
            let number = nextEmit
            condition.unlock()
            emit(number, ready)
            condition.lock()
            nextEmit += 1
            condition.broadcast()
        }
        emitting = false
    }
}
