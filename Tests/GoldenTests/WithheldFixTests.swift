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
        "foreach-filter/withheld-condition-without-element": "does not use the row's element",
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
        "foreach-identity/withheld-fresh-ids-built-by-caller": "`TimelineView`'s `body` builds new ones for `segments`",
        "foreach-identity/withheld-fresh-ids-mapped-in-body": "`TagsScreen`'s `body` builds new ones for `tags`",
        "foreach-identity/withheld-fresh-ids-computed-property": "`steps` builds new ones each time it is read",
        "foreach-identity/withheld-fresh-ids-caller-in-other-file": "makes `ChapterRows`, maybe with `chapters` built anew",
        "formatter-in-body/withheld-detached-task": "in the closure of `detached`",
        "formatter-in-body/withheld-sendable-closure": "in a `@Sendable` closure",
        "foreach-identity/withheld-count-read-before": "`count` is a count read before the `ForEach`",
        "foreach-identity/withheld-offset-in-derived-data": "positions in `items.filter { !$0.done }`",
        "foreach-identity/withheld-non-constant-range": "`0..<rating` is not a constant range",
        "foreach-identity/withheld-else-branch-sees-the-property": "`Caption` is not Identifiable",
        "formatter-in-body/withheld-stored-in-init-from-parameter": "reads the parameter `style`",
        "foreach-identity/withheld-list-selection-implicit-tags": "`List` with `selection:`",
        "onappear-task/withheld-throwing": "uncaught `try`",
        "onappear-task/withheld-returns-value": "returns a value",
        "onappear-task/withheld-free-function": "not isolated to the main actor",
        "onappear-task/withheld-view-conformance-in-extension": "not isolated to the main actor",
        "onappear-task/withheld-own-task-type": "its own type named `Task`",
        "onappear-task/withheld-comment-above-task": "delete the comment `// Refresh",
        "onappear-task/withheld-sentinel": "the task sets `hasMore`, which the `if` around the view reads",
        "onappear-task/withheld-sentinel-model": "the task calls `loadMore`, which may set",
        "onappear-task/withheld-lazy-row": "a row of a lazy `List`",
        "onappear-task/withheld-spinner-catch": "the task's `catch` sets `loaded`",
        "onappear-task/withheld-switch-phase": "the task sets `phase`, which the `switch`",
        "onappear-task/withheld-ternary-computed": "the task sets `messages`, which the ternary",
        "print-changes/withheld-shares-line": "not a statement of its own line",
        "print-changes/withheld-comment": "delete the comment `// Why does",
        "anyview/withheld-ternary-caller": "on line 7 is part of an expression",
        "anyview/withheld-array-and-storage": "`second` on line 14",
        "anyview/withheld-public-api": "public API",
        "anyview/withheld-guard": "a `guard`",
        "anyview/withheld-protocol-requirement": "not a plain use",
        "anyview/withheld-other-file-caller": "another file of the module names `makeView`",
        "anyview/withheld-foreach-row": "`ForEach` row",
        "anyview/withheld-override": "overrides a superclass member",
        "anyview/withheld-own-container": "closure of `Frame`",
        "stored-view-builder/withheld-passed-on": "otherwise than called",
        "stored-view-builder/withheld-module-protocol": "conforms to `ContentProviding`",
        "anyview/withheld-anyview-extension": "the module extends `AnyView`",
        "anyview/withheld-nested-function": "a nested function",
        "stored-view-builder/withheld-extension-in-other-file": "names both `Tile` and `content`",
        "stored-view-builder/withheld-concrete-result": "not `AnyView` or a generic parameter constrained to `View`",
        "stored-view-builder/withheld-init-uses-parameter": "uses its parameter `content`",
        "eager-stack/withheld-alignment-guide": "`.alignmentGuide`",
        "eager-stack/withheld-geometry-reader": "`GeometryReader`",
        "eager-stack/withheld-own-lazy-type": "its own type named `LazyVStack`",
        "eager-stack/withheld-typed-stack": "names the type `VStack<…>`",
        "eager-stack/withheld-leading-alignment": "takes the whole width offered",
        "eager-stack/withheld-narrow-rows": "the scroll view as wide as its content",
        "eager-stack/withheld-carousel-height": "an `HStack` is as tall as its tallest row",
        "eager-stack/withheld-frame-alignment-differs": "differs from its frame's",
        "eager-stack/withheld-background": "`.background` shows its width",
        "eager-stack/withheld-bounded-frame": "`.frame` shows its width",
        "eager-stack/withheld-presented-view": "shows `AwardList` in a `.popover` or `.sheet`",
        "conditional-modifier/withheld-unknown-style": "cannot tell the type of `theme.accent`",
        "conditional-modifier/withheld-generic-int-and-double": "cannot prove to be of one type",
        "conditional-modifier/withheld-shape-styles-of-two-types": "would snap between them",
        "conditional-modifier/withheld-group-on-appear": "`.onAppear`",
        "conditional-modifier/withheld-comment": "delete the comment `// The regular price",
        "conditional-modifier/withheld-unknown-view": "`content` is not a view the rule knows",
        "conditional-modifier/withheld-localized-strings": "unlocalized",
        "conditional-modifier/withheld-condition-calls-twice": "once per differing argument",
        "conditional-modifier/withheld-many-differences": "4 arguments differ",
        "unused-environment/withheld-reads-current-locale": "reads `Locale.current`, which SwiftUI does not track",
        "unused-environment/withheld-extension-reads-defaults": "reads `UserDefaults`, which SwiftUI does not track",
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
