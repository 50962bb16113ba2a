// Input the run cannot or should not process: each is reported on stderr and in the
// summary, the other files are still processed, and the run exits 3 (or 0 where the
// input is merely unusual).
import Foundation
import XCTest

final class BadInputTests: XCTestCase {
    /// A sandbox with one good file next to the bad input, so each test can check that the
    /// run went on.
    private func sandboxWithGoodFile() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("Good.swift", "let fooBar = 1\n")
        return box
    }

    private func assertGoodFileFixed(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(result.output.contains("+++ b/Good.swift\n"), "the good file was not processed: \(result.output)",
                      file: file, line: line)
    }

    func testMissingPath() throws {
        let box = try sandboxWithGoodFile()
        let result = try box.run(["Missing.swift", "Good.swift"])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("Missing.swift: no such file or directory"), result.stderr)
        assertGoodFileFixed(result)
    }

    func testUnreadableFile() throws {
        try skipIfRoot()
        let box = try sandboxWithGoodFile()
        let path = try box.write("Secret.swift", "let fooBar = 1\n")
        XCTAssertEqual(chmod(path, 0), 0)
        let result = try box.run(["."])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("Secret.swift: cannot read"), result.stderr)
        assertGoodFileFixed(result)
    }

    func testReadOnlyFileUnderApplyIsReportedAndNotChanged() throws {
        let box = try sandboxWithGoodFile()
        let path = try box.write("Locked.swift", "let fooBar = 1\n")
        XCTAssertEqual(chmod(path, 0o444), 0)
        let result = try box.run(["--apply", "."])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("Locked.swift"), result.stderr)
        XCTAssertTrue(result.stderr.contains("read-only"), result.stderr)
        XCTAssertEqual(try box.text("Locked.swift"), "let fooBar = 1\n")
        XCTAssertEqual(try box.text("Good.swift"), "let barFoo = 1\n")
    }

    func testBinaryAndInvalidUTF8FilesAreSkipped() throws {
        let box = try sandboxWithGoodFile()
        try box.write("Nul.swift", bytes: Array("let fooBar = 1\n".utf8) + [0, 1, 2])
        try box.write("Latin1.swift", bytes: Array("let fooBar = \"".utf8) + [0xE9] + Array("\"\n".utf8))
        let result = try box.run(["."])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("Nul.swift: not UTF-8 text"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Latin1.swift: not UTF-8 text"), result.stderr)
        XCTAssertTrue(result.stderr.contains("not UTF-8 text (2)"), "the summary groups the reasons: \(result.stderr)")
        assertGoodFileFixed(result)
    }

    func testHugeFileIsSkipped() throws {
        let box = try sandboxWithGoodFile()
        try box.write("Huge.swift", String(repeating: "let fooBar = 1\n", count: 100))
        let result = try box.run(["--max-file-size", "1K", "."])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("Huge.swift: larger than 1 KB"), result.stderr)
        assertGoodFileFixed(result)
    }

    func testEmptyFileIsFine() throws {
        let box = try sandboxWithGoodFile()
        try box.write("Empty.swift", "")
        let result = try box.run(["--apply", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try box.read("Empty.swift"), [])
        XCTAssertTrue(result.stderr.contains("2 files scanned"), result.stderr)
    }

    func testBrokenSwiftIsStillProcessed() throws {
        let box = try sandboxWithGoodFile()
        try box.write("Broken.swift", "struct {{ let fooBar = (\n")
        let result = try box.run(["--lint", "--format", "xcode", "Broken.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.output.contains("Broken.swift:1:15: warning: 'fooBar'"), result.output)
    }

    func testDanglingSymlinkIsSkipped() throws {
        let box = try sandboxWithGoodFile()
        XCTAssertEqual(symlink("Nowhere.swift", box.path("Dangling.swift")), 0)
        let result = try box.run(["."])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("Dangling.swift: dangling symlink"), result.stderr)
        assertGoodFileFixed(result)
    }

    func testInvalidConfigurationIsAUsageError() throws {
        let box = try sandboxWithGoodFile()
        try box.write(".bodywork.json", "{ \"rulez\": 1 }")
        let result = try box.run(["--apply", "."])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains(".bodywork.json"), result.stderr)
        XCTAssertEqual(try box.text("Good.swift"), "let fooBar = 1\n", "nothing is written after a usage error")
    }

    func testUnknownRuleInConfigurationIsAUsageError() throws {
        let box = try sandboxWithGoodFile()
        try box.write(".bodywork.json", #"{ "rules": { "disable": ["no-such-rule"] } }"#)
        let result = try box.run(["."])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("no-such-rule"), result.stderr)
    }

    func testNamedPathThatIsNotARegularFileIsSkipped() throws {
        let box = try sandboxWithGoodFile()
        XCTAssertEqual(mkfifo(box.path("Pipe.swift"), 0o644), 0)
        let result = try box.run(["Pipe.swift", "Good.swift"])
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("Pipe.swift: not a regular file"), result.stderr)
        assertGoodFileFixed(result)
    }
}
