// A run's helper threads are made once and reused from one phase to the next, and work
// that waits for other work never waits for a helper to be free.
@testable import BodyworkCLI
import Foundation
import XCTest
@testable import Runtime

final class HelperThreadsTests: XCTestCase {
    private final class Threads: @unchecked Sendable {
        let lock = NSLock()
        var seen: Set<ObjectIdentifier> = []

        func record() {
            let current = ObjectIdentifier(Thread.current)
            lock.withLock { _ = seen.insert(current) }
        }
    }

    func testASecondBatchRunsOnTheFirstBatchsThreads() {
        let main = ObjectIdentifier(Thread.current)
        let first = Threads()
        let second = Threads()
        for threads in [first, second] {
            runOrdered(count: 200, jobs: 3, work: { index -> Int in
                threads.record()
                // Long enough that every helper takes some of the work.
                usleep(200)
                return index
            }, emit: { _, _ in })
        }
        XCTAssertEqual(first.seen.subtracting([main]).count, 2, "two helpers besides the calling thread")
        XCTAssertTrue(second.seen.subtracting([main]).isSubset(of: first.seen), "no new thread for the second batch")
    }

    func testAHelperThatFinishedTakesTheNextWork() {
        let pool = HelperThreads()
        let threads = Threads()
        for _ in 0..<3 {
            let done = DispatchGroup()
            pool.run({ threads.record() }, group: done)
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        }
        XCTAssertEqual(threads.seen.count, 1, "one helper, reused for each work handed out after it was idle")
    }

    func testWorkThatWaitsForLaterWorkGetsAThreadOfItsOwn() {
        let pool = HelperThreads.shared
        let later = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        // Takes a helper and holds it until the work handed out after it has run.
        pool.run({ later.wait() }, group: done)
        pool.run({ later.signal() }, group: done)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    }
}
