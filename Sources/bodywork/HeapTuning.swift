// How a run's memory is mapped. A run allocates its trees and tables once and keeps them to
// the end: on Linux, faulting that memory in 4 KB pages cost about a tenth of a run's CPU
// time. The heap is asked for transparent huge pages where the system gives them on
// request (`madvise` mode, the usual default), and grown in one step rather than page by
// page. Advice only: nothing changes what the run computes, and where the system refuses,
// the run goes on as before.
#if canImport(Glibc)
import Glibc
import SystemShims

enum HeapTuning {
    /// Room the main heap is grown by at once, and given huge pages over.
    private static let heapRoom = 64 << 20
    /// The span glibc reserves for each thread's heap, aligned to its size, so that the
    /// heap of any pointer it returns starts at the pointer rounded down to it.
    private static let threadHeapSpan = 64 << 20
    private static let hugePage = 2 << 20

    /// Whether the advice is given: not when the user tunes glibc's allocator themselves
    /// (`GLIBC_TUNABLES`), nor when `BODYWORK_NO_HEAP_TUNING` is set.
    private static let enabled: Bool = getenv("GLIBC_TUNABLES") == nil && getenv("BODYWORK_NO_HEAP_TUNING") == nil

    /// Before a run allocates (once per process): the heap keeps what is freed, takes
    /// large blocks itself (not one mapping each), grows by `heapRoom` and is advised to use
    /// huge pages over that room.
    static func prepareProcess() { _ = processPrepared }

    private static let processPrepared: Void = {
        guard enabled else { return }
        _ = mallopt(M_TRIM_THRESHOLD, Int32(4 * heapRoom))
        _ = mallopt(M_TOP_PAD, Int32(heapRoom))
        _ = mallopt(M_MMAP_THRESHOLD, Int32(32 << 20))
        guard let before = sbrk(0), Int(bitPattern: before) != -1 else { return }
        // Blocks larger than the heap's free top make it grow, by a block and the pad. They
        // are kept in a list until the break has moved (a block freed unused may never be
        // asked for at all).
        var blocks: [UnsafeMutableRawPointer] = []
        while sbrk(0) == before, blocks.count < 64, let block = malloc(1 << 20) { blocks.append(block) }
        for block in blocks { free(block) }
        guard let after = sbrk(0), Int(bitPattern: after) != -1, after != before else { return }
        advise(from: Int(bitPattern: before), to: Int(bitPattern: after))
    }()

    /// For a thread that parses or checks files, at its start: its heap is advised to use
    /// huge pages.
    static func prepareThread() {
        guard enabled, let probe = malloc(16) else { return }
        let base = Int(bitPattern: probe) & ~(threadHeapSpan - 1)
        free(probe)
        advise(from: base, to: base + threadHeapSpan)
    }

    private static func advise(from start: Int, to end: Int) {
        let first = (start + hugePage - 1) & ~(hugePage - 1)
        guard end - first >= hugePage, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(address, end - first, MADV_HUGEPAGE)
    }
}
#else
enum HeapTuning {
    static func prepareProcess() {}
    static func prepareThread() {}
}
#endif
