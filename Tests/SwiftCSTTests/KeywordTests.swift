// The keywords' written-out spellings against the enum's own case names, and the lookup
// table built from them against every spelling.

import SwiftCST
import XCTest

final class KeywordTests: XCTestCase {
    /// Each case spells its own name (without backticks), `wildcard` spells `_`.
    func testEverySpellingIsTheCaseName() {
        for keyword in Keyword.allCases {
            let name = String(describing: keyword).filter { $0 != "`" }
            XCTAssertEqual(keyword.text, keyword == .wildcard ? "_" : name, "raw value \(keyword.rawValue)")
        }
    }

    /// Looking up each keyword's spelling finds that keyword; a near miss finds none.
    func testLookupFindsEverySpelling() {
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            let found = bytes.withUnsafeBufferPointer { Keyword.lookup($0, 0, bytes.count) }
            XCTAssertEqual(found, keyword, keyword.text)
            let longer = bytes + [UInt8(ascii: "x")]
            let missed = longer.withUnsafeBufferPointer { Keyword.lookup($0, 0, longer.count) }
            XCTAssertNotEqual(missed, keyword, keyword.text + "x")
        }
    }
}
