// The audit as one self-contained HTML page: inline CSS and SVG, no script and no network
// (its Content-Security-Policy forbids both), readable offline and attachable to a ticket.
// Its filters (module, cause, quick wins, new) are radio buttons and checkboxes that CSS
// `:has()` rules read: they work with scripts off.

/// Renders an audit as an HTML page.
enum AuditHTML {
    static func render(_ audit: Audit) -> String {
        var filterCSS = ""
        var sections = ""
        for (index, section) in audit.sections.enumerated() {
            sections += render(section, number: index + 1, top: audit.top, comparing: audit.comparison != nil, css: &filterCSS)
        }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>SwiftUI performance audit</title>
            <style>\(css)\(filterCSS)\(audit.evidence == nil ? "" : EvidenceHTML.css)</style>
            </head>
            <body>
            <header>
            <h1>SwiftUI performance audit</h1>
            <div class="cards">
            \(card("\(audit.filesScanned)", "files scanned"))
            \(card("\(audit.findingCount)", "findings"))
            \(card("\(audit.viewCount)", "views"))
            \(card("\(audit.quickWins)", "quick wins"))\(audit.evidence.map { "\n" + card("\($0.measuredViews)", "measured views") } ?? "")
            \(audit.comparison.map { card("\($0.new)", "new") + "\n" + card("\($0.fixed.count)", "fixed") } ?? "")
            </div>
            <p class="status">\(audit.evidence == nil ? "Every finding is <strong>\(escape(auditStatus))</strong> until a measurement confirms it."
                                 : escape(EvidenceText.statusSentence(audit)))</p>
            <p class="explain">\(inlineCode(AuditPriority.explanation))</p>
            \(audit.comparison.map { "<p class=\"compare\">Compared with <code>\(escape($0.previousPath))</code>: \(escape($0.summary)).</p>" } ?? "")

            """
        if !audit.skipped.isEmpty {
            out += "<ul class=\"skipped\">"
            for problem in audit.skipped { out += "<li>skipped <code>\(escape(problem.path))</code>: \(escape(problem.reason))</li>" }
            out += "</ul>\n"
        }
        out += "</header>\n<main>\n"
        out += sections
        if let comparison = audit.comparison { out += fixed(comparison) }
        out += EvidenceHTML.section(audit)
        out += rules(audit.ruleDocumentation)
        out += "</main>\n</body>\n</html>\n"
        return out
    }

    // MARK: - Sections

    private static func render(_ section: AuditSection, number: Int, top: Int, comparing: Bool, css: inout String) -> String {
        var out = "<section class=\"project\" id=\"project-\(number)\">\n"
        out += "<h2>\(escape(section.name)) <small>\(escape(section.kind)) · \(escape(section.path))</small></h2>\n"
        // A project without findings is a line, not an empty chart (and comes last).
        if section.findings.isEmpty && section.views.isEmpty { return out + "<p>Nothing found.</p>\n</section>\n" }
        out += "<p>\(plural(section.findings.count, "finding")), score \(section.score), \(plural(section.quickWins, "quick win")).</p>\n"
        out += "<div class=\"grid\">\n<figure>\n<figcaption>Findings per cause</figcaption>\n\(chart(section))</figure>\n"
        out += "<figure>\n<figcaption>Modules</figcaption>\n<table class=\"modules\">\n"
        out += "<thead><tr><th>Module</th><th>Files</th><th>Findings</th><th>Score</th><th>Quick wins</th></tr></thead><tbody>\n"
        for module in section.modules {
            out += "<tr><td>\(escape(module.name))</td><td>\(module.files)</td><td>\(module.findings)</td>"
                + "<td>\(module.score)</td><td>\(module.quickWins)</td></tr>\n"
        }
        out += "</tbody></table>\n</figure>\n</div>\n"
        guard !section.views.isEmpty else { return out + "<p>Nothing found.</p>\n</section>\n" }
        let filters = AuditFilters(section: section, number: number, comparing: comparing)
        css += filters.css
        out += "<h3>Views by priority</h3>\n" + filters.form
        out += "<table class=\"ranked\" id=\"ranked-views-\(number)\">\n"
        let measured = section.views.contains { $0.evidence != nil }
        out += "<thead><tr><th>#</th><th>View</th><th>Module</th><th>Score</th>" + (measured ? "<th>Measured</th>" : "") + "<th>Findings</th>"
            + (comparing ? "<th>New</th>" : "") + "<th>Quick wins</th><th>Fix lines</th><th>Main cause</th></tr></thead><tbody>\n"
        let highest = max(1, section.views.map(\.score).max() ?? 1)
        let hottest = EvidenceHTML.highest(section.views)
        for (rank, view) in section.views.enumerated() {
            let width = max(2, view.score * 100 / highest)
            let new = comparing ? "<td>\(view.findings.filter { $0.change == .new }.count)</td>" : ""
            let runsOften = view.runsPerUpdate || view.findings.isEmpty
            let once = runsOften ? "" : " <span class=\"pill once\">once or on events</span>"
            out += "<tr\(filters.attributes(view))\(runsOften ? "" : " class=\"once\"")><td>\(rank + 1)</td>"
                + "<td><a href=\"#view-\(number)-\(rank + 1)\">\(escape(view.name))</a>\(once)</td>"
                + "<td>\(escape(view.module))</td>"
                + "<td class=\"score\"><span class=\"meter\" style=\"width:\(width)px\"></span>\(view.score)</td>"
                + (measured ? EvidenceHTML.cell(view, highest: hottest) : "")
                + "<td>\(view.findings.count)</td>\(new)<td>\(view.quickWins)</td><td class=\"size\">\(escape(view.fixSize?.text ?? "–"))</td>"
                + (view.findings.isEmpty ? "<td>—</td></tr>\n"
                   : "<td><span class=\"tag \(view.mainCategory.rawValue)\">\(escape(view.mainCategory.title))</span></td></tr>\n")
        }
        out += "</tbody></table>\n"
        for (rank, view) in section.views.enumerated() {
            out += render(view, id: "view-\(number)-\(rank + 1)", rank: rank + 1, confirms: section.isTop(rank: rank + 1, top: top),
                          filters: filters)
        }
        return out + "</section>\n"
    }

    private static func render(_ view: AuditView, id: String, rank: Int, confirms: Bool, filters: AuditFilters) -> String {
        var out = "<details class=\"view\" id=\"\(id)\"\(filters.attributes(view))\(rank <= 3 ? " open" : "")>\n"
        out += "<summary><span class=\"rank\">\(rank)</span> <strong>\(escape(view.name))</strong> "
            + "<span class=\"muted\">\(escape(view.kind)) · \(escape(view.module)) · \(escape(view.path))</span> "
            + "<span class=\"pill\">score \(view.score)</span>"
            + (view.quickWins > 0 ? " <span class=\"pill win\">\(plural(view.quickWins, "quick win"))</span>" : "")
            + (view.fixSize.map { " <span class=\"pill\">fixes \(escape($0.text)) lines</span>" } ?? "")
            + (view.runsPerUpdate || view.findings.isEmpty ? "" : " <span class=\"pill once\">runs once or on events</span>")
            + EvidenceHTML.pill(view) + "</summary>\n"
        out += EvidenceHTML.block(view)
        for (index, finding) in view.findings.enumerated() {
            out += render(finding, open: rank == 1 && index == 0, attributes: filters.attributes(finding))
        }
        if confirms {
            out += "<div class=\"confirm\"><h4>\(view.evidence == nil ? "To confirm" : "To measure again")</h4><ul>"
            for measurement in view.measurements {
                out += "<li><strong>\(escape(measurement.category.title)):</strong> \(inlineCode(measurement.how))</li>"
            }
            out += "</ul>\n<details><summary>XCTest performance test</summary><pre class=\"code\">\(escape(view.testScaffold))</pre></details></div>\n"
        }
        return out + "</details>\n"
    }

    private static func render(_ finding: AuditFinding, open: Bool, attributes: String) -> String {
        var out = "<details class=\"finding\"\(attributes)\(open ? " open" : "")>\n<summary><span class=\"tag \(finding.category.rawValue)\">"
            + "\(escape(finding.category.title))</span> <a href=\"#rule-\(escape(finding.ruleID))\"><code>\(escape(finding.ruleID))</code></a> "
            + "<span class=\"muted\">\(location(finding))</span> <span class=\"pill\">\(finding.score)</span>"
            + (finding.isQuickWin ? " <span class=\"pill win\">quick win</span>" : "")
            + (finding.change == .new ? " <span class=\"pill new\">new</span>" : "")
            + "<div class=\"message\">\(inlineCode(finding.message))</div></summary>\n"
        out += "<dl>"
        out += "<dt>Status</dt><dd>\(EvidenceHTML.status(finding))</dd>"
        out += "<dt>Priority</dt><dd>\(escape(finding.scoreExplanation)); \(inlineCode(finding.placeReason))</dd>"
        if !finding.cost.isEmpty { out += "<dt>Why it costs</dt><dd>\(inlineCode(finding.cost))</dd>" }
        if !finding.explanation.isEmpty {
            out += "<dt>The pattern</dt><dd class=\"muted\">\(inlineCode(finding.explanation))</dd>"
        }
        out += "<dt>Fix</dt><dd>\(inlineCode(finding.fixText))"
            + (finding.fixSize.map { " <span class=\"pill\">\(escape($0.text)) lines</span>" } ?? "") + "</dd></dl>\n"
        out += "<pre class=\"code\">"
        for (offset, line) in finding.excerpt.enumerated() {
            out += "<span class=\"ln\">\(finding.excerptStart + offset)</span>\(escape(line))\n"
        }
        out += "</pre>\n"
        if !finding.diff.isEmpty {
            out += "<pre class=\"diff\">"
            for line in finding.diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let kind: String
                if line.hasPrefix("+++") || line.hasPrefix("---") { kind = "h" }
                else if line.hasPrefix("@@") { kind = "at" }
                else if line.hasPrefix("+") { kind = "add" }
                else if line.hasPrefix("-") { kind = "del" }
                else { kind = "ctx" }
                out += "<span class=\"\(kind)\">\(escape(String(line)))</span>"
            }
            out += "</pre>\n"
        }
        return out + "</details>\n"
    }

    /// `path:line`, a link into the code's web view with `--link`.
    private static func location(_ finding: AuditFinding) -> String {
        let text = escape("\(finding.path):\(finding.line)")
        guard let url = finding.url else { return text }
        return "<a href=\"\(escape(url))\">\(text)</a>"
    }

    /// The findings of the previous audit that this one no longer has.
    private static func fixed(_ comparison: AuditComparison) -> String {
        guard !comparison.fixed.isEmpty else { return "" }
        var out = "<section class=\"fixed\" id=\"fixed\">\n<h2>Fixed since <code>\(escape(comparison.previousPath))</code></h2>\n"
        out += "<table class=\"fixed\"><thead><tr><th>Project</th><th>View</th><th>Rule</th><th>Was at</th><th>Message</th></tr></thead><tbody>\n"
        for fixed in comparison.fixed {
            out += "<tr><td>\(escape(fixed.project))</td><td>\(escape(fixed.view))</td><td><code>\(escape(fixed.rule))</code></td>"
                + "<td>\(escape("\(fixed.path):\(fixed.line)"))</td><td>\(inlineCode(fixed.message))</td></tr>\n"
        }
        return out + "</tbody></table>\n</section>\n"
    }

    /// The documentation of the rules the audit names, each under the anchor its
    /// findings link to: the page stays self-contained.
    private static func rules(_ documentation: [String: String]) -> String {
        guard !documentation.isEmpty else { return "" }
        var out = "<section class=\"rules\" id=\"rules\">\n<h2>Rules</h2>\n"
        for id in documentation.keys.sorted() {
            out += "<details class=\"rule\" id=\"rule-\(escape(id))\"><summary><code>\(escape(id))</code></summary>\n"
            for paragraph in documentation[id]!.components(separatedBy: "\n\n") where !paragraph.isEmpty {
                out += paragraph.hasPrefix("    ") || paragraph.hasPrefix("```")
                    ? "<pre class=\"code\">\(escape(paragraph))</pre>\n" : "<p>\(inlineCode(paragraph))</p>\n"
            }
            out += "</details>\n"
        }
        return out + "</section>\n"
    }

    // MARK: - Chart

    /// A horizontal bar per cause (every cause, in the reference's order), as inline SVG.
    private static func chart(_ section: AuditSection) -> String {
        let counts = section.categoryCounts
        let most = max(1, counts.map(\.findings).max() ?? 1)
        let rowHeight = 26, labelWidth = 210, barWidth = 260
        let height = counts.count * rowHeight + 8
        var out = "<svg class=\"chart\" role=\"img\" aria-label=\"Findings per cause\" xmlns=\"http://www.w3.org/2000/svg\" "
            + "viewBox=\"0 0 \(labelWidth + barWidth + 50) \(height)\" width=\"\(labelWidth + barWidth + 50)\" height=\"\(height)\">\n"
        for (index, count) in counts.enumerated() {
            let y = 4 + index * rowHeight
            let width = count.findings == 0 ? 0 : max(3, count.findings * barWidth / most)
            out += "<g class=\"bar\" data-category=\"\(count.category.rawValue)\"><title>\(escape(count.category.title)): "
                + "\(plural(count.findings, "finding")), score \(count.score)</title>"
                + "<text x=\"\(labelWidth - 8)\" y=\"\(y + 17)\" text-anchor=\"end\">\(escape(count.category.title))</text>"
                + "<rect x=\"\(labelWidth)\" y=\"\(y + 4)\" width=\"\(barWidth)\" height=\"18\" rx=\"3\" class=\"track\"/>"
                + "<rect x=\"\(labelWidth)\" y=\"\(y + 4)\" width=\"\(width)\" height=\"18\" rx=\"3\" class=\"fill \(count.category.rawValue)\"/>"
                + "<text x=\"\(labelWidth + barWidth + 8)\" y=\"\(y + 17)\" class=\"count\">\(count.findings)</text></g>\n"
        }
        return out + "</svg>\n"
    }

    // MARK: - Text

    private static func card(_ value: String, _ label: String) -> String {
        "<div class=\"card\"><div class=\"value\">\(escape(value))</div><div class=\"label\">\(escape(label))</div></div>"
    }

    /// `text` safe inside HTML text and attributes. Bidirectional controls (which can make
    /// a file name read as another, "Trojan Source") are shown as `[U+202E]`: a character
    /// reference would still reorder the text.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}":
                out += "[U+" + String(scalar.value, radix: 16, uppercase: true) + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Escaped text with `code spans` as `<code>`.
    static func inlineCode(_ text: String) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.count % 2 == 1 else { return escape(text) }
        return parts.enumerated().map { index, part in
            index % 2 == 1 ? "<code>\(escape(String(part)))</code>" : escape(String(part))
        }.joined()
    }

    private static let css = """
        :root{--fg:#1d1d1f;--muted:#6e6e73;--line:#d2d2d7;--bg:#fbfbfd;--card:#fff;--accent:#0a66c2}
        *{box-sizing:border-box}
        body{margin:0;font:14px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg)}
        header,main{max-width:1100px;margin:0 auto;padding:8px 24px}
        h1{font-size:24px;margin:8px 0 12px}
        h2{font-size:20px;border-bottom:1px solid var(--line);padding-bottom:6px;margin-top:12px}
        h2 small{font-weight:normal;color:var(--muted);font-size:13px}
        h3{font-size:16px;margin:20px 0 8px}
        h4{margin:8px 0 4px}
        .cards{display:flex;gap:12px;flex-wrap:wrap}
        .card{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 16px;min-width:120px}
        .card .value{font-size:24px;font-weight:600}
        .card .label{color:var(--muted)}
        .status{margin:12px 0 4px}
        .explain{color:var(--muted);font-size:13px;max-width:900px;margin-bottom:0}
        .grid{display:flex;gap:24px;flex-wrap:wrap;align-items:flex-start}
        figure{margin:0;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px 14px}
        figcaption{font-weight:600;margin-bottom:6px}
        .chart text{font-size:12px;fill:var(--fg)}
        .chart .track{fill:#f0f0f3}
        .chart .fill{fill:var(--accent)}
        table{border-collapse:collapse;background:var(--card)}
        th,td{padding:5px 10px;border-bottom:1px solid var(--line);text-align:left}
        th{font-weight:600;color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.03em}
        table.ranked{width:100%;border:1px solid var(--line);border-radius:8px}
        td.score{white-space:nowrap}
        .meter{display:inline-block;height:8px;background:var(--accent);border-radius:4px;margin-right:6px;vertical-align:middle;opacity:.7}
        a{color:var(--accent);text-decoration:none}
        details.view{background:var(--card);border:1px solid var(--line);border-radius:8px;margin:10px 0;padding:8px 14px}
        details.view>summary{cursor:pointer;font-size:15px}
        details.finding{border-top:1px solid var(--line);margin-top:8px;padding-top:8px}
        details.rule{border-top:1px solid var(--line);padding:6px 0}
        details.finding>summary{cursor:pointer}
        .message{margin:4px 0 0 18px}
        .muted{color:var(--muted)}
        .rank{display:inline-block;min-width:22px;text-align:center;background:var(--fg);color:#fff;border-radius:11px;font-size:12px}
        .pill{display:inline-block;border:1px solid var(--line);border-radius:10px;padding:0 7px;font-size:12px}
        .pill.win{background:#e3f5e8;border-color:#9bd3a8}
        .tag{display:inline-block;border-radius:4px;padding:0 6px;font-size:12px;background:#eef3fb;color:#0b4a8b}
        dl{display:grid;grid-template-columns:110px 1fr;gap:2px 12px;margin:8px 0}
        dt{color:var(--muted)}
        dd{margin:0}
        code{font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;background:#f2f2f5;border-radius:3px;padding:0 3px}
        pre{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:8px 10px;overflow-x:auto}
        pre .ln{display:inline-block;width:3em;color:var(--muted);user-select:none}
        pre.diff span{display:block}
        pre.diff .add{background:#e6ffec}
        pre.diff .del{background:#ffebe9}
        pre.diff .at{color:#6f42c1}
        pre.diff .h{color:var(--muted)}
        .fill.work-in-body{fill:#d9480f}.fill.wide-dependencies{fill:#5f3dc4}.fill.unstable-identity{fill:#c2255c}
        .fill.variable-row-count{fill:#1971c2}.fill.eager-container{fill:#2b8a3e}.fill.layout-feedback{fill:#e67700}
        .fill.stored-closure{fill:#0c8599}.fill.images{fill:#862e9c}.fill.expensive-rendering{fill:#495057}
        .confirm{background:#fffbea;border:1px solid #f1e2a6;border-radius:6px;padding:4px 12px;margin:10px 0}
        .pill.new{background:#fff0e0;border-color:#f0b37a}
        .pill.once{background:#f2f2f5;color:var(--muted)}
        tr.once td{color:var(--muted)}
        .compare{margin:4px 0}
        td.size{white-space:nowrap;font-variant-numeric:tabular-nums}
        table.fixed{width:100%;border:1px solid var(--line)}
        .filters{display:flex;flex-wrap:wrap;gap:6px 18px;margin:0 0 10px}
        .filters fieldset{border:0;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:4px;align-items:center}
        .filters legend{float:left;color:var(--muted);font-size:12px;text-transform:uppercase;letter-spacing:.03em;margin-right:4px}
        .filters label{cursor:pointer}
        .filters input{position:absolute;opacity:0;pointer-events:none}
        .filters span{display:inline-block;border:1px solid var(--line);border-radius:12px;padding:1px 9px;font-size:12.5px;background:var(--card)}
        .filters input:checked+span{background:var(--accent);border-color:var(--accent);color:#fff}
        .filters input:focus-visible+span{outline:2px solid var(--accent);outline-offset:1px}
        """
}
