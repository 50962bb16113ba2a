// STUB: the interface the CLI codes against; the fixpoint engine fills it in.
import SwiftCST

public struct EngineOptions: Sendable {
    /// Apply `suggested` fixes too (`--unsafe-fixes`), for every rule.
    public var applySuggestedFixes: Bool
    /// Rules whose `suggested` fixes the configuration asks to apply.
    public var suggestedFixRules: Set<String>
    /// Report suppression comments that suppressed nothing (`--report-unused-disables`).
    public var reportUnusedDisables: Bool
    /// Rounds of apply + re-parse before giving up on convergence.
    public var maxRounds: Int

    public init(applySuggestedFixes: Bool = false, suggestedFixRules: Set<String> = [],
                reportUnusedDisables: Bool = false, maxRounds: Int = 8) {
        self.applySuggestedFixes = applySuggestedFixes
        self.suggestedFixRules = suggestedFixRules
        self.reportUnusedDisables = reportUnusedDisables
        self.maxRounds = maxRounds
    }
}

/// What happened to one finding.
public enum FindingStatus: Sendable, Hashable {
    /// Its fix is in the output.
    case fixed
    /// It has no fix (report only); `withheldReason` on the finding may say why.
    case noFix
    /// Its fix is `suggested` and suggested fixes were not asked for.
    case suggestedNotApplied
    /// Its fix was dropped: it overlapped an earlier fix, or the rule's edits added parse
    /// errors, or the platform is too old. The string says which.
    case dropped(String)
}

public struct FindingOutcome: Sendable, Hashable {
    public var finding: Finding
    public var status: FindingStatus
    /// The round (1-based) in which the finding was reported; offsets of findings from
    /// round 1 refer to the original bytes, later rounds to that round's input.
    public var round: Int
}

/// A problem of the run itself, for the summary: a rule that did not converge, a rule
/// whose edits were reverted because they added parse errors.
public struct EngineNote: Sendable, Hashable {
    public var ruleID: String
    public var message: String
}

/// The result of running the rules over one file.
public struct FileOutcome: Sendable {
    public var original: [UInt8]
    public var output: [UInt8]
    /// Findings in report order (by offset, then rule id). Round-1 findings carry offsets
    /// into `original`; the reporters use only those for line and column.
    public var findings: [FindingOutcome]
    public var notes: [EngineNote]
    /// Parse diagnostics of the original.
    public var parseErrorCount: Int
    public var rounds: Int
    public var changed: Bool { output != original }
}

/// Runs rules over files, applying their fixes to a fixpoint.
public struct Engine: Sendable {
    public let rules: [any Rule]
    public let options: EngineOptions

    public init(rules: [any Rule], options: EngineOptions = EngineOptions()) {
        self.rules = rules
        self.options = options
    }

    public func run(bytes: [UInt8], context: RuleContext) -> FileOutcome {
        let tree = SyntaxTree.parse(bytes)
        var outcomes: [FindingOutcome] = []
        for rule in rules {
            for finding in rule.findings(in: tree, context: context) {
                outcomes.append(FindingOutcome(finding: finding, status: finding.fix == nil ? .noFix : .suggestedNotApplied, round: 1))
            }
        }
        return FileOutcome(original: bytes, output: bytes, findings: outcomes, notes: [],
                           parseErrorCount: tree.diagnostics.count, rounds: 1)
    }
}
