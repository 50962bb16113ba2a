// How the audit's reports show evidence: the measured cost beside a view's code score, the
// causes, SwiftUI's own work, measured views outside the sources, and the before/after
// table. Each renderer calls in here at one place, so the evidence reads the same everywhere.
import Foundation

/// Wording and numbers shared by every format.
enum EvidenceText {
    static let noFinding = "measured, no code finding"

    /// Nanoseconds as milliseconds, to the microsecond.
    static func milliseconds(_ nanoseconds: UInt64) -> Double {
        Double(nanoseconds / 1000) / 1000
    }

    /// `12.3 ms`, or `20 µs` under a tenth of a millisecond.
    static func ms(_ nanoseconds: UInt64) -> String {
        nanoseconds < 100_000 ? "\(nanoseconds / 1000) µs" : String(format: "%.1f ms", Double(nanoseconds) / 1_000_000)
    }

    /// `12.3 ms in 456 updates, 7 over 500 µs, in 2 hitches` or `456 updates (log)`.
    static func cost(_ evidence: ViewEvidence) -> String {
        guard let total = evidence.totalNanoseconds else { return "\(plural(evidence.updates, "update")) (log)" }
        var text = "\(ms(total)) in \(plural(evidence.updates, "update"))"
        if let long = evidence.longUpdates, long > 0 { text += ", \(long) over 500 µs" }
        if let hitches = evidence.hitches, hitches > 0 { text += ", in \(plural(hitches, "hitch or hang", "hitches or hangs"))" }
        return text
    }

    /// `_items 12, @self 3`.
    static func causes(_ evidence: ViewEvidence) -> String {
        evidence.causes.map { "\($0.name) \($0.count)" }.joined(separator: ", ")
    }

    /// The status sentence's ending: `all unconfirmed (from code)`, or how many evidence confirmed.
    static func statusPhrase(_ audit: Audit) -> String {
        guard let evidence = audit.evidence else { return "all \(auditStatus)" }
        return "\(evidence.confirmedFindings) confirmed by measurement, \(plural(evidence.measuredViews, "view")) measured"
    }

    /// One sentence on how findings stand.
    static func statusSentence(_ audit: Audit) -> String {
        guard let evidence = audit.evidence else { return "Every finding is \(auditStatus) until a measurement confirms it." }
        return "\(plural(evidence.confirmedFindings, "finding")) in \(plural(evidence.measuredViews, "measured view")) "
            + "\(evidence.confirmedFindings == 1 ? "is" : "are") confirmed by measurement; measured views rank first, by measured cost "
            + "(trace: total update time; log: updates). The rest stay \(auditStatus)."
    }

    static func change(_ before: (updates: Int, nanoseconds: UInt64?), _ after: (updates: Int, nanoseconds: UInt64?)) -> String {
        if let old = before.nanoseconds, let new = after.nanoseconds, old > 0 {
            return percent(Double(new) - Double(old), of: Double(old)) + " time"
        }
        guard before.updates > 0 else { return after.updates > 0 ? "new" : "—" }
        return percent(Double(after.updates - before.updates), of: Double(before.updates)) + " updates"
    }

    private static func percent(_ delta: Double, of base: Double) -> String {
        let value = (delta / base * 100).rounded()
        return (value > 0 ? "+" : "") + String(format: "%.0f%%", value)
    }

    static func side(_ value: (updates: Int, nanoseconds: UInt64?)) -> String {
        value.nanoseconds.map { "\(value.updates) / \(ms($0))" } ?? "\(value.updates)"
    }

    static func fileLine(_ file: AuditEvidence.FileSummary) -> String {
        var text = "\(file.path) (\(file.source.rawValue)): \(plural(file.rows, file.source == .trace ? "update" : "line")), "
            + plural(file.views, "view")
        if file.unterminated > 0 { text += ", \(file.unterminated) unterminated left out" }
        if file.hitchWindows > 0 { text += ", \(plural(file.hitchWindows, "hitch or hang", "hitches or hangs"))" }
        return text
    }

    static func measured(_ view: MeasuredView) -> String {
        let module = view.module.map { " (\($0))" } ?? ""
        return view.totalNanoseconds > 0 || view.longUpdates > 0
            ? "\(view.name)\(module): \(ms(view.totalNanoseconds)) in \(plural(view.updates, "update"))"
            : "\(view.name)\(module): \(plural(view.updates, "update"))"
    }
}

// MARK: - Terminal

enum EvidenceTerminal {
    /// The line under a ranked view.
    static func viewLine(_ view: AuditView) -> String? {
        guard let evidence = view.evidence else { return nil }
        var line = "      measured: \(EvidenceText.cost(evidence))"
        if !evidence.causes.isEmpty { line += "; causes: \(EvidenceText.causes(evidence))" }
        if !evidence.hasFindings { line += " — \(EvidenceText.noFinding)" }
        return line + "\n"
    }

