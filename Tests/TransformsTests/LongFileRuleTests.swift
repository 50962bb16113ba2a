// stored-view-builder finds where a file names its candidates in one pass over the file's
// tokens: many views in one file are each judged by their own uses, as they would be alone.
import Codemod
import Foundation
import Semantics
import SwiftCST
import Transforms
import XCTest

final class LongFileRuleTests: XCTestCase {
    private func findings(_ rule: some Rule, _ source: String) -> [Finding] {
        let tree = SyntaxTree.parse(Array(source.utf8))
        let index = ProjectIndexBuilder.build([(path: "t.swift", tree: tree)])
        return rule.findings(in: tree, context: RuleContext(path: "t.swift", index: index))
    }

    private func card(_ name: String, property: String, callee: String? = nil) -> String {
        """
        struct \(name)<Content: View>: View {
            let \(property): () -> Content

            var body: some View {
                VStack { \(callee ?? property)() }
            }
        }

        """
    }

    /// Many views, each with its own closure property: each is fixed or withheld as it would
    /// be alone in the file.
    func testEachViewsClosureIsJudgedByItsOwnUses() {
        var source = "import SwiftUI\n\n"
        for number in 0..<40 { source += card("Card\(number)", property: "content\(number)") }
        // One more view names another's property outside it.
        source += card("Odd", property: "oddContent")
        source += "struct User: View {\n    var body: some View { Text(\"\\(content7)\") }\n}\n"
        let found = findings(StoredViewBuilder(), source)
        XCTAssertEqual(found.count, 41)
        XCTAssertEqual(found.filter { $0.fix != nil }.count, 40)
        XCTAssertEqual(found.filter { $0.fix == nil }.map(\.withheldReason),
                       ["`content7` is named outside the view in this file"])
    }

    /// A name that is not ASCII matches its other normal form, as string equality does: the
    /// call is rewritten as the call of an ASCII name is.
    func testANameInAnotherNormalFormIsAUse() {
        let ascii = findings(StoredViewBuilder(), "import SwiftUI\n\n" + card("Card", property: "cafe"))
        let other = findings(StoredViewBuilder(), "import SwiftUI\n\n" + card("Card", property: "caf\u{E9}", callee: "cafe\u{301}"))
        XCTAssertEqual(other.count, 1)
        XCTAssertNotNil(other.first?.fix, other.first?.withheldReason ?? "")
        XCTAssertEqual(other.first?.fix?.edits.count, ascii.first?.fix?.edits.count)
        XCTAssertGreaterThan(ascii.first?.fix?.edits.count ?? 0, 1)
    }
}
