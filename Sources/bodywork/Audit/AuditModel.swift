// The audit as data: findings with their cause, place, priority and fix, grouped by view
// and module within each project, views ranked by the sum of their findings' priority.
// Every renderer (terminal, Markdown, JSON, HTML) reads this and nothing else.
import Codemod

/// The status of every finding of a code-only audit.
let auditStatus = "unconfirmed (from code)"

/// How a finding's priority is computed: its severity's weight times its place's weight.
enum AuditPriority {
    static func weight(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 3
        case .warning: return 2
        case .note: return 1
        }
    }

    static func weight(_ place: AuditPlace) -> Int {
        switch place {
        case .row: return 4
        case .body: return 2
        case .action, .once, .elsewhere: return 1
        }
    }

    /// How each place is named in explanations.
    static func describe(_ place: AuditPlace) -> String {
        switch place {
        case .row: return "per row"
        case .body: return "per update"
        case .action: return "per event"
        case .once: return "once"
        case .elsewhere: return "outside views"
        }
    }

    /// The rule in one paragraph, as the reports print it.
    static let explanation = "Priority = severity weight (error 3, warning 2, note 1) × place weight "
        + "(4 in a row, since it runs once per row: a ForEach's content, a List's or lazy container's content built per element, "
        + "or a view such a row builds; "
        + "2 in body, a view's init or what body reads, since it runs on every update; "
        + "1 in an action closure or a method that returns nothing, for what runs once (a task started on appear, "
        + "an app's or a static's setup), and outside views). "
        + "A view's score is the sum of its findings'; views with a finding that runs per update or per row rank first, "
        + "so none is in the top on findings that run once or on an event alone. "
        + "Quick wins are findings bodywork fixes now (`bodywork --apply`)."
}

/// One finding as the audit shows it: the engine's finding as the run reported it, where
/// it sits, and what the audit adds (cause, excerpt, the fix as a diff, a link).
struct AuditFinding: Sendable {
    /// The finding as the run reports it (rule, message, severity, range, fix state).
    var reported: ReportedFinding
    /// Where it sits; the builder moves the findings of views built as rows to `.row`.
    var site: AuditSite
    /// The finding's place in the code's web view (`audit --link`).
    var url: String? = nil
    var category: AuditCategory
    /// Why the pattern costs: the first paragraph of the rule's documentation.
    var explanation: String
    /// Why this finding costs, in its place (`AuditCosts`); set when the audit is built.
    var cost = ""
    var path: String
    /// What the fix does, or why there is none.
    var fixText: String
    /// The fix alone as a unified diff; empty when there is none to show.
    var diff: String
    /// The finding's first lines, numbered from `excerptStart`.
    var excerpt: [String]
    var excerptStart: Int
    /// `unconfirmed (from code)`, or `confirmed (trace)`/`(log)` when evidence measured its view.
    var status = auditStatus
    /// With `audit --compare`: whether the previous audit had it.
    var change: AuditChange? = nil

    var ruleID: String { reported.ruleID }
    var severity: Severity { reported.severity }
    var message: String { reported.message }
    var line: Int { reported.line }
    var column: Int { reported.column }
    var endLine: Int { reported.endLine }
    var endColumn: Int { reported.endColumn }
    var fix: FixState { reported.fix }
    var typeName: String? { site.typeName }
    var isView: Bool {
        get { site.isView }
        set { site.isView = newValue }
    }
    var place: AuditPlace {
        get { site.place }
        set { site.place = newValue }
    }
    var placeReason: String {
        get { site.reason }
        set { site.reason = newValue }
    }
    /// Place and reason should the type turn out to be a view declared in another file.
    var viewPlace: AuditPlace { site.viewPlace }
    var viewPlaceReason: String { site.viewReason }

    var score: Int { AuditPriority.weight(severity) * AuditPriority.weight(place) }
    /// Fixed by `bodywork --apply`.
    var isQuickWin: Bool { fix == .applied }
    /// The code runs while views update (in a row or on the render path), rather than once
    /// or on an event.
    var runsPerUpdate: Bool { place == .row || place == .body }
    var scoreExplanation: String {
        "\(severity.rawValue) \(AuditPriority.weight(severity)) × \(AuditPriority.describe(place)) \(AuditPriority.weight(place)) = \(score)"
    }

