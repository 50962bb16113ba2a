// Behaviour of foreach-identity that golden files cannot show: findings' messages and
// safety, the project index of several files, deployment targets, and nested rows.
import XCTest
import Codemod
import SwiftCST
@testable import Transforms

final class ForEachIdentityTests: XCTestCase {
    let item = "struct Item: Identifiable { let id: Int\n var name: String\n var done: Bool }\n"

    func findings(_ source: String, context: RuleContext = RuleContext(path: "v.swift")) -> [Finding] {
        ForEachIdentity().findings(in: SyntaxTree.parse(source), context: context)
    }

    func run(_ source: String, context: RuleContext = RuleContext(path: "v.swift"), suggested: Bool = false) -> String {
        let engine = Engine(rules: [ForEachIdentity()], options: EngineOptions(applySuggestedFixes: suggested))
        return String(decoding: engine.run(bytes: Array(source.utf8), context: context).output, as: UTF8.self)
    }

    /// A context whose index holds the file, as the command line's has: a `ForEach` that is
    /// a whole `body` is fixed only when the index shows no other file uses the view.
    func indexed(_ source: String, _ targets: DeploymentTargets = DeploymentTargets()) -> RuleContext {
        RuleContext(path: "v.swift", deploymentTargets: targets,
                    index: ProjectIndexBuilder.build([("v.swift", SyntaxTree.parse(source))]))
    }

    func testElementTypeFromAnotherFileOfTheRun() {
        let view = "struct V: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(items.indices, id: \\.self) { i in\n            Text(items[i].name)\n        }\n    }\n}\n"
        let alone = findings(view)
        XCTAssertEqual(alone.count, 1)
        XCTAssertNil(alone[0].fix)
        XCTAssertEqual(alone[0].withheldReason, "`Item` is not declared in the files of this run (1 file indexed)")
        XCTAssertTrue(alone[0].message.contains("ForEach(items) { item in … }"), alone[0].message)

        let index = ProjectIndexBuilder.build([("Item.swift", SyntaxTree.parse(item)), ("V.swift", SyntaxTree.parse(view))])
        let together = findings(view, context: RuleContext(path: "V.swift", index: index))
        XCTAssertEqual(together.first?.fix?.safety, .safe)
        XCTAssertEqual(run(view, context: RuleContext(path: "V.swift", index: index)),
                       "struct V: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(items) { item in\n            Text(item.name)\n        }\n    }\n}\n")
    }

    func testDeclaredButNotProvenIdentifiableIsWithheld() {
        let source = "final class Row: RemoteBase {}\nstruct V: View {\n    let rows: [Row]\n    var body: some View {\n        ForEach(rows.indices, id: \\.self) { i in Text(\"x\") }\n    }\n}\n"
        let result = findings(source)
        XCTAssertEqual(result.first?.withheldReason, "the files of this run do not show that `Row` is Identifiable")
        XCTAssertEqual(run(source), source)
    }

    func testBindingVariantFollowsTheDeploymentTarget() {
        let view = item + "struct V: View {\n    @State var items: [Item] = []\n    var body: some View {\n        ForEach(items.indices, id: \\.self) { i in\n            Toggle(items[i].name, isOn: $items[i].done)\n        }\n    }\n}\n"
        let modern = indexed(view, DeploymentTargets([.iOS: Version(17), .macOS: Version(14)]))
        XCTAssertTrue(run(view, context: modern).contains("ForEach($items) { $item in\n            Toggle(item.name, isOn: $item.done)"))

        let unknown = findings(view, context: indexed(view))
        XCTAssertEqual(unknown.first?.fix?.safety, .safe)
        XCTAssertTrue(run(view, context: indexed(view)).contains("ForEach(Array(items.enumerated()), id: \\.element.id) { i, item in\n            Toggle(item.name, isOn: $items[i].done)"))

        let old = indexed(view, DeploymentTargets([.iOS: Version(14)]))
        XCTAssertTrue(run(view, context: old).contains("ForEach(Array(items.enumerated()), id: \\.element.id)"))
    }

    func testBindingsToAPlainPropertyAreWithheld() {
        let view = item + "struct V: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(items.indices, id: \\.self) { i in Toggle(\"\", isOn: $items[i].done) }\n    }\n}\n"
        let modern = RuleContext(path: "v.swift", deploymentTargets: DeploymentTargets([.iOS: Version(17)]))
        XCTAssertEqual(findings(view, context: modern).first?.withheldReason, "`$items` is not a `@State` or `@Binding` property")
    }

