// Rules for the engine tests that find their targets by scanning bytes, not tree shapes,
// so that the engine can be tested whatever the parser does.
import Codemod
import SwiftCST

/// A rule whose findings come from a closure over the file's bytes.
struct ByteScanRule: Rule {
    let id: String
    var summary: String { "test rule \(id)" }
    var documentation: String { "Finds byte patterns, for engine tests." }
    let scan: @Sendable ([UInt8], RuleContext) -> [Finding]
    var neededWords: [[StaticString]] = []

    init(id: String, scan: @escaping @Sendable ([UInt8], RuleContext) -> [Finding]) {
        self.id = id
        self.scan = scan
    }

    /// The rule, skipped by the engine on files without a word of each list.
    func needing(_ words: [[StaticString]]) -> ByteScanRule {
        var rule = self
        rule.neededWords = words
        return rule
    }

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] { scan(tree.bytes, context) }

    /// Replaces every occurrence of `pattern` with `replacement`; the finding covers the
    /// occurrence and says "`pattern` found".
    static func replacing(_ pattern: String, with replacement: String, id: String, safety: FixSafety = .safe,
                          platforms: [Platform: Version] = [:]) -> ByteScanRule {
        ByteScanRule(id: id) { bytes, _ in
            occurrences(of: pattern, in: bytes).map { range in
                Finding(ruleID: id, range: range, message: "`\(pattern)` found",
                        fix: Fix(edits: [Edit(range: range, replacement: replacement)], safety: safety, platforms: platforms))
            }
        }
    }
}

/// Non-overlapping occurrences of `pattern` in `bytes`, left to right.
func occurrences(of pattern: String, in bytes: [UInt8]) -> [Range<Int>] {
    let needle = Array(pattern.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
    var result: [Range<Int>] = []
    var i = 0
    while i <= bytes.count - needle.count {
        if bytes[i..<i + needle.count].elementsEqual(needle) {
            result.append(i..<i + needle.count)
            i += needle.count
        } else {
            i += 1
        }
    }
    return result
}

extension Engine {
    /// Runs over `text` with a default context.
    func run(_ text: String, context: RuleContext = RuleContext(path: "Test.swift")) -> FileOutcome {
        run(bytes: Array(text.utf8), context: context)
    }
}

extension FileOutcome {
    var outputText: String { String(decoding: output, as: UTF8.self) }

    /// The outcomes of one rule, in report order.
    func outcomes(of ruleID: String) -> [FindingOutcome] { findings.filter { $0.finding.ruleID == ruleID } }
}
