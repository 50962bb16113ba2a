// The lock the run's threads share: exclusive, and its wait gives the lock back and sleeps
// until a signal, as `NSCondition`'s does.
import Foundation
import XCTest
import Runtime

final class SpinningConditionTests: XCTestCase {
    /// Two threads adding to one counter under the lock lose no addition.
    func testTheLockIsExclusive() {
        let lock = SpinningCondition()
        final class Box: @unchecked Sendable { var count = 0 }
        let box = Box()
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                for _ in 0..<100_000 { lock.withLock { box.count += 1 } }
                done.leave()
            }.start()
        }
        XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(lock.withLock { box.count }, 200_000)
    }

    /// A consumer waiting for each item of a producer receives all of them, in order, with
    /// no signal lost between its check and its wait.
    func testWaitReceivesEverySignal() {
        let condition = SpinningCondition()
        final class Queue: @unchecked Sendable { var items: [Int] = []; var finished = false; var received: [Int] = [] }
        let queue = Queue()
        let consumed = DispatchSemaphore(value: 0)
        Thread {
            while true {
                condition.lock()
                while queue.items.isEmpty && !queue.finished { condition.wait() }
                let batch = queue.items
                queue.items.removeAll()
                let finished = queue.finished
                condition.unlock()
                queue.received += batch  // only this thread reads or writes it until it signals
                if finished && batch.isEmpty { break }
            }
            consumed.signal()
        }.start()
        for item in 0..<20_000 {
            condition.withLock {
                queue.items.append(item)
                condition.signal()
            }
        }
        condition.withLock {
            queue.finished = true
            condition.broadcast()
        }
        XCTAssertEqual(consumed.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(queue.received, Array(0..<20_000))
    }
}
