// --verify tells what is on disk: a command that edits a source itself is caught and the
// file named, an interrupt stops the command before files are put back, and a command
// that prints a lot is digested as it prints.
import Foundation
import XCTest

final class VerifyHonestyTests: XCTestCase {
    private func project(script: String) throws -> Sandbox {
        let box = try Sandbox()
        try box.write("Sources/A.swift", "let fooBar = 1\n")
        try box.write("Sources/B.swift", "let fooBar = 2\n")
        try box.write("Sources/C.swift", "let fooBar = 3\n")
        try box.write("build.sh", script)
        return box
    }

    func testACommandThatEditsASourceAndFailsLeavesItNamed() throws {
        // A formatter in the build: it touches A.swift once the fix is there, then fails.
        let box = try project(script: """
            if grep -q barFoo Sources/A.swift; then
                echo '// formatted' >> Sources/A.swift
                echo 'Sources/A.swift:1:5: error: the build broke'
                exit 1
            fi
            exit 0

            """)
        let result = try box.run(["--apply", "--verify", "sh build.sh", "Sources"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(try box.text("Sources/A.swift"), "let barFoo = 1\n// formatted\n", "the command's edit is kept")
        XCTAssertTrue(result.stderr.contains(
            "Sources/A.swift: changed on disk while `sh build.sh` ran; not restored: it still holds fixes that --verify "
                + "did not keep"), result.stderr)
        XCTAssertTrue(result.stderr.contains("put every other file back as it was"), result.stderr)
        XCTAssertEqual(try box.text("Sources/B.swift"), "let fooBar = 2\n")
        XCTAssertEqual(try box.text("Sources/C.swift"), "let fooBar = 3\n")
        XCTAssertFalse(result.stderr.contains("backed out the"), "no fix was proven to break the build: \(result.stderr)")
    }

    /// The command, once the fixes are on disk, starts a child that writes C.swift after
    /// `delay` seconds and interrupts bodywork as Ctrl-C would; with `ignoresTerm` neither
    /// takes SIGTERM, so only SIGKILL after the grace period stops them.
    private func interruptScript(delay: Int, ignoresTerm: Bool) -> String {
        """
        \(ignoresTerm ? "trap '' TERM" : "")
        if grep -q barFoo Sources/B.swift; then
            ( sleep \(delay); echo '// written late' >> Sources/C.swift ) &
            echo $! > late.pid
            p=$PPID
            while [ "$p" -gt 1 ]; do
                case "$(cat /proc/$p/comm)" in bodywork|bodywork-testin) kill -INT "$p"; break ;; esac
                p=$(awk '{ print $4 }' /proc/$p/stat)
            done
            wait
            exit 1
        fi
        exit 0

        """
    }

    func testInterruptStopsTheCommandBeforeFilesAreRestored() throws {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else { throw XCTSkip("needs /proc to find the process") }
        for (delay, ignoresTerm) in [(2, false), (5, true)] {
            let box = try project(script: interruptScript(delay: delay, ignoresTerm: ignoresTerm))
            let started = Date()
            let result = try box.run(["--apply", "--verify", "sh build.sh", "Sources"])
            XCTAssertEqual(result.status, 128 + SIGINT, result.stderr)
            XCTAssertTrue(result.stderr.contains("interrupted; every file is back as it was"), result.stderr)
            // Past the moment the command's child would have written.
            let left = Double(delay) + 1 - Date().timeIntervalSince(started)
            if left > 0 { usleep(UInt32(left * 1_000_000)) }
            for (name, value) in [("A", 1), ("B", 2), ("C", 3)] {
                XCTAssertEqual(try box.text("Sources/\(name).swift"), "let fooBar = \(value)\n",
                               "\(name), ignoring TERM: \(ignoresTerm)")
            }
            let pid = try XCTUnwrap(pid_t(box.text("late.pid").trimmingCharacters(in: .whitespacesAndNewlines)))
            XCTAssertEqual(kill(pid, 0), -1, "the command's child is still running (ignoring TERM: \(ignoresTerm))")
        }
    }

    func testAnErrorLineAfterMuchOutputIsFound() throws {
        // 10 MB of output, in lines and in one line without end, before the error line.
        let box = try project(script: """
            if grep -q barFoo Sources/B.swift; then
                yes 'compiling something that takes a long line of output' | head -c 5000000
                head -c 5000000 /dev/zero | tr '\\000' x
                echo
                echo 'Sources/B.swift:1:5: error: cannot find barFoo'
                yes 'warning: later noise' | head -c 1000000
                exit 1
            fi
            exit 0

            """)
        let result = try box.run(["--apply", "--verify", "sh build.sh", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("backed out the test-rename-foo fix ('fooBar' should be named 'barFoo'): "
                                             + "Sources/B.swift:1:5: error: cannot find barFoo"), result.stderr)
        XCTAssertEqual(try box.text("Sources/A.swift"), "let barFoo = 1\n")
        XCTAssertEqual(try box.text("Sources/B.swift"), "let fooBar = 2\n")
    }

    func testTheFirstErrorLineIsFoundInAnyCaseAfterCarriageReturns() throws {
        let box = try project(script: """
            if grep -q barFoo Sources/B.swift; then
                printf '   \\n[1/3] Compiling\\r[2/3] Compiling\\r  Build ERROR: B does not build  \\nerror: later\\n'
                exit 1
            fi
            exit 0

            """)
        let result = try box.run(["--apply", "--verify", "sh build.sh", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("('fooBar' should be named 'barFoo'): Build ERROR: B does not build\n"),
                      result.stderr)
    }
}
