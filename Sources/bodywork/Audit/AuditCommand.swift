// `bodywork audit [PATHS]`: every rule in report mode over a whole app (nothing is
// written), turned into a ranked performance audit per project: terminal summary,
// Markdown, JSON or a self-contained HTML page.
import Codemod
import Settings
import Patch
import Project
import SwiftCST

/// The formats `audit` writes.
enum AuditFormat: String, CaseIterable {
    case text, markdown, json, html
}

/// Runs `audit [--format F] [--output FILE] [--top N] [--link T] [--compare FILE] [PATHS]`.
struct AuditCommand {
    var paths: [String] = []
    var format = AuditFormat.text
    var outputPath: String?
    var configPath: String?
    var excludes: [String] = []
    var top = 10
    /// `--link TEMPLATE` or `--link git`: locations as links (`AuditLinks`).
    var link: String?
    /// `--compare FILE`: a previous `audit --format json` report (`AuditCompare`).
    var comparePath: String?
    var jobs = 1
    var noCache = false
    /// `--evidence FILE`: xctrace exports, `.trace` bundles or `_printChanges` logs (`Evidence.swift`).
    var evidencePaths: [String] = []
    /// `--before-evidence FILE`: the measurement before the change, for the before/after table.
    var beforeEvidencePaths: [String] = []

