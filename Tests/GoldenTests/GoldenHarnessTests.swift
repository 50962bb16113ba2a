// Proves the golden harness can fail: rules that are wrong on purpose must trip the
// invariant it guards, and malformed headers must be rejected.
import Codemod
import SwiftCST
import XCTest

final class GoldenHarnessTests: XCTestCase {
    let lf = Array("let fooBar = 1\nprint(fooBar)\n".utf8)

    func testACorrectRuleWithTheRightExpectationPasses() {
        let expected = Array("let barFoo = 1\nprint(barFoo)\n".utf8)
        let check = GoldenCheck.run(rule: RenameRule(), input: lf, expected: expected, options: GoldenOptions(), path: "case.swift")
        XCTAssertEqual(check.failures, [])
        XCTAssertEqual(check.output, expected)
    }

    func testAWrongExpectationFailsWithAVisibleDiff() {
        let expected = Array("let barFoo = 1\r\nprint(barFoo)\n".utf8)
        let check = GoldenCheck.run(rule: RenameRule(), input: lf, expected: expected, options: GoldenOptions(), path: "case.swift")
        XCTAssertEqual(check.failures.count, 1)
        XCTAssertTrue(check.failures.first?.contains("- let·barFoo·=·1␍⏎\n+ let·barFoo·=·1⏎") ?? false, check.failures.first ?? "")
    }

    func testANonIdempotentRuleFails() {
        let check = GoldenCheck.run(rule: GrowingRule(), input: lf, expected: lf, options: GoldenOptions(), path: "case.swift")
        XCTAssertTrue(check.failures.contains { $0.hasPrefix("not idempotent") }, "\(check.failures)")
        XCTAssertTrue(check.failures.contains { $0.hasPrefix("output differs") }, "\(check.failures)")
    }

    func testARuleThatBreaksTheParseFails() {
        let check = GoldenCheck.run(rule: BreakingRule(), input: lf, expected: lf, options: GoldenOptions(), path: "case.swift")
        XCTAssertTrue(check.failures.contains { $0.hasPrefix("engine note for breaking") }, "\(check.failures)")
    }

    func testARuleThatReportsWhatItsFixWroteFails() {
        let expected = Array("let barFoo = 1\nprint(barFoo)\n".utf8)
        let check = GoldenCheck.run(rule: RenameRule(notesRenamed: true), input: lf, expected: expected,
                                    options: GoldenOptions(), path: "case.swift")
        XCTAssertEqual(check.failures.filter { $0.hasPrefix("the fixes left behind a new note of rename") }.count, 2,
                       "\(check.failures)")
        let unfixed = Array("let barFoo = 1\n".utf8)
        XCTAssertEqual(GoldenCheck.run(rule: RenameRule(notesRenamed: true), input: unfixed, expected: unfixed,
                                       options: GoldenOptions(), path: "case.swift").failures, [],
                       "a note the input already had is not left behind by a fix")
    }

    func testFindingsUnderAnotherIDAreStampedWithTheRulesOwnSoTheDisableCommentWorks() {
        let expected = Array("let barFoo = 1\nprint(barFoo)\n".utf8)
        let check = GoldenCheck.run(rule: RenameRule(reportedID: "someone-else"), input: lf, expected: expected,
                                    options: GoldenOptions(), path: "case.swift")
        XCTAssertEqual(check.failures, [], "the engine gives every finding its rule's id")
    }

    func testSuggestedFixesApplyOnlyWithUnsafeFixes() {
        let safeOnly = GoldenCheck.run(rule: RenameRule(safety: .suggested), input: lf, expected: lf,
                                       options: GoldenOptions(), path: "case.swift")
        XCTAssertEqual(safeOnly.failures, [])
        var options = GoldenOptions()
        options.applySuggestedFixes = true
        let unsafe = GoldenCheck.run(rule: RenameRule(safety: .suggested), input: lf, expected: lf, options: options, path: "case.swift")
        XCTAssertEqual(unsafe.output, Array("let barFoo = 1\nprint(barFoo)\n".utf8))
    }

    func testSupportFilesReachTheProjectIndex() {
        let input = Array("let fooBar = Contact()\n".utf8)
        let expected = Array("let barFoo = Contact()\n".utf8)
        let support = [GoldenSupportFile(path: "Contact.swift", bytes: Array("struct Contact: Identifiable { let id = 1 }\n".utf8))]
        let alone = GoldenCheck.run(rule: IndexGatedRule(), input: input, expected: input, options: GoldenOptions(), path: "case.swift")
        XCTAssertEqual(alone.failures, [])
        let withSupport = GoldenCheck.run(rule: IndexGatedRule(), input: input, expected: expected, options: GoldenOptions(),
                                          path: "case.swift", support: support)
        XCTAssertEqual(withSupport.failures, [])
        XCTAssertEqual(withSupport.output, expected)
    }

