// One file's fixes taken one by one, for `--interactive` (the user picks) and `--verify`
// (the build picks): the text a chosen subset of whole fixes produces, never part of a fix.
import Codemod
import Patch
import SwiftCST

/// The fixes of one engine outcome that stand on their own: those reported in the first
/// round and applied, each with edits into the original text that collide with no other.
struct FileFixes {
    let outcome: FileOutcome
    /// Indices into `outcome.findings`, in report order.
    let candidates: [Int]
    /// Whether the output holds fixes that are not candidates (made possible by other fixes,
    /// in later rounds, or first dropped for a collision): those are applied only together
    /// with every candidate, as the whole output.
    let hasDependentFixes: Bool

    init(_ outcome: FileOutcome) {
        self.outcome = outcome
        var candidates: [Int] = []
        var taken: [Range<Int>] = []
        var dependent = false
        for (index, item) in outcome.findings.enumerated() where item.status == .fixed {
            guard item.round <= 1, let fix = item.finding.fix, !fix.edits.isEmpty,
                  fix.edits.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= outcome.original.count }),
                  !fix.edits.contains(where: { edit in taken.contains { FileFixes.collide($0, edit.range) } }) else {
                dependent = true
                continue
            }
            taken += fix.edits.map(\.range)
            candidates.append(index)
        }
        self.candidates = candidates
        hasDependentFixes = dependent
    }

    /// The finding of candidate `number` (an index into `candidates`).
    func finding(_ number: Int) -> Finding { outcome.findings[candidates[number]].finding }

    /// The text with exactly the candidates numbered in `accepted` applied: the engine's
    /// output when all are (and nothing depends on another fix), the original when none
    /// is. Nil when the result parses with more errors than the original.
    func output(accepting accepted: Set<Int>) -> [UInt8]? {
        if accepted.isEmpty { return outcome.original }
        if accepted.count == candidates.count && !hasDependentFixes { return outcome.output }
        var edits: [(edit: Edit, fix: Int, order: Int)] = []
        for number in accepted {
            for (order, edit) in finding(number).fix!.edits.enumerated() { edits.append((edit, number, order)) }
        }
        // By offset; at one offset insertions first, then a fix's own edits in its order.
        edits.sort { a, b in
            if a.edit.range.lowerBound != b.edit.range.lowerBound { return a.edit.range.lowerBound < b.edit.range.lowerBound }
            if a.edit.range.isEmpty != b.edit.range.isEmpty { return a.edit.range.isEmpty }
            return (a.fix, a.order) < (b.fix, b.order)
        }
        var output: [UInt8] = []
        output.reserveCapacity(outcome.original.count)
        var position = 0
        for (edit, _, _) in edits {
            guard edit.range.lowerBound >= position else { return nil }
            output += outcome.original[position..<edit.range.lowerBound]
            output += edit.replacement
            position = edit.range.upperBound
        }
        output += outcome.original[position...]
        guard SyntaxTree.parse(output).diagnostics.count <= outcome.parseErrorCount else { return nil }
        return output
    }

    /// Why a fix is not in the output: given its candidate number, or nil for a fix that
    /// is not a candidate.
    typealias Reason = (_ candidate: Int?) -> String

    /// The outcome as it is with only `accepted` applied and `output` written: the other
    /// fixes marked dropped, so reports and hunk labels tell the truth.
    func outcome(accepting accepted: Set<Int>, output: [UInt8], reason: Reason) -> FileOutcome {
        var result = outcome
        // The engine's own output holds every fix, whatever was asked for.
        if output == outcome.output { return result }
        result.output = output
        var numbers: [Int: Int] = [:]
        for (number, index) in candidates.enumerated() { numbers[index] = number }
        for index in result.findings.indices where result.findings[index].status == .fixed {
            let number = numbers[index]
            if let number, accepted.contains(number) { continue }
            result.findings[index].status = .dropped(reason(number))
        }
        return result
    }

    /// `report` (made from this outcome) with the fixes that are not in `accepted` shown as
    /// withheld for their reason, and `changed` set from `output`.
    func report(_ report: FileReport, accepting accepted: Set<Int>, output: [UInt8], reason: Reason) -> FileReport {
        var report = report
        report.changed = output != outcome.original
        let filtered = self.outcome(accepting: accepted, output: output, reason: reason)
        let before = FileProcessor.reportedOutcomes(outcome)
        let after = FileProcessor.reportedOutcomes(filtered)
        var matched = Set<Int>()
        let original = SourceLocationConverter(outcome.original)
        var output: SourceLocationConverter?
        for (old, new) in zip(before, after) where old.status == .fixed && new.status != .fixed {
            if old.round > 1 && output == nil { output = SourceLocationConverter(outcome.output) }
            let location = (old.round <= 1 ? original : output!).location(of: old.finding.range.lowerBound)
            guard let index = report.findings.indices.first(where: { index in
                let item = report.findings[index]
                return !matched.contains(index) && item.fix == .applied && item.ruleID == old.finding.ruleID
                    && item.message == old.finding.message && item.line == location.line && item.column == location.column
            }) else { continue }
            matched.insert(index)
            guard case .dropped(let why) = new.status else { continue }
            report.findings[index].fix = .withheld
            report.findings[index].reason = why
            report.findings[index].wasDropped = true
        }
        return report
    }

    /// Whether two edit ranges of different fixes would collide (as the engine judges):
    /// they intersect, or one is an insertion at or inside the other's bounds.
    private static func collide(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty || b.isEmpty {
            let (point, other) = a.isEmpty ? (a.lowerBound, b) : (b.lowerBound, a)
            return point >= other.lowerBound && point <= other.upperBound
        }
        return a.overlaps(b)
    }
}
