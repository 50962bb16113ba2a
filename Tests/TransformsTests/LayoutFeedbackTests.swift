// Where layout-feedback reports on its golden cases: golden files show only that nothing
// changes; these pin each finding's line and what it names.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class LayoutFeedbackTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/layout-feedback")

    private func report(_ caseName: String) throws -> [String] {
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: golden.appendingPathComponent(caseName + ".swift"))))
        let converter = SourceLocationConverter(tree.bytes)
        return LayoutFeedback().findings(in: tree, context: RuleContext(path: "t.swift")).map { finding in
            XCTAssertNil(finding.fix, "report only")
            XCTAssertEqual(finding.severity, .warning)
            let what = finding.message.components(separatedBy: [":", ","])[0]
            return "\(converter.location(of: finding.range.lowerBound).line) \(what)"
        }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }
    }

    func testGeometryReadersInLazyRowsAreReported() throws {
        XCTAssertEqual(try report("geometry-in-lazy-rows-reported"), [
            "15 `GeometryReader` in the rows of `LazyVStack` measures each row again as it scrolls in; measure once outside or use `onGeometryChange(for",
            "32 `GeometryReader` in the rows of `List` measures each row again as it scrolls in; measure once outside or use `onGeometryChange(for",
        ])
    }

    func testCallbacksWritingStateOnEveryChangeAreReported() throws {
        XCTAssertEqual(try report("state-written-every-change-reported"),
                       ["11 `.onGeometryChange` writes `top` on every change", "17 `.onScrollGeometryChange` writes `offset` on every change"])
        XCTAssertEqual(try report("preference-key-offset-reported"),
                       ["32 `.onPreferenceChange` writes `offset` on every change", "35 `.onPreferenceChange` writes `measured` on every change"],
                       "the title key carries no geometry")
    }

    func testFastValuesInTheEnvironmentAreReported() throws {
        XCTAssertEqual(try report("environment-fast-value-reported"), [
            "21 `.environment` is given `offset`", "24 `.onScrollGeometryChange` writes `offset` on every change",
            "36 `.environment` is given a `GeometryReader` measurement",
        ])
    }

    func testReadersOutsideLazyContainersThresholdsAndGuardsAreNotReported() throws {
        XCTAssertEqual(try report("geometry-outside-lazy-untouched"), [])
        XCTAssertEqual(try report("thresholds-and-guards-untouched"), [])
    }
}
