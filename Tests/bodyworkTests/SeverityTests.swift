// Severity end to end: each finding's level as printed, overridden per rule by the
// configuration and by --severity, and what --check and --strict fail on.
import Foundation
import XCTest

final class SeverityTests: XCTestCase {
    func testCheckFailsOnWarningsAndPendingFixesButNotOnNotes() throws {
        let box = try Sandbox()
        try box.write("Note.swift", "let noteMe = 1\n")
        try box.write("Warning.swift", "let reportMe = 1\n")
        try box.write("Fixable.swift", "let fooBar = 1\n")

        let note = try box.run(["--check", "--lint", "Note.swift"])
        XCTAssertEqual(note.output, "Note.swift:1:5: note: 'noteMe' is noted [test-note-only]\n")
        XCTAssertEqual(note.status, 0, "a note does not fail --check")
        XCTAssertEqual(try box.run(["--check", "Note.swift"]).status, 0)
        XCTAssertEqual(try box.run(["--check", "--strict", "--lint", "Note.swift"]).status, 1, "--strict fails on notes")
        XCTAssertEqual(try box.run(["--check", "--strict", "Note.swift"]).status, 1)

        XCTAssertEqual(try box.run(["--check", "--lint", "Warning.swift"]).status, 1)
        XCTAssertEqual(try box.run(["--check", "Warning.swift"]).status, 1)
        XCTAssertEqual(try box.run(["--check", "--lint", "Fixable.swift"]).status, 1, "a pending fix fails")
        XCTAssertEqual(try box.run(["--check", "Fixable.swift"]).status, 1)
    }

    func testCommandLineOverridesTheRuleAndTheConfiguration() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let noteMe = reportMe\n")
        try box.write(".bodywork.json", #"{ "severity": { "test-note-only": "error", "test-report-only": "note" } }"#)

        let configured = try box.run(["--check", "--lint", "A.swift"])
        XCTAssertEqual(configured.output, """
            A.swift:1:5: error: 'noteMe' is noted [test-note-only]
            A.swift:1:14: note: 'reportMe' is reported [test-report-only]

            """)
        XCTAssertEqual(configured.status, 1, "the note raised to an error fails")

        let flags = try box.run(["--check", "--lint", "--severity", "test-note-only=note", "--severity=test-report-only=note",
                                 "--format", "xcode", "A.swift"])
        XCTAssertEqual(flags.output, """
            A.swift:1:5: note: 'noteMe' is noted [test-note-only]
            A.swift:1:14: note: 'reportMe' is reported [test-report-only]

            """)
        XCTAssertEqual(flags.status, 0, "only notes remain")

        let json = try box.run(["--lint", "--format", "json", "--severity", "test-report-only=warning", "A.swift"])
        let object = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        let findings = ((object?["files"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]]) ?? []
        XCTAssertEqual(findings.map { $0["severity"] as? String }, ["error", "warning"])
    }

    func testUnusedDisableSeverityCanBeLowered() throws {
        let box = try Sandbox()
        try box.write("A.swift", "// bodywork:disable:next test-report-only\nlet clean = 1\n")
        let strictDefault = try box.run(["--check", "--lint", "--report-unused-disables", "A.swift"])
        XCTAssertEqual(strictDefault.status, 1, strictDefault.output)
        let lowered = try box.run(["--check", "--lint", "--report-unused-disables", "--severity", "unused-disable=note", "A.swift"])
        XCTAssertEqual(lowered.status, 0, lowered.output)
        XCTAssertTrue(lowered.output.contains("note: `bodywork:disable:next test-report-only` suppressed nothing"), lowered.output)
    }

    func testBadSeverityIsAUsageError() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let noteMe = 1\n")
        let level = try box.run(["--severity", "test-note-only=loud", "A.swift"])
        XCTAssertEqual(level.status, 2)
        XCTAssertTrue(level.stderr.contains("--severity needs RULE=LEVEL"), level.stderr)
        let rule = try box.run(["--severity", "no-such-rule=note", "A.swift"])
        XCTAssertEqual(rule.status, 2)
        XCTAssertTrue(rule.stderr.contains("no-such-rule"), rule.stderr)
        try box.write(".bodywork.json", #"{ "severity": { "test-note-only": "loud" } }"#)
        let configured = try box.run(["A.swift"])
        XCTAssertEqual(configured.status, 2)
        XCTAssertTrue(configured.stderr.contains("severity.test-note-only: expected one of"), configured.stderr)
    }
}
