// The main command from start to exit status: select files, plan them, run the batch in
// parallel, stream diffs and findings in file order, then the summary.
//
// Exit status: 2 for a usage or configuration error (nothing is read or written); else 3
// when any file could not be processed or written; else 1 when `--check` found something;
// else 0.
import Codemod
import Settings
import Foundation
import Patch
import Project
import SwiftCST
import Runtime

/// Exit statuses of the command.
enum ExitStatus {
    static let success: Int32 = 0
    static let checkFailed: Int32 = 1
    static let usageError: Int32 = 2
    static let fileErrors: Int32 = 3
}

/// Runs the fix/lint command described by `options`.
struct Runner {
    let options: RunOptions
    let console: Console
    let environment: [String: String]
    /// Rules a command adds for this run only (`probe`'s), beside the registry's.
    var addedRules: [any Rule] = []

    func run() -> Int32 {
        let start = Console.now()
        HeapTuning.prepareProcess()
        let rules = AvailableRules.all(environment: environment) + addedRules
        do {
            try RunPlanner.validateRuleIDs(options, rules: rules)
            if options.mode == .interactive && isatty(0) != 1 {
                throw UsageError("--interactive needs a terminal on standard input")
            }
            var planner = RunPlanner(options: options, rules: rules)
            planner.model = ProjectModel(roots: options.paths.filter { FileKind.of($0) == .directory }.map(FilePath.absolute))
            let timings = options.timings ? Timings() : nil
            planner.timings = timings
            if options.readsStandardInput {
                return try runStandardInput(planner: planner, rules: rules, start: start)
            }
            // With more than one job, the files found are parsed ahead while git, the plan
            // and the project model run.
            // Each thread on a processor of its own while the run works, where the machine
            // has room.
            if options.jobs > 1 { ProcessorPlacement.begin(threads: options.jobs) }
            defer { ProcessorPlacement.end() }
            let trees = ParsedTrees()
            let prefetch = options.jobs > 1 && Mechanism.readahead.isOn
                ? TreePrefetch(maxFileSize: options.maxFileSize, trees: trees, buildsFacts: factsBuiltAhead()) : nil
            var phaseStart = Timings.mark()
            let selection = try selectFiles(model: planner.model, prefetch: prefetch)
            timings?.lap("find files", since: &phaseStart)
            let plan: RunPlan
            do {
                plan = try planner.plan(selection.files)
                timings?.lap("plan (settings, project model)", since: &phaseStart)
            } catch {
                prefetch?.stop(keepingFor: [])
                throw error
            }
            if let command = options.verifyCommand { try VerifiedApply.checkUnchangedTree(command) }
            try checkOutputs(inputs: selection.files, planner: planner)
            let recorder = options.writeBaselinePath.map { BaselineRecorder(path: $0, recordsFixed: options.mode != .apply) }
            let patch = options.patchPath.map(PatchFileWriter.init)
            let report = ReportOutput(path: options.outputPath, console: console)

            var totals = RunTotals()
            totals.excluded = selection.excludedCount + plan.excludedCount
            totals.notices = selection.notes
            if selection.files.isEmpty && selection.problems.isEmpty && selection.notes.isEmpty {
                totals.notices.append("no Swift files found")
            }
            removeStaleTemporaries(selection.temporaries, totals: &totals)
            for problem in selection.problems {
                console.message("bodywork: \(FilePath.shown(problem.path)): \(problem.reason) (skipped)")
                totals.skipped.append(problem)
            }

            // Listed before its parts, which ModuleIndexes records.
            timings?.record(phase: "index (read, parse, facts, fold)", seconds: 0)
            phaseStart = Timings.mark()
            let indexes = moduleIndexes(for: plan.files.map(\.path), settings: plan.settings, model: planner.model,
                                        trees: trees, prefetch: prefetch, timings: timings)
            prefetch?.stop(keepingFor: Set(plan.files.map(\.path)))
            timings?.lap("index (read, parse, facts, fold)", since: &phaseStart)
            var processor = FileProcessor(maxFileSize: options.maxFileSize, indexes: indexes, trees: trees)
            processor.details = ReportDetails(format: options.format)
            if let command = options.verifyCommand {
                VerifiedApply(options: options, console: console, processor: processor, command: command, report: report)
                    .run(plan, totals: &totals, patch: patch, rules: rules, recorder: recorder)
                if let recorder { writeBaseline(recorder, totals: &totals) }
            } else if options.migration.splitBy != nil {
                try BatchMigration(options: options, console: console, processor: processor, rules: rules, plan: plan,
                                   model: planner.model, report: report)
                    .run(plan, totals: &totals, recorder: recorder)
                if let recorder { writeBaseline(recorder, totals: &totals) }
            } else if options.mode == .interactive {
                let review = InteractiveReview(options: options, console: console, processor: processor,
                                                 color: colorsDiffs(isTerminal: true))
                review.run(plan, totals: &totals, patch: patch)
            } else {
                totals = runBatch(plan, processor: processor, totals: totals, rules: rules, patch: patch,
                                  recorder: recorder, report: report)
                if let recorder { writeBaseline(recorder, totals: &totals) }
            }
            if let patch, let error = patch.commit() {
                console.message("bodywork: \(error)")
                totals.writeFailures.append(SkippedFile(path: patch.path, reason: error))
            }
            commit(report, totals: &totals)
            if options.reportUnusedDisables { reportBaselineEntriesOfMissingFiles(plan, totals: &totals) }
            timings?.lap("rules, fixes and output", since: &phaseStart)
            let status = finish(totals, start: start, timings: timings)
            ExitReclaim.keep(processor, trees, plan, planner, selection, totals, report)
            return status
        } catch {
            console.message("bodywork: \(error)")
            return ExitStatus.usageError
        }
    }

