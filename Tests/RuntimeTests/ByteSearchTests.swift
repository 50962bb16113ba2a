// The byte searches rules and the engine ask: exact, whatever byte a word is anchored on.
import Runtime
import XCTest

final class ByteSearchTests: XCTestCase {
    private let text = Array("let formatter = DateFormatter(); ForEach(items) { Text($0) } // ^~ end".utf8)

    func testContainsAnyFindsAWordAnywhereAndOnlyInItsRange() {
        XCTAssertTrue(ByteSearch.containsAny(text, of: ["DateFormatter"], in: 0..<text.count))
        XCTAssertTrue(ByteSearch.containsAny(text, of: ["nothing", "^~"], in: 0..<text.count))
        XCTAssertFalse(ByteSearch.containsAny(text, of: ["NumberFormatter", "List"], in: 0..<text.count))
        let forEach = text.count - 40
        XCTAssertFalse(ByteSearch.containsAny(text, of: ["let"], in: forEach..<text.count))
        XCTAssertTrue(ByteSearch.containsAny(text, of: ["Text"], in: forEach..<text.count))
        XCTAssertFalse(ByteSearch.containsAny(text, of: ["Text"], in: 0..<text.count + 1), "a range past the end finds nothing")
    }

    func testEveryOccurrenceIsFoundInOrderOverlappingOnesToo() {
        var offsets: [Int] = []
        ByteSearch.forEachOccurrence(of: "aa", in: Array("aaa baa".utf8)) { offsets.append($0) }
        XCTAssertEqual(offsets, [0, 1, 5])
        offsets = []
        ByteSearch.forEachOccurrence(of: "ormatter", in: text) { offsets.append($0) }
        XCTAssertEqual(offsets, [5, 21])
    }

    func testOnePassFindsTheSameWordsAsEachSearch() {
        let words = ["DateFormatter", "ForEach", "List", "^~", "e", "", "Text($0)", "end"].map { Array($0.utf8) }
        let search = WordSearch(words: words)
        let found = search.search(text)
        for (index, word) in search.words.enumerated() {
            var expected = word.isEmpty
            if !word.isEmpty { ByteSearch.forEachOccurrence(of: String(decoding: word, as: UTF8.self), in: text) { _ in expected = true } }
            XCTAssertEqual(found.contains(index), expected, String(decoding: word, as: UTF8.self))
        }
    }

    func testSameBytes() {
        XCTAssertTrue(ByteSearch.same(text, text))
        XCTAssertTrue(ByteSearch.same([], []))
        XCTAssertFalse(ByteSearch.same(text, Array(text.dropLast())))
        var changed = text
        changed[10] = UInt8(ascii: "X")
        XCTAssertFalse(ByteSearch.same(text, changed))
    }
}
