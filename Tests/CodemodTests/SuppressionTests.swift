// Suppression comments: each directive form, what does not count as one, and the
// reporting of directives that suppressed nothing.
import XCTest
@testable import Codemod

final class SuppressionTests: XCTestCase {
    private let rename = ByteScanRule.replacing("foo", with: "bar", id: "rename")
    private let shout = ByteScanRule.replacing("hey", with: "HEY", id: "shout")

    private func run(_ text: String, reportUnused: Bool = false) -> FileOutcome {
        Engine(rules: [rename, shout], options: EngineOptions(reportUnusedDisables: reportUnused)).run(text)
    }

    func testDisableNextCoversTheNextLineWithCode() {
        let input = """
        foo()
        // bodywork:disable:next rename
        foo()
        foo()
        // bodywork:disable:next rename -- kept on purpose

        // a note in between
        /* and a block */
        foo(hey)
        """
        let outcome = run(input)
        XCTAssertEqual(outcome.outputText, """
        bar()
        // bodywork:disable:next rename
        foo()
        bar()
        // bodywork:disable:next rename -- kept on purpose

        // a note in between
        /* and a block */
        foo(HEY)
        """)
        XCTAssertEqual(outcome.outcomes(of: "rename").count, 2, "suppressed findings are not reported")
    }

    func testDisableThisCoversItsOwnLine() {
        let outcome = run("foo() // bodywork:disable:this rename\nfoo()\n")
        XCTAssertEqual(outcome.outputText, "foo() // bodywork:disable:this rename\nbar()\n")
    }

    func testDisableUntilEnable() {
        let input = "foo\n// bodywork:disable rename\nfoo hey\nfoo\n// bodywork:enable rename\nfoo\n"
        XCTAssertEqual(run(input).outputText,
                       "bar\n// bodywork:disable rename\nfoo HEY\nfoo\n// bodywork:enable rename\nbar\n")
    }

    func testDisableAllThenEnableOneRule() {
        let input = "// bodywork:disable\nfoo hey\n// bodywork:enable shout\nfoo hey\n// bodywork:enable\nfoo hey\n"
        XCTAssertEqual(run(input).outputText,
                       "// bodywork:disable\nfoo hey\n// bodywork:enable shout\nfoo HEY\n// bodywork:enable\nbar HEY\n")
    }

    func testDisableRunsToEndOfFileWithoutEnable() {
        XCTAssertEqual(run("foo\n// bodywork:disable rename\nfoo\nfoo").outputText, "bar\n// bodywork:disable rename\nfoo\nfoo")
    }

    func testDisableFileWithAndWithoutRules() {
        XCTAssertEqual(run("foo hey\n// bodywork:disable-file rename\nfoo hey\n").outputText,
                       "foo HEY\n// bodywork:disable-file rename\nfoo HEY\n")
        XCTAssertEqual(run("foo hey\n// bodywork:disable-file\n").outputText, "foo hey\n// bodywork:disable-file\n")
    }

    func testRuleIDsBySpacesOrCommas() {
        XCTAssertEqual(run("// bodywork:disable:next rename,shout\nfoo hey\n").outputText, "// bodywork:disable:next rename,shout\nfoo hey\n")
        XCTAssertEqual(run("// bodywork:disable:next rename, shout -- both\nfoo hey\n").outputText,
                       "// bodywork:disable:next rename, shout -- both\nfoo hey\n")
        XCTAssertEqual(run("// bodywork:disable:next shout\nfoo hey\n").outputText, "// bodywork:disable:next shout\nbar hey\n")
    }

    func testReasonIsNotARuleID() {
        let map = SuppressionMap(bytes: Array("// bodywork:disable:next a, b -- because rename said so\nx\n".utf8))
        XCTAssertEqual(map.directives.count, 1)
        XCTAssertEqual(map.directives[0].command, .disableNext)
        XCTAssertEqual(map.directives[0].ruleIDs, ["a", "b"])
        XCTAssertEqual(map.directives[0].reason, "because rename said so")
        XCTAssertEqual(map.directives[0].targetLine, 1)
    }

    func testCRLFLines() {
        let input = "foo\r\n// bodywork:disable:next rename\r\nfoo\r\nfoo // bodywork:disable:this rename\r\nfoo\r\n"
        XCTAssertEqual(run(input).outputText,
                       "bar\r\n// bodywork:disable:next rename\r\nfoo\r\nfoo // bodywork:disable:this rename\r\nbar\r\n")
        let map = SuppressionMap(bytes: Array(input.utf8))
        XCTAssertEqual(map.directives.map(\.ruleIDs), [["rename"], ["rename"]], "no carriage return in the ids")
        XCTAssertEqual(map.directives.map(\.line), [1, 3])
    }

