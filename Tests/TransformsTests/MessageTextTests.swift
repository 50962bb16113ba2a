@testable import Transforms
import XCTest

final class MessageTextTests: XCTestCase {
    func testLinesAreTrimmedAndJoinedWithOneSpace() {
        XCTAssertEqual(MessageText.quoted("Text(title)\n    .font(.title)\t\n  .padding()"), "Text(title) .font(.title) .padding()")
        XCTAssertEqual(MessageText.quoted("  \\.dismiss  "), "\\.dismiss")
        XCTAssertEqual(MessageText.quoted("a\n   \nb"), "a  b", "a blank line between two is an empty part")
        XCTAssertEqual(MessageText.quoted(""), "")
    }

    func testLongTextIsCutInTheMiddle() {
        let text = "VStack { ForEach(items) { item in Row(item: item) } }.padding().background(.thinMaterial)"
        let quoted = MessageText.quoted(text, max: 40)
        XCTAssertEqual(quoted.count, 40)
        XCTAssertEqual(quoted, "VStack { ForEach(items) { …thinMaterial)", "two thirds before the cut, the rest after")
    }

    func testNonASCIICountsAsCharacters() {
        XCTAssertEqual(MessageText.quoted("  Text(\"Café ☕️\")\n"), "Text(\"Café ☕️\")")
    }
}
