// What happens only on a terminal: the interactive fix-by-fix prompt and the progress line.
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

    func testInteractiveAsksFixByFixAndWritesOnlyTheAcceptedOnes() throws {
        let box = try Sandbox()
        let lines = ["let fooBar = 1"] + (1...7).map { "let filler\($0) = \($0)" } + ["let copy = fooBar"]
        try box.write("A.swift", lines.joined(separator: "\n") + "\n")
        try box.write("B.swift", "let fooBar = 2\n")
        // Single keys, no Return: reject the first fix of A, accept the second, quit in B.
        let result = try runOnTerminal(box, ["--interactive", "--color", "never", "."], answers: "nyq")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.contains("A.swift:1:5: test-rename-foo: 'fooBar' should be named 'barFoo' (rename to barFoo)"),
                      result.output)
        XCTAssertTrue(result.output.contains("A.swift:9:12: test-rename-foo: 'fooBar' should be named 'barFoo'"), result.output)
        XCTAssertTrue(result.output.contains("@@ -6,4 +6,4 @@ test-rename-foo"), result.output)
        XCTAssertTrue(result.output.contains("(2/2) Apply this fix? [y,n,a,d,q,?] y"), result.output)
        var expected = lines
        expected[8] = "let copy = barFoo"
        XCTAssertEqual(try box.text("A.swift"), expected.joined(separator: "\n") + "\n")
        XCTAssertEqual(try box.text("B.swift"), "let fooBar = 2\n", "q stops before the next file")
        // The summary counts what was written: one file, one fix; the declined one and the
        // one left at q remain.
        XCTAssertTrue(result.output.contains("2 files scanned, 1 changed, 3 findings, 1 fix "), result.output)
        XCTAssertTrue(result.output.contains("test-rename-foo  3 found, 1 fixed, 2 withheld"), result.output)
        XCTAssertTrue(result.output.contains("declined in --interactive (2)"), result.output)
    }

    func testInteractiveShowsEveryHunkOfAFixAndNeverSplitsIt() throws {
        let box = try Sandbox()
        let source = """
            import SwiftUI

            struct Row: View {
                let date: Date
                // one
                // two
                // three
                // four
                var body: some View {
                    let formatter = DateFormatter()
                    Text(formatter.string(from: date)).tag(fooBar)
                }
            }

            """
        try box.write("Row.swift", source)
        let hoisted = try box.run(["--rules", "formatter-in-body", "-", "--stdin-path", "Row.swift"], stdin: Data(source.utf8))
        XCTAssertEqual(hoisted.status, 0, hoisted.stderr)
        XCTAssertNotEqual(hoisted.output, source)

        let result = try runOnTerminal(box, ["--interactive", "--color", "never", "-U", "1", "Row.swift"], answers: "yn")
        XCTAssertEqual(result.status, 0, result.output)
        let firstPrompt = try XCTUnwrap(result.output.range(of: "(1/2) Apply this fix?"))
        let shownBefore = result.output[..<firstPrompt.lowerBound]
        XCTAssertEqual(shownBefore.components(separatedBy: "@@ formatter-in-body").count - 1, 2,
                       "both hunks of the hoist come before its one question:\n\(result.output)")
        XCTAssertTrue(result.output.contains("(2/2) Apply this fix?"), result.output)
        XCTAssertEqual(try box.text("Row.swift"), hoisted.output, "exactly the accepted fix, both of its hunks")
    }

    /// Runs bodywork on a pseudo-terminal driven by python3's `pty`: each key of `keys` is
    /// typed only once the next "Apply this fix?" prompt has appeared, as a person would.
    private func runTyping(_ box: Sandbox, _ arguments: [String], keys: String) throws -> RunResult {
        let driver = """
            import os, pty, sys
            keys = sys.argv[1].encode()
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(sys.argv[2], sys.argv[2:])
            out, sent = b"", 0
            while True:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                out += data
                while sent < len(keys) and out.count(b"Apply this fix?") > sent:
                    os.write(fd, keys[sent:sent + 1])
                    sent += 1
            sys.stdout.buffer.write(out)
            _, status = os.waitpid(pid, 0)
            sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
            """
        let probe = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import pty"],
                                        in: box.root, stdin: nil, environment: [:])
        guard probe.status == 0 else { throw XCTSkip("no python3 with pty to type on a terminal") }
        return try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"),
                                   ["python3", "-c", driver, keys, Sandbox.binary.path] + arguments,
                                   in: box.root, stdin: nil, environment: ["BODYWORK_TEST_RULES": "1", "TERM": "xterm"])
    }

    func testTypedAnswersAcceptOneFixRejectOneAndQuit() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\nlet a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nlet e = 5\nlet f = 6\nlet g = fooBar\n")
        try box.write("B.swift", "let fooBar = 2\n")
        let result = try runTyping(box, ["--interactive", "--color", "never", "."], keys: "ynq")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(try box.text("A.swift"), "let barFoo = 1\nlet a = 1\nlet b = 2\nlet c = 3\nlet d = 4\nlet e = 5\nlet f = 6\nlet g = fooBar\n")
        XCTAssertEqual(try box.text("B.swift"), "let fooBar = 2\n")
        XCTAssertTrue(result.output.contains("(1/2) Apply this fix? [y,n,a,d,q,?] y"), result.output)
        XCTAssertTrue(result.output.contains("(2/2) Apply this fix? [y,n,a,d,q,?] n"), result.output)
        XCTAssertTrue(result.output.contains("2 files scanned, 1 changed, 3 findings, 1 fix "), result.output)
    }

    func testCtrlCLeavesTheCurrentFileAsItWas() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        let lines = ["let fooBar = 1"] + (1...7).map { "let filler\($0) = \($0)" } + ["let copy = fooBar"]
        try box.write("B.swift", lines.joined(separator: "\n") + "\n")
        try box.write("C.swift", "let fooBar = 3\n")
        let result = try runTyping(box, ["--interactive", "--color", "never", "."], keys: "yy\u{03}")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(try box.text("A.swift"), "let barFoo = 1\n", "a file finished before stays written")
        XCTAssertEqual(try box.text("B.swift"), lines.joined(separator: "\n") + "\n", "the fix accepted in B is not written")
        XCTAssertEqual(try box.text("C.swift"), "let fooBar = 3\n")
        XCTAssertTrue(result.output.contains("1 changed"), result.output)
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
