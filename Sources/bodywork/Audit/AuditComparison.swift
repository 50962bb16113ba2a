// `audit --compare previous.json`: which findings are new since a previous audit's JSON,
// which are fixed (gone) and which are unchanged. Findings are matched by file, rule, view
// and the code they point at, not by line, so code added above them does not make them new.
import Foundation

/// A finding compared with the previous audit.
enum AuditChange: String, Sendable {
    case new, unchanged
}

/// A finding of the previous audit that this one no longer has.
struct AuditFixedFinding: Sendable {
    var project: String
    var view: String
    var rule: String
    var path: String
    var line: Int
    var message: String
}

/// The comparison's totals and the fixed findings, in project, path and line order.
struct AuditComparison: Sendable {
    /// The previous report, as given.
    var previousPath: String
    var new = 0
    var unchanged = 0
    var fixed: [AuditFixedFinding] = []

    /// `3 new, 1 fixed, 12 unchanged`.
    var summary: String { "\(new) new, \(fixed.count) fixed, \(unchanged) unchanged" }
}

/// Reads a previous audit and marks the findings of this one.
enum AuditCompare {
    /// A finding as both audits describe it.
    struct Entry {
        var project: String
        var view: String
        var rule: String
        var path: String
        var line: Int
        var message: String
        var excerpt: [String]
    }

    /// The findings of a `bodywork audit --format json` report.
    static func load(_ path: String) throws(UsageError) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("audit: --compare cannot read '\(path)'")
        }
        guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              json["schema"] as? String == AuditJSON.schema, let projects = json["projects"] as? [[String: Any]] else {
            throw UsageError("audit: --compare needs a report of `bodywork audit --format json`, which '\(path)' is not")
        }
        var entries: [Entry] = []
        for project in projects {
            let projectName = project["name"] as? String ?? ""
            for view in project["views"] as? [[String: Any]] ?? [] {
                let viewName = view["name"] as? String ?? ""
                for finding in view["findings"] as? [[String: Any]] ?? [] {
                    guard let rule = finding["rule"] as? String, let file = finding["path"] as? String,
                          let line = finding["line"] as? Int else { continue }
                    let excerpt = (finding["excerpt"] as? [String: Any])?["lines"] as? [String] ?? []
                    entries.append(Entry(project: projectName, view: viewName, rule: rule, path: file, line: line,
                                         message: finding["message"] as? String ?? "", excerpt: excerpt))
                }
            }
        }
        return entries
    }

    /// Marks each finding of `audit` new or unchanged and lists the previous findings
    /// it no longer has. Two findings match when file, rule and view are the same and so is
    /// the code they point at (whitespace aside): first all the excerpt's lines, then its
    /// first line alone (code changed below it). Several matches pair in line order.
    static func apply(_ previous: [Entry], previousPath: String, to audit: inout Audit) {
        var current: [(section: Int, view: Int, finding: Int, entry: Entry)] = []
        for (s, section) in audit.sections.enumerated() {
            for (v, view) in section.views.enumerated() {
                for (f, finding) in view.findings.enumerated() {
                    current.append((s, v, f, Entry(project: section.name, view: view.name, rule: finding.ruleID, path: finding.path,
                                                   line: finding.line, message: finding.message, excerpt: finding.excerpt)))
                }
            }
        }
        var matchedCurrent = Set<Int>()
        var matchedPrevious = Set<Int>()
        for anchor in [{ (entry: Entry) in collapse(entry.excerpt) }, { (entry: Entry) in collapse(Array(entry.excerpt.prefix(1))) }] {
            var waiting: [[String]: [Int]] = [:]
            for (index, entry) in previous.enumerated() where !matchedPrevious.contains(index) {
                waiting[[entry.path, entry.rule, entry.view, anchor(entry)], default: []].append(index)
            }
            for key in waiting.keys { waiting[key]!.sort { previous[$0].line < previous[$1].line } }
            let order = current.indices.filter { !matchedCurrent.contains($0) }.sorted { current[$0].entry.line < current[$1].entry.line }
            for index in order {
                let entry = current[index].entry
                let key = [entry.path, entry.rule, entry.view, anchor(entry)]
                guard let candidates = waiting[key], let first = candidates.first else { continue }
                waiting[key]!.removeFirst()
                matchedCurrent.insert(index)
                matchedPrevious.insert(first)
            }
        }
        var comparison = AuditComparison(previousPath: previousPath)
        for (index, item) in current.enumerated() {
            let change: AuditChange = matchedCurrent.contains(index) ? .unchanged : .new
            audit.sections[item.section].views[item.view].findings[item.finding].change = change
            if change == .new { comparison.new += 1 } else { comparison.unchanged += 1 }
        }
        comparison.fixed = previous.indices.filter { !matchedPrevious.contains($0) }.map { index in
            let entry = previous[index]
            return AuditFixedFinding(project: entry.project, view: entry.view, rule: entry.rule, path: entry.path,
                                     line: entry.line, message: entry.message)
        }.sorted { ($0.project, $0.path, $0.line, $0.rule) < ($1.project, $1.path, $1.line, $1.rule) }
        audit.comparison = comparison
    }

    /// The lines with each run of whitespace made one space, trimmed, joined by one space.
    private static func collapse(_ lines: [String]) -> String {
        lines.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) }.joined(separator: " ")
    }
}
