// The baseline: findings a project accepts for now, recorded by `--write-baseline` and
// hidden by `--baseline`, so CI can adopt bodywork on an existing app and fail only on new ones.
import Codemod
import Foundation
import Patch

/// What identifies a recorded finding: its rule, its file (relative to the baseline file's
/// directory) and its normalized source text. No line number, so an entry still matches
/// after lines are added or removed elsewhere in the file.
struct BaselineKey: Hashable, Comparable {
    var path: String
    var rule: String
    var source: String

    /// Byte order of path, then rule, then source.
    static func < (a: BaselineKey, b: BaselineKey) -> Bool {
        if a.path != b.path { return a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }
        if a.rule != b.rule { return a.rule.utf8.lexicographicallyPrecedes(b.rule.utf8) }
        return a.source.utf8.lexicographicallyPrecedes(b.source.utf8)
    }
}

/// How a finding's source text is normalized for its baseline key.
enum BaselineSource {
    /// The whole lines `range` spans, with each run of whitespace collapsed to one space
    /// and none at either end.
    static func normalized(_ range: Range<Int>, in bytes: [UInt8]) -> String {
        let lower = min(max(0, range.lowerBound), bytes.count)
        let last = min(max(lower, range.upperBound > range.lowerBound ? range.upperBound - 1 : lower), bytes.count)
        var start = lower
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = last
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        var out: [UInt8] = []
        var pendingSpace = false
        for byte in bytes[start..<end] {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20); pendingSpace = false }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// For each finding `FileProcessor.reported(_:)` makes of `outcome`, in order: its
    /// normalized source when it is about the original text (first round), else nil.
    static func sources(of outcome: FileOutcome) -> [String?] {
        FileProcessor.reportedOutcomes(outcome).map { item in
            item.round <= 1 ? normalized(item.finding.range, in: outcome.original) : nil
        }
    }
}

/// A baseline file as read: how many findings of each key it accepts.
///
/// The file is JSON, entries sorted by path, rule and source:
///
/// ```json
/// {
///   "version": 1,
///   "findings": [
///     { "path": "Sources/App/List.swift", "rule": "foreach-filter",
///       "source": "if item.isVisible {", "count": 1 }
///   ]
/// }
/// ```
struct Baseline: Sendable {
    let path: String
    /// The canonical directory of the baseline file; entry paths are relative to it.
    let directory: String
    let counts: [String: [BaselineKey: Int]]

    static let version = 1

    /// The path an entry uses for `file`: relative to `directory`, with `..` components
    /// when the file lies outside it, so the baseline moves with the repository.
    static func entryPath(for file: String, directory: String) -> String {
        let target = FilePath.canonical(file).split(separator: "/")
        let base = directory.split(separator: "/")
        var common = 0
        while common < target.count && common < base.count && target[common] == base[common] { common += 1 }
        let parts = Array(repeating: Substring(".."), count: base.count - common) + target[common...]
        return parts.joined(separator: "/")
    }

    /// The canonical directory of the baseline file at `path` (which need not exist yet).
    static func directory(ofBaseline path: String) -> String {
        FilePath.canonical(FilePath.directory(of: FilePath.absolute(path)))
    }

    /// Reads the baseline at `path`; a missing or malformed file is a usage error.
    static func read(_ path: String) throws(UsageError) -> Baseline {
        let entries: [BaselineReader.Entry]
        do {
            entries = try BaselineReader.read(try contents(path)).entries
        } catch let failure as BaselineReader.Failure {
            throw UsageError("baseline: \(path): \(failure.message)")
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("baseline: \(path): \(error)")
        }
        var counts: [String: [BaselineKey: Int]] = [:]
        for entry in entries {
            counts[entry.path, default: [:]][BaselineKey(path: entry.path, rule: entry.rule, source: entry.source),
                                             default: 0] += entry.count
        }
        return Baseline(path: path, directory: directory(ofBaseline: path), counts: counts)
    }

