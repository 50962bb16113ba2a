// TEST-ONLY rules: they exist so the end-to-end tests can exercise fixes, suggestions and
// report-only findings on a built binary. Only `bodywork-testing` has them (active when the
// environment variable BODYWORK_TEST_RULES is `1`); the shipping `bodywork` never does.
import Codemod
import SwiftCST

/// The test-only rules, added to the registry's by `bodywork-testing` when asked for.
let testOnlyRules: [any Rule] = [TestRenameFoo(), TestSuggestRename(), TestReportOnly(), TestNoteOnly(),
                                 TestTangleRename(), TestTangleCall()]

/// Test-only: rewrites the identifier `fooBar` to `barFoo` (a safe fix).
struct TestRenameFoo: Rule {
    let id = "test-rename-foo"
    let summary = "Test-only: renames fooBar to barFoo."
    let documentation = "Test-only rule, active with BODYWORK_TEST_RULES=1.\n\nBefore: let fooBar = 1\nAfter:  let barFoo = 1"

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        identifierRanges(of: "fooBar", in: tree.bytes).map { range in
            Finding(ruleID: id, range: range, message: "'fooBar' should be named 'barFoo'",
                    fix: Fix(edits: [Edit(range: range, replacement: "barFoo")], summary: "rename to barFoo"))
        }
    }
}

/// Test-only: offers a `suggested` fix from `bazQux` to `quxBaz`.
struct TestSuggestRename: Rule {
    let id = "test-suggest-baz"
    let summary = "Test-only: suggests renaming bazQux to quxBaz."
    let documentation = "Test-only rule, active with BODYWORK_TEST_RULES=1. Its fix is suggested, applied only with --unsafe-fixes."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        identifierRanges(of: "bazQux", in: tree.bytes).map { range in
            Finding(ruleID: id, range: range, message: "'bazQux' could be named 'quxBaz'",
                    fix: Fix(edits: [Edit(range: range, replacement: "quxBaz")], safety: .suggested, summary: "rename to quxBaz"))
        }
    }
}

/// Test-only: reports every `reportMe` identifier without a fix.
struct TestReportOnly: Rule {
    let id = "test-report-only"
    let summary = "Test-only: reports reportMe, with no fix."
    let documentation = "Test-only rule, active with BODYWORK_TEST_RULES=1. It reports and never edits."
    let isEnabledByDefault = true

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        identifierRanges(of: "reportMe", in: tree.bytes).map { range in
            Finding(ruleID: id, range: range, message: "'reportMe' is reported")
        }
    }
}

/// Test-only: reports every `noteMe` identifier as a note, with no fix.
struct TestNoteOnly: Rule {
    let id = "test-note-only"
    let summary = "Test-only: notes noteMe, with no fix."
    let documentation = "Test-only rule, active with BODYWORK_TEST_RULES=1. It reports notes and never edits."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        identifierRanges(of: "noteMe", in: tree.bytes).map { range in
            Finding(ruleID: id, range: range, message: "'noteMe' is noted", severity: .note)
        }
    }
}

/// Test-only: renames `tangle` to `alpha`. With `TestTangleCall`, whose fix of `(tangle`
/// starts one byte earlier and wins when both run at once, the result depends on whether
/// the rules' fixes are applied together or one rule after the other.
struct TestTangleRename: Rule {
    let id = "test-tangle-rename"
    let summary = "Test-only: renames tangle to alpha."
    let documentation = "Test-only rule, active with BODYWORK_TEST_RULES=1."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        identifierRanges(of: "tangle", in: tree.bytes).map { range in
            Finding(ruleID: id, range: range, message: "'tangle' should be named 'alpha'",
                    fix: Fix(edits: [Edit(range: range, replacement: "alpha")], summary: "rename to alpha"))
        }
    }
}

/// Test-only: rewrites `(tangle` to `(beta` (see `TestTangleRename`).
struct TestTangleCall: Rule {
    let id = "test-tangle-call"
    let summary = "Test-only: passes beta where tangle is passed."
    let documentation = "Test-only rule, active with BODYWORK_TEST_RULES=1."

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        identifierRanges(of: "tangle", in: tree.bytes).filter { $0.lowerBound > 0 && tree.bytes[$0.lowerBound - 1] == UInt8(ascii: "(") }
            .map { range in
                let call = (range.lowerBound - 1)..<range.upperBound
                return Finding(ruleID: id, range: call, message: "pass 'beta'",
                               fix: Fix(edits: [Edit(range: call, replacement: "(beta")], summary: "pass beta"))
            }
    }
}

/// Byte ranges where `word` occurs with no identifier byte on either side.
private func identifierRanges(of word: StaticString, in bytes: [UInt8]) -> [Range<Int>] {
    let needle = word.withUTF8Buffer { Array($0) }
    func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || byte >= 0x80
    }
    var ranges: [Range<Int>] = []
    var i = 0
    while i + needle.count <= bytes.count {
        if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle)
            && (i == 0 || !isIdentifierByte(bytes[i - 1]))
            && (i + needle.count == bytes.count || !isIdentifierByte(bytes[i + needle.count])) {
            ranges.append(i..<(i + needle.count))
            i += needle.count
        } else {
            i += 1
        }
    }
    return ranges
}
