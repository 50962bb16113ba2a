// How findings are printed: one `Reporter` per output format, chosen once from the
// command line. Line formats for people, Xcode and GitHub Actions stream file by file;
// the JSON and SARIF documents (and those of DocumentFormats.swift) are written once at
// the end of the run.
import Codemod

/// One output format.
protocol Reporter {
    /// Whether the format is one document written when the run ends (then `lines` is
    /// empty) rather than lines streamed as each file is done (then `document` is nil).
    var isDocument: Bool { get }
    /// The lines for `report`'s findings; `onlyRemaining` leaves out the fixed ones.
    func lines(for report: FileReport, onlyRemaining: Bool) -> String
    /// The whole-run document.
    func document(for run: ReportedRun) -> String?
}

/// What a whole-run document reports.
struct ReportedRun {
    /// The files that were processed, in order.
    var reports: [FileReport]
    /// Files that could not be read or written.
    var problems: [SkippedFile]
    var totals: RunTotals
    var mode: RunMode
    /// Every rule the run knows, for formats that describe them.
    var rules: [any Rule]

    init(reports: [FileReport], problems: [SkippedFile], totals: RunTotals, mode: RunMode, rules: [any Rule]) {
        self.reports = reports.filter(\.isProcessed)
        self.problems = problems
        self.totals = totals
        self.mode = mode
        self.rules = rules
    }
}

/// A format that prints one line per finding as each file is done.
protocol LineReporter: Reporter {
    func line(_ finding: ReportedFinding, path: String) -> String
}

extension LineReporter {
    var isDocument: Bool { false }

    func lines(for report: FileReport, onlyRemaining: Bool = false) -> String {
        var out = ""
        for finding in report.findings where !(onlyRemaining && finding.fix == .applied) {
            out += line(finding, path: report.path) + "\n"
        }
        return out
    }

    func document(for run: ReportedRun) -> String? { nil }
}

/// A format written as one document when the run ends.
protocol DocumentReporter: Reporter {
    func render(_ run: ReportedRun) -> String
}

extension DocumentReporter {
    var isDocument: Bool { true }
    func lines(for report: FileReport, onlyRemaining: Bool) -> String { "" }
    func document(for run: ReportedRun) -> String? { render(run) }
}

extension OutputFormat {
    /// The reporter of this format. `colored` colors the text format's severities.
    func reporter(mode: RunMode, colored: Bool = false) -> any Reporter {
        switch self {
        case .text: return TextReporter(mode: mode, colored: colored)
        case .xcode: return XcodeReporter()
        case .github: return GitHubReporter(mode: mode)
        case .json: return JSONReporter()
        case .sarif: return SARIFReporter(version: bodyworkVersion)
        case .checkstyle: return CheckstyleReporter()
        case .junit: return JUnitReporter()
        case .gitlab: return GitLabReporter()
        case .markdown: return MarkdownReporter()
        }
    }

    /// Formats written once, as one document, after every file was processed.
    var isDocument: Bool { reporter(mode: .lint).isDocument }
}

extension ReportedFinding {
    /// What happens to the fix, in words, after the finding's line.
    func fixSuffix(mode: RunMode) -> String {
        switch fix {
        case .applied: return mode == .lint ? " (fixable with --apply)" : ""
        case .suggested: return " (suggested fix: applied with --unsafe-fixes)"
        case .withheld: return " (fix withheld: \(reason ?? "not proven safe"))"
        case .none: return ""
        }
    }
}

/// `path:line:column: severity: message [rule]`, for people; on a terminal the severity
/// is colored (red error, yellow warning, cyan note) and the rule id dimmed, as
/// swift-format does.
struct TextReporter: LineReporter {
    let mode: RunMode
    var colored = false