    func testUnstableIDIsReportedWithoutAFix() {
        let view = "struct V: View {\n    var body: some View {\n        Text(\"a\")\n            // Reset the text field on every save.\n            .id(UUID())\n    }\n}\n"
        let result = findings(view)
        XCTAssertEqual(result.count, 1)
        XCTAssertNil(result.first?.fix, "a deliberate reset cannot be told from a mistake")
        XCTAssertNotNil(result.first?.withheldReason)
        let message = result.first?.message ?? ""
        XCTAssertTrue(message.contains("resetting the view's state"), message)
        XCTAssertTrue(message.contains("stable id"), message)
        XCTAssertEqual(run(view), view)
        XCTAssertEqual(run(view, suggested: true), view, "not even with --unsafe-fixes")
        for value in ["Date()", "Date.now", "UUID().uuidString", "Int.random(in: 0..<9)", "Double.random(in: 0...1)"] {
            XCTAssertEqual(findings("struct V: View { var body: some View { Text(\"a\").id(\(value)) } }").count, 1, value)
        }
        XCTAssertTrue(findings("struct V: View { var body: some View { Text(\"a\").id(item.id).id(counter) } }").isEmpty)
        XCTAssertTrue(findings("let x = id(UUID())").isEmpty, "a call without a receiver is no modifier")
    }

    func testNestedRowsDoNotShadowEachOther() {
        let view = item + "struct V: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(items.indices, id: \\.self) { i in\n            ForEach(items.indices, id: \\.self) { j in\n                Text(items[i].name + items[j].name)\n            }\n        }\n    }\n}\n"
        let output = run(view, context: indexed(view))
        XCTAssertTrue(output.contains("ForEach(items) { item in\n            ForEach(items) { element in\n                Text(item.name + element.name)"), output)
    }

    func testMutatingUsesKeepTheIndex() {
        let view = item + "struct V: View {\n    @State var items: [Item] = []\n    var body: some View {\n        ForEach(items.indices, id: \\.self) { i in\n            Button(items[i].name) { items[i].name = \"\" }\n            Text(items[i].name.uppercased())\n        }\n    }\n}\n"
        let output = run(view, context: indexed(view))
        XCTAssertTrue(output.contains("ForEach(Array(items.enumerated()), id: \\.element.id) { i, item in\n            Button(item.name) { items[i].name = \"\" }\n            Text(item.name.uppercased())"), output)
    }

    func testRowsWithoutNamedParametersAreReportedOnly() {
        let view = item + "struct V: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(items.indices, id: \\.self) { Text(items[$0].name) }\n    }\n}\n"
        let result = findings(view)
        XCTAssertEqual(result.count, 1)
        XCTAssertNil(result.first?.fix)
        XCTAssertEqual(result.first?.withheldReason, "the row reads the index as `$0`; name it (`{ index in`) for the rule to rewrite the row")
    }

    func testAlreadyStableIdentityIsLeftAlone() {
        let view = item + "struct V: View {\n    let items: [Item]\n    let names: [String]\n    var body: some View {\n        ForEach(items) { item in Text(item.name) }\n        ForEach(names, id: \\.self) { Text($0) }\n        ForEach(Array(items.enumerated()), id: \\.element.id) { i, item in Text(\"\\(i)\") }\n        ForEach(0..<3) { Text(\"\\($0)\") }\n    }\n}\n"
        XCTAssertTrue(findings(view).isEmpty)
    }

    // MARK: - Reported without a fix, with advice that compiles

    func testAdviceForElementsThatAreNotIdentifiableNamesWhatTheyNeed() {
        let view = "struct Tag: Hashable { var name: String }\nstruct V: View {\n    let tags: [Tag]\n    var body: some View {\n        ForEach(tags.indices, id: \\.self) { i in Text(tags[i].name) }\n        ForEach(Array(tags.enumerated()), id: \\.offset) { i, tag in Text(\"\\(i) \\(tag.name)\") }\n    }\n}\n"
        let result = findings(view)
        XCTAssertEqual(result.count, 2)
        for finding in result {
            XCTAssertNil(finding.fix)
            XCTAssertEqual(finding.withheldReason, "`Tag` is not Identifiable")
            XCTAssertFalse(finding.message.contains("ForEach(tags)"), "ForEach(tags) does not compile: \(finding.message)")
            XCTAssertFalse(finding.message.contains("\\.element.id"), "Tag has no id: \(finding.message)")
            XCTAssertTrue(finding.message.contains("make `Tag` Identifiable or pass `id:` a stable key path"), finding.message)
        }
    }

