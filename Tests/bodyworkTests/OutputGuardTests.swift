// Every output path of a run (`--write-baseline`, `--patch`, `--output`, `--patch-dir`,
// `audit --output`) goes through one guard: inputs refused, links and device nodes kept,
// two outputs on one file refused, a full device reported.
import Foundation
import XCTest

final class OutputGuardTests: XCTestCase {
    private let source = "let fooBar = 1\n"

    /// A sandbox with one fixable source and the configuration in use.
    private func project() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("A.swift", source)
        try box.write(".bodywork.json", "{}\n")
        return box
    }

    func testEveryOutputRefusesASourceAndTheConfigurationInUse() throws {
        let box = try project()
        XCTAssertEqual(symlink("A.swift", box.path("link.swift")), 0)
        let cases: [([String], String)] = [
            (["--write-baseline", "A.swift"], "is one of the files being read"),
            (["--write-baseline", "link.swift"], "is one of the files being read"),
            (["--write-baseline", ".bodywork.json"], "is the configuration file in use"),
            (["--patch", ".bodywork.json"], "is the configuration file in use"),
            (["-o", ".bodywork.json"], "is the configuration file in use"),
            (["--apply", "--write-baseline", "A.swift"], "is one of the files being read"),
        ]
        for (arguments, message) in cases {
            let result = try box.run(["A.swift"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            XCTAssertEqual(try box.text("A.swift"), source, "\(arguments)")
            XCTAssertEqual(try box.text(".bodywork.json"), "{}\n", "\(arguments)")
        }
        let audit = try box.run(["audit", ".", "--format", "json", "--output", ".bodywork.json"])
        XCTAssertEqual(audit.status, 2, audit.stderr)
        XCTAssertTrue(audit.stderr.contains("is the configuration file in use"), audit.stderr)
        XCTAssertEqual(try box.text(".bodywork.json"), "{}\n")
    }

    func testTwoOutputsOnOneFileAreRefused() throws {
        let box = try project()
        for arguments in [["--patch", "x.out", "-o", "x.out"], ["--write-baseline", "x.out", "--patch", "./x.out"],
                          ["--patch", "x.out", "--output", "sub/../x.out"]] {
            try FileManager.default.createDirectory(atPath: box.path("sub"), withIntermediateDirectories: true)
            let result = try box.run(["A.swift"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("both name"), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: box.path("x.out")))
        }
        // A file that exists, reached by a link, is the same file.
        try box.write("y.out", "old\n")
        XCTAssertEqual(symlink("y.out", box.path("y-link.out")), 0)
        let linked = try box.run(["A.swift", "--patch", "y.out", "-o", "y-link.out"])
        XCTAssertEqual(linked.status, 2, linked.stderr)
        XCTAssertEqual(try box.text("y.out"), "old\n")
        // /dev/null takes any number.
        XCTAssertEqual(try box.run(["A.swift", "-q", "--patch", "/dev/null", "-o", "/dev/null"]).status, 0)
    }

    func testBaselineIsWrittenThroughALinkAndIntoAFifo() throws {
        let box = try project()
        XCTAssertEqual(symlink("real.json", box.path("link.json")), 0)
        let linked = try box.run(["A.swift", "-q", "--write-baseline", "link.json"])
        XCTAssertEqual(linked.status, 0, linked.stderr)
        var info = stat()
        XCTAssertEqual(lstat(box.path("link.json"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link must stay a link")
        let written = try box.text("real.json")
        XCTAssertTrue(written.contains("\"rule\""), written)

        XCTAssertEqual(mkfifo(box.path("out.fifo"), 0o644), 0)
        let streamed = try box.shell("cat out.fifo > fifo-copy & bodywork A.swift -q --write-baseline out.fifo; wait")
        XCTAssertEqual(streamed.status, 0, streamed.stderr)
        XCTAssertEqual(lstat(box.path("out.fifo"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO must stay a FIFO")
        XCTAssertTrue(try box.text("fifo-copy").contains("\"findings\""))
    }

    /// Device nodes made in the sandbox: a null device stays one, a full one fails with 3.
    func testDevicesAreWrittenAsStreamsAndAFullDeviceFails() throws {
        #if !os(Linux)
        throw XCTSkip("the null and full devices are made with Linux's device numbers (1,3 and 1,7)")
        #else
        guard getuid() == 0 else { throw XCTSkip("mknod needs root to make device nodes") }
        let box = try project()
        let made = try box.shell("mknod null c 1 3 && mknod full c 1 7")
        guard made.status == 0 else { throw XCTSkip("device nodes cannot be made here: \(made.stderr)") }
        // Each writes something: the report as JSON, since the text one of a preview is empty.
        for option in ["--write-baseline", "--patch", "-o"] {
            let nothing = try box.run(["A.swift", "-q", "--format", "json", option, "null"])
            XCTAssertEqual(nothing.status, 0, "\(option): \(nothing.stderr)")
            let full = try box.run(["A.swift", "-q", "--format", "json", option, "full"])
            XCTAssertEqual(full.status, 3, "\(option): \(full.stderr)")
            XCTAssertTrue(full.stderr.contains("No space left on device"), full.stderr)
            for name in ["null", "full"] {
                var info = stat()
                XCTAssertEqual(lstat(box.path(name), &info), 0)
                XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "\(option): \(name) must stay a device")
            }
        }
        let audit = try box.run(["audit", ".", "--format", "json", "--output", "full"])
        XCTAssertEqual(audit.status, 3, audit.stderr)
        #endif
    }

    func testBaselineIntoADirectorySaysWhy() throws {
        let box = try project()
        try FileManager.default.createDirectory(atPath: box.path("dir"), withIntermediateDirectories: true)
        let result = try box.run(["A.swift", "--write-baseline", "dir"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("'dir' is a directory"), result.stderr)
        XCTAssertFalse(result.stderr.contains("NSCocoaErrorDomain"), result.stderr)
    }

    func testAnOutputInsideThePatchDirectoryIsRefused() throws {
        let box = try project()
        try box.git("init", "-q", ".")
        let result = try box.run(["A.swift", "--split-by", "rule", "--patch-dir", "patches", "-o", "patches/README.md"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("inside the --patch-dir directory"), result.stderr)
    }

    /// Updating a baseline in place stays possible: it is read whole before the run.
    func testWriteBaselineMayReplaceTheBaselineInUse() throws {
        let box = try project()
        XCTAssertEqual(try box.run(["A.swift", "-q", "--write-baseline", "b.json"]).status, 0)
        let recorded = try box.text("b.json")
        let again = try box.run(["A.swift", "-q", "--baseline", "b.json", "--write-baseline", "b.json"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try box.text("b.json"), recorded)
        let patch = try box.run(["A.swift", "--baseline", "b.json", "--patch", "b.json"])
        XCTAssertEqual(patch.status, 2, patch.stderr)
        XCTAssertTrue(patch.stderr.contains("is the baseline in use"), patch.stderr)
    }
}
