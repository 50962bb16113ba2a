// `--apply --verify CMD`: apply, build, and when the build fails back out exactly the
// fixes that break it (found by bisection, files first, then fixes within a file).
import Codemod
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Patch
import SwiftCST

/// Applies the run's fixes and keeps only those with which `command` still succeeds.
///
/// The command must succeed on the unchanged tree first (`checkUnchangedTree`). After the
/// fixes are written it runs again; if it fails, the files go back to their originals and
/// the fixes that break it are searched for: groups of files are tried with everything
/// accepted so far, halved while they fail, down to single files; each failing file's
/// fixes are then bisected the same way. A fix is backed out when it alone, added to what
/// was accepted, makes the command fail; the report gives the first error line of the
/// command's output for it. An interrupt (Ctrl-C, SIGTERM, SIGHUP) at any point puts every
/// file back as it was before the run.
struct VerifiedApply {
    let options: RunOptions
    let console: Console
    let processor: FileProcessor
    let command: String
    let report: ReportOutput

    /// Runs the command on the tree as it is; a failure is a usage error, before anything
    /// is written.
    static func checkUnchangedTree(_ command: String) throws(UsageError) {
        // Nothing is written yet, but Ctrl-C must still stop the command (its own process group).
        let token = Interruption.onInterrupt { VerifyCommand.stop() }
        let result = VerifyCommand.run(command)
        Interruption.remove(token)
        guard result.passed else {
            throw UsageError("--verify: `\(command)` fails before any change (\(result.status)): "
                             + result.firstErrorLine + "; fix the build first, nothing was written")
        }
    }

    func run(_ plan: RunPlan, totals: inout RunTotals, patch: PatchFileWriter?, rules: [any Rule],
             recorder: BaselineRecorder?) {
        let processor = processor
        let collected = CollectedWork(count: plan.files.count)
        if !options.quiet { console.startProgress(total: plan.files.count) }
        runOrdered(count: plan.files.count, jobs: options.jobs, work: { index in
            let file = plan.files[index]
            return processor.run(file.path, settings: plan.settings[file.settingsIndex])
        }, emit: { index, work in
            collected.set(index, work)
            self.console.updateProgress(done: index + 1, bytes: 0)
        })
        console.endProgress()
        var works = collected.works.map { $0! }

        let changed = works.indices.filter { works[$0].outcome?.changed == true && works[$0].snapshot != nil }
        let workspace = Workspace(works: changed.map { works[$0] })
        let guardian = InterruptGuard(workspace: workspace)
        guardian.install()
        let search = FixSearch(command: command, workspace: workspace, fixes: changed.map { FileFixes(works[$0].outcome!) },
                               console: console, quiet: options.quiet, verbose: options.verbose)
        let final = search.run()
        guardian.uninstall()

        for (slot, index) in changed.enumerated() {
            let fixes = search.fixes[slot]
            let accepted = final.accepted[slot]
            let output = final.outputs[slot]
            let reason: FileFixes.Reason = { number in
                if final.stopped { return "not kept: --verify stopped when a file changed on disk while the command ran" }
                guard let number else { return "backed out by --verify with the fixes it needs" }
                return "backed out by --verify: " + (final.backedOut[slot][number] ?? "the command failed")
            }
            var report = fixes.report(works[index].report, accepting: accepted, output: output, reason: reason)
            if let error = workspace.errors[slot] {
                // The disk, not the search, says what the file holds now.
                report.writeError = VerifiedApply.describe(error, command: command,
                                                           holdsFixes: workspace.lastWritten(slot) != fixes.outcome.original)
            } else {
                report.written = output != fixes.outcome.original
            }
            works[index].report = report
            let converter = SourceLocationConverter(fixes.outcome.original)
            for number in final.backedOut[slot].keys.sorted() {
                let finding = fixes.finding(number)
                let location = converter.location(of: finding.range.lowerBound)
                console.message("bodywork: \(works[index].report.path):\(location.line):\(location.column): backed out the "
                                + "\(finding.ruleID) fix (\(finding.message)): \(final.backedOut[slot][number]!)")
            }
            if report.written {
                let applied = fixes.outcome(accepting: accepted, output: output, reason: reason)
                patch?.write(HunkRules.render(applied, path: FilePath.inPatch(report.path), context: options.contextLines))
            }
        }
        for work in works { recorder?.add(work.report) }
        emit(works.map(\.report), totals: &totals, rules: rules)
    }

    /// What a file that could not be written during the search holds now.
    static func describe(_ error: FileError, command: String, holdsFixes: Bool) -> String {
        guard case .changedOnDisk(let path) = error else {
            return error.description + (holdsFixes ? "; it still holds fixes that --verify did not keep" : "")
        }
        return "\(path): changed on disk while `\(command)` ran; "
            + (holdsFixes ? "not restored: it still holds fixes that --verify did not keep" : "left as the command left it")
    }

