// A golden case named `withheld-…` stands for a fix the rule must not make: these tests check
// that the rule still reports the problem there, and says why it made no edit.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class WithheldFixTests: XCTestCase {
    let golden = packageRoot.appendingPathComponent("Golden")

    /// Cases whose reason must name what stops the fix, by case and a phrase of the reason.
    static let reasons: [String: String] = [
        "foreach-filter/withheld-wrap-chart": "chart content",
        "foreach-filter/withheld-wrap-table-rows": "table rows",
        "foreach-filter/withheld-wrap-toolbar": "toolbar content",
        "foreach-filter/withheld-wrap-toolbar-items": "toolbar content",
        "foreach-filter/withheld-wrap-commands": "`CommandMenu`",
        "foreach-filter/withheld-wrap-scene": "scene content",
        "foreach-filter/withheld-wrap-picker": "`Picker`",
        "foreach-filter/withheld-wrap-menu": "`Menu`",
        "foreach-filter/withheld-wrap-accessibility-actions": "`.accessibilityActions`",
        "foreach-filter/withheld-wrap-dollar-zero": "`$0`",
        "foreach-filter/withheld-wrap-tag": "`.tag`",
        "foreach-filter/withheld-wrap-swipe-actions": "`.swipeActions`",
        "foreach-filter/withheld-wrap-list-row-background": "`.listRowBackground`",
        "foreach-filter/withheld-wrap-context-menu": "`.contextMenu`",
        "foreach-filter/withheld-wrap-delete-disabled": "`.deleteDisabled`",
        "foreach-filter/withheld-wrap-several-views": "several views",
        "foreach-filter/withheld-wrap-empty-view": "`EmptyView`",
        "foreach-filter/withheld-wrap-divider": "`Divider`",
        "foreach-filter/withheld-wrap-else-if-without-else": "no `else`",
        "foreach-filter/withheld-comment-after-condition": "delete the comment `// hidden rows",
        "foreach-identity/withheld-comment-in-data": "delete the comment `/* offsets",
        "foreach-identity/withheld-picker-implicit-tags": "implicit tag",
        "formatter-in-body/withheld-detached-task": "in the closure of `detached`",
        "formatter-in-body/withheld-sendable-closure": "in a `@Sendable` closure",
        "foreach-identity/withheld-list-selection-implicit-tags": "`List` with `selection:`",
        "onappear-task/withheld-throwing": "uncaught `try`",
        "onappear-task/withheld-returns-value": "returns a value",
        "onappear-task/withheld-free-function": "not isolated to the main actor",
        "onappear-task/withheld-view-conformance-in-extension": "not isolated to the main actor",
        "onappear-task/withheld-own-task-type": "its own type named `Task`",
        "onappear-task/withheld-comment-above-task": "delete the comment `// Refresh",
        "print-changes/withheld-shares-line": "not a statement of its own line",
        "print-changes/withheld-comment": "delete the comment `// Why does",
        "eager-stack/withheld-alignment-guide": "`.alignmentGuide`",
        "eager-stack/withheld-geometry-reader": "`GeometryReader`",
        "eager-stack/withheld-own-lazy-type": "its own type named `LazyVStack`",
        "eager-stack/withheld-typed-stack": "names the type `VStack<…>`",
        "conditional-modifier/withheld-unknown-style": "cannot tell the type of `theme.accent`",
        "conditional-modifier/withheld-generic-int-and-double": "cannot prove to be of one type",
        "conditional-modifier/withheld-identity-modifier": "`.transition`",
        "conditional-modifier/withheld-comment": "delete the comment `// The regular price",
        "conditional-modifier/withheld-unknown-view": "`content` is not a view the rule knows",
        "conditional-modifier/withheld-localized-strings": "unlocalized",
        "conditional-modifier/withheld-condition-calls-twice": "once per differing argument",
        "conditional-modifier/withheld-many-differences": "4 arguments differ",
    ]

    func testEveryWithheldCaseReportsAFindingWithItsReasonAndNoFix() throws {
        let cases = try GoldenWalker.cases(in: golden).filter { $0.name.hasPrefix("withheld-") }
        XCTAssertGreaterThanOrEqual(cases.count, 30, "the withheld cases were not found")
        var checked = Set<String>()
        for goldenCase in cases {
            let key = "\(goldenCase.ruleID)/\(goldenCase.name)"
            guard let rule = Registry.rule(id: goldenCase.ruleID) else { continue }
            let input = try goldenCase.readInput()
            var options = try GoldenOptions.parse(header: input)
            options.applySuggestedFixes = true
            let trees = [(path: goldenCase.displayPath, tree: SyntaxTree.parse(input))]
                + (try goldenCase.readSupportFiles()).map { (path: $0.path, tree: SyntaxTree.parse($0.bytes)) }
            let context = RuleContext(path: goldenCase.displayPath, deploymentTargets: options.deploymentTargets,
                                      swiftLanguageMode: options.swiftLanguageMode, options: options.ruleOptions,
                                      index: ProjectIndexBuilder.build(trees))
            let outcome = GoldenCheck.engine(rule: rule, options: options).run(bytes: input, context: context)
            XCTAssertEqual(outcome.output, input, "\(key): changed the file even with suggested fixes on")
            let withheld = outcome.findings.compactMap(\.finding.withheldReason)
            XCTAssertFalse(withheld.isEmpty, "\(key): no finding says why its fix was withheld: \(outcome.findings.map(\.finding.message))")
            if let phrase = WithheldFixTests.reasons[key] {
                checked.insert(key)
                XCTAssertTrue(withheld.contains { $0.contains(phrase) }, "\(key): no reason mentions \(phrase): \(withheld)")
            }
        }
        XCTAssertEqual(checked, Set(WithheldFixTests.reasons.keys), "cases listed here but not found")
    }
}
