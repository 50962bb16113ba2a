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

    /// For each of `hunks` (in file order), the rule ids whose fixes touch it, in order of
    /// first appearance, joined by `, `; nil when none does. The spans are swept once with
    /// the hunks, so a file with thousands of fixes is labelled in linear time.
    func labels(_ hunks: [Hunk]) -> [String?] {
        var old = SpanSweep(oldSpans), new = SpanSweep(newSpans)
        return hunks.map { hunk in
            var ids: [String] = []
            for id in old.ruleIDs(start: hunk.oldStart, count: hunk.oldCount) + new.ruleIDs(start: hunk.newStart, count: hunk.newCount)
            where !ids.contains(id) {
                ids.append(id)
            }
            return ids.isEmpty ? nil : ids.joined(separator: ", ")
        }
    }

    /// The spans that touch one hunk after another, for hunks given in file order: spans
    /// join when the hunks reach their first line and leave once a hunk starts after them.
    private struct SpanSweep {
        let spans: [(ruleID: String, first: Int, last: Int)]
        /// Span indices by first line.
        let byFirst: [Int]
        var next = 0
        var active: [Int] = []
        var previousFirst = Int.min

        init(_ spans: [(ruleID: String, first: Int, last: Int)]) {
            self.spans = spans
            byFirst = spans.indices.sorted { (spans[$0].first, $0) < (spans[$1].first, $1) }
        }

        /// The rule ids of the spans touching the lines of a hunk's side (`start`, `count`
        /// as in the hunk), in the order of the spans.
        mutating func ruleIDs(start: Int, count: Int) -> [String] {
            // An empty side sits after line `start`; the fix's lines are next to it.
            let first = start, last = count == 0 ? start + 1 : start + count - 1
            if first < previousFirst { next = 0; active = [] }  // not in file order: start over
            previousFirst = first
            while next < byFirst.count && spans[byFirst[next]].first <= last {
                active.append(byFirst[next])
                next += 1
            }
            active.removeAll { spans[$0].last < first }
            return active.sorted().map { spans[$0].ruleID }
        }
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
        let labels = HunkRules(outcome).labels(hunks)
        func rendered(color: Bool) -> [UInt8] {
            UnifiedDiff.render(hunks, labels: labels, header: UnifiedDiff.header(path: path, color: color), color: color)
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
