// A token's innermost node found from a nearer ancestor is the one found from the root:
// rules that search one type of a large file ask from the type.
import XCTest
@testable import SwiftCST

final class TokenParentTests: XCTestCase {
    func testParentWithinAnAncestorIsTheParent() {
        let source = """
        struct A { var x: Int { y + 1 } }
        struct B: View {
            private var time: String { f.string(from: d) }
            var body: some View { Text(time).onAppear { _ = { [weak self] in self?.time }() } }
        }
        enum C { case a(Int), b }
        """
        let tree = SyntaxTree.parse(Array(source.utf8))
        var checked = 0
        for declaration in tree.root.childNodes {
            for index in declaration.firstTokenIndex..<declaration.endTokenIndex {
                let token = tree.token(at: index)
                XCTAssertEqual(token.parent(within: declaration), token.parent, "\(token)")
                XCTAssertEqual(token.parent(within: tree.root), token.parent, "\(token)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50)
        let outside = tree.token(at: tree.root.childNodes[1].firstTokenIndex)
        XCTAssertEqual(outside.parent(within: tree.root.childNodes[0]), outside.parent, "an ancestor that does not hold it")
    }
}
