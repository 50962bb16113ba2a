// `--split-by rule|module|directory`: the run's fixes as a series of reviewable pieces, one
// patch (`--patch-dir`) or one commit (`--apply --commit`) per group, in the order they apply.
import Codemod
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Patch
import Project
import SwiftCST
import Semantics
import Transforms

/// Runs the engine over the plan, cuts the fixes into groups, prints the plan, then writes
/// the patches and README, the files, and the commits.
///
/// With `rule`, each file's fixes are made rule by rule: step k runs the engine with the
/// fixes of the first k rules on the text of step k−1 (the other rules still run, without
/// their fixes), so patch k applies on the tree with patches 1…k−1 applied, and the last
/// step is a fixpoint of every rule. When a file's last step is not byte for byte what the
/// whole run writes, its fixes cannot be told apart by rule, and the file is changed
/// whole in the group of its first rule. With `module` and `directory`, each file is in
/// one group, with all its fixes.
///
/// Everything that can refuse the run (the patch directory, the git work tree) is checked
/// before anything is written: a usage error, exit 2.
struct BatchMigration {
    let options: RunOptions
    let settings: MigrationOptions
    let console: Console
    let processor: FileProcessor
    let rules: [any Rule]
    /// The work tree `--commit` commits to.
    let repository: GitRepository?
    /// Which module each file is in, for `--split-by module`.
    let model: ProjectModel?
    /// Where findings go (`--output`).
    let report: ReportOutput

    init(options: RunOptions, console: Console, processor: FileProcessor, rules: [any Rule],
         plan: RunPlan, model: ProjectModel?, report: ReportOutput) throws(UsageError) {
        self.options = options
        self.settings = options.migration
        self.console = console
        self.processor = processor
        self.rules = rules
        self.model = model
        self.report = report
        if let directory = settings.patchDirectory { try BatchMigration.checkPatchDirectory(directory) }
        repository = settings.commits ? try BatchMigration.cleanRepository(for: plan) : nil
        if let repository, repository.isDetached() {
            console.message("bodywork: warning: --commit: HEAD is detached, so the commits are made on no branch; "
                            + "keep them with `git switch -c NAME` afterwards")
        }
    }

    // MARK: - Checks before the run

