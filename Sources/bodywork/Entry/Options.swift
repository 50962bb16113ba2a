// The command line as data: what the user asked for, parsed once and checked before any
// file is touched, so that a usage error (exit 2) never leaves work half done.
import Codemod

/// What the run does with the fixes it finds.
enum RunMode: String {
    /// Print the unified diff; write nothing.
    case preview
    /// Write the fixed files in place.
    case apply
    /// Print findings only.
    case lint
    /// Ask fix by fix, then write the accepted fixes.
    case interactive
}

/// How findings are printed.
enum OutputFormat: String, CaseIterable {
    case text, xcode, json, sarif, github, checkstyle, junit, gitlab, markdown
}

/// Whether diffs are colored.
enum ColorMode: String, CaseIterable {
    case auto, always, never
}

/// What `parse` prints.
enum ParseView: String {
    case tree, tokens, stats
    /// Token and node ranges in the format `scripts/oracle` compares with the compiler's parser.
    case oracle
}

/// Settings of `parse --stats` used by `scripts/bench`.
struct ParseTiming: Equatable {
    /// Parse every file this many times and report medians.
    var repeatCount = 0
    /// Time the lexer alone.
    var lexOnly = false
}

/// A command line that cannot be run; reported with exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Every option of a fix/lint run.
struct RunOptions {
    var paths: [String] = []
    var mode: RunMode = .preview
    var check = false
    var format: OutputFormat = .text
    var patchPath: String?
    /// `--output FILE`: the findings report goes to FILE instead of standard output.
    var outputPath: String?
    var onlyRules: [String]?
    var disabledRules: [String] = []
    var unsafeFixes = false
    var minimumVersions: [Platform: Version] = [:]
    var configPath: String?
    var reportUnusedDisables = false
    var contextLines = 3
    var color: ColorMode = .auto
    var excludes: [String] = []
    var filesFrom: String?
    var changedSince: String?
    var stdinPath: String?
    var jobs = 1
    var quiet = false
    var verbose = false
    /// Index every file afresh, neither reading nor writing the index cache.
    var noCache = false
    /// `--timings`: after the summary, the wall and CPU time of each phase and each rule's time.
    var timings = false
    var maxFileSize = 32 * 1024 * 1024
    /// `--severity RULE=LEVEL`, in order; later ones win.
    var severities: [String: Severity] = [:]
    /// `--strict`: `--check` fails on notes too.
    var strict = false
    /// `--baseline FILE`: hide the findings it records.
    var baselinePath: String?
    /// `--write-baseline FILE`: record the run's findings there.
    var writeBaselinePath: String?
    /// `--verify CMD`: keep only the fixes with which CMD still succeeds.
    var verifyCommand: String?
    /// `--split-by`, `--patch-dir`, `--commit`, `--max-files`: the migration in pieces.
    var migration = MigrationOptions()

    /// Source comes from standard input (`-` as the only path).
    var readsStandardInput: Bool { paths == ["-"] }

    /// What `--quiet` still prints of `report`'s findings: those that make `--check` fail
    /// (an `error` or `warning` left unfixed, or any finding left unfixed with `--strict`),
    /// so a quiet run that fails always says why. Without `--quiet`, the whole report.
    func shownFindings(of report: FileReport) -> FileReport {
        guard quiet else { return report }
        var kept = report
        kept.findings = check ? report.findings.filter { strict || $0.severity != .note } : []
        return kept
    }
}

/// The subcommand chosen on the command line.
enum Command {
    case run(RunOptions)
    case listRules(format: OutputFormat)
    case explain(ruleID: String)
    case parse(view: ParseView?, paths: [String], jobs: Int, timing: ParseTiming)
    case describe(DescribeCommand)
    /// `audit [PATHS]`: the ranked performance audit (`AuditCommand`).
    case audit(AuditCommand)
    /// `probe [PATHS]`: `_printChanges()` in the top views' bodies (`ProbeCommand`).
    case probe(ProbeCommand)
    /// `-h`, `--help`: the short usage.
    case help
    /// `help`: the full manual.
    case manual
    /// `VERB --help`: that verb's own usage and section of the manual.
    case verbHelp(String)
    case version
    /// `completions SHELL`: a completion script for bash, zsh or fish.
    case completions(shell: String)
    /// `man`: the manual as a roff man page.
    case manPage
    /// `config [PATH] [--config FILE]`: the resolved configuration for PATH.
    case showConfiguration(path: String, configPath: String?)
    /// `lsp`: a Language Server on standard input and output.
    case languageServer
}

/// Turns `CommandLine.arguments` (without the program name) into a `Command`.
struct ArgumentParser {
    private var arguments: [String]
    private var position = 0
    /// How many jobs a command runs when not told: asked only then (the system's answer
    /// reads the control group's quota files).
    private let processorCount: () -> Int
    private var defaultJobs: Int { max(1, processorCount()) }

