// Property tests over random line edits: applying every hunk rebuilds the new text, applying
// none gives the old one back, and any subset changes exactly the lines its hunks cover.

import Patch
import XCTest

final class HunkApplyPropertyTests: XCTestCase {
    /// A random text of lines drawn from a small pool (so lines repeat), with random line
    /// endings and sometimes no final newline, and a random edit of it.
    private func randomEdit(_ generator: inout SeededGenerator) -> (old: [UInt8], new: [UInt8]) {
        let pool = ["var body: some View {\n", "}\n", "\n", "Text(\"a\")\n", "Text(\"b\")\r\n", "  .padding()\n",
                    "let x = 1\n", "\u{FEFF}// bom\n", "a\rb\n"]
        var lines = (0..<Int.random(in: 0...60, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
        let old = lines
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            let position = Int.random(in: 0...lines.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: lines.insert(pool.randomElement(using: &generator)!, at: position)
            case 1 where position < lines.count: lines.remove(at: position)
            default: if position < lines.count { lines[position] = pool.randomElement(using: &generator)! }
            }
        }
        var oldBytes = Array(old.joined().utf8), newBytes = Array(lines.joined().utf8)
        if oldBytes.last == 0x0A && Int.random(in: 0..<5, using: &generator) == 0 { oldBytes.removeLast() }
        if newBytes.last == 0x0A && Int.random(in: 0..<5, using: &generator) == 0 { newBytes.removeLast() }
        return (oldBytes, newBytes)
    }

    private func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.filter { $0 == 0x0A }.count + (bytes.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
    }

    func testApplyingAllHunksGivesNewAndNoneGivesOld() {
        var generator = SeededGenerator(seed: 0xB0D1)
        var nonTrivial = 0
        for round in 0..<2_000 {
            let (old, new) = randomEdit(&generator)
            let context = Int.random(in: 0...5, using: &generator)
            let hunks = UnifiedDiff.hunks(old: old, new: new, context: context)
            XCTAssertEqual(hunks.isEmpty, old == new, "round \(round)")
            XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: Set(hunks.indices), to: old), new,
                           "round \(round), context \(context)\n\(visible(old))\n---\n\(visible(new))")
            XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: [], to: old), old, "round \(round)")
            if hunks.count > 1 { nonTrivial += 1 }
        }
        XCTAssertGreaterThan(nonTrivial, 200)
    }

    func testHunkCountsMatchTheirLines() {
        var generator = SeededGenerator(seed: 31)
        for round in 0..<500 {
            let (old, new) = randomEdit(&generator)
            for hunk in UnifiedDiff.hunks(old: old, new: new, context: round % 4) {
                let prefixes = hunk.lines.compactMap(\.first)
                let context = prefixes.filter { $0 == UInt8(ascii: " ") }.count
                XCTAssertEqual(hunk.oldCount, context + prefixes.filter { $0 == UInt8(ascii: "-") }.count)
                XCTAssertEqual(hunk.newCount, context + prefixes.filter { $0 == UInt8(ascii: "+") }.count)
                XCTAssertTrue(prefixes.allSatisfy { " -+\\".utf8.contains($0) })
            }
        }
    }

    func testApplyingASubsetChangesOnlyThoseHunks() {
        var generator = SeededGenerator(seed: 404)
        var checked = 0
        for round in 0..<1_000 {
            let (old, new) = randomEdit(&generator)
            let hunks = UnifiedDiff.hunks(old: old, new: new, context: Int.random(in: 0...3, using: &generator))
            guard hunks.count > 1 else { continue }
            let accepted = Set(hunks.indices.filter { _ in Bool.random(using: &generator) })
            let partial = UnifiedDiff.apply(hunks, accepted: accepted, to: old)
            let growth = accepted.reduce(0) { $0 + hunks[$1].newCount - hunks[$1].oldCount }
            XCTAssertEqual(lineCount(partial), lineCount(old) + growth, "round \(round)")
            // Applying the rest on top, shifted by what the accepted hunks added, finishes the job.
            var shift = 0
            var rest: [Hunk] = []
            for (index, hunk) in hunks.enumerated() {
                if accepted.contains(index) { shift += hunk.newCount - hunk.oldCount; continue }
                var moved = hunk
                moved.oldStart += shift
                rest.append(moved)
            }
            XCTAssertEqual(UnifiedDiff.apply(rest, accepted: Set(rest.indices), to: partial), new, "round \(round)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 100)
    }

    /// Long texts (cut at the lines both hold once before the search) with scattered edits,
    /// repeated lines and a line moved far away: every hunk applied gives the new text, and
    /// the diff is no longer than the edits made.
    func testLongTextsWithScatteredEdits() {
        var generator = SeededGenerator(seed: 0x10AD)
        for round in 0..<6 {
            var lines: [String] = []
            for number in 0..<2_500 {
                lines.append("let value\(number) = \(number)\n")
                lines.append(["}\n", "\n", "  .padding()\n"].randomElement(using: &generator)!)
            }
            let old = lines
            let edits = Int.random(in: 1...60, using: &generator)
            for _ in 0..<edits {
                let position = Int.random(in: 0..<lines.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: lines.insert(["}\n", "Text(\"new\")\n"].randomElement(using: &generator)!, at: position)
                case 1: lines.remove(at: position)
                default: lines[position] = "Text(\"\(round)-\(position)\")\n"
                }
            }
            let moved = lines.remove(at: 10)
            lines.append(moved)
            let oldBytes = Array(old.joined().utf8), newBytes = Array(lines.joined().utf8)
            let hunks = UnifiedDiff.hunks(old: oldBytes, new: newBytes, context: 3)
            XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: Set(hunks.indices), to: oldBytes), newBytes, "round \(round)")
            let changed = hunks.flatMap(\.lines).filter { $0.first == UInt8(ascii: "-") || $0.first == UInt8(ascii: "+") }
            XCTAssertLessThanOrEqual(changed.count, 2 * (edits + 1), "round \(round): \(edits) edits and a move")
        }
    }
}
