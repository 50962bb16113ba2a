// Tests for the lexer: token kinds and texts for every lexical feature, the partition
// invariant on every input, a seeded mutation loop, and an opt-in throughput benchmark.

import Foundation
@testable import SwiftCST
import XCTest
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// MARK: - Invariants and lexing shorthands

/// The properties every lexer output must have, whatever the input.
enum LexerInvariants {
    /// Fails the test (and returns false) when `tokens` do not partition `bytes` by the
    /// trivia rule: ordered, gapless, non-empty texts, `.endOfFile` last, trivia ranges
    /// holding only trivia, no line break in trailing trivia, no trivia around string text.
    @discardableResult
    static func check(_ bytes: [UInt8], _ tokens: [RawToken], _ label: @autoclosure () -> String = "",
                      file: StaticString = #filePath, line: UInt = #line) -> Bool {
        func fail(_ message: String) -> Bool {
            XCTFail("\(message) — input \(label().isEmpty ? String(decoding: bytes, as: UTF8.self).debugDescription : label())",
                    file: file, line: line)
            return false
        }
        guard let last = tokens.last, last.kind == .endOfFile else { return fail("last token is not endOfFile") }
        guard Int(last.textStart) == bytes.count, last.textEnd == last.textStart, last.trailingEnd == last.textEnd else {
            return fail("endOfFile is not an empty token at the end")
        }
        var previousEnd = 0
        for (index, token) in tokens.enumerated() {
            let textStart = Int(token.textStart), textEnd = Int(token.textEnd), trailingEnd = Int(token.trailingEnd)
            guard previousEnd <= textStart, textStart <= textEnd, textEnd <= trailingEnd, trailingEnd <= bytes.count else {
                return fail("token \(index) \(token.kind) has disordered offsets")
            }
            if token.kind == .endOfFile && index != tokens.count - 1 { return fail("endOfFile before the end") }
            if token.kind != .endOfFile && textEnd == textStart { return fail("token \(index) \(token.kind) is empty") }
            let leading = Trivia.pieces(bytes, in: previousEnd..<textStart)
            let trailing = Trivia.pieces(bytes, in: textEnd..<trailingEnd)
            if leading.contains(where: { $0.kind == .unexpected }) || trailing.contains(where: { $0.kind == .unexpected }) {
                return fail("token \(index) \(token.kind) has non-trivia bytes in its trivia")
            }
            if trailing.contains(where: { $0.kind == .newline }) { return fail("token \(index) has a line break in trailing trivia") }
            let startsLine = index == 0 || leading.contains { $0.kind == .newline }
            if startsLine != token.flags.contains(.atStartOfLine) { return fail("token \(index) \(token.kind) has a wrong atStartOfLine") }
            switch token.kind {
            case .stringOpen, .interpolationOpen:
                if trailingEnd != textEnd { return fail("token \(index) \(token.kind) has trailing trivia") }
            case .stringSegment:
                if trailingEnd != textEnd || textStart != previousEnd { return fail("segment \(index) has trivia") }
            case .stringClose:
                if textStart != previousEnd { return fail("stringClose \(index) has leading trivia") }
            default: break
            }
            previousEnd = trailingEnd
        }
        return true
    }
}

private struct Lexed {
    var bytes: [UInt8]
    var tokens: [RawToken]
    var diagnostics: [Diagnostic]

    var kinds: [TokenKind] { tokens.map(\.kind) }
    var texts: [String] { tokens.map { text($0.textStart, $0.textEnd) } }
    func text(_ start: UInt32, _ end: UInt32) -> String { String(decoding: bytes[Int(start)..<Int(end)], as: UTF8.self) }
    func leading(_ index: Int) -> String { text(index == 0 ? 0 : tokens[index - 1].trailingEnd, tokens[index].textStart) }
    func trailing(_ index: Int) -> String { text(tokens[index].textEnd, tokens[index].trailingEnd) }
}