    init(_ arguments: [String], defaultJobs: @escaping @autoclosure () -> Int) {
        self.arguments = arguments
        processorCount = defaultJobs
    }

    mutating func parse() throws(UsageError) -> Command {
        switch arguments.first {
        case "list-rules", "rules":
            position = 1
            return try parseListRules()
        case "version":
            return .version
        case "man":
            return .manPage
        case "config":
            position = 1
            var path: String?
            var configPath: String?
            while let argument = next() {
                let (name, inline) = Self.split(argument)
                if name == "--config" {
                    configPath = try value(for: name, inline: inline)
                } else if name == "-h" || name == "--help" {
                    return .verbHelp("config")
                } else if path == nil && (!argument.hasPrefix("-") || argument == "-") {
                    path = argument
                } else {
                    throw UsageError("config: unexpected argument '\(argument)'")
                }
            }
            return .showConfiguration(path: path ?? ".", configPath: configPath)
        case "completions":
            guard arguments.count == 2, ["bash", "zsh", "fish"].contains(arguments[1]) else {
                throw UsageError("completions: expected one of bash, zsh, fish")
            }
            return .completions(shell: arguments[1])
        case "lint", "fix":
            // Subcommand spellings of `--lint` and `--apply`, as other linters have them.
            let mode = arguments[0] == "lint" ? "--lint" : "--apply"
            arguments[0] = mode
            return try parseRun()
        case "explain":
            position = 1
            return try parseExplain()
        case "parse":
            position = 1
            return try parseParse()
        case "describe":
            return try DescribeCommand.parse(Array(arguments.dropFirst()))
        case "audit":
            return try AuditCommand.parse(Array(arguments.dropFirst()), defaultJobs: defaultJobs)
        case "probe":
            return try ProbeCommand.parse(Array(arguments.dropFirst()), defaultJobs: defaultJobs)
        case "help":
            return arguments.count > 1 && Help.verbs.contains(arguments[1]) ? .verbHelp(arguments[1]) : .manual
        case "lsp":
            // `--stdio` is what some clients pass to choose the transport; it is the only one.
            for argument in arguments.dropFirst() where argument != "--stdio" {
                if argument == "-h" || argument == "--help" { return .verbHelp("lsp") }
                throw UsageError("lsp: unexpected argument '\(argument)'")
            }
            return .languageServer
        default:
            return try parseRun()
        }
    }

    // MARK: - Subcommands

    private mutating func parseListRules() throws(UsageError) -> Command {
        var format = OutputFormat.text
        while let argument = next() {
            let (name, inline) = Self.split(argument)
            switch name {
            case "--format":
                let value = try value(for: name, inline: inline)
                guard let parsed = OutputFormat(rawValue: value), parsed == .text || parsed == .json else {
                    throw UsageError("list-rules: --format must be text or json, not '\(value)'")
                }
                format = parsed
            case "-h", "--help": return .verbHelp("list-rules")
            default: throw UsageError("list-rules: unexpected argument '\(argument)'")
            }
        }
        return .listRules(format: format)
    }

    private mutating func parseExplain() throws(UsageError) -> Command {
        var ruleID: String?
        while let argument = next() {
            if argument == "-h" || argument == "--help" { return .verbHelp("explain") }
            guard ruleID == nil, !argument.hasPrefix("-") else {
                throw UsageError("explain: expected exactly one rule id, got '\(argument)'")
            }
            ruleID = argument
        }
        guard let ruleID else { throw UsageError("explain: missing rule id (see `bodywork list-rules`)") }
        return .explain(ruleID: ruleID)
    }

