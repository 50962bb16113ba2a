// The fixpoint engine: rounds, fix selection, parse-error reverts, convergence, safety
// and platform gating, determinism.
import XCTest
@testable import Codemod
import SwiftCST

final class EngineTests: XCTestCase {
    func testNothingToFixLeavesBytesAndRunsOneRound() {
        let engine = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rename")])
        let outcome = engine.run("let x = 1\n")
        XCTAssertFalse(outcome.changed)
        XCTAssertEqual(outcome.outputText, "let x = 1\n")
        XCTAssertEqual(outcome.findings.count, 0)
        XCTAssertEqual(outcome.rounds, 1)
    }

    func testTreeParsedBeforeIsReadOnlyForItsOwnBytes() {
        let engine = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rename")])
        let text = Array("let foo = 1\n".utf8)
        let plain = engine.run(bytes: text, context: RuleContext(path: "a.swift"))
        let given = engine.run(bytes: text, context: RuleContext(path: "a.swift"), tree: SyntaxTree.parse(text))
        XCTAssertEqual(given.output, plain.output)
        XCTAssertEqual(given.findings.map(\.finding.range), plain.findings.map(\.finding.range))
        let stale = engine.run(bytes: text, context: RuleContext(path: "a.swift"), tree: SyntaxTree.parse("let x = 1\n"))
        XCTAssertEqual(String(decoding: stale.output, as: UTF8.self), "let bar = 1\n", "a tree of other bytes is not read")
    }

    func testARuleRunsOnlyOnFilesHoldingAWordOfEachOfItsLists() {
        let engine = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rename").needing([["View", "List"], ["init"]])])
        XCTAssertFalse(engine.run("let foo = 1 // View\n").changed, "no `init`")
        XCTAssertFalse(engine.run("let foo = 1 // init Lis\n").changed, "neither `View` nor `List`")
        XCTAssertEqual(engine.run("let foo = 1 // init List\n").outputText, "let bar = 1 // init List\n")
        XCTAssertEqual(engine.run("init View\nlet foo = 1\n").outputText, "init View\nlet bar = 1\n")
        let never = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rename").needing([[]])])
        XCTAssertFalse(never.run("let foo = 1\n").changed, "an empty list is never held")
    }

