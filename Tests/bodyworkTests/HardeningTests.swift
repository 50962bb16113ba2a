// Adversarial use of the command line: patch paths that are inputs or devices, hostile
// revisions, failed writes, links out of the tree, signals, hard links and extended
// attributes, names the walk cannot take, unreadable stdin, absurd numbers.
// Each test checks files byte for byte and the exit status, as a user would see them.
import Foundation
import XCTest

final class HardeningTests: XCTestCase {
    private let source = "let fooBar = 1\n"
    private let fixed = "let barFoo = 1\n"

    // MARK: - Data loss and writes where they do not belong

    func testPatchPathThatIsAnInputIsRefusedAndTheSourceKept() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        try box.write("B.swift", source)
        for patchPath in ["A.swift", "./A.swift", "sub/../A.swift"] {
            try FileManager.default.createDirectory(atPath: box.path("sub"), withIntermediateDirectories: true)
            let result = try box.run([".", "--patch", patchPath])
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains("is one of the files being read"), result.stderr)
            XCTAssertEqual(try box.text("A.swift"), source)
        }
        // A symlink to an input is the input too.
        XCTAssertEqual(symlink("A.swift", box.path("link.patch")), 0)
        let result = try box.run(["--apply", ".", "--patch", "link.patch"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(try box.text("A.swift"), source)
        XCTAssertEqual(try box.text("B.swift"), source, "nothing is written after a usage error")
    }

    func testPatchOntoFifoIsStreamedAndSymlinkTargetWritten() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        XCTAssertEqual(mkfifo(box.path("out.fifo"), 0o644), 0)
        let reader = try box.shell("cat out.fifo > fifo-copy & bodywork A.swift -q --patch out.fifo; wait")
        XCTAssertEqual(reader.status, 0, reader.stderr)
        var info = stat()
        XCTAssertEqual(lstat(box.path("out.fifo"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO must stay a FIFO")
        XCTAssertTrue(try box.text("fifo-copy").contains("+let barFoo = 1"))

        XCTAssertEqual(symlink("real.patch", box.path("link.patch")), 0)
        XCTAssertEqual(try box.run(["A.swift", "-q", "--patch", "link.patch"]).status, 0)
        XCTAssertEqual(lstat(box.path("link.patch"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link must stay a link")
        XCTAssertTrue(try box.text("real.patch").contains("+let barFoo = 1"))

        // /dev/null stays a device.
        XCTAssertEqual(try box.run(["A.swift", "-q", "--patch", "/dev/null"]).status, 0)
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR)
    }

    func testChangedSinceRefusesOptionsAsRevisions() throws {
        let box = try Sandbox()
        try box.git("init", "-q", ".")
        try box.write("A.swift", source)
        try box.git("add", "A.swift")
        try box.git("commit", "-q", "-m", "start")
        for revision in ["--output=\(box.path("written-by-git"))", "-p", ""] {
            let result = try box.run(["--changed-since", revision, "."])
            XCTAssertEqual(result.status, 2, "\(revision): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: box.path("written-by-git")))
        }
        let unknown = try box.run(["--changed-since", "no-such-branch", "."])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown revision 'no-such-branch'"), unknown.stderr)
        try box.write("A.swift", "let fooBar = 2\n")
        let changed = try box.run(["--changed-since", "HEAD", "--lint", "."])
        XCTAssertTrue(changed.output.contains("A.swift"), changed.output + changed.stderr)
    }

    func testMissingGitIsNamed() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        let result = try box.run(["--changed-since", "HEAD", "."], environment: ["PATH": box.path("empty-bin")])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no `git` was found on PATH"), result.stderr)
    }

    func testFailedWritesOfOutputAreErrors() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        let preview = try box.shell("bodywork A.swift > /dev/full")
        XCTAssertEqual(preview.status, 3, preview.stderr)
        XCTAssertTrue(preview.stderr.contains("cannot write standard output: No space left on device"), preview.stderr)

        let stdinMode = try box.shell("bodywork - --stdin-path A.swift < A.swift > /dev/full")
        XCTAssertEqual(stdinMode.status, 3, stdinMode.stderr)

        let patch = try box.run(["A.swift", "-q", "--patch", "/dev/full"])
        XCTAssertEqual(patch.status, 3, patch.stderr)
        XCTAssertTrue(patch.stderr.contains("--patch: /dev/full: cannot write"), patch.stderr)
    }

    func testApplyDoesNotWriteThroughSymlinksOutOfTheTree() throws {
        let box = try Sandbox()
        try box.write("outside/Shared.swift", source)
        try box.write("app/Inside.swift", source)
        try box.write("app/Own.swift", source)
        XCTAssertEqual(symlink("../outside/Shared.swift", box.path("app/Shared.swift")), 0)
        XCTAssertEqual(symlink("Own.swift", box.path("app/Alias.swift")), 0)
        let result = try box.run(["--apply", "app"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("app/Shared.swift: symlink to a file outside the paths given"), result.stderr)
        XCTAssertEqual(try box.text("outside/Shared.swift"), source, "the file outside the tree is untouched")
        XCTAssertEqual(try box.text("app/Inside.swift"), fixed)
        XCTAssertEqual(try box.text("app/Own.swift"), fixed, "a link inside the tree is one file, written once")
        var info = stat()
        XCTAssertEqual(lstat(box.path("app/Alias.swift"), &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK)
    }

    func testSignalsDuringApplyLeaveNoTemporariesAndWholeFiles() throws {
        let box = try Sandbox()
        // Enough work that the signal lands while files are being written.
        let body = String(repeating: "let fooBar = fooBar + 1\n", count: 400)
        for index in 0..<300 { try box.write("Sources/File\(index).swift", body) }
        let expected = body.replacingOccurrences(of: "fooBar", with: "barFoo")
        var interrupted = 0
        for (signal, status) in [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)] {
            for delay in [0.0, 0.1] {
                // The first `-v` line says files are being written: the signal cannot land
                // before the process has set up its handling (when the default would kill it).
                let process = try box.startAfterFirstLine(["--apply", "-v", "Sources"])
                Thread.sleep(forTimeInterval: delay)
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                XCTAssertEqual(process.terminationReason, .exit, "the signal is caught, not fatal")
                if process.terminationStatus != 0 {
                    XCTAssertEqual(process.terminationStatus, Int32(status), "signal \(signal)")
                    interrupted += 1
                }
                let names = try FileManager.default.contentsOfDirectory(atPath: box.path("Sources"))
                XCTAssertEqual(names.filter { $0.contains(".bodywork-") }, [], "temporaries left after signal \(signal)")
                for name in names {
                    let text = try box.text("Sources/\(name)")
                    XCTAssertTrue(text == body || text == expected, "\(name) is neither old nor new")
                }
                for index in 0..<300 { try box.write("Sources/File\(index).swift", body) }
            }
        }
        XCTAssertGreaterThan(interrupted, 0, "no run was stopped part-way: the test proved nothing")
    }

    func testStaleTemporaryOfAKilledRunIsRemoved() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        let stale = try box.write(".A.swift.bodywork-Ab12Cd", "half")
        let fresh = try box.write(".A.swift.bodywork-Zz99Yy", "another run's")
        var old = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, stale, &old, 0), 0)
        XCTAssertEqual(try box.run(["--apply", "A.swift"]).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: stale))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fresh), "a recent temporary may be another run's")
    }

    func testClosedPipeDoesNotStopApply() throws {
        let box = try Sandbox()
        for index in 0..<200 { try box.write("Sources/File\(index).swift", source) }
        let result = try box.shell("bodywork -v --apply Sources 2>&1 | head -c 10 > /dev/null; echo done")
        XCTAssertEqual(result.status, 0)
        for index in 0..<200 { XCTAssertEqual(try box.text("Sources/File\(index).swift"), fixed, "File\(index)") }
    }

    func testHardLinksAreNamedAndExtendedAttributesKept() throws {
        let box = try Sandbox()
        let path = try box.write("A.swift", source)
        XCTAssertEqual(link(path, box.path("Other.name")), 0)
        let attributes = try box.shell("python3 -c \"import os; os.setxattr('A.swift', 'user.origin', b'kept')\" 2>/dev/null || xattr -w user.origin kept A.swift")
        let canSetAttributes = attributes.status == 0
        let result = try box.run(["--apply", "A.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try box.text("A.swift"), fixed)
        XCTAssertEqual(try box.text("Other.name"), source)
        XCTAssertTrue(result.stderr.contains("A.swift had 1 other hard link, which keeps the old content"), result.stderr)
        if canSetAttributes {
            let read = try box.shell("python3 -c \"import os; print(os.getxattr('A.swift', 'user.origin').decode())\" 2>/dev/null || xattr -p user.origin A.swift")
            XCTAssertEqual(read.output, "kept\n", read.stderr)
        }
    }

    func testFilesTheWalkCannotTakeAreNamed() throws {
        let box = try Sandbox()
        try box.write("Good.swift", source)
        try box.write(bytes: Array("Bad".utf8) + [0xFF] + Array(".swift".utf8), source)
        XCTAssertEqual(symlink("Loop.swift", box.path("Loop.swift")), 0)
        try box.write("Locked/Inside.swift", source)
        var result = try box.run(["."])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("Bad\\xFF.swift: name is not valid UTF-8"), result.stderr)
        XCTAssertTrue(result.stderr.contains("Loop.swift: symlink loop"), result.stderr)
        XCTAssertTrue(result.output.contains("+++ b/Good.swift"))

        // A directory that can be listed but not entered, seen by a user who is not root.
        XCTAssertEqual(chmod(box.path("Locked"), 0o644), 0)
        result = try box.shell("setpriv --reuid=65534 --regid=65534 --clear-groups bodywork --lint Locked")
        if result.status != 127 && !result.stderr.contains("setpriv:") {
            XCTAssertEqual(result.status, 3, result.stderr)
            XCTAssertTrue(result.stderr.contains("Locked: cannot enter directory"), result.stderr)
        }

        // A path longer than the system allows.
        let long = String(repeating: "d", count: 250)
        var deep = ""
        for _ in 0..<20 { deep += long + "/" }
        result = try box.run([deep + "X.swift"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("path longer than the system allows"), result.stderr)
    }

    // MARK: - Crashes and blow-ups

    func testUnreadableStandardInputIsAUsageError() throws {
        let box = try Sandbox()
        try box.write("list", "A.swift\n")
        for command in ["bodywork - < .", "bodywork - <&-", "bodywork --files-from - < .", "bodywork --files-from - <&-",
                        "bodywork - 0>/dev/null"] {
            let result = try box.shell(command)
            XCTAssertEqual(result.status, 2, "\(command): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("cannot read standard input"), "\(command): \(result.stderr)")
        }
    }

    func testNumbersPastTheirRangeAreUsageErrors() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        for arguments in [["-U", "9223372036854775807"], ["-U9223372036854775807"], ["--context", "99999999999999999999"],
                          ["--max-file-size", "9999999999G"], ["--jobs", "9223372036854775807"]] {
            let result = try box.run(arguments + ["A.swift"])
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
        }
        let wide = try box.run(["-U", "2147483647", "A.swift"])
        XCTAssertEqual(wide.status, 0, wide.stderr)
        XCTAssertTrue(wide.output.contains("@@ -1 +1 @@"), wide.output)
    }

    // MARK: - Clear words, exact patches

    func testPatchWithSpecialNamesAppliesWithGitAndPatch() throws {
        let box = try Sandbox()
        let names = ["tab\tname", "new\nline", "quote\"d", "back\\slash", "space d", "ünï"]
        for name in names { try box.write("src/\(name).swift", source) }
        try box.write("work/.keep", "")
        try box.git("init", "-q", ".")
        try box.git("add", ".")
        try box.git("commit", "-q", "-m", "start")
        // Run from a subdirectory, naming the files with `..`.
        let result = try Sandbox.execute(Sandbox.binary, ["-q", "--patch", "../fixes.patch", "../src"],
                                         in: box.root.appendingPathComponent("work"), stdin: nil,
                                         environment: ["BODYWORK_TEST_RULES": "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try box.text("fixes.patch").contains("--- \"a/src/tab\\tname.swift\"\n"))
        try box.git("apply", "--check", "fixes.patch")
        try box.git("apply", "fixes.patch")
        for name in names { XCTAssertEqual(try box.text("src/\(name).swift"), fixed, name) }
        try box.git("checkout", "--", "src")
        let patch = try box.shell("patch -s -p1 < fixes.patch")
        XCTAssertEqual(patch.status, 0, patch.stderr)
        for name in names { XCTAssertEqual(try box.text("src/\(name).swift"), fixed, name) }
    }

    func testMessagesSayWhatIsWrong() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        try FileManager.default.createDirectory(atPath: box.path("dir"), withIntermediateDirectories: true)
        var result = try box.run(["--config", "dir", "A.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("dir: is a directory, not a configuration file"), result.stderr)
        result = try box.run(["--config", "/dev/null", "A.swift"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("/dev/null: is not a regular file"), result.stderr)

        try box.write("linked/A.swift", source)
        XCTAssertEqual(symlink("nowhere.json", box.path("linked/.bodywork.json")), 0)
        result = try box.run(["linked"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("a symlink to a file that does not exist"), result.stderr)

        try box.write("options/.bodywork.json", #"{"options": {"foreach-filter": {"bogus": 1}}}"#)
        try box.write("options/A.swift", source)
        result = try box.run(["options"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("options.foreach-filter.bogus: unknown option"), result.stderr)

        try box.write("ctl\u{1B}[31mred.swift", "let fooBar = 1 +\n")
        result = try box.run(["--lint", "--format", "xcode", "."])
        XCTAssertFalse(result.output.contains("\u{1B}"), "a name must not reach the terminal raw: \(result.output)")
        XCTAssertFalse(result.stderr.contains("\u{1B}[31m"), result.stderr)
    }

    func testOneFileNamedTwiceIsProcessedOnce() throws {
        let box = try Sandbox()
        try box.write("a/A.swift", source)
        XCTAssertEqual(symlink("a/A.swift", box.path("Link.swift")), 0)
        for jobs in ["1", "4"] {
            let result = try box.run(["--apply", "-j", jobs, "a/A.swift", "a/../a/A.swift", "Link.swift", "a"])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("1 file scanned"), result.stderr)
            try box.write("a/A.swift", source)
        }
    }

    /// Walked, not named: a hard link and a link to a file of the tree are the file once,
    /// whichever name comes first; files that only look alike are each their own.
    func testOneFileWalkedUnderSeveralNamesIsProcessedOnce() throws {
        let box = try Sandbox()
        let path = try box.write("t/B.swift", source)
        XCTAssertEqual(link(path, box.path("t/A.swift")), 0)
        XCTAssertEqual(link(path, box.path("t/C.swift")), 0)
        try box.write("t/Other.swift", source)
        try box.write("t/sub/D.swift", source)
        XCTAssertEqual(symlink("D.swift", box.path("t/sub/E.swift")), 0)
        for jobs in ["1", "2"] {
            let result = try box.run(["--check", "-j", jobs, "t"])
            // A, B and C are one file (A named first), D and E another: three files.
            XCTAssertTrue(result.stderr.contains("3 files scanned"), result.stderr)
            for kept in ["t/A.swift", "t/sub/D.swift", "t/Other.swift"] {
                XCTAssertTrue(result.output.contains(kept), "\(kept): \(result.output)")
            }
            for dropped in ["t/B.swift", "t/C.swift", "t/sub/E.swift"] {
                XCTAssertFalse(result.output.contains(dropped), "\(dropped): \(result.output)")
            }
        }
    }
}

extension Sandbox {
    /// Runs `command` with `sh -c` in this directory, `bodywork` on the PATH.
    func shell(_ command: String) throws -> RunResult {
        let path = Sandbox.pathDirectory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Sandbox.execute(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: root, stdin: nil,
                                   environment: ["BODYWORK_TEST_RULES": "1", "PATH": path])
    }

    /// Starts bodywork and returns once it has written its first line to standard error;
    /// the rest of its output is drained on another thread.
    func startAfterFirstLine(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Sandbox.binary
        process.arguments = arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        environment["BODYWORK_TEST_RULES"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let reading = errors.fileHandleForReading
        while true {
            let chunk = reading.availableData
            if chunk.isEmpty || chunk.contains(0x0A) { break }
        }
        Thread.detachNewThread { _ = reading.readDataToEndOfFile() }
        return process
    }

    /// Writes a file whose name is raw bytes (not necessarily UTF-8).
    func write(bytes name: [UInt8], _ text: String) throws {
        var path = Array(root.path.utf8) + [UInt8(ascii: "/")] + name
        path.append(0)
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            }
        }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
    }
}

/// write(2) under a name that `Sandbox.write` does not hide.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
