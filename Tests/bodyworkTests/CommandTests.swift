// The command line itself: usage errors, --version, --help, list-rules, explain, parse,
// and --interactive's refusal without a terminal.
import Foundation
import XCTest

final class CommandTests: XCTestCase {
    func testUnknownRuleExitsTwoListingKnownRules() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        for arguments in [["--rules", "nope"], ["--disable", "test-rename-foo,nope"]] {
            let result = try box.run(arguments + ["."])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("nope"), result.stderr)
            XCTAssertTrue(result.stderr.contains("test-rename-foo"), "known ids are listed: \(result.stderr)")
            XCTAssertEqual(result.output, "")
        }
    }

    func testUsageErrors() throws {
        let box = try Sandbox()
        XCTAssertEqual(try box.run(["--no-such-option"]).status, 2)
        XCTAssertEqual(try box.run(["--format", "yaml"]).status, 2)
        XCTAssertEqual(try box.run(["--apply", "--lint"]).status, 2)
        XCTAssertEqual(try box.run(["--jobs", "0"]).status, 2)
        XCTAssertEqual(try box.run(["--context"]).status, 2)
    }

    func testHelpReadsLikeAManualAndMentionsEveryOption() throws {
        let result = try Sandbox().run(["help"])
        XCTAssertEqual(result.status, 0)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "MODES", "OPTIONS", "FILE SELECTION", "CONFIGURATION",
                        "OUTPUT FORMATS", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(result.output.contains("\n\(section)\n") || result.output.hasPrefix("\(section)\n"),
                          "missing section \(section)")
        }
        for option in ["--apply", "--check", "--lint", "--interactive", "--format", "--patch", "--rules", "--disable",
                       "--unsafe-fixes", "--min-ios", "--min-macos", "--min-tvos", "--min-watchos", "--config",
                       "--report-unused-disables", "-U N", "--context", "--color", "--exclude", "--files-from",
                       "--changed-since", "--stdin-path", "--jobs", "--max-file-size", "--quiet", "--verbose",
                       "--version", "--help", "list-rules", "explain", "parse", "--tree", "--tokens", "--stats",
                       "NO_COLOR", "\"version\": 1", "--severity", "--strict", "\"severity\"", "--baseline", "--write-baseline", "\"baseline\"", "--verify"] {
            XCTAssertTrue(result.output.contains(option), "--help does not mention \(option)")
        }
    }

    func testListRules() throws {
        let box = try Sandbox()
        let text = try box.run(["list-rules"])
        XCTAssertEqual(text.status, 0)
        // Columns are padded to the longest rule id, which the real rules decide.
        XCTAssertNotNil(text.output.range(of: #"(?m)^test-rename-foo +on +Test-only: renames fooBar to barFoo\.$"#,
                                          options: .regularExpression), text.output)
        XCTAssertNotNil(text.output.range(of: #"(?m)^foreach-filter +on +"#, options: .regularExpression), text.output)
        let json = try box.run(["list-rules", "--format", "json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let rules = try XCTUnwrap(object["rules"] as? [[String: Any]])
        let rename = try XCTUnwrap(rules.first { $0["id"] as? String == "test-rename-foo" })
        XCTAssertEqual(rename["enabledByDefault"] as? Bool, true)
        XCTAssertEqual(rename["summary"] as? String, "Test-only: renames fooBar to barFoo.")
        let withoutTestRules = try Sandbox.execute(Sandbox.binary, ["list-rules"], in: box.root, stdin: nil, environment: [:])
        XCTAssertFalse(withoutTestRules.output.contains("test-rename-foo"), "test-only rules need BODYWORK_TEST_RULES=1")
        let shipping = try Sandbox.execute(Sandbox.shippingBinary, ["list-rules"], in: box.root, stdin: nil,
                                           environment: ["BODYWORK_TEST_RULES": "1"])
        XCTAssertEqual(shipping.status, 0, shipping.stderr)
        XCTAssertTrue(shipping.output.contains("foreach-filter"), shipping.output)
        XCTAssertFalse(shipping.output.contains("test-"), "the shipping binary has no test-only rules: \(shipping.output)")
    }

    func testExplain() throws {
        let box = try Sandbox()
        let known = try box.run(["explain", "test-rename-foo"])
        XCTAssertEqual(known.status, 0)
        XCTAssertTrue(known.output.hasPrefix("test-rename-foo: Test-only: renames fooBar to barFoo.\n"), known.output)
        XCTAssertTrue(known.output.contains("Before: let fooBar = 1"), known.output)
        let unknown = try box.run(["explain", "no-such-rule"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("test-rename-foo"), unknown.stderr)
    }

    func testInteractiveRefusesWithoutATerminal() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        let result = try box.run(["--interactive", "."], stdin: Data("y\n".utf8))
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("terminal"), result.stderr)
        XCTAssertEqual(try box.text("A.swift"), "let fooBar = 1\n")
    }

    func testParseStatsReportsNoRoundTripFailures() throws {
        let box = try Sandbox()
        try box.write("A.swift", "struct V: View {\n    var body: some View { Text(\"é\") }\n}\n")
        try box.write("Sub/B.swift", bytes: Array("let x = [1, 2\r\n".utf8) + [0xFF, 0x00])
        let result = try box.run(["parse", "--stats", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.output.contains("files: 2\n"), result.output)
        XCTAssertTrue(result.output.contains("round-trip failures: 0\n"), result.output)
        XCTAssertTrue(result.output.contains("MB/s"), result.output)
    }

    func testParseTreeAndTokens() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let x = 1 // one\n")
        let tree = try box.run(["parse", "--tree", "A.swift"])
        XCTAssertEqual(tree.status, 0, tree.stderr)
        XCTAssertTrue(tree.output.hasPrefix("sourceFile 0..<17\n"), tree.output)
        XCTAssertTrue(tree.output.contains("keyword \"let\""), tree.output)
        let tokens = try box.run(["parse", "--tokens", "A.swift"])
        XCTAssertTrue(tokens.output.contains("integerLiteral 8..<9 \"1\" leading=\"\" trailing=\" // one\""), tokens.output)
        XCTAssertTrue(tokens.output.contains("endOfFile 17..<17 \"\" leading=\"\\n\""), tokens.output)
    }

    func testQuietAndVerbose() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        try box.write("B.swift", "let clean = 1\n")
        XCTAssertEqual(try box.run(["--quiet", "."]).stderr, "")
        let verbose = try box.run(["--verbose", "."])
        XCTAssertTrue(verbose.stderr.contains("A.swift: would change"), verbose.stderr)
        XCTAssertTrue(verbose.stderr.contains("B.swift: unchanged"), verbose.stderr)
    }

    func testColorAlwaysColorsTheDiffAndNeverDoesNot() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        XCTAssertTrue(try box.run(["--color", "always", "."]).output.contains("\u{1B}["))
        XCTAssertFalse(try box.run(["--color", "never", "."]).output.contains("\u{1B}["))
        XCTAssertFalse(try box.run(["."]).output.contains("\u{1B}["), "a pipe is not colored")
    }

    func testTimingsListPhasesAndEveryRuleThatRan() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        try box.write("B.swift", "let other = 2\n")
        let plain = try box.run(["--lint", "."])
        let timed = try box.run(["--lint", "--timings", "--quiet", "."])
        XCTAssertEqual(timed.status, plain.status)
        XCTAssertEqual(timed.output, plain.output, "timings change nothing on standard output")
        XCTAssertFalse(plain.stderr.contains("timings:"), plain.stderr)
        for phase in ["find files", "plan (settings, project model)", "rules, fixes and output", "total"] {
            XCTAssertTrue(timed.stderr.contains("\n  \(phase) "), "phase \(phase): \(timed.stderr)")
        }
        // Each phase also gives the CPU time of all threads, and the cores that makes.
        let total = timed.stderr.split(separator: "\n").first { $0.hasPrefix("  total ") }
        XCTAssertNotNil(total?.range(of: #"^  total +[0-9.]+ +[0-9.]+  \([0-9.]+ cores\)$"#, options: .regularExpression), String(total ?? ""))
        // The test rule searched both files and found one thing.
        let line = timed.stderr.split(separator: "\n").first { $0.hasPrefix("  test-rename-foo ") }
        XCTAssertNotNil(line, timed.stderr)
        XCTAssertTrue(line?.hasSuffix(" of 2 files, 1 finding") ?? false, String(line ?? ""))
    }
}