    func testStandardValuesAreNotToldToBecomeIdentifiable() {
        let view = "struct V: View {\n    let lines: [String]\n    var body: some View {\n        ForEach(Array(lines.enumerated()), id: \\.offset) { _, line in Text(line) }\n    }\n}\n"
        let message = findings(view).first?.message ?? ""
        XCTAssertTrue(message.contains("use `id: \\.self` if the values are unique"), message)
        XCTAssertFalse(message.contains("make `String` Identifiable"), message)

        let tuples = "struct V: View {\n    let pairs: [(String, Int)]\n    var body: some View {\n        ForEach(Array(pairs.enumerated()), id: \\.offset) { _, pair in Text(pair.0) }\n    }\n}\n"
        let advice = findings(tuples).first?.message ?? ""
        XCTAssertTrue(advice.contains("iterate a struct with a stable, unique `id` instead"), advice)
        XCTAssertFalse(advice.contains("Identifiable or pass"), "a tuple cannot conform: \(advice)")
    }

    func testAdviceForElementsNotProvenEitherWayIsConditional() {
        let view = "struct V: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(items.indices, id: \\.self) { Text(items[$0].name) }\n    }\n}\n"
        let message = findings(view).first?.message ?? ""
        XCTAssertTrue(message.contains("once the elements are Identifiable, use `ForEach(items) { element in … }`"), message)
    }

    func testCountReadBeforeTheRowsIsReportedOnly() {
        let view = item + "struct V: View {\n    let items: [Item]\n    var body: some View {\n        let n = items.count\n        ForEach(0..<n, id: \\.self) { i in Text(items[i].name) }\n        ForEach(0..<model.rows(for: 1).count, id: \\.self) { i in Text(\"\\(i)\") }\n        ForEach(0..<stars, id: \\.self) { _ in Text(\"*\") }\n    }\n}\n"
        let result = findings(view)
        XCTAssertEqual(result.map(\.withheldReason), ["`n` is a count read before the `ForEach`; rewrite the rows by hand",
                                                       "`model.rows(for: 1)` is computed while the view renders; rewrite the rows by hand"])
        XCTAssertTrue(result[0].message.contains("consider `ForEach(items) { item in … }`"), result[0].message)
        XCTAssertEqual(run(view, suggested: true), view)
    }

    func testNonConstantRangeWithoutIDIsReportedOnly() {
        let view = "struct V: View {\n    let n: Int\n    var body: some View {\n        ForEach(0..<n) { Text(\"\\($0)\") }\n        ForEach(1..<n + 1) { Text(\"\\($0)\") }\n        ForEach(0..<3 + 1) { Text(\"\\($0)\") }\n        ForEach(0..<3) { Text(\"\\($0)\") }\n    }\n}\n"
        let result = findings(view)
        XCTAssertEqual(result.map(\.withheldReason), ["`0..<n` is not a constant range", "`1..<n + 1` is not a constant range",
                                                       "`0..<3 + 1` is not a constant range"])
        XCTAssertTrue(result.first?.message.contains("`ForEach(0..<n, id: \\.self)`") == true)
        XCTAssertEqual(run(view, suggested: true), view)
    }

    func testOffsetsInDerivedDataAreReportedOnly() {
        let view = item + "struct V: View {\n    let items: [Item]\n    var body: some View {\n        ForEach(Array(items.dropFirst(1).enumerated()), id: \\.offset) { _, item in Text(item.name) }\n        ForEach(items.sorted { $0.id < $1.id }.enumerated().map { $0 }, id: \\.offset) { _, item in Text(item.name) }\n    }\n}\n"
        let result = findings(view)
        XCTAssertEqual(result.count, 2)
        XCTAssertTrue(result.allSatisfy { $0.fix == nil && $0.withheldReason?.contains("a collection derived while the view renders") == true })
        XCTAssertEqual(run(view, suggested: true), view)
    }
}
