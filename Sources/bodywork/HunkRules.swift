// Which rules wrote each hunk of a file's diff, so the preview and patches name them
// after the hunk's `@@` line (`@@ -3,4 +3,4 @@ foreach-filter`).
import Codemod
import Patch
import SwiftCST

/// Labels the hunks of one file's diff with the ids of the rules whose fixes they hold.
struct HunkRules {
    /// Applied fixes as (rule id, first line, last line). Round-1 fixes are placed by
    /// their edits in the original text (the hunk's old side); fixes of later rounds by
    /// their finding in the output (the new side).
    private var oldSpans: [(ruleID: String, first: Int, last: Int)] = []
    private var newSpans: [(ruleID: String, first: Int, last: Int)] = []

    init(_ outcome: FileOutcome) {
        var original: SourceLocationConverter?
        var output: SourceLocationConverter?
        for item in outcome.findings where item.status == .fixed {
            guard let fix = item.finding.fix else { continue }
            if item.round <= 1 {
                if original == nil { original = SourceLocationConverter(outcome.original) }
                for edit in fix.edits {
                    oldSpans.append(HunkRules.span(edit.range, item.finding.ruleID, original!))
                }
            } else {
                if output == nil { output = SourceLocationConverter(outcome.output) }
                newSpans.append(HunkRules.span(item.finding.range, item.finding.ruleID, output!))
            }
        }
    }

    /// The rule ids whose fixes touch `hunk`, in order of first appearance, joined by
    /// `, `; nil when none does.
    func label(_ hunk: Hunk) -> String? {
        var ids: [String] = []
        func take(_ spans: [(ruleID: String, first: Int, last: Int)], start: Int, count: Int) {
            // An empty side sits after line `start`; the fix's lines are next to it.
            let first = start, last = count == 0 ? start + 1 : start + count - 1
            for span in spans where span.first <= last && span.last >= first && !ids.contains(span.ruleID) {
                ids.append(span.ruleID)
            }
        }
        take(oldSpans, start: hunk.oldStart, count: hunk.oldCount)
        take(newSpans, start: hunk.newStart, count: hunk.newCount)
        return ids.isEmpty ? nil : ids.joined(separator: ", ")
    }

    /// The whole diff of `outcome` with its hunks labelled.
    static func render(_ outcome: FileOutcome, path: String, context: Int) -> [UInt8] {
        render(outcome, path: path, context: context, colored: false).plain
    }

    /// The whole diff of `outcome` with its hunks labelled, and when `colored` is set the
    /// same diff colored for a terminal: the lines are compared once for both.
    static func render(_ outcome: FileOutcome, path: String, context: Int,
                       colored: Bool) -> (plain: [UInt8], colored: [UInt8]?) {
        let hunks = UnifiedDiff.hunks(old: outcome.original, new: outcome.output, context: context)
        if hunks.isEmpty { return ([], colored ? [] : nil) }
        let rules = HunkRules(outcome)
        func rendered(color: Bool) -> [UInt8] {
            var output = UnifiedDiff.header(path: path, color: color)
            for hunk in hunks { output += UnifiedDiff.renderHunk(hunk, color: color, label: rules.label(hunk)) }
            return output
        }
        return (rendered(color: false), colored ? rendered(color: true) : nil)
    }

    private static func span(_ range: Range<Int>, _ ruleID: String,
                             _ converter: SourceLocationConverter) -> (ruleID: String, first: Int, last: Int) {
        let first = converter.location(of: range.lowerBound).line
        let last = converter.location(of: max(range.lowerBound, range.upperBound - 1)).line
        return (ruleID, first, max(first, last))
    }
}
