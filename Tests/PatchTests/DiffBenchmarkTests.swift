// Rough speed figures for the diff on large inputs; skipped unless BODYWORK_PATCH_BENCH=1.
// Run with `swift test -c release --filter DiffBenchmarkTests`. Times are printed, never asserted.

import Foundation
import Patch
import XCTest

final class DiffBenchmarkTests: XCTestCase {
    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["BODYWORK_PATCH_BENCH"] == "1" else {
            throw XCTSkip("set BODYWORK_PATCH_BENCH=1 to run the diff benchmark")
        }
    }

    private func measureSeconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func report(_ label: String, bytes: Int, seconds: Double) {
        let megabytes = Double(bytes) / 1_000_000
        print(String(format: "[bench] %@: %.1f MB in %.3f s (%.0f MB/s)", label, megabytes, seconds, megabytes / seconds))
    }

    func testTenMegabyteFileWithFewChanges() {
        var generator = SeededGenerator(seed: 10)
        var lines: [String] = []
        var size = 0
        while size < 10_000_000 {
            let line = "        Text(\"row \(lines.count)\").padding(\(lines.count % 13)).frame(maxWidth: .infinity)\n"
            lines.append(line)
            size += line.utf8.count
        }
        var edited = lines
        for _ in 0..<20 {
            let index = Int.random(in: 0..<edited.count, using: &generator)
            edited[index] = "        // rewritten \(index)\n"
        }
        edited.insert("inserted\n", at: edited.count / 2)
        let old = Array(lines.joined().utf8), new = Array(edited.joined().utf8)
        var rendered: [UInt8] = []
        let seconds = measureSeconds { rendered = UnifiedDiff.render(old: old, new: new, path: "Big.swift") }
        report("10 MB, \(lines.count) lines, 21 changes, render", bytes: old.count + new.count, seconds: seconds)
        XCTAssertFalse(rendered.isEmpty)
    }

    func testCompletelyDifferentFiles() {
        let old = Array((0..<100_000).map { "old line \($0)\n" }.joined().utf8)
        let new = Array((0..<100_000).map { "new line \($0)\n" }.joined().utf8)
        var hunks: [Hunk] = []
        let seconds = measureSeconds { hunks = UnifiedDiff.hunks(old: old, new: new) }
        report("100k vs 100k unrelated lines, hunks", bytes: old.count + new.count, seconds: seconds)
        XCTAssertEqual(hunks.count, 1)
    }

    func testUnrelatedRepetitiveFiles() {
        var generator = SeededGenerator(seed: 3)
        let alphabet = ["}\n", "\n", "{\n", "x\n", "y\n", "z\n"]
        let old = Array((0..<100_000).map { _ in alphabet.randomElement(using: &generator)! }.joined().utf8)
        let new = Array((0..<100_000).map { _ in alphabet.randomElement(using: &generator)! }.joined().utf8)
        var hunks: [Hunk] = []
        let seconds = measureSeconds { hunks = UnifiedDiff.hunks(old: old, new: new) }
        report("100k vs 100k lines over 6 distinct lines, hunks", bytes: old.count + new.count, seconds: seconds)
        XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: Set(hunks.indices), to: old), new)
    }
}
