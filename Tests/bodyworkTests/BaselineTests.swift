// Baselines end to end: --write-baseline records the findings in a stable document,
// --baseline hides them even after the file is edited around them, and entries that
// match nothing are reported with --report-unused-disables.
import Foundation
import XCTest

final class BaselineTests: XCTestCase {
    func testWrittenBaselineIsSortedAndCountsDuplicates() throws {
        let box = try Sandbox()
        try box.write("Sources/B.swift", "let noteMe = 2\n")
        try box.write("ci/README", "the baseline lives here\n")
        try box.write("Sources/A.swift", "let a = reportMe\nlet fooBar = 1\n  let b =\treportMe  // twice\nlet b = reportMe // twice\n")
        let result = try box.run(["--lint", "--write-baseline", "ci/baseline.json", "-j", "2", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("wrote 5 findings to the baseline ci/baseline.json"), result.stderr)
        // Paths are relative to the baseline's directory; whitespace in the source is
        // collapsed; entries are sorted by path, rule, source.
        let expected = """
            {
              "version": 1,
              "findings": [
                {
                  "path": "../Sources/A.swift",
                  "rule": "test-rename-foo",
                  "source": "let fooBar = 1",
                  "count": 1
                },
                {
                  "path": "../Sources/A.swift",
                  "rule": "test-report-only",
                  "source": "let a = reportMe",
                  "count": 1
                },
                {
                  "path": "../Sources/A.swift",
                  "rule": "test-report-only",
                  "source": "let b = reportMe // twice",
                  "count": 2
                },
                {
                  "path": "../Sources/B.swift",
                  "rule": "test-note-only",
                  "source": "let noteMe = 2",
                  "count": 1
                }
              ]
            }

            """
        XCTAssertEqual(try box.text("ci/baseline.json"), expected)
        XCTAssertEqual(try box.run(["--lint", "--write-baseline", "ci/baseline.json", "-j", "1", "Sources"]).status, 0)
        XCTAssertEqual(try box.text("ci/baseline.json"), expected, "the same findings give the same bytes")
    }

    func testBaselineSurvivesLinesInsertedAboveAndReportsOnlyNewFindings() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let a = reportMe\nlet b = reportMe\nlet b = reportMe\n")
        XCTAssertEqual(try box.run(["--lint", "--write-baseline", "baseline.json", "."]).status, 0)
        XCTAssertEqual(try box.run(["--check", "--lint", "A.swift"]).status, 1, "without the baseline the findings fail")

        try box.write("A.swift", "import Foundation\n\n// moved down\nlet a = reportMe\n\nlet b = reportMe\nlet b = reportMe\n")
        let hidden = try box.run(["--check", "--lint", "--baseline", "baseline.json", "."])
        XCTAssertEqual(hidden.status, 0, hidden.output + hidden.stderr)
        XCTAssertEqual(hidden.output, "")
        XCTAssertTrue(hidden.stderr.contains("baseline: 3 findings hidden"), hidden.stderr)

        // A third copy of a recorded line is one more than the baseline accepts.
        try box.write("A.swift", "let b = reportMe\nlet a = reportMe\nlet b = reportMe\nlet b = reportMe\nlet c = reportMe\n")
        let grown = try box.run(["--check", "--lint", "--baseline", "baseline.json", "."])
        XCTAssertEqual(grown.status, 1)
        XCTAssertEqual(grown.output, """
            A.swift:4:9: warning: 'reportMe' is reported [test-report-only]
            A.swift:5:9: warning: 'reportMe' is reported [test-report-only]

            """)
    }

    func testRecordedFixableFindingIsNeitherReportedNorFixed() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        XCTAssertEqual(try box.run(["--lint", "--write-baseline", "baseline.json", "."]).status, 0)
        try box.write("A.swift", "// added\nlet fooBar = 1\nlet other = fooBar\n")

        let preview = try box.run(["--check", "--baseline", "baseline.json", "A.swift"])
        XCTAssertEqual(preview.status, 1, "the new finding's fix is pending")
        XCTAssertEqual(preview.output, """
            --- a/A.swift
            +++ b/A.swift
            @@ -1,3 +1,3 @@ test-rename-foo
             // added
             let fooBar = 1
            -let other = fooBar
            +let other = barFoo

            """)
        XCTAssertEqual(try box.run(["--apply", "--check", "--baseline", "baseline.json", "A.swift"]).status, 0)
        XCTAssertEqual(try box.text("A.swift"), "// added\nlet fooBar = 1\nlet other = barFoo\n")

