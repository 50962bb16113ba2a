// The run's totals, gathered file by file as results stream past, and the summary that
// ends every run on standard error (and the `summary` object of the JSON report).
import Codemod

/// How often each outcome happened for one rule.
struct RuleTally {
    var found = 0
    var applied = 0
    var suggested = 0
    var withheld = 0
    var reportOnly = 0
}

/// Counts over a whole run.
struct RunTotals {
    var filesScanned = 0
    var filesChanged = 0
    var filesWritten = 0
    var filesWithParseErrors = 0
    var excluded = 0
    var bytes = 0
    var skipped: [SkippedFile] = []
    var writeFailures: [SkippedFile] = []
    var byRule: [String: RuleTally] = [:]
    var withheldReasons: [String: Int] = [:]
    var droppedReasons: [String: Int] = [:]
    var engineNotes: [(path: String, note: EngineNote)] = []
    var notices: [String] = []
    var remainingFindings = 0
    /// Remaining findings whose severity is `note`: `--check` fails on them only with `--strict`.
    var remainingNotes = 0
    /// Findings a baseline hid.
    var hiddenByBaseline = 0

    var findingCount: Int { byRule.values.reduce(0) { $0 + $1.found } }
    var fixCount: Int { byRule.values.reduce(0) { $0 + $1.applied } }
    /// Files that could not be processed or written: the run exits 3.
    var hasFileErrors: Bool { !skipped.isEmpty || !writeFailures.isEmpty }

    mutating func add(_ report: FileReport) {
        if let reason = report.skipReason {
            skipped.append(SkippedFile(path: report.path, reason: reason))
            return
        }
        filesScanned += 1
        bytes += report.byteCount
        if report.changed { filesChanged += 1 }
        if report.written { filesWritten += 1 }
        if report.written && report.otherLinkCount > 0 {
            notices.append("\(FilePath.shown(report.path)) had \(plural(report.otherLinkCount, "other hard link")), "
                           + "which keep\(report.otherLinkCount == 1 ? "s" : "") the old content")
        }
        if report.parseErrorCount > 0 { filesWithParseErrors += 1 }
        if let error = report.writeError { writeFailures.append(SkippedFile(path: report.path, reason: error)) }
        for note in report.notes { engineNotes.append((report.path, note)) }
        hiddenByBaseline += report.hiddenByBaseline
        for finding in report.findings {
            var tally = byRule[finding.ruleID, default: RuleTally()]
            tally.found += 1
            switch finding.fix {
            case .applied: tally.applied += 1
            case .suggested: tally.suggested += 1
            case .withheld: tally.withheld += 1
            case .none: tally.reportOnly += 1
            }
            if finding.fix != .applied {
                remainingFindings += 1
                if finding.severity == .note { remainingNotes += 1 }
            }
            if finding.fix == .withheld {
                let reason = finding.reason ?? "no reason given"
                if finding.wasDropped { droppedReasons[reason, default: 0] += 1 } else { withheldReasons[reason, default: 0] += 1 }
            }
            byRule[finding.ruleID] = tally
        }
    }

    /// Counts a finding that belongs to no file of the run (a baseline entry of a file that
    /// no longer exists).
    mutating func addStray(_ finding: ReportedFinding) {
        byRule[finding.ruleID, default: RuleTally()].found += 1
        byRule[finding.ruleID, default: RuleTally()].reportOnly += 1
        remainingFindings += 1
        if finding.severity == .note { remainingNotes += 1 }
    }

    /// The `summary` object of the JSON report (no timings, so that output is reproducible).
    func json(mode: RunMode) -> JSONText {
        .object([
            ("mode", .string(mode.rawValue)),
            ("filesScanned", .integer(filesScanned)),
            ("filesChanged", .integer(filesChanged)),
            ("filesWritten", .integer(filesWritten)),
            ("filesSkipped", .integer(skipped.count)),
            ("findings", .integer(findingCount)),
            ("fixesApplied", .integer(fixCount)),
            ("rules", .object(byRule.keys.sorted().map { id in
                let tally = byRule[id]!
                return (id, .object([("findings", .integer(tally.found)), ("applied", .integer(tally.applied)),
                                     ("suggested", .integer(tally.suggested)), ("withheld", .integer(tally.withheld)),
                                     ("none", .integer(tally.reportOnly))]))
            })),
        ])
    }

