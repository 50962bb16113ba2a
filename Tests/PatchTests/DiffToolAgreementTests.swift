// Checks our diffs against the reference tools: GNU `diff -u` must print the same hunks, and
// `git apply` and `patch -p1` must accept our output and reproduce the new file exactly.

import Foundation
import Patch
import XCTest

final class DiffToolAgreementTests: XCTestCase {
    // MARK: - Random inputs

    /// Old text of unique lines and a new text made by random deletions, insertions and
    /// replacements with fresh lines: the longest common subsequence is unique, so any correct
    /// diff tool prints exactly the same hunks.
    private func uniqueLineEdit(_ generator: inout SeededGenerator) -> (old: [UInt8], new: [UInt8]) {
        let count = Int.random(in: 0...40, using: &generator)
        let oldLines = (0..<count).map { "line \($0)\n" }
        var newLines: [String] = []
        var fresh = 0
        for line in oldLines {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: continue
            case 1: newLines.append("fresh \(fresh)\n"); fresh += 1
            case 2: newLines.append(line); newLines.append("fresh \(fresh)\n"); fresh += 1
            default: newLines.append(line)
            }
        }
        if Bool.random(using: &generator) { newLines.insert("fresh top\n", at: 0) }
        var old = Array(oldLines.joined().utf8), new = Array(newLines.joined().utf8)
        if !old.isEmpty && Int.random(in: 0..<4, using: &generator) == 0 { old.removeLast() }
        if !new.isEmpty && Int.random(in: 0..<4, using: &generator) == 0 { new.removeLast() }
        return (old, new)
    }

    /// Texts over a five-line alphabet: many equal lines, many equally short diffs.
    private func smallAlphabetEdit(_ generator: inout SeededGenerator) -> (old: [UInt8], new: [UInt8]) {
        let alphabet = ["}\n", "\n", "a\n", "b\n", "c\r\n"]
        let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        var new = old
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            let position = Int.random(in: 0...new.count, using: &generator)
            if Bool.random(using: &generator) || position == new.count {
                new.insert(alphabet.randomElement(using: &generator)!, at: position)
            } else {
                new.remove(at: position)
            }
        }
        return (Array(old.joined().utf8), Array(new.joined().utf8))
    }

    /// Everything after `diff`'s own two header lines.
    private func hunkText(ofGNUDiff output: [UInt8]) -> [UInt8] {
        var newlines = 0
        var index = 0
        while index < output.count && newlines < 2 {
            if output[index] == 0x0A { newlines += 1 }
            index += 1
        }
        return Array(output[index...])
    }

    private func hunkText(ofOurs output: [UInt8]) -> [UInt8] {
        hunkText(ofGNUDiff: output)
    }

    func testSameHunksAsGNUDiffOnUniqueLines() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var generator = SeededGenerator(seed: 2024)
        var compared = 0
        for round in 0..<100 {
            let (old, new) = uniqueLineEdit(&generator)
            let context = round % 5
            try scratch.write("old", old)
            try scratch.write("new", new)
            let run = try runTool("diff", ["-U\(context)", "old", "new"], in: scratch.path)
            XCTAssertTrue(run.status == 0 || run.status == 1, run.errorOutput)
            let ours = UnifiedDiff.render(old: old, new: new, path: "f", context: context)
            if old == new { XCTAssertEqual(ours, []); continue }
            XCTAssertEqual(hunkText(ofOurs: ours), hunkText(ofGNUDiff: run.output),
                           "round \(round), context \(context)\nours:\n\(visible(ours))\ndiff:\n\(visible(run.output))")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 70)
    }

    /// The changed lines (`-` and `+`) of our diff and of `diff --minimal` for the same texts.
    private func changedLineCounts(old: [UInt8], new: [UInt8], in scratch: ScratchDirectory) throws
        -> (ours: Int, minimal: Int, diff: [UInt8]) {
        try scratch.write("old", old)
        try scratch.write("new", new)
        let run = try runTool("diff", ["--minimal", "-U0", "old", "new"], in: scratch.path)
        func changedLineCount(_ text: [UInt8]) -> Int {
            hunkText(ofGNUDiff: text).split(separator: 0x0A, omittingEmptySubsequences: false)
                .filter { $0.first == UInt8(ascii: "-") || $0.first == UInt8(ascii: "+") }.count
        }
        let ours = UnifiedDiff.render(old: old, new: new, path: "f", context: 0)
        return (changedLineCount(ours), changedLineCount(run.output), ours)
    }

    func testAsShortAsMinimalGNUDiffOnRepetitiveLines() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var generator = SeededGenerator(seed: 99)
        for round in 0..<100 {
            let (old, new) = smallAlphabetEdit(&generator)
            let counts = try changedLineCounts(old: old, new: new, in: scratch)
            XCTAssertEqual(counts.ours, counts.minimal, "round \(round)\nours:\n\(visible(counts.diff))")
        }
    }

    /// A long source-like text (unique declarations between repeated braces, blank lines
    /// and modifiers, long enough to be cut at anchors) with fixes scattered through it:
    /// as few changed lines as a minimal GNU diff.
    func testAsShortAsMinimalGNUDiffOnLongTextsWithScatteredFixes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var generator = SeededGenerator(seed: 4096)
        let repeated = ["}\n", "\n", "        .padding()\n", "    var body: some View {\n", "        }\n"]
        for round in 0..<12 {
            var old: [String] = []
            for number in 0..<1_500 {
                old.append("struct Row\(number): View {\n")
                for _ in 0..<Int.random(in: 1...3, using: &generator) { old.append(repeated.randomElement(using: &generator)!) }
            }
            var new = old
            for _ in 0..<Int.random(in: 1...80, using: &generator) {
                let position = Int.random(in: 0..<new.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: new.insert(repeated.randomElement(using: &generator)!, at: position)
                case 1: new.remove(at: position)
                case 2: new[position] = repeated.randomElement(using: &generator)!
                default: new.insert("    private static let shared\(position) = Formatter()\n", at: position)
                }
            }
            let counts = try changedLineCounts(old: Array(old.joined().utf8), new: Array(new.joined().utf8), in: scratch)
            XCTAssertEqual(counts.ours, counts.minimal, "round \(round)")
        }
    }

    // MARK: - git apply and patch -p1

    /// Cases that stress what a patch tool must understand.
    private var tricky: [(name: String, old: String, new: String)] {
        let ten = (1...10).map { "\($0)\n" }.joined()
        return [
            ("middle", ten, ten.replacingOccurrences(of: "\n5\n", with: "\nfive\n")),
            ("no newline in old", "a\nb", "a\nb\n"),
            ("no newline in new", "a\nb\n", "a\nb"),
            ("no newline in both", "a\nb", "a\nc"),
            ("no newline, unchanged", "a\nb", "x\nb"),
            ("crlf", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\nd\r\n"),
            ("mixed endings", "a\r\nb\nc\r\n", "a\nb\r\nc\r\n"),
            ("empty old", "", "a\nb\n"),
            ("empty new", "a\nb\n", ""),
            ("bom", "\u{FEFF}import SwiftUI\nstruct A {}\n", "\u{FEFF}import SwiftUI\nstruct B {}\n"),
            ("two hunks", ten + ten, (ten + ten).replacingOccurrences(of: "\n2\n", with: "\nX\n")
                .replacingOccurrences(of: "\n9\n10\n", with: "\n9\n10 changed\n")),
        ]
    }

    func testGitApplyReproducesNewExactly() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let initRun = try runTool("git", ["init", "-q", "."], in: scratch.path)
        XCTAssertEqual(initRun.status, 0, initRun.errorOutput)
        var generator = SeededGenerator(seed: 5)
        var cases = tricky.map { (name: $0.name, old: Array($0.old.utf8), new: Array($0.new.utf8)) }
        for round in 0..<30 {
            let (old, new) = round.isMultiple(of: 2) ? uniqueLineEdit(&generator) : smallAlphabetEdit(&generator)
            if old != new { cases.append(("random \(round)", old, new)) }
        }
        for (index, testCase) in cases.enumerated() {
            let path = "Sources/file\(index).swift"
            try FileManager.default.createDirectory(atPath: scratch.file("Sources"), withIntermediateDirectories: true)
            try scratch.write(path, testCase.old)
            let context = index % 4
            let patch = UnifiedDiff.render(old: testCase.old, new: testCase.new, path: path, context: context)
            try scratch.write("change.patch", patch)
            // git refuses hunks without context unless told they are intended.
            let options = context == 0 ? ["--unidiff-zero"] : []
            let check = try runTool("git", ["apply", "--check"] + options + ["change.patch"], in: scratch.path)
            XCTAssertEqual(check.status, 0, "\(testCase.name): \(check.errorOutput)\n\(visible(patch))")
            let apply = try runTool("git", ["apply"] + options + ["change.patch"], in: scratch.path)
            XCTAssertEqual(apply.status, 0, "\(testCase.name): \(apply.errorOutput)")
            XCTAssertEqual(try scratch.read(path), testCase.new, "\(testCase.name)\n\(visible(patch))")
        }
    }

    func testPatchMinusP1ReproducesNewExactly() throws {
        guard locateTool("patch") != nil else { throw XCTSkip("patch is not installed") }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var generator = SeededGenerator(seed: 11)
        var cases = tricky.map { (name: $0.name, old: Array($0.old.utf8), new: Array($0.new.utf8)) }
        for round in 0..<30 {
            let (old, new) = round.isMultiple(of: 2) ? uniqueLineEdit(&generator) : smallAlphabetEdit(&generator)
            if old != new { cases.append(("random \(round)", old, new)) }
        }
        for (index, testCase) in cases.enumerated() {
            // `patch` cannot create a file from an empty old side without a /dev/null header;
            // an existing empty file works.
            let path = "file\(index).swift"
            try scratch.write(path, testCase.old)
            let diff = UnifiedDiff.render(old: testCase.old, new: testCase.new, path: path, context: index % 4)
            let run = try runTool("patch", ["-p1", "--quiet", "--batch", "--no-backup-if-mismatch"],
                                  in: scratch.path, input: diff)
            XCTAssertEqual(run.status, 0, "\(testCase.name): \(run.errorOutput)\n\(visible(diff))")
            XCTAssertEqual(try scratch.read(path), testCase.new, "\(testCase.name)\n\(visible(diff))")
        }
        let leftovers = try scratch.entries().filter { $0.hasSuffix(".orig") || $0.hasSuffix(".rej") }
        XCTAssertEqual(leftovers, [])
    }
}
