// What happens only on a terminal: the interactive hunk prompt and the progress line.
// `script` gives the binary a pseudo-terminal; the tests skip where it is missing.
import Foundation
import XCTest

final class TerminalTests: XCTestCase {
    /// Runs bodywork under `script`, so that its standard streams are a terminal.
    private func runOnTerminal(_ box: Sandbox, _ arguments: [String], answers: String) throws -> RunResult {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("no `script` to provide a terminal")
        }
        let command = ([Sandbox.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                   in: box.root, stdin: Data(answers.utf8),
                                   environment: ["BODYWORK_TEST_RULES": "1", "TERM": "xterm"])
    }

    func testInteractiveWritesOnlyAcceptedHunks() throws {
        let box = try Sandbox()
        let lines = ["let fooBar = 1"] + (1...7).map { "let filler\($0) = \($0)" } + ["let copy = fooBar"]
        try box.write("A.swift", lines.joined(separator: "\n") + "\n")
        try box.write("B.swift", "let fooBar = 2\n")
        let result = try runOnTerminal(box, ["--interactive", "--color", "never", "."], answers: "n\ny\nq\n")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("Apply this hunk? [y,n,a,d,q,?]"), result.output)
        var expected = lines
        expected[8] = "let copy = barFoo"
        XCTAssertEqual(try box.text("A.swift"), expected.joined(separator: "\n") + "\n")
        XCTAssertEqual(try box.text("B.swift"), "let fooBar = 2\n", "q stops before the next file")
    }

    func testProgressLineOnATerminalOnly() throws {
        let box = try Sandbox()
        for i in 0..<(210) { try box.write("F\(i).swift", "let value\(i) = \(i)\n") }
        let terminal = try runOnTerminal(box, ["--jobs", "2", "."], answers: "")
        XCTAssertEqual(terminal.status, 0, terminal.output)
        XCTAssertTrue(terminal.output.contains("/210 files"), terminal.output)
        XCTAssertTrue(terminal.output.contains("\r\u{1B}[K"), "the progress line is cleared")
        let piped = try box.run(["."])
        XCTAssertFalse(piped.stderr.contains("\r"), "no progress line on a pipe")
        XCTAssertTrue(piped.stderr.contains("210 files scanned"), piped.stderr)
    }
}
