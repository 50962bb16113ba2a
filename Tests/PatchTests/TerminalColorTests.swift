// The color decision (`--color` modes, NO_COLOR, TERM=dumb) and the exact colored diff bytes.

import Patch
import XCTest

final class TerminalColorTests: XCTestCase {
    func testAutoFollowsTheTerminal() {
        XCTAssertTrue(TerminalColor.shouldColor(mode: "auto", isTerminal: true, environment: ["TERM": "xterm-256color"]))
        XCTAssertFalse(TerminalColor.shouldColor(mode: "auto", isTerminal: false, environment: ["TERM": "xterm-256color"]))
        XCTAssertTrue(TerminalColor.shouldColor(mode: "auto", isTerminal: true, environment: [:]))
    }

    func testNoColorDisablesAutoButNotAlways() {
        XCTAssertFalse(TerminalColor.shouldColor(mode: "auto", isTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertTrue(TerminalColor.shouldColor(mode: "always", isTerminal: true, environment: ["NO_COLOR": "1"]))
        XCTAssertTrue(TerminalColor.shouldColor(mode: "always", isTerminal: false, environment: ["NO_COLOR": "1"]))
    }

    func testEmptyNoColorIsIgnored() {
        XCTAssertTrue(TerminalColor.shouldColor(mode: "auto", isTerminal: true, environment: ["NO_COLOR": ""]))
    }

    func testDumbTerminalDisablesAutoOnly() {
        XCTAssertFalse(TerminalColor.shouldColor(mode: "auto", isTerminal: true, environment: ["TERM": "dumb"]))
        XCTAssertTrue(TerminalColor.shouldColor(mode: "always", isTerminal: true, environment: ["TERM": "dumb"]))
    }

    func testNeverWins() {
        XCTAssertFalse(TerminalColor.shouldColor(mode: "never", isTerminal: true, environment: ["TERM": "xterm"]))
    }

    func testColoredDiffBytes() {
        let rendered = UnifiedDiff.render(old: Array("a\nb\nc\n".utf8), new: Array("a\nB\nc\n".utf8), path: "V.swift",
                                          color: true)
        let expected = "\u{1B}[1m--- a/V.swift\u{1B}[0m\n\u{1B}[1m+++ b/V.swift\u{1B}[0m\n"
            + "\u{1B}[36m@@ -1,3 +1,3 @@\u{1B}[0m\n a\n\u{1B}[31m-b\u{1B}[0m\n\u{1B}[32m+B\u{1B}[0m\n c\n"
        XCTAssertEqual(rendered, Array(expected.utf8), visible(rendered))
    }

    func testColorResetComesBeforeCRLF() {
        let rendered = UnifiedDiff.render(old: Array("b\r\n".utf8), new: Array("B\r\n".utf8), path: "V.swift", color: true)
        XCTAssertTrue(String(decoding: rendered, as: UTF8.self)
            .hasSuffix("\u{1B}[31m-b\u{1B}[0m\r\n\u{1B}[32m+B\u{1B}[0m\r\n"), visible(rendered))
    }

    func testColorWithMissingFinalNewline() {
        let hunk = UnifiedDiff.hunks(old: Array("b".utf8), new: Array("c".utf8))[0]
        let rendered = UnifiedDiff.renderHunk(hunk, color: true)
        let expected = "\u{1B}[36m@@ -1 +1 @@\u{1B}[0m\n\u{1B}[31m-b\u{1B}[0m\n\\ No newline at end of file\n"
            + "\u{1B}[32m+c\u{1B}[0m\n\\ No newline at end of file\n"
        XCTAssertEqual(rendered, Array(expected.utf8), visible(rendered))
    }

    func testStrippingColorGivesThePlainDiff() {
        let old = Array((1...30).map { "line \($0)\r\n" }.joined().utf8)
        var newText = (1...30).map { "line \($0)\r\n" }
        newText[3] = "changed\r\n"
        newText.remove(at: 20)
        let new = Array(newText.joined().utf8)
        let colored = UnifiedDiff.render(old: old, new: new, path: "x", color: true)
        XCTAssertEqual(stripEscapes(colored), UnifiedDiff.render(old: old, new: new, path: "x", color: false))
    }

    private func stripEscapes(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B {
                while index < bytes.count && bytes[index] != UInt8(ascii: "m") { index += 1 }
                index += 1
            } else {
                output.append(bytes[index]); index += 1
            }
        }
        return output
    }
}