    static func section(_ audit: Audit, top: Int) -> String {
        guard let evidence = audit.evidence else { return "" }
        var out = "\nEvidence:\n"
        for file in evidence.files { out += "  \(EvidenceText.fileLine(file))\n" }
        for file in evidence.beforeFiles { out += "  before: \(EvidenceText.fileLine(file))\n" }
        if !evidence.comparison.isEmpty {
            out += "\nBefore and after (updates / time):\n"
            let width = max(4, evidence.comparison.prefix(top).map(\.view.count).max() ?? 4)
            out += "  " + "view".padding(to: width + 2) + "before".padding(to: 22) + "after".padding(to: 22) + "change\n"
            for row in evidence.comparison.prefix(top) {
                out += "  " + row.view.padding(to: width + 2) + EvidenceText.side(row.before).padding(to: 22)
                    + EvidenceText.side(row.after).padding(to: 22) + EvidenceText.change(row.before, row.after) + "\n"
            }
        }
        if !evidence.notInSources.isEmpty {
            out += "\nMeasured views not declared in these sources:\n"
            for view in evidence.notInSources.prefix(top) { out += "  \(EvidenceText.measured(view))\n" }
        }
        if !evidence.systemWork.isEmpty {
            out += "\nSwiftUI's own work (updates without a view):\n"
            for work in evidence.systemWork.prefix(top) {
                out += "  \(work.description): \(EvidenceText.ms(work.totalNanoseconds)) in \(plural(work.updates, "update"))\n"
            }
        }
        return out
    }
}

// MARK: - Markdown

enum EvidenceMarkdown {
    /// The ranked table's cell.
    static func cell(_ view: AuditView) -> String {
        view.evidence.map(EvidenceText.cost) ?? "—"
    }

    static func viewLines(_ view: AuditView) -> String {
        guard let evidence = view.evidence else { return "" }
        var out = "\n**Measured (\(evidence.source.rawValue)):** \(EvidenceText.cost(evidence))"
        if !evidence.causes.isEmpty { out += "; causes: " + evidence.causes.map { "`\($0.name)` \($0.count)" }.joined(separator: ", ") }
        if !evidence.hasFindings { out += " — \(EvidenceText.noFinding)" }
        return out + "\n"
    }

    static func section(_ audit: Audit) -> String {
        guard let evidence = audit.evidence else { return "" }
        var out = "\n## Evidence\n\n"
        for file in evidence.files { out += "- \(EvidenceText.fileLine(file))\n" }
        for file in evidence.beforeFiles { out += "- before: \(EvidenceText.fileLine(file))\n" }
        if !evidence.comparison.isEmpty {
            out += "\n### Before and after\n\n| View | Updates before | Time before | Updates after | Time after | Change |\n"
                + "|---|---:|---:|---:|---:|---:|\n"
            for row in evidence.comparison {
                out += "| \(row.view.replacingAll("|", with: "\\|")) | \(row.before.updates) | \(row.before.nanoseconds.map(EvidenceText.ms) ?? "—") | "
                    + "\(row.after.updates) | \(row.after.nanoseconds.map(EvidenceText.ms) ?? "—") | \(EvidenceText.change(row.before, row.after)) |\n"
            }
        }
        if !evidence.notInSources.isEmpty {
            out += "\n### Measured views not declared in these sources\n\n"
            for view in evidence.notInSources { out += "- \(EvidenceText.measured(view))\n" }
        }
        if !evidence.systemWork.isEmpty {
            out += "\n### SwiftUI's own work (updates without a view)\n\n| Description | Updates | Time |\n|---|---:|---:|\n"
            for work in evidence.systemWork {
                out += "| \(work.description.replacingAll("|", with: "\\|")) | \(work.updates) | \(EvidenceText.ms(work.totalNanoseconds)) |\n"
            }
        }
        return out
    }
}

// MARK: - JSON

