// Hand-written expectations for the unified diff: headers, ranges, context, merging,
// missing final newlines, CRLF, empty sides, and the hunk API used by interactive mode.

import Patch
import XCTest

final class UnifiedDiffTests: XCTestCase {
    private func render(_ old: String, _ new: String, context: Int = 3) -> String {
        String(decoding: UnifiedDiff.render(old: Array(old.utf8), new: Array(new.utf8), path: "Sources/App/View.swift",
                                            context: context), as: UTF8.self)
    }

    private let header = "--- a/Sources/App/View.swift\n+++ b/Sources/App/View.swift\n"
    private let tenLines = (1...10).map { "\($0)\n" }.joined()

    func testSingleChangeInTheMiddle() {
        let new = tenLines.replacingOccurrences(of: "\n5\n", with: "\nfive\n")
        XCTAssertEqual(render(tenLines, new), header + """
            @@ -2,7 +2,7 @@
             2
             3
             4
            -5
            +five
             6
             7
             8

            """)
    }

    func testIdenticalInputsRenderNothing() {
        XCTAssertEqual(render(tenLines, tenLines), "")
        XCTAssertEqual(render("", ""), "")
        XCTAssertEqual(UnifiedDiff.hunks(old: Array(tenLines.utf8), new: Array(tenLines.utf8)), [])
    }

    func testEmptyOld() {
        XCTAssertEqual(render("", "a\nb\n"), header + "@@ -0,0 +1,2 @@\n+a\n+b\n")
    }

    func testEmptyNew() {
        XCTAssertEqual(render("a\nb\n", ""), header + "@@ -1,2 +0,0 @@\n-a\n-b\n")
    }

    func testSingleLineRangesOmitTheCount() {
        XCTAssertEqual(render("a\n", "b\n"), header + "@@ -1 +1 @@\n-a\n+b\n")
    }

    func testMissingNewlineInOldOnly() {
        XCTAssertEqual(render("a\nb", "a\nb\n"), header + """
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +b

            """)
    }

    func testMissingNewlineInNewOnly() {
        XCTAssertEqual(render("a\nb\n", "a\nb"), header + """
            @@ -1,2 +1,2 @@
             a
            -b
            +b
            \\ No newline at end of file

            """)
    }

    func testMissingNewlineInBothWithChangedLastLine() {
        XCTAssertEqual(render("a\nb", "a\nc"), header + """
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +c
            \\ No newline at end of file

            """)
    }

    func testMissingNewlineOnAnUnchangedLastLine() {
        XCTAssertEqual(render("a\nb", "x\nb"), header + """
            @@ -1,2 +1,2 @@
            -a
            +x
             b
            \\ No newline at end of file

            """)
    }

    func testCRLFLinesKeepTheirEndings() {
        let old: [UInt8] = Array("a\r\nb\r\nc\r\n".utf8), new: [UInt8] = Array("a\r\nB\r\nc\r\n".utf8)
        let expected = Array((header + "@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n").utf8)
        let rendered = UnifiedDiff.render(old: old, new: new, path: "Sources/App/View.swift")
        XCTAssertEqual(rendered, expected, visible(rendered))
    }

    func testLoneCarriageReturnIsNotALineBreak() {
        let hunks = UnifiedDiff.hunks(old: Array("a\rb\nc\n".utf8), new: Array("a\rB\nc\n".utf8))
        XCTAssertEqual(hunks.count, 1)
        XCTAssertEqual(hunks.first?.oldCount, 2)
        XCTAssertEqual(hunks.first?.lines, [Array("-a\rb\n".utf8), Array("+a\rB\n".utf8), Array(" c\n".utf8)])
    }

    func testChangingOnlyTheLineEndingIsAChange() {
        XCTAssertEqual(render("a\nb\n", "a\r\nb\n"), header + "@@ -1,2 +1,2 @@\n-a\n+a\r\n b\n")
    }

    func testZeroContext() {
        let new = tenLines.replacingOccurrences(of: "\n2\n", with: "\nX\n").replacingOccurrences(of: "\n5\n", with: "\nY\n")
        XCTAssertEqual(render(tenLines, new, context: 0), header + "@@ -2 +2 @@\n-2\n+X\n@@ -5 +5 @@\n-5\n+Y\n")
    }