    /// The bytes of the baseline file, or a usage error that says what the path is instead.
    private static func contents(_ path: String) throws(UsageError) -> [UInt8] {
        func fail(_ what: String) -> UsageError { UsageError("baseline: cannot read '\(path)': \(what)") }
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT && lstat(path, &link) == 0 { throw fail("a symlink to a file that does not exist") }
            if code == ENOENT || code == ENOTDIR { throw fail("no such file") }
            if code == ELOOP { throw fail("a symlink loop") }
            throw fail(String(cString: strerror(code)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw fail("is a directory")
        default: throw fail("is not a regular file")
        }
        do {
            return try AtomicFile.read(path).bytes
        } catch {
            throw fail(error.description)
        }
    }

    /// The rule ids the entries name.
    var ruleIDs: [String] {
        Set(counts.values.flatMap { $0.keys.map(\.rule) }).sorted()
    }

    /// Why a fix the baseline accepts is not applied.
    static let withheldReason = "recorded in the baseline"

    /// `outcome` without the fixes of the findings the baseline records, so that a hidden
    /// finding is not fixed either. Findings are matched in report order, as `filter`
    /// matches them; when the remaining fixes alone would add a parse error, `outcome` is
    /// returned as it is (and its findings are reported).
    func withholdingFixes(of outcome: FileOutcome, path file: String) -> FileOutcome {
        let entryPath = Baseline.entryPath(for: file, directory: directory)
        var remaining = counts[entryPath] ?? [:]
        guard !remaining.isEmpty, outcome.changed else { return outcome }
        let fixes = FileFixes(outcome)
        var numbers: [Int: Int] = [:]
        for (number, index) in fixes.candidates.enumerated() { numbers[index] = number }
        var withheld = Set<Int>()
        var recordsDependentFix = false
        // The findings `FileProcessor.reportedOutcomes` keeps, in its order.
        for (index, item) in outcome.findings.enumerated() where item.round <= 1 {
            let source = BaselineSource.normalized(item.finding.range, in: outcome.original)
            let key = BaselineKey(path: entryPath, rule: item.finding.ruleID, source: source)
            guard let count = remaining[key], count > 0 else { continue }
            remaining[key] = count - 1
            guard item.status == .fixed else { continue }
            if let number = numbers[index] { withheld.insert(number) } else { recordsDependentFix = true }
        }
        guard !withheld.isEmpty || recordsDependentFix else { return outcome }
        let accepted = Set(fixes.candidates.indices).subtracting(withheld)
        guard let output = fixes.output(accepting: accepted) else { return outcome }
        return fixes.outcome(accepting: accepted, output: output) { number in
            number == nil ? "applies on a later run, once the fixes it follows are on disk" : Baseline.withheldReason
        }
    }

    /// Removes from `report` the findings the baseline accepts whose fix is not applied
    /// (`withholdingFixes` took back the fixes of recorded ones), each entry at most
    /// `count` times. With `reportsUnused`, an entry of this file that matched nothing
    /// becomes an `unused-disable` finding at the top of the file.
    func filter(_ report: inout FileReport, outcome: FileOutcome, reportsUnused: Bool) {
        let file = Baseline.entryPath(for: report.path, directory: directory)
        var remaining = counts[file] ?? [:]
        guard !remaining.isEmpty else { return }
        let sources = BaselineSource.sources(of: outcome)
        var kept: [ReportedFinding] = []
        for (index, finding) in report.findings.enumerated() {
            if index < sources.count, let source = sources[index], finding.fix != .applied {
                let key = BaselineKey(path: file, rule: finding.ruleID, source: source)
                if let count = remaining[key], count > 0 {
                    remaining[key] = count - 1
                    continue
                }
            }
            kept.append(finding)
        }
        var unused: [ReportedFinding] = []
        if reportsUnused {
            for (key, count) in remaining.sorted(by: { $0.key < $1.key }) where count > 0 {
                let times = count == 1 ? "" : " (\(count) of its findings)"
                unused.append(ReportedFinding(
                    ruleID: Engine.unusedDisableRuleID,
                    message: "baseline entry for `\(key.rule)` at `\(key.source)`\(times) in \(path) matches nothing",
                    severity: .warning, line: 1, column: 1, endLine: 1, endColumn: 1, fix: .none, reason: nil,
                    wasDropped: false))
            }
        }
        report.hiddenByBaseline = report.findings.count - kept.count
        report.findings = unused + kept
    }
}

/// Loads each baseline file once per run.
final class BaselineStore: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [String: Baseline] = [:]

    func load(_ path: String) throws(UsageError) -> Baseline {
        let key = FilePath.absolute(path)
        if let cached = lock.withLock({ loaded[key] }) { return cached }
        let baseline = try Baseline.read(path)
        lock.withLock { loaded[key] = baseline }
        return baseline
    }

