// Types whose `id` is the value itself: `id: \.self` over them is already their identity,
// whether the index pass parsed the accessor bodies or skipped them.
import XCTest
import Codemod
import SwiftCST

final class SelfIdentityTests: XCTestCase {
    private let source = """
    extension String: Identifiable { public var id: Self { self } }
    struct A: Identifiable { var id: A { return self } }
    struct B: Identifiable { var id: B { get { self } } }
    struct C: Identifiable { var id: Int { count } ; var count = 0 }
    struct D: Identifiable { let id: D }
    struct E: Identifiable { var id: E { self.normalized } }
    typealias Name = String
    """

    func testReadFromFullAndDeclarationOnlyTrees() {
        for tree in [SyntaxTree.parse(source), SyntaxTree.parseDeclarations(Array(source.utf8))] {
            var builder = ProjectIndexBuilder()
            builder.add(tree, path: "A.swift")
            let index = builder.finish()
            XCTAssertEqual(index.selfIdentifiedTypes, ["String", "A", "B"])
            XCTAssertTrue(index.isIdentifiedBySelf("Name"), "through the typealias")
            XCTAssertFalse(index.isIdentifiedBySelf("C"))
        }
    }
}