    func testZeroContextInsertionAndDeletionUseTheLineBefore() {
        let inserted = tenLines.replacingOccurrences(of: "\n3\n", with: "\n3\nnew\n")
        XCTAssertEqual(render(tenLines, inserted, context: 0), header + "@@ -3,0 +4 @@\n+new\n")
        let deleted = tenLines.replacingOccurrences(of: "\n3\n4\n", with: "\n")
        XCTAssertEqual(render(tenLines, deleted, context: 0), header + "@@ -3,2 +2,0 @@\n-3\n-4\n")
        XCTAssertEqual(render(tenLines, "0\n" + tenLines, context: 0), header + "@@ -0,0 +1 @@\n+0\n")
    }

    func testWideContextCoversTheWholeFile() {
        let new = tenLines.replacingOccurrences(of: "\n5\n", with: "\nfive\n")
        let expected = header + "@@ -1,10 +1,10 @@\n 1\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n 9\n 10\n"
        XCTAssertEqual(render(tenLines, new, context: 10), expected)
    }

    func testChangesWithinTwiceTheContextMerge() {
        // Two unchanged lines between the changes: merged at context 1, split at context 0.
        let new = tenLines.replacingOccurrences(of: "\n2\n", with: "\nX\n").replacingOccurrences(of: "\n5\n", with: "\nY\n")
        XCTAssertEqual(render(tenLines, new, context: 1), header + "@@ -1,6 +1,6 @@\n 1\n-2\n+X\n 3\n 4\n-5\n+Y\n 6\n")
        XCTAssertEqual(UnifiedDiff.hunks(old: Array(tenLines.utf8), new: Array(new.utf8), context: 0).count, 2)
    }

    func testChangesFurtherApartThanTwiceTheContextStaySeparate() {
        let new = tenLines.replacingOccurrences(of: "\n2\n", with: "\nX\n").replacingOccurrences(of: "\n6\n", with: "\nY\n")
        XCTAssertEqual(render(tenLines, new, context: 1), header + """
            @@ -1,3 +1,3 @@
             1
            -2
            +X
             3
            @@ -5,3 +5,3 @@
             5
            -6
            +Y
             7

            """)
    }

    func testAmbiguousInsertionSlidesDown() {
        XCTAssertEqual(render("x\nx\ny\n", "x\nx\nx\ny\n"), header + "@@ -1,3 +1,4 @@\n x\n x\n+x\n y\n")
    }

    func testInsertedFunctionReadsLikeGit() {
        let old = "func a() {\n}\n\nfunc b() {\n}\n"
        let new = "func a() {\n}\n\nfunc c() {\n}\n\nfunc b() {\n}\n"
        XCTAssertEqual(render(old, new), header + """
            @@ -1,5 +1,8 @@
             func a() {
             }
             
            +func c() {
            +}
            +
             func b() {
             }

            """)
    }

    func testHunkFields() {
        let new = tenLines.replacingOccurrences(of: "\n5\n", with: "\nfive\nsix-ish\n")
        let hunks = UnifiedDiff.hunks(old: Array(tenLines.utf8), new: Array(new.utf8), context: 1)
        XCTAssertEqual(hunks, [Hunk(oldStart: 4, oldCount: 3, newStart: 4, newCount: 4,
                                    lines: [" 4\n", "-5\n", "+five\n", "+six-ish\n", " 6\n"].map { Array($0.utf8) })])
    }

    func testNoNewlineMarkerIsItsOwnHunkLine() {
        let hunks = UnifiedDiff.hunks(old: Array("a\nb".utf8), new: Array("a\nc".utf8))
        XCTAssertEqual(hunks.first?.lines, [Array(" a\n".utf8), Array("-b".utf8), UnifiedDiff.noNewlineMarker,
                                            Array("+c".utf8), UnifiedDiff.noNewlineMarker])
    }