    func line(_ finding: ReportedFinding, path: String) -> String {
        guard colored else { return XcodeReporter().line(finding, path: path) + finding.fixSuffix(mode: mode) }
        let color: String
        switch finding.severity {
        case .error: color = "1;31"
        case .warning: color = "1;33"
        case .note: color = "1;36"
        }
        return "\u{1B}[1m\(FilePath.shown(path)):\(finding.line):\(finding.column):\u{1B}[0m "
            + "\u{1B}[\(color)m\(finding.severity.rawValue):\u{1B}[0m \(finding.message) "
            + "\u{1B}[2m[\(finding.ruleID)]\u{1B}[0m" + finding.fixSuffix(mode: mode)
    }
}

/// The line Xcode shows as a warning on the line: `path:line:column: severity: message [rule]`.
struct XcodeReporter: LineReporter {
    func line(_ finding: ReportedFinding, path: String) -> String {
        "\(FilePath.shown(path)):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]"
    }
}

/// GitHub Actions workflow commands (`::warning file=…::message`), shown as annotations.
struct GitHubReporter: LineReporter {
    let mode: RunMode

    func line(_ finding: ReportedFinding, path: String) -> String {
        // Workflow commands are `error`, `warning` and `notice`.
        let command = finding.severity == .note ? "notice" : finding.severity.rawValue
        return "::\(command) file=\(githubProperty(path)),line=\(finding.line),col=\(finding.column),"
            + "endLine=\(finding.endLine),endColumn=\(finding.endColumn),title=\(githubProperty(finding.ruleID))::"
            + githubData(finding.message + finding.fixSuffix(mode: mode))
    }

