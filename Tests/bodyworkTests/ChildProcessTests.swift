// The child processes git queries run in: whatever a child writes and reads, in any order
// and amount, must come back whole, with its exit status, and never deadlock.
@testable import BodyworkCLI
import XCTest

final class ChildProcessTests: XCTestCase {
    private let shell = "/bin/sh"

    func testLargeInputComesBackWholeThroughBothPipes() throws {
        // More than any pipe buffer in each direction: the child writes while it still has
        // input to read, so a parent that wrote everything first would block for ever.
        let input = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let result = try XCTUnwrap(ChildProcess.run(shell, ["-c", "tee /dev/stderr"], input: input))
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output.count, input.count)
        XCTAssertTrue(result.output == input)
        XCTAssertTrue(result.errors == input)
    }

    func testExitStatusAndBothOutputsAreKeptApart() throws {
        let result = try XCTUnwrap(ChildProcess.run(shell, ["-c", "printf out; printf err >&2; exit 3"]))
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(String(decoding: result.output, as: UTF8.self), "out")
        XCTAssertEqual(String(decoding: result.errors, as: UTF8.self), "err")
    }

    func testWithoutInputTheChildReadsEndOfFile() throws {
        let result = try XCTUnwrap(ChildProcess.run(shell, ["-c", "wc -c"]))
        XCTAssertEqual(String(decoding: result.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines), "0")
    }

    func testAChildThatStopsReadingEarlyDoesNotStopTheParent() throws {
        let input = [UInt8](repeating: UInt8(ascii: "x"), count: 2_000_000)
        let result = try XCTUnwrap(ChildProcess.run(shell, ["-c", "head -c 10"], input: input))
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.output.count, 10)
    }

    func testAKilledChildReportsItsSignal() throws {
        let result = try XCTUnwrap(ChildProcess.run(shell, ["-c", "kill -9 $$"]))
        XCTAssertEqual(result.status, 128 + 9)
    }

    func testAMissingExecutableIsNil() {
        XCTAssertNil(ChildProcess.run("/nonexistent/git", ["status"]))
    }
}