    /// The size of the fix: lines its diff adds and removes; nil when there is no diff.
    var fixSize: AuditFixSize? {
        guard !diff.isEmpty else { return nil }
        var size = AuditFixSize()
        for line in diff.split(separator: "\n") where !line.hasPrefix("+++") && !line.hasPrefix("---") {
            if line.hasPrefix("+") { size.added += 1 } else if line.hasPrefix("-") { size.removed += 1 }
        }
        return size
    }
}

/// How many lines a fix adds and removes.
struct AuditFixSize: Sendable, Equatable {
    var added = 0
    var removed = 0

    static func + (a: AuditFixSize, b: AuditFixSize) -> AuditFixSize {
        AuditFixSize(added: a.added + b.added, removed: a.removed + b.removed)
    }

    /// `+3 −1`.
    var text: String { "+\(added) \u{2212}\(removed)" }
}

/// A view (or another type, or a file's top level) with its findings, best first.
struct AuditView: Sendable {
    var name: String
    /// `view`, `type` or `file`.
    var kind: String
    var module: String
    var path: String
    var findings: [AuditFinding]
    /// What `--evidence` measured for the view (`Evidence.swift`); nil when it is not measured.
    var evidence: ViewEvidence? = nil

    var score: Int { findings.reduce(0) { $0 + $1.score } }
    var quickWins: Int { findings.filter(\.isQuickWin).count }
    /// Some finding runs while views update: only such views are ranked into the top.
    var runsPerUpdate: Bool { findings.contains(where: \.runsPerUpdate) }
    /// The lines all its fixes change (applied and suggested); nil when none has a diff.
    var fixSize: AuditFixSize? {
        let sizes = findings.compactMap(\.fixSize)
        return sizes.isEmpty ? nil : sizes.reduce(AuditFixSize(), +)
    }

    /// The cause with the highest score (ties: the reference's order).
    var mainCategory: AuditCategory {
        var scores: [AuditCategory: Int] = [:]
        for finding in findings { scores[finding.category, default: 0] += finding.score }
        return AuditCategory.allCases.max { (scores[$0] ?? 0) < (scores[$1] ?? 0) || ((scores[$0] ?? 0) == (scores[$1] ?? 0) && $0.order > $1.order) }
            ?? .workInBody
    }

    /// Causes present, in the reference's order.
    var categories: [AuditCategory] { AuditCategory.allCases.filter { category in findings.contains { $0.category == category } } }

    var hasRowFindings: Bool { findings.contains { $0.place == .row } }
}

/// One module's line in the per-module table.
struct AuditModule: Sendable {
    var name: String
    var files = 0
    var findings = 0
    var score = 0
    var quickWins = 0
}

/// One project of the run: its modules and ranked views.
struct AuditSection: Sendable {
    var name: String
    var kind: String
    var path: String
    var modules: [AuditModule]
    /// Ranked: views with a finding that runs per update first, then highest score, more
    /// quick wins, name and path.
    var views: [AuditView]

    var findings: [AuditFinding] { views.flatMap(\.findings) }
    var score: Int { views.reduce(0) { $0 + $1.score } }
    var quickWins: Int { views.reduce(0) { $0 + $1.quickWins } }

    /// Whether the view at `rank` (from 1) is one of the top `top`, which get a measurement
    /// and a test: views whose findings all run once or on an event never are.
    func isTop(rank: Int, top: Int) -> Bool { rank <= top && rank <= views.count && views[rank - 1].runsPerUpdate }

    /// Findings and score per cause, every cause listed in the reference's order.
    var categoryCounts: [(category: AuditCategory, findings: Int, score: Int)] {
        AuditCategory.allCases.map { category in
            let matching = findings.filter { $0.category == category }
            return (category, matching.count, matching.reduce(0) { $0 + $1.score })
        }
    }
}

