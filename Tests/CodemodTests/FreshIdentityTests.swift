// Types whose `id` is made anew with each value: the index records them from declaration-only
// trees too, and keeps them through its encodings, so foreach-identity can ask in any file.
import XCTest
import Codemod
import SwiftCST

final class FreshIdentityTests: XCTestCase {
    private let source = """
    struct A: Identifiable { let id = UUID() }
    struct B: Identifiable { var id: String = UUID().uuidString }
    struct C: Identifiable { var id: String { UUID().uuidString } }
    struct D: Identifiable { let id: UUID; init() { self.id = UUID() } }
    struct E: Identifiable { let id: UUID; init(id: UUID) { self.id = id } }
    struct F: Identifiable { let id: Int; var other = UUID() }
    struct G: Identifiable { var id: String { name } ; var name = "" }
    typealias Alias = A
    """

    func testReadFromFullAndDeclarationOnlyTrees() {
        for tree in [SyntaxTree.parse(source), SyntaxTree.parseDeclarations(Array(source.utf8))] {
            var builder = ProjectIndexBuilder()
            builder.add(tree, path: "A.swift")
            let index = builder.finish()
            XCTAssertEqual(index.freshlyIdentifiedTypes, ["A", "B", "C", "D"])
            XCTAssertTrue(index.isFreshlyIdentified("Alias"), "through the typealias")
            XCTAssertFalse(index.isFreshlyIdentified("E"))
        }
    }

    func testKeptThroughTheFactEncodingAndTheSnapshot() throws {
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parse(source), path: "A.swift")
        let index = builder.finish()
        let decoded = try XCTUnwrap(ProjectIndex(encodedFacts: index.encodedFacts()[...], path: "A.swift"))
        XCTAssertEqual(decoded.freshlyIdentifiedTypes, ["A", "B", "C", "D"])
        let restored = try XCTUnwrap(ProjectIndex(snapshot: index.snapshotBytes()[...]))
        XCTAssertEqual(restored.freshlyIdentifiedTypes, ["A", "B", "C", "D"])
    }
}