    /// Prints the reports as the batch does for `--apply`, in file order.
    private func emit(_ reports: [FileReport], totals: inout RunTotals, rules: [any Rule]) {
        let printer = ReportPrinter(options: options, console: console, output: report)
        for report in reports {
            printer.file(report)
            totals.add(report)
        }
        printer.finish(reports: reports, totals: totals, rules: rules)
    }
}

// MARK: - The search

/// Finds the largest set of fixes, file groups first, with which the command passes.
private struct FixSearch {
    let command: String
    let workspace: Workspace
    let fixes: [FileFixes]
    let console: Console
    let quiet: Bool
    /// `-v`: one line per run of the command.
    let verbose: Bool
    private let runs = RunCounter()
    /// Set when a trial could not be written; the search then stops.
    private let halt = Flag()

    struct Result {
        /// Per changed file: the candidate numbers kept, the text written, and the
        /// backed-out candidates with the first error line that condemned each.
        var accepted: [Set<Int>]
        var outputs: [[UInt8]]
        var backedOut: [[Int: String]]
        /// The search stopped because a file could not be written (the command changed
        /// it): every fix is left out and every other file is back as it was.
        var stopped = false
    }

    /// The accepted text per file (absent: original).
    private final class State {
        var texts: [Int: [UInt8]] = [:]
    }

    func run() -> Result {
        var result = Result(accepted: fixes.map { Set($0.candidates.indices) }, outputs: fixes.map(\.outcome.output),
                            backedOut: fixes.map { _ in [:] })
        guard !fixes.isEmpty else { return result }
        let all = Dictionary(uniqueKeysWithValues: fixes.indices.map { ($0, fixes[$0].outcome.output) })
        let first = test(all)
        if first.passed && !halt.isSet { return result }
        say("--verify: `\(command)` fails with the fixes applied (\(first.firstErrorLine)); "
            + "looking for the fixes that break it")

        let state = State()
        var badFiles: [Int] = []
        // The whole set failed: start from its halves.
        func bisectFiles(_ group: ArraySlice<Int>, knownToFail: Bool) {
            guard !group.isEmpty, !halt.isSet else { return }
            if !knownToFail {
                var trial = state.texts
                for file in group { trial[file] = fixes[file].outcome.output }
                if test(trial).passed { state.texts = trial; return }
            }
            if group.count == 1 { badFiles.append(group.first!); return }
            let middle = group.startIndex + group.count / 2
            bisectFiles(group[..<middle], knownToFail: false)
            bisectFiles(group[middle...], knownToFail: false)
        }
        bisectFiles(ArraySlice(fixes.indices), knownToFail: true)

        for file in badFiles.sorted() {
            let fileFixes = fixes[file]
            var accepted = Set<Int>()
            var backedOut: [Int: String] = [:]
            func bisectFixes(_ group: ArraySlice<Int>) {
                guard !group.isEmpty, !halt.isSet else { return }
                let subset = accepted.union(group)
                var failure: String
                if let text = fileFixes.output(accepting: subset) {
                    var trial = state.texts
                    trial[file] = text
                    let run = test(trial)
                    if run.passed {
                        accepted = subset
                        state.texts = trial
                        return
                    }
                    failure = run.firstErrorLine
                } else {
                    failure = "the fix adds a parse error next to the others"
                }
                if group.count == 1 { backedOut[group.first!] = failure; return }
                let middle = group.startIndex + group.count / 2
                bisectFixes(group[..<middle])
                bisectFixes(group[middle...])
            }
            bisectFixes(ArraySlice(fileFixes.candidates.indices))
            result.accepted[file] = accepted
            result.outputs[file] = state.texts[file] ?? fileFixes.outcome.original
            result.backedOut[file] = backedOut
        }
        // Leave the disk as the last passing trial had it.
        if !halt.isSet { workspace.apply(state.texts) }
        if halt.isSet || workspace.hasErrors { return stopped(result) }
        return result
    }

    /// The result once a file could not be written: the trials no longer tell what the
    /// fixes do, so every file that can be is put back and no fix is kept.
    private func stopped(_ partial: Result) -> Result {
        workspace.restoreAll()
        let paths = workspace.errors.keys.sorted().map { FilePath.shown(workspace.path(of: $0)) }
        console.message("bodywork: --verify: \(paths.joined(separator: ", ")) changed on disk while `\(command)` ran, or "
                        + "could not be written; stopped looking for the fixes that break it, and put every other "
                        + "file back as it was")
        var result = partial
        result.accepted = fixes.map { _ in [] }
        result.outputs = fixes.map(\.outcome.original)
        result.backedOut = fixes.map { _ in [:] }
        result.stopped = true
        return result
    }

