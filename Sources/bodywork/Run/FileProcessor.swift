// One file, start to end: read it safely, refuse what is not Swift text, run the engine,
// write it back if asked, and keep only what the reports need (never the file's bytes).
import Codemod
import Patch
import SwiftCST
import Runtime
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What became of a finding's fix, as the reports name it.
enum FixState: String, Sendable {
    /// The fix is in the output: shown in the preview, written by `--apply`.
    case applied
    /// A `suggested` fix, applied only with `--unsafe-fixes` or per-rule configuration.
    case suggested
    /// A fix the rule or the engine held back; `reason` says why.
    case withheld
    /// Report only.
    case none
}

/// A finding as reported: positions as 1-based lines and UTF-8 byte columns.
struct ReportedFinding: Sendable {
    var ruleID: String
    var message: String
    var severity: Severity
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var fix: FixState
    var reason: String?
    /// The engine dropped the fix (overlap, new parse errors, platform), rather than the
    /// rule withholding it.
    var wasDropped: Bool
    /// The fix's edits in the file as read, for reports that carry fixes (JSON, SARIF,
    /// the language server); empty when there is no fix or it is about code a fix wrote.
    var edits: [ReportedEdit] = []
    /// The finding's source lines, whitespace collapsed: with the rule and the path, a
    /// key that survives edits elsewhere in the file (SARIF fingerprints); nil after
    /// the first round.
    var normalizedSource: String?
}

/// One edit of a fix, in byte offsets and in 1-based lines and UTF-8 byte columns.
struct ReportedEdit: Sendable {
    var startOffset: Int
    var endOffset: Int
    var start: (line: Int, column: Int)
    var end: (line: Int, column: Int)
    var replacement: String
}

/// Everything the reports keep about one file.
struct FileReport: Sendable {
    var path: String
    /// Set when the file was not processed; the run exits 3.
    var skipReason: String?
    var changed = false
    var written = false
    /// Set when `--apply` could not write the file; the run exits 3.
    var writeError: String?
    /// Set when the written file had other hard links, which keep the old content.
    var otherLinkCount = 0
    var findings: [ReportedFinding] = []
    var notes: [EngineNote] = []
    var byteCount = 0
    var parseErrorCount = 0
    /// With `--write-baseline`: the normalized source of each finding in `findings` that
    /// the original text holds (nil for one a fix wrote), which the baseline records.
    var baselineSources: [String?] = []
    /// Findings the baseline hid.
    var hiddenByBaseline = 0

    var isProcessed: Bool { skipReason == nil }

    init(path: String, skipReason: String? = nil) {
        self.path = path
        self.skipReason = skipReason
    }
}

/// What a report keeps of each finding beyond its place, message and fix state: made for
/// every finding, they are left out where no output reads them.
struct ReportDetails: OptionSet, Sendable {
    let rawValue: Int
    /// The fix's edits with their places (JSON, SARIF, the audit).
    static let edits = ReportDetails(rawValue: 1)
    /// The finding's source lines, normalized (fingerprints in SARIF and GitLab, the audit).
    static let sources = ReportDetails(rawValue: 2)
    static let all: ReportDetails = [.edits, .sources]

    /// What the findings of a run that prints `format` need.
    init(format: OutputFormat) {
        switch format {
        case .json: self = .edits
        case .sarif: self = .all
        case .gitlab: self = .sources
        case .text, .xcode, .github, .checkstyle, .junit, .markdown: self = []
        }
    }

    init(rawValue: Int) { self.rawValue = rawValue }
}

/// The bytes of one processed file, for callers that need them (interactive mode,
/// standard input). The batch turns it into a `FileReport` and lets it go.
struct FileWork {
    var report: FileReport
    var snapshot: FileSnapshot?
    var outcome: FileOutcome?
}

/// Reads, checks and runs the engine over single files.
struct FileProcessor: Sendable {
    let maxFileSize: Int
    /// The project index each file's rules see (its modules and their dependencies).
    let indexes: ModuleIndexes
    /// Trees the index pass parsed for the planned files, each read once instead of parsing again.
    var trees: ParsedTrees? = nil
    /// What the report keeps of each finding beyond its place, message and fix state.
    var details: ReportDetails = .all