    /// Whether the files read ahead have their index facts built as they are parsed: when
    /// the run keeps no index cache, or the cache holds no store this build wrote for the
    /// directories given (a first run). Otherwise the facts of unchanged files are read
    /// from the cache, and building them ahead would be work thrown away.
    private func factsBuiltAhead() -> Bool {
        if options.noCache { return true }
        let cache = IndexCache(environment: environment)
        return !options.paths.contains { path in
            FileKind.of(path) == .directory && cache.holdsStore(forProject: FilePath.absolute(path))
        }
    }

    // MARK: - File selection

    /// The files the run covers; the directory listings are kept in the model's file system.
    private func selectFiles(model: ProjectModel?, prefetch: TreePrefetch? = nil) throws(UsageError) -> FileSelection {
        var discovery = Discovery(excludes: options.excludes.map(Glob.init), fileSystem: model?.fileSystem)
        if let prefetch { discovery.onFound = { $0.isEmpty ? prefetch.finishAdding() : prefetch.add($0) } }
        // The plan asks the model for each file's modules, reading the projects that hold
        // it: asked now, while git runs, for every file found (an answer does not depend
        // on which other files were asked about), and what each set of modules sees, which
        // the model remembers until it reads more.
        if let model {
            discovery.whileAskingGit = { files in
                var asked: Set<[String]> = []
                for path in files { asked.insert(model.owners(ofFile: FilePath.absolute(path))) }
                for owners in asked { _ = model.visibleFiles(owners: owners) }
            }
        }
        var paths = options.paths
        if let list = options.filesFrom {
            paths += try Runner.readPathList(list)
        }
        if let revision = options.changedSince {
            switch discovery.selectChanged(since: revision, within: paths) {
            case .success(let selection): return selection
            case .failure(let error): throw error
            }
        }
        return discovery.select(paths)
    }