    func testEachRoundSearchesItsOwnBytesForTheWords() {
        // `rule-b` needs `bar`, which only `rule-a`'s fix writes.
        let engine = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rule-a"),
                                    ByteScanRule.replacing("bar", with: "baz", id: "rule-b").needing([["bar"]])])
        let outcome = engine.run("let foo = 1\n")
        XCTAssertEqual(outcome.outputText, "let baz = 1\n")
        XCTAssertEqual(outcome.rounds, 3)
    }

    func testFixpointAppliesFixesEnabledByEarlierFixes() {
        let engine = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rule-a"),
                                    ByteScanRule.replacing("bar", with: "baz", id: "rule-b")])
        let outcome = engine.run("let foo = 1\n")
        XCTAssertEqual(outcome.outputText, "let baz = 1\n")
        XCTAssertEqual(outcome.rounds, 3)
        XCTAssertEqual(outcome.findings.map(\.finding.ruleID), ["rule-a", "rule-b"])
        let a = outcome.outcomes(of: "rule-a")[0], b = outcome.outcomes(of: "rule-b")[0]
        XCTAssertEqual(a.status, .fixed)
        XCTAssertEqual(a.round, 1)
        XCTAssertEqual(a.finding.range, 4..<7)
        XCTAssertEqual(b.status, .fixed)
        XCTAssertEqual(b.round, 2, "a problem created by a fix is reported with its round")
        XCTAssertTrue(outcome.notes.isEmpty)
    }

    func testOverlappingFixKeepsTheFirstAndNamesIt() {
        let engine = Engine(rules: [ByteScanRule.replacing("bc", with: "Y", id: "rule-b"),
                                    ByteScanRule.replacing("abc", with: "X", id: "rule-a")])
        let outcome = engine.run("abc\n")
        XCTAssertEqual(outcome.outputText, "X\n", "the fix whose first edit comes first wins")
        XCTAssertEqual(outcome.outcomes(of: "rule-a").map(\.status), [.fixed])
        XCTAssertEqual(outcome.outcomes(of: "rule-b").map(\.status), [.dropped("overlaps a fix of rule-a")])
    }

    func testSameStartPrefersRuleOrder() {
        let engine = Engine(rules: [ByteScanRule.replacing("ab", with: "xy", id: "first"),
                                    ByteScanRule.replacing("abc", with: "z", id: "second")])
        let outcome = engine.run("abc")
        XCTAssertEqual(outcome.outputText, "xyc")
        XCTAssertEqual(outcome.outcomes(of: "second").map(\.status), [.dropped("overlaps a fix of first")])
    }

    func testFixDroppedForOverlapIsRetriedNextRound() {
        let engine = Engine(rules: [ByteScanRule.replacing("ab", with: "a-b", id: "rule-a"),
                                    ByteScanRule.replacing("bc", with: "b_c", id: "rule-b")])
        let outcome = engine.run("abc")
        XCTAssertEqual(outcome.outputText, "a-b_c")
        XCTAssertEqual(outcome.findings.count, 2, "the retried finding is the round-1 one, not a new one")
        XCTAssertEqual(outcome.outcomes(of: "rule-b").map(\.status), [.fixed])
        XCTAssertEqual(outcome.outcomes(of: "rule-b").map(\.round), [1])
        XCTAssertEqual(outcome.outcomes(of: "rule-b").map(\.finding.range), [1..<3], "offsets stay in the original")
    }

    func testFixOfferedOnceAnotherFixLandedContinuesTheUnfixedFinding() {
        // The first `foo` adds a shared declaration; until it exists the others have no fix,
        // then each is offered one with another message, at the same place.
        let share = ByteScanRule(id: "share") { bytes, _ in
            let shared = !occurrences(of: "SHARED", in: bytes).isEmpty
            return occurrences(of: "foo", in: bytes).enumerated().map { number, range in
                if shared {
                    return Finding(ruleID: "share", range: range, message: "use the shared one",
                                   fix: Fix(edits: [Edit(range: range, replacement: "bar")]))
                }
                guard number == 0 else { return Finding(ruleID: "share", range: range, message: "`foo` found") }
                return Finding(ruleID: "share", range: range, message: "`foo` found; share it",
                               fix: Fix(edits: [.insert("SHARED\n", at: 0), Edit(range: range, replacement: "bar")]))
            }
        }
        let outcome = Engine(rules: [share]).run("let a = foo\nlet b = foo\n")
        XCTAssertEqual(outcome.outputText, "SHARED\nlet a = bar\nlet b = bar\n")
        let findings = outcome.outcomes(of: "share")
        XCTAssertEqual(findings.count, 2, "one finding per `foo`, not a new one for the second's later fix")
        XCTAssertEqual(findings.map(\.status), [.fixed, .fixed])
        XCTAssertEqual(findings.map(\.round), [1, 1])
        XCTAssertEqual(findings.map(\.finding.range), [8..<11, 20..<23], "offsets stay in the original")
    }

    func testInsertionTouchingAnotherFixCollides() {
        let insertBefore = ByteScanRule(id: "annotate") { bytes, _ in
            occurrences(of: "foo", in: bytes).map {
                Finding(ruleID: "annotate", range: $0, message: "annotate", fix: Fix(edits: [.insert("@x ", at: $0.lowerBound)]))
            }
        }
        let engine = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rename"), insertBefore])
        let outcome = engine.run("foo()")
        XCTAssertEqual(outcome.outputText, "bar()")
        XCTAssertEqual(outcome.outcomes(of: "annotate").map(\.status), [.dropped("overlaps a fix of rename")])
    }

    func testEditsOfOneFixThatOverlapEachOtherDropTheFix() {
        let broken = ByteScanRule(id: "broken") { _, _ in
            [Finding(ruleID: "broken", range: 0..<4, message: "m",
                     fix: Fix(edits: [Edit(range: 0..<3, replacement: "x"), Edit(range: 2..<4, replacement: "y")]))]
        }
        let outside = ByteScanRule(id: "outside") { bytes, _ in
            [Finding(ruleID: "outside", range: 0..<1, message: "m",
                     fix: Fix(edits: [Edit(range: bytes.count..<bytes.count + 5, replacement: "z")]))]
        }
        let outcome = Engine(rules: [broken, outside]).run("abcdef")
        XCTAssertEqual(outcome.outputText, "abcdef")
        XCTAssertEqual(outcome.outcomes(of: "broken").map(\.status), [.dropped("its edits overlap each other")])
        XCTAssertEqual(outcome.outcomes(of: "outside").map(\.status), [.dropped("its edits lie outside the file")])
    }

    func testEditsOfOneFixApplyTogetherInAnyOrder() {
        let wrap = ByteScanRule(id: "wrap") { bytes, _ in
            occurrences(of: "value", in: bytes).map { range in
                Finding(ruleID: "wrap", range: range, message: "wrap",
                        fix: Fix(edits: [.insert(")", at: range.upperBound), .insert("f(", at: range.lowerBound),
                                         .insert("g(", at: range.lowerBound), .insert(")", at: range.upperBound)]))
            }
        }
        let guarded = ByteScanRule(id: "wrap-once") { bytes, context in
            wrap.findings(in: SyntaxTree.parse(bytes), context: context).filter { $0.range.lowerBound < 2 }
        }
        let outcome = Engine(rules: [guarded]).run("value")
        XCTAssertEqual(outcome.outputText, "f(g(value))", "insertions at one offset keep the order given")
        XCTAssertEqual(outcome.findings.map(\.status), [.fixed])
    }

    func testRuleWhoseEditsAddParseErrorsIsDroppedAndTheOthersKept() throws {
        try XCTSkipIf(SyntaxTree.parse(Array("func f( {".utf8)).diagnostics.isEmpty, "parser reports no diagnostics yet")
        let dropBrace = ByteScanRule(id: "drop-brace") { bytes, _ in
            guard let last = bytes.lastIndex(of: UInt8(ascii: "}")) else { return [] }
            return [Finding(ruleID: "drop-brace", range: last..<last + 1, message: "brace",
                            fix: Fix(edits: [.delete(last..<last + 1)]))]
        }
        let engine = Engine(rules: [dropBrace, ByteScanRule.replacing("foo", with: "bar", id: "rename")])
        let input = "func foo() {\n    print(1)\n}\n"
        let outcome = engine.run(input)
        XCTAssertEqual(outcome.outputText, "func bar() {\n    print(1)\n}\n")
        XCTAssertEqual(outcome.outcomes(of: "drop-brace").map(\.status), [.dropped("its edits added parse errors")])
        XCTAssertEqual(outcome.outcomes(of: "rename").map(\.status), [.fixed])
        XCTAssertEqual(outcome.notes.map(\.ruleID), ["drop-brace"], "one note, though the rule fires every round")
        XCTAssertEqual(SyntaxTree.parse(outcome.output).diagnostics.count, outcome.parseErrorCount)
    }

    func testRuleThatNeverConvergesIsNamedAfterMaxRounds() {
        let grow = ByteScanRule(id: "grow") { _, _ in
            [Finding(ruleID: "grow", range: 0..<0, message: "grow", fix: Fix(edits: [.insert("x", at: 0)]))]
        }
        let settled = ByteScanRule.replacing("foo", with: "bar", id: "rename")
        let outcome = Engine(rules: [grow, settled]).run("foo\n")
        XCTAssertEqual(outcome.outputText, String(repeating: "x", count: 8) + "bar\n")
        XCTAssertEqual(outcome.rounds, 8)
        XCTAssertEqual(outcome.notes.count, 1)
        XCTAssertEqual(outcome.notes.first?.ruleID, "grow")
        XCTAssertTrue(outcome.notes.first?.message.contains("did not converge after 8 rounds") ?? false)
        XCTAssertEqual(outcome.outcomes(of: "grow").map(\.status), [.fixed], "its round-1 fix is in the output")

        let short = Engine(rules: [grow], options: EngineOptions(maxRounds: 3)).run("")
        XCTAssertEqual(short.outputText, "xxx")
        XCTAssertTrue(short.notes.first?.message.contains("did not converge after 3 rounds") ?? false)
    }

    func testFileNeedingExactlyMaxRoundsGetsNoNote() {
        let engine = Engine(rules: [ByteScanRule.replacing("a", with: "b", id: "ab"),
                                    ByteScanRule.replacing("b", with: "c", id: "bc")],
                            options: EngineOptions(maxRounds: 2))
        let outcome = engine.run("a")
        XCTAssertEqual(outcome.outputText, "c")
        XCTAssertTrue(outcome.notes.isEmpty, "\(outcome.notes)")
    }

    func testSuggestedFixesApplyOnlyWhenAskedFor() {
        let rule = ByteScanRule.replacing("UUID()", with: "id", id: "fresh-id", safety: .suggested)
        let input = "Text(x).id(UUID())\n"

        let plain = Engine(rules: [rule]).run(input)
        XCTAssertEqual(plain.outputText, input)
        XCTAssertEqual(plain.findings.map(\.status), [.suggestedNotApplied])

        let all = Engine(rules: [rule], options: EngineOptions(applySuggestedFixes: true)).run(input)
        XCTAssertEqual(all.outputText, "Text(x).id(id)\n")
        XCTAssertEqual(all.findings.map(\.status), [.fixed])

        let named = Engine(rules: [rule], options: EngineOptions(suggestedFixRules: ["fresh-id"])).run(input)
        XCTAssertEqual(named.outputText, "Text(x).id(id)\n")

        let other = Engine(rules: [rule], options: EngineOptions(suggestedFixRules: ["another"])).run(input)
        XCTAssertEqual(other.outputText, input)
    }

    func testFindingsWithoutFixAreReportOnly() {
        let rule = ByteScanRule(id: "report") { bytes, _ in
            occurrences(of: "x", in: bytes).map {
                Finding(ruleID: "report", range: $0, message: "x", withheldReason: "cannot prove it")
            }
        }
        let outcome = Engine(rules: [rule]).run("x x")
        XCTAssertEqual(outcome.findings.map(\.status), [.noFix, .noFix])
        XCTAssertEqual(outcome.findings.map(\.finding.withheldReason), ["cannot prove it", "cannot prove it"])
        XCTAssertFalse(outcome.changed)
        XCTAssertEqual(outcome.rounds, 1)
    }

    func testTheEngineStampsEachFindingWithItsRulesID() {
        let rule = ByteScanRule(id: "stamped") { bytes, _ in
            occurrences(of: "x", in: bytes).map { Finding(range: $0, message: "x") }
                + occurrences(of: "y", in: bytes).map { Finding(ruleID: "impostor", range: $0, message: "y") }
        }
        let outcome = Engine(rules: [rule]).run("x y")
        XCTAssertEqual(outcome.findings.map(\.finding.ruleID), ["stamped", "stamped"])
    }

    func testPlatformGating() {
        let rule = ByteScanRule.replacing("fmt", with: "format", id: "format-style", platforms: [.iOS: Version(15), .macOS: Version(12)])
        let engine = Engine(rules: [rule])
        func run(_ targets: [Platform: Version]) -> FileOutcome {
            engine.run("fmt", context: RuleContext(path: "A.swift", deploymentTargets: DeploymentTargets(targets)))
        }
        let unknown = run([:])
        XCTAssertEqual(unknown.outputText, "fmt")
        XCTAssertEqual(unknown.findings.map(\.status), [.dropped("needs iOS 15, macOS 12; the deployment target is unknown")])

        let old = run([.iOS: Version(14, 5)])
        XCTAssertEqual(old.outputText, "fmt")
        XCTAssertEqual(old.findings.map(\.status), [.dropped("needs iOS 15, macOS 12; the deployment target is iOS 14.5")])

        XCTAssertEqual(run([.iOS: Version(15)]).outputText, "format")
        XCTAssertEqual(run([.iOS: Version(16), .macOS: Version(12)]).findings.map(\.status), [.fixed])
        XCTAssertEqual(run([.iOS: Version(16), .macOS: Version(11)]).outputText, "fmt")

        let anywhere = Engine(rules: [ByteScanRule.replacing("fmt", with: "format", id: "plain")]).run("fmt")
        XCTAssertEqual(anywhere.outputText, "format", "rules without platform needs ignore the target")
    }

    func testRuleOptionsReachTheirRule() {
        let rule = ByteScanRule(id: "configurable") { _, context in
            guard case .string(let word)? = context.options["word"] else { return [] }
            return [Finding(ruleID: "configurable", range: 0..<0, message: word)]
        }
        let options = EngineOptions(ruleOptions: ["configurable": ["word": .string("hello")], "other": ["word": .string("no")]])
        XCTAssertEqual(Engine(rules: [rule], options: options).run("").findings.map(\.finding.message), ["hello"])
        XCTAssertEqual(Engine(rules: [rule]).run("").findings.count, 0)
    }

    func testFindingsAreSortedByOffsetThenRuleID() {
        let zeta = ByteScanRule(id: "zeta") { bytes, _ in
            occurrences(of: "q", in: bytes).map { Finding(ruleID: "zeta", range: $0, message: "z") }
        }
        let alpha = ByteScanRule(id: "alpha") { bytes, _ in
            occurrences(of: "q", in: bytes).reversed().map { Finding(ruleID: "alpha", range: $0, message: "a") }
        }
        let outcome = Engine(rules: [zeta, alpha]).run("q..q")
        XCTAssertEqual(outcome.findings.map { "\($0.finding.range.lowerBound)\($0.finding.ruleID)" },
                       ["0alpha", "0zeta", "3alpha", "3zeta"])
    }

    func testSameInputGivesSameOutputAndReport() {
        let rules: [any Rule] = [
            ByteScanRule.replacing("ab", with: "a-b", id: "rule-a"),
            ByteScanRule.replacing("bc", with: "b_c", id: "rule-b"),
            ByteScanRule.replacing("c", with: "C", id: "rule-c", safety: .suggested),
        ]
        let input = String(repeating: "abc abcd // bodywork:disable:this rule-c\nbcab\n", count: 20)
        let options = EngineOptions(reportUnusedDisables: true)
        let first = Engine(rules: rules, options: options).run(input)
        for _ in 0..<3 {
            let again = Engine(rules: rules, options: options).run(input)
            XCTAssertEqual(again.output, first.output)
            XCTAssertEqual(again.findings, first.findings)
            XCTAssertEqual(again.notes, first.notes)
        }
        XCTAssertTrue(first.changed)
    }

    func testInvalidUTF8AndControlBytesDoNotTrap() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x22, 0x2F, 0x2F, 0x0D, 0x23, 0x22, 0x5C, 0x28, 0x66, 0x6F, 0x6F]
        let outcome = Engine(rules: [ByteScanRule.replacing("foo", with: "bar", id: "rename")],
                             options: EngineOptions(reportUnusedDisables: true))
            .run(bytes: bytes, context: RuleContext(path: "x.swift"))
        XCTAssertEqual(Array(outcome.output.suffix(3)), Array("bar".utf8))
        XCTAssertEqual(Array(outcome.output.prefix(10)), Array(bytes.prefix(10)))
    }

    // MARK: - Comments are kept

    /// Deletes every line that starts with `drop` (line break included); each message
    /// quotes its line, so findings of later rounds are told apart.
    private static let dropLines = ByteScanRule(id: "drop-lines") { bytes, _ in
        var findings: [Finding] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 10 { end += 1 }
            if end < bytes.count { end += 1 }
            if bytes[start..<end].starts(with: Array("drop".utf8)) {
                let line = String(decoding: bytes[start..<end], as: UTF8.self)
                findings.append(Finding(ruleID: "drop-lines", range: start..<end, message: "dropped \(line)",
                                        fix: Fix(edits: [.delete(start..<end)])))
            }
            start = end
        }
        return findings
    }

    func testAFixThatDeletesACommentIsDropped() {
        let outcome = Engine(rules: [EngineTests.dropLines]).run("drop()\ndrop() // keep me\ndrop(/* and me */)\nstay()\n")
        XCTAssertEqual(outcome.outputText, "drop() // keep me\ndrop(/* and me */)\nstay()\n")
        XCTAssertEqual(outcome.findings.map(\.status), [
            .fixed,
            .dropped("it would delete the comment `// keep me`"),
            .dropped("it would delete the comment `/* and me */`"),
        ])
    }

    func testAFixThatMovesACommentIsApplied() {
        let move = ByteScanRule(id: "move") { bytes, _ in
            guard let range = occurrences(of: "a() // note\n", in: bytes).first else { return [] }
            return [Finding(ruleID: "move", range: range, message: "moved",
                            fix: Fix(edits: [.delete(range), .insert("a() // note\n", at: bytes.count)]))]
        }
        XCTAssertEqual(Engine(rules: [move]).run("a() // note\nb()\n").outputText, "b()\na() // note\n")
    }

    func testAFixThatCutsACommentIsDropped() {
        let cut = ByteScanRule.replacing("half", with: "", id: "cut")
        let outcome = Engine(rules: [cut]).run("x() /* half */\n")
        XCTAssertEqual(outcome.outputText, "x() /* half */\n")
        XCTAssertEqual(outcome.findings.first?.status, .dropped("it would cut a comment in two"))
    }
}