private func lex(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> Lexed {
    let (tokens, diagnostics) = Lexer.tokenize(bytes)
    LexerInvariants.check(bytes, tokens, file: file, line: line)
    return Lexed(bytes: bytes, tokens: tokens, diagnostics: diagnostics)
}

private func lex(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> Lexed {
    lex(Array(source.utf8), file: file, line: line)
}

/// Token kinds of `source` without the final `.endOfFile`.
private func kinds(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [TokenKind] {
    Array(lex(source, file: file, line: line).kinds.dropLast())
}

/// Token texts of `source` without the final `.endOfFile`.
private func texts(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
    Array(lex(source, file: file, line: line).texts.dropLast())
}

// MARK: - Tests

final class LexerTests: XCTestCase {
    func testEmptyInputIsOneEndOfFileAtStartOfLine() {
        let lexed = lex("")
        XCTAssertEqual(lexed.kinds, [.endOfFile])
        XCTAssertTrue(lexed.tokens[0].flags.contains(.atStartOfLine))
        XCTAssertEqual(lex("  \n ").kinds, [.endOfFile])
    }

    func testIdentifiersAndKeywords() {
        let lexed = lex("let x = some _ _foo self Self Any Type")
        XCTAssertEqual(lexed.kinds, [.keyword, .identifier, .equal, .identifier, .keyword, .identifier,
                                     .keyword, .keyword, .keyword, .identifier, .endOfFile])
        XCTAssertEqual(lexed.tokens.map(\.keyword), [.let, .none, .none, .some, .wildcard, .none,
                                                     .self, .Self, .Any, .Type, .none])
        XCTAssertEqual(texts("struct ContentView: View {"), ["struct", "ContentView", ":", "View", "{"])
        XCTAssertEqual(lex("get set async await").tokens.dropLast().map(\.kind), [.identifier, .identifier, .identifier, .identifier])
        XCTAssertEqual(lex("get set async await").tokens.dropLast().map(\.keyword), [.get, .set, .async, .await])
    }

    func testBacktickedAndRawIdentifiers() {
        let lexed = lex("let `class` = `with spaces`")
        XCTAssertEqual(lexed.kinds, [.keyword, .identifier, .equal, .identifier, .endOfFile])
        XCTAssertEqual(lexed.tokens[1].keyword, Keyword.none)
        XCTAssertEqual(lexed.texts[1], "`class`")
        XCTAssertEqual(lexed.texts[3], "`with spaces`")
        let lone = lex("a ` b")
        XCTAssertEqual(lone.kinds, [.identifier, .unknown, .identifier, .endOfFile])
        XCTAssertEqual(lone.diagnostics.count, 1)
    }

    func testUnicodeIdentifiersAndOperators() {
        XCTAssertEqual(texts("let café = 🐶🐱"), ["let", "café", "=", "🐶🐱"])
        XCTAssertEqual(kinds("let café = 🐶🐱"), [.keyword, .identifier, .equal, .identifier])
        // `e` + U+0301 combining acute accent: one identifier.
        XCTAssertEqual(texts("cafe\u{301}"), ["cafe\u{301}"])
        XCTAssertEqual(kinds("a ∘ b"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("x≠y"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("√x"), [.prefixOperator, .identifier])
        XCTAssertEqual(texts("a ±× b"), ["a", "±×", "b"])
        XCTAssertEqual(texts("a <\u{20D7} b"), ["a", "<\u{20D7}", "b"])
    }

    func testDollarIdentifiers() {
        XCTAssertEqual(kinds("$0 $name $ $0.count"), [.dollarIdentifier, .dollarIdentifier, .dollarIdentifier,
                                                      .dollarIdentifier, .period, .identifier])
        XCTAssertEqual(texts("$0.count $name"), ["$0", ".", "count", "$name"])
    }

    func testDollarInsideIdentifiers() {
        // Macro expansions name members `_$id`, `_$observationRegistrar`.
        XCTAssertEqual(kinds("var _$id = store._$observationRegistrar"),
                       [.keyword, .identifier, .equal, .identifier, .period, .identifier])
        XCTAssertEqual(texts("var _$id = store._$observationRegistrar"),
                       ["var", "_$id", "=", "store", ".", "_$observationRegistrar"])
        XCTAssertEqual(texts("a$b $x$y"), ["a$b", "$x$y"])
    }

    func testKeyPathRootUnwrapIsPeriodThenMark() {
        XCTAssertEqual(kinds(#"f(\.!, \.?.count)"#),
                       [.identifier, .leftParen, .backslash, .period, .exclamation, .comma,
                        .backslash, .period, .postfixQuestion, .period, .identifier, .rightParen])
        XCTAssertEqual(kinds("a .! b").dropFirst().first, .binaryOperator, "a dot operator elsewhere stays one token")
    }

    func testPoundDirectivesAndMacros() {
        XCTAssertEqual(kinds("#if DEBUG\n#elseif os(iOS)\n#else\n#endif"),
                       [.poundIf, .identifier, .poundElseif, .identifier, .leftParen, .identifier, .rightParen,
                        .poundElse, .poundEndif])
        XCTAssertEqual(kinds("if #available(iOS 15, *) {}"),
                       [.keyword, .poundAvailable, .leftParen, .identifier, .integerLiteral, .comma,
                        .binaryOperator, .rightParen, .leftBrace, .rightBrace])
        XCTAssertEqual(kinds("#unavailable(macOS 12)").first, .poundAvailable)
        XCTAssertEqual(texts("#sourceLocation(file: \"a\", line: 1)").first, "#sourceLocation")
        XCTAssertEqual(kinds("#sourceLocation()").first, .poundSourceLocation)
        XCTAssertEqual(texts("#Preview { }"), ["#", "Preview", "{", "}"])
        XCTAssertEqual(kinds("#Preview { }"), [.pound, .identifier, .leftBrace, .rightBrace])
        XCTAssertEqual(kinds("#selector(foo)"), [.pound, .identifier, .leftParen, .identifier, .rightParen])
        XCTAssertEqual(texts("#warning(\"x\") #file #ifdef"), ["#", "warning", "(", "\"", "x", "\"", ")", "#", "file", "#", "ifdef"])
        XCTAssertEqual(kinds("## #"), [.pound, .pound, .pound])
    }

    func testPunctuation() {
        XCTAssertEqual(kinds("( ) { } [ ] , : ; @ \\"),
                       [.leftParen, .rightParen, .leftBrace, .rightBrace, .leftSquare, .rightSquare,
                        .comma, .colon, .semicolon, .at, .backslash])
        XCTAssertEqual(kinds("\\.name"), [.backslash, .period, .identifier])
        XCTAssertEqual(kinds("@State var"), [.at, .identifier, .keyword])
    }

    func testOperatorWhitespaceRules() {
        XCTAssertEqual(kinds("a + b"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("a+b"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("-x"), [.prefixOperator, .identifier])
        XCTAssertEqual(kinds("x++;"), [.identifier, .postfixOperator, .semicolon])
        XCTAssertEqual(kinds("f(-x, y-)"), [.identifier, .leftParen, .prefixOperator, .identifier, .comma,
                                            .identifier, .postfixOperator, .rightParen])
        XCTAssertEqual(texts("0..<n"), ["0", "..<", "n"])
        XCTAssertEqual(kinds("0..<n"), [.integerLiteral, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("[1...]"), [.leftSquare, .integerLiteral, .postfixOperator, .rightSquare])
        XCTAssertEqual(kinds("(...x)"), [.leftParen, .prefixOperator, .identifier, .rightParen])
        XCTAssertEqual(kinds("a ?? b"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(texts("a >> b"), ["a", ">>", "b"])
        XCTAssertEqual(kinds("Array<Int>()"), [.identifier, .binaryOperator, .identifier, .binaryOperator,
                                               .leftParen, .rightParen])
        // A left-bound operator followed by `.` is postfix.
        XCTAssertEqual(kinds("a+.b"), [.identifier, .postfixOperator, .period, .identifier])
        // Comments count as whitespace on either side, and `//` inside a run starts one.
        XCTAssertEqual(kinds("a+/* c */ b"), [.identifier, .postfixOperator, .identifier])
        XCTAssertEqual(kinds("a +/* c */b"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("a/* c */+ b"), [.identifier, .binaryOperator, .identifier])
        let commentAfter = lex("a+//c")
        XCTAssertEqual(commentAfter.kinds, [.identifier, .postfixOperator, .endOfFile])
        XCTAssertEqual(commentAfter.trailing(1), "//c")
    }

    func testSpecialOperatorTokens() {
        XCTAssertEqual(kinds("a?.b"), [.identifier, .postfixQuestion, .period, .identifier])
        XCTAssertEqual(kinds("x!.y"), [.identifier, .exclamation, .period, .identifier])
        XCTAssertEqual(kinds("let a: Int?"), [.keyword, .identifier, .colon, .identifier, .postfixQuestion])
        XCTAssertEqual(kinds("var b: T!"), [.keyword, .identifier, .colon, .identifier, .exclamation])
        XCTAssertEqual(kinds("a ? b : c"), [.identifier, .infixQuestion, .identifier, .colon, .identifier])
        XCTAssertEqual(kinds("foo(&x)"), [.identifier, .leftParen, .prefixAmpersand, .identifier, .rightParen])
        XCTAssertEqual(kinds("a & b"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("x = 1"), [.identifier, .equal, .integerLiteral])
        XCTAssertEqual(kinds("a == b"), [.identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("func f() -> Int"), [.keyword, .identifier, .leftParen, .rightParen, .arrow, .identifier])
        XCTAssertEqual(kinds("()->Int"), [.leftParen, .rightParen, .arrow, .identifier])
        XCTAssertEqual(kinds("!flag"), [.prefixOperator, .identifier])
        // As in the compiler, `a!=b` is `a!` `=` `b`.
        XCTAssertEqual(kinds("a!=b"), [.identifier, .exclamation, .equal, .identifier])
        XCTAssertEqual(kinds("init?(x)"), [.keyword, .postfixQuestion, .leftParen, .identifier, .rightParen])
        XCTAssertEqual(kinds("a . b"), [.identifier, .period, .identifier])
        XCTAssertEqual(kinds(".red"), [.period, .identifier])
        XCTAssertEqual(kinds("try? x"), [.keyword, .postfixQuestion, .identifier])
    }

    func testNumbers() {
        let lexed = lex("0 42 1_000 0x1F 0o17 0b1010 1.5 1.5e-3 1E10 0x1p-3 0x1.8p4 1e+2_0")
        XCTAssertEqual(lexed.kinds, [.integerLiteral, .integerLiteral, .integerLiteral, .integerLiteral, .integerLiteral,
                                     .integerLiteral, .floatLiteral, .floatLiteral, .floatLiteral, .floatLiteral,
                                     .floatLiteral, .floatLiteral, .endOfFile])
        XCTAssertTrue(lexed.diagnostics.isEmpty)
        XCTAssertTrue(lexed.tokens.allSatisfy { !$0.flags.contains(.malformed) })
        XCTAssertEqual(texts("1.foo"), ["1", ".", "foo"])
        XCTAssertEqual(texts("0xff.description"), ["0xff", ".", "description"])
        XCTAssertEqual(texts("x.0.1"), ["x", ".", "0", ".", "1"])
        XCTAssertEqual(kinds("x.0.1"), [.identifier, .period, .integerLiteral, .period, .integerLiteral])
        XCTAssertEqual(texts("1..<2"), ["1", "..<", "2"])
        XCTAssertEqual(texts("-1.5"), ["-", "1.5"])
    }

    func testMalformedNumbers() {
        for source in ["1abc", "0x", "0b102", "1e", "0xG", "1.5e+", "0x1.8"] {
            let lexed = lex(source)
            XCTAssertEqual(lexed.texts, [source, ""], source)
            XCTAssertTrue(lexed.tokens[0].flags.contains(.malformed), source)
            XCTAssertEqual(lexed.diagnostics.count, 1, source)
        }
    }

    func testStringLiterals() {
        XCTAssertEqual(kinds("\"hello\""), [.stringOpen, .stringSegment, .stringClose])
        XCTAssertEqual(kinds("\"\""), [.stringOpen, .stringClose])
        XCTAssertEqual(texts("\"a\\\"b\" x"), ["\"", "a\\\"b", "\"", "x"])
        XCTAssertEqual(texts("\"a\\\\\""), ["\"", "a\\\\", "\""])
        XCTAssertEqual(texts("\"\\u{1F600}\\n\\t\""), ["\"", "\\u{1F600}\\n\\t", "\""])
        XCTAssertEqual(texts("\"\"\"\n  line \" \"\" \n  \"\"\""), ["\"\"\"", "\n  line \" \"\" \n  ", "\"\"\""])
        XCTAssertEqual(texts("#\"a\"b\"#"), ["#\"", "a\"b", "\"#"])
        XCTAssertEqual(texts("#\"\\(x)\"#"), ["#\"", "\\(x)", "\"#"])
        XCTAssertEqual(texts("##\"\"\"\nq\"\"\"#\n\"\"\"##"), ["##\"\"\"", "\nq\"\"\"#\n", "\"\"\"##"])
        let closeTrivia = lex("x = \"a\" // note\ny")
        XCTAssertEqual(closeTrivia.kinds, [.identifier, .equal, .stringOpen, .stringSegment, .stringClose, .identifier, .endOfFile])
        XCTAssertEqual(closeTrivia.trailing(4), " // note")
        XCTAssertEqual(closeTrivia.leading(2), "")
    }

    func testInterpolation() {
        XCTAssertEqual(kinds("\"a\\(b)c\""), [.stringOpen, .stringSegment, .interpolationOpen, .identifier,
                                              .rightParen, .stringSegment, .stringClose])
        XCTAssertEqual(kinds("Text(\"\\(count, format: .number)\")"),
                       [.identifier, .leftParen, .stringOpen, .interpolationOpen, .identifier, .comma, .identifier,
                        .colon, .period, .identifier, .rightParen, .stringClose, .rightParen])
        XCTAssertEqual(texts("#\"raw \\#(x)\"#"), ["#\"", "raw ", "\\#(", "x", ")", "\"#"])
        XCTAssertEqual(kinds("#\"raw \\#(x)\"#"), [.stringOpen, .stringSegment, .interpolationOpen, .identifier,
                                                    .rightParen, .stringClose])
        // Nested strings, nested parens and closures inside an interpolation.
        XCTAssertEqual(texts("\"\\(f(\"x\\(y)\"))!\""),
                       ["\"", "\\(", "f", "(", "\"", "x", "\\(", "y", ")", "\"", ")", ")", "!", "\""])
        XCTAssertEqual(texts("\"\\(items.map { ($0) }.count) items\""),
                       ["\"", "\\(", "items", ".", "map", "{", "(", "$0", ")", "}", ".", "count", ")", " items", "\""])
        // Ordinary trivia inside; none after the closing `)`.
        let spaced = lex("\"\\( x ) \"")
        XCTAssertEqual(spaced.texts, ["\"", "\\(", "x", ")", " ", "\"", ""])
        XCTAssertEqual(spaced.leading(2), " ")
        XCTAssertEqual(spaced.trailing(2), " ")
        XCTAssertEqual(spaced.trailing(3), "")
        // Interpolation in a multi-line string may span lines.
        XCTAssertEqual(kinds("\"\"\"\n\\(a +\n b)\n\"\"\""),
                       [.stringOpen, .stringSegment, .interpolationOpen, .identifier, .binaryOperator, .identifier,
                        .rightParen, .stringSegment, .stringClose])
    }

    func testUnterminatedStrings() {
        let single = lex("x = \"abc\nlet y = 1")
        XCTAssertEqual(single.kinds, [.identifier, .equal, .stringOpen, .stringSegment, .keyword, .identifier,
                                      .equal, .integerLiteral, .endOfFile])
        XCTAssertTrue(single.tokens[2].flags.contains(.malformed))
        XCTAssertEqual(single.diagnostics.count, 1)
        XCTAssertTrue(single.tokens[4].flags.contains(.atStartOfLine))

        let multi = lex("\"\"\"\nabc \\(x)")
        XCTAssertEqual(multi.kinds, [.stringOpen, .stringSegment, .interpolationOpen, .identifier, .rightParen, .endOfFile])
        XCTAssertTrue(multi.tokens[0].flags.contains(.malformed))
        XCTAssertEqual(multi.diagnostics.count, 1)

        // A line break inside the interpolation of a single-line string ends the string.
        let interpolation = lex("\"a\\(b\nfoo(x) + 1")
        XCTAssertEqual(interpolation.kinds, [.stringOpen, .stringSegment, .interpolationOpen, .identifier,
                                             .identifier, .leftParen, .identifier, .rightParen, .binaryOperator,
                                             .integerLiteral, .endOfFile])
        XCTAssertTrue(interpolation.tokens[0].flags.contains(.malformed))

        let atEnd = lex("\"a\\(b")
        XCTAssertEqual(atEnd.kinds, [.stringOpen, .stringSegment, .interpolationOpen, .identifier, .endOfFile])
        XCTAssertTrue(atEnd.tokens[0].flags.contains(.malformed))
        XCTAssertEqual(lex("\"abc\\").texts, ["\"", "abc\\", ""])
        XCTAssertEqual(lex("\"ab\r\ncd\"").kinds.prefix(3), [.stringOpen, .stringSegment, .identifier])
    }

    func testRegexLiterals() {
        XCTAssertEqual(kinds("let r = /[a-z]+/"), [.keyword, .identifier, .equal, .regexLiteral])
        XCTAssertEqual(texts("let r = /[a-z]+/").last, "/[a-z]+/")
        XCTAssertEqual(kinds("a / b / c"), [.identifier, .binaryOperator, .identifier, .binaryOperator, .identifier])
        XCTAssertEqual(kinds("f() / 2 / g"), [.identifier, .leftParen, .rightParen, .binaryOperator,
                                              .integerLiteral, .binaryOperator, .identifier])
        for source in ["static func /(a: V, b: V) -> V { V(a.x/b.x) }", "infix operator /+/ : P", "self/x/", "foo()/x/", "a[0]/x/", "x = true/x/", "x!/y/", "$0/x/", "1/x/", "\"s\"/x/"] {
            XCTAssertFalse(kinds(source).contains(.regexLiteral), source)
        }
        XCTAssertEqual(kinds("return /x/"), [.keyword, .regexLiteral])
        XCTAssertEqual(kinds("case /x/:"), [.keyword, .regexLiteral, .colon])
        XCTAssertEqual(kinds("f(/a b/)"), [.identifier, .leftParen, .regexLiteral, .rightParen])
        XCTAssertEqual(texts("x = /[/]/"), ["x", "=", "/[/]/"])
        XCTAssertEqual(texts("x = /a\\/b/"), ["x", "=", "/a\\/b/"])
        XCTAssertFalse(kinds("x = /a /").contains(.regexLiteral))
        XCTAssertFalse(kinds("x = / a/").contains(.regexLiteral))
        XCTAssertFalse(kinds("x = /a\n/").contains(.regexLiteral))
        XCTAssertEqual(texts("#/a+/b/# x"), ["#/a+/b/#", "x"])
        XCTAssertEqual(kinds("##/a/#b/## x"), [.regexLiteral, .identifier])
        let multiline = lex("let r = #/\n  a+ # comment\n/#\nx")
        XCTAssertEqual(multiline.kinds, [.keyword, .identifier, .equal, .regexLiteral, .identifier, .endOfFile])
        XCTAssertEqual(multiline.texts[3], "#/\n  a+ # comment\n/#")
        let unterminated = lex("x = #/abc\ny")
        XCTAssertEqual(unterminated.texts, ["x", "=", "#/abc", "y", ""])
        XCTAssertTrue(unterminated.tokens[2].flags.contains(.malformed))
    }

    func testUnknownBytes() {
        let control = lex("a \u{01}\u{02} b")
        XCTAssertEqual(control.kinds, [.identifier, .unknown, .identifier, .endOfFile])
        XCTAssertEqual(control.texts[1], "\u{01}\u{02}")
        XCTAssertEqual(control.diagnostics.count, 1)
        let invalid = lex([0x61, 0x20, 0xFF, 0xFE, 0x80, 0x20, 0x62, 0xC3])
        XCTAssertEqual(invalid.kinds, [.identifier, .unknown, .identifier, .unknown, .endOfFile])
        XCTAssertEqual(invalid.tokens[1].textEnd - invalid.tokens[1].textStart, 3)
        XCTAssertEqual(invalid.diagnostics.count, 2)
        XCTAssertEqual(kinds("'x'"), [.unknown, .identifier, .unknown])
        // A surrogate encoded in UTF-8 and an overlong encoding are invalid.
        XCTAssertEqual(lex([0xED, 0xA0, 0x80, 0xC0, 0xAF]).kinds, [.unknown, .endOfFile])
    }

    func testTrailingTriviaRule() {
        let lexed = lex("let a = 1 // one\n\n  // two\n  b /* x\n y */ c\r\nd \re")
        XCTAssertEqual(lexed.texts, ["let", "a", "=", "1", "b", "c", "d", "e", ""])
        XCTAssertEqual(lexed.trailing(3), " // one")
        XCTAssertEqual(lexed.leading(4), "\n\n  // two\n  ")
        XCTAssertEqual(lexed.trailing(4), " /* x\n y */ ")
        XCTAssertFalse(lexed.tokens[5].flags.contains(.atStartOfLine))
        XCTAssertEqual(lexed.leading(6), "\r\n")
        XCTAssertEqual(lexed.trailing(6), " ")
        XCTAssertEqual(lexed.leading(7), "\r")
        XCTAssertTrue(lexed.tokens[7].flags.contains(.atStartOfLine))
        XCTAssertEqual(lexed.tokens.filter { $0.flags.contains(.atStartOfLine) }.count, 4)
    }

    func testSwiftUISnippets() {
        let chain = lex("Text(title)\n    .font(.headline)\n    .padding()")
        XCTAssertEqual(chain.kinds, [.identifier, .leftParen, .identifier, .rightParen, .period, .identifier,
                                     .leftParen, .period, .identifier, .rightParen, .period, .identifier,
                                     .leftParen, .rightParen, .endOfFile])
        XCTAssertTrue(chain.tokens[4].flags.contains(.atStartOfLine))
        XCTAssertFalse(chain.tokens[7].flags.contains(.atStartOfLine))
        XCTAssertEqual(kinds("ForEach($items) { $item in"),
                       [.identifier, .leftParen, .dollarIdentifier, .rightParen, .leftBrace, .dollarIdentifier, .keyword])
        XCTAssertEqual(kinds("ForEach(items.filter { $0.isDone }, id: \\.self) { item in }").filter { $0 == .backslash }.count, 1)
        for source in swiftUISamples {
            let lexed = lex(source)
            XCTAssertTrue(lexed.diagnostics.isEmpty, "\(lexed.diagnostics) in \(source)")
            XCTAssertFalse(lexed.kinds.contains(.unknown))
        }
    }

    /// The scanner writes into the array it returns: a file of one-byte tokens outgrows the
    /// room it starts with, small and large; a large file of ordinary code keeps its room.
    func testTokensOutgrowingTheirRoomOrKeepingItAreTheSame() {
        for count in [10, 200, 300_000] {
            let bytes = [UInt8](repeating: UInt8(ascii: "("), count: count)
            let lexed = lex(bytes)
            XCTAssertEqual(lexed.tokens.count, count + 1)
            XCTAssertEqual(lexed.tokens.capacity >= lexed.tokens.count, true)
            XCTAssertEqual(Set(lexed.kinds.dropLast()), [.leftParen])
        }
        let line = "let value = items.map { $0.name }.joined(separator: \", \")\n"
        let small = lex(line)
        let large = lex(String(repeating: line, count: 6_000))
        XCTAssertGreaterThanOrEqual(large.tokens.count, Parser.largeFileTokens)
        XCTAssertEqual(large.tokens.count, (small.tokens.count - 1) * 6_000 + 1)
        XCTAssertEqual(Array(large.kinds.prefix(small.tokens.count - 1)), Array(small.kinds.dropLast()))
        XCTAssertEqual(small.tokens.capacity, small.tokens.count, "a small file's tokens hold no slack")
    }

    func testExhaustiveShortInputsKeepTheInvariants() {
        for byte in 0...255 {
            _ = lex([UInt8(byte)])
        }
        let alphabet = Array("a1 \n\r\"#/\\()`$.?!=*-<[]{}'".utf8) + [0x00, 0xC3, 0xFF]
        for a in alphabet {
            for b in alphabet {
                for c in alphabet {
                    let bytes = [a, b, c]
                    let (tokens, _) = Lexer.tokenize(bytes)
                    if !LexerInvariants.check(bytes, tokens, "\(bytes)") { return }
                }
            }
        }
    }

    func testSeededMutationsKeepTheInvariants() {
        var random = SplitMix64(seed: 0x5EED_B0D7)
        let insertions: [[UInt8]] = ["\"", "#", "/", "\\(", "\"\"\"", "#\"", "/*", "*/", "//", "#/", "/#", "\r", "\n",
                                     "\0", ")", "(", "`", "$", "\\#(", "'"].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x88]]
        var variants = 0
        for sample in swiftUISamples {
            let original = Array(sample.utf8)
            for _ in 0..<200 {
                var bytes = original
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    let at = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
                    switch random.next() % 4 {
                    case 0 where !bytes.isEmpty:
                        bytes[at] = UInt8(truncatingIfNeeded: random.next())
                    case 1:
                        bytes.removeSubrange(at...)
                    case 2:
                        if let bracket = bytes.indices.filter({ "(){}[]".utf8.contains(bytes[$0]) }).randomElement(using: &random) {
                            bytes.remove(at: bracket)
                        }
                    default:
                        bytes.insert(contentsOf: insertions[Int(random.next() % UInt64(insertions.count))], at: at)
                    }
                }
                let (tokens, _) = Lexer.tokenize(bytes)
                variants += 1
                if !LexerInvariants.check(bytes, tokens, "variant \(variants): \(String(decoding: bytes, as: UTF8.self).debugDescription)") { return }
            }
        }
        XCTAssertGreaterThanOrEqual(variants, 500)
    }

    /// Prints lexer throughput over the package's own sources; runs only with
    /// BODYWORK_LEXER_BENCH=1 (build with `-c release`). Never asserts a time.
    func testThroughputBenchmark() throws {
        try XCTSkipUnless(ProcessInfo.processInfo.environment["BODYWORK_LEXER_BENCH"] == "1",
                          "set BODYWORK_LEXER_BENCH=1 to measure lexer throughput")
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var unit = Array(swiftUISamples.joined(separator: "\n\n").utf8)
        for folder in ["Sources", "Transforms"] {
            let enumerator = FileManager.default.enumerator(at: packageRoot.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift", let data = FileManager.default.contents(atPath: url.path) { unit += data }
            }
        }
        var corpus: [UInt8] = []
        while corpus.count < 16 << 20 { corpus += unit; corpus.append(10) }
        var bestWall = Double.infinity, bestCPU = Double.infinity
        var tokenCount = 0
        for _ in 0..<7 {
            let cpuStart = threadCPUSeconds()
            let wall = ContinuousClock().measure {
                tokenCount = corpus.withUnsafeBufferPointer { Lexer.tokenize($0).tokens.count }
            }
            bestCPU = min(bestCPU, threadCPUSeconds() - cpuStart)
            bestWall = min(bestWall, Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)
        }
        let megabytes = Double(corpus.count) / 1_048_576
        print("lexer throughput: \(Int(megabytes / bestCPU)) MB/s of CPU time, \(Int(megabytes / bestWall)) MB/s wall "
              + "(\(corpus.count) bytes, \(tokenCount) tokens, best of 7)")
        XCTAssertGreaterThan(tokenCount, corpus.count / 20)
    }
}

private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

// MARK: - Fixtures

private let swiftUISamples: [String] = [
    #"""
    import SwiftUI

    /// A list of tasks with a counter.
    struct TaskList: View {
        @State private var items: [TaskItem] = []
        @Binding var count: Int
        let r = /[a-z]+/

        var body: some View {
            NavigationStack {
                List {
                    ForEach($items) { $item in
                        Toggle(item.title, isOn: $item.isDone)
                            .font(.headline)
                            .foregroundStyle(item.isDone ? .secondary : .primary)
                    }
                    .onDelete { items.remove(atOffsets: $0) }
                }
                .navigationTitle("Tasks (\(items.count))")
                Text("\(count, format: .number) done")
                    .padding(.horizontal, 16.0)
            }
        }
    }
    """#,
    ##"""
    #Preview {
        TaskList(count: .constant(3))
    }

    extension TaskItem {
        static let sample = TaskItem(title: #"raw \#(name) "quoted""#, weight: 0x1p-3)
        func ratio(_ a: Double, _ b: Double, _ c: Double) -> Double { a / b / c }
        var summary: String {
            """
            Title: \(title)
              done: \(isDone ? "yes" : "no")
            """
        }
    }
    """##,
    #"""
    #if os(iOS)
    @available(iOS 15, *)
    final class Model: ObservableObject {
        @Published var values: [Int] = [1, 2, 3]
        func total() -> Int { values.reduce(0, +) }
        func clamp(_ x: Int?) -> Int { guard let x, x >= 0 else { return 0 }; return x! < 10 ? x : 10 }
        /* block /* nested */ comment */
        var keyPath: KeyPath<Model, [Int]> { \.values }
    }
    #else
    let fallback = 1_000.5e-2 // trailing
    #endif
    """#,
]

extension LexerTests {
    /// `#"""#` holds one quote; `#""""x""#` holds `"""x"`: single-line because the
    /// closing quote and pounds follow on the same line.
    func testRawStringThatLooksMultiline() {
        XCTAssertEqual(texts(##"let q = #"""#"##), ["let", "q", "=", ##"#""##, ##"""##, ##""#"##])
        XCTAssertEqual(kinds(##"f(#""""x""#)"##),
                       [.identifier, .leftParen, .stringOpen, .stringSegment, .stringClose, .rightParen])
        XCTAssertEqual(kinds("let m = #\"\"\"\nx\n\"\"\"#"), [.keyword, .identifier, .equal, .stringOpen, .stringSegment, .stringClose])
    }
}