    /// One path per line from `FILE` or standard input (`-`); blank lines ignored. When the
    /// list holds a NUL byte (`git ls-files -z`, `find -print0`), paths are separated by
    /// NUL instead and taken exactly, newlines and spaces included.
    private static func readPathList(_ source: String) throws(UsageError) -> [String] {
        let data: Data
        if source == "-" {
            data = Data(try StandardInput.readAll(for: "--files-from -"))
        } else {
            guard let contents = FileManager.default.contents(atPath: source) else {
                throw UsageError("--files-from: cannot read '\(source)'")
            }
            data = contents
        }
        if data.contains(0) {
            return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        return String(decoding: data, as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { String($0).trimmingSpaces() }
            .filter { !$0.isEmpty }
    }

    // MARK: - The batch

    /// What a worker hands to the ordered output: the report and the rendered diffs.
    private struct BatchResult: Sendable {
        var report: FileReport
        var diff: [UInt8]
        var coloredDiff: [UInt8]?
    }

    /// Each file's view of the project index: its modules and their dependencies, indexed
    /// in full whatever files the run selected; empty when no active rule reads it.
    private func moduleIndexes(for files: [String], settings: [FileSettings], model: ProjectModel?,
                               unindexed: String? = nil, trees: ParsedTrees? = nil, prefetch: TreePrefetch? = nil,
                               timings: Timings? = nil) -> ModuleIndexes {
        if options.verbose, let model {
            for line in ModuleIndexes.describe(files: files, model: model) { console.message(line) }
        }
        let needed = settings.contains { settings in settings.engine.rules.contains { $0.usesProjectIndex } }
        guard needed, let model else { return .empty }
        return ModuleIndexes.build(files: files, model: model, jobs: options.jobs, maxFileSize: options.maxFileSize,
                                   unindexed: unindexed, cache: options.noCache ? nil : IndexCache(environment: environment),
                                   trees: trees, prefetch: prefetch, timings: timings, leavingToExit: true)
    }

    private func runBatch(_ plan: RunPlan, processor: FileProcessor, totals: RunTotals, rules: [any Rule],
                          patch: PatchFileWriter?, recorder: BaselineRecorder? = nil, report: ReportOutput) -> RunTotals {
        let options = options
        let printsDiff = options.mode == .preview && options.format == .text
        let needsDiff = printsDiff || patch != nil
        let color = printsDiff && colorsDiffs(isTerminal: console.stdoutIsTerminal)
        let keepsReports = options.format.isDocument
        let output = OrderedOutput(options: options, console: console, patch: patch, totals: totals,
                                   keepsReports: keepsReports, report: report)
        let settings = plan.settings
        let files = plan.files
        if !options.quiet { console.startProgress(total: files.count) }
        let ticker = ProgressTicker(output: output)
        if !options.quiet && console.stderrIsTerminal { ticker.start() }

        runOrdered(count: files.count, jobs: options.jobs, work: { index in
            let file = files[index]
            var work = processor.run(file.path, settings: settings[file.settingsIndex])
            var result = BatchResult(report: work.report, diff: [])
            guard let outcome = work.outcome, outcome.changed else { return result }
            if options.mode == .apply {
                FileProcessor.write(&work, bytes: outcome.output)
                result.report = work.report
            }
            if needsDiff {
                let diff = HunkRules.render(outcome, path: FilePath.inPatch(file.path), context: options.contextLines,
                                            colored: color)
                result.diff = diff.plain
                result.coloredDiff = diff.colored
            }
            return result
        }, emit: { _, result in
            recorder?.add(result.report)
            output.emit(result.report, diff: result.diff, coloredDiff: result.coloredDiff)
        })
        ticker.stop()
        console.endProgress()

        let totals = output.totals
        ReportPrinter(options: options, console: console, output: report).finish(reports: output.reports, totals: totals,
                                                                                   rules: rules)
        return totals
    }

    /// Receives results in file order and prints them; called one at a time.
    private final class OrderedOutput: @unchecked Sendable {
        let options: RunOptions
        let console: Console
        let patch: PatchFileWriter?
        let keepsReports: Bool
        let report: ReportOutput
        private let lock = NSLock()
        private(set) var totals: RunTotals
        private(set) var reports: [FileReport] = []
        private var done = 0
        private var bytes = 0

        init(options: RunOptions, console: Console, patch: PatchFileWriter?, totals: RunTotals, keepsReports: Bool,
             report: ReportOutput) {
            self.report = report
            self.options = options
            self.console = console
            self.patch = patch
            self.totals = totals
            self.keepsReports = keepsReports
        }

        func emit(_ report: FileReport, diff: [UInt8], coloredDiff: [UInt8]?) {
            ReportPrinter(options: options, console: console, output: self.report).file(report, diff: coloredDiff ?? diff)
            if !diff.isEmpty { patch?.write(diff) }
            lock.withLock {
                totals.add(report)
                if keepsReports && report.isProcessed { reports.append(report) }
                done += 1
                bytes += report.byteCount
            }
            tick()
        }

        func tick() {
            let (done, bytes) = lock.withLock { (self.done, self.bytes) }
            console.updateProgress(done: done, bytes: bytes)
        }
    }

    /// Redraws the progress line while a slow file holds the batch up.
    private final class ProgressTicker: @unchecked Sendable {
        private let output: OrderedOutput
        private let lock = NSLock()
        private var running = false
        private var thread: Thread?

        init(output: OrderedOutput) { self.output = output }

        func start() {
            lock.withLock { running = true }
            let thread = Thread { [self] in
                while lock.withLock({ running }) {
                    usleep(250_000)
                    output.tick()
                }
            }
            self.thread = thread
            thread.start()
        }

        func stop() { lock.withLock { running = false } }
    }

    static func verboseLine(_ report: FileReport, mode: RunMode) -> String {
        if let reason = report.skipReason { return "\(FilePath.shown(report.path)): skipped: \(reason)" }
        let fixes = report.findings.filter { $0.fix == .applied }.count
        var state: String
        if report.writeError != nil {
            state = "not written"
        } else if report.written {
            state = "changed"
        } else if report.changed {
            state = "would change"
        } else {
            state = "unchanged"
        }
        state += ", \(plural(report.findings.count, "finding")), \(plural(fixes, "fix", "fixes"))"
        if report.parseErrorCount > 0 { state += ", \(plural(report.parseErrorCount, "parse error"))" }
        return "\(FilePath.shown(report.path)): \(state)"
    }

    // MARK: - Standard input

    private func runStandardInput(planner: RunPlanner, rules: [any Rule], start: Double) throws(UsageError) -> Int32 {
        let (settings, configExcluded) = try planner.settings(forFile: options.stdinPath ?? "stdin.swift")
        try checkOutputs(inputs: options.stdinPath.map { [$0] } ?? [], planner: planner)
        let patch = options.patchPath.map(PatchFileWriter.init)
        let report = ReportOutput(path: options.outputPath, console: console)
        let bytes = try StandardInput.readAll()
        let path = options.stdinPath ?? "<stdin>"
        let printsSource = options.mode != .lint && options.format == .text
        let excluded = configExcluded || (options.stdinPath.map {
            Discovery(excludes: options.excludes.map(Glob.init)).isExcluded($0)
        } ?? false)
        var totals = RunTotals()
        if excluded {
            if printsSource { console.write(bytes) }
            totals.excluded = 1
            return finish(totals, start: start, timings: planner.timings)
        }
        let indexes = options.stdinPath.map {
            moduleIndexes(for: [$0], settings: [settings], model: planner.model, unindexed: $0)
        } ?? .empty
        let processor = FileProcessor(maxFileSize: options.maxFileSize, indexes: indexes)
        let work = processor.run(bytes: bytes, path: path, settings: settings)
        totals.add(work.report)
        if let reason = work.report.skipReason {
            console.message("bodywork: \(FilePath.shown(path)): \(reason) (skipped)")
            if printsSource { console.write(bytes) }
            return finish(totals, start: start, timings: planner.timings)
        }
        let output = work.outcome?.output ?? bytes
        let reporter = options.format.reporter(mode: options.mode)
        if let document = reporter.document(for: ReportedRun(reports: [work.report], problems: [], totals: totals,
                                                             mode: options.mode, rules: rules)) {
            report.write(document)
        } else if options.format != .text || options.mode == .lint {
            report.write(reporter.lines(for: work.report, onlyRemaining: false))
        } else {
            console.write(output)
            if report.isFile {
                report.write(reporter.lines(for: work.report, onlyRemaining: true))
            } else {
                let remaining = reporter.lines(for: options.shownFindings(of: work.report), onlyRemaining: true)
                if !remaining.isEmpty { console.message(remaining) }
            }
        }
        commit(report, totals: &totals)
        if let patch {
            if let outcome = work.outcome, outcome.changed {
                patch.write(HunkRules.render(outcome, path: FilePath.inPatch(path), context: options.contextLines))
            }
            if let error = patch.commit() {
                console.message("bodywork: \(error)")
                totals.writeFailures.append(SkippedFile(path: patch.path, reason: error))
            }
        }
        return finish(totals, start: start, timings: planner.timings)
    }

    // MARK: - Ending

    /// Removes the temporaries that runs killed outright (SIGKILL, a crash) left in the
    /// directories walked, and says so; those of a run at work now are kept.
    private func removeStaleTemporaries(_ paths: [String], totals: inout RunTotals) {
        let removed = paths.filter(TemporaryFiles.removeIfStale)
        guard !removed.isEmpty else { return }
        let shown = removed.prefix(3).map(FilePath.shown).joined(separator: ", ") + (removed.count > 3 ? ", …" : "")
        totals.notices.append("removed \(plural(removed.count, "temporary file")) left by a run that was killed: \(shown)")
    }

    /// Checks every output path of the run together, before any file is read or written.
    private func checkOutputs(inputs: [String], planner: RunPlanner) throws(UsageError) {
        var outputs = OutputGuard(inputs: inputs, configurations: planner.loader.loadedPaths,
                                  baselines: planner.baselines.paths)
        outputs.add("--write-baseline", options.writeBaselinePath)
        outputs.add("--patch", options.patchPath)
        outputs.add("--output", options.outputPath)
        outputs.add("--patch-dir", options.migration.patchDirectory, isDirectory: true)
        try outputs.check()
    }

    /// Writes the `--output` file; a failure makes the run exit 3.
    private func commit(_ report: ReportOutput, totals: inout RunTotals) {
        if let error = report.commit() {
            console.message("bodywork: \(error)")
            totals.writeFailures.append(SkippedFile(path: report.path ?? "--output", reason: error))
        }
    }

    /// Prints the summary and picks the exit status.
    private func finish(_ totals: RunTotals, start: Double, timings: Timings? = nil) -> Int32 {
        console.flush()
        let seconds = Console.now() - start
        if !options.quiet {
            console.message(totals.text(mode: options.mode, seconds: seconds))
        }
        // Asked for, so printed even with --quiet.
        if let timings {
            console.message(timings.text(totalSeconds: seconds, totalCPUSeconds: Timings.mark().cpu)
                            + "\ntimings: \(megabytesPerSecond(bytes: totals.bytes, seconds: seconds)) over the run")
        }
        console.flush()
        if let error = console.outputError {
            console.message("bodywork: \(error)")
            return ExitStatus.fileErrors
        }
        if totals.hasFileErrors { return ExitStatus.fileErrors }
        if options.check && checkFailed(totals) { return ExitStatus.checkFailed }
        return ExitStatus.success
    }

    /// `--check`: a pending fix fails (in lint mode a fixable finding, in preview a change);
    /// so does a finding left unfixed whose severity is `error` or `warning`, or, with
    /// `--strict`, any finding left unfixed.
    private func checkFailed(_ totals: RunTotals) -> Bool {
        let remaining = options.strict ? totals.remainingFindings : totals.remainingFindings - totals.remainingNotes
        switch options.mode {
        case .lint: return totals.fixCount > 0 || remaining > 0
        case .preview: return totals.filesChanged > 0 || remaining > 0
        case .apply, .interactive: return remaining > 0
        }
    }

    private func colorsDiffs(isTerminal: Bool) -> Bool {
        TerminalColor.shouldColor(mode: options.color.rawValue, isTerminal: isTerminal, environment: environment)
    }
}
