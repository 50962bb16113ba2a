// Tests for trivia pieces and the trivia rule: which bytes become which pieces, and
// which token owns them.

import SwiftCST
import XCTest

private func pieces(_ source: String) -> [TriviaPiece] {
    let bytes = Array(source.utf8)
    return Trivia.pieces(bytes, in: 0..<bytes.count)
}

private func pieceKinds(_ source: String) -> [TriviaKind] { pieces(source).map(\.kind) }

/// The source of each token's leading trivia, text and trailing trivia, after checking
/// the lexer invariants.
private func split(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line)
    -> (tokens: [RawToken], parts: [(leading: String, text: String, trailing: String)], diagnostics: [Diagnostic]) {
    let (tokens, diagnostics) = Lexer.tokenize(bytes)
    LexerInvariants.check(bytes, tokens, file: file, line: line)
    var previousEnd = 0
    var parts: [(String, String, String)] = []
    for token in tokens {
        func text(_ a: Int, _ b: UInt32) -> String { String(decoding: bytes[a..<Int(b)], as: UTF8.self) }
        parts.append((text(previousEnd, token.textStart), text(Int(token.textStart), token.textEnd),
                      text(Int(token.textEnd), token.trailingEnd)))
        previousEnd = Int(token.trailingEnd)
    }
    return (tokens, parts, diagnostics)
}