extension JSONText {
    /// With `--evidence`, the audit's JSON gains `evidence` in each view (after
    /// `mainCategory`; null for a view not measured) and at the end; without, it is unchanged.
    func addingEvidence(of audit: Audit) -> JSONText {
        guard audit.evidence != nil, case .object(var members) = self else { return self }
        var byView: [String: AuditView] = [:]
        for section in audit.sections {
            for view in section.views { byView[section.path + "\u{0}" + view.name + "\u{0}" + view.module + "\u{0}" + view.path] = view }
        }
        func string(_ fields: [(String, JSONText)], _ key: String) -> String {
            if case .string(let text)? = fields.first(where: { $0.0 == key })?.1 { return text }
            return ""
        }
        for (index, member) in members.enumerated() where member.0 == "projects" {
            guard case .array(let projects) = member.1 else { continue }
            members[index].1 = .array(projects.map { project in
                guard case .object(var fields) = project, let at = fields.firstIndex(where: { $0.0 == "views" }),
                      case .array(let views) = fields[at].1 else { return project }
                let path = string(fields, "path")
                fields[at].1 = .array(views.map { view in
                    guard case .object(var keys) = view else { return view }
                    let key = path + "\u{0}" + string(keys, "name") + "\u{0}" + string(keys, "module") + "\u{0}" + string(keys, "path")
                    let position = keys.firstIndex { $0.0 == "mainCategory" }.map { $0 + 1 } ?? keys.count
                    keys.insert(("evidence", byView[key].map(EvidenceJSON.view) ?? .null), at: position)
                    return .object(keys)
                })
                return .object(fields)
            })
        }
        members.append(("evidence", EvidenceJSON.audit(audit)))
        return .object(members)
    }
}

enum EvidenceJSON {
    static func view(_ view: AuditView) -> JSONText {
        guard let evidence = view.evidence else { return .null }
        return .object([
            ("source", .string(evidence.source.rawValue)),
            ("status", .string(evidence.status)),
            ("updates", .integer(evidence.updates)),
            ("totalMs", evidence.totalMilliseconds.map(JSONText.number) ?? .null),
            ("longUpdates", evidence.longUpdates.map(JSONText.integer) ?? .null),
            ("hitches", evidence.hitches.map(JSONText.integer) ?? .null),
            ("causes", .object(evidence.causes.map { ($0.name, .integer($0.count)) })),
        ])
    }

    static func audit(_ audit: Audit) -> JSONText {
        guard let evidence = audit.evidence else { return .null }
        func file(_ file: AuditEvidence.FileSummary) -> JSONText {
            .object([("path", .string(file.path)), ("source", .string(file.source.rawValue)), ("rows", .integer(file.rows)),
                     ("views", .integer(file.views)), ("unterminated", .integer(file.unterminated)),
                     ("hitchWindows", .integer(file.hitchWindows))])
        }
        func side(_ value: (updates: Int, nanoseconds: UInt64?)) -> JSONText {
            .object([("updates", .integer(value.updates)),
                     ("totalMs", value.nanoseconds.map { .number(EvidenceText.milliseconds($0)) } ?? .null)])
        }
        return .object([
            ("files", .array(evidence.files.map(file))),
            ("beforeFiles", .array(evidence.beforeFiles.map(file))),
            ("measuredViews", .integer(evidence.measuredViews)),
            ("confirmedFindings", .integer(evidence.confirmedFindings)),
            ("beforeAfter", .array(evidence.comparison.map { row in
                .object([("view", .string(row.view)), ("before", side(row.before)), ("after", side(row.after))])
            })),
            ("notInSources", .array(evidence.notInSources.map { view in
                .object([("name", .string(view.name)), ("module", view.module.map(JSONText.string) ?? .null),
                         ("updates", .integer(view.updates)), ("totalMs", .number(EvidenceText.milliseconds(view.totalNanoseconds)))])
            })),
            ("systemWork", .array(evidence.systemWork.map { work in
                .object([("description", .string(work.description)), ("updates", .integer(work.updates)),
                         ("totalMs", .number(EvidenceText.milliseconds(work.totalNanoseconds)))])
            })),
        ])
    }
}

// MARK: - HTML

enum EvidenceHTML {
    private static func escape(_ text: String) -> String { AuditHTML.escape(text) }

    /// The ranked table's cell: a bar for the measured cost beside the code score's, as long
    /// as the longest of its kind (time for traces, updates for logs).
    static func cell(_ view: AuditView, highest: (nanoseconds: UInt64, updates: UInt64)) -> String {
        guard let evidence = view.evidence else { return "<td class=\"measured none\">—</td>" }
        let (value, most) = evidence.totalNanoseconds.map { ($0, highest.nanoseconds) } ?? (UInt64(evidence.updates), highest.updates)
        let width = max(2, Int(value * 100 / max(1, most)))
        let title = evidence.source == .trace ? "total update time (trace)" : "updates (log)"
        return "<td class=\"measured\" title=\"\(title)\"><span class=\"meter hot\" style=\"width:\(width)px\"></span>"
            + "\(escape(short(evidence)))</td>"
    }

    /// The longest time (traces) and the most updates (logs) among a section's views.
    static func highest(_ views: [AuditView]) -> (nanoseconds: UInt64, updates: UInt64) {
        let measured = views.compactMap(\.evidence)
        return (measured.compactMap(\.totalNanoseconds).max() ?? 1,
                measured.filter { $0.totalNanoseconds == nil }.map { UInt64($0.updates) }.max() ?? 1)
    }

