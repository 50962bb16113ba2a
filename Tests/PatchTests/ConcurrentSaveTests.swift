// An editor saving (temporary file, then rename) while a replacement is being written:
// whenever the save lands, it must be what the file holds afterwards.

import Foundation
import Patch
import SystemShims
import XCTest

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

final class ConcurrentSaveTests: XCTestCase {
    /// Each round: the file is read, then written back while another thread saves it once
    /// at a random moment around the write. The save is the last thing that happens to the
    /// file in every order, so the file must end up holding it; the write either succeeds
    /// (the save came after it) or reports the change.
    func testASaveDuringReplaceIsNeverLost() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.file("View.swift")
        let savePath = scratch.file(".View.swift.swp")
        // Without a swap in one step the write falls back to check-then-rename, which
        // narrows the window but cannot close it.
        try scratch.write("one", [1])
        try scratch.write("two", [2])
        guard bodywork_exchange(scratch.file("one"), scratch.file("two")) == 0 else {
            throw XCTSkip("this file system cannot swap two files (errno \(errno))")
        }
        // Saves are spread over about twice the time one replacement takes here, so that
        // they land before, during and after it, whatever the disk.
        try scratch.write("View.swift", Array("timing\n".utf8))
        var before = timespec(), after = timespec()
        clock_gettime(CLOCK_MONOTONIC, &before)
        for index in 0..<5 { try AtomicFile.replace(try AtomicFile.read(path), with: Array("\(index)\n".utf8)) }
        clock_gettime(CLOCK_MONOTONIC, &after)
        let microseconds = (after.tv_sec - before.tv_sec) * 1_000_000 + (after.tv_nsec - before.tv_nsec) / 1000
        let span = UInt32(max(100, min(20_000, 2 * microseconds / 5)))
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        let rounds = 400
        for round in 0..<rounds {
            try scratch.write("View.swift", Array("original \(round)\n".utf8))
            let snapshot = try AtomicFile.read(path)
            let saved = Array("saved by the editor \(round)\n".utf8)
            let delay = UInt32.random(in: 0...span, using: &generator)
            let done = DispatchSemaphore(value: 0)
            let editor = Thread {
                usleep(delay)
                saved.withUnsafeBytes { buffer in
                    let descriptor = open(savePath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                    _ = write(descriptor, buffer.baseAddress, buffer.count)
                    close(descriptor)
                }
                rename(savePath, path)
                done.signal()
            }
            editor.start()
            do {
                try AtomicFile.replace(snapshot, with: Array("fixed \(round)\n".utf8))
            } catch FileError.changedOnDisk(let changed) {
                XCTAssertEqual(changed, path)
                refused += 1
            }
            done.wait()
            XCTAssertEqual(try scratch.read("View.swift"), saved, "round \(round): the editor's save was lost")
            XCTAssertEqual(try scratch.entries().filter { $0.contains(".bodywork-") }, [])
        }
        // Some saves came first or during the write and were found: the test tried something.
        XCTAssertGreaterThan(refused, 0)
    }
}
