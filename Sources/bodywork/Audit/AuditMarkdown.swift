// The audit as Markdown, for a pull request or an issue: per project the causes, the
// modules, the ranked views, then each view's findings with excerpt and fix diff, and for
// the top views the measurement and test that would confirm them.

/// Renders an audit as Markdown.
enum AuditMarkdown {
    static func render(_ audit: Audit) -> String {
        var out = "# SwiftUI performance audit\n\n"
        out += "\(plural(audit.filesScanned, "file")) scanned: \(plural(audit.findingCount, "finding")) in "
            + "\(plural(audit.viewCount, "view")), \(plural(audit.quickWins, "quick win")). "
            + (audit.evidence == nil ? "Every finding is **\(auditStatus)** until a measurement confirms it.\n\n"
               : "\(EvidenceText.statusSentence(audit))\n\n")
        out += "_\(AuditPriority.explanation)_\n"
        if let comparison = audit.comparison { out += "\nCompared with `\(comparison.previousPath)`: \(comparison.summary).\n" }
        for problem in audit.skipped { out += "\n- skipped `\(problem.path)`: \(problem.reason)" }
        if !audit.skipped.isEmpty { out += "\n" }
        for section in audit.sections { out += render(section, top: audit.top, comparing: audit.comparison != nil) }
        if let comparison = audit.comparison, !comparison.fixed.isEmpty {
            out += "\n## Fixed since `\(comparison.previousPath)`\n\n| Project | View | Rule | Was at | Message |\n|---|---|---|---|---|\n"
            for fixed in comparison.fixed {
                out += "| \(cell(fixed.project)) | \(cell(fixed.view)) | `\(fixed.rule)` | `\(cell(fixed.path)):\(fixed.line)` | "
                    + "\(cell(fixed.message)) |\n"
            }
        }
        out += EvidenceMarkdown.section(audit)
        return out
    }

    private static func render(_ section: AuditSection, top: Int, comparing: Bool) -> String {
        var out = "\n## \(section.name) (\(section.kind), `\(section.path)`)\n\n"
        // A project without findings is a line, not tables of zeros (and comes last).
        if section.findings.isEmpty { return out + "Nothing found.\n" }
        out += "\(plural(section.findings.count, "finding")), score \(section.score), \(plural(section.quickWins, "quick win")).\n\n"
        out += "| Cause | Findings | Score |\n|---|---:|---:|\n"
        for count in section.categoryCounts { out += "| \(count.category.title) | \(count.findings) | \(count.score) |\n" }
        out += "\n| Module | Files | Findings | Score | Quick wins |\n|---|---:|---:|---:|---:|\n"
        for module in section.modules {
            out += "| \(cell(module.name)) | \(module.files) | \(module.findings) | \(module.score) | \(module.quickWins) |\n"
        }
        guard !section.views.isEmpty else { return out + "\nNothing found.\n" }
        let measured = section.views.contains { $0.evidence != nil }
        out += "\n| # | View | Module | Score | " + (measured ? "Measured | " : "") + "Findings | " + (comparing ? "New | " : "")
            + "Quick wins | Fix lines | Main cause |\n"
            + "|---:|---|---|---:|" + (measured ? "---:|" : "") + "---:|" + (comparing ? "---:|" : "") + "---:|---:|---|\n"
        for (rank, view) in section.views.enumerated() {
            let new = view.findings.filter { $0.change == .new }.count
            let once = view.runsPerUpdate || view.findings.isEmpty ? "" : " (once or on events)"
            out += "| \(rank + 1) | \(cell(view.name))\(once) | \(cell(view.module)) | \(view.score) | "
                + (measured ? EvidenceMarkdown.cell(view) + " | " : "") + "\(view.findings.count) | "
                + (comparing ? "\(new) | " : "") + "\(view.quickWins) | \(view.fixSize?.text ?? "–") | "
                + "\(view.findings.isEmpty ? "—" : view.mainCategory.title) |\n"
        }
        for (rank, view) in section.views.enumerated() {
            out += "\n### \(rank + 1). \(view.name) — score \(view.score)\n\n"
            out += "`\(view.path)` (\(view.kind), module \(view.module))\n"
            out += EvidenceMarkdown.viewLines(view)
            if !view.runsPerUpdate && !view.findings.isEmpty { out += "\nEvery finding here runs once or on an event, not per update.\n" }
            for finding in view.findings { out += render(finding) }
            guard section.isTop(rank: rank + 1, top: top) else { continue }
            out += view.evidence == nil ? "\n**To confirm:**\n\n" : "\n**To measure again:**\n\n"
            for measurement in view.measurements { out += "- \(measurement.category.title): \(measurement.how)\n" }
            out += "\nA UI performance test to paste:\n\n```swift\n\(view.testScaffold)```\n"
        }
        return out
    }

    private static func render(_ finding: AuditFinding) -> String {
        let place = finding.url.map { "[`\(finding.path):\(finding.line)`](\($0))" } ?? "`\(finding.path):\(finding.line)`"
        var out = "\n#### \(finding.category.title): `\(finding.ruleID)` at \(place)"
            + (finding.isQuickWin ? " — quick win" : "") + (finding.change == .new ? " — new" : "") + "\n\n"
        out += "\(finding.message)\n\n"
        if !finding.cost.isEmpty { out += "Why it costs here: \(finding.cost)\n\n" }
        if !finding.explanation.isEmpty { out += "> \(finding.explanation)\n\n" }
        out += "- Status: \(finding.status)\n"
        out += "- Priority \(finding.score): \(finding.scoreExplanation); \(finding.placeReason)\n"
        out += "- Fix: \(finding.fixText)" + (finding.fixSize.map { " (\($0.text) lines)" } ?? "") + "\n\n"
        out += "```swift\n"
        for (offset, line) in finding.excerpt.enumerated() { out += "\(finding.excerptStart + offset)  \(line)\n" }
        out += "```\n"
        if !finding.diff.isEmpty { out += "\n```diff\n\(finding.diff)```\n" }
        return out
    }

    /// Text safe in a table cell.
    private static func cell(_ text: String) -> String {
        text.replacingAll("|", with: "\\|")
    }
}
