// The one check every golden case goes through: it runs the engine with the
// case's rule and checks all the invariants, returning what failed rather than asserting.
import Codemod
import SwiftCST

/// The result of checking one case: the output the rule produced and every invariant it broke.
struct GoldenCheck {
    var output: [UInt8]
    /// The first run's findings on the input, as a `.findings` file holds them.
    var findings: String
    var failures: [String]

    /// Runs `rule` alone over `input` as `options` say and checks, comparing raw bytes:
    /// - the output equals `expected` (unless `compareOutput` is false, when re-blessing);
    /// - input and output each print back exactly from their parse, as a partition;
    /// - the output has no more parse diagnostics than the input;
    /// - a second run over the output applies nothing (idempotence) and reports nothing the
    ///   first run did not report and leave unfixed;
    /// - fixes were applied exactly when the text changed;
    /// - `// bodywork:disable-file <rule-id>` on top of the input leaves that text unchanged;
    /// - the engine left no note (no reverted fix, no failure to converge).
    ///
    /// The project index of each run holds the file being run over and the `support` files.
    static func run(rule: any Rule, input: [UInt8], expected: [UInt8], options: GoldenOptions,
                    path: String, support: [GoldenSupportFile] = [], compareOutput: Bool = true) -> GoldenCheck {
        var failures: [String] = []
        let engine = GoldenCheck.engine(rule: rule, options: options)
        func context(for bytes: [UInt8]) -> RuleContext {
            let trees = [(path: path, tree: SyntaxTree.parse(bytes))] + support.map { (path: $0.path, tree: SyntaxTree.parse($0.bytes)) }
            return RuleContext(path: path, deploymentTargets: options.deploymentTargets,
                               swiftLanguageMode: options.swiftLanguageMode, options: options.ruleOptions,
                               index: ProjectIndexBuilder.build(trees))
        }

        let first = engine.run(bytes: input, context: context(for: input))
        let output = first.output
        if compareOutput && output != expected {
            failures.append("output differs from the expected file (- expected, + actual):\n"
                            + VisibleDiff.render(expected: expected, actual: output))
        }

        let inputTree = SyntaxTree.parse(input)
        failures += roundTripFailures(of: input, tree: inputTree, named: "input")
        let outputTree = SyntaxTree.parse(output)
        if output != input { failures += roundTripFailures(of: output, tree: outputTree, named: "output") }
        if outputTree.diagnostics.count > inputTree.diagnostics.count {
            failures.append("the output has \(outputTree.diagnostics.count) parse diagnostics, the input \(inputTree.diagnostics.count)")
        }

        // A message is one sentence of at most 160 characters; a withheld reason is its own
        // field, never repeated in the message.
        for item in first.findings {
            let message = item.finding.message
            if message.count > 160 { failures.append("a message of \(message.count) characters (at most 160): \(message)") }
            if let reason = item.finding.withheldReason, message.contains(reason) {
                failures.append("the message repeats its withheld reason: \(message)")
            }
        }

        let applied = first.findings.filter { $0.status == .fixed }
        if applied.isEmpty && first.changed {
            failures.append("the text changed but no finding reports an applied fix")
        }
        if !applied.isEmpty && !first.changed {
            failures.append("\(applied.count) fix(es) reported applied but the text did not change")
        }
        for note in first.notes { failures.append("engine note for \(note.ruleID): \(note.message)") }

        let second = engine.run(bytes: output, context: context(for: output))
        if second.output != output {
            failures.append("not idempotent: a second run changes the output (- first output, + second):\n"
                            + VisibleDiff.render(expected: output, actual: second.output))
        } else if second.findings.contains(where: { $0.status == .fixed }) {
            failures.append("not idempotent: a second run reports applied fixes")
        }
        failures += leftBehindFailures(first: first, second: second)

        let disabled = disableLine(for: rule.id, matching: input) + input
        let suppressed = engine.run(bytes: disabled, context: context(for: disabled))
        if suppressed.output != disabled {
            failures.append("`// bodywork:disable-file \(rule.id)` did not suppress the rule (- input with the comment, + output):\n"
                            + VisibleDiff.render(expected: disabled, actual: suppressed.output))
        }
        return GoldenCheck(output: output, findings: findingsText(first, input: input), failures: failures)
    }

    /// One line per finding of the input (`line:column severity (what became of its fix):
    /// message`), its withheld reason indented on the next line.
    static func findingsText(_ outcome: FileOutcome, input: [UInt8]) -> String {
        let lines = SourceLocationConverter(input)
        var text = ""
        for item in outcome.findings where item.round == 1 {
            let (line, column) = lines.location(of: item.finding.range.lowerBound)
            let fix: String
            switch item.status {
            case .fixed: fix = "fixed"
            case .noFix: fix = item.finding.withheldReason == nil ? "report" : "withheld"
            case .suggestedNotApplied: fix = "suggested"
            case .dropped: fix = "dropped"
            }
            text += "\(line):\(column) \(item.finding.severity.rawValue) (\(fix)): \(item.finding.message)\n"
            if let reason = item.finding.withheldReason { text += "    reason: \(reason)\n" }
        }
        return text
    }

    /// A fix must not leave behind a finding of its rule: every finding of the second run
    /// (on the output) must be one the first run reported and did not fix, whatever its
    /// severity, so that `--check`, strict or not, passes on code the rule just wrote.
    static func leftBehindFailures(first: FileOutcome, second: FileOutcome) -> [String] {
        var unfixed: [String: Int] = [:]
        // Round 1 saw the input; findings first seen in later rounds were made by fixes.
        for outcome in first.findings where outcome.status != .fixed && outcome.round == 1 {
            unfixed[outcome.finding.ruleID + "\u{0}" + outcome.finding.message, default: 0] += 1
        }
        var failures: [String] = []
        for outcome in second.findings {
            let key = outcome.finding.ruleID + "\u{0}" + outcome.finding.message
            if let count = unfixed[key], count > 0 {
                unfixed[key] = count - 1
            } else {
                failures.append("the fixes left behind a new \(outcome.finding.severity.rawValue) of \(outcome.finding.ruleID): \(outcome.finding.message)")
            }
        }
        return failures
    }

    static func engine(rule: any Rule, options: GoldenOptions) -> Engine {
        Engine(rules: [rule], options: EngineOptions(
            applySuggestedFixes: options.applySuggestedFixes,
            ruleOptions: options.ruleOptions.isEmpty ? [:] : [rule.id: options.ruleOptions]))
    }

    static func roundTripFailures(of bytes: [UInt8], tree: SyntaxTree, named name: String) -> [String] {
        var failures: [String] = []
        let printed = tree.printed()
        if printed != bytes {
            failures.append("the \(name) does not print back from its parse (- \(name), + printed):\n"
                            + VisibleDiff.render(expected: bytes, actual: printed))
        }
        if !tree.isPartition { failures.append("the tokens of the \(name) are not a partition of its bytes") }
        return failures
    }

    /// `// bodywork:disable-file <id>` and the file's own line ending (CRLF when its first
    /// line ends so).
    static func disableLine(for ruleID: String, matching bytes: [UInt8]) -> [UInt8] {
        var lineEnd: [UInt8] = [UInt8(ascii: "\n")]
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > 0, bytes[newline - 1] == UInt8(ascii: "\r") {
            lineEnd = [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
        }
        return Array("// bodywork:disable-file \(ruleID)".utf8) + lineEnd
    }
}
