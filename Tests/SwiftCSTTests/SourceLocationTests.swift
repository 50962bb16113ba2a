// Tests for converting byte offsets to lines and columns and back, over every kind of
// line break.

import SwiftCST
import XCTest

final class SourceLocationTests: XCTestCase {
    func testMixedLineBreaks() {
        // Lines: "ab" LF "cd" CRLF "ef" CR "gh"
        let converter = SourceLocationConverter(Array("ab\ncd\r\nef\rgh".utf8))
        XCTAssertEqual(converter.lineCount, 4)
        XCTAssertEqual(converter.lineRange(1), 0..<2)
        XCTAssertEqual(converter.lineRange(2), 3..<5)
        XCTAssertEqual(converter.lineRange(3), 7..<9)
        XCTAssertEqual(converter.lineRange(4), 10..<12)
        XCTAssertNil(converter.lineRange(0))
        XCTAssertNil(converter.lineRange(5))
        XCTAssertTrue(converter.location(of: 0) == (1, 1))
        XCTAssertTrue(converter.location(of: 2) == (1, 3))
        XCTAssertTrue(converter.location(of: 4) == (2, 2))
        XCTAssertTrue(converter.location(of: 7) == (3, 1))
        XCTAssertTrue(converter.location(of: 10) == (4, 1))
        XCTAssertTrue(converter.location(of: 12) == (4, 3))
        XCTAssertEqual(converter.offset(line: 2, column: 2), 4)
        XCTAssertEqual(converter.offset(line: 2, column: 3), 5)
        XCTAssertNil(converter.offset(line: 2, column: 4))
        XCTAssertNil(converter.offset(line: 0, column: 1))
        XCTAssertNil(converter.offset(line: 5, column: 1))
        XCTAssertNil(converter.offset(line: 1, column: 0))
    }

    func testRoundTripOutsideLineBreaks() {
        let bytes = Array("let a = 1\r\n\r\n  b\n\rc\n".utf8)
        let converter = SourceLocationConverter(bytes)
        for offset in 0...bytes.count {
            let isSecondByteOfCRLF = offset > 0 && offset < bytes.count && bytes[offset] == 10 && bytes[offset - 1] == 13
            if isSecondByteOfCRLF { continue }
            let (line, column) = converter.location(of: offset)
            XCTAssertEqual(converter.offset(line: line, column: column), offset, "offset \(offset)")
        }
    }

    func testFinalLineBreakMakesAnEmptyLastLine() {
        let converter = SourceLocationConverter(Array("a\n".utf8))
        XCTAssertEqual(converter.lineCount, 2)
        XCTAssertTrue(converter.location(of: 2) == (2, 1))
        XCTAssertEqual(converter.lineRange(2), 2..<2)
        XCTAssertEqual(converter.offset(line: 2, column: 1), 2)
    }

    func testEmptyFileAndClamping() {
        let empty = SourceLocationConverter([])
        XCTAssertEqual(empty.lineCount, 1)
        XCTAssertTrue(empty.location(of: 0) == (1, 1))
        XCTAssertEqual(empty.lineRange(1), 0..<0)
        let converter = SourceLocationConverter(Array("ab\ncd".utf8))
        XCTAssertTrue(converter.location(of: -4) == (1, 1))
        XCTAssertTrue(converter.location(of: 99) == (2, 3))
    }

    func testColumnsCountUTF8Bytes() {
        let converter = SourceLocationConverter(Array("é=🐶\nx".utf8))
        XCTAssertTrue(converter.location(of: 2) == (1, 3))   // `=` after the 2-byte `é`
        XCTAssertTrue(converter.location(of: 3) == (1, 4))   // the 4-byte dog
        XCTAssertEqual(converter.lineRange(1), 0..<7)
        XCTAssertTrue(converter.location(of: 8) == (2, 1))
    }

    func testManyLinesUseTheRightLine() {
        let text = (1...500).map { "line \($0)" }.joined(separator: "\n")
        let bytes = Array(text.utf8)
        let converter = SourceLocationConverter(bytes)
        XCTAssertEqual(converter.lineCount, 500)
        for line in [1, 2, 99, 250, 499, 500] {
            guard let range = converter.lineRange(line) else { return XCTFail("no line \(line)") }
            XCTAssertEqual(String(decoding: bytes[range], as: UTF8.self), "line \(line)")
            XCTAssertTrue(converter.location(of: range.lowerBound + 2) == (line, 3))
        }
    }

    /// Long runs without a line break (skipped eight bytes at a time), breaks of every
    /// kind at every alignment, tabs and non-ASCII bytes: each offset's line and column
    /// agree with counting byte by byte.
    func testLocationsMatchAByteByByteCount() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("abcdefghijklmnopqrstuvwxyz".utf8), [10], [13], [13, 10], [9, 9], Array("é€".utf8), [32]]
        for _ in 0..<400 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<40, using: &generator) {
                let piece = pieces.randomElement(using: &generator)!
                bytes += piece.prefix(Int.random(in: 1...piece.count, using: &generator))
            }
            let converter = SourceLocationConverter(bytes)
            var line = 1, column = 1, index = 0
            while index <= bytes.count {
                XCTAssertTrue(converter.location(of: index) == (line, column), "offset \(index) of \(bytes)")
                guard index < bytes.count else { break }
                if bytes[index] == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 {
                    XCTAssertTrue(converter.location(of: index + 1) == (line, column + 1), "offset \(index + 1) of \(bytes)")
                    XCTAssertEqual(converter.lineRange(line)?.upperBound, index, "line \(line) of \(bytes)")
                    index += 2; line += 1; column = 1
                } else if bytes[index] == 10 || bytes[index] == 13 {
                    XCTAssertEqual(converter.lineRange(line)?.upperBound, index, "line \(line) of \(bytes)")
                    index += 1; line += 1; column = 1
                } else {
                    index += 1; column += 1
                }
            }
            XCTAssertEqual(converter.lineCount, line)
        }
    }
}