private func split(_ source: String, file: StaticString = #filePath, line: UInt = #line)
    -> (tokens: [RawToken], parts: [(leading: String, text: String, trailing: String)], diagnostics: [Diagnostic]) {
    split(Array(source.utf8), file: file, line: line)
}

final class TriviaTests: XCTestCase {
    func testPieceKindsAndRanges() {
        let source = "  \t\t\n\r\n\r// c\n/// d\n//// e\n/* a /* nested */ b */ /** doc */ /**/\u{0B}\u{0C}\u{0C}"
        XCTAssertEqual(pieceKinds(source), [.space, .tab, .newline, .newline, .newline, .lineComment, .newline,
                                            .docLineComment, .newline, .lineComment, .newline, .blockComment, .space,
                                            .docBlockComment, .space, .blockComment, .verticalTab, .formFeed])
        let ranges = pieces(source).map(\.range)
        XCTAssertEqual(ranges.prefix(5), [0..<2, 2..<4, 4..<5, 5..<7, 7..<8])
        XCTAssertEqual(ranges.last, source.utf8.count - 2..<source.utf8.count)
        XCTAssertEqual(pieces("/* a /* b */ c */").map(\.range), [0..<17])
    }

    func testNonTriviaBytesAreUnexpectedPieces() {
        XCTAssertEqual(pieces("ab  c"), [TriviaPiece(kind: .unexpected, range: 0..<2), TriviaPiece(kind: .space, range: 2..<4),
                                         TriviaPiece(kind: .unexpected, range: 4..<5)])
        // A sub-range clips pieces and ignores out-of-bounds ends.
        let bytes = Array("x  // comment".utf8)
        XCTAssertEqual(Trivia.pieces(bytes, in: 1..<3), [TriviaPiece(kind: .space, range: 1..<3)])
        XCTAssertEqual(Trivia.pieces(bytes, in: 3..<99).map(\.kind), [.lineComment])
        XCTAssertEqual(Trivia.pieces(bytes, in: 20..<30), [])
    }

    func testTrailingTriviaStopsBeforeEveryKindOfLineBreak() {
        for lineBreak in ["\n", "\r\n", "\r"] {
            let result = split("a // note\(lineBreak)b\t\(lineBreak)\(lineBreak)c")
            XCTAssertEqual(result.parts.map(\.text), ["a", "b", "c", ""])
            XCTAssertEqual(result.parts[0].trailing, " // note")
            XCTAssertEqual(result.parts[1].leading, lineBreak)
            XCTAssertEqual(result.parts[1].trailing, "\t")
            XCTAssertEqual(result.parts[2].leading, lineBreak + lineBreak)
            let newlinePieces = pieces(result.parts[2].leading).filter { $0.kind == .newline }
            XCTAssertEqual(newlinePieces.count, 2, "one piece per line break for \(lineBreak.debugDescription)")
        }
    }

    func testBlockCommentInTrailingPositionStaysTrailing() {
        let result = split("a /* one\ntwo */ b\n/* own\nline */ c")
        XCTAssertEqual(result.parts[0].trailing, " /* one\ntwo */ ")
        XCTAssertFalse(result.tokens[1].flags.contains(.atStartOfLine))
        XCTAssertEqual(result.parts[2].leading, "\n/* own\nline */ ")
        XCTAssertTrue(result.tokens[2].flags.contains(.atStartOfLine))
    }

    func testCommentsAtEndOfFile() {
        let sameLine = split("a // end")
        XCTAssertEqual(sameLine.parts[0].trailing, " // end")
        XCTAssertEqual(sameLine.parts[1].leading, "")
        XCTAssertFalse(sameLine.tokens[1].flags.contains(.atStartOfLine))
        let ownLine = split("a\n// end\n")
        XCTAssertEqual(ownLine.parts[1].leading, "\n// end\n")
        XCTAssertTrue(ownLine.tokens[1].flags.contains(.atStartOfLine))
        let onlyComment = split("/// doc")
        XCTAssertEqual(onlyComment.tokens.count, 1)
        XCTAssertEqual(onlyComment.parts[0].leading, "/// doc")
    }

    func testFileWithoutFinalNewline() {
        let result = split("let x = 1")
        XCTAssertEqual(result.parts.map(\.text), ["let", "x", "=", "1", ""])
        XCTAssertEqual(result.parts[4].leading, "")
        XCTAssertEqual(result.parts[3].trailing, "")
    }

    func testUnterminatedBlockCommentRunsToEndOfFile() {
        let result = split("a /* open /* nested */ still open\nb")
        XCTAssertEqual(result.tokens.count, 2)
        XCTAssertEqual(result.parts[0].trailing, " /* open /* nested */ still open\nb")
        XCTAssertEqual(result.diagnostics.count, 1)
    }

    func testByteOrderMarkAndShebang() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/env swift\nprint(1)".utf8)
        let (tokens, diagnostics) = Lexer.tokenize(bytes)
        LexerInvariants.check(bytes, tokens)
        XCTAssertTrue(diagnostics.isEmpty)
        XCTAssertEqual(tokens[0].textStart, 24)
        XCTAssertTrue(tokens[0].flags.contains(.atStartOfLine))
        XCTAssertEqual(Trivia.pieces(bytes, in: 0..<24).map(\.kind), [.byteOrderMark, .shebang, .newline])
        XCTAssertEqual(Trivia.pieces(bytes, in: 0..<24).map(\.range), [0..<3, 3..<23, 23..<24])
        // Not at the start of the file, `#!` is code.
        XCTAssertEqual(split("a\n#!x").tokens.map(\.kind), [.identifier, .pound, .exclamation, .identifier, .endOfFile])
        XCTAssertEqual(pieceKinds("#!shebang"), [.shebang])
    }

    func testConflictMarkerLinesAreTrivia() {
        let source = "<<<<<<< HEAD\nlet a = 1\n|||||||\n=======\nlet a = 2\n>>>>>>> feature\n"
        let result = split(source)
        XCTAssertEqual(result.parts.map(\.text), ["let", "a", "=", "1", "let", "a", "=", "2", ""])
        XCTAssertEqual(result.parts[0].leading, "<<<<<<< HEAD\n")
        XCTAssertEqual(pieceKinds(result.parts[4].leading), [.newline, .conflictMarker, .newline, .conflictMarker, .newline])
        XCTAssertEqual(result.diagnostics.count, 4)
        // Not at the start of a line, or not seven of them: operators.
        XCTAssertEqual(split("a <<<<<<< b").diagnostics.count, 0)
        XCTAssertEqual(split("x\n<<<<<<<< b").diagnostics.count, 0)
    }

    func testNulBytesAreTriviaWithADiagnostic() {
        let result = split([0x61, 0x00, 0x00, 0x20, 0x62, 0x0A, 0x00])
        XCTAssertEqual(result.parts.map(\.text), ["a", "b", ""])
        XCTAssertEqual(Trivia.pieces([0x61, 0x00, 0x00, 0x20], in: 1..<4).map(\.kind), [.nul, .space])
        XCTAssertEqual(result.diagnostics.count, 2)
    }

    func testCommentClassification() {
        XCTAssertTrue(TriviaKind.lineComment.isComment)
        XCTAssertTrue(TriviaKind.docBlockComment.isComment)
        XCTAssertTrue(TriviaKind.docLineComment.isDocComment)
        XCTAssertFalse(TriviaKind.blockComment.isDocComment)
        XCTAssertFalse(TriviaKind.newline.isComment)
    }

    func testTokenTriviaPiecesInATree() {
        let tree = SyntaxTree.parse("// about x\nlet x = 1 // one\n")
        guard let first = tree.tokens.indices.first(where: { tree.tokens[$0].kind != .endOfFile }) else {
            return XCTFail("no tokens")
        }
        let letToken = tree.token(at: first)
        XCTAssertEqual(letToken.leadingTriviaPieces.map(\.kind), [.lineComment, .newline])
        XCTAssertEqual(letToken.leadingTriviaPieces.first?.range, 0..<10)
        let one = tree.token(at: tree.tokens.count - 2)
        XCTAssertEqual(one.trailingTriviaPieces.map(\.kind), [.space, .lineComment])
        XCTAssertEqual(tree.token(at: tree.tokens.count - 1).leadingTriviaPieces.map(\.kind), [.newline])
    }
}
