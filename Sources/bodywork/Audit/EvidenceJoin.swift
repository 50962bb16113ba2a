// Joins what the evidence measured to the audit: each measured view to the view the project
// declares under that name, its findings confirmed, measured views ranked first by measured
// cost, and the before/after table of a second measurement.

/// A cause and how many updates it explains.
struct EvidenceCause: Sendable, Equatable {
    var name: String
    var count: Int
}

/// What the evidence measured for one view of the audit.
struct ViewEvidence: Sendable {
    /// `trace` when an export measured the view (its time then ranks it), else `log`.
    var source: EvidenceSource
    var updates: Int
    /// Trace only.
    var totalNanoseconds: UInt64?
    var longUpdates: Int?
    var hitches: Int?
    /// Most frequent first.
    var causes: [EvidenceCause]
    /// The view has findings too (else it is listed as measured with no code finding).
    var hasFindings = true

    var findingStatus: String { "confirmed (\(source.rawValue))" }
    var status: String { hasFindings ? findingStatus : EvidenceText.noFinding }
    var totalMilliseconds: Double? { totalNanoseconds.map(EvidenceText.milliseconds) }

    /// Ranks trace-measured views by time, then log-measured views by updates.
    var cost: (UInt64, UInt64) {
        source == .trace ? (1, totalNanoseconds ?? 0) : (0, UInt64(updates))
    }
}

/// One line of the before/after table.
struct EvidenceComparison: Sendable {
    var view: String
    var before: (updates: Int, nanoseconds: UInt64?)
    var after: (updates: Int, nanoseconds: UInt64?)
}

/// What the audit says about its evidence beyond the views it joined.
struct AuditEvidence: Sendable {
    struct FileSummary: Sendable {
        var path: String
        var source: EvidenceSource
        var rows: Int
        var views: Int
        var unterminated: Int
        var hitchWindows: Int
    }

    var files: [FileSummary] = []
    var beforeFiles: [FileSummary] = []
    /// Measured views no audited file declares (another package's, or SwiftUI's own types).
    var notInSources: [MeasuredView] = []
    var systemWork: [SystemWork] = []
    var comparison: [EvidenceComparison] = []
    /// Views of the audit the evidence measured.
    var measuredViews = 0
    var confirmedFindings = 0
}

/// Joins evidence files to an audit.
enum EvidenceJoin {
    /// A view declaration in the audited files.
    private struct Declaration: Hashable, Comparable {
        var projectKey: String
        var module: String
        var name: String
        var path: String

        static func < (a: Declaration, b: Declaration) -> Bool {
            (a.projectKey, a.module, a.path, a.name) < (b.projectKey, b.module, b.path, b.name)
        }
    }

