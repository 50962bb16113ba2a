// --verify end to end: a shell script stands in for the build and fails on chosen fixes;
// exactly those are backed out, the rest stay, and an interrupt puts every file back.
import Foundation
import XCTest

final class VerifyTests: XCTestCase {
    /// Five files with one fix each, and A.swift with two more; the script fails when the
    /// fix of A's second line or D's fix is applied, printing an error line for each.
    private func makeProject() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("Sources/A.swift", "let fooBar = 1\nprint(fooBar)\nlet y = fooBar\n")
        for name in ["B", "C", "D", "E"] {
            try box.write("Sources/\(name).swift", "let fooBar = \"\(name)\"\n")
        }
        try box.write("build.sh", """
            #!/bin/sh
            echo "Compiling"
            status=0
            if grep -q 'print(barFoo)' Sources/A.swift; then
                echo "Sources/A.swift:2:7: error: cannot find 'barFoo' in scope"; status=1
            fi
            if grep -q 'let barFoo = "D"' Sources/D.swift; then
                echo "Sources/D.swift:1:5: error: invalid redeclaration of 'barFoo'"; status=1
            fi
            exit $status

            """)
        return box
    }

    func testVerifyBacksOutExactlyTheFixesThatBreakTheBuild() throws {
        let box = try makeProject()
        let result = try box.run(["--apply", "--verify", "sh build.sh", "--patch", "applied.patch", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try box.text("Sources/A.swift"), "let barFoo = 1\nprint(fooBar)\nlet y = barFoo\n")
        XCTAssertEqual(try box.text("Sources/B.swift"), "let barFoo = \"B\"\n")
        XCTAssertEqual(try box.text("Sources/C.swift"), "let barFoo = \"C\"\n")
        XCTAssertEqual(try box.text("Sources/D.swift"), "let fooBar = \"D\"\n")
        XCTAssertEqual(try box.text("Sources/E.swift"), "let barFoo = \"E\"\n")
        XCTAssertTrue(result.stderr.contains(
            "bodywork: Sources/A.swift:2:7: backed out the test-rename-foo fix ('fooBar' should be named 'barFoo'): "
                + "Sources/A.swift:2:7: error: cannot find 'barFoo' in scope\n"), result.stderr)
        XCTAssertTrue(result.stderr.contains(
            "bodywork: Sources/D.swift:1:5: backed out the test-rename-foo fix ('fooBar' should be named 'barFoo'): "
                + "Sources/D.swift:1:5: error: invalid redeclaration of 'barFoo'\n"), result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: "backed out the").count - 1, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("5 files scanned, 4 changed, 7 findings, 5 fixes"), result.stderr)
        // The patch holds what was written, not what was backed out.
        let patch = try box.text("applied.patch")
        XCTAssertFalse(patch.contains("+print(barFoo)"), patch)
        XCTAssertFalse(patch.contains("D.swift"), patch)
        XCTAssertTrue(patch.contains("+let y = barFoo"), patch)
        // The tree as left builds.
        let build = try Sandbox.execute(URL(fileURLWithPath: "/bin/sh"), ["build.sh"], in: box.root, stdin: nil, environment: [:])
        XCTAssertEqual(build.status, 0, build.output)
    }

    func testBackedOutFixesCanBeRecordedInABaseline() throws {
        let box = try makeProject()
        let result = try box.run(["--apply", "--verify", "sh build.sh", "--write-baseline", "baseline.json", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let baseline = try box.text("baseline.json")
        XCTAssertTrue(baseline.contains("\"source\": \"print(fooBar)\""), baseline)
        XCTAssertTrue(baseline.contains("\"source\": \"let fooBar = \\\"D\\\"\""), baseline)
        XCTAssertTrue(result.stderr.contains("wrote 2 findings to the baseline"), result.stderr)
        let check = try box.run(["--check", "--baseline", "baseline.json", "Sources"])
        XCTAssertEqual(check.status, 0, check.output + check.stderr)
    }

    func testAPassingBuildKeepsEveryFix() throws {
        let box = try makeProject()
        let result = try box.run(["--apply", "--verify", "true", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try box.text("Sources/A.swift"), "let barFoo = 1\nprint(barFoo)\nlet y = barFoo\n")
        XCTAssertEqual(try box.text("Sources/D.swift"), "let barFoo = \"D\"\n")
        XCTAssertFalse(result.stderr.contains("backed out"), result.stderr)
    }

    func testABuildThatAlreadyFailsIsAUsageErrorAndWritesNothing() throws {
        let box = try makeProject()
        try box.write("broken.sh", "echo 'warming up'\necho 'main.swift:1:1: error: already broken'\nexit 1\n")
        let result = try box.run(["--apply", "--verify", "sh broken.sh", "--patch", "applied.patch", "Sources"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--verify: `sh broken.sh` fails before any change (exit status 1): "
                                             + "main.swift:1:1: error: already broken"), result.stderr)
        XCTAssertEqual(try box.text("Sources/A.swift"), "let fooBar = 1\nprint(fooBar)\nlet y = fooBar\n")
        XCTAssertEqual(try box.text("Sources/B.swift"), "let fooBar = \"B\"\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: box.path("applied.patch")), "not even the patch file")
    }

    func testInterruptRestoresEveryFile() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("needs /proc to find the process") }
        let box = try makeProject()
        // Once the fixes are on disk, the "build" interrupts bodywork (its nearest ancestor
        // of that name, `bodywork-testin` as the kernel shortens the test build's), as Ctrl-C would.
        try box.write("interrupt.sh", """
            if grep -q barFoo Sources/B.swift; then
                p=$PPID
                while [ "$p" -gt 1 ]; do
                    case "$(cat /proc/$p/comm)" in bodywork|bodywork-testin) kill -INT "$p"; break ;; esac
                    p=$(awk '{ print $4 }' /proc/$p/stat)
                done
                sleep 1
                exit 1
            fi
            exit 0

            """)
        let result = try box.run(["--apply", "--verify", "sh interrupt.sh", "Sources"])
        XCTAssertEqual(result.status, 128 + SIGINT, result.stderr)
        XCTAssertTrue(result.stderr.contains("interrupted; every file is back as it was"), result.stderr)
        XCTAssertEqual(try box.text("Sources/A.swift"), "let fooBar = 1\nprint(fooBar)\nlet y = fooBar\n")
        for name in ["B", "C", "D", "E"] {
            XCTAssertEqual(try box.text("Sources/\(name).swift"), "let fooBar = \"\(name)\"\n", name)
        }
    }

    func testVerifyNeedsApply() throws {
        let box = try makeProject()
        let result = try box.run(["--verify", "true", "Sources"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--verify checks the fixes it writes; it needs --apply"), result.stderr)
    }
}