    /// The human summary for standard error.
    func text(mode: RunMode, seconds: Double) -> String {
        var lines: [String] = []
        var head = "bodywork: \(plural(filesScanned, "file")) scanned"
        switch mode {
        case .apply, .interactive: head += ", \(filesWritten) changed"
        case .preview, .lint: head += ", \(filesChanged) would change"
        }
        if !skipped.isEmpty { head += ", \(skipped.count) skipped" }
        if !writeFailures.isEmpty { head += ", \(writeFailures.count) not written" }
        head += ", \(plural(findingCount, "finding")), \(plural(fixCount, "fix", "fixes"))"
        head += " (\(oneDecimal(seconds)) s)"  // the throughput is in --timings
        lines.append(head)

        if !skipped.isEmpty {
            lines.append("  skipped:")
            lines += grouped(skipped).map { "    " + $0 }
        }
        if !writeFailures.isEmpty {
            lines.append("  not written:")
            lines += writeFailures.map { "    \($0.reason)" }
        }
        if excluded > 0 { lines.append("  excluded: \(plural(excluded, "file"))") }
        if hiddenByBaseline > 0 { lines.append("  baseline: \(plural(hiddenByBaseline, "finding")) hidden") }
        if filesWithParseErrors > 0 {
            lines.append("  parse errors in \(plural(filesWithParseErrors, "file")) (fixes there are kept only if they add none)")
        }
        if !byRule.isEmpty {
            lines.append("  findings by rule:")
            let width = byRule.keys.map(\.count).max() ?? 0
            for id in byRule.keys.sorted() {
                let tally = byRule[id]!
                var parts = ["\(tally.found) found"]
                if tally.applied > 0 { parts.append("\(tally.applied) \(mode == .lint ? "fixable" : mode == .preview ? "would fix" : "fixed")") }
                if tally.suggested > 0 { parts.append("\(tally.suggested) suggested (--unsafe-fixes applies them)") }
                if tally.withheld > 0 { parts.append("\(tally.withheld) withheld") }
                if tally.reportOnly > 0 { parts.append("\(tally.reportOnly) report only") }
                lines.append("    " + id.padding(to: width) + "  " + parts.joined(separator: ", "))
            }
        }
        if !withheldReasons.isEmpty {
            lines.append("  fixes withheld:")
            lines += RunTotals.reasonLines(withheldReasons)
        }
        if !droppedReasons.isEmpty {
            lines.append("  fixes dropped:")
            lines += RunTotals.reasonLines(droppedReasons)
        }
        if !engineNotes.isEmpty {
            lines.append("  engine notes:")
            lines += engineNotes.map { "    \(FilePath.shown($0.path)): \($0.note.ruleID): \($0.note.message)" }
        }
        for notice in notices { lines.append("  note: \(notice)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reasons with their counts, most frequent first (then by text), in at most ten lines:
    /// the rest are counted on the last line.
    static func reasonLines(_ reasons: [String: Int], limit: Int = 10) -> [String] {
        let sorted = reasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        guard sorted.count > limit else { return sorted.map { "    \($0.key) (\($0.value))" } }
        let shown = sorted.prefix(limit - 1)
        let rest = sorted.dropFirst(limit - 1)
        return shown.map { "    \($0.key) (\($0.value))" }
            + ["    \(rest.count) other reasons (\(rest.reduce(0) { $0 + $1.value }))"]
    }

    /// `reason (count): path, path, …`, at most ten paths per reason.
    private func grouped(_ files: [SkippedFile]) -> [String] {
        var order: [String] = []
        var paths: [String: [String]] = [:]
        for file in files {
            if paths[file.reason] == nil { order.append(file.reason) }
            paths[file.reason, default: []].append(FilePath.shown(file.path))
        }
        return order.map { reason in
            let list = paths[reason]!
            var shown = list.prefix(10).joined(separator: ", ")
            if list.count > 10 { shown += ", and \(list.count - 10) more" }
            return "\(reason) (\(list.count)): \(shown)"
        }
    }
}

/// `1 file`, `2 files`.
func plural(_ count: Int, _ singular: String, _ pluralForm: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : pluralForm ?? singular + "s")"
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
