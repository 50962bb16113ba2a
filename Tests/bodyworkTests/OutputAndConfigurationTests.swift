// The report formats other tools read (their shape, and that the fixes they carry really
// produce bodywork's output), --output, and configuration files with comments and
// inheritance, as a user meets them through the binary.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

final class OutputAndConfigurationTests: XCTestCase {
    private func sandboxWithFindings() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("Sources/A.swift", "let fooBar = 1\nlet bazQux = 2 // the <odd> & \"quoted\" one\n")
        try box.write("Sources/B.swift", "let clean = 0\n")
        return box
    }

    private func isWellFormedXML(_ text: String) -> Bool {
        XMLParser(data: Data(text.utf8)).parse()
    }

    func testCheckstyleAndJUnitAreWellFormedAndComplete() throws {
        let box = try sandboxWithFindings()
        let checkstyle = try box.run(["--lint", "--format", "checkstyle", "Sources"])
        XCTAssertEqual(checkstyle.status, 0, checkstyle.stderr)
        XCTAssertTrue(isWellFormedXML(checkstyle.output), checkstyle.output)
        XCTAssertTrue(checkstyle.output.contains("<file name=\"Sources/A.swift\">"))
        XCTAssertTrue(checkstyle.output.contains("source=\"bodywork.test-rename-foo\""))
        XCTAssertFalse(checkstyle.output.contains("Sources/B.swift"), "files without findings are left out")

        let junit = try box.run(["--lint", "--format", "junit", "Sources"])
        XCTAssertTrue(isWellFormedXML(junit.output), junit.output)
        XCTAssertTrue(junit.output.contains("tests=\"2\" failures=\"1\""), junit.output)
        XCTAssertTrue(junit.output.contains("<testcase classname=\"bodywork\" name=\"Sources/B.swift\"/>"))
    }

    func testGitLabFingerprintsSurviveEditsElsewhere() throws {
        let box = try sandboxWithFindings()
        let before = try gitlabIssues(box)
        XCTAssertEqual(before.count, 2)
        for issue in before {
            XCTAssertNotNil(issue["check_name"] as? String)
            XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""))
            XCTAssertEqual((issue["fingerprint"] as? String)?.count, 16)
        }
        try box.write("Sources/A.swift", "// a new first line\n\nlet fooBar = 1\nlet bazQux = 2 // the <odd> & \"quoted\" one\n")
        let after = try gitlabIssues(box)
        XCTAssertEqual(Set(after.compactMap { $0["fingerprint"] as? String }), Set(before.compactMap { $0["fingerprint"] as? String }))
        let lines = after.compactMap { (($0["location"] as? [String: Any])?["lines"] as? [String: Any])?["begin"] as? Int }
        XCTAssertEqual(lines.sorted(), [3, 4], "the lines moved, the fingerprints did not")
    }

    private func gitlabIssues(_ box: Sandbox) throws -> [[String: Any]] {
        let result = try box.run(["--lint", "--format", "gitlab", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
    }

    func testJSONEditsAndSARIFFixesReproduceTheFixedFile() throws {
        let box = try sandboxWithFindings()
        let original = try box.read("Sources/A.swift")
        let json = try box.run(["--lint", "--format", "json", "Sources/A.swift"])
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let file = try XCTUnwrap((document["files"] as? [[String: Any]])?.first)
        let findings = try XCTUnwrap(file["findings"] as? [[String: Any]])
        let applied = findings.filter { $0["fix"] as? String == "applied" }
        XCTAssertEqual(applied.count, 1)
        var bytes = original
        var edits: [(Int, Int, String)] = []
        for finding in applied {
            for edit in try XCTUnwrap(finding["edits"] as? [[String: Any]]) {
                let start = try XCTUnwrap((edit["start"] as? [String: Any])?["offset"] as? Int)
                let end = try XCTUnwrap((edit["end"] as? [String: Any])?["offset"] as? Int)
                edits.append((start, end, try XCTUnwrap(edit["replacement"] as? String)))
            }
        }
        for (start, end, text) in edits.sorted(by: { $0.0 > $1.0 }) { bytes.replaceSubrange(start..<end, with: Array(text.utf8)) }
        XCTAssertEqual(try box.run(["--apply", "Sources/A.swift"]).status, 0)
        XCTAssertEqual(bytes, try box.read("Sources/A.swift"), "the JSON edits are exactly what --apply writes")

        try box.write("Sources/A.swift", bytes: original)
        let sarif = try box.run(["--lint", "--format", "sarif", "Sources/A.swift"])
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: sarif.stdout) as? [String: Any])
        let results = try XCTUnwrap(((log["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        let withFixes = results.filter { $0["fixes"] != nil }
        XCTAssertEqual(withFixes.count, 2, "the safe fix and the suggested one")
        for result in results {
            XCTAssertNotNil((result["partialFingerprints"] as? [String: Any])?["bodywork/v1"] as? String)
        }
        let change = try XCTUnwrap(((withFixes.first?["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
        let replacement = try XCTUnwrap((change["replacements"] as? [[String: Any]])?.first)
        XCTAssertNotNil(replacement["deletedRegion"] as? [String: Any])
        XCTAssertNotNil((replacement["insertedContent"] as? [String: Any])?["text"] as? String)
    }

    func testMarkdownAndOutputFile() throws {
        let box = try sandboxWithFindings()
        let result = try box.run(["--lint", "--format", "markdown", "--output", "report.md", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, "", "the report goes to the file, not to standard output")
        XCTAssertTrue(result.stderr.contains("2 files scanned"), "the terminal keeps the summary: \(result.stderr)")
        let report = try box.text("report.md")
        XCTAssertTrue(report.hasPrefix("## bodywork\n"), report)
        XCTAssertTrue(report.contains("| `Sources/A.swift:1:5` | warning | `test-rename-foo` |"), report)

        let preview = try box.run(["--output", "findings.txt", "Sources"])
        XCTAssertTrue(preview.output.contains("+let barFoo = 1"), "the diff stays on standard output")
        let findings = try box.text("findings.txt")
        XCTAssertTrue(findings.contains("Sources/A.swift:2:5"), findings)

        let intoInput = try box.run(["--lint", "--output", "Sources/A.swift", "Sources"])
        XCTAssertEqual(intoInput.status, 2)
        XCTAssertEqual(try box.text("Sources/A.swift"), "let fooBar = 1\nlet bazQux = 2 // the <odd> & \"quoted\" one\n")
    }

    func testConfigurationWithCommentsAndInheritance() throws {
        let box = try Sandbox()
        try box.write(".bodywork.json", """
            {
              // every module
              "rules": { "disable": ["test-rename-foo"], },
              /* generated code is not ours */
              "exclude": ["App/Generated/**"],
            }
            """)
        try box.write("App/.bodywork.json", #"{ "severity": { "test-suggest-baz": "error" } }"#)
        try box.write("Lib/.bodywork.json", #"{ "inherit": false }"#)
        let source = "let fooBar = 1\nlet bazQux = 2\n"
        for path in ["App/A.swift", "App/Generated/G.swift", "Lib/L.swift"] { try box.write(path, source) }

        let app = try box.run(["--lint", "App"])
        XCTAssertEqual(app.status, 0, app.stderr)
        XCTAssertFalse(app.output.contains("test-rename-foo"), "disabled above, inherited: \(app.output)")
        XCTAssertTrue(app.output.contains("App/A.swift:2:5: error:"), "the nearer file sets the severity: \(app.output)")
        XCTAssertFalse(app.output.contains("Generated"), "the exclude above applies, relative to its own directory")

        let lib = try box.run(["--lint", "Lib"])
        XCTAssertTrue(lib.output.contains("test-rename-foo"), "inherit: false: \(lib.output)")

        // Walked from the top, every directory is listed first: the files are found there.
        let all = try box.run(["--lint", "."])
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertTrue(all.output.contains("App/A.swift:2:5: error:"), all.output)
        XCTAssertFalse(all.output.contains("App/A.swift:1:5"), "disabled above: \(all.output)")
        XCTAssertTrue(all.output.contains("Lib/L.swift:1:5"), "inherit: false: \(all.output)")
        XCTAssertFalse(all.output.contains("Generated"), all.output)

        let shown = try box.run(["config", "App/A.swift"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let resolved = try XCTUnwrap(try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any])
        XCTAssertEqual((resolved["files"] as? [String])?.count, 2)
        XCTAssertEqual((resolved["rules"] as? [String: Any])?["disable"] as? [String], ["test-rename-foo"])
        XCTAssertEqual((resolved["severity"] as? [String: String])?["test-suggest-baz"], "error")

        try box.write("Bad/.bodywork.json", #"{ "rules": { "disable": [ /* unclosed "# + "\n")
        try box.write("Bad/B.swift", source)
        XCTAssertEqual(try box.run(["--lint", "Bad"]).status, 2)
    }
}