    func testLoneCarriageReturnsSeparateLines() {
        XCTAssertEqual(run("// bodywork:disable:next rename\rfoo\rfoo").outputText, "// bodywork:disable:next rename\rfoo\rbar")
    }

    func testCommentMarkersInsideStringsDoNotCount() {
        let inputs = [
            #"let s = "// bodywork:disable-file"; foo"#,
            ##"let s = #"a\"// bodywork:disable-file"#; foo"##,
            "let s = \"\"\"\n// bodywork:disable-file\n\"\"\"\nfoo",
            #"let s = "\("x" + "y") // bodywork:disable-file"; foo"#,
            #"let s = "\"// bodywork:disable-file"; foo"#,
            "/// bodywork:disable-file\nfoo",
            "/* // bodywork:disable-file */ foo",
            "/* /* nested */ // bodywork:disable-file */ foo",
        ]
        for input in inputs {
            let outcome = Engine(rules: [rename]).run(input)
            XCTAssertTrue(outcome.outputText.hasSuffix("bar"), "suppressed by a directive that is not one: \(input)")
        }
        let real = Engine(rules: [rename]).run(#"let s = "a" // bodywork:disable-file"# + "\nfoo")
        XCTAssertTrue(real.outputText.hasSuffix("foo"), "a comment after a closed string still counts")
    }

    func testUnterminatedStringEndsAtTheLineBreak() {
        let outcome = Engine(rules: [rename]).run("let s = \"open\n// bodywork:disable:next rename\nfoo")
        XCTAssertTrue(outcome.outputText.hasSuffix("foo"))
    }

    // MARK: - Unused directives

    func testUnusedDirectiveIsReportedOnlyWhenAsked() {
        let input = "// bodywork:disable:next rename\nlet x = 1\n"
        XCTAssertTrue(run(input).findings.isEmpty)
        let outcome = run(input, reportUnused: true)
        XCTAssertEqual(outcome.findings.count, 1)
        let finding = outcome.findings[0]
        XCTAssertEqual(finding.finding.ruleID, Engine.unusedDisableRuleID)
        XCTAssertEqual(finding.finding.ruleID, "unused-disable")
        XCTAssertEqual(finding.finding.message, "`bodywork:disable:next rename` suppressed nothing")
        XCTAssertEqual(finding.finding.range, 0..<31)
        XCTAssertEqual(finding.status, .noFix)
        XCTAssertEqual(finding.round, 1)
    }

    func testUsedDirectiveIsNotReported() {
        let outcome = run("// bodywork:disable:next rename\nfoo\nfoo // bodywork:disable:this\n// bodywork:disable-file shout\nhey\n",
                          reportUnused: true)
        XCTAssertTrue(outcome.outcomes(of: "unused-disable").isEmpty, "\(outcome.findings)")
    }

    func testEachUnusedRuleOfADirectiveAndUnknownRules() {
        let outcome = run("// bodywork:disable:next rename, shout, ghost\nfoo\n", reportUnused: true)
        XCTAssertEqual(outcome.outcomes(of: "unused-disable").map(\.finding.message), [
            "rule `ghost` in `bodywork:disable:next rename shout ghost` is unknown or not enabled",
            "`bodywork:disable:next shout` suppressed nothing",
        ])
    }

    func testDirectiveForAllRulesThatSuppressedNothing() {
        let outcome = run("let x = 1 // bodywork:disable:this\n", reportUnused: true)
        XCTAssertEqual(outcome.findings.map(\.finding.message), ["`bodywork:disable:this` suppressed nothing"])
        XCTAssertEqual(outcome.findings.first?.finding.range, 10..<34)
    }

    func testUnknownDirectiveIsReported() {
        let outcome = run("// bodywork:disabel rename\nfoo\n", reportUnused: true)
        XCTAssertEqual(outcome.outcomes(of: "unused-disable").count, 1)
        XCTAssertTrue(outcome.outcomes(of: "unused-disable")[0].finding.message.hasPrefix("unknown directive `bodywork:disabel`"))
        XCTAssertEqual(outcome.outputText, "// bodywork:disabel rename\nbar\n")
    }

    func testDirectiveUsedOnlyByALaterRoundCounts() {
        let engine = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rule-a"),
                                    ByteScanRule.replacing("bar", with: "baz", id: "rule-b")],
                            options: EngineOptions(reportUnusedDisables: true))
        let outcome = engine.run("// bodywork:disable:next rule-b\nfoo\n")
        XCTAssertEqual(outcome.outputText, "// bodywork:disable:next rule-b\nbar\n")
        XCTAssertTrue(outcome.outcomes(of: "unused-disable").isEmpty)
    }

    func testFileWithoutMarkerHasNoDirectives() {
        XCTAssertTrue(SuppressionMap(bytes: Array("// disable:next rename\nfoo".utf8)).directives.isEmpty)
        XCTAssertTrue(SuppressionMap(bytes: []).directives.isEmpty)
    }

    func testReadingSurvivesArbitraryBytes() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("\"#\\()/*\n\r bodywork:disable:next:this:previous ".utf8) + [0xFF, 0x00]
        for _ in 0..<300 {
            let length = Int.random(in: 0..<80, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let map = SuppressionMap(bytes: bytes)
            for directive in map.directives {
                XCTAssertTrue(directive.range.lowerBound >= 0 && directive.range.upperBound <= bytes.count)
                XCTAssertTrue(bytes[directive.range].starts(with: Array("//".utf8)))
            }
            _ = map.uses(suppressing: "x", at: length)
        }
    }

    // MARK: - Statements and declarations

    func testDisableNextCoversTheWholeNextStatement() {
        let input = """
        // bodywork:disable:next rename
        call(a: 1,
             b: foo,
             c: [foo])
        foo
        """
        let outcome = run(input, reportUnused: true)
        XCTAssertEqual(outcome.outputText, """
        // bodywork:disable:next rename
        call(a: 1,
             b: foo,
             c: [foo])
        bar
        """)
        XCTAssertTrue(outcome.outcomes(of: "unused-disable").isEmpty, "\(outcome.findings)")
    }

    func testDisableNextCoversAWholeDeclarationWithItsAttributes() {
        let input = """
        struct V {
            // bodywork:disable:next rename -- on purpose
            @State private var x = [
                foo,
            ]
            var y = foo
        }
        """
        XCTAssertEqual(run(input).outputText, input.replacingOccurrences(of: "var y = foo", with: "var y = bar"))
    }

    func testDisableNextAboveTheFirstStatementDoesNotCoverTheFile() {
        XCTAssertEqual(run("// bodywork:disable:next rename\nfoo()\nfoo()\n").outputText,
                       "// bodywork:disable:next rename\nfoo()\nbar()\n")
    }

    func testDisableNextCoversAModifierLineInAChain() {
        let input = "Text(a)\n    // bodywork:disable:next rename\n    .foo()\n    .foo()\n"
        XCTAssertEqual(run(input).outputText, "Text(a)\n    // bodywork:disable:next rename\n    .foo()\n    .bar()\n")
    }

    func testDisableThisCoversTheStatementItEnds() {
        let input = "call(\n    foo,\n    foo) // bodywork:disable:this rename\nfoo\n"
        XCTAssertEqual(run(input).outputText, "call(\n    foo,\n    foo) // bodywork:disable:this rename\nbar\n")
    }

    func testDisablePreviousCoversTheStatementBefore() {
        let input = "foo\ncall(foo,\n     foo)\n// bodywork:disable:previous rename\nfoo\n"
        let outcome = run(input, reportUnused: true)
        XCTAssertEqual(outcome.outputText, "bar\ncall(foo,\n     foo)\n// bodywork:disable:previous rename\nbar\n")
        XCTAssertTrue(outcome.outcomes(of: "unused-disable").isEmpty)
        XCTAssertEqual(run("foo() // bodywork:disable:previous rename\nfoo()\n").outputText,
                       "foo() // bodywork:disable:previous rename\nbar()\n", "on the same line: the statement it follows")
    }

    func testUnusedDisablePreviousIsReported() {
        let outcome = run("let x = 1\n// bodywork:disable:previous rename\nfoo\n", reportUnused: true)
        XCTAssertEqual(outcome.outcomes(of: "unused-disable").map(\.finding.message),
                       ["`bodywork:disable:previous rename` suppressed nothing"])
    }

    func testBlockCommentsAndDocCommentsAreNotDirectives() {
        let bytes = Array("/* // bodywork:disable-file */ foo\n/// bodywork:disable-file\nfoo".utf8)
        XCTAssertTrue(SuppressionMap(bytes: bytes).directives.isEmpty)
    }
}
