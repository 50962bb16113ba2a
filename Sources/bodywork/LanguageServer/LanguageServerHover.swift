// What the editor shows when the pointer rests on a finding (`textDocument/hover`), and
// the rule pages the diagnostics link to when no RULES.md was installed with the binary.
import Codemod
import Foundation

/// The hover text for the findings at one position of a document.
struct FindingHover {
    let analysis: DocumentAnalysis
    let text: DocumentText
    let encoding: PositionEncoding
    let rules: [any Rule]
    let documentation: RuleDocumentation

    /// `{ contents: MarkupContent, range }` for the findings whose range holds `position`
    /// (the innermost range when several do), or nil where there is none.
    func hover(at position: TextPosition) -> JSONText? {
        let offset = text.offset(of: position, encoding: encoding)
        let here = analysis.findings.filter { $0.finding.range.contains(offset) || $0.finding.range.upperBound == offset }
        guard let innermost = here.map(\.finding.range).min(by: { $0.count < $1.count }) else { return nil }
        let shown = here.filter { $0.finding.range == innermost }
        return .object([
            ("contents", .object([("kind", .string("markdown")),
                                  ("value", .string(shown.map(section).joined(separator: "\n\n---\n\n")))])),
            ("range", text.range(innermost, encoding: encoding)),
        ])
    }

    /// One finding: its message, what becomes of its fix, and what the rule is about.
    private func section(_ item: FindingOutcome) -> String {
        let finding = item.finding
        var lines = ["**\(finding.ruleID)** (\(finding.severity)): \(finding.message)"]
        switch item.status {
        case .fixed:
            lines.append("Fix: \(finding.fix?.safety == .safe ? "safe, offered as the preferred quick fix" : "offered as a quick fix").")
        case .suggestedNotApplied:
            lines.append("Fix: suggested (it can change behaviour someone relied on); offered as a quick fix, not applied by `--apply` without `--unsafe-fixes`.")
        case .dropped(let reason):
            lines.append("Fix withheld: \(reason).")
        case .noFix:
            lines.append(finding.withheldReason.map { "Fix withheld: \($0)." } ?? "Report only: the change needs a decision the source does not show.")
        }
        if let rule = rules.first(where: { $0.id == finding.ruleID }) {
            lines.append(rule.summary + ".")
        }
        if let href = documentation.url(for: finding.ruleID), finding.ruleID != Engine.unusedDisableRuleID {
            lines.append("[Why it costs and how to fix it](\(href)) · `bodywork explain \(finding.ruleID)` · silence this line with `// bodywork:disable:next \(finding.ruleID)`")
        }
        return lines.joined(separator: "\n\n")
    }
}

/// The rule pages a binary without a RULES.md beside it links to: `explain`'s text for
/// each rule, written once per version into the user's cache.
enum RulePages {
    /// Writes the pages (those missing or different) and returns the URL template of one,
    /// with `{rule}` for the rule id; nil when there is no cache directory to write in.
    static func write(_ rules: [any Rule], environment: [String: String]) -> String? {
        guard let base = cacheDirectory(environment) else { return nil }
        let directory = FilePath.join(base, "rules-\(bodyworkVersion)")
        guard (try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)) != nil else { return nil }
        for rule in rules {
            let page = Data(("# \(rule.id)\n\n" + RuleCommands.explanation(of: rule)).utf8)
            let path = FilePath.join(directory, "\(rule.id).md")
            if FileManager.default.contents(atPath: path) == page { continue }
            guard (try? page.write(to: URL(fileURLWithPath: path), options: .atomic)) != nil else { return nil }
        }
        return URL(fileURLWithPath: directory, isDirectory: true).absoluteString + "{rule}.md"
    }

    /// `$XDG_CACHE_HOME/bodywork`, else `~/.cache/bodywork` (where the index cache of a
    /// project outside a package lives too).
    static func cacheDirectory(_ environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return FilePath.join(cache, "bodywork") }
        if let home = environment["HOME"], home.hasPrefix("/") { return FilePath.join(home, ".cache/bodywork") }
        return nil
    }
}