    /// DIR must be an empty directory or not exist yet in a directory that does: patches
    /// of an earlier run are never mixed with these, and no file is overwritten.
    private static func checkPatchDirectory(_ directory: String) throws(UsageError) {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { throw UsageError("--patch-dir: '\(directory)' is not a directory") }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? ["?"]
            guard entries.isEmpty else {
                throw UsageError("--patch-dir: '\(directory)' is not empty; name a new or empty directory")
            }
        } else {
            let parent = FilePath.directory(of: directory)
            var parentStatus = stat()
            guard stat(parent, &parentStatus) == 0, parentStatus.st_mode & S_IFMT == S_IFDIR else {
                throw UsageError("--patch-dir: cannot create '\(directory)': no such directory '\(parent)'")
            }
        }
    }

    /// The work tree holding the files (or the working directory), when it is clean.
    private static func cleanRepository(for plan: RunPlan) throws(UsageError) -> GitRepository {
        let start = plan.files.first.map { FilePath.directory(of: FilePath.absolute($0.path)) } ?? FilePath.currentDirectory
        guard GitRepository.executable != nil else { throw UsageError("--commit: git is not on PATH") }
        guard let repository = GitRepository.containing(start) else {
            throw UsageError("--commit: '\(FilePath.shown(FilePath.display(start)))' is not in a git work tree; "
                             + "nothing was written")
        }
        switch repository.isClean() {
        case .failure(let error): throw UsageError("--commit: \(error.message); nothing was written")
        case .success(false):
            throw UsageError("--commit: the work tree \(FilePath.shown(repository.topLevel)) has uncommitted changes "
                             + "or untracked files; commit or stash them first (nothing was written)")
        case .success(true): return repository
        }
    }

    // MARK: - The run

    /// One file of the run: the whole run's work and the steps of its groups.
    private struct MigratedFile: Sendable {
        var work: FileWork
        var steps: [MigrationStep] = []
        /// With `rule`: false when the rule-by-rule steps did not reach the whole run's text.
        var separated = true
    }

    func run(_ plan: RunPlan, totals: inout RunTotals, recorder: BaselineRecorder?) throws(UsageError) {
        let mode = settings.splitBy ?? .rule
        let active = Set(plan.settings.flatMap { $0.engine.rules.map(\.id) })
        let ruleOrder = rules.map(\.id).filter { active.contains($0) }
        var files = process(plan, mode: mode, ruleOrder: ruleOrder)
        let paths = plan.files.map(\.path)
        let migration = MigrationPlan(mode: mode, ruleOrder: ruleOrder, steps: files.map(\.steps),
                                      maxFiles: settings.maxFiles)
        let gitPaths = try repository.map { repository throws(UsageError) in
            try BatchMigration.trackedPaths(migration, paths: paths, in: repository)
        }

        // Nothing is written before the plan is shown.
        if !options.quiet {
            console.message(migration.text(patchDirectory: settings.patchDirectory, paths: paths, verbose: options.verbose))
            for file in files where !file.separated {
                console.message("bodywork: note: \(FilePath.shown(file.work.report.path)): its fixes cannot be taken "
                                + "rule by rule; the file is changed whole in one group")
            }
        }
        if let directory = settings.patchDirectory {
            if let error = writePatches(migration, to: directory, paths: paths, reports: files.map(\.work.report)) {
                console.message("bodywork: \(error)")
                totals.writeFailures.append(SkippedFile(path: directory, reason: error))
                // No file is written or committed when the patches could not be.
                emit(files.map(\.work.report), totals: &totals, recorder: recorder)
                return
            }
        }
        if let repository, let gitPaths {
            commit(migration, files: &files, paths: gitPaths, repository: repository, totals: &totals)
        } else if options.mode == .apply {
            for index in files.indices {
                guard let outcome = files[index].work.outcome, outcome.changed else { continue }
                FileProcessor.write(&files[index].work, bytes: outcome.output)
            }
        }
        emit(files.map(\.work.report), totals: &totals, recorder: recorder)
    }

    /// Runs every file in parallel: the whole run as `--apply` makes it, then its steps.
    private func process(_ plan: RunPlan, mode: SplitMode, ruleOrder: [String]) -> [MigratedFile] {
        let processor = processor
        let context = options.contextLines
        let keepsSnapshots = options.mode == .apply
        let collected = OrderedResults<MigratedFile>(count: plan.files.count)
        if !options.quiet { console.startProgress(total: plan.files.count) }
        runOrdered(count: plan.files.count, jobs: options.jobs, work: { index -> MigratedFile in
            let file = plan.files[index]
            let settings = plan.settings[file.settingsIndex]
            var work = processor.run(file.path, settings: settings)
            guard let outcome = work.outcome, outcome.changed else {
                work.outcome = nil
                work.snapshot = nil
                return MigratedFile(work: work)
            }
            if !keepsSnapshots { work.snapshot = nil }
            var migrated = MigratedFile(work: work)
            switch mode {
            case .rule:
                (migrated.steps, migrated.separated) = BatchMigration.ruleSteps(
                    outcome, path: file.path, settings: settings, ruleOrder: ruleOrder, processor: processor, context: context)
            case .module:
                migrated.steps = [BatchMigration.step(MigrationGrouping.moduleName(forFile: file.path, model: model), outcome,
                                                      path: file.path, context: context)]
            case .directory:
                migrated.steps = [BatchMigration.step(MigrationGrouping.directoryName(forFile: file.path), outcome,
                                                      path: file.path, context: context)]
            }
            return migrated
        }, emit: { index, file in
            collected.set(index, file)
            self.console.updateProgress(done: index + 1, bytes: 0)
        })
        console.endProgress()
        return collected.files.map { $0! }
    }

    /// The steps of one changed file, rule by rule; the whole outcome as one step of its
    /// first rule when the steps do not end where the whole run does.
    private static func ruleSteps(_ whole: FileOutcome, path: String, settings: FileSettings, ruleOrder: [String],
                                  processor: FileProcessor, context: Int) -> ([MigrationStep], Bool) {
        var options = settings.engine.options
        options.reportUnusedDisables = false
        let own = Set(settings.engine.rules.map(\.id))
        var fixable = Set<String>()
        var text = whole.original
        var steps: [MigrationStep] = []
        for ruleID in ruleOrder where own.contains(ruleID) {
            // `observable` changes a class with its uses in every file: one group per class.
            let classes = ruleID == "observable" ? observableClasses(settings, path: path, processor: processor) : []
            if classes.count > 1 {
                for count in 1...classes.count {
                    var stepSettings = settings
                    var stepOptions = options
                    stepOptions.ruleOptions[ruleID, default: [:]]["classes"] = .array(classes.prefix(count).map { .string($0) })
                    stepSettings.engine = Engine(rules: settings.engine.rules.map { rule in
                        fixable.contains(rule.id) || rule.id == ruleID ? rule : ReportOnlyRule(base: rule)
                    }, options: stepOptions)
                    guard let outcome = processor.run(bytes: text, path: path, settings: stepSettings).outcome else { break }
                    if outcome.changed { steps.append(step(ruleID + " " + classes[count - 1], outcome, path: path, context: context)) }
                    text = outcome.output
                }
                fixable.insert(ruleID)
                continue
            }
            fixable.insert(ruleID)
            var stepSettings = settings
            stepSettings.engine = Engine(rules: settings.engine.rules.map { rule in
                fixable.contains(rule.id) ? rule : ReportOnlyRule(base: rule)
            }, options: options)
            guard let outcome = processor.run(bytes: text, path: path, settings: stepSettings).outcome else { break }
            if outcome.changed { steps.append(step(ruleID, outcome, path: path, context: context)) }
            text = outcome.output
        }
        if text == whole.output { return (steps, true) }
        let fixed = Set(whole.findings.filter { $0.status == .fixed }.map(\.finding.ruleID))
        let first = ruleOrder.first { fixed.contains($0) } ?? ruleOrder.first { own.contains($0) } ?? "rules"
        var wholeStep = step(first, whole, path: path, context: context)
        wholeStep.isWholeFile = true
        return ([wholeStep], false)
    }

    /// The classes `observable` migrates in the module of `path`, within its `classes`
    /// option when the configuration names some.
    private static func observableClasses(_ settings: FileSettings, path: String, processor: FileProcessor) -> [String] {
        var classes = ObservableMigration.migratingClasses(in: processor.indexes.index(forFile: path))
        if case .array(let named)? = settings.engine.options.ruleOptions["observable"]?["classes"] {
            let names = Set(named.compactMap { value -> String? in if case .string(let name) = value { return name } else { return nil } })
            classes = classes.filter { names.contains($0) || names.contains(ProjectIndex.lastComponent($0)) }
        }
        return classes
    }

    private static func step(_ key: String, _ outcome: FileOutcome, path: String, context: Int) -> MigrationStep {
        var fixes: [String: Int] = [:]
        for item in outcome.findings where item.status == .fixed { fixes[item.finding.ruleID, default: 0] += 1 }
        return MigrationStep(key: key, output: outcome.output,
                             diff: HunkRules.render(outcome, path: FilePath.inPatch(path), context: context),
                             fixes: fixes)
    }

    // MARK: - Patches

    /// Writes every group's patch and the README into `directory` (created if missing).
    /// The error to report, or nil.
    private func writePatches(_ migration: MigrationPlan, to directory: String, paths: [String],
                              reports: [FileReport]) -> String? {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        } catch {
            var status = stat()
            guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                return "--patch-dir: cannot create '\(directory)'"
            }
        }
        do {
            for group in migration.groups {
                var bytes: [UInt8] = []
                for item in group.files { bytes += item.step.diff }
                try AtomicFile.write(bytes, to: FilePath.join(directory, migration.fileName(group)))
            }
            let readme = migration.readme(patchDirectory: FilePath.display(directory), rules: rules, paths: paths,
                                          reports: reports)
            try AtomicFile.write(Array(readme.utf8), to: FilePath.join(directory, "README.md"))
        } catch {
            return "--patch-dir: \(error.description)"
        }
        return nil
    }

    // MARK: - Commits

    /// Each changed file's path relative to the work tree's top, which must hold it and
    /// track it; a usage error otherwise (before anything is written).
    private static func trackedPaths(_ migration: MigrationPlan, paths: [String],
                                     in repository: GitRepository) throws(UsageError) -> [Int: String] {
        var relative: [Int: String] = [:]
        for group in migration.groups {
            for (file, _) in group.files where relative[file] == nil {
                guard let inside = FilePath.relative(FilePath.canonical(paths[file]), to: repository.topLevel) else {
                    throw UsageError("--commit: \(FilePath.shown(paths[file])) is outside the work tree "
                                     + "\(FilePath.shown(repository.topLevel)); nothing was written")
                }
                relative[file] = inside
            }
        }
        guard let tracked = repository.tracked(Array(Set(relative.values)).sorted()) else {
            throw UsageError("--commit: git ls-files failed; nothing was written")
        }
        if let file = relative.keys.sorted().first(where: { !tracked.contains(relative[$0]!) }) {
            throw UsageError("--commit: \(FilePath.shown(paths[file])) is not tracked by git; nothing was written")
        }
        return relative
    }

    /// Writes and commits the groups in order. A group whose files cannot all be written,
    /// or whose commit fails, is put back as it was, and the groups after it are not made.
    private func commit(_ migration: MigrationPlan, files: inout [MigratedFile],
                        paths gitPaths: [Int: String], repository: GitRepository, totals: inout RunTotals) {
        for group in migration.groups {
            var written: [(file: Int, previous: FileSnapshot)] = []
            var failure: String?
            // Ctrl-C while the group's files are being written puts them back; once git
            // commits, the group stays as git leaves it.
            let pending = PendingGroup()
            let token = Interruption.onInterrupt { pending.restore() }
            for (file, step) in group.files {
                guard let snapshot = files[file].work.snapshot else { failure = "\(files[file].work.report.path): not read"; break }
                do {
                    // Listed first: putting back a file that was not written yet changes nothing.
                    pending.add(path: snapshot.path, previous: snapshot.bytes)
                    try AtomicFile.replace(snapshot, with: step.output)
                    files[file].work.snapshot = try AtomicFile.read(snapshot.path)
                    written.append((file, snapshot))
                } catch {
                    failure = error.description
                    break
                }
            }
            pending.stop()
            Interruption.remove(token)
            let groupPaths = group.files.map { gitPaths[$0.file]! }
            if failure == nil, let error = repository.commit(groupPaths, message: migration.commitMessage(
                group, rules: rules, paths: files.map(\.work.report.path))) {
                failure = error
                repository.unstage(groupPaths)
            }
            guard let failure else { continue }
            for (file, previous) in written.reversed() {
                if let current = files[file].work.snapshot, (try? AtomicFile.replace(current, with: previous.bytes)) != nil {
                    files[file].work.snapshot = try? AtomicFile.read(previous.path)
                }
            }
            let reason = "--commit: stopped at group \(group.number) (\(migration.title(group))), put back as it was: "
                + failure + BatchMigration.committedSoFar(group.number - 1)
            console.message("bodywork: \(reason)")
            totals.writeFailures.append(SkippedFile(path: migration.fileName(group), reason: reason))
            break
        }
        for index in files.indices {
            guard let outcome = files[index].work.outcome, let snapshot = files[index].work.snapshot else { continue }
            files[index].work.report.written = snapshot.bytes != outcome.original
        }
    }

    private static func committedSoFar(_ count: Int) -> String {
        switch count {
        case 0: return "; nothing is committed"
        case 1: return "; group 1 is committed"
        default: return "; groups 1 to \(count) are committed"
        }
    }

    // MARK: - Reports

    /// Prints the reports as the batch does for `--apply`, in file order, and counts them.
    private func emit(_ reports: [FileReport], totals: inout RunTotals, recorder: BaselineRecorder?) {
        let printer = ReportPrinter(options: options, console: console, output: report)
        for report in reports {
            printer.file(report)
            recorder?.add(report)
            totals.add(report)
        }
        printer.finish(reports: reports, totals: totals, rules: rules)
    }
}

