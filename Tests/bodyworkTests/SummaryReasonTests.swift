// The summary's list of withheld-fix reasons stays short on a large run.
import XCTest
@testable import BodyworkCLI

final class SummaryReasonTests: XCTestCase {
    func testReasonsAreListedMostFrequentFirstInAtMostTenLines() {
        var reasons: [String: Int] = [:]
        for number in 1...14 { reasons["reason \(number)"] = number }
        let lines = RunTotals.reasonLines(reasons)
        XCTAssertEqual(lines.count, 10)
        XCTAssertEqual(lines.first, "    reason 14 (14)")
        XCTAssertEqual(lines[8], "    reason 6 (6)")
        XCTAssertEqual(lines.last, "    5 other reasons (15)", "1 + 2 + 3 + 4 + 5")
    }

    func testFewReasonsAreAllListed() {
        XCTAssertEqual(RunTotals.reasonLines(["b": 1, "a": 1, "c": 3]), ["    c (3)", "    a (1)", "    b (1)"])
    }
}
