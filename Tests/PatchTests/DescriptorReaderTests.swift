// Reading a descriptor to its end: every byte, in order, whatever size the caller
// expected (the file's size when it asked, which a file growing or shrinking since
// makes wrong), from files and from pipes.

import Foundation
import Patch
import XCTest

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

final class DescriptorReaderTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUpWithError() throws {
        scratch = try ScratchDirectory()
    }

    override func tearDown() {
        scratch.remove()
    }

    /// Bytes that differ from their neighbors, so that a chunk read twice or skipped shows.
    private func content(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
    }

    private func read(_ bytes: [UInt8], expectedSize: Int, asFileSize: Bool = false) throws -> [UInt8] {
        let path = scratch.path + "/file-\(bytes.count)-\(expectedSize)"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let descriptor = open(path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        return asFileSize ? try DescriptorReader.readAll(descriptor, regularFileSize: expectedSize)
                          : try DescriptorReader.readAll(descriptor, expectedSize: expectedSize)
    }

    func testReadsEveryByteWhateverSizeWasExpected() throws {
        for count in [0, 1, 7, 4096, 70_000, 300_000] {
            let bytes = content(count)
            // Exact, none, too small (the room grows, more than once for the larger files)
            // and too large (the file shrank since its size was asked).
            for expected in [count, 0, count / 3, count * 2 + 5] {
                XCTAssertEqual(try read(bytes, expectedSize: expected), bytes, "\(count) bytes, \(expected) expected")
                // Taken as the size `fstat` gave: a file grown or shrunk since is still read
                // to its end, not cut at that size.
                XCTAssertEqual(try read(bytes, expectedSize: expected, asFileSize: true), bytes,
                               "\(count) bytes, \(expected) as the file's size")
            }
        }
    }

    func testAFileThatGrowsAfterItsSizeIsReadWhole() throws {
        // The size is taken, then the file grows by less than the room's extra byte and by
        // more: every byte written before the read is read.
        for extra in [1, 2, 5000] {
            let path = scratch.path + "/growing-\(extra)"
            let first = content(3000)
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(first)))
            let descriptor = open(path, O_RDONLY)
            XCTAssertGreaterThanOrEqual(descriptor, 0)
            defer { close(descriptor) }
            var status = stat()
            XCTAssertEqual(fstat(descriptor, &status), 0)
            let more = [UInt8](repeating: 0x41, count: extra)
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            handle.seekToEndOfFile()
            handle.write(Data(more))
            try handle.close()
            XCTAssertEqual(try DescriptorReader.readAll(descriptor, regularFileSize: Int(status.st_size)), first + more)
        }
    }

    func testReadsAPipeToItsEnd() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let bytes = content(200_000)  // more than a pipe holds: written while it is read
        let input = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { buffer in
                var written = 0
                while written < buffer.count {
                    let count = write(input, buffer.baseAddress! + written, buffer.count - written)
                    if count <= 0 { break }
                    written += count
                }
            }
            close(input)
        }
        writer.start()
        let read = try DescriptorReader.readAll(ends[0])
        close(ends[0])
        XCTAssertEqual(read, bytes)
    }

    func testAFailedReadIsAnError() {
        // A directory opens for reading but cannot be read as a file.
        let descriptor = open(scratch.path, O_RDONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        XCTAssertThrowsError(try DescriptorReader.readAll(descriptor)) { error in
            XCTAssertEqual((error as? DescriptorReader.ReadError)?.code, EISDIR)
        }
    }
}