    private mutating func parseParse() throws(UsageError) -> Command {
        var view: ParseView?
        var paths: [String] = []
        var jobs: Int?
        var timing = ParseTiming()
        var optionsEnded = false
        while let argument = next() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                paths.append(argument)
                continue
            }
            let (name, inline) = Self.split(argument)
            switch name {
            case "--tree": view = .tree
            case "--tokens": view = .tokens
            case "--stats": view = .stats
            case "--oracle": view = .oracle
            case "--repeat": timing.repeatCount = try positiveInteger(try value(for: name, inline: inline), option: name)
            case "--lex-only": timing.lexOnly = true
            case "-j", "--jobs": jobs = try positiveInteger(try value(for: name, inline: inline), option: name)
            case "--": optionsEnded = true
            case "-h", "--help": return .verbHelp("parse")
            default: throw UsageError("parse: unknown option '\(argument)'")
            }
        }
        guard !paths.isEmpty else { throw UsageError("parse: missing paths") }
        return .parse(view: view, paths: paths, jobs: jobs ?? defaultJobs, timing: timing)
    }

    // MARK: - The main command

    private mutating func parseRun() throws(UsageError) -> Command {
        var options = RunOptions()
        var jobs: Int?
        var modes: [String] = []
        var optionsEnded = false
        while let argument = next() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            let (name, inline) = Self.split(argument)
            switch name {
            case "--": optionsEnded = true
            case "-h", "--help": return .help
            case "-V", "--version": return .version
            case "--apply", "--fix":
                options.mode = .apply; modes.append(name)
            case "--lint":
                options.mode = .lint; modes.append(name)
            case "-i", "--interactive":
                options.mode = .interactive; modes.append(name)
            case "--check": options.check = true
            case "--format":
                let value = try value(for: name, inline: inline)
                guard let format = OutputFormat(rawValue: value) else {
                    throw UsageError("--format must be one of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(value)'")
                }
                options.format = format
            case "--patch": options.patchPath = try value(for: name, inline: inline)
            case "-o", "--output": options.outputPath = try value(for: name, inline: inline)
            case "--rules", "--only-rule":
                options.onlyRules = (options.onlyRules ?? []) + ruleList(try value(for: name, inline: inline))
            case "--disable":
                options.disabledRules += ruleList(try value(for: name, inline: inline))
            case "--unsafe-fixes": options.unsafeFixes = true
            case "--min-ios": options.minimumVersions[.iOS] = try version(try value(for: name, inline: inline), option: name)
            case "--min-macos": options.minimumVersions[.macOS] = try version(try value(for: name, inline: inline), option: name)
            case "--min-tvos": options.minimumVersions[.tvOS] = try version(try value(for: name, inline: inline), option: name)
            case "--min-watchos": options.minimumVersions[.watchOS] = try version(try value(for: name, inline: inline), option: name)
            case "--min-visionos": options.minimumVersions[.visionOS] = try version(try value(for: name, inline: inline), option: name)
            case "--config": options.configPath = try value(for: name, inline: inline)
            case "--report-unused-disables": options.reportUnusedDisables = true
            case "-U", "--context":
                options.contextLines = try contextLineCount(try value(for: name, inline: inline), option: name)
            case "--color", "--colour":
                let value = try value(for: name, inline: inline)
                guard let mode = ColorMode(rawValue: value) else { throw UsageError("--color must be auto, always or never, not '\(value)'") }
                options.color = mode
            case "--exclude": options.excludes.append(try value(for: name, inline: inline))
            case "--files-from": options.filesFrom = try value(for: name, inline: inline)
            case "--changed-since": options.changedSince = try value(for: name, inline: inline)
            case "--stdin-path": options.stdinPath = try value(for: name, inline: inline)
            case "-j", "--jobs": jobs = try positiveInteger(try value(for: name, inline: inline), option: name)
            case "-q", "--quiet": options.quiet = true
            case "-v", "--verbose": options.verbose = true
            case "--no-cache": options.noCache = true
            case "--timings": options.timings = true
            case "--max-file-size": options.maxFileSize = try byteCount(try value(for: name, inline: inline))
            case "--severity":
                let (ruleID, level) = try severity(try value(for: name, inline: inline))
                options.severities[ruleID] = level
            case "--strict": options.strict = true
            case "--baseline": options.baselinePath = try value(for: name, inline: inline)
            case "--write-baseline": options.writeBaselinePath = try value(for: name, inline: inline)
            case "--verify": options.verifyCommand = try value(for: name, inline: inline)
            case "--split-by", "--patch-dir", "--commit", "--max-files":
                try options.migration.parse(name, value: name == "--commit" ? nil : try value(for: name, inline: inline))
            default:
                if name.hasPrefix("-U"), name.count > 2, name.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber }) {
                    options.contextLines = try contextLineCount(String(name.dropFirst(2)), option: "-U")
                } else {
                    let suggestion = ManualIndex.suggestion(for: name).map { "; did you mean '\($0)'?" } ?? " (see `bodywork --help`)"
                    throw UsageError("unknown option '\(argument)'\(suggestion)")
                }
            }
        }
        options.jobs = jobs ?? defaultJobs
        try validate(&options, modes: modes)
        return .run(options)
    }

    private func validate(_ options: inout RunOptions, modes: [String]) throws(UsageError) {
        let distinctModes = Set(modes)
        if distinctModes.count > 1 {
            throw UsageError("\(distinctModes.sorted().joined(separator: " and ")) cannot be combined")
        }
        if options.paths.contains("-") && options.paths.count > 1 {
            throw UsageError("'-' (standard input) must be the only path")
        }
        if options.readsStandardInput {
            if options.mode == .interactive { throw UsageError("--interactive cannot read source from standard input") }
            if options.filesFrom != nil || options.changedSince != nil {
                throw UsageError("'-' cannot be combined with --files-from or --changed-since")
            }
        } else if options.stdinPath != nil {
            throw UsageError("--stdin-path only applies when the path is '-'")
        }
        if options.filesFrom == "-" && options.mode == .interactive {
            throw UsageError("--interactive needs standard input for its questions; --files-from - cannot be used")
        }
        if options.mode == .interactive && options.format != .text {
            throw UsageError("--interactive prints diffs; --format \(options.format.rawValue) cannot be used with it")
        }
        if options.writeBaselinePath != nil && (options.mode == .interactive || options.readsStandardInput) {
            throw UsageError("--write-baseline records a run over files; it cannot be used with --interactive or '-'")
        }
        if options.verifyCommand != nil && (options.mode != .apply || options.readsStandardInput) {
            throw UsageError("--verify checks the fixes it writes; it needs --apply and files, not '-'")
        }
        if options.quiet && options.verbose { throw UsageError("--quiet and --verbose cannot be combined") }
        try options.migration.validate(options)
        if options.paths.isEmpty && options.filesFrom == nil { options.paths = ["."] }
    }

    // MARK: - Values

    private mutating func next() -> String? {
        guard position < arguments.count else { return nil }
        defer { position += 1 }
        return arguments[position]
    }

    /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
    static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private mutating func value(for option: String, inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let value = next() else { throw UsageError("\(option) needs a value") }
        return value
    }

    private func ruleList(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
    }

    private func version(_ text: String, option: String) throws(UsageError) -> Version {
        guard let version = Version(text) else { throw UsageError("\(option) needs a version such as 15 or 13.4, not '\(text)'") }
        return version
    }

    private func positiveInteger(_ text: String, option: String) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 1, value <= ArgumentParser.largestCount else {
            throw UsageError("\(option) needs a whole number from 1 to \(ArgumentParser.largestCount), not '\(text)'")
        }
        return value
    }

    /// The largest count an option takes (lines of context, jobs): far past any real use,
    /// small enough that arithmetic on it cannot overflow.
    static let largestCount = Int(Int32.max)

    private func contextLineCount(_ text: String, option: String) throws(UsageError) -> Int {
        guard let lines = Int(text), lines >= 0, lines <= ArgumentParser.largestCount else {
            throw UsageError("\(option) needs a number of lines from 0 to \(ArgumentParser.largestCount), not '\(text)'")
        }
        return lines
    }

    /// `RULE=LEVEL` with LEVEL one of error, warning, note.
    private func severity(_ text: String) throws(UsageError) -> (String, Severity) {
        let parts = text.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces() }
        guard parts.count == 2, !parts[0].isEmpty, let level = Severity(rawValue: parts[1]) else {
            throw UsageError("--severity needs RULE=LEVEL with LEVEL error, warning or note, not '\(text)'")
        }
        return (parts[0], level)
    }

    /// `1000`, `64K`, `32M`, `1G`.
    private func byteCount(_ text: String) throws(UsageError) -> Int {
        var digits = Substring(text)
        var scale = 1
        switch text.last?.uppercased() {
        case "K": scale = 1024; digits = digits.dropLast()
        case "M": scale = 1024 * 1024; digits = digits.dropLast()
        case "G": scale = 1024 * 1024 * 1024; digits = digits.dropLast()
        default: break
        }
        guard let value = Int(digits), value >= 0 else {
            throw UsageError("--max-file-size needs a size such as 500000, 64K or 32M, not '\(text)'")
        }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: scale)
        guard !overflow, bytes <= Int(Int64.max >> 2) else {
            throw UsageError("--max-file-size '\(text)' is larger than any file can be")
        }
        return bytes
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}

/// The arguments after a verb (`audit`, `probe`), read one at a time: each error names the verb.
struct VerbArguments {
    let verb: String
    private let arguments: [String]
    private var position = 0

    init(_ arguments: [String], verb: String) {
        self.arguments = arguments
        self.verb = verb
    }

    /// The next argument, or nil after the last.
    mutating func next() -> String? {
        guard position < arguments.count else { return nil }
        position += 1
        return arguments[position - 1]
    }

    /// An option's value: written inline (`--top=5`) or the next argument.
    mutating func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
        if let inline { return inline }
        guard let value = next() else { throw UsageError("\(verb): \(name) needs a value") }
        return value
    }

    /// An option's value as a count of at least 1.
    func count(_ name: String, _ text: String) throws(UsageError) -> Int {
        guard let number = Int(text), number >= 1, number <= ArgumentParser.largestCount else {
            throw UsageError("\(verb): \(name) needs a whole number from 1, not '\(text)'")
        }
        return number
    }
}