    /// Parses the arguments after `audit`.
    static func parse(_ arguments: [String], defaultJobs: Int) throws(UsageError) -> Command {
        var command = AuditCommand()
        command.jobs = max(1, defaultJobs)
        var reader = VerbArguments(arguments, verb: "audit")
        var optionsEnded = false
        while let argument = reader.next() {
            if optionsEnded || !argument.hasPrefix("-") {
                command.paths.append(argument)
                continue
            }
            let (name, inline) = ArgumentParser.split(argument)
            switch name {
            case "-h", "--help": return .verbHelp("audit")
            case "--": optionsEnded = true
            case "--format":
                let text = try reader.value(name, inline)
                guard let format = AuditFormat(rawValue: text) else {
                    throw UsageError("audit: --format must be one of \(AuditFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
                }
                command.format = format
            case "-o", "--output": command.outputPath = try reader.value(name, inline)
            case "--config": command.configPath = try reader.value(name, inline)
            case "--exclude": command.excludes.append(try reader.value(name, inline))
            case "--top": command.top = try reader.count(name, try reader.value(name, inline))
            case "--link": command.link = try reader.value(name, inline)
            case "--compare": command.comparePath = try reader.value(name, inline)
            case "-j", "--jobs": command.jobs = try reader.count(name, try reader.value(name, inline))
            case "--no-cache": command.noCache = true
            case "--evidence": command.evidencePaths.append(try reader.value(name, inline))
            case "--before-evidence": command.beforeEvidencePaths.append(try reader.value(name, inline))
            default: throw UsageError("audit: unknown option '\(argument)' (see `bodywork audit --help`)")
            }
        }
        if command.paths.isEmpty { command.paths = ["."] }
        if !command.beforeEvidencePaths.isEmpty && command.evidencePaths.isEmpty {
            throw UsageError("audit: --before-evidence needs --evidence, the measurement after the change")
        }
        return .audit(command)
    }

    /// Audits the paths; exit 0, 2 for a usage or configuration error, 3 when a file
    /// could not be read or the report not written.
    func run(console: Console, environment: [String: String]) -> Int32 {
        let rules = AvailableRules.all(environment: environment)
        do {
            let inputs = try AuditInputs(paths: paths, configPath: configPath, excludes: excludes, jobs: jobs, rules: rules)
            var outputs = OutputGuard(inputs: inputs.selection.files + evidencePaths + beforeEvidencePaths,
                                      configurations: inputs.planner.loader.loadedPaths,
                                      baselines: inputs.planner.baselines.paths)
            outputs.add("--output", outputPath)
            try outputs.check()
            let evidence = try evidencePaths.map(EvidenceReader.read)
            let evidenceBefore = try beforeEvidencePaths.map(EvidenceReader.read)
            let links = try link.map { value throws(UsageError) in try AuditLinks.resolve(value, paths: paths) }
            let previous = try comparePath.map { path throws(UsageError) in try AuditCompare.load(path) }
            let explanations = Dictionary(rules.map { ($0.id, AuditCommand.firstParagraph($0.documentation)) }) { a, _ in a }
            let results = inputs.results(explanations: explanations, noCache: noCache, environment: environment)
            let projects = inputs.projects(of: results)
            let selection = inputs.selection
            var audit = AuditBuilder.build(results, projects: projects, top: top)
            audit.skipped = selection.problems + audit.skipped
            AuditCommand.annotate(&audit, links: links, rules: rules)
            if !evidence.isEmpty {
                EvidenceJoin.apply(after: evidence, before: evidenceBefore, to: &audit, files: results, projects: projects)
            }
            if let previous, let comparePath { AuditCompare.apply(previous, previousPath: comparePath, to: &audit) }
            let document: String
            switch format {
            case .text: document = AuditText.render(audit)
            case .markdown: document = AuditMarkdown.render(audit)
            case .json: document = AuditJSON.render(audit).rendered()
            case .html: document = AuditHTML.render(audit)
            }
            let report = ReportOutput(path: outputPath, console: console)
            report.write(document)
            for problem in audit.skipped { console.message("bodywork: \(FilePath.shown(problem.path)): \(problem.reason) (skipped)") }
            if let error = report.commit() {
                console.message("bodywork: \(error)")
                return ExitStatus.fileErrors
            }
            if let outputPath, format != .text {
                let compared = audit.comparison.map { "; \($0.summary) since \($0.previousPath)" } ?? ""
                console.message(AuditText.oneLine(audit) + compared + "; report written to \(outputPath)")
            }
            return audit.skipped.isEmpty ? ExitStatus.success : ExitStatus.fileErrors
        } catch {
            console.message("bodywork: \(error)")
            return ExitStatus.usageError
        }
    }

    /// Each finding's link (with `--link`) and the documentation of every rule the audit
    /// names, which the page's rule names link to.
    static func annotate(_ audit: inout Audit, links: AuditLinks?, rules: [any Rule]) {
        var named: Set<String> = []
        for s in audit.sections.indices {
            for v in audit.sections[s].views.indices {
                for f in audit.sections[s].views[v].findings.indices {
                    let finding = audit.sections[s].views[v].findings[f]
                    named.insert(finding.ruleID)
                    audit.sections[s].views[v].findings[f].url = links?.url(path: finding.path, line: finding.line,
                                                                           column: finding.column)
                }
            }
        }
        for rule in rules where named.contains(rule.id) {
            audit.ruleDocumentation[rule.id] = rule.summary + ".\n\n" + rule.documentation
        }
    }

    // MARK: - One file

    /// The audit's view of one processed file: its first-round findings (the code as it
    /// is; findings about code a fix would write are left out) with their sites.
    static func audit(_ work: FileWork, explanations: [String: String]) -> AuditFileResult {
        var result = AuditFileResult(path: work.report.path, skipReason: work.report.skipReason)
        guard let bytes = work.outcome?.original else { return result }
        let tree = SyntaxTree.parse(bytes)
        let finder = AuditSiteFinder(tree: tree)
        result.rowCallees = finder.rowCallees()
        result.rowDestinations = finder.rowDestinations()
        result.viewTypeNames = finder.viewTypeNames()
        let findings = work.report.findings.filter { $0.normalizedSource != nil }
        guard !findings.isEmpty else { return result }
        let locations = SourceLocationConverter(bytes)
        let lines = AuditCommand.lines(of: bytes)
        for finding in findings {
            let offset = locations.offset(line: finding.line, column: finding.column) ?? 0
            var site = finder.site(at: offset)
            if let why = AuditSiteFinder.onceRules[finding.ruleID] {
                if site.place != .elsewhere { (site.place, site.reason) = (.once, why) }
                if site.viewPlace != .elsewhere { (site.viewPlace, site.viewReason) = (.once, why) }
            }
            if AuditCosts.viewWide.contains(finding.ruleID), let type = site.typeName {
                let why = "in `\(type)`, whose `body` runs again whenever what it depends on changes"
                if site.place == .body { site.reason = why }
                if site.viewPlace == .body { site.viewReason = why }
            }
            let last = min(finding.endLine, finding.line + 5, lines.count)
            let excerpt = finding.line <= last ? Array(lines[(finding.line - 1)..<last]) : []
            result.findings.append(AuditFinding(
                reported: finding, site: site, category: AuditCategory.of(ruleID: finding.ruleID),
                explanation: explanations[finding.ruleID] ?? "", path: work.report.path,
                fixText: fixText(finding), diff: diff(of: finding, in: bytes, path: work.report.path),
                excerpt: excerpt, excerptStart: finding.line))
        }
        return result
    }

    /// What the fix does, or why bodywork cannot apply one.
    private static func fixText(_ finding: ReportedFinding) -> String {
        switch finding.fix {
        case .applied: return "bodywork fixes this: `bodywork --apply`"
        case .suggested: return "suggested fix (may change behaviour; review it): `bodywork --apply --unsafe-fixes`"
        case .withheld: return "no automatic fix: \(finding.reason ?? "not proven safe from the source")"
        case .none: return "no automatic fix: the rule reports this pattern only"
        }
    }

    /// The finding's own edits applied to the file, as a unified diff with two lines of
    /// context.
    private static func diff(of finding: ReportedFinding, in bytes: [UInt8], path: String) -> String {
        guard !finding.edits.isEmpty else { return "" }
        var output: [UInt8] = []
        var at = 0
        for edit in finding.edits.sorted(by: { $0.startOffset < $1.startOffset }) {
            guard edit.startOffset >= at, edit.endOffset <= bytes.count else { return "" }
            output += bytes[at..<edit.startOffset]
            output += Array(edit.replacement.utf8)
            at = edit.endOffset
        }
        output += bytes[at...]
        return String(decoding: UnifiedDiff.render(old: bytes, new: output, path: FilePath.inPatch(path), context: 2), as: UTF8.self)
    }

    /// The file's lines without their line breaks (LF, CRLF or CR).
    static func lines(of bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(String(decoding: bytes[start..<index], as: UTF8.self))
                if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                start = index + 1
            }
            index += 1
        }
        lines.append(String(decoding: bytes[start...], as: UTF8.self))
        return lines
    }

    /// The documentation's first paragraph, joined into one line.
    static func firstParagraph(_ text: String) -> String {
        var paragraph: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty { if paragraph.isEmpty { continue } else { break } }
            paragraph.append(trimmed)
        }
        return paragraph.joined(separator: " ")
    }
}