    /// GitHub workflow-command data: `%`, CR and LF escaped.
    private func githubData(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// GitHub workflow-command property values: also `:` and `,`.
    private func githubProperty(_ text: String) -> String {
        githubData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

/// The JSON report (`version` 1); its shape is documented in `bodywork --help` (OUTPUT FORMATS).
struct JSONReporter: DocumentReporter {
    func render(_ run: ReportedRun) -> String {
        var files: [JSONText] = []
        var skipped: [JSONText] = run.problems.map { .object([("path", .string($0.path)), ("reason", .string($0.reason))]) }
        for report in run.reports {
            if let reason = report.skipReason {
                skipped.append(.object([("path", .string(report.path)), ("reason", .string(reason))]))
                continue
            }
            var members: [(String, JSONText)] = [
                ("path", .string(report.path)),
                ("changed", .bool(report.changed)),
                ("written", .bool(report.written)),
            ]
            if let error = report.writeError { members.append(("error", .string(error))) }
            members.append(("findings", .array(report.findings.map(findingJSON))))
            files.append(.object(members))
        }
        return JSONText.object([
            ("version", .integer(1)),
            ("files", .array(files)),
            ("skipped", .array(skipped)),
            ("summary", run.totals.json(mode: run.mode)),
        ]).rendered()
    }

    private func findingJSON(_ finding: ReportedFinding) -> JSONText {
        var members: [(String, JSONText)] = [
            ("rule", .string(finding.ruleID)),
            ("line", .integer(finding.line)),
            ("column", .integer(finding.column)),
            ("endLine", .integer(finding.endLine)),
            ("endColumn", .integer(finding.endColumn)),
            ("message", .string(finding.message)),
            ("severity", .string(finding.severity.rawValue)),
            ("fix", .string(finding.fix.rawValue)),
        ]
        if let reason = finding.reason { members.append(("reason", .string(reason))) }
        if !finding.edits.isEmpty {
            members.append(("edits", .array(finding.edits.map { edit in
                .object([
                    ("start", .object([("line", .integer(edit.start.line)), ("column", .integer(edit.start.column)),
                                       ("offset", .integer(edit.startOffset))])),
                    ("end", .object([("line", .integer(edit.end.line)), ("column", .integer(edit.end.column)),
                                     ("offset", .integer(edit.endOffset))])),
                    ("replacement", .string(edit.replacement)),
                ])
            })))
        }
        return .object(members)
    }
}

/// A SARIF 2.1.0 log with one run, for code scanning: results with fixes and
/// fingerprints; the driver describes every rule the run knows.
struct SARIFReporter: DocumentReporter {
    /// The tool version the log names.
    let version: String

    func render(_ run: ReportedRun) -> String {
        var descriptors: [(id: String, summary: String, documentation: String, enabled: Bool)] = run.rules.map {
            ($0.id, $0.summary, $0.documentation, $0.isEnabledByDefault)
        }
        // Suppressions that suppress nothing are reported under an id of the engine's own.
        let unusedDisable = Engine.unusedDisableRuleID
        if run.reports.contains(where: { $0.findings.contains { $0.ruleID == unusedDisable } }) {
            descriptors.append((unusedDisable, "A bodywork:disable comment that suppresses nothing",
                                "Reported with --report-unused-disables: a suppression comment that suppressed no finding, or names an unknown rule.",
                                false))
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: descriptors.enumerated().map { ($1.id, $0) })
        var results: [JSONText] = []
        for report in run.reports {
            var occurrences: [String: Int] = [:]
            for finding in report.findings {
                var members: [(String, JSONText)] = [("ruleId", .string(finding.ruleID))]
                if let index = ruleIndex[finding.ruleID] { members.append(("ruleIndex", .integer(index))) }
                members += [
                    ("level", .string(sarifLevel(finding.severity))),
                    ("message", .object([("text", .string(finding.message))])),
                    ("locations", .array([.object([
                        ("physicalLocation", .object([
                            ("artifactLocation", .object([("uri", .string(Self.uri(report.path)))])),
                            ("region", .object([
                                ("startLine", .integer(finding.line)),
                                ("startColumn", .integer(finding.column)),
                                ("endLine", .integer(finding.endLine)),
                                ("endColumn", .integer(finding.endColumn)),
                            ])),
                        ])),
                    ])])),
                    ("partialFingerprints", .object([
                        ("bodywork/v1", .string(Fingerprint.of(finding, path: report.path, occurrences: &occurrences))),
                    ])),
                    ("properties", .object([("fix", .string(finding.fix.rawValue))]
                                           + (finding.reason.map { [("reason", JSONText.string($0))] } ?? []))),
                ]
                if !finding.edits.isEmpty {
                    members.append(("fixes", .array([.object([
                        ("description", .object([("text", .string(finding.fix == .suggested
                                                                   ? "Suggested fix (may change behaviour): " + finding.message
                                                                   : "Fix: " + finding.message))])),
                        ("artifactChanges", .array([.object([
                            ("artifactLocation", .object([("uri", .string(Self.uri(report.path)))])),
                            ("replacements", .array(finding.edits.map { edit in
                                .object([
                                    ("deletedRegion", .object([
                                        ("startLine", .integer(edit.start.line)), ("startColumn", .integer(edit.start.column)),
                                        ("endLine", .integer(edit.end.line)), ("endColumn", .integer(edit.end.column)),
                                    ])),
                                    ("insertedContent", .object([("text", .string(edit.replacement))])),
                                ])
                            })),
                        ])])),
                    ])])))
                }
                results.append(.object(members))
            }
        }
        let driverRules: [JSONText] = descriptors.map { rule in
            .object([
                ("id", .string(rule.id)),
                ("shortDescription", .object([("text", .string(rule.summary))])),
                ("fullDescription", .object([("text", .string(rule.documentation.isEmpty ? rule.summary : rule.documentation))])),
                ("defaultConfiguration", .object([("enabled", .bool(rule.enabled))])),
            ])
        }
        return JSONText.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("bodywork")),
                    ("version", .string(version)),
                    ("rules", .array(driverRules)),
                ]))])),
                ("results", .array(results)),
            ])])),
        ]).rendered()
    }

    private func sarifLevel(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }
}

extension SARIFReporter {
    /// A relative or absolute path as a URI reference: unreserved bytes and `/` kept,
    /// everything else percent-encoded.
    static func uri(_ path: String) -> String {
        var out = path.hasPrefix("/") ? "file://" : ""
        for byte in path.utf8 {
            let keep = (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
            if keep {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self {
            if character == target { out += replacement } else { out.append(character) }
        }
        return out
    }
}
