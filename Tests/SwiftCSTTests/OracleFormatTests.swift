// The digest the differential check compares against SwiftParser: exact lines for small
// snippets whose offsets were counted by hand.
import XCTest
@testable import SwiftCST

final class OracleFormatTests: XCTestCase {
    /// The placeholder lexer makes one token per line; the digest means nothing with it.
    private func skipWithoutRealLexer() throws {
        try XCTSkipIf(SyntaxTree.parse("a b").tokens.count < 3, "needs the real lexer")
    }

    private func lines(_ source: String) -> [String] {
        OracleFormat.render(SyntaxTree.parse(source)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func testCallWithStringArgumentAndTrailingClosure() throws {
        try skipWithoutRealLexer()
        XCTAssertEqual(lines(#"let s = f("a\(b)c") { x }"#), [
            "N variable 0 25",
            "T 0 3",
            "T 4 5",
            "T 6 7",
            "N call 8 25",
            "T 8 9",
            "T 9 10",
            "S 10 18",
            "T 18 19",
            "N closure 20 25",
            "T 20 21",
            "T 22 23",
            "T 24 25",
            "",
        ])
    }

    func testNestedStringsAreOneLiteralAndRegexIsOneLiteral() throws {
        try skipWithoutRealLexer()
        XCTAssertEqual(lines(##"s = "a\("b")" + #/x+/#"##), [
            "T 0 1",
            "T 2 3",
            "S 4 13",
            "T 14 15",
            "S 16 22",
            "",
        ])
    }

    func testDeclarationsIncludeAttributesAndImplicitMembersAreMembers() throws {
        try skipWithoutRealLexer()
        let source = "@MainActor struct V {\n  init() {}\n  var c = Color.red\n}"
        XCTAssertEqual(lines(source), [
            "N type 0 55",
            "N attribute 0 10",
            "T 0 1",
            "T 1 10",
            "T 11 17",
            "T 18 19",
            "T 20 21",
            "N function 24 33",
            "T 24 28",
            "T 28 29",
            "T 29 30",
            "T 31 32",
            "T 32 33",
            "N variable 36 53",
            "T 36 39",
            "T 40 41",
            "T 42 43",
            "N member 44 53",
            "T 44 49",
            "T 49 50",
            "T 50 53",
            "T 54 55",
            "",
        ])
    }

    func testImplicitMemberAndMultilineStringInAttribute() throws {
        try skipWithoutRealLexer()
        // `.red` alone is a member access; the attribute's multi-line string is one literal
        // whichever node the parser puts it in.
        let source = "@available(*, message: \"\"\"\n  a\n  \"\"\")\nlet c: Color = .red\n"
        let rendered = lines(source)
        XCTAssertTrue(rendered.contains("S 23 36"), rendered.joined(separator: "\n"))
        let tokenStarts = rendered.filter { $0.hasPrefix("T ") }.compactMap { Int($0.split(separator: " ")[1]) }
        XCTAssertEqual(tokenStarts.filter { (23..<36).contains($0) }, [])
        XCTAssertEqual(tokenStarts.count, 15)
        XCTAssertEqual(rendered.filter { $0.hasPrefix("N member") }, ["N member 53 57"])
        XCTAssertEqual(rendered.filter { $0.hasPrefix("N variable") }, ["N variable 0 57"])
    }

    func testStatementsConditionsPatternsReturnsGenericsAndCatches() throws {
        try skipWithoutRealLexer()
        // The `case` pattern stops before `=`, the closure in the condition is a trailing
        // closure, `return`'s value is on the next line, `_` is a generic argument and the
        // `catch` has only a `where` clause.
        let source = "if case .a = x, f { $0 }.y { return\n  A<_>(z) }\ndo {} catch where x {}"
        let nodes = lines(source).filter { $0.hasPrefix("N ") }
        XCTAssertEqual(nodes, [
            "N statement 0 47",
            "N condition 3 14",
            "N member 8 10",
            "N pattern 8 10",
            "N condition 16 26",
            "N member 16 26",
            "N call 16 24",
            "N closure 18 24",
            "N return 29 45",
            "N call 38 45",
            "N generics 39 42",
            "N typeref 40 41",
            "N statement 48 70",
            "N catch 54 70",
        ])
    }

    func testSubscriptsKeyPathsCollectionsIfConfigsAndSwitchCases() throws {
        try skipWithoutRealLexer()
        let source = "let a = b[\\.c] + [1: [2]]\n#if X\nswitch a { case 1: f() }\n#endif"
        XCTAssertEqual(lines(source).filter { $0.hasPrefix("N ") }, [
            "N variable 0 25",
            "N subscript 8 14",
            "N keypath 10 13",
            "N dictionary 17 25",
            "N array 21 24",
            "N ifconfig 26 63",
            "N statement 32 56",
            "N case 43 54",
            "N pattern 48 49",
            "N call 51 54",
        ])
    }

    func testEffectsClosureSignaturesAndLabeledTrailingClosures() throws {
        try skipWithoutRealLexer()
        XCTAssertEqual(lines("let v = try await f { x in x } label: { }").filter { $0.hasPrefix("N ") }, [
            "N variable 0 41",
            "N try 8 41",
            "N await 12 41",
            "N call 18 41",
            "N closure 20 30",
            "N signature 22 26",
            "N trailing 31 41",
            "N closure 38 41",
        ])
    }

    func testEmptySourceHasNoLines() {
        XCTAssertEqual(OracleFormat.render(SyntaxTree.parse("")), "")
        XCTAssertEqual(OracleFormat.render(SyntaxTree.parse("  // only trivia\n")), "")
    }

    /// A diagnostic is an `E` line: SwiftParser's side has none, so it shows as a mismatch.
    func testDiagnosticsAreELines() throws {
        try skipWithoutRealLexer()
        let tree = SyntaxTree.parse("let x = (1")
        XCTAssertFalse(tree.diagnostics.isEmpty)
        let diagnostics = lines("let x = (1").filter { $0.hasPrefix("E ") }
        XCTAssertEqual(diagnostics.count, tree.diagnostics.count)
        XCTAssertEqual(lines("let x = (1)").filter { $0.hasPrefix("E ") }, [])
    }
}
