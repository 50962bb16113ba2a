// The main modes end to end: preview diff, --apply, --check, --patch, stdin, and the
// byte-exactness promises (CRLF, BOM, permissions, untouched files).
import Foundation
import XCTest

final class PreviewApplyTests: XCTestCase {
    func testPreviewPrintsTheExactDiffAndChangesNothing() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\nprint(fooBar)\nlet other = 2\n")
        try box.write("B.swift", "let clean = 1\n")
        let result = try box.run(["."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,3 +1,3 @@ test-rename-foo
            -let fooBar = 1
            -print(fooBar)
            +let barFoo = 1
            +print(barFoo)
             let other = 2

            """)
        XCTAssertEqual(try box.text("A.swift"), "let fooBar = 1\nprint(fooBar)\nlet other = 2\n")
        XCTAssertTrue(result.stderr.contains("2 files scanned, 1 would change"), result.stderr)
        XCTAssertTrue(result.stderr.contains("test-rename-foo"), result.stderr)
    }

    func testContextOptionChangesHunkSize() throws {
        let box = try Sandbox()
        try box.write("A.swift", "a\nb\nc\nlet fooBar = 1\nd\ne\nf\n")
        let result = try box.run(["-U", "0", "A.swift"])
        XCTAssertEqual(result.output, "--- a/A.swift\n+++ b/A.swift\n@@ -4 +4 @@ test-rename-foo\n-let fooBar = 1\n+let barFoo = 1\n")
    }

    func testApplyWritesOnlyChangedFilesKeepingModeAndOthersMtime() throws {
        let box = try Sandbox()
        let changed = try box.write("A.swift", "let fooBar = 1\n")
        let untouched = try box.write("B.swift", "let clean = 1\n")
        XCTAssertEqual(chmod(changed, 0o640), 0)
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: untouched)

        let result = try box.run(["--apply", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, "", "--apply prints no diff")
        XCTAssertEqual(try box.text("A.swift"), "let barFoo = 1\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: changed)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        let untouchedDate = try FileManager.default.attributesOfItem(atPath: untouched)[.modificationDate] as? Date
        XCTAssertEqual(untouchedDate, past)
        XCTAssertTrue(result.stderr.contains("1 changed"), result.stderr)
    }

    func testSecondApplyChangesNothing() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = fooBar\n")
        XCTAssertEqual(try box.run(["--apply", "."]).status, 0)
        let after = try box.read("A.swift")
        XCTAssertEqual(after, Array("let barFoo = barFoo\n".utf8))
        let second = try box.run(["--apply", "--check", "."])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try box.read("A.swift"), after)
        XCTAssertEqual(try box.run(["."]).output, "")
    }

    func testCheckExitStatus() throws {
        let box = try Sandbox()
        try box.write("Clean.swift", "let clean = 1\n")
        try box.write("Fixable.swift", "let fooBar = 1\n")
        try box.write("Reported.swift", "let reportMe = 1\n")
        XCTAssertEqual(try box.run(["--check", "Clean.swift"]).status, 0)
        XCTAssertEqual(try box.run(["--check", "Fixable.swift"]).status, 1)
        XCTAssertEqual(try box.run(["--check", "Reported.swift"]).status, 1, "a remaining finding fails --check")
        XCTAssertEqual(try box.run(["--check", "--lint", "Clean.swift"]).status, 0)
        XCTAssertEqual(try box.run(["--check", "--lint", "Fixable.swift"]).status, 1)
        XCTAssertEqual(try box.run(["Fixable.swift"]).status, 0, "without --check a preview succeeds")
        XCTAssertEqual(try box.text("Fixable.swift"), "let fooBar = 1\n")
    }

    func testSuggestedFixesNeedUnsafeFixes() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let bazQux = 1\n")
        XCTAssertEqual(try box.run(["A.swift"]).output, "")
        let unsafe = try box.run(["--unsafe-fixes", "A.swift"])
        XCTAssertTrue(unsafe.output.contains("+let quxBaz = 1\n"), unsafe.output)
    }

    func testRulesAndDisableSelectRules() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = reportMe\n")
        let only = try box.run(["--lint", "--rules", "test-report-only", "A.swift"])
        XCTAssertEqual(only.output, "A.swift:1:14: warning: 'reportMe' is reported [test-report-only]\n")
        let disabled = try box.run(["--lint", "--disable", "test-report-only,test-suggest-baz", "A.swift"])
        XCTAssertEqual(disabled.output,
                       "A.swift:1:5: warning: 'fooBar' should be named 'barFoo' [test-rename-foo] (fixable with --apply)\n")
    }

    func testPatchFileIsAcceptedByGitApply() throws {
        let box = try Sandbox()
        try box.write("Sources/A.swift", "let fooBar = 1\nlet keep = 2\n")
        try box.write("Sources/Sub/B.swift", "import Foundation\r\nlet x = fooBar\r\n")
        try box.write("Sources/C.swift", "let clean = 3\n")
        try box.git("init", "-q", ".")
        try box.git("add", ".")
        try box.git("commit", "-q", "-m", "start")

        let result = try box.run(["--patch", "fixes.patch", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let patch = try box.text("fixes.patch")
        XCTAssertEqual(patch, result.output, "the patch file holds the same diff as the preview")
        XCTAssertTrue(patch.contains("--- a/Sources/A.swift"))
        try box.git("apply", "--check", "fixes.patch")
        try box.git("apply", "fixes.patch")
        XCTAssertEqual(try box.text("Sources/A.swift"), "let barFoo = 1\nlet keep = 2\n")
        XCTAssertEqual(try box.read("Sources/Sub/B.swift"), Array("import Foundation\r\nlet x = barFoo\r\n".utf8))
        XCTAssertEqual(try box.run(["Sources"]).output, "", "after the patch nothing is left to fix")
    }

    func testCRLFAndByteOrderMarkAreKept() throws {
        let box = try Sandbox()
        let crlf = Array("struct V {\r\n    let fooBar = 1 // note\r\n}\r\n".utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("let fooBar = 1\nlet é = fooBar\n".utf8)
        try box.write("CRLF.swift", bytes: crlf)
        try box.write("BOM.swift", bytes: bom)
        let result = try box.run(["--apply", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try box.read("CRLF.swift"), Array("struct V {\r\n    let barFoo = 1 // note\r\n}\r\n".utf8))
        XCTAssertEqual(try box.read("BOM.swift"), [0xEF, 0xBB, 0xBF] + Array("let barFoo = 1\nlet é = barFoo\n".utf8))
    }

    func testStandardInputPrintsFixedSource() throws {
        let box = try Sandbox()
        let source = Data("let fooBar = 1\r\nlet reportMe = 2\r\n".utf8)
        let fixed = try box.run(["-", "--stdin-path", "Sources/View.swift"], stdin: source)
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertEqual(Array(fixed.stdout), Array("let barFoo = 1\r\nlet reportMe = 2\r\n".utf8))
        XCTAssertTrue(fixed.stderr.contains("Sources/View.swift:2:5"), fixed.stderr)

        let lint = try box.run(["--lint", "--format", "xcode", "-", "--stdin-path", "Sources/View.swift"], stdin: source)
        XCTAssertEqual(lint.output, """
            Sources/View.swift:1:5: warning: 'fooBar' should be named 'barFoo' [test-rename-foo]
            Sources/View.swift:2:5: warning: 'reportMe' is reported [test-report-only]

            """)
        let check = try box.run(["--check", "-"], stdin: Data("let clean = 1\n".utf8))
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.output, "let clean = 1\n")
    }

    func testJobsDoNotChangeOutput() throws {
        let box = try Sandbox()
        for i in 0..<40 {
            let body = i % 3 == 0 ? "let fooBar\(i) = fooBar\nlet reportMe = \(i)\n" : "let value\(i) = fooBar + \(i)\n"
            try box.write("Dir\(i % 4)/File\(i).swift", body)
        }
        let one = try box.run(["--jobs", "1", "."])
        let four = try box.run(["--jobs", "4", "."])
        XCTAssertFalse(one.output.isEmpty)
        XCTAssertEqual(one.output, four.output)
        let jsonOne = try box.run(["--jobs", "1", "--lint", "--format", "json", "."])
        let jsonFour = try box.run(["-j", "4", "--lint", "--format", "json", "."])
        XCTAssertEqual(jsonOne.output, jsonFour.output)
        // Files come in byte order of their paths.
        let headers = one.output.split(separator: "\n").filter { $0.hasPrefix("--- a/") }.map(String.init)
        XCTAssertEqual(headers, headers.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        XCTAssertEqual(headers.count, 40)
    }

    func testSuppressionCommentsAndUnusedDisables() throws {
        let box = try Sandbox()
        try box.write("A.swift", """
            // bodywork:disable:next test-rename-foo
            let fooBar = 1
            // bodywork:disable:next test-report-only
            let x = 2

            """)
        XCTAssertEqual(try box.run(["A.swift"]).output, "", "the suppressed finding is not fixed")
        XCTAssertEqual(try box.run(["--lint", "A.swift"]).output, "")
        let unused = try box.run(["--lint", "--report-unused-disables", "--format", "xcode", "A.swift"])
        XCTAssertTrue(unused.output.hasPrefix("A.swift:3:1: warning: "), unused.output)
        XCTAssertEqual(unused.output.split(separator: "\n").count, 1, unused.output)
    }
}
