// What work-in-body reports on each golden case, line by line: golden files show only that
// nothing changes, these tests pin where findings land, their cost class and severity.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class WorkInBodyTests: XCTestCase {
    private let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/work-in-body")

    /// `line severity what` for each finding of the case.
    private func report(case caseName: String) throws -> [String] {
        let bytes = Array(try Data(contentsOf: golden.appendingPathComponent(caseName + ".swift")))
        return report(SyntaxTree.parse(bytes))
    }

    private func report(source: String) -> [String] { report(SyntaxTree.parse(source)) }

    private func report(_ tree: SyntaxTree) -> [String] {
        let converter = SourceLocationConverter(tree.bytes)
        return WorkInBody().findings(in: tree, context: RuleContext(path: "t.swift")).map { finding in
            XCTAssertNil(finding.fix, "report only")
            let what = finding.message.components(separatedBy: " runs on every evaluation")[0]
            return "\(converter.location(of: finding.range.lowerBound).line) \(finding.severity) \(what)"
        }
    }

    func testCollectionWorkIsANote() throws {
        XCTAssertEqual(try report(case: "collection-work-reported"),
                       ["15 note `.sorted`", "25 note `.filter`", "29 note `Dictionary(grouping:by:)`"])
        XCTAssertEqual(try report(case: "foreach-data-transforms-reported"),
                       ["8 note `.map`", "11 note `.map`", "14 note `.shuffled`"])
        XCTAssertEqual(try report(case: "foreach-data-sorted"), ["14 note `.sorted`"])
    }

    func testReadsAndDecodingAreWarningsAndLookupsNotes() throws {
        XCTAssertEqual(try report(case: "file-and-bundle-reads-reported"),
                       ["8 warning `String(contentsOf:)`", "10 warning `Data(contentsOf:)`",
                        "11 note `.path(forResource:)`", "17 warning `.contentsOfDirectory(atPath:)`"])
        XCTAssertEqual(try report(case: "decoding-reported"),
                       ["20 warning `.decode(Settings.self, from:)`", "24 warning `PropertyListSerialization.propertyList(from:)`"])
        XCTAssertEqual(try report(case: "image-decoding-reported"),
                       ["15 warning `UIImage(contentsOfFile:)`", "30 warning `UIImage(data:)`"])
        XCTAssertEqual(try report(case: "regex-reported"),
                       ["10 note `.range(…, options: .regularExpression)`", "15 note `Regex(…)` compiled from a string",
                        "16 note `.firstMatch(of:)`"])
    }

    func testWhatDoesNotRunInBodyIsNotReported() throws {
        for name in ["actions-untouched", "other-places-untouched", "foreach-trailing-filter-untouched"] {
            XCTAssertEqual(try report(case: name), [], name)
        }
    }

    func testTheFilterForEachFilterWritesIsNotReportedButWhatItFiltersIs() {
        func view(_ row: String) -> String { "struct V: View {\n    var body: some View {\n        \(row)\n    }\n}\n" }
        XCTAssertEqual(report(source: view("ForEach(items.filter { $0.a }.filter { item in item.b }) { item in Text(\"x\") }")), [])
        XCTAssertEqual(report(source: view("ForEach(items.sorted().filter { $0.a }) { item in Text(\"x\") }")), ["3 note `.sorted`"])
        XCTAssertEqual(report(source: view("ForEach(items.filter(isVisible)) { item in Text(\"x\") }")), ["3 note `.filter`"],
                       "a filter written otherwise is still reported")
    }

    func testMessagesGiveTheRemedy() {
        let source = "struct V: View {\n    var body: some View {\n        Image(uiImage: UIImage(data: d)!)\n    }\n}\n"
        let message = WorkInBody().findings(in: SyntaxTree.parse(source), context: RuleContext(path: "t.swift")).first?.message
        XCTAssertEqual(message?.contains("thumbnail"), true, message ?? "no finding")
        XCTAssertEqual(message?.contains("`.task`"), true)
    }
}
