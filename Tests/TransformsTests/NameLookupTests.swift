// The lookups that find names by their bytes (no `String` per token) must answer exactly
// as the walks that compared every token's text as a `String`, which they replaced.
import Codemod
@testable import Semantics
import SwiftCST
import XCTest
@testable import Transforms

final class NameLookupTests: XCTestCase {
    private let view = """
        struct Row: View {
            private var title: String { "t" }
            private func load() {}
            private func `default`() {}
            var other = Other()
            var body: some View {
                VStack {
                    Text(title)
                    Text(self.title)
                    Text(other.title)
                    Text("title and load")  // title in a comment, load too
                    Text(`title`)
                    Button("Load", action: load)
                    Button("Default") { self.default() }
                    Text(titles.first ?? "")
                    subtitle(title: title)
                }
                .onAppear { self.load() }
            }
            private func subtitle(title: String) -> some View { Text(title) }
        }
        """

    func testNameUsesAnswerAsTheWalkOverEveryUse() {
        let tree = SyntaxTree.parse(view)
        let uses = RuleContext(path: "v.swift").nameUses(in: tree)
        let names = Set(tree.tokens.indices.map { tree.token(at: $0) }.filter { $0.kind == .identifier || $0.kind == .keyword }.map(\.text))
        XCTAssertGreaterThan(names.count, 15)
        var found = 0
        for name in names.sorted() + ["default", "`title`", "titl", "itle", ""] {
            let expected = referenceUses(of: name, in: tree).map(\.index)
            XCTAssertEqual(uses.uses(of: name).map(\.index), expected, name)
            found += expected.count
        }
        // `title` bare, `self.title`, `title` as an argument and in `subtitle`, `self.default`, `self.load`, `load`…
        XCTAssertEqual(referenceUses(of: "title", in: tree).count, 4)
        XCTAssertEqual(referenceUses(of: "default", in: tree).count, 1)
        XCTAssertGreaterThan(found, 10)
    }

    func testNameUsesCompareNonASCIINamesAsStrings() {
        // The Kelvin sign is canonically equivalent to `K`: as Swift strings, the two are one name.
        let tree = SyntaxTree.parse("struct V { var K: Int { 1 }\n func f() { _ = \u{212A}; _ = self.K; _ = caf\u{E9}; _ = cafe\u{301} } }\n")
        let uses = RuleContext(path: "v.swift").nameUses(in: tree)
        XCTAssertEqual(uses.uses(of: "K").count, 2)
        XCTAssertEqual(uses.uses(of: "\u{212A}").count, 2)
        XCTAssertEqual(uses.uses(of: "caf\u{E9}").count, 2)
        for name in ["K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "f", "self"] {
            XCTAssertEqual(uses.uses(of: name).map(\.index), referenceUses(of: name, in: tree).map(\.index), name)
        }
    }

    func testIdentifierPositionsAreTheIdentifiersWithTheName() {
        for source in [view, "struct V { var K: Int { 1 }\n func f() -> Int { \u{212A} + K + `K` } } // K\n",
                       "let caf\u{E9} = 1; let b = cafe\u{301} + caf\u{E9} + \"caf\u{E9}\"\n"] {
            let tree = SyntaxTree.parse(source)
            let context = RuleContext(path: "v.swift")
            let names = Set(tree.tokens.indices.map { tree.token(at: $0).text }) .union(["K", "\u{212A}", "cafe\u{301}", "nothing"])
            for name in names.sorted() {
                let expected = tree.tokens.indices.filter { tree.tokens[$0].kind == .identifier && tree.token(at: $0).text == name }
                XCTAssertEqual(context.identifierPositions(named: name, in: tree), expected, name)
            }
        }
        let kelvin = SyntaxTree.parse("let x = \u{212A} + K\n")
        XCTAssertEqual(RuleContext(path: "v.swift").identifierPositions(named: "K", in: kelvin).count, 2)
    }

