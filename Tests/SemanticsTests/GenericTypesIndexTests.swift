// Which declared types are generic, as the index records them: formatter-in-body puts a
// static in an extension of another file's type only when that type is not generic.
import XCTest
import Semantics
import SwiftCST

final class GenericTypesIndexTests: XCTestCase {
    func testGenericDeclarationsAreRecordedAndEncoded() throws {
        let source = """
        struct Plain {}
        struct Box<T> { struct Inner {} }
        enum Outer { class Cell<Value> {} }
        extension Plain {}
        """
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parseDeclarations(Array(source.utf8)), path: "A.swift")
        let index = builder.finish()
        XCTAssertEqual(index.genericTypes, ["Box", "Outer.Cell"])
        let decoded = try XCTUnwrap(ProjectIndex(encodedFacts: index.encodedFacts()[...], path: "A.swift"))
        XCTAssertEqual(decoded.genericTypes, ["Box", "Outer.Cell"])
        let restored = try XCTUnwrap(ProjectIndex(snapshot: index.snapshotBytes()[...]))
        XCTAssertEqual(restored.genericTypes, ["Box", "Outer.Cell"])
    }
}
