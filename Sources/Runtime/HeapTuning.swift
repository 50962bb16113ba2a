// How a run's memory is mapped. A run allocates its trees and tables once and keeps them to
// the end: on Linux, faulting that memory in 4 KB pages cost about a tenth of a run's CPU
// time. The heap is asked for transparent huge pages where the system gives them on
// request (`madvise` mode, the usual default), and grown in one step rather than page by
// page. Advice only: nothing changes what the run computes, and where the system refuses,
// the run goes on as before. Measured (`BODYWORK_DISABLE=heap`): without it a run took 2 to
// 12% more CPU time (12% on IceCubesApp), and 4 to 9% less peak memory.
#if canImport(Glibc)
import Glibc
import SystemShims

public enum HeapTuning {
    /// Room the main heap is grown by at once, and given huge pages over.
    private static let heapRoom = 64 << 20
    /// The span glibc reserves for each thread's heap, aligned to its size, so that the
    /// heap of any pointer it returns starts at the pointer rounded down to it.
    private static let threadHeapSpan = 64 << 20
    private static let hugePage = 2 << 20

    /// Whether the advice is given: not when the user tunes glibc's allocator themselves
    /// (`GLIBC_TUNABLES`), nor when `BODYWORK_NO_HEAP_TUNING` is set.
    private static let enabled: Bool = getenv("GLIBC_TUNABLES") == nil && getenv("BODYWORK_NO_HEAP_TUNING") == nil
        && Mechanism.heap.isOn

    /// Before a run allocates (once per process): the heap keeps what is freed, takes
    /// large blocks itself (not one mapping each), grows by `heapRoom` and is advised to use
    /// huge pages over that room.
    public static func prepareProcess() { _ = processPrepared }

    private static let processPrepared: Void = {
        guard enabled else { return }
        _ = mallopt(M_TRIM_THRESHOLD, Int32(4 * heapRoom))
        _ = mallopt(M_TOP_PAD, Int32(heapRoom))
        _ = mallopt(M_MMAP_THRESHOLD, Int32(32 << 20))
        guard let before = sbrk(0), Int(bitPattern: before) != -1 else { return }
        // Blocks larger than the heap's free top make it grow, by a block and the pad. They
        // are kept in a list until the break has moved (a block freed unused may never be
        // asked for at all).
        // The list is allocated before the blocks: made after the first, it would sit
        // between that block and the free top, and the block, freed, would not rejoin the
        // top but be carved up for small allocations, page by page (a megabyte of 4 KB
        // faults over the run).
        var blocks: [UnsafeMutableRawPointer] = []
        blocks.reserveCapacity(64)
        while sbrk(0) == before, blocks.count < 64, let block = malloc(1 << 20) { blocks.append(block) }
        for block in blocks { free(block) }
        guard let after = sbrk(0), Int(bitPattern: after) != -1, after != before else { return }
        let start = Int(bitPattern: before)
        advise(from: start, to: Int(bitPattern: after))
        // The blocks' and the free top's headers were written before the advice, in the
        // first huge page or two of the new room, which the system then maps page by page
        // (about 500 faults each). The heap's top is set aside past them.
        let touchedEnd = start + blocks.count * ((1 << 20) + 4096) + 4096
        let skipEnd = (touchedEnd + hugePage - 1) & ~(hugePage - 1)
        guard let probe = malloc(16) else { return }
        let top = Int(bitPattern: probe)
        free(probe)
        if top < skipEnd, skipEnd - top <= 3 * hugePage, skipEnd <= Int(bitPattern: after) {
            bodywork_set_aside(skipEnd - top - 64)
        }
    }()

    /// For a thread that parses or checks files, at its start: its heap is advised to use
    /// huge pages. The advice comes after glibc has written the heap's first page (the
    /// thread's first allocation made the heap), so the system maps the rest of that first
    /// 2 MB page by page: about 500 page faults per thread heap, which a run with two
    /// jobs paid twice. What is left of those 2 MB is taken once, never used and never
    /// touched (it costs no memory), so that the thread's allocations start on huge pages.
    public static func prepareThread() {
        guard enabled, let probe = malloc(16) else { return }
        let address = Int(bitPattern: probe)
        let base = address & ~(threadHeapSpan - 1)
        free(probe)
        advise(from: base, to: base + threadHeapSpan)
        // Only a fresh heap's top lies in its first 2 MB; a heap another thread used
        // has gone past it.
        let rest = base + hugePage - address
        if rest > 64 << 10, rest < hugePage { bodywork_set_aside(rest - 64) }
    }

    private static func advise(from start: Int, to end: Int) {
        let first = (start + hugePage - 1) & ~(hugePage - 1)
        guard end - first >= hugePage, let address = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(address, end - first, MADV_HUGEPAGE)
    }
}
#else
public enum HeapTuning {
    public static func prepareProcess() {}
    public static func prepareThread() {}
}
#endif
