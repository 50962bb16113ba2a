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

    func testFixIsSafeAndExpensiveDataIsLeftToWorkInBody() {
        let fixed = findings("ForEach(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n")
        XCTAssertEqual(fixed.first?.fix?.safety, .safe)
        XCTAssertEqual(findings("ForEach(items.sorted()) { item in Text(\"x\") }\n").map(\.message), [])
    }

    func testIfElseOfOneViewEachIsNotWrapped() {
        let result = findings("ForEach(items) { item in\n    if item.a {\n        Text(\"a\")\n    } else {\n        Text(\"b\")\n    }\n}\n")
        XCTAssertEqual(result.map(\.message), [], "one view per branch is one view per row: a VStack gains nothing")
    }

    func testOtherCallsAreIgnored() {
        XCTAssertTrue(findings("Foo(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n").isEmpty)
        XCTAssertTrue(findings("x.ForEach(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n").isEmpty)
    }

    func testOffsetModifiersWithholdTheFilter() {
        for modifier in ["onInsert(of: [], perform: { _, _ in })", "dropDestination(for: String.self) { _, _ in }"] {
            let result = findings("ForEach(items) { item in\n    if item.a {\n        Text(\"x\")\n    }\n}\n.\(modifier)\n")
            XCTAssertNil(result.first?.fix, modifier)
            XCTAssertEqual(result.first?.withheldReason?.contains("offsets"), true, modifier)
        }
    }

    func testNoWrapInDeclarationsOfOtherContent() {
        let row = "    ForEach(items) { item in\n        if item.a {\n            A()\n        } else {\n            B()\n            C()\n        }\n    }\n"
        let cases = [
            "var body: some Scene {\n" + row + "}\n": "scene content",
            "@ToolbarContentBuilder\nvar items: some ToolbarContent {\n" + row + "}\n": "@ToolbarContentBuilder",
            "@ChartContentBuilder\nfunc marks() -> some ChartContent {\n" + row + "}\n": "@ChartContentBuilder",
        ]
        for (source, phrase) in cases {
            let result = findings(source)
            XCTAssertNil(result.first?.fix, source)
            XCTAssertEqual(result.first?.withheldReason?.contains(phrase), true, "\(result.map(\.message))")
        }
        let view = findings("@ViewBuilder\nvar rows: some View {\n" + row + "}\n")
        XCTAssertNil(view.first?.fix, "wrapped, two views would become one row")
        XCTAssertEqual(view.first?.withheldReason?.contains("several views"), true, "\(view.map(\.withheldReason))")
    }

    func testARowOfOneViewPerBranchIsOneViewAlready() {
        let ifElse = "    ForEach(items) { item in\n        if item.a {\n            Text(\"a\")\n        } else {\n            Text(\"b\").bold()\n        }\n    }\n"
        let switchRow = "    ForEach(items) { item in\n        switch item.kind {\n        case .a: Text(\"a\")\n        default: Image(systemName: \"b\")\n        }\n    }\n"
        for row in [ifElse, switchRow] {
            XCTAssertEqual(findings("@ViewBuilder\nvar rows: some View {\n" + row + "}\n").map(\.message), [], row)
        }
    }
}