    private func test(_ texts: [Int: [UInt8]]) -> VerifyCommand.Result {
        workspace.apply(texts)
        // A file the command changed cannot be written: the trial would not be what it says.
        if workspace.hasErrors {
            halt.set()
            return VerifyCommand.Result(passed: false, status: "not run", firstErrorLine: "a file changed on disk")
        }
        let result = VerifyCommand.run(command)
        if verbose {
            let changed = texts.filter { $0.value != fixes[$0.key].outcome.original }.count
            console.message("bodywork: --verify: run \(runs.next()) with fixes in \(plural(changed, "file")): "
                            + (result.passed ? "passed" : "failed (\(result.firstErrorLine))"))
        }
        return result
    }

    private func say(_ text: String) {
        if !quiet { console.message("bodywork: \(text)") }
    }
}

// MARK: - Files on disk

/// The changed files of the run and what is on disk for each, so that any state can be
/// written and the originals put back, from the main thread or an interrupt.
private final class Workspace: @unchecked Sendable {
    private let lock = NSLock()
    private let originals: [FileSnapshot]
    private var current: [FileSnapshot]
    private var outputs: [[UInt8]]
    /// Write errors per file; a file with one is left alone.
    private var errorTexts: [Int: FileError] = [:]
    /// Write errors per file, read under the lock.
    var errors: [Int: FileError] { lock.withLock { errorTexts } }
    private var interrupted = false

    init(works: [FileWork]) {
        originals = works.map { $0.snapshot! }
        current = originals
        outputs = works.map { $0.outcome!.output }
    }

    /// Writes `texts[i]` (or the original) to every file that differs from it.
    func apply(_ texts: [Int: [UInt8]]) {
        lock.withLock {
            guard !interrupted else { return }
            for index in originals.indices where errorTexts[index] == nil {
                write(index, texts[index] ?? originals[index].bytes)
            }
        }
    }

    /// Refuses every later write (`apply` does nothing), so that the command can be
    /// stopped without the search writing the next trial.
    func freeze() {
        lock.withLock { interrupted = true }
    }

    /// Puts every file back as it was before the run; later writes are refused.
    func restoreAll() {
        lock.withLock {
            interrupted = true
            for index in originals.indices { write(index, originals[index].bytes) }
        }
    }

    /// The path of file `index`.
    func path(of index: Int) -> String { originals[index].path }

    /// What bodywork last wrote to file `index` (its original when nothing).
    func lastWritten(_ index: Int) -> [UInt8] {
        lock.withLock { current[index].bytes }
    }

    /// Whether a write has failed (the command changed a file, or it became unwritable).
    var hasErrors: Bool { lock.withLock { !errorTexts.isEmpty } }

    private func write(_ index: Int, _ bytes: [UInt8]) {
        guard current[index].bytes != bytes else {
            // Unchanged by the trial, but the command may have changed it: then the tree
            // is no longer the trial it would be run on.
            if !interrupted, (try? AtomicFile.read(current[index].path))?.bytes != current[index].bytes,
               errorTexts[index] == nil {
                errorTexts[index] = .changedOnDisk(current[index].path)
            }
            return
        }
        do {
            try AtomicFile.replace(current[index], with: bytes)
            current[index] = try AtomicFile.read(current[index].path)
        } catch {
            if errorTexts[index] == nil { errorTexts[index] = error }
        }
    }
}

/// Restores the files when the run is stopped by a signal (see `Interruption`), before
/// the process exits with 128 + the signal number.
private final class InterruptGuard: @unchecked Sendable {
    private let workspace: Workspace
    private var token: Int?

    init(workspace: Workspace) { self.workspace = workspace }

    func install() {
        let workspace = workspace
        token = Interruption.onInterrupt {
            // The search writes nothing more, the command (and all it started) is stopped,
            // and only then are the files put back, so nothing writes after them.
            workspace.freeze()
            VerifyCommand.stop()
            workspace.restoreAll()
            let message = "\nbodywork: interrupted; every file is back as it was\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
        }
    }

    func uninstall() {
        if let token { Interruption.remove(token) }
    }
}

/// A flag set once.
private final class Flag: @unchecked Sendable {
    private(set) var isSet = false
    func set() { isSet = true }
}

/// Counts the runs of the verify command, for `-v`.
private final class RunCounter: @unchecked Sendable {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}

/// Results of the parallel pass, kept in file order.
private final class CollectedWork: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var works: [FileWork?]

    init(count: Int) { works = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ work: FileWork) { lock.withLock { works[index] = work } }
}
