// The report formats other tools read: Checkstyle and JUnit XML (CI dashboards), GitLab
// code quality JSON (merge request widgets) and Markdown (pull request comments); the
// printer every mode reports through; and `--output FILE`.
import Codemod
import Foundation
import Patch

/// Checkstyle 4.3 XML: a `<file>` per file with findings, an `<error>` per finding.
struct CheckstyleReporter: DocumentReporter {
    func render(_ run: ReportedRun) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        for report in run.reports where !report.findings.isEmpty {
            out += "  <file name=\"\(XMLText.escaped(report.path))\">\n"
            for finding in report.findings {
                out += "    <error line=\"\(finding.line)\" column=\"\(finding.column)\" severity=\"\(severity(finding.severity))\""
                    + " message=\"\(XMLText.escaped(finding.message))\" source=\"bodywork.\(XMLText.escaped(finding.ruleID))\"/>\n"
            }
            out += "  </file>\n"
        }
        return out + "</checkstyle>\n"
    }

    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "info"
        }
    }
}

/// JUnit XML: one test case per processed file, failed by each finding that fails
/// `--check` (warnings and errors; notes are listed in the case's output), and one
/// errored case per skipped file.
struct JUnitReporter: DocumentReporter {
    func render(_ run: ReportedRun) -> String {
        let reports = run.reports, problems = run.problems
        var cases = ""
        var failures = 0
        for report in reports {
            let failing = report.findings.filter { $0.severity != .note }
            let notes = report.findings.filter { $0.severity == .note }
            cases += "    <testcase classname=\"bodywork\" name=\"\(XMLText.escaped(report.path))\""
            if failing.isEmpty && notes.isEmpty {
                cases += "/>\n"
                continue
            }
            cases += ">\n"
            if !failing.isEmpty {
                failures += 1
                let text = failing.map { "\(report.path):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.ruleID)]" }
                cases += "      <failure message=\"\(failing.count) finding\(failing.count == 1 ? "" : "s")\" type=\"bodywork\">"
                    + XMLText.escaped(text.joined(separator: "\n")) + "</failure>\n"
            }
            if !notes.isEmpty {
                let text = notes.map { "\(report.path):\($0.line):\($0.column): note: \($0.message) [\($0.ruleID)]" }
                cases += "      <system-out>" + XMLText.escaped(text.joined(separator: "\n")) + "</system-out>\n"
            }
            cases += "    </testcase>\n"
        }
        for problem in problems {
            cases += "    <testcase classname=\"bodywork\" name=\"\(XMLText.escaped(problem.path))\">\n"
                + "      <error message=\"\(XMLText.escaped(problem.reason))\" type=\"skipped\"/>\n    </testcase>\n"
        }
        let tests = reports.count + problems.count
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
            + "  <testsuite name=\"bodywork\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(problems.count)\">\n"
            + cases + "  </testsuite>\n</testsuites>\n"
    }
}

/// GitLab code quality (Code Climate subset): an array of issues with a fingerprint
/// that stays the same while the finding's code does, wherever it moves.
struct GitLabReporter: DocumentReporter {
    func render(_ run: ReportedRun) -> String {
        var issues: [JSONText] = []
        for report in run.reports {
            var occurrences: [String: Int] = [:]
            for finding in report.findings {
                let fingerprint = Fingerprint.of(finding, path: report.path, occurrences: &occurrences)
                issues.append(.object([
                    ("description", .string(finding.message)),
                    ("check_name", .string(finding.ruleID)),
                    ("fingerprint", .string(fingerprint)),
                    ("severity", .string(severity(finding.severity))),
                    ("location", .object([
                        ("path", .string(report.path)),
                        ("lines", .object([("begin", .integer(finding.line)), ("end", .integer(finding.endLine))])),
                    ])),
                ]))
            }
        }
        return JSONText.array(issues).rendered()
    }

    private func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }
}

/// Markdown for a pull request or an issue: a summary line, findings by file as a
/// table, and the files that could not be processed.
struct MarkdownReporter: DocumentReporter {
    func render(_ run: ReportedRun) -> String {
        let reports = run.reports, problems = run.problems, totals = run.totals, mode = run.mode
        var out = "## bodywork\n\n"
        out += "\(plural(totals.filesScanned, "file")) scanned, \(plural(totals.findingCount, "finding")), "
            + "\(plural(totals.fixCount, "fix", "fixes")) \(mode == .apply ? "applied" : "available")"
            + (problems.isEmpty ? "" : ", \(problems.count) skipped") + ".\n"
        let withFindings = reports.filter { !$0.findings.isEmpty }
        if !withFindings.isEmpty {
            out += "\n| Location | Severity | Rule | Finding | Fix |\n|---|---|---|---|---|\n"
            for report in withFindings {
                for finding in report.findings {
                    let fix: String
                    switch finding.fix {
                    case .applied: fix = mode == .apply ? "applied" : "safe fix"
                    case .suggested: fix = "suggested (`--unsafe-fixes`)"
                    case .withheld: fix = "withheld: " + (finding.reason ?? "not proven safe")
                    case .none: fix = "—"
                    }
                    out += "| `\(markdownCode(report.path)):\(finding.line):\(finding.column)` | \(finding.severity.rawValue) "
                        + "| `\(finding.ruleID)` | \(markdownCell(finding.message)) | \(markdownCell(fix)) |\n"
                }
            }
        }
        if !problems.isEmpty {
            out += "\n### Skipped\n\n"
            for problem in problems { out += "- `\(markdownCode(problem.path))`: \(markdownCell(problem.reason))\n" }
        }
        return out
    }