    func testRenderHunkAndHeaderCompose() {
        let old = Array(tenLines.utf8)
        let new = Array(tenLines.replacingOccurrences(of: "\n2\n", with: "\nX\n")
            .replacingOccurrences(of: "\n9\n", with: "\nY\n").utf8)
        let hunks = UnifiedDiff.hunks(old: old, new: new, context: 1)
        XCTAssertEqual(hunks.count, 2)
        XCTAssertEqual(String(decoding: UnifiedDiff.renderHunk(hunks[1], color: false), as: UTF8.self),
                       "@@ -8,3 +8,3 @@\n 8\n-9\n+Y\n 10\n")
        let composed = UnifiedDiff.header(path: "p", color: false) + hunks.flatMap { UnifiedDiff.renderHunk($0, color: false) }
        XCTAssertEqual(composed, UnifiedDiff.render(old: old, new: new, path: "p", context: 1))
    }

    func testApplySelectedHunks() {
        let old = Array(tenLines.utf8)
        let new = Array(tenLines.replacingOccurrences(of: "\n2\n", with: "\nX\n")
            .replacingOccurrences(of: "\n9\n", with: "\nY\nZ\n").utf8)
        let hunks = UnifiedDiff.hunks(old: old, new: new, context: 1)
        XCTAssertEqual(hunks.count, 2)
        XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: [0, 1], to: old), new)
        XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: [], to: old), old)
        XCTAssertEqual(String(decoding: UnifiedDiff.apply(hunks, accepted: [0], to: old), as: UTF8.self),
                       tenLines.replacingOccurrences(of: "\n2\n", with: "\nX\n"))
        XCTAssertEqual(String(decoding: UnifiedDiff.apply(hunks, accepted: [1], to: old), as: UTF8.self),
                       tenLines.replacingOccurrences(of: "\n9\n", with: "\nY\nZ\n"))
    }

    func testCompletelyDifferentLargeFiles() {
        let old = Array((0..<100_000).map { "old line \($0)\n" }.joined().utf8)
        let new = Array((0..<100_000).map { "new line \($0)\n" }.joined().utf8)
        let hunks = UnifiedDiff.hunks(old: old, new: new)
        XCTAssertEqual(hunks.count, 1)
        XCTAssertEqual(hunks.first?.oldCount, 100_000)
        XCTAssertEqual(hunks.first?.newCount, 100_000)
        XCTAssertEqual(hunks.first?.lines.count, 200_000)
        XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: [0], to: old), new)
    }

    func testLargeFileWithScatteredEdits() {
        let lines = (0..<100_000).map { "let value\($0) = \($0 % 7)\n" }
        var edited = lines
        for index in stride(from: 500, to: 100_000, by: 10_000) { edited[index] = "// edited \(index)\n" }
        edited.insert("inserted\n", at: 42_000)
        let old = Array(lines.joined().utf8), new = Array(edited.joined().utf8)
        let hunks = UnifiedDiff.hunks(old: old, new: new)
        XCTAssertEqual(hunks.count, 11)
        XCTAssertEqual(hunks.reduce(0) { $0 + $1.lines.filter { $0.first == UInt8(ascii: "+") }.count }, 11)
        XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: Set(hunks.indices), to: old), new)
    }

    func testUnrelatedFilesFromASmallAlphabetStillDiffCorrectly() {
        // Many equal lines on both sides: the worst case for the search, bounded by its cost cap.
        var generator = SeededGenerator(seed: 7)
        let alphabet = ["}\n", "\n", "{\n", "x\n", "y\n"]
        let old = Array((0..<20_000).map { _ in alphabet.randomElement(using: &generator)! }.joined().utf8)
        let new = Array((0..<20_000).map { _ in alphabet.randomElement(using: &generator)! }.joined().utf8)
        let hunks = UnifiedDiff.hunks(old: old, new: new, context: 2)
        XCTAssertFalse(hunks.isEmpty)
        XCTAssertEqual(UnifiedDiff.apply(hunks, accepted: Set(hunks.indices), to: old), new)
    }
}

extension UnifiedDiffTests {
    /// An absolute path keeps one slash after the `a/` and `b/` prefixes, as git writes it.
    func testAbsolutePathHeader() {
        XCTAssertEqual(String(decoding: UnifiedDiff.header(path: "/tmp/x.swift", color: false), as: UTF8.self),
                       "--- a/tmp/x.swift\n+++ b/tmp/x.swift\n")
        XCTAssertEqual(String(decoding: UnifiedDiff.header(path: "Sources/x.swift", color: false), as: UTF8.self),
                       "--- a/Sources/x.swift\n+++ b/Sources/x.swift\n")
    }
}
