// Safe writes: reading only regular files, and replacing atomically while keeping mode,
// symlinks and bytes, refusing read-only or changed files, and never leaving temp files.

import Foundation
import Patch
import XCTest

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

final class AtomicFileTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws {
        scratch = try ScratchDirectory()
    }

    override func tearDown() {
        // Read-only files are removable by their directory's owner; nothing to restore.
        scratch.remove()
    }

    private func mode(of path: String) -> UInt32 {
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0)
        return UInt32(status.st_mode) & 0o7777
    }

    private func assertNoTemporaryFiles(file: StaticString = #filePath, line: UInt = #line) throws {
        let temporaries = try scratch.entries().filter { $0.contains(".bodywork-") }
        XCTAssertEqual(temporaries, [], file: file, line: line)
    }

    private func expectError(_ expected: FileError, file: StaticString = #filePath, line: UInt = #line,
                             _ body: () throws(FileError) -> Void) {
        do {
            try body()
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, file: file, line: line)
        }
    }

    // MARK: - Reading

    func testReadRecordsBytesModeSizeAndTime() throws {
        let path = scratch.file("View.swift")
        try scratch.write("View.swift", Array("struct V {}\n".utf8))
        XCTAssertEqual(chmod(path, 0o640), 0)
        let snapshot = try AtomicFile.read(path)
        XCTAssertEqual(snapshot.bytes, Array("struct V {}\n".utf8))
        XCTAssertEqual(snapshot.size, 12)
        XCTAssertEqual(snapshot.mode, 0o640)
        XCTAssertEqual(snapshot.path, path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let modified = try XCTUnwrap(attributes[.modificationDate] as? Date)
        XCTAssertEqual(snapshot.modificationTime, modified.timeIntervalSince1970, accuracy: 0.001)
    }

    func testReadMissingFile() {
        let path = scratch.file("missing.swift")
        expectError(.notFound(path)) { () throws(FileError) in _ = try AtomicFile.read(path) }
    }

    func testDirectoryIsNotARegularFile() throws {
        try FileManager.default.createDirectory(atPath: scratch.file("Folder"), withIntermediateDirectories: false)
        let path = scratch.file("Folder")
        expectError(.notRegularFile(path)) { () throws(FileError) in _ = try AtomicFile.read(path) }
    }

    func testFIFOIsRefusedWithoutBlocking() throws {
        let path = scratch.file("pipe")
        XCTAssertEqual(mkfifo(path, 0o644), 0)
        expectError(.notRegularFile(path)) { () throws(FileError) in _ = try AtomicFile.read(path) }
    }

    func testDeviceIsNotARegularFile() {
        expectError(.notRegularFile("/dev/null")) { () throws(FileError) in _ = try AtomicFile.read("/dev/null") }
    }

    func testReadFollowsSymlinks() throws {
        try scratch.write("target.swift", Array("let a = 1\n".utf8))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.swift"), withDestinationPath: "target.swift")
        XCTAssertEqual(try AtomicFile.read(scratch.file("link.swift")).bytes, Array("let a = 1\n".utf8))
    }

    func testEmptyFileRoundTrip() throws {
        try scratch.write("Empty.swift", [])
        let snapshot = try AtomicFile.read(scratch.file("Empty.swift"))
        XCTAssertEqual(snapshot.bytes, [])
        XCTAssertEqual(snapshot.size, 0)
        try AtomicFile.replace(snapshot, with: Array("import SwiftUI\n".utf8))
        XCTAssertEqual(try scratch.read("Empty.swift"), Array("import SwiftUI\n".utf8))
        let filled = try AtomicFile.read(scratch.file("Empty.swift"))
        try AtomicFile.replace(filled, with: [])
        XCTAssertEqual(try scratch.read("Empty.swift"), [])
        try assertNoTemporaryFiles()
    }

    // MARK: - Replacing

    func testReplaceKeepsMode() throws {
        for mode: UInt32 in [0o640, 0o755, 0o600] {
            let name = "File\(String(mode, radix: 8)).swift"
            let path = scratch.file(name)
            try scratch.write(name, Array("old\n".utf8))
            XCTAssertEqual(chmod(path, mode_t(mode)), 0)
            try AtomicFile.replace(try AtomicFile.read(path), with: Array("new\n".utf8))
            XCTAssertEqual(try scratch.read(name), Array("new\n".utf8))
            XCTAssertEqual(self.mode(of: path), mode)
        }
        try assertNoTemporaryFiles()
    }

    func testReplaceIsARenameNotAnInPlaceWrite() throws {
        let path = scratch.file("View.swift")
        try scratch.write("View.swift", Array("old\n".utf8))
        var before = stat(), after = stat()
        XCTAssertEqual(stat(path, &before), 0)
        try AtomicFile.replace(try AtomicFile.read(path), with: Array("new\n".utf8))
        XCTAssertEqual(stat(path, &after), 0)
        XCTAssertNotEqual(before.st_ino, after.st_ino)
    }

    func testReplaceThroughSymlinkKeepsTheLink() throws {
        try FileManager.default.createDirectory(atPath: scratch.file("real"), withIntermediateDirectories: false)
        try scratch.write("real/Target.swift", Array("old\n".utf8))
        XCTAssertEqual(chmod(scratch.file("real/Target.swift"), 0o644), 0)
        let link = scratch.file("Link.swift")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real/Target.swift")
        try AtomicFile.replace(try AtomicFile.read(link), with: Array("new\n".utf8))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real/Target.swift")
        XCTAssertEqual(try scratch.read("real/Target.swift"), Array("new\n".utf8))
        XCTAssertEqual(mode(of: scratch.file("real/Target.swift")), 0o644)
        try assertNoTemporaryFiles()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.file("real")), ["Target.swift"])
    }

    func testDanglingSymlinkIsNotFound() throws {
        try scratch.write("Target.swift", Array("old\n".utf8))
        let link = scratch.file("Link.swift")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "Target.swift")
        let snapshot = try AtomicFile.read(link)
        try FileManager.default.removeItem(atPath: scratch.file("Target.swift"))
        expectError(.notFound(link)) { () throws(FileError) in try AtomicFile.replace(snapshot, with: Array("x\n".utf8)) }
        expectError(.notFound(link)) { () throws(FileError) in _ = try AtomicFile.read(link) }
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "Target.swift")
        try assertNoTemporaryFiles()
    }

    func testReadOnlyFileIsRefusedAndUnchanged() throws {
        let path = scratch.file("Locked.swift")
        try scratch.write("Locked.swift", Array("old\n".utf8))
        XCTAssertEqual(chmod(path, 0o444), 0)
        let snapshot = try AtomicFile.read(path)
        expectError(.readOnly(path)) { () throws(FileError) in try AtomicFile.replace(snapshot, with: Array("new\n".utf8)) }
        XCTAssertEqual(try scratch.read("Locked.swift"), Array("old\n".utf8))
        XCTAssertEqual(mode(of: path), 0o444)
        try assertNoTemporaryFiles()
    }

    func testChangedOnDiskIsRefusedAndUnchanged() throws {
        let path = scratch.file("Busy.swift")
        try scratch.write("Busy.swift", Array("let a = 1\n".utf8))
        let snapshot = try AtomicFile.read(path)
        // Same size, so only the bytes (and maybe the time) give the edit away.
        try scratch.write("Busy.swift", Array("let a = 2\n".utf8))
        expectError(.changedOnDisk(path)) { () throws(FileError) in
            try AtomicFile.replace(snapshot, with: Array("let b = 1\n".utf8))
        }
        XCTAssertEqual(try scratch.read("Busy.swift"), Array("let a = 2\n".utf8))
        try assertNoTemporaryFiles()
    }

    /// A file read elsewhere (the index pass reads each file once, on an open descriptor)
    /// gives the snapshot `read` gives, so a write through it is checked the same way.
    func testSnapshotFromAnOpenFilesStatusIsTheOneReadGives() throws {
        let path = scratch.file("Read.swift")
        try scratch.write("Read.swift", Array("let a = 1\n".utf8))
        let descriptor = open(path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        var status = stat()
        XCTAssertEqual(fstat(descriptor, &status), 0)
        close(descriptor)
        let snapshot = FileSnapshot(path: path, bytes: Array("let a = 1\n".utf8), status: status)
        XCTAssertEqual(snapshot, try AtomicFile.read(path))
        try scratch.write("Read.swift", Array("let a = 2\n".utf8))
        expectError(.changedOnDisk(path)) { () throws(FileError) in
            try AtomicFile.replace(snapshot, with: Array("let b = 1\n".utf8))
        }
        XCTAssertEqual(try scratch.read("Read.swift"), Array("let a = 2\n".utf8))
    }

    func testTouchedButSameBytesIsRefused() throws {
        let path = scratch.file("Touched.swift")
        try scratch.write("Touched.swift", Array("x\n".utf8))
        let snapshot = try AtomicFile.read(path)
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 5), timespec(tv_sec: 1_000_000, tv_nsec: 5)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        expectError(.changedOnDisk(path)) { () throws(FileError) in try AtomicFile.replace(snapshot, with: Array("y\n".utf8)) }
        XCTAssertEqual(try scratch.read("Touched.swift"), Array("x\n".utf8))
    }

    func testDeletedFileIsNotFound() throws {
        let path = scratch.file("Gone.swift")
        try scratch.write("Gone.swift", Array("x\n".utf8))
        let snapshot = try AtomicFile.read(path)
        try FileManager.default.removeItem(atPath: path)
        expectError(.notFound(path)) { () throws(FileError) in try AtomicFile.replace(snapshot, with: Array("y\n".utf8)) }
        XCTAssertEqual(try scratch.entries(), [])
    }

    func testWriteFailureLeavesNoTemporaryFile() throws {
        // A file in a directory we cannot add entries to: mkstemp fails for a non-root user;
        // root can still write, so then the replace simply succeeds. Either way no leftovers.
        try FileManager.default.createDirectory(atPath: scratch.file("sealed"), withIntermediateDirectories: false)
        try scratch.write("sealed/File.swift", Array("old\n".utf8))
        let snapshot = try AtomicFile.read(scratch.file("sealed/File.swift"))
        XCTAssertEqual(chmod(scratch.file("sealed"), 0o555), 0)
        defer { chmod(scratch.file("sealed"), 0o755) }
        do {
            try AtomicFile.replace(snapshot, with: Array("new\n".utf8))
            XCTAssertEqual(getuid(), 0, "only root may write into a read-only directory")
            XCTAssertEqual(try scratch.read("sealed/File.swift"), Array("new\n".utf8))
        } catch {
            guard case .writeFailed = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(try scratch.read("sealed/File.swift"), Array("old\n".utf8))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.file("sealed")), ["File.swift"])
    }

    func testFailedWriteThrowsAndRemovesTheTemporaryFile() throws {
        // A file-size limit makes the write itself fail (EFBIG), even for root.
        let path = scratch.file("Limited.swift")
        try scratch.write("Limited.swift", Array("old\n".utf8))
        let snapshot = try AtomicFile.read(path)
        var saved = rlimit()
        XCTAssertEqual(getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var limited = saved
        limited.rlim_cur = 64 * 1024
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limited), 0)
        var thrown: FileError?
        do { try AtomicFile.replace(snapshot, with: Array(repeating: UInt8(ascii: "x"), count: 256 * 1024)) } catch {
            thrown = error
        }
        XCTAssertEqual(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved), 0)
        signal(SIGXFSZ, previousHandler)
        guard case .writeFailed(let failedPath, _)? = thrown else { return XCTFail("expected writeFailed, got \(String(describing: thrown))") }
        XCTAssertEqual(failedPath, path)
        XCTAssertEqual(try scratch.read("Limited.swift"), Array("old\n".utf8))
        try assertNoTemporaryFiles()
    }

    func testCRLFAndBOMWrittenExactly() throws {
        let path = scratch.file("Windows.swift")
        try scratch.write("Windows.swift", [0xEF, 0xBB, 0xBF] + Array("import SwiftUI\r\n".utf8))
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("import SwiftUI\r\nstruct A {}\r\n\r\n// end".utf8) + [0xFF, 0x00, 0x0D]
        try AtomicFile.replace(try AtomicFile.read(path), with: bytes)
        XCTAssertEqual(try scratch.read("Windows.swift"), bytes)
        XCTAssertEqual(try AtomicFile.read(path).bytes, bytes)
    }

    func testLargeFile() throws {
        let path = scratch.file("Large.swift")
        let line = Array("        Text(\"row\").padding().frame(maxWidth: .infinity)\n".utf8)
        var original: [UInt8] = []
        original.reserveCapacity(10_500_000)
        while original.count < 10_000_000 { original += line }
        try scratch.write("Large.swift", original)
        let snapshot = try AtomicFile.read(path)
        XCTAssertEqual(snapshot.size, original.count)
        XCTAssertEqual(snapshot.bytes, original)
        var replacement = original
        replacement[5_000_000] = UInt8(ascii: "#")
        replacement += Array("// tail\n".utf8)
        try AtomicFile.replace(snapshot, with: replacement)
        XCTAssertEqual(try scratch.read("Large.swift"), replacement)
        try assertNoTemporaryFiles()
    }

    func testReplacingWithSameBytesLeavesTheFileAlone() throws {
        let path = scratch.file("Same.swift")
        try scratch.write("Same.swift", Array("x\n".utf8))
        var before = stat(), after = stat()
        XCTAssertEqual(stat(path, &before), 0)
        try AtomicFile.replace(try AtomicFile.read(path), with: Array("x\n".utf8))
        XCTAssertEqual(stat(path, &after), 0)
        XCTAssertEqual(before.st_ino, after.st_ino)
    }

    func testLongFileNameStillGetsATemporaryFile() throws {
        let name = String(repeating: "n", count: 234) + ".swift"  // 240 bytes: too long with the temp suffix
        try scratch.write(name, Array("old\n".utf8))
        try AtomicFile.replace(try AtomicFile.read(scratch.file(name)), with: Array("new\n".utf8))
        XCTAssertEqual(try scratch.read(name), Array("new\n".utf8))
        try assertNoTemporaryFiles()
    }
}
