// A finding's message is at most `Finding.messageLimit` characters, whatever a rule wrote.
import XCTest
import Codemod
import SwiftCST

final class EngineMessageTests: XCTestCase {
    private struct LongMessage: Rule {
        let id = "long-message"
        let summary = "test"
        let documentation = "test"
        var neededWords: [[StaticString]] { [] }
        func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
            [Finding(range: 0..<1, message: "`" + String(repeating: "VeryLongTypeName", count: 8) + "` is built every time the view renders; share one")]
        }
    }

    func testTheEngineCutsAMessageOverTheLimitAtASpace() {
        let outcome = Engine(rules: [LongMessage()]).run(bytes: Array("x\n".utf8), context: RuleContext(path: "t.swift"))
        let message = outcome.findings.first?.finding.message ?? ""
        XCTAssertLessThanOrEqual(message.count, Finding.messageLimit)
        XCTAssertTrue(message.hasSuffix("…"), message)
        XCTAssertEqual(Finding.clamped("short"), "short")
    }
}
