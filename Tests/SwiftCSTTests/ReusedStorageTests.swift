// A parse that writes into the token and node storage of a tree let go of must give the
// tree a fresh parse gives, whether the storage holds them, is too small to be taken, or
// is outgrown by code of shorter tokens or of more nodes per token.
import XCTest
@testable import SwiftCST

final class ReusedStorageTests: XCTestCase {
    /// Views of many small members: about 0.9 nodes per token.
    func views(_ count: Int, name: String = "V") -> [UInt8] {
        var text = ""
        for index in 0..<count {
            text += """
                struct \(name)\(index): View {
                    let title: String
                    var body: some View {
                        VStack { Text(title).font(.headline); Text("\\(index)") }
                    }
                }

                """
        }
        return Array(text.utf8)
    }

    /// One-letter names and operators: about one token per byte.
    func dense(_ count: Int) -> [UInt8] {
        Array(String(repeating: "_=a+b-c*d/e%f<g>h&i|j^k;\n", count: count).utf8)
    }

    func assertSameTree(_ bytes: [UInt8], reusing previous: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let fresh = SyntaxTree.parse(bytes)
        let reused = SyntaxTree.parse(bytes, reusing: SyntaxTree.parse(previous))
        XCTAssertEqual(reused.bytes, fresh.bytes, file: file, line: line)
        XCTAssertEqual(reused.tokens, fresh.tokens, file: file, line: line)
        XCTAssertEqual(reused.nodes.count, fresh.nodes.count, file: file, line: line)
        XCTAssertTrue(zip(reused.nodes, fresh.nodes).allSatisfy { a, b in
            a.kind == b.kind && a.firstToken == b.firstToken && a.endToken == b.endToken
                && a.subtreeStart == b.subtreeStart && a.parent == b.parent
        }, file: file, line: line)
        XCTAssertEqual(reused.diagnostics, fresh.diagnostics, file: file, line: line)
        XCTAssertEqual(reused.root.text, String(decoding: bytes, as: UTF8.self), file: file, line: line)
    }

    /// Whether a parse of `text` takes the token storage of `previous`'s tree.
    func takesStorage(_ text: [UInt8], of previous: [UInt8]) -> Bool {
        text.count / 5 + 16 <= SyntaxTree.parse(previous).tokens.capacity
    }

    func testSmallerTextInLargeStorage() {
        XCTAssertTrue(takesStorage(views(40), of: views(400)))
        assertSameTree(views(40), reusing: views(400))
    }

    func testFixedTextInStorageOfTheTextBefore() {
        // The fixed text of a round: longer than the one whose tree it replaces.
        XCTAssertTrue(takesStorage(views(1_100, name: "Row"), of: views(1_000)))
        assertSameTree(views(1_100, name: "Row"), reusing: views(1_000))
    }

    func testStorageTooSmallToBeTaken() {
        XCTAssertFalse(takesStorage(views(1_000), of: views(10)))
        assertSameTree(views(1_000), reusing: views(10))
    }

    func testShorterTokensOutgrowTheStorage() {
        let previous = views(600)
        let capacity = SyntaxTree.parse(previous).tokens.capacity
        // Taken (room for a token per five bytes), then outgrown (a token per byte or so).
        let text = dense((capacity - 16) * 5 / 26)
        XCTAssertTrue(takesStorage(text, of: previous))
        XCTAssertGreaterThan(SyntaxTree.parse(text).tokens.count, capacity)
        assertSameTree(text, reusing: previous)
    }

    /// Nested calls, tuples and prefix operators: more nodes per token than `views`.
    func nested(_ count: Int) -> [UInt8] {
        var text = ""
        for index in 0..<count { text += "let d\(index) = f(g(h(-x, !y), [a, b]), (c, d)) + -(e) * +f\n" }
        return Array(text.utf8)
    }

    func testMoreNodesPerTokenOutgrowTheStorage() {
        let previous = views(600)
        let capacity = SyntaxTree.parse(previous).nodes.capacity
        // The most lines whose tokens the node storage is taken for (7/8 of a node per
        // token), which then need more nodes than it holds.
        let perLine = SyntaxTree.parse(nested(2)).tokens.count - SyntaxTree.parse(nested(1)).tokens.count
        var lines = (capacity - 16) * 8 / 7 / perLine + 1
        while SyntaxTree.parse(nested(lines)).tokens.count / 8 * 7 + 16 > capacity { lines -= 1 }
        let text = nested(lines)
        XCTAssertGreaterThan(SyntaxTree.parse(text).nodes.count, capacity)
        assertSameTree(text, reusing: previous)
    }

    func testBrokenCode() {
        assertSameTree(Array("struct A { var body: some View { Text( } }\n}}} let".utf8), reusing: views(50))
    }

    func testEmptyText() {
        assertSameTree([], reusing: views(20))
    }

    func testTreeStillHeldElsewhereIsLeftIntact() {
        let previous = SyntaxTree.parse(views(300))
        let kept = previous
        let nodesBefore = kept.nodes.count
        let reused = SyntaxTree.parse(views(320), reusing: previous)
        XCTAssertEqual(kept.nodes.count, nodesBefore)
        XCTAssertEqual(kept.root.text, String(decoding: views(300), as: UTF8.self))
        XCTAssertEqual(reused.root.text, String(decoding: views(320), as: UTF8.self))
    }
}
