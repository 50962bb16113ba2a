// Constructs the compiler's parser accepts that ours once rejected, reduced from real apps and
// from swift-syntax's own parser tests (scripts/peer-suite): each parses without a diagnostic,
// round-trips, and has the shape SwiftParser gives it.
import XCTest
@testable import SwiftCST

final class LanguageCoverageTests: XCTestCase {
    /// Parses valid `source`, asserting the round trip, the partition and no diagnostics.
    private func parse(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> SyntaxTree {
        let tree = SyntaxTree.parse(source)
        XCTAssertEqual(tree.printed(), Array(source.utf8), "round trip", file: file, line: line)
        XCTAssertTrue(tree.isPartition, "partition", file: file, line: line)
        XCTAssertEqual(tree.diagnostics, [], "diagnostics for:\n\(source)\n\(tree.root.dump())", file: file, line: line)
        return tree
    }

    /// The source text of every node of `kind`, in source order.
    private func texts(_ kind: SyntaxKind, in tree: SyntaxTree) -> [String] {
        tree.root.descendants(kind).map(\.text)
    }

    // MARK: - Module selectors

    func testModuleSelectorsInTypesAndExpressions() {
        let tree = parse("""
            extension CoreGraphics::CGEvent {}
            let app: Apps::Application = Swift::print(x)
            let n = value.Swift::count
            let k = \\Swift::Array<Int>.Swift::count
            import struct Kit::Thing
            @Kit::Builder func f(@UI::Builder content: () -> Int) { #Kit::log("x") }

            """)
        XCTAssertEqual(texts(.moduleSelector, in: tree),
                       ["CoreGraphics::", "Apps::", "Swift::", "Swift::", "Swift::", "Swift::", "Kit::", "UI::", "Kit::"])
        XCTAssertEqual(texts(.identifierType, in: tree).prefix(2), ["CoreGraphics::CGEvent", "Apps::Application"])
        // The name's node covers its selector, as SwiftParser's DeclReferenceExpr does.
        XCTAssertEqual(texts(.identifierExpr, in: tree).first, "Swift::print")
        XCTAssertEqual(texts(.memberAccessExpr, in: tree).first, "value.Swift::count")
        XCTAssertEqual(tree.tokens.filter { $0.kind == .colonColon }.count, 10)  // the import path's too
    }

    func testDoubleColonIsOneTokenAndAColonStaysAColon() {
        let tree = parse("let d: [String: Int] = [:]\nlet c = a ? b : c\n")
        XCTAssertFalse(tree.tokens.contains { $0.kind == .colonColon })
        XCTAssertEqual(SyntaxTree.parse("a::b").tokens.map(\.kind), [.identifier, .colonColon, .identifier, .endOfFile])
    }

    // MARK: - Switch cases

    func testCaseLabelsOnTheLineOfThePreviousStatement() {
        let tree = parse("""
            let a = switch kind { case .builtIn: false default: true }
            switch k { case .a: 1 case .b: 2 @unknown default: 3 }

            """)
        XCTAssertEqual(texts(.switchCase, in: tree),
                       ["case .builtIn: false", "default: true", "case .a: 1", "case .b: 2", "@unknown default: 3"])
    }

    func testStatementsOnOneLineStillNeedASeparatorOutsideSwitches() {
        let tree = SyntaxTree.parse("func f() { a() b() }\n")
        XCTAssertFalse(tree.diagnostics.isEmpty)
        XCTAssertEqual(tree.printed(), Array("func f() { a() b() }\n".utf8))
    }

    func testIfConfigWithAnEmptyFirstClauseAmongCases() {
        let tree = parse("""
            switch x {
            case .a:
              break
            #if NEVER
            #elseif ENABLE_C
            case .c:
              break
            #endif
            }

            """)
        XCTAssertEqual(texts(.switchCase, in: tree), ["case .a:\n  break", "case .c:\n  break"])
    }

    // MARK: - Types

    func testNewerTypeForms() {
        let tree = parse("""
            let a: [3 of Int] = [1, 2, 3]
            let b = [2 of Double](repeating: 0)
            let v: Vector<3, Int>
            extension Vector where N == 3 {}
            let f: nonisolated(nonsending) () async -> Void = {}
            struct S: nonisolated P {}
            func g(_ x: borrowing ~Copyable, y: [any ~Copyable]) {}
            enum E { case custom(@Sendable () throws -> Void) }
            let h = [() throws(MyError) -> Void]()
            let t = G<repeat each T>.self

            """)
        XCTAssertEqual(texts(.inlineArrayType, in: tree), ["[3 of Int]", "[2 of Double]"])
        XCTAssertEqual(texts(.attributedType, in: tree).filter { $0.hasPrefix("nonisolated") || $0.hasPrefix("@Sendable") },
                       ["nonisolated(nonsending) () async -> Void", "nonisolated P", "@Sendable () throws -> Void"])
        XCTAssertTrue(texts(.genericArgumentClause, in: tree).contains("<3, Int>"))
    }

    func testGenericOperatorFunctionNames() {
        let tree = parse("""
            func ==<T: Equatable>(a: T, b: T) -> Bool { true }
            func *<let X: Int>(l: A<X>, r: A<X>) -> Int { 0 }
            func <<(lhs: Int, rhs: Int) -> Int { 0 }

            """)
        XCTAssertEqual(tree.root.descendants(.genericParameterClause).count, 2)
        XCTAssertEqual(tree.root.descendants(.functionDecl).count, 3)
    }

    // MARK: - Expressions and attributes

    func testExpressionForms() {
        let tree = parse("""
            func f() {
              unsafe .lock
              let k = \\Foo.Bar.[2]
              for try await unsafe x in e {}
              for unsafe in words {}
              if .random() { 0 } else { 1 } as Int
            }
            @attached(extension, names: named(deinit), named(subscript))
            macro m() = #externalMacro(module: "M", type: "T")
            @specialized(where T == Int)
            func g<T>(_ t: T) {}

            """)
        XCTAssertEqual(texts(.unsafeExpr, in: tree), ["unsafe .lock"])
        XCTAssertEqual(texts(.keyPathExpr, in: tree), ["\\Foo.Bar.[2]"])
        XCTAssertEqual(tree.root.descendants(.forStmt).count, 2)
    }

    func testRegexAfterAPrefixOperatorAndNotBeforeAnUnbalancedParen() {
        let tree = parse("let a = !/ab+c/\nlet b = (^/x)/y\nlet c = x !/^ y/\nlet d = try? /^ x/.wholeMatch(in: s)\n")
        let regexes = tree.tokens.filter { $0.kind == .regexLiteral }
        XCTAssertEqual(regexes.map { String(decoding: tree.bytes[Int($0.textStart)..<Int($0.textEnd)], as: UTF8.self) },
                       ["/ab+c/", "/^ x/"])
        XCTAssertTrue(SyntaxTree.parse("let e = x! /y/ 2\n").tokens.allSatisfy { $0.kind != .regexLiteral })
    }

    func testSourceLocationBetweenStatements() {
        let tree = parse("func f() {\n#sourceLocation(file: \"g.swift\", line: 1)\n  g()\n#sourceLocation()\n}\n")
        XCTAssertEqual(tree.root.descendants(.macroExpansionDecl).count, 2)
    }

    func testContextualModifierWordsAsNames() {
        let tree = parse("optional(x: .some(23))\noptional(x: .none)\nstruct S {\n  __consuming func f() {}\n}\n")
        XCTAssertEqual(texts(.functionCallExpr, in: tree), ["optional(x: .some(23))", ".some(23)", "optional(x: .none)"])
        XCTAssertEqual(tree.root.descendants(.functionDecl).count, 1)
        XCTAssertEqual(texts(.modifier, in: tree), ["__consuming"])
        // A modifier's one-word argument keeps it a modifier across a line break.
        let split = parse("struct S {\n  nonisolated(unsafe)\n  static var x = 1\n}\nnonisolated(unsafe)\nvar y = 1\n")
        XCTAssertEqual(texts(.modifier, in: split), ["nonisolated(unsafe)", "static", "nonisolated(unsafe)"])
    }

    func testModifiersBeforeAMacroExpansion() {
        let tree = parse("public #topLevel\nstruct S {\n  private #member(1)\n}\n")
        XCTAssertEqual(texts(.macroExpansionDecl, in: tree), ["public #topLevel", "private #member(1)"])
    }

    func testNoBreakSpaceIsTrivia() {
        let source = "let a =\u{A0}\u{A0}1 +\u{A0}2\n"
        let tree = parse(source)
        XCTAssertEqual(tree.tokens.map(\.kind), [.keyword, .identifier, .equal, .integerLiteral, .binaryOperator,
                                                 .integerLiteral, .endOfFile])
        XCTAssertEqual(Trivia.pieces(tree.bytes, in: 7..<11).map(\.kind), [.noBreakSpace])
    }
}