    private func markdownCell(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "|": out += "\\|"
            case "\n", "\r": out += " "
            case "<": out += "&lt;"
            default: out.append(character)
            }
        }
        return out
    }

    private func markdownCode(_ text: String) -> String {
        String(text.map { $0 == "`" || $0 == "\n" || $0 == "|" ? "_" : $0 })
    }
}

/// Text for XML attributes and elements.
enum XMLText {
    /// Markup characters escaped, control characters XML 1.0 cannot hold written as `\xNN`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out += "&#\(scalar.value);"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\x" + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// A finding's stable identity for code scanning and code quality: rule, path, the
/// finding's own source text (whitespace collapsed) and which occurrence of that text it
/// is, hashed. It survives edits elsewhere in the file, as line numbers do not.
enum Fingerprint {
    static func of(_ finding: ReportedFinding, path: String, occurrences: inout [String: Int]) -> String {
        let key = finding.ruleID + "\u{0}" + path + "\u{0}" + (finding.normalizedSource ?? "\(finding.line):\(finding.column)")
        let occurrence = occurrences[key, default: 0]
        occurrences[key] = occurrence + 1
        return fnv1a(key + "\u{0}" + String(occurrence))
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 hex digits.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Where the report goes: standard output, or with `--output FILE` a file written once at
/// the end (atomically), while the terminal keeps the diff, messages and summary.
final class ReportOutput: @unchecked Sendable {
    let path: String?
    private let console: Console
    private var buffer: [UInt8] = []

    init(path: String?, console: Console) {
        self.path = path
        self.console = console
    }

    var isFile: Bool { path != nil }

    func write(_ text: String) {
        if path == nil { console.write(text) } else { buffer += Array(text.utf8) }
    }

    /// Writes the file, when there is one; the error to report, or nil.
    func commit() -> String? {
        guard let path else { return nil }
        do {
            try AtomicFile.write(buffer, to: path)
            return nil
        } catch {
            return "--output: \(error.description)"
        }
    }
}

/// Prints a run's reports in its format, the one way every mode does (the batch,
/// `--verify`, `--split-by`): per file, the skip or write error, the findings (to the
/// report output, or in text mode the ones left to stderr), the `-v` line; at the end,
/// the whole-run document of a document format.
struct ReportPrinter {
    let options: RunOptions
    let console: Console
    let output: ReportOutput

    /// Findings are colored by severity on a terminal, as the diff is.
    private var colorsFindings: Bool {
        guard !output.isFile else { return false }
        let stream = options.mode == .lint ? console.stdoutIsTerminal : console.stderrIsTerminal
        return TerminalColor.shouldColor(mode: options.color.rawValue, isTerminal: stream, environment: ReportPrinter.environment)
    }

    /// The environment (asked for every file's report).
    private static let environment = ProcessEnvironment.variables

    /// One file's report; `diff` (possibly colored) is shown first in a text preview.
    func file(_ report: FileReport, diff: [UInt8] = []) {
        if let reason = report.skipReason {
            console.message("bodywork: \(FilePath.shown(report.path)): \(reason) (skipped)")
        }
        if let error = report.writeError { console.message("bodywork: \(error)") }
        let reporter = options.format.reporter(mode: options.mode, colored: colorsFindings)
        if reporter.isDocument {
            // Written once, by `finish`.
        } else if options.mode == .lint || options.format != .text {
            output.write(reporter.lines(for: report, onlyRemaining: false))
        } else {
            if options.mode == .preview && !diff.isEmpty { console.write(diff) }
            if output.isFile {
                output.write(reporter.lines(for: report, onlyRemaining: true))
            } else {
                let remaining = reporter.lines(for: options.shownFindings(of: report), onlyRemaining: true)
                if !remaining.isEmpty { console.message(remaining) }
            }
        }
        if options.verbose { console.message(Runner.verboseLine(report, mode: options.mode)) }
    }

    /// The whole-run document, for a document format.
    func finish(reports: [FileReport], totals: RunTotals, rules: [any Rule]) {
        let run = ReportedRun(reports: reports, problems: totals.skipped, totals: totals, mode: options.mode, rules: rules)
        if let document = options.format.reporter(mode: options.mode).document(for: run) {
            output.write(document)
        }
    }
}
