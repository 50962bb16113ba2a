// `bodywork probe [--top N] [--apply] [PATHS]`: the first step of measure-fix-measure. It
// ranks the views as `audit` does and adds `let _ = Self._printChanges()` to the body of
// the top N, as an ordinary fix of the main run (preview, `--apply`, the usual safety);
// the `print-changes` rule takes the probes out again.
import Codemod
import Settings
import Project
import Transforms

/// Runs `probe`.
struct ProbeCommand {
    var paths: [String] = []
    var top = 5
    var apply = false
    var configPath: String?
    var excludes: [String] = []
    var jobs = 1
    var noCache = false
    var color = ColorMode.auto

    /// Parses the arguments after `probe`.
    static func parse(_ arguments: [String], defaultJobs: Int) throws(UsageError) -> Command {
        var command = ProbeCommand()
        command.jobs = max(1, defaultJobs)
        var reader = VerbArguments(arguments, verb: "probe")
        var optionsEnded = false
        while let argument = reader.next() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                command.paths.append(argument)
                continue
            }
            let (name, inline) = ArgumentParser.split(argument)
            switch name {
            case "-h", "--help": return .verbHelp("probe")
            case "--": optionsEnded = true
            case "--top": command.top = try reader.count(name, try reader.value(name, inline))
            case "--apply", "--fix": command.apply = true
            case "--config": command.configPath = try reader.value(name, inline)
            case "--exclude": command.excludes.append(try reader.value(name, inline))
            case "-j", "--jobs": command.jobs = try reader.count(name, try reader.value(name, inline))
            case "--no-cache": command.noCache = true
            case "--color", "--colour":
                let text = try reader.value(name, inline)
                guard let mode = ColorMode(rawValue: text) else { throw UsageError("probe: --color must be auto, always or never, not '\(text)'") }
                command.color = mode
            default: throw UsageError("probe: unknown option '\(argument)' (see `bodywork probe --help`)")
            }
        }
        if command.paths.isEmpty { command.paths = ["."] }
        if command.paths.contains("-") { throw UsageError("probe: reads files, not standard input ('-')") }
        return .probe(command)
    }

    func run(console: Console, environment: [String: String]) -> Int32 {
        let targets: [String: Set<String>]
        do {
            let chosen = try rankedViews(environment: environment)
            targets = chosen.targets
            if chosen.views.isEmpty {
                console.message("bodywork probe: no view with findings to probe")
            } else {
                console.message("bodywork probe: the top \(plural(chosen.views.count, "view")) of the audit: "
                    + chosen.views.map { "\($0.name) (\(FilePath.shown($0.path)))" }.joined(separator: ", "))
            }
        } catch {
            console.message("bodywork: \(error)")
            return ExitStatus.usageError
        }
        var options = RunOptions()
        options.paths = paths
        options.mode = apply ? .apply : .preview
        options.onlyRules = [PrintChangesProbe(targets: [:]).id]
        options.configPath = configPath
        options.excludes = excludes
        options.jobs = jobs
        options.noCache = noCache
        options.color = color
        var runner = Runner(options: options, console: console, environment: environment)
        runner.addedRules = [PrintChangesProbe(targets: targets)]
        return runner.run()
    }

    /// The audit's ranking, as `audit` builds it (first-round findings of every active
    /// rule, nothing written): the top views that are SwiftUI views, and for each file that
    /// declares one of them, the names to probe there.
    private func rankedViews(environment: [String: String]) throws(UsageError) -> (views: [AuditView], targets: [String: Set<String>]) {
        let inputs = try AuditInputs(paths: paths, configPath: configPath, excludes: excludes, jobs: jobs,
                                     rules: AvailableRules.all(environment: environment))
        let audited = inputs.results(explanations: [:], noCache: noCache, environment: environment)
        let audit = AuditBuilder.build(audited, projects: [:], top: top)
        // Across projects by score; within one, the audit's order.
        let views = audit.sections.flatMap { $0.views.filter { $0.kind == "view" } }
            .enumerated().sorted { $0.element.score != $1.element.score ? $0.element.score > $1.element.score : $0.offset < $1.offset }
            .prefix(top).map(\.element)
        var targets: [String: Set<String>] = [:]
        for view in views {
            for file in audited where file.viewTypeNames.contains(view.name) && (file.modules.first ?? "?") == view.module {
                targets[file.path, default: []].insert(view.name)
            }
        }
        return (Array(views), targets)
    }
}
