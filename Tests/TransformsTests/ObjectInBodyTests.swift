// Where object-in-body reports on its golden cases: golden files show only that nothing
// changes; these pin each finding's line, severity and the kind of object named.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class ObjectInBodyTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/object-in-body")

    private func report(_ caseName: String) throws -> [String] {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent(caseName + ".swift"))))
        let converter = SourceLocationConverter(tree.bytes)
        return ObjectInBody().findings(in: tree, context: RuleContext(path: "t.swift")).map { finding in
            XCTAssertNil(finding.fix, "report only")
            let what = finding.message.components(separatedBy: " on every evaluation")[0]
            return "\(converter.location(of: finding.range.lowerBound).line) \(finding.severity) \(what)"
        }
    }

    func testModelsBuiltWhileRenderingAreWarnings() throws {
        XCTAssertEqual(try report("row-model-reported"), ["23 warning `RowModel(…)` builds a new ObservableObject"])
        XCTAssertEqual(try report("observable-in-helper-reported"),
                       ["22 warning `Counter(…)` builds a new `@Observable` object", "26 warning `Counter(…)` builds a new `@Observable` object"])
        XCTAssertEqual(try report("subclass-and-environment-reported"),
                       ["17 warning `SettingsModel(…)` builds a new ObservableObject"], "found through its superclass")
    }

    func testDefaultsActionsAndOtherTypesAreNotReported() throws {
        for name in ["wrapper-defaults-untouched", "actions-untouched", "other-types-untouched"] {
            XCTAssertEqual(try report(name), [], name)
        }
    }

    func testATypeTheIndexDoesNotKnowIsNotReported() {
        let source = "struct V: View {\n    var body: some View { Row(model: Unknown()) }\n}\n"
        XCTAssertEqual(ObjectInBody().findings(in: SyntaxTree.parse(source), context: RuleContext(path: "t.swift")).count, 0)
    }
}
