// Behaviour of foreach-filter that golden files cannot show: what each finding says.
import XCTest
import Codemod
import SwiftCST
@testable import Transforms

final class ForEachFilterTests: XCTestCase {
    func findings(_ source: String) -> [Finding] {
        ForEachFilter().findings(in: SyntaxTree.parse(source), context: RuleContext(path: "t.swift"))
    }

    func testWithheldFindingsSayWhy() {
        let onDelete = findings("ForEach(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n.onDelete { _ in }\n")
        XCTAssertEqual(onDelete.count, 1)
        XCTAssertNil(onDelete.first?.fix)
        XCTAssertEqual(onDelete.first?.withheldReason?.contains("onDelete"), true)

        let ifLet = findings("ForEach(items) { item in\n    if let n = item.name {\n        Text(n)\n    }\n}\n")
        XCTAssertEqual(ifLet.first?.withheldReason?.contains("if let"), true)

        let binding = findings("ForEach($items) { $item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n")
        XCTAssertEqual(binding.first?.withheldReason?.contains("binding"), true)
    }

    func testFixIsSafeAndExpensiveDataIsANote() {
        let fixed = findings("ForEach(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n")
        XCTAssertEqual(fixed.first?.fix?.safety, .safe)
        let sorted = findings("ForEach(items.sorted()) { item in Text(\"x\") }\n")
        XCTAssertEqual(sorted.map(\.severity), [.note])
        XCTAssertNil(sorted.first?.fix)
    }

    func testIfElseGetsSuggestedWrap() {
        let result = findings("ForEach(items) { item in\n    if item.a {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n")
        XCTAssertEqual(result.first?.fix?.safety, .suggested)
    }

    func testOtherCallsAreIgnored() {
        XCTAssertTrue(findings("Foo(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n").isEmpty)
        XCTAssertTrue(findings("x.ForEach(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n").isEmpty)
    }
}
