// The audit on a terminal: per project, the causes found and the ten (or `--top`) views
// to look at first, with a pointer to the full reports.

/// Renders the terminal summary of an audit.
enum AuditText {
    /// One line: files, findings, views, quick wins.
    static func oneLine(_ audit: Audit) -> String {
        "bodywork audit: \(plural(audit.filesScanned, "file")) scanned, \(plural(audit.findingCount, "finding")) in "
            + "\(plural(audit.viewCount, "view")), \(plural(audit.quickWins, "quick win")), \(EvidenceText.statusPhrase(audit))"
    }

    static func render(_ audit: Audit) -> String {
        var out = oneLine(audit) + "\n"
        if let comparison = audit.comparison { out += "compared with \(comparison.previousPath): \(comparison.summary)\n" }
        let comparing = audit.comparison != nil
        var clean: [String] = []
        for section in audit.sections {
            let causes = section.categoryCounts.filter { $0.findings > 0 }
            guard !causes.isEmpty || section.views.contains(where: { $0.evidence != nil }) else {
                clean.append(section.name)
                continue
            }
            out += "\n\(section.name) (\(section.kind), \(section.path)): \(plural(section.findings.count, "finding")), score \(section.score)\n"
            out += "  causes: " + causes.map { "\($0.category.title.lowercased()) \($0.findings)" }.joined(separator: ", ") + "\n"
            // The top views: those measured and those with a finding that runs per update (they rank first).
            let shown = section.views.prefix(audit.top).prefix { $0.runsPerUpdate || $0.evidence != nil }
            let nameWidth = max(4, shown.map(\.name.count).max() ?? 4)
            let sizes = shown.map { $0.fixSize?.text ?? "-" }
            let sizeWidth = max(11, (sizes.map(\.count).max() ?? 0) + 2)
            if !shown.isEmpty {
                out += "  " + "#".padding(to: 4) + "view".padding(to: nameWidth + 2) + "score".padding(to: 7)
                    + "findings".padding(to: 10) + (comparing ? "new".padding(to: 5) : "") + "quick".padding(to: 7)
                    + "fix lines".padding(to: sizeWidth) + "main cause\n"
            }
            for (rank, view) in shown.enumerated() {
                let new = view.findings.filter { $0.change == .new }.count
                out += "  " + "\(rank + 1)".padding(to: 4) + view.name.padding(to: nameWidth + 2) + "\(view.score)".padding(to: 7)
                    + "\(view.findings.count)".padding(to: 10) + (comparing ? "\(new)".padding(to: 5) : "")
                    + "\(view.quickWins)".padding(to: 7) + sizes[rank].padding(to: sizeWidth)
                    + (view.findings.isEmpty ? "—" : view.mainCategory.title.lowercased()) + "\n"
                if let first = view.findings.first {
                    out += "      \(FilePath.shown(first.path)):\(first.line): \(first.ruleID) — \(first.placeReason)\n"
                }
                if let line = EvidenceTerminal.viewLine(view) { out += line }
            }
            let rest = section.views.count - shown.count
            let once = section.views.filter { !$0.runsPerUpdate && $0.evidence == nil }.count
            if shown.isEmpty {
                out += "  \(plural(rest, "view")), with only findings that run once or on an event\n"
            } else if rest > 0 {
                out += "  … and \(plural(rest, "more view"))"
                    + (once > 0 ? " (\(once) with only findings that run once or on an event)" : "") + "\n"
            }
        }
        if !clean.isEmpty { out += "\nNothing found in: \(clean.joined(separator: ", "))\n" }
        out += EvidenceTerminal.section(audit, top: audit.top)
        if let fixed = audit.comparison?.fixed, !fixed.isEmpty {
            out += "\nFixed since \(audit.comparison!.previousPath):\n"
            for finding in fixed.prefix(audit.top) {
                out += "  \(FilePath.shown(finding.path)):\(finding.line): \(finding.rule) in \(finding.view)\n"
            }
            if fixed.count > audit.top { out += "  … and \(fixed.count - audit.top) more\n" }
        }
        if audit.findingCount > 0 {
            out += "\nFull report: bodywork audit --format html --output audit.html (or markdown, json)\n"
        }
        return out
    }
}