/// The collision rules of fix selection, checked directly.
final class FixSelectorTests: XCTestCase {
    func testCollisions() {
        XCTAssertTrue(FixSelector.collide(0..<3, 2..<5))
        XCTAssertFalse(FixSelector.collide(0..<3, 3..<5), "touching replacements are fine")
        XCTAssertTrue(FixSelector.collide(3..<3, 3..<3), "two insertions at one offset")
        XCTAssertTrue(FixSelector.collide(3..<3, 0..<3), "an insertion at the end of a replacement")
        XCTAssertTrue(FixSelector.collide(0..<0, 0..<3), "an insertion at the start of a replacement")
        XCTAssertFalse(FixSelector.collide(4..<4, 0..<3))
    }

    func testAcceptKeepsEditsSortedAndReportsTheOwner() {
        var selector = FixSelector()
        XCTAssertNil(selector.accept([Edit(range: 10..<12, replacement: "a")], owner: 0))
        XCTAssertNil(selector.accept([Edit(range: 2..<4, replacement: "b"), .insert("c", at: 20)], owner: 1))
        XCTAssertEqual(selector.accept([Edit(range: 11..<15, replacement: "d")], owner: 2), 0)
        XCTAssertEqual(selector.accept([.insert("e", at: 20)], owner: 3), 1)
        XCTAssertNil(selector.accept([Edit(range: 4..<10, replacement: "f")], owner: 4))
        XCTAssertEqual(selector.edits.map(\.edit.range.lowerBound), [2, 4, 10, 20])
        XCTAssertEqual(EditApplication.apply(selector.edits.map(\.edit), to: Array("0123456789abcdefghijk".utf8)),
                       Array("01bfacdefghijck".utf8))
    }

