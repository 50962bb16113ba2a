// Each finding's severity says what `--check` fails on: notes are advice on code that
// works, warnings are problems; a rule's fix must never write code its rule reports.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class SeverityTests: XCTestCase {
    private func findings(_ ruleID: String, _ caseName: String) throws -> [Finding] {
        let url = packageRoot.appendingPathComponent("Golden/\(ruleID)/\(caseName).swift")
        let tree = SyntaxTree.parse(Array(try Data(contentsOf: url)))
        let rule = try XCTUnwrap(Registry.rule(id: ruleID))
        return rule.findings(in: tree, context: RuleContext(path: url.path))
    }

    func testDerivedDataIsAWorkInBodyNoteAndTheRowIfAForEachFilterWarning() throws {
        let found = try findings("foreach-filter", "sorted-data-note-stays")
        XCTAssertEqual(found.map(\.severity), [.warning], "\(found.map(\.message))")
        XCTAssertNotNil(found.first?.fix)
        let url = packageRoot.appendingPathComponent("Golden/foreach-filter/sorted-data-note-stays.swift")
        let work = WorkInBody().findings(in: SyntaxTree.parse(Array(try Data(contentsOf: url))), context: RuleContext(path: url.path))
        XCTAssertEqual(work.map(\.severity), [.note], "\(work.map(\.message))")
        XCTAssertTrue(work.first?.message.hasPrefix("`.sorted` runs on every evaluation of body") ?? false)
    }

    func testTheFilterTheFixWritesIsNotReported() throws {
        XCTAssertEqual(try findings("foreach-filter", "already-filtered-untouched").map(\.message), [])
        let expected = packageRoot.appendingPathComponent("Golden/foreach-filter/sorted-data-note-stays.expected.swift")
        let output = SyntaxTree.parse(Array(try Data(contentsOf: expected)))
        XCTAssertEqual(ForEachFilter().findings(in: output, context: RuleContext(path: expected.path)).map(\.message), [])
        let again = WorkInBody().findings(in: output, context: RuleContext(path: expected.path))
        XCTAssertEqual(again.map(\.severity), [.note], "only the note on `.sorted` stays: \(again.map(\.message))")
        XCTAssertTrue(again.first?.message.hasPrefix("`.sorted`") ?? false, "\(again.map(\.message))")
    }

    func testReportOnlyFindingsOfTheWithheldCasesAreWarnings() throws {
        for (ruleID, caseName) in [("foreach-identity", "id-uuid-reported-only"), ("foreach-filter", "withheld-wrap-chart"),
                                   ("formatter-in-body", "withheld-instance-state")] {
            let found = try findings(ruleID, caseName)
            XCTAssertFalse(found.isEmpty, "\(ruleID)/\(caseName)")
            XCTAssertTrue(found.allSatisfy { $0.severity == .warning && $0.fix == nil }, "\(ruleID)/\(caseName): \(found)")
        }
    }

    func testConditionalViewContentTheRuleCannotMergeIsANoteAndAModifierAWarning() throws {
        let content = try findings("conditional-modifier", "withheld-localized-strings")
        XCTAssertEqual(content.map(\.severity), [.note], "\(content.map(\.message))")
        let modifier = try findings("conditional-modifier", "withheld-comment")
        XCTAssertEqual(modifier.map(\.severity), [.warning], "\(modifier.map(\.message))")
    }
}