    private static func short(_ evidence: ViewEvidence) -> String {
        evidence.totalNanoseconds.map { "\(EvidenceText.ms($0)) · \(evidence.updates)×" } ?? "\(evidence.updates)× (log)"
    }

    /// The view's summary pill.
    static func pill(_ view: AuditView) -> String {
        guard let evidence = view.evidence else { return "" }
        return " <span class=\"pill hot\">measured \(escape(short(evidence)))</span>"
            + (evidence.hasFindings ? "" : " <span class=\"pill\">\(EvidenceText.noFinding)</span>")
    }

    /// The view's measured block: cost and causes.
    static func block(_ view: AuditView) -> String {
        guard let evidence = view.evidence else { return "" }
        var out = "<div class=\"evidence\"><h4>Measured (\(evidence.source.rawValue))</h4><p>\(escape(EvidenceText.cost(evidence)))</p>"
        if !evidence.causes.isEmpty {
            let most = max(1, evidence.causes[0].count)
            out += "<table class=\"causes\"><thead><tr><th>Cause</th><th>Updates</th></tr></thead><tbody>"
            for cause in evidence.causes {
                out += "<tr><td><code>\(escape(cause.name))</code></td><td><span class=\"meter hot\" style=\"width:\(max(2, cause.count * 80 / most))px\">"
                    + "</span>\(cause.count)</td></tr>"
            }
            out += "</tbody></table>"
        }
        if !evidence.hasFindings {
            out += "<p class=\"muted\">No rule found anything in this view: the cost is in what it shows or what it depends on.</p>"
        }
        return out + "</div>\n"
    }

    /// The status a finding's entry shows, styled by whether it is confirmed.
    static func status(_ finding: AuditFinding) -> String {
        guard finding.status != auditStatus else { return escape(finding.status) }
        return "<span class=\"status confirmed\">\(escape(finding.status))</span>"
    }

    static func section(_ audit: Audit) -> String {
        guard let evidence = audit.evidence else { return "" }
        var out = "<section class=\"evidence-summary\" id=\"evidence\">\n<h2>Evidence</h2>\n<ul>"
        for file in evidence.files { out += "<li>\(escape(EvidenceText.fileLine(file)))</li>" }
        for file in evidence.beforeFiles { out += "<li>before: \(escape(EvidenceText.fileLine(file)))</li>" }
        out += "</ul>\n"
        if !evidence.comparison.isEmpty {
            out += "<h3>Before and after</h3>\n<table class=\"ranked comparison\"><thead><tr><th>View</th><th>Updates before</th>"
                + "<th>Time before</th><th>Updates after</th><th>Time after</th><th>Change</th></tr></thead><tbody>\n"
            for row in evidence.comparison {
                let change = EvidenceText.change(row.before, row.after)
                let better = change.hasPrefix("-")
                out += "<tr><td>\(escape(row.view))</td><td>\(row.before.updates)</td><td>\(row.before.nanoseconds.map(EvidenceText.ms) ?? "—")</td>"
                    + "<td>\(row.after.updates)</td><td>\(row.after.nanoseconds.map(EvidenceText.ms) ?? "—")</td>"
                    + "<td class=\"\(better ? "better" : change.hasPrefix("+") || change == "new" ? "worse" : "")\">\(escape(change))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        if !evidence.notInSources.isEmpty {
            out += "<h3>Measured views not declared in these sources</h3>\n<ul>"
            for view in evidence.notInSources.prefix(50) { out += "<li>\(escape(EvidenceText.measured(view)))</li>" }
            out += "</ul>\n"
        }
        if !evidence.systemWork.isEmpty {
            out += "<h3>SwiftUI's own work (updates without a view)</h3>\n<table class=\"ranked\"><thead><tr><th>Description</th>"
                + "<th>Updates</th><th>Time</th></tr></thead><tbody>\n"
            for work in evidence.systemWork.prefix(50) {
                out += "<tr><td>\(escape(work.description))</td><td>\(work.updates)</td><td>\(EvidenceText.ms(work.totalNanoseconds))</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        return out + "</section>\n"
    }

    static let css = """
        .meter.hot{background:#d9480f}
        td.measured{white-space:nowrap}
        td.measured.none{color:var(--muted)}
        .pill.hot{background:#fff0e6;border-color:#f5b38a}
        .status.confirmed{color:#2b8a3e;font-weight:600}
        .evidence{background:#fff4ec;border:1px solid #f5c9a8;border-radius:6px;padding:4px 12px;margin:10px 0}
        .evidence p{margin:4px 0}
        table.causes td,table.causes th{padding:2px 10px}
        td.better{color:#2b8a3e;font-weight:600}
        td.worse{color:#c92a2a;font-weight:600}
        """
}