/// The whole audit.
struct Audit: Sendable {
    var sections: [AuditSection]
    var filesScanned: Int
    var skipped: [SkippedFile]
    /// How many views get a measurement and a test scaffold.
    var top: Int
    /// The summary and documentation of each rule the audit names, by id.
    var ruleDocumentation: [String: String] = [:]
    /// The evidence files and what they measured beyond the views (`--evidence`).
    var evidence: AuditEvidence? = nil
    /// With `--compare`: the findings new, fixed and unchanged since a previous audit.
    var comparison: AuditComparison? = nil

    var findingCount: Int { sections.reduce(0) { $0 + $1.findings.count } }
    var viewCount: Int { sections.reduce(0) { $0 + $1.views.count } }
    var quickWins: Int { sections.reduce(0) { $0 + $1.quickWins } }
}

extension AuditCategory {
    /// Position in the reference's table.
    var order: Int { AuditCategory.allCases.firstIndex(of: self) ?? 0 }
}

// MARK: - Building

/// What one file contributes: its findings, its modules and project, and the views its
/// rows build.
struct AuditFileResult: Sendable {
    var path: String
    var skipReason: String?
    var findings: [AuditFinding] = []
    var rowCallees: [String: String] = [:]
    /// Views a row creates as a navigation destination: their initializers run per row.
    var rowDestinations: [String: String] = [:]
    var viewTypeNames: Set<String> = []
    var modules: [String] = []
    var projectKey = ""
}

/// The project a file's section is named after.
struct AuditProjectInfo: Sendable {
    var name: String
    var kind: String
    var path: String
}

enum AuditBuilder {
    /// Groups file results into sections (one per project, in path order), views and
    /// modules; views built as rows get their findings' row weight here.
    static func build(_ files: [AuditFileResult], projects: [String: AuditProjectInfo], top: Int) -> Audit {
        var byProject: [String: [AuditFileResult]] = [:]
        var skipped: [SkippedFile] = []
        var scanned = 0
        for file in files {
            if let reason = file.skipReason {
                skipped.append(SkippedFile(path: file.path, reason: reason))
                continue
            }
            scanned += 1
            byProject[file.projectKey, default: []].append(file)
        }
        var sections: [AuditSection] = []
        for key in byProject.keys.sorted() {
            let files = byProject[key]!
            // Views some row in this project builds, and which view's row builds them.
            var rowViews: [String: String] = [:]
            var rowDestinations: [String: String] = [:]
            var viewNames = Set<String>()
            for file in files {
                rowViews.merge(file.rowCallees) { old, _ in old }
                rowDestinations.merge(file.rowDestinations) { old, _ in old }
                viewNames.formUnion(file.viewTypeNames)
            }
            var modules: [String: AuditModule] = [:]
            var views: [String: AuditView] = [:]
            for file in files {
                let moduleName = file.modules.first ?? "?"
                for name in file.modules { modules[name, default: AuditModule(name: name)].files += 1 }
                for var finding in file.findings {
                    if !finding.isView, let type = finding.typeName, viewNames.contains(type) {
                        finding.isView = true
                        finding.place = finding.viewPlace
                        finding.placeReason = finding.viewPlaceReason
                    }
                    if finding.place == .body, finding.isView, let type = finding.typeName, let user = rowViews[type], user != type {
                        finding.place = .row
                        finding.placeReason = "in `\(type)`, which a row of `\(user)` builds once per row (\(finding.placeReason))"
                    } else if finding.place == .body, finding.isView, finding.site.atInit, !AuditCosts.viewWide.contains(finding.ruleID),
                              let type = finding.typeName,
                              let user = rowDestinations[type], user != type {
                        finding.place = .row
                        finding.placeReason = "in `\(type)`, which a row of `\(user)` creates once per row as a navigation destination "
                            + "(\(finding.placeReason))"
                    }
                    finding.cost = AuditCosts.text(for: finding)
                    for name in file.modules {
                        modules[name]!.findings += 1
                        modules[name]!.score += finding.score
                        if finding.isQuickWin { modules[name]!.quickWins += 1 }
                    }
                    let viewName = finding.typeName ?? String(FilePath.fileName(file.path))
                    let viewKey = moduleName + "\u{0}" + viewName
                    if views[viewKey] == nil {
                        views[viewKey] = AuditView(name: viewName, kind: finding.typeName == nil ? "file" : finding.isView ? "view" : "type",
                                                   module: moduleName, path: file.path, findings: [])
                    }
                    views[viewKey]!.findings.append(finding)
                    if finding.isView && views[viewKey]!.kind == "type" { views[viewKey]!.kind = "view" }
                }
            }
            var ranked = Array(views.values)
            for index in ranked.indices {
                ranked[index].findings.sort { a, b in
                    if a.score != b.score { return a.score > b.score }
                    if a.path != b.path { return a.path < b.path }
                    return (a.line, a.column, a.ruleID) < (b.line, b.column, b.ruleID)
                }
            }
            ranked.sort { a, b in
                if a.runsPerUpdate != b.runsPerUpdate { return a.runsPerUpdate }
                if a.score != b.score { return a.score > b.score }
                if a.quickWins != b.quickWins { return a.quickWins > b.quickWins }
                if a.name != b.name { return a.name < b.name }
                return (a.module, a.path) < (b.module, b.path)
            }
            let info = projects[key] ?? AuditProjectInfo(name: key, kind: "folder", path: key)
            sections.append(AuditSection(name: info.name, kind: info.kind, path: info.path,
                                         modules: modules.values.sorted { $0.name < $1.name }, views: ranked))
        }
        // Projects without findings last: a lead starts where the work is.
        let ordered = sections.filter { !$0.findings.isEmpty } + sections.filter { $0.findings.isEmpty }
        return Audit(sections: ordered, filesScanned: scanned, skipped: skipped, top: top)
    }
}

