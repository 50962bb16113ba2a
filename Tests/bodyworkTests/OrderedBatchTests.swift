// Results are handed on in index order and one at a time, whichever thread finishes
// first, while the other threads go on working.
@testable import BodyworkCLI
import Foundation
import XCTest

final class OrderedBatchTests: XCTestCase {
    private final class Record: @unchecked Sendable {
        let lock = NSLock()
        var emitted: [Int] = []
        var inEmit = 0
        var overlapped = false
        var workedDuringEmit = false
    }

    func testResultsComeInOrderOneAtATimeWhileOthersWork() {
        let record = Record()
        let count = 400
        runOrdered(count: count, jobs: 4, work: { index -> Int in
            record.lock.withLock { if record.inEmit > 0 { record.workedDuringEmit = true } }
            // Uneven work, so that results finish out of order.
            if index % 7 == 0 { usleep(UInt32(200 + index % 5 * 100)) }
            return index * 2
        }, emit: { index, value in
            record.lock.withLock {
                record.inEmit += 1
                if record.inEmit > 1 { record.overlapped = true }
            }
            XCTAssertEqual(value, index * 2)
            // A slow consumer: the workers keep going meanwhile.
            if index % 50 == 0 { usleep(2000) }
            record.lock.withLock {
                record.emitted.append(index)
                record.inEmit -= 1
            }
        })
        XCTAssertEqual(record.emitted, Array(0..<count))
        XCTAssertFalse(record.overlapped, "one result at a time")
        XCTAssertTrue(record.workedDuringEmit, "work is claimed while a result is handed on")
    }
}
