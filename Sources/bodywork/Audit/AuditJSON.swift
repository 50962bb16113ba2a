// The audit as JSON, in a stable schema (`bodywork-audit`, version 1) that README.md
// documents: keys in a fixed order, lists in rank or path order, so runs compare by bytes.

import Codemod

/// Renders an audit as JSON.
enum AuditJSON {
    static let schema = "bodywork-audit"
    static let version = 1

    static func render(_ audit: Audit) -> JSONText {
        .object([
            ("schema", .string(schema)),
            ("version", .integer(version)),
            ("status", .string(auditStatus)),
            ("priority", .object([
                ("explanation", .string(AuditPriority.explanation)),
                ("severityWeights", .object(["error", "warning", "note"].map { name in
                    (name, .integer(AuditPriority.weight(Severity(rawValue: name)!)))
                })),
                ("placeWeights", .object([AuditPlace.row, .body, .action, .once, .elsewhere].map { ($0.rawValue, .integer(AuditPriority.weight($0))) })),
            ])),
            ("filesScanned", .integer(audit.filesScanned)),
            ("findings", .integer(audit.findingCount)),
            ("quickWins", .integer(audit.quickWins)),
            ("skipped", .array(audit.skipped.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
            ("comparison", audit.comparison.map(render) ?? .null),
            ("projects", .array(audit.sections.map { render($0, top: audit.top) })),
        ]).addingEvidence(of: audit)
    }

    private static func render(_ comparison: AuditComparison) -> JSONText {
        .object([
            ("previous", .string(comparison.previousPath)),
            ("new", .integer(comparison.new)),
            ("fixed", .integer(comparison.fixed.count)),
            ("unchanged", .integer(comparison.unchanged)),
            ("fixedFindings", .array(comparison.fixed.map { fixed in
                .object([("project", .string(fixed.project)), ("view", .string(fixed.view)), ("rule", .string(fixed.rule)),
                         ("path", .string(fixed.path)), ("line", .integer(fixed.line)), ("message", .string(fixed.message))])
            })),
        ])
    }

    private static func render(_ size: AuditFixSize?) -> JSONText {
        guard let size else { return .null }
        return .object([("linesAdded", .integer(size.added)), ("linesRemoved", .integer(size.removed))])
    }

    private static func render(_ section: AuditSection, top: Int) -> JSONText {
        .object([
            ("name", .string(section.name)),
            ("kind", .string(section.kind)),
            ("path", .string(section.path)),
            ("findings", .integer(section.findings.count)),
            ("score", .integer(section.score)),
            ("quickWins", .integer(section.quickWins)),
            ("categories", .array(section.categoryCounts.map { count in
                .object([("id", .string(count.category.rawValue)), ("title", .string(count.category.title)),
                         ("findings", .integer(count.findings)), ("score", .integer(count.score))])
            })),
            ("modules", .array(section.modules.map { module in
                .object([("name", .string(module.name)), ("files", .integer(module.files)), ("findings", .integer(module.findings)),
                         ("score", .integer(module.score)), ("quickWins", .integer(module.quickWins))])
            })),
            ("views", .array(section.views.enumerated().map { rank, view in
                render(view, rank: rank + 1, confirms: section.isTop(rank: rank + 1, top: top))
            })),
        ])
    }

    private static func render(_ view: AuditView, rank: Int, confirms: Bool) -> JSONText {
        var members: [(String, JSONText)] = [
            ("rank", .integer(rank)),
            ("name", .string(view.name)),
            ("kind", .string(view.kind)),
            ("module", .string(view.module)),
            ("path", .string(view.path)),
            ("score", .integer(view.score)),
            ("quickWins", .integer(view.quickWins)),
            ("mainCategory", .string(view.mainCategory.rawValue)),
            ("runsPerUpdate", .bool(view.runsPerUpdate)),
            ("fixSize", render(view.fixSize)),
        ]
        if confirms && !view.findings.isEmpty {
            members.append(("confirm", .object([
                ("measurements", .array(view.measurements.map {
                    .object([("category", .string($0.category.rawValue)), ("how", .string($0.how))])
                })),
                ("launchArguments", .array(view.categories.flatMap(\.launchArguments).map(JSONText.string))),
                ("xctest", .string(view.testScaffold)),
            ])))
        } else {
            members.append(("confirm", .null))
        }
        members.append(("findings", .array(view.findings.map(render))))
        return .object(members)
    }

    private static func render(_ finding: AuditFinding) -> JSONText {
        .object([
            ("rule", .string(finding.ruleID)),
            ("category", .string(finding.category.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("path", .string(finding.path)),
            ("line", .integer(finding.line)),
            ("column", .integer(finding.column)),
            ("endLine", .integer(finding.endLine)),
            ("endColumn", .integer(finding.endColumn)),
            ("url", finding.url.map { .string($0) } ?? .null),
            ("message", .string(finding.message)),
            ("explanation", .string(finding.explanation)),
            ("cost", .string(finding.cost)),
            ("status", .string(finding.status)),
            ("place", .string(finding.place.rawValue)),
            ("placeReason", .string(finding.placeReason)),
            ("score", .integer(finding.score)),
            ("scoreExplanation", .string(finding.scoreExplanation)),
            ("quickWin", .bool(finding.isQuickWin)),
            ("change", finding.change.map { .string($0.rawValue) } ?? .null),
            ("fix", .object([
                ("state", .string(finding.fix.rawValue)),
                ("description", .string(finding.fixText)),
                ("diff", finding.diff.isEmpty ? .null : .string(finding.diff)),
                ("size", render(finding.fixSize)),
            ])),
            ("excerpt", .object([
                ("startLine", .integer(finding.excerptStart)),
                ("lines", .array(finding.excerpt.map(JSONText.string))),
            ])),
        ])
    }
}