    func testMemberNameTokensAreTheTokensThatSpellAMember() {
        for source in [view, "struct V { var K: Int { 1 }\n func f() -> Int { \u{212A} + K } }\n",
                       "struct V { var \u{212A}: Int { 1 }\n func f() -> Int { \u{212A} + K } }\n", "let x = 1\n"] {
            let tree = SyntaxTree.parse(source)
            let names = MemberNameTokens(tree)
            var listed: [(Int, Int)] = []
            names.forEachName(in: 0..<tree.tokens.count) { listed.append(($0, $1)) }
            var expected: [(Int, Int)] = []
            for position in tree.tokens.indices where tree.token(at: position).kind == .identifier {
                if let number = names.names.firstIndex(of: tree.token(at: position).text) { expected.append((position, number)) }
            }
            XCTAssertEqual(listed.map(\.0), expected.map(\.0))
            XCTAssertEqual(listed.map(\.1), expected.map(\.1))
            for (number, name) in names.names.enumerated() {
                XCTAssertEqual(Array(names.positions(spelling: name)), expected.filter { $0.1 == number }.map(\.0), name)
            }
            // A part of the file lists the names inside it only.
            let part = (tree.tokens.count / 3)..<(tree.tokens.count / 2)
            var inPart: [Int] = []
            names.forEachName(in: part) { position, _ in inPart.append(position) }
            XCTAssertEqual(inPart, expected.map(\.0).filter(part.contains))
        }
        XCTAssertEqual(MemberNameTokens(SyntaxTree.parse(view)).names.sorted(), ["`default`", "body", "load", "other", "subtitle", "title"])
    }

    func testOccurrencesAreEveryPlaceTheBytesAppear() {
        // Every text of up to five bytes and every word of up to three, over a few bytes
        // (`é` is two of them: texts may hold half of one).
        let alphabet: [UInt8] = [UInt8(ascii: "a"), UInt8(ascii: "b"), 0xC3, 0xA9]
        func all(upTo length: Int) -> [[UInt8]] {
            var level: [[UInt8]] = [[]], result: [[UInt8]] = [[]]
            for _ in 0..<length {
                level = level.flatMap { prefix in alphabet.map { prefix + [$0] } }
                result += level
            }
            return result
        }
        let words = all(upTo: 3).filter { !$0.isEmpty }.compactMap { String(validating: $0, as: UTF8.self) }
        XCTAssertEqual(words.count, 19)
        for bytes in all(upTo: 5) {
            for word in words {
                let needle = Array(word.utf8)
                var found: [Int] = []
                forEachOccurrence(of: word, in: bytes) { found.append($0) }
                let expected = bytes.count >= needle.count
                    ? (0...(bytes.count - needle.count)).filter { Array(bytes[$0..<($0 + needle.count)]) == needle } : []
                XCTAssertEqual(found, expected, "\(bytes) \(needle)")
            }
        }
    }

    func testInternedBytesAreFoundAgainAndOthersAreNot() {
        var interner = ByteInterner(expected: 2)
        let words = (0..<300).map { "name\($0)" } + ["", "\u{212A}", "K"]
        for (number, word) in words.enumerated() {
            var word = word
            XCTAssertEqual(word.withUTF8 { interner.intern($0) }, number)
        }
        for (number, word) in words.enumerated() {
            XCTAssertEqual(interner.lookup(word), number)
            XCTAssertEqual(interner.string(number), word)
        }
        XCTAssertNil(interner.lookup("name300"))
        XCTAssertNil(interner.lookup("nam"))
        XCTAssertEqual(interner.count, words.count)
    }

