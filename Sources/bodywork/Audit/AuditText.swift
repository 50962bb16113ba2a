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
        var clean: [String] = []
        for section in audit.sections {
            let causes = section.categoryCounts.filter { $0.findings > 0 }
            guard !causes.isEmpty || section.views.contains(where: { $0.evidence != nil }) else {
                clean.append(section.name)
                continue
            }
            out += "\n\(section.name) (\(section.kind), \(section.path)): \(plural(section.findings.count, "finding")), score \(section.score)\n"
            out += "  causes: " + causes.map { "\($0.category.title.lowercased()) \($0.findings)" }.joined(separator: ", ") + "\n"
            let shown = section.views.prefix(audit.top)
            let nameWidth = max(4, shown.map(\.name.count).max() ?? 4)
            out += "  " + "#".padding(to: 4) + "view".padding(to: nameWidth + 2) + "score".padding(to: 7)
                + "findings".padding(to: 10) + "quick".padding(to: 7) + "main cause\n"
            for (rank, view) in shown.enumerated() {
                out += "  " + "\(rank + 1)".padding(to: 4) + view.name.padding(to: nameWidth + 2) + "\(view.score)".padding(to: 7)
                    + "\(view.findings.count)".padding(to: 10) + "\(view.quickWins)".padding(to: 7)
                    + (view.findings.isEmpty ? "—" : view.mainCategory.title.lowercased()) + "\n"
                if let first = view.findings.first {
                    out += "      \(FilePath.shown(first.path)):\(first.line): \(first.ruleID) — \(first.placeReason)\n"
                }
                if let line = EvidenceTerminal.viewLine(view) { out += line }
            }
            if section.views.count > shown.count { out += "  … and \(plural(section.views.count - shown.count, "more view"))\n" }
        }
        if !clean.isEmpty { out += "\nNothing found in: \(clean.joined(separator: ", "))\n" }
        out += EvidenceTerminal.section(audit, top: audit.top)
        if audit.findingCount > 0 {
            out += "\nFull report: bodywork audit --format html --output audit.html (or markdown, json)\n"
        }
        return out
    }
}