    func testWholeLineInsertionsAtOneOffsetStackAndIdenticalEditsAreShared() {
        var selector = FixSelector()
        XCTAssertNil(selector.accept([.insert("let a = 1\n", at: 4), Edit(range: 8..<9, replacement: "x")], owner: 0))
        XCTAssertNil(selector.accept([.insert("let b = 2\n", at: 4)], owner: 1), "whole lines stack")
        XCTAssertEqual(selector.accept([.insert("c", at: 4)], owner: 2), 0, "a part of a line does not")
        XCTAssertNil(selector.accept([.insert("let a = 1\n", at: 4), Edit(range: 10..<11, replacement: "y")], owner: 3),
                     "the same declaration, shared")
        XCTAssertEqual(selector.accept([.insert("let a = 1\n", at: 4), Edit(range: 8..<9, replacement: "z")], owner: 4), 0)
        XCTAssertEqual(EditApplication.apply(selector.edits.map(\.edit), to: Array("abc\ndefghijk\n".utf8)),
                       Array("abc\nlet a = 1\nlet b = 2\ndefgxiyk\n".utf8))
    }

    func testOffsetMapping() {
        let offsets = EditOffsets([Edit(range: 2..<4, replacement: "xyz"), .insert("++", at: 6)])
        XCTAssertEqual(offsets.map(1), 1)
        XCTAssertEqual(offsets.map(2), 2, "start of a replacement")
        XCTAssertNil(offsets.map(3), "swallowed from the middle")
        XCTAssertEqual(offsets.map(4), 5)
        XCTAssertEqual(offsets.map(6), 7, "an insertion at the offset does not move it")
        XCTAssertEqual(offsets.map(7), 10)
        XCTAssertEqual(EditOffsets([]).map(5), 5)
    }

