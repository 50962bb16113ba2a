// The byte search behind every rule's prefilter: a miss skips the rule on the file, so it
// must agree with a plain search wherever the word falls, at either end included.
import Codemod
import Runtime
import XCTest

final class ContainsAnyTests: XCTestCase {
    /// The plain definition: some offset where every byte of some word matches.
    private func naive(_ bytes: [UInt8], _ words: [String]) -> Bool {
        words.contains { word in
            let needle = Array(word.utf8)
            guard !needle.isEmpty, needle.count <= bytes.count else { return false }
            return (0...(bytes.count - needle.count)).contains { start in
                bytes[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
    }

    private let words: [StaticString] = ["View", "else", ".if", "->", "@Environment", "ForEach", "extension View", "x"]

    func testAgreesWithAPlainSearchAtEveryOffset() {
        let filler = Array("abcdefghijklmnopqrstuvwxyz .->@VEwx\n".utf8)
        var random = Pseudorandom(seed: 0x9E37_79B9_7F4A_7C15)
        func next() -> Int { random.next() }
        var checked = 0
        for word in words {
            let text = "\(word)"
            for length in [0, 1, 2, 5, 17, 64] {
                for place in 0...length {
                    var bytes = (0..<length).map { _ in filler[next() % filler.count] }
                    bytes.insert(contentsOf: Array(text.utf8), at: place)
                    XCTAssertTrue(containsAny(bytes, of: [word]), "\(text) at \(place) of \(bytes.count)")
                    // With the word cut by one byte at either end, only the plain search decides.
                    for cut in [Array(bytes.dropFirst(place + 1)), Array(bytes.prefix(place + text.utf8.count - 1))] {
                        XCTAssertEqual(containsAny(cut, of: [word]), naive(cut, [text]), "\(text) in \(cut)")
                        checked += 1
                    }
                }
            }
        }
        for _ in 0..<2_000 {
            let bytes = (0..<(next() % 40)).map { _ in filler[next() % filler.count] }
            XCTAssertEqual(containsAny(bytes, of: words), naive(bytes, words.map { "\($0)" }), "\(bytes)")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 2_000)
    }

    func testEmptyInputsFindNothing() {
        XCTAssertFalse(containsAny([], of: ["View"]))
        XCTAssertFalse(containsAny(Array("Vie".utf8), of: ["View"]))
        XCTAssertFalse(containsAny(Array("View".utf8), of: []))
        XCTAssertTrue(containsAny(Array("View".utf8), of: ["", "View"]))
    }

    /// Over a range, the search sees the range only: a word that crosses either end of it
    /// is not in it.
    func testARangeHoldsTheWordsWhollyInsideIt() {
        let bytes = Array("let a = AnyView(x); let b = 1".utf8)
        let word = 8..<15  // "AnyView"
        XCTAssertTrue(containsAny(bytes, of: ["AnyView"], in: word))
        XCTAssertTrue(containsAny(bytes, of: ["AnyView"], in: 0..<bytes.count))
        XCTAssertFalse(containsAny(bytes, of: ["AnyView"], in: 9..<bytes.count))
        XCTAssertFalse(containsAny(bytes, of: ["AnyView"], in: 0..<14))
        XCTAssertFalse(containsAny(bytes, of: ["AnyView"], in: 16..<bytes.count))
        XCTAssertFalse(containsAny(bytes, of: ["AnyView"], in: 8..<8))
        for start in 0..<bytes.count {
            for end in start...bytes.count {
                XCTAssertEqual(containsAny(bytes, of: ["AnyView", "b ="], in: start..<end),
                               naive(Array(bytes[start..<end]), ["AnyView", "b ="]), "\(start)..<\(end)")
            }
        }
    }

    /// The engine's one pass for all the rules' words finds each word exactly where a plain
    /// search does: words sharing their first bytes, words inside each other, words of
    /// zero, one and two bytes, words at either end.
    func testOnePassForManyWordsAgreesWithAPlainSearch() {
        let texts = ["View", "ViewModifier", "Vi", "else", "els", ".if", ".id(", "->", "-", "", "@Environment",
                     "extension View", "ee", "eee", "x", "init", "in"]
        let search = WordSearch(words: texts.map { Array($0.utf8) } + [Array("View".utf8)])
        XCTAssertEqual(search.words.count, texts.count, "a word given twice is one word")
        let filler = Array("abcdefghijklmnopqrstuvwxyz .->@VEwxinite(\n".utf8)
        var random = Pseudorandom(seed: 0x2545_F491_4F6C_DD1D)
        func next() -> Int { random.next() }
        var samples: [[UInt8]] = [[], Array("V".utf8), Array("Vi".utf8), Array("View".utf8), Array("xx ViewModifier".utf8),
                                  Array("eeee".utf8), Array("ViewModifie".utf8)]
        for _ in 0..<3_000 {
            var bytes = (0..<(next() % 48)).map { _ in filler[next() % filler.count] }
            if next() % 2 == 0 {
                let word = Array(texts[next() % texts.count].utf8)
                bytes.insert(contentsOf: word, at: next() % (bytes.count + 1))
            }
            samples.append(bytes)
        }
        var held = 0
        for bytes in samples {
            let found = search.search(bytes)
            for (index, text) in texts.enumerated() {
                let expected = text.isEmpty || naive(bytes, [text])
                XCTAssertEqual(found.contains(index), expected, "\(text) in \(String(decoding: bytes, as: UTF8.self))")
                if expected { held += 1 }
            }
        }
        XCTAssertGreaterThan(held, 3_000)
    }

    /// Hundreds of anchor pairs (400 words of two bytes, and longer words anchored on
    /// some of the same pairs): each word is still found exactly.
    func testManyAnchorsAgreeWithAPlainSearch() {
        let letters = Array("abcdefghijklmnopqrst".utf8)
        let texts = letters.flatMap { a in letters.map { b in String(decoding: [a, b], as: UTF8.self) } } + ["stop", "tsar"]
        let search = WordSearch(words: texts.map { Array($0.utf8) })
        var random = Pseudorandom(seed: 0x0DDB_1A5E_5BAD_5EED)
        func next() -> Int { random.next() }
        let filler = Array("abcdefghijklmnopqrstuvwxyz \n".utf8)
        var held = 0
        for _ in 0..<300 {
            let bytes = (0..<(next() % 24)).map { _ in filler[next() % filler.count] }
            let found = search.search(bytes)
            for (index, text) in texts.enumerated() {
                let expected = naive(bytes, [text])
                XCTAssertEqual(found.contains(index), expected, "\(text) in \(String(decoding: bytes, as: UTF8.self))")
                if expected { held += 1 }
            }
        }
        XCTAssertGreaterThan(held, 1_000)
    }
}

/// A seeded linear congruential sequence: the same inputs on every run.
private struct Pseudorandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33)
    }
}
