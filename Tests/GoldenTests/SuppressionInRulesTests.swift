// Suppression comments with the real rules: a directive above a statement covers findings
// anywhere inside it, and counts as used.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class SuppressionInRulesTests: XCTestCase {
    func testDisableNextAboveAForEachCoversTheIfInsideIt() throws {
        let url = packageRoot.appendingPathComponent("Golden/foreach-filter/suppressed-above-foreach.swift")
        let input = Array(try Data(contentsOf: url))
        let engine = Engine(rules: [ForEachFilter()], options: EngineOptions(reportUnusedDisables: true))
        let outcome = engine.run(bytes: input, context: RuleContext(path: url.path))
        XCTAssertEqual(outcome.output, input)
        XCTAssertEqual(outcome.findings.map(\.finding.message), [], "neither the finding nor an unused directive")

        // Without the directive the rule reports and fixes the `if`, so the test above can fail.
        let text = String(decoding: input, as: UTF8.self)
        let bare = Array(text.replacingOccurrences(of: "// bodywork:disable:next foreach-filter", with: "// a comment").utf8)
        let unsuppressed = engine.run(bytes: bare, context: RuleContext(path: url.path))
        XCTAssertEqual(unsuppressed.findings.map(\.status), [.fixed])
    }
}