    /// The binary search agrees with walking the edits one by one, on edit lists with
    /// insertions next to and at the start of replacements.
    func testOffsetMappingMatchesAWalkThroughTheEdits() {
        func walked(_ offset: Int, _ edits: [Edit]) -> Int? {
            var shift = 0
            for edit in edits {
                let range = edit.range
                if range.isEmpty {
                    if range.lowerBound < offset { shift += edit.replacement.count } else { break }
                } else if range.upperBound <= offset {
                    shift += edit.replacement.count - range.count
                } else if range.lowerBound < offset {
                    return nil
                } else {
                    break
                }
            }
            return offset + shift
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var edits: [Edit] = []
            var position = 0
            while position < 60 {
                position += Int.random(in: 0...4, using: &generator)
                let text = String(repeating: "x", count: Int.random(in: 0...3, using: &generator))
                if Bool.random(using: &generator) {
                    edits.append(.insert(text.isEmpty ? "y" : text, at: position))
                } else {
                    let length = Int.random(in: 1...5, using: &generator)
                    edits.append(Edit(range: position..<position + length, replacement: text))
                    position += length
                }
            }
            let offsets = EditOffsets(edits)
            for offset in 0...70 {
                XCTAssertEqual(offsets.map(offset), walked(offset, edits), "offset \(offset) through \(edits.map(\.range))")
            }
        }
    }
}