    func testTheDisableLineKeepsTheFileLineEnding() {
        XCTAssertEqual(GoldenCheck.disableLine(for: "r", matching: Array("a\r\nb\n".utf8)), Array("// bodywork:disable-file r\r\n".utf8))
        XCTAssertEqual(GoldenCheck.disableLine(for: "r", matching: Array("a\nb\r\n".utf8)), Array("// bodywork:disable-file r\n".utf8))
        XCTAssertEqual(GoldenCheck.disableLine(for: "r", matching: []), Array("// bodywork:disable-file r\n".utf8))
    }

    // MARK: - Headers

    func testHeaderOptionsParse() throws {
        let header = "// A case.\r\n// bodywork-options: --min-ios 15 --min-macos 12.1 --unsafe-fixes\r\n"
            + "//bodywork-options: --swift-6 --rule-option limit=3 --rule-option mode=fast --ill-typed\r\n\r\nimport SwiftUI\n"
        let options = try GoldenOptions.parse(header: Array(header.utf8))
        XCTAssertEqual(options.deploymentTargets, DeploymentTargets([.iOS: Version(15), .macOS: Version(12, 1)]))
        XCTAssertTrue(options.applySuggestedFixes)
        XCTAssertEqual(options.swiftLanguageMode, 6)
        XCTAssertEqual(options.ruleOptions, ["limit": .number(3), "mode": .string("fast")])
        XCTAssertTrue(options.isIllTyped)
    }

    func testNoHeaderMeansDefaults() throws {
        XCTAssertEqual(try GoldenOptions.parse(header: Array("import SwiftUI\n// bodywork-options: --unsafe-fixes\n".utf8)), GoldenOptions())
    }

    func testBadHeadersAreRejected() {
        for header in ["// bodywork-options: --frobnicate", "// bodywork-options: --min-ios", "// bodywork-options: --min-ios fifteen",
                       "// bodywork-options: --min-ios --unsafe-fixes", "// bodywork-options: --rule-option novalue",
                       "// bodywork-options: --rule-option =3"] {
            XCTAssertThrowsError(try GoldenOptions.parse(header: Array((header + "\n").utf8)), header)
        }
    }

    // MARK: - Visible diff

    func testVisibleDiffShowsEveryWhitespaceKind() {
        let diff = VisibleDiff.render(expected: Array("a b\n\tc\n".utf8), actual: Array("a b\n\tc\r\nd".utf8))
        XCTAssertEqual(diff, "  a·b⏎\n- →c⏎\n+ →c␍⏎\n+ d")
    }
}

// MARK: - Rules that are right or wrong on purpose

/// Renames `fooBar` to `barFoo`, reporting under `reportedID`.
private struct RenameRule: Rule {
    var reportedID = "rename"
    var safety = FixSafety.safe
    /// Also reports each `barFoo` (what its fix writes) as a note.
    var notesRenamed = false
    var id: String { "rename" }
    let summary = "Renames fooBar."
    let documentation = "For the harness tests."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let tokens = (0..<tree.tokens.count).map { tree.token(at: $0) }
        var findings = tokens.filter { $0.textIs("fooBar") }.map { token in
            Finding(ruleID: reportedID, range: token.textRange, message: "rename",
                    fix: Fix(edits: [Edit(range: token.textRange, replacement: "barFoo")], safety: safety))
        }
        if notesRenamed {
            findings += tokens.filter { $0.textIs("barFoo") }.map { token in
                Finding(ruleID: reportedID, range: token.textRange, message: "renamed", severity: .note)
            }
        }
        return findings
    }
}

/// Inserts a comment at the top on every run: it never converges.
private struct GrowingRule: Rule {
    let id = "growing"
    let summary = "Grows the file."
    let documentation = "For the harness tests."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        [Finding(ruleID: id, range: 0..<0, message: "grow", fix: Fix(edits: [.insert("// more\n", at: 0)]))]
    }
}

/// Replaces `=` with `= = (`, which does not parse.
private struct BreakingRule: Rule {
    let id = "breaking"
    let summary = "Breaks the file."
    let documentation = "For the harness tests."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        (0..<tree.tokens.count).map { tree.token(at: $0) }.filter { $0.textIs("=") }.map { token in
            Finding(ruleID: id, range: token.textRange, message: "break",
                    fix: Fix(edits: [Edit(range: token.textRange, replacement: "= = (")]))
        }
    }
}

/// Renames `fooBar` only when the project index knows `Contact` is Identifiable.
private struct IndexGatedRule: Rule {
    let id = "index-gated"
    let summary = "Renames fooBar when Contact is Identifiable."
    let documentation = "For the harness tests."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        guard context.index.conformances["Contact"]?.contains("Identifiable") == true else { return [] }
        return RenameRule().findings(in: tree, context: context).map { finding in
            var finding = finding
            finding.ruleID = id
            return finding
        }
    }
}