/// The results of the batch, kept in file order as they come.
private final class OrderedResults<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Element?]
    init(count: Int) { stored = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Element) { lock.withLock { stored[index] = value } }
    var files: [Element?] { lock.withLock { stored } }
}

/// The files of the group being written with what they held before, for an interrupt.
private final class PendingGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [(path: String, previous: [UInt8])] = []
    private var active = true

    func add(path: String, previous: [UInt8]) { lock.withLock { files.append((path, previous)) } }

    /// No more restoring: the group goes to git as it is.
    func stop() { lock.withLock { active = false } }

    func restore() {
        lock.withLock {
            guard active else { return }
            for (path, previous) in files.reversed() {
                if let current = try? AtomicFile.read(path) { try? AtomicFile.replace(current, with: previous) }
            }
            let message = "\nbodywork: interrupted; the files of the group being written are back as they were\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
        }
    }
}

/// A rule whose findings come without their fixes: a step of `--split-by rule` runs every
/// rule, so that what each finds is the same, but applies only the fixes of the rules
/// whose turn has come.
private struct ReportOnlyRule: Rule {
    let base: any Rule
    var id: String { base.id }
    var summary: String { base.summary }
    var documentation: String { base.documentation }
    var isEnabledByDefault: Bool { base.isEnabledByDefault }
    var optionNames: [String] { base.optionNames }
    var platformNeeds: [PlatformNeed] { base.platformNeeds }
    var usesProjectIndex: Bool { base.usesProjectIndex }
    var neededWords: [[StaticString]] { base.neededWords }

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        base.findings(in: tree, context: context).map { finding in
            var finding = finding
            finding.fix = nil
            return finding
        }
    }
}