// MARK: - Confirming

extension AuditView {
    /// A test class name made from the view's name.
    var testClassName: String {
        let letters = name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
        var base = String(String.UnicodeScalarView(letters))
        if base.isEmpty || base.first!.isNumber { base = "Screen" + base }
        return base + "PerformanceTests"
    }

    /// The measurement that would confirm the view's findings: its main cause's first.
    var measurements: [(category: AuditCategory, how: String)] {
        let main = mainCategory
        return [(main, main.measurement)] + categories.filter { $0 != main }.map { ($0, $0.measurement) }
    }

    /// An XCTest performance test to paste into the UI test target, with the view's name.
    var testScaffold: String {
        let scrolls = hasRowFindings || mainCategory.showsWhileScrolling
        var metrics: [String] = scrolls ? ["XCTOSSignpostMetric.scrollingAndDecelerationMetric"]
                                        : ["XCTClockMetric()", "XCTCPUMetric(application: app)"]
        if categories.contains(.images) { metrics.append("XCTMemoryMetric(application: app)") }
        let arguments = categories.flatMap(\.launchArguments)
        let function = "test" + testClassName.dropLast("PerformanceTests".count) + (scrolls ? "Scrolling" : "Updates")
        var out = "import XCTest\n\nfinal class \(testClassName): XCTestCase {\n"
        out += "    func \(function)() {\n"
        out += "        let app = XCUIApplication()\n"
        if !arguments.isEmpty {
            out += "        app.launchArguments += [\(arguments.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
        }
        out += "        app.launch()\n"
        out += "        // Open the screen that shows \(name) here, e.g. app.buttons[\"\(name)\"].tap()\n"
        out += "        measure(metrics: [\(metrics.joined(separator: ", "))]) {\n"
        if scrolls {
            out += "            app.swipeUp(velocity: .fast)\n            app.swipeDown(velocity: .fast)\n"
        } else {
            out += "            // The interaction that updates \(name), e.g. typing in its search field.\n"
            out += "            app.swipeUp(velocity: .fast)\n"
        }
        out += "        }\n    }\n}\n"
        return out
    }
}