    static func apply(after: [EvidenceFile], before: [EvidenceFile], to audit: inout Audit,
                      files: [AuditFileResult], projects: [String: AuditProjectInfo]) {
        var evidence = AuditEvidence()
        evidence.files = after.map(summary)
        evidence.beforeFiles = before.map(summary)
        for file in after { for work in file.systemWork { merge(work, into: &evidence.systemWork) } }
        evidence.systemWork.sort { ($0.totalNanoseconds, $0.updates) != ($1.totalNanoseconds, $1.updates)
            ? ($0.totalNanoseconds, $0.updates) > ($1.totalNanoseconds, $1.updates) : $0.description < $1.description }

        let declarations = declaredViews(files)
        // Per declaration, what the trace files and the log files measured.
        var measured: [Declaration: (trace: MeasuredView?, log: MeasuredView?)] = [:]
        var notInSources: [String: MeasuredView] = [:]
        for file in after {
            for view in file.views {
                guard let declaration = match(view, declarations) else {
                    notInSources[MeasuredView.key(name: view.name, module: view.module), default: MeasuredView(name: view.name, module: view.module)]
                        .merge(view)
                    continue
                }
                var entry = measured[declaration] ?? (nil, nil)
                if file.source == .trace { entry.trace = combine(entry.trace, view) } else { entry.log = combine(entry.log, view) }
                measured[declaration] = entry
            }
        }
        evidence.notInSources = notInSources.values.sorted { ($0.totalNanoseconds, $0.updates) != ($1.totalNanoseconds, $1.updates)
            ? ($0.totalNanoseconds, $0.updates) > ($1.totalNanoseconds, $1.updates) : ($0.name, $0.module ?? "") < ($1.name, $1.module ?? "") }

        for (declaration, entry) in measured.sorted(by: { $0.key < $1.key }) {
            let display = projects[declaration.projectKey]?.path ?? declaration.projectKey
            guard let section = audit.sections.firstIndex(where: { $0.path == display }) else { continue }
            var found = ViewEvidence(trace: entry.trace, log: entry.log)
            if let index = audit.sections[section].views.firstIndex(where: { $0.name == declaration.name && $0.module == declaration.module }) {
                found.hasFindings = !audit.sections[section].views[index].findings.isEmpty
                audit.sections[section].views[index].evidence = found
                for finding in audit.sections[section].views[index].findings.indices {
                    audit.sections[section].views[index].findings[finding].status = found.findingStatus
                }
                evidence.confirmedFindings += audit.sections[section].views[index].findings.count
            } else {
                found.hasFindings = false
                audit.sections[section].views.append(AuditView(name: declaration.name, kind: "view", module: declaration.module,
                                                               path: declaration.path, findings: [], evidence: found))
            }
            evidence.measuredViews += 1
        }
        for section in audit.sections.indices { rank(&audit.sections[section].views) }
        if !before.isEmpty { evidence.comparison = compare(before: before, after: after) }
        audit.evidence = evidence
    }

    // MARK: - Joining

    private static func summary(_ file: EvidenceFile) -> AuditEvidence.FileSummary {
        AuditEvidence.FileSummary(path: file.path, source: file.source, rows: file.rows, views: file.views.count,
                                  unterminated: file.unterminated, hitchWindows: file.hitchWindows)
    }

    private static func merge(_ work: SystemWork, into list: inout [SystemWork]) {
        if let index = list.firstIndex(where: { $0.description == work.description }) {
            list[index].updates += work.updates
            list[index].totalNanoseconds += work.totalNanoseconds
        } else {
            list.append(work)
        }
    }

    private static func combine(_ old: MeasuredView?, _ new: MeasuredView) -> MeasuredView {
        guard var old else { return new }
        old.merge(new)
        return old
    }

    /// Each view name the audited files declare or extend as a view, with where.
    private static func declaredViews(_ files: [AuditFileResult]) -> [String: [Declaration]] {
        var byName: [String: Set<Declaration>] = [:]
        for file in files where file.skipReason == nil {
            let module = file.modules.first ?? "?"
            for name in file.viewTypeNames {
                let declaration = Declaration(projectKey: file.projectKey, module: module, name: name, path: file.path)
                // One entry per (project, module, name): the first file in path order names it.
                if let known = byName[name]?.first(where: { $0.projectKey == declaration.projectKey && $0.module == module }) {
                    if declaration.path < known.path {
                        byName[name]!.remove(known)
                        byName[name]!.insert(declaration)
                    }
                } else {
                    byName[name, default: []].insert(declaration)
                }
            }
        }
        return byName.mapValues { $0.sorted() }
    }

    /// The declaration a measured view is: by its name (else its last dotted component);
    /// among several, the one in the module the trace or the log's process names, else the first.
    private static func match(_ view: MeasuredView, _ declarations: [String: [Declaration]]) -> Declaration? {
        // SwiftUI's own `Label` is not the app's `Label`.
        if let module = view.module, frameworks.contains(module) { return nil }
        let last = view.name.split(separator: ".").last.map(String.init) ?? view.name
        guard let candidates = declarations[view.name] ?? declarations[last], let first = candidates.first else { return nil }
        if candidates.count > 1 {
            for hint in [view.module, view.process].compactMap({ $0 }) {
                if let named = candidates.first(where: { $0.module == hint }) { return named }
            }
        }
        return first
    }

