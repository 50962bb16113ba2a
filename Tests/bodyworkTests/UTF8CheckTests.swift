// The UTF-8 check that decides whether a file is read as source: its ASCII fast path must
// agree with a plain decoder wherever the first non-ASCII byte falls.
@testable import BodyworkCLI
import XCTest

final class UTF8CheckTests: XCTestCase {
    /// Swift's own validation, for comparison: decoding repairs nothing exactly when valid.
    private func decodes(_ bytes: [UInt8]) -> Bool {
        String(validating: bytes, as: UTF8.self) != nil
    }

    func testAgreesWithTheDecoderAtEveryOffset() {
        let inserts: [[UInt8]] = [
            Array("é".utf8), Array("€".utf8), Array("𝄞".utf8),     // valid 2-, 3- and 4-byte sequences
            [0xC3], [0xE2, 0x82], [0xF0, 0x9D, 0x84],              // truncated sequences
            [0x80], [0xBF], [0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], // stray continuation, invalid, overlong
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],           // surrogate, above U+10FFFF
        ]
        for insert in inserts {
            for prefix in 0..<20 {
                for suffix in [0, 1, 7, 8, 9, 17] {
                    let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + insert
                        + Array(repeating: UInt8(ascii: "z"), count: suffix)
                    XCTAssertEqual(FileProcessor.isUTF8Text(bytes), decodes(bytes), "\(insert) after \(prefix), before \(suffix)")
                }
            }
        }
    }

    func testASCIIAndEmptyAreText() {
        XCTAssertTrue(FileProcessor.isUTF8Text([]))
        XCTAssertTrue(FileProcessor.isUTF8Text(Array("struct A {}\n".utf8)))
        XCTAssertTrue(FileProcessor.isUTF8Text(Array(String(repeating: "let x = 1 // ü\n", count: 100).utf8)))
    }

    func testNulByteMakesBinary() {
        XCTAssertFalse(FileProcessor.isUTF8Text(Array("abcdefgh".utf8) + [0] + Array("ijkl".utf8)))
    }
}