    /// The hash reads a name's bytes a word at a time, with the last bytes taken from the
    /// ends of the name: it must read only the name, wherever it lies (a file's buffer, a
    /// table's, a `String`'s), and lengths on each side of a word must all be found again.
    func testTheHashOfANameIsItsBytesAlone() {
        let names = (0...40).map { length in (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) } }
        for name in names {
            let alone = name.withUnsafeBufferPointer { ByteInterner.hash($0) }
            for (lead, trail) in [(0, 0), (1, 7), (3, 2), (7, 9), (8, 8)] {
                for filler: UInt8 in [0, 0xFF, UInt8(ascii: "x")] {
                    let padded = [UInt8](repeating: filler, count: lead) + name + [UInt8](repeating: filler, count: trail)
                    let inside = padded.withUnsafeBufferPointer {
                        ByteInterner.hash(UnsafeBufferPointer(rebasing: $0[lead..<(lead + name.count)]))
                    }
                    XCTAssertEqual(inside, alone, "\(name.count) bytes after \(lead) of \(filler)")
                }
            }
        }
        // Names of every length, and names one byte apart, are told apart as the tables
        // number them.
        var interner = ByteInterner(expected: 4)
        let variants = names + names.filter { !$0.isEmpty }.map { Array($0.dropLast()) + [UInt8(ascii: "Z")] }
        for (number, name) in variants.enumerated() {
            XCTAssertEqual(name.withUnsafeBufferPointer { interner.intern($0) }, number)
        }
        for (number, name) in variants.enumerated() {
            XCTAssertEqual(name.withUnsafeBufferPointer { interner.lookup($0) }, number)
        }
        // Names compared a word at a time: one byte apart at any position is another name.
        var alike = ByteInterner(expected: 4)
        var numbered: [[UInt8]] = []
        for length in 1...20 {
            let base = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            numbered.append(base)
            for position in 0..<length {
                var other = base
                other[position] = UInt8(ascii: "Z")
                numbered.append(other)
            }
        }
        for (number, name) in numbered.enumerated() {
            XCTAssertEqual(name.withUnsafeBufferPointer { alike.intern($0) }, number, "\(name)")
        }
        for (number, name) in numbered.enumerated() {
            XCTAssertEqual(name.withUnsafeBufferPointer { alike.lookup($0) }, number, "\(name)")
        }
    }

    /// Names are compared a word at a time: a difference at any position of any length
    /// is seen, and only the bytes named are read (the rest of the buffer differs).
    func testNamesAreComparedByEveryByte() {
        for length in 0...24 {
            let name = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            let left = [UInt8](repeating: 1, count: 3) + name + [UInt8](repeating: 2, count: 9)
            let right = [UInt8](repeating: 7, count: 5) + name + [UInt8](repeating: 8, count: 9)
            left.withUnsafeBytes { l in
                right.withUnsafeBytes { r in
                    XCTAssertTrue(FileNames.sameBytes(l.baseAddress! + 3, r.baseAddress! + 5, count: length), "\(length)")
                }
            }
            for position in 0..<length {
                var changed = right
                changed[5 + position] = UInt8(ascii: "Z")
                left.withUnsafeBytes { l in
                    changed.withUnsafeBytes { r in
                        XCTAssertFalse(FileNames.sameBytes(l.baseAddress! + 3, r.baseAddress! + 5, count: length), "\(length) \(position)")
                    }
                }
            }
        }
    }

    /// The ASCII check reads eight bytes at a time: a byte of 0x80 or more anywhere, in a
    /// whole word or in the rest, makes it false.
    func testANonASCIIByteAnywhereIsSeen() {
        for length in 0...20 {
            let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            XCTAssertTrue(ByteInterner.isASCII(ascii), "\(length)")
            for position in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = ascii
                    bytes[position] = high
                    XCTAssertFalse(ByteInterner.isASCII(bytes), "\(length) \(position)")
                    XCTAssertFalse(bytes.withUnsafeBufferPointer { ByteInterner.isASCII(UnsafeBufferPointer(rebasing: $0[position...])) })
                }
            }
        }
        XCTAssertFalse(ByteInterner.isASCII("caf\u{E9}"))
        XCTAssertTrue(ByteInterner.isASCII("cafe"))
    }

    /// The uses of `name` as the walk over every identifier and member access listed them.
    private func referenceUses(of name: String, in tree: SyntaxTree) -> [Node] {
        tree.root.descendants([.identifierExpr, .memberAccessExpr]).filter { use in
            if use.kind == .identifierExpr, let parent = use.parent, parent.kind == .memberAccessExpr,
               parent.firstChildNode != use { return false }
            return RenderPath.usedName(use) == name
        }
    }
}
