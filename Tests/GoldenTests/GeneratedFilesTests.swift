// Guards the generated files: Transforms/Registry.swift must list every rule type of
// Transforms/, and RULES.md must be what scripts/generate-registry writes today.
import Codemod
import Foundation
import SwiftCST
import Transforms
import XCTest

final class GeneratedFilesTests: XCTestCase {
    func testRegistryListsEveryRuleTypeOfTransforms() throws {
        let declared = try RuleDeclarationScanner.ruleTypes(in: packageRoot.appendingPathComponent("Transforms"))
        let registered = Registry.allRules.map { String(describing: type(of: $0)) }
        XCTAssertEqual(registered, declared,
                       "Transforms/Registry.swift is stale: run scripts/generate-registry")
    }

    func testRuleIDsAreUniqueKebabCaseAndFound() {
        var seen: Set<String> = []
        for rule in Registry.allRules {
            XCTAssertTrue(seen.insert(rule.id).inserted, "two rules use the id \(rule.id)")
            XCTAssertTrue(RuleDeclarationScanner.isKebabCase(rule.id), "rule id '\(rule.id)' is not kebab-case")
            XCTAssertFalse(rule.summary.isEmpty, "rule \(rule.id) has no summary")
            XCTAssertFalse(rule.documentation.isEmpty, "rule \(rule.id) has no documentation")
            XCTAssertEqual(Registry.rule(id: rule.id)?.id, rule.id)
        }
        XCTAssertNil(Registry.rule(id: "no-such-rule"))
    }

    func testRulesDocumentIsCurrent() throws {
        let url = packageRoot.appendingPathComponent("RULES.md")
        let expected = RulesDocument.markdown(for: Registry.allRules)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return XCTFail("RULES.md is missing: run scripts/generate-registry")
        }
        let onDisk = Array(data)
        if onDisk != Array(expected.utf8) {
            XCTFail("RULES.md is stale: run scripts/generate-registry (- on disk, + generated):\n"
                    + VisibleDiff.render(expected: onDisk, actual: Array(expected.utf8)))
        }
    }

    func testReadmeRulesTableIsCurrent() throws {
        let url = packageRoot.appendingPathComponent("README.md")
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        let current = try XCTUnwrap(RulesDocument.readme(onDisk, withTableFor: Registry.allRules),
                                    "README.md has no rules table markers")
        XCTAssertEqual(onDisk, current, "the rules table of README.md is stale: run scripts/generate-registry")
    }

    /// A fix that needs a newer OS says so, and its rule's documentation names that need:
    /// RULES.md and `explain` state the truth. Checked on every golden case, with a
    /// deployment target new enough for every fix.
    func testEveryFixPlatformIsDeclaredByItsRule() throws {
        let targets = DeploymentTargets([.iOS: Version(26), .macOS: Version(26), .tvOS: Version(26), .watchOS: Version(26),
                                         .visionOS: Version(26)])
        var fixesWithPlatforms = 0
        for goldenCase in try GoldenWalker.cases(in: packageRoot.appendingPathComponent("Golden")) {
            let rule = try XCTUnwrap(Registry.rule(id: goldenCase.ruleID))
            let tree = SyntaxTree.parse(try goldenCase.readInput())
            let context = RuleContext(path: goldenCase.displayPath, deploymentTargets: targets)
            for fix in rule.findings(in: tree, context: context).compactMap(\Finding.fix) where !fix.platforms.isEmpty {
                fixesWithPlatforms += 1
                XCTAssertTrue(rule.platformNeeds.contains { $0.platforms == fix.platforms },
                              "\(goldenCase.displayPath): `\(fix.summary)` needs \(fix.platforms), which \(rule.id) does not document")
            }
        }
        XCTAssertGreaterThan(fixesWithPlatforms, 0, "no golden case offers a fix that needs a newer OS")
    }

    // MARK: - The scanner and renderer themselves

    func testScannerFindsRuleStructsOnly() throws {
        let source = """
        /// struct InDocComment: Rule {}
        public struct Plain: Rule {
        struct WithMore: Sendable, Rule, Hashable {
        public final struct Spaced : Codemod.Rule{
        struct Generic<T>: Rule {
        struct NotARule: RuleContextual {
        private struct Hidden: Rule {
        enum NotAStruct: Rule {
        \tstruct Indented: Equatable,
        """
        XCTAssertEqual(try RuleDeclarationScanner.ruleTypes(inSource: source), ["Plain", "WithMore", "Spaced"])
        XCTAssertEqual(try RuleDeclarationScanner.ruleTypes(inSource: "struct Windows: Rule {\r\nstruct Other: View {\r\n"), ["Windows"])
    }

    func testRulesDocumentListsEveryRuleAndSaysWhenThereAreNone() {
        XCTAssertTrue(RulesDocument.markdown(for: []).hasSuffix("No rules are registered yet.\n"))
        let page = RulesDocument.markdown(for: [SampleRule()])
        XCTAssertTrue(page.contains("| [`sample-rule`](#sample-rule) | no | any OS version; some fixes iOS 15, macOS 12 | Finds a \\| b. |\n"), page)
        XCTAssertTrue(page.contains("\n## sample-rule\n\nFinds a | b.\n\n- Enabled by default: no\n- Fixes need: any OS version, except `x.formatted()`: iOS 15, macOS 12\n\nWhy.\n\nBefore/after.\n"), page)
        let readme = "# A\n\n" + RulesDocument.readmeBegin + "old\n" + RulesDocument.readmeEnd + "after\n"
        XCTAssertEqual(RulesDocument.readme(readme, withTableFor: [SampleRule()]),
                       "# A\n\n" + RulesDocument.readmeBegin + "| rule | finds and fixes | fixes need |\n|---|---|---|\n"
                       + "| [`sample-rule`](RULES.md#sample-rule) | Finds a \\| b. | any OS version; some fixes iOS 15, macOS 12 |\n"
                       + RulesDocument.readmeEnd + "after\n")
        XCTAssertNil(RulesDocument.readme("# no markers\n", withTableFor: [SampleRule()]))
        XCTAssertTrue(page.hasSuffix("Before/after.\n"))
    }
}

/// A rule for the renderer test.
private struct SampleRule: Rule {
    let id = "sample-rule"
    let summary = "Finds a | b."
    let documentation = "\nWhy.\n\nBefore/after.  \n\n"
    var isEnabledByDefault: Bool { false }
    var platformNeeds: [PlatformNeed] { [PlatformNeed(fix: "`x.formatted()`", platforms: [.macOS: Version(12), .iOS: Version(15)])] }
    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] { [] }
}