/// Results as the ordered batch emits them, one at a time.
/// The files an audit reads, planned, and what the rules find in each: `audit` and
/// `probe` rank the same views.
struct AuditInputs {
    let model: ProjectModel
    let planner: RunPlanner
    let selection: FileSelection
    let plan: RunPlan
    let jobs: Int

    /// Plans `paths` for the first round of every active rule, nothing written.
    init(paths: [String], configPath: String?, excludes: [String], jobs: Int, rules: [any Rule]) throws(UsageError) {
        var options = RunOptions()
        options.paths = paths
        options.mode = .lint
        options.configPath = configPath
        options.excludes = excludes
        options.jobs = jobs
        var planner = RunPlanner(options: options, rules: rules)
        model = ProjectModel(roots: paths.filter { FileKind.of($0) == .directory }.map(FilePath.absolute))
        planner.model = model
        selection = Discovery(excludes: excludes.map(Glob.init), fileSystem: model.fileSystem).select(paths)
        plan = try planner.plan(selection.files)
        self.planner = planner
        self.jobs = jobs
    }

    /// Each file's audit, in file order, with its modules and project.
    func results(explanations: [String: String], noCache: Bool, environment: [String: String]) -> [AuditFileResult] {
        let maxFileSize = RunOptions().maxFileSize
        let needsIndex = plan.settings.contains { $0.engine.rules.contains { $0.usesProjectIndex } }
        let trees = ParsedTrees()
        let indexes = needsIndex
            ? ModuleIndexes.build(files: plan.files.map(\.path), model: model, jobs: jobs, maxFileSize: maxFileSize,
                                  cache: noCache ? nil : IndexCache(environment: environment), trees: trees)
            : .empty
        let processor = FileProcessor(maxFileSize: maxFileSize, indexes: indexes, trees: trees)
        let files = plan.files
        let settings = plan.settings
        let collected = AuditCollector(count: files.count)
        runOrdered(count: files.count, jobs: jobs, work: { index in
            let file = files[index]
            var result = AuditCommand.audit(processor.run(file.path, settings: settings[file.settingsIndex]),
                                            explanations: explanations)
            result.path = file.path
            return result
        }, emit: { index, result in collected.set(index, result) })
        var results = collected.results.compactMap { $0 }
        for index in results.indices {
            let owners = model.owners(ofFile: FilePath.absolute(results[index].path)).compactMap(model.module)
            results[index].modules = owners.map(\.name)
            results[index].projectKey = owners.first?.projectPath ?? FilePath.directory(of: FilePath.absolute(results[index].path))
        }
        return results
    }

    /// The projects `results` belong to, by key.
    func projects(of results: [AuditFileResult]) -> [String: AuditProjectInfo] {
        var projects: [String: AuditProjectInfo] = [:]
        for result in results where projects[result.projectKey] == nil {
            let project = model.project(result.projectKey)
            projects[result.projectKey] = AuditProjectInfo(name: project?.name ?? String(FilePath.fileName(result.projectKey)),
                                                          kind: project?.kind.rawValue ?? "folder",
                                                          path: ProjectDescription.displayPath(result.projectKey))
        }
        return projects
    }
}

private final class AuditCollector: @unchecked Sendable {
    var results: [AuditFileResult?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: AuditFileResult) { results[index] = value }
}
