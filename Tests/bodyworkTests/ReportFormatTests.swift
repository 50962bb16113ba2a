// The diagnostic formats: exact Xcode and GitHub lines, and JSON and SARIF documents that
// parse and carry the documented keys.
import Foundation
import XCTest

final class ReportFormatTests: XCTestCase {
    func testXcodeLinesHaveOneBasedByteColumns() throws {
        let box = try Sandbox()
        // "é" is two UTF-8 bytes, so `fooBar` on line 3 starts at byte column 10.
        try box.write("A.swift", "import SwiftUI\n\nlet é = fooBar\n\tlet reportMe = 1\n")
        let result = try box.run(["--lint", "--format", "xcode", "A.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.output, """
            A.swift:3:10: warning: 'fooBar' should be named 'barFoo' [test-rename-foo]
            A.swift:4:6: warning: 'reportMe' is reported [test-report-only]

            """)
    }

    func testFormatWithoutLintPrintsDiagnosticsInsteadOfDiff() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        let result = try box.run(["--format", "xcode", "A.swift"])
        XCTAssertEqual(result.output, "A.swift:1:5: warning: 'fooBar' should be named 'barFoo' [test-rename-foo]\n")
    }

    func testGithubAnnotationsEscapeProperties() throws {
        let box = try Sandbox()
        try box.write("odd,name%.swift", "let reportMe = 1\n")
        let result = try box.run(["--lint", "--format", "github", "."])
        XCTAssertEqual(result.output,
                       "::warning file=odd%2Cname%25.swift,line=1,col=5,endLine=1,endColumn=13,title=test-report-only::'reportMe' is reported\n")
    }

    func testJSONReportHasTheDocumentedShape() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\nlet bazQux = reportMe\n")
        try box.write("B.swift", "let clean = 1\n")
        try box.write("Binary.swift", bytes: [0x6C, 0x00, 0xFF])
        let result = try box.run(["--lint", "--format", "json", "."])
        XCTAssertEqual(result.status, 3, "a skipped file makes the run exit 3")
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        let files = try XCTUnwrap(object["files"] as? [[String: Any]])
        XCTAssertEqual(files.map { $0["path"] as? String }, ["A.swift", "B.swift"])
        XCTAssertEqual(files[0]["changed"] as? Bool, true)
        XCTAssertEqual(files[1]["changed"] as? Bool, false)
        let findings = try XCTUnwrap(files[0]["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 3)
        for finding in findings {
            for key in ["rule", "line", "column", "endLine", "endColumn", "message", "severity", "fix"] {
                XCTAssertNotNil(finding[key], "finding lacks \(key)")
            }
        }
        let byRule = Dictionary(uniqueKeysWithValues: findings.map { ($0["rule"] as! String, $0) })
        XCTAssertEqual(byRule["test-rename-foo"]?["fix"] as? String, "applied")
        XCTAssertEqual(byRule["test-suggest-baz"]?["fix"] as? String, "suggested")
        XCTAssertEqual(byRule["test-report-only"]?["fix"] as? String, "none")
        XCTAssertEqual(byRule["test-report-only"]?["line"] as? Int, 2)
        XCTAssertEqual(byRule["test-report-only"]?["column"] as? Int, 14)
        XCTAssertEqual(byRule["test-report-only"]?["endColumn"] as? Int, 22)
        let skipped = try XCTUnwrap(object["skipped"] as? [[String: Any]])
        XCTAssertEqual(skipped.first?["path"] as? String, "Binary.swift")
        XCTAssertEqual(skipped.first?["reason"] as? String, "not UTF-8 text")
        let summary = try XCTUnwrap(object["summary"] as? [String: Any])
        XCTAssertEqual(summary["filesScanned"] as? Int, 2)
        XCTAssertEqual(summary["findings"] as? Int, 3)
    }

    func testSARIFReportHasTheRequiredKeys() throws {
        let box = try Sandbox()
        try box.write("Sources/My View.swift", "let fooBar = 1\n")
        let result = try box.run(["--lint", "--format", "sarif", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        XCTAssertNotNil(log["$schema"] as? String)
        XCTAssertEqual(log["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "bodywork")
        let version = try box.run(["version"]).output.split(separator: " ").last?.trimmingCharacters(in: .newlines)
        XCTAssertEqual(driver["version"] as? String, version, "SARIF names the version `bodywork version` prints")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let renameRule = try XCTUnwrap(rules.first { $0["id"] as? String == "test-rename-foo" })
        XCTAssertNotNil((renameRule["shortDescription"] as? [String: Any])?["text"] as? String)
        XCTAssertNotNil((renameRule["fullDescription"] as? [String: Any])?["text"] as? String)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 1)
        let first = results[0]
        XCTAssertEqual(first["ruleId"] as? String, "test-rename-foo")
        XCTAssertEqual(first["level"] as? String, "warning")
        XCTAssertEqual((first["message"] as? [String: Any])?["text"] as? String, "'fooBar' should be named 'barFoo'")
        let physical = try XCTUnwrap(((first["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, "Sources/My%20View.swift")
        let region = try XCTUnwrap(physical["region"] as? [String: Any])
        XCTAssertEqual(region["startLine"] as? Int, 1)
        XCTAssertEqual(region["startColumn"] as? Int, 5)
        XCTAssertEqual(region["endLine"] as? Int, 1)
        XCTAssertEqual(region["endColumn"] as? Int, 11)
    }

    func testSARIFDescribesTheUnusedDisableIDItReports() throws {
        let box = try Sandbox()
        try box.write("A.swift", "// bodywork:disable:next test-rename-foo\nlet other = 1\n")
        let result = try box.run(["--lint", "--format", "sarif", "--report-unused-disables", "."])
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let unused = try XCTUnwrap(results.first { $0["ruleId"] as? String == "unused-disable" }, "\(results)")
        let index = try XCTUnwrap(unused["ruleIndex"] as? Int)
        XCTAssertEqual(rules[index]["id"] as? String, "unused-disable")
    }
}
