// What the semantic index proves about expressions without type-checking: the type an
// initializer gives a property, the type a node sits in, and the collection behind
// `enumerated()`. Tested through Semantics alone, on parsed source.
import Semantics
import SwiftCST
import XCTest

final class ExpressionTypesTests: XCTestCase {
    /// The value of the first `let`/`var` of `source`.
    private func initializer(_ source: String) throws -> Node {
        let tree = SyntaxTree.parse(source)
        let declaration = try XCTUnwrap(tree.root.descendants(.variableDecl).first.flatMap(VariableDecl.init))
        return try XCTUnwrap(declaration.bindings.first?.initializer, source)
    }

    func testInitializersProveTheirTypeOnlyWhenTheTextSaysIt() throws {
        let proven: [(String, String)] = [
            ("let a = \"text\"", "String"), ("let a = 1", "Int"), ("let a = 1.5", "Double"), ("let a = true", "Bool"),
            ("let a = [\"x\", \"y\"]", "[String]"), ("let a = [Item]()", "[Item]"), ("let a = Store()", "Store"),
            ("let a = Outer.Store()", "Outer.Store"), ("let a = Store.init()", "Store"),
        ]
        for (source, type) in proven {
            XCTAssertEqual(TypeResolver.inferredType(ofInitializer: try initializer(source)), type, source)
        }
        // A call of a function, a generic standard type without its arguments, a mixed array
        // and an empty one say nothing about the type without a type-checker.
        for source in ["let a = makeStore()", "let a = Array(items)", "let a = [1, \"x\"]", "let a = []", "let a = store.items"] {
            XCTAssertNil(TypeResolver.inferredType(ofInitializer: try initializer(source)), source)
        }
    }

    /// `guard let items = items` and `if let items = items` read the outer `items` on the
    /// right: the binding is not in scope in its own condition (it once resolved itself,
    /// without end).
    func testABindingThatShadowsItsValueReadsTheOuterName() throws {
        let tree = SyntaxTree.parse("""
            struct Screen {
                var items: [Int]?

                func rows() -> Int {
                    guard let items = items else { return 0 }
                    if let first = items.first, let first = Optional(first) { _ = first }
                    return items.count
                }

                func other() {
                    if let items = items { _ = items }
                }
            }
            """)
        var builder = ProjectIndexBuilder()
        builder.add(tree, path: "Screen.swift")
        let resolver = TypeResolver(index: builder.finish())
        let reads = tree.root.descendants(.identifierExpr).filter { $0.text == "items" }
        // The guard's value, `items.first` and `items.count` after it, the `if`'s value and
        // the `if`'s body.
        XCTAssertEqual(reads.map { resolver.type(of: $0)?.text }, ["[Int]?", "[Int]", "[Int]", "[Int]?", "[Int]"])
    }

    func testEnclosingTypeNamesAreQualifiedAndExtensionsNameTheirType() throws {
        let tree = SyntaxTree.parse("""
            let top = 0
            struct Outer { struct Inner { let a = 1 } }
            extension Store<Int> { var b: Int { 2 } }
            """)
        let names = tree.root.descendants(.variableDecl).map { TypeResolver.enclosingTypeName(of: $0) }
        XCTAssertEqual(names, [nil, "Outer.Inner", "Store"])
    }

    func testEnumeratedCollectionIsFoundBehindArrayAndIdentityMap() throws {
        let cases: [(String, String?)] = [
            ("let a = Array(items.enumerated())", "items"),
            ("let a = model.rows.enumerated().map { $0 }", "model.rows"),
            ("let a = items.enumerated().map { $0.element }", nil),
            ("let a = Array(items)", nil),
        ]
        for (source, expected) in cases {
            XCTAssertEqual(TypeResolver.enumeratedCollection(try initializer(source)).map(\.text), expected, source)
        }
    }

    func testFilesMentioningANameLeaveOutTheAskingFile() {
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parse("struct Row { var title = \"\" }"), path: "Row.swift")
        builder.add(SyntaxTree.parse("func show(_ row: Row) { print(row.title) }"), path: "Show.swift")
        builder.add(SyntaxTree.parse("let count = 0"), path: "Other.swift")
        let index = builder.finish()
        XCTAssertEqual(index.filesMentioning("title", besides: "Row.swift"), ["Show.swift"])
        XCTAssertEqual(index.filesMentioning("title", besides: "Show.swift"), ["Row.swift"], "a declaration names it too")
        XCTAssertEqual(index.filesMentioning("count", besides: "Other.swift"), [])
        XCTAssertTrue(index.isSeen("Row"))
        XCTAssertFalse(index.isSeen("Show"), "a function is not a type")
    }
}