    /// Reads `path` and runs `settings.engine` over it. Never throws: problems become the
    /// report's `skipReason`.
    func run(_ path: String, settings: FileSettings) -> FileWork {
        // The kept tree is handed on, not shared: the engine lets go of it before it parses
        // its fixed text, so that the new tree takes the memory the old one leaves.
        var kept = trees?.take(path)
        var tree = kept?.tree
        let file = kept?.file
        kept = nil
        // Read and parsed by the index pass: its bytes and status are what a read now would
        // give, unless the file changed since, which a write finds and refuses.
        if let file {
            var work = run(bytes: file.bytes, path: path, settings: settings, tree: tree.take())
            work.snapshot = file
            return work
        }
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) > maxFileSize, (info.st_mode & S_IFMT) == S_IFREG {
            return FileWork(report: FileReport(path: path, skipReason: "larger than \(FileProcessor.describeSize(maxFileSize)) (see --max-file-size)"))
        }
        if FileKind.of(path) == .danglingSymlink {
            return FileWork(report: FileReport(path: path, skipReason: "dangling symlink"))
        }
        let snapshot: FileSnapshot
        do {
            snapshot = try AtomicFile.read(path)
        } catch {
            return FileWork(report: FileReport(path: path, skipReason: FileProcessor.reason(error, path: path)))
        }
        var work = run(bytes: snapshot.bytes, path: path, settings: settings, tree: tree.take())
        work.snapshot = snapshot
        return work
    }

    /// Runs the engine over `bytes` that claim to be the file at `path`. `tree`: `bytes`
    /// as the index pass parsed them (after checking them), if it kept the tree.
    func run(bytes: [UInt8], path: String, settings: FileSettings, tree: consuming SyntaxTree? = nil) -> FileWork {
        if let given = tree, !ByteSearch.same(given.bytes, bytes) { tree = nil }
        var report = FileReport(path: path)
        report.byteCount = bytes.count
        if bytes.count > maxFileSize {
            report.skipReason = "larger than \(FileProcessor.describeSize(maxFileSize)) (see --max-file-size)"
            return FileWork(report: report)
        }
        guard tree != nil || FileProcessor.isUTF8Text(bytes) else {
            report.skipReason = "not UTF-8 text"
            return FileWork(report: report)
        }
        var context = RuleContext(path: path, deploymentTargets: settings.deploymentTargets,
                                  swiftLanguageMode: settings.swiftLanguageMode, options: settings.ruleOptions,
                                  index: indexes.index(forFile: path))
        context.plannedFiles = indexes.plannedFiles
        context.moduleFiles = indexes.moduleFiles(forFile: path)
        var outcome = settings.engine.run(bytes: bytes, context: context, tree: tree.take())
        if let baseline = settings.baseline { outcome = baseline.withholdingFixes(of: outcome, path: path) }
        report.changed = outcome.changed
        report.notes = outcome.notes
        report.parseErrorCount = outcome.parseErrorCount
        report.findings = FileProcessor.reported(outcome, details: details)
        if let baseline = settings.baseline {
            baseline.filter(&report, outcome: outcome, reportsUnused: settings.engine.options.reportUnusedDisables)
        } else if settings.recordsBaseline {
            report.baselineSources = BaselineSource.sources(of: outcome)
        }
        if !settings.severities.isEmpty {
            for index in report.findings.indices {
                if let level = settings.severities[report.findings[index].ruleID] { report.findings[index].severity = level }
            }
        }
        return FileWork(report: report, outcome: outcome)
    }

    /// Writes the engine's output over the file, reporting instead of throwing.
    static func write(_ work: inout FileWork, bytes: [UInt8]) {
        guard let snapshot = work.snapshot else { return }
        do {
            try AtomicFile.replace(snapshot, with: bytes)
            work.report.written = true
            work.report.otherLinkCount = snapshot.linkCount - 1
        } catch {
            work.report.writeError = error.description
        }
    }

    /// Findings with line and column. Round-1 offsets refer to the original bytes. A
    /// later round's finding is about code a fix wrote: it is reported only when its own
    /// fix was applied too (placed in the output); otherwise the next run reports it, at
    /// a place that exists in the file.
    static func reported(_ outcome: FileOutcome, details: ReportDetails = .all) -> [ReportedFinding] {
        guard !outcome.findings.isEmpty else { return [] }
        let original = SourceLocationConverter(outcome.original)
        var output: SourceLocationConverter?
        // The outcomes `reportedOutcomes(_:)` keeps, read in place rather than copied out.
        return outcome.findings.lazy.filter(isReported).map { item in
            let converter: SourceLocationConverter
            if item.round <= 1 {
                converter = original
            } else {
                if output == nil { output = SourceLocationConverter(outcome.output) }
                converter = output!
            }
            let start = converter.location(of: item.finding.range.lowerBound)
            let end = converter.location(of: item.finding.range.upperBound)
            var state = FixState.none
            var reason = item.finding.withheldReason
            var dropped = false
            switch item.status {
            case .fixed: state = .applied; reason = nil
            case .suggestedNotApplied: state = .suggested
            case .noFix: state = reason == nil ? .none : .withheld
            case .dropped(let why): state = .withheld; reason = why; dropped = true
            }
            var reported = ReportedFinding(ruleID: item.finding.ruleID, message: item.finding.message,
                                           severity: item.finding.severity, line: start.line, column: start.column,
                                           endLine: end.line, endColumn: end.column, fix: state, reason: reason,
                                           wasDropped: dropped)
            if item.round <= 1 {
                if details.contains(.sources) {
                    reported.normalizedSource = BaselineSource.normalized(item.finding.range, in: outcome.original)
                }
                if details.contains(.edits), let fix = item.finding.fix, state == .applied || state == .suggested {
                    reported.edits = fix.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }.map { edit in
                        ReportedEdit(startOffset: edit.range.lowerBound, endOffset: edit.range.upperBound,
                                     start: original.location(of: edit.range.lowerBound),
                                     end: original.location(of: edit.range.upperBound),
                                     replacement: String(decoding: edit.replacement, as: UTF8.self))
                    }
                }
            }
            return reported
        }
    }

    /// The outcomes `reported(_:)` turns into findings, in the same order.
    static func reportedOutcomes(_ outcome: FileOutcome) -> [FindingOutcome] {
        outcome.findings.filter(isReported)
    }

    /// Whether an outcome is reported: every finding about the original text, and the
    /// later rounds' findings that were fixed.
    static func isReported(_ outcome: FindingOutcome) -> Bool {
        outcome.round <= 1 || outcome.status == .fixed
    }

    /// False for binary data: a NUL byte in the first 8 KB, or bytes that are not UTF-8.
    static func isUTF8Text(_ bytes: [UInt8]) -> Bool {
        return bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let count = buffer.count
            guard count > 0 else { return true }
            if memchr(buffer.baseAddress!, 0, min(count, 8192)) != nil { return false }
            while i < count {
                // Source is mostly ASCII: eight bytes at a time while none has its high bit.
                while i + 8 <= count,
                      UnsafeRawPointer(buffer.baseAddress! + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                }
                guard i < count else { break }
                let lead = buffer[i]
                if lead < 0x80 { i += 1; continue }
                let length: Int
                var minimum: UInt8 = 0x80, maximum: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; minimum = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; maximum = 0x9F
                case 0xF0: length = 4; minimum = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; maximum = 0x8F
                default: return false
                }
                guard i + length <= count else { return false }
                let second = buffer[i + 1]
                guard second >= minimum && second <= maximum else { return false }
                var k = 2
                while k < length {
                    guard buffer[i + k] & 0xC0 == 0x80 else { return false }
                    k += 1
                }
                i += length
            }
            return true
        }
    }

    static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
        return "\(bytes) bytes"
    }

    /// The reason shown for a file that could not be read.
    private static func reason(_ error: FileError, path: String) -> String {
        switch error {
        case .notFound: return "no such file"
        case .unreadable(_, let why): return "cannot read: \(why)"
        case .notRegularFile: return "not a regular file"
        case .changedOnDisk: return "changed on disk while being read"
        case .readOnly: return "read-only"
        case .writeFailed(_, let why): return "cannot write: \(why)"
        }
    }
}