        // After --apply, only what remains is recorded.
        try box.write("B.swift", "let fooBar = reportMe\n")
        XCTAssertEqual(try box.run(["--apply", "--write-baseline", "after.json", "B.swift"]).status, 0)
        XCTAssertEqual(try box.text("B.swift"), "let barFoo = reportMe\n")
        let after = try box.text("after.json")
        XCTAssertTrue(after.contains("\"rule\": \"test-report-only\""), after)
        XCTAssertFalse(after.contains("test-rename-foo"), after)
    }

    func testUnusedEntriesAreReportedOnlyWhenAsked() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let a = reportMe\nlet b = reportMe\n")
        try box.write("Other.swift", "let z = reportMe\n")
        XCTAssertEqual(try box.run(["--lint", "--write-baseline", "baseline.json", "."]).status, 0)
        try box.write("A.swift", "let a = reportMe\nlet b = 2\n")

        XCTAssertEqual(try box.run(["--check", "--lint", "--baseline", "baseline.json", "A.swift"]).status, 0)
        let unused = try box.run(["--check", "--lint", "--baseline", "baseline.json", "--report-unused-disables", "A.swift"])
        XCTAssertEqual(unused.status, 1)
        // Other.swift is not in this run, so its entry is not called unused.
        XCTAssertEqual(unused.output, "A.swift:1:1: warning: baseline entry for `test-report-only` at `let b = reportMe` "
                       + "in baseline.json matches nothing [unused-disable]\n")
    }

    func testEntriesOfDeletedFilesAreReportedAsUnused() throws {
        let box = try Sandbox()
        try box.write("Sources/A.swift", "let a = reportMe\n")
        try box.write("Sources/Gone.swift", "let g = reportMe\n")
        XCTAssertEqual(try box.run(["--lint", "--write-baseline", "baseline.json", "Sources"]).status, 0)
        try FileManager.default.removeItem(atPath: box.path("Sources/Gone.swift"))

        XCTAssertEqual(try box.run(["--check", "--lint", "--baseline", "baseline.json", "Sources"]).status, 0)
        let unused = try box.run(["--check", "--lint", "--baseline", "baseline.json", "--report-unused-disables", "Sources"])
        XCTAssertEqual(unused.status, 1)
        XCTAssertEqual(unused.output, "")
        XCTAssertTrue(unused.stderr.contains("Sources/Gone.swift:1:1: warning: baseline entry for `test-report-only` at "
                                             + "`let g = reportMe` in baseline.json matches nothing: the file does not exist "
                                             + "[unused-disable]"), unused.stderr)
    }

    func testConfigurationNamesTheBaseline() throws {
        let box = try Sandbox()
        try box.write("App/A.swift", "let a = reportMe\n")
        XCTAssertEqual(try box.run(["--lint", "--write-baseline", "App/known.json", "App"]).status, 0)
        try box.write("App/.bodywork.json", #"{ "baseline": "known.json" }"#)
        let result = try box.run(["--check", "--lint", "App"])
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
        XCTAssertEqual(result.output, "")

        try box.write("App/.bodywork.json", #"{ "baseline": "missing.json" }"#)
        let missing = try box.run(["--lint", "App"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("missing.json"), missing.stderr)
    }

    func testBaselineInAMissingDirectoryIsAUsageErrorBeforeAnyWrite() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = reportMe\n")
        let result = try box.run(["--apply", "--write-baseline", "no/such/dir/baseline.json", "A.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--write-baseline: cannot write 'no/such/dir/baseline.json': no such directory 'no/such/dir'"), result.stderr)
        XCTAssertEqual(try box.text("A.swift"), "let fooBar = reportMe\n")
    }

    func testMalformedBaselineIsAUsageError() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let a = reportMe\n")
        try box.write("baseline.json", #"{ "version": 1, "findings": [ { "path": "A.swift" } ] }"#)
        let result = try box.run(["--lint", "--baseline", "baseline.json", "A.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("findings[0]: expected \"path\", \"rule\" and \"source\""), result.stderr)
    }
}
