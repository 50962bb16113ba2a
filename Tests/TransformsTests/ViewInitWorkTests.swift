// Where view-init-work reports on its golden cases: golden files show only that nothing
// changes; these pin each finding's line and the work it names.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class ViewInitWorkTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/view-init-work")

    private func report(_ caseName: String) throws -> [String] {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent(caseName + ".swift"))))
        let converter = SourceLocationConverter(tree.bytes)
        return ViewInitWork().findings(in: tree, context: RuleContext(path: "t.swift")).map { finding in
            XCTAssertNil(finding.fix, "report only")
            let what = finding.message.components(separatedBy: " runs in the init")[0]
            return "\(converter.location(of: finding.range.lowerBound).line) \(finding.severity) \(what)"
        }
    }

    func testWorkInAViewsInitIsAWarning() throws {
        XCTAssertEqual(try report("sorting-reported"), ["12 warning `posts.sorted { $0.date > $1.date }`"])
        XCTAssertEqual(try report("model-in-state-reported"), ["14 warning `Fetcher(mode: mode)`"],
                       "a class built for State(initialValue:) each time; String(mode) is a conversion")
        XCTAssertEqual(try report("formatter-and-helper-reported"), ["8 warning `NumberFormatter()` (and 2 more)"])
        XCTAssertEqual(try report("extension-init-reported"),
                       ["14 warning `text.split(separator: \",\")…!$0.isEmpty }`"])
    }

    func testStoringWrappersConversionsAndOtherTypesAreNotReported() throws {
        XCTAssertEqual(try report("storing-untouched"), [])
        XCTAssertEqual(try report("not-a-view-untouched"), [])
    }
}