    /// Apple's modules a trace names for their own views.
    private static let frameworks: Set<String> = ["SwiftUI", "SwiftUICore", "UIKit", "AppKit", "MapKit", "Charts", "WidgetKit",
                                                  "PhotosUI", "AVKit", "SafariServices", "RealityKit", "SceneKit", "SpriteKit"]

    /// Measured views first, by measured cost (trace time, then log updates), then the rest as ranked.
    private static func rank(_ views: inout [AuditView]) {
        let measured = views.filter { $0.evidence != nil }.sorted { a, b in
            let (x, y) = (a.evidence!.cost, b.evidence!.cost)
            if x != y { return x > y }
            if a.evidence!.updates != b.evidence!.updates { return a.evidence!.updates > b.evidence!.updates }
            if a.score != b.score { return a.score > b.score }
            return (a.name, a.module, a.path) < (b.name, b.module, b.path)
        }
        views = measured + views.filter { $0.evidence == nil }
    }

    // MARK: - Before and after

    /// Like with like: traces with traces and logs with logs when both sides have them.
    private static func compare(before: [EvidenceFile], after: [EvidenceFile]) -> [EvidenceComparison] {
        let shared = Set(before.map(\.source)).intersection(after.map(\.source))
        let old = totals(before.filter { shared.isEmpty || shared.contains($0.source) })
        let new = totals(after.filter { shared.isEmpty || shared.contains($0.source) })
        var rows: [EvidenceComparison] = []
        for name in Set(old.keys).union(new.keys) {
            rows.append(EvidenceComparison(view: name, before: old[name] ?? (0, nil), after: new[name] ?? (0, nil)))
        }
        return rows.sorted { a, b in
            let x = (a.before.nanoseconds ?? 0, a.before.updates), y = (b.before.nanoseconds ?? 0, b.before.updates)
            if x != y { return x > y }
            let p = (a.after.nanoseconds ?? 0, a.after.updates), q = (b.after.nanoseconds ?? 0, b.after.updates)
            if p != q { return p > q }
            return a.view < b.view
        }
    }

    /// Updates and (when a trace measured them) time per view name, over files of one side.
    private static func totals(_ files: [EvidenceFile]) -> [String: (updates: Int, nanoseconds: UInt64?)] {
        var traced: [String: (Int, UInt64)] = [:]
        var logged: [String: Int] = [:]
        for file in files {
            for view in file.views {
                if file.source == .trace {
                    let old = traced[view.name] ?? (0, 0)
                    traced[view.name] = (old.0 + view.updates, old.1 + view.totalNanoseconds)
                } else {
                    logged[view.name, default: 0] += view.updates
                }
            }
        }
        var result: [String: (updates: Int, nanoseconds: UInt64?)] = [:]
        for (name, updates) in logged { result[name] = (updates, nil) }
        // A trace's count is the one a trace and a log of the same run would both give.
        for (name, value) in traced { result[name] = (value.0, value.1) }
        return result
    }
}

extension ViewEvidence {
    /// A trace's counts and time, the log's causes added; or the log's alone.
    init(trace: MeasuredView?, log: MeasuredView?) {
        var causes: [String: Int] = [:]
        if let trace { causes.merge(trace.causes, uniquingKeysWith: +) }
        if let log { causes.merge(log.causes, uniquingKeysWith: +) }
        let ordered = causes.map { EvidenceCause(name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        if let trace {
            self.init(source: .trace, updates: trace.updates, totalNanoseconds: trace.totalNanoseconds, longUpdates: trace.longUpdates,
                      hitches: trace.hitches, causes: ordered)
        } else {
            self.init(source: .log, updates: log?.updates ?? 0, totalNanoseconds: nil, longUpdates: nil, hitches: nil, causes: ordered)
        }
    }
}