    /// The baseline files loaded so far.
    var paths: [String] { lock.withLock { loaded.values.map(\.path) } }
}

/// `--write-baseline FILE`: gathers the remaining findings of every report and writes them.
final class BaselineRecorder: @unchecked Sendable {
    let path: String
    private let directory: String
    private let lock = NSLock()
    private var counts: [BaselineKey: Int] = [:]

    /// Whether fixed findings are recorded: yes when the run previews or lints (the code
    /// still has them), no after `--apply` wrote their fixes.
    private let recordsFixed: Bool

    /// The path is checked with the run's other outputs (`OutputGuard`).
    init(path: String, recordsFixed: Bool) {
        self.path = path
        self.recordsFixed = recordsFixed
        directory = Baseline.directory(ofBaseline: path)
    }

    func add(_ report: FileReport) {
        guard report.isProcessed, !report.baselineSources.isEmpty else { return }
        let file = Baseline.entryPath(for: report.path, directory: directory)
        lock.withLock {
            for (finding, source) in zip(report.findings, report.baselineSources) {
                guard let source, recordsFixed || finding.fix != .applied else { continue }
                counts[BaselineKey(path: file, rule: finding.ruleID, source: source), default: 0] += 1
            }
        }
    }

    /// The baseline document, entries in key order, so the same findings give the same bytes.
    func rendered() -> String {
        let entries = lock.withLock { counts.sorted { $0.key < $1.key } }
        return JSONText.object([
            ("version", .integer(Baseline.version)),
            ("findings", .array(entries.map { key, count in
                .object([("path", .string(key.path)), ("rule", .string(key.rule)), ("source", .string(key.source)),
                         ("count", .integer(count))])
            })),
        ]).rendered()
    }

    /// How many findings the baseline records.
    var findingCount: Int { lock.withLock { counts.values.reduce(0, +) } }

    /// Writes the baseline as every output is written (a file atomically, through a link,
    /// a device or FIFO as a stream); returns why it could not, if so.
    func write() -> String? {
        do {
            try AtomicFile.write(Array(rendered().utf8), to: path)
            return nil
        } catch {
            return "--write-baseline: \(error.description)"
        }
    }
}

extension Runner {
    /// With `--report-unused-disables`: baseline entries whose file no longer exists match
    /// nothing, though no file of the run names them; each is reported on standard error
    /// as an `unused-disable` finding and counts for `--check`.
    func reportBaselineEntriesOfMissingFiles(_ plan: RunPlan, totals: inout RunTotals) {
        var seen = Set<String>()
        let formatter = TextReporter(mode: options.mode)
        for settings in plan.settings {
            guard let baseline = settings.baseline, seen.insert(baseline.path).inserted else { continue }
            for file in baseline.counts.keys.sorted() {
                let absolute = file.hasPrefix("/") ? file : FilePath.normalized(baseline.directory + "/" + file)
                guard FileKind.of(absolute) == .missing else { continue }
                for (key, count) in baseline.counts[file]!.sorted(by: { $0.key < $1.key }) {
                    let times = count == 1 ? "" : " (\(count) of its findings)"
                    let finding = ReportedFinding(
                        ruleID: Engine.unusedDisableRuleID,
                        message: "baseline entry for `\(key.rule)` at `\(key.source)`\(times) in \(baseline.path) matches nothing: "
                            + "the file does not exist",
                        severity: settings.severities[Engine.unusedDisableRuleID] ?? .warning,
                        line: 1, column: 1, endLine: 1, endColumn: 1, fix: .none, reason: nil, wasDropped: false)
                    console.message(formatter.line(finding, path: FilePath.relative(absolute, to: FilePath.currentDirectory) ?? absolute))
                    totals.addStray(finding)
                }
            }
        }
    }

    /// Writes the `--write-baseline` file at the end of the run; a failure to write it
    /// counts as a file that could not be written (exit 3).
    func writeBaseline(_ recorder: BaselineRecorder, totals: inout RunTotals) {
        if let error = recorder.write() {
            console.message("bodywork: \(error)")
            totals.writeFailures.append(SkippedFile(path: recorder.path, reason: error))
        } else {
            totals.notices.append("wrote \(plural(recorder.findingCount, "finding")) to the baseline \(recorder.path)")
        }
    }
}
