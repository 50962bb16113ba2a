// Where state-write-in-body reports on its golden cases: golden files show only that
// nothing changes; these pin each finding's line, severity and the property named.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class StateWriteInBodyTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/state-write-in-body")

    private func report(_ caseName: String) throws -> [String] {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent(caseName + ".swift"))))
        let converter = SourceLocationConverter(tree.bytes)
        return StateWriteInBody().findings(in: tree, context: RuleContext(path: "t.swift")).map { finding in
            XCTAssertNil(finding.fix, "report only")
            let what = finding.message.components(separatedBy: " is written")[0]
            return "\(converter.location(of: finding.range.lowerBound).line) \(finding.severity) \(what)"
        }
    }

    func testWritesWhileRenderingAreWarnings() throws {
        XCTAssertEqual(try report("state-write-reported"),
                       ["9 warning `@State` property `count`", "17 warning `@State` property `title`"])
        XCTAssertEqual(try report("compound-write-reported"), ["7 warning `@State` property `renders`"])
        XCTAssertEqual(try report("published-write-reported"), ["13 warning `@Published` property `store.visibleCount`"],
                       "the unpublished property is not reported")
    }

    func testWritesOnEventsLocalsAndOtherTypesAreNotReported() throws {
        for name in ["actions-untouched", "locals-and-plain-properties-untouched", "bindings-and-other-types-untouched",
                     "binding-setter-untouched", "helper-action-closure-untouched"] {
            XCTAssertEqual(try report(name), [], name)
        }
    }
}
