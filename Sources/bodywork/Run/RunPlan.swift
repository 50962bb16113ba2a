// The serial step between file selection and the parallel batch: every file gets its
// configuration, rule set and deployment targets, and configuration errors stop the run
// (exit 2) before any file is read or written.
import Codemod
import Settings
import Project

/// The settings a group of files shares: one per distinct configuration and manifest.
struct FileSettings: Sendable {
    var engine: Engine
    var deploymentTargets: DeploymentTargets
    var swiftLanguageMode: Int?
    var ruleOptions: [String: ConfigValue]
    /// Rule id → the severity its findings are reported with (configuration, then flags).
    var severities: [String: Severity] = [:]
    /// Findings to hide (`--baseline`, or the configuration's `"baseline"`).
    var baseline: Baseline?
    /// `--write-baseline`: keep what the baseline records in each report.
    var recordsBaseline = false
}

/// One file to process and the index of its settings.
struct PlannedFile: Sendable {
    var path: String
    var settingsIndex: Int
}

/// Files with their settings, ready for the batch.
struct RunPlan {
    var files: [PlannedFile] = []
    var settings: [FileSettings] = []
    /// Files left out by configuration excludes.
    var excludedCount = 0
}

/// Builds a `RunPlan` from the selected files, the command line and the configuration.
struct RunPlanner {
    let options: RunOptions
    let rules: [any Rule]
    let loader: ConfigurationLoader
    let baselines = BaselineStore()
    /// The project model: deployment targets per module. Without it, per package or project.
    var model: ProjectModel?
    /// Where the engines add their rules' time (`--timings`).
    var timings: Timings?

    init(options: RunOptions, rules: [any Rule]) {
        self.options = options
        self.rules = rules
        self.loader = ConfigurationLoader(explicitPath: options.configPath)
    }

    /// Checks that every rule id named on the command line exists.
    static func validateRuleIDs(_ options: RunOptions, rules: [any Rule]) throws(UsageError) {
        let named = (options.onlyRules ?? []) + options.disabledRules
        try requireKnown(named, source: "the command line", rules: rules)
        try requireKnown(Array(options.severities.keys), source: "--severity", rules: rules, alsoAllowed: [Engine.unusedDisableRuleID])
    }

    /// Plans `paths`; throws a usage error for an invalid configuration or an unknown rule id in it.
    func plan(_ paths: [String]) throws(UsageError) -> RunPlan {
        var plan = RunPlan()
        // Configuration, manifest and target all depend on the directory only.
        var byDirectory: [String: (Configuration, Int)] = [:]
        var distinct: [(key: SettingsKey, index: Int)] = []
        // The files come directory by directory: the previous file's answer is compared
        // first, before a key is made and hashed.
        var previous: (directory: String, owners: [String], configuration: Configuration, settingsIndex: Int)?
        for path in paths {
            // Made absolute once, for every lookup below: each used to do it again, with a
            // system call for the working directory every time.
            let absolute = FilePath.absolute(path)
            // Xcode targets can split a directory: the modules are part of the key.
            let owners = model?.owners(ofFile: absolute) ?? []
            let directoryOfPath = FilePath.directory(of: path)
            let configuration: Configuration
            let settingsIndex: Int
            if let previous, previous.directory == directoryOfPath, previous.owners == owners {
                (configuration, settingsIndex) = (previous.configuration, previous.settingsIndex)
            } else {
                let directory = directoryOfPath + "\u{0}" + owners.joined(separator: "\u{0}")
                if let cached = byDirectory[directory] {
                    (configuration, settingsIndex) = cached
                } else {
                    configuration = try load(forFile: absolute)
                    let key = settingsKey(configuration, forFile: absolute)
                    if let known = distinct.first(where: { $0.key == key }) {
                        settingsIndex = known.index
                    } else {
                        settingsIndex = plan.settings.count
                        plan.settings.append(try settings(key))
                        distinct.append((key, settingsIndex))
                    }
                    byDirectory[directory] = (configuration, settingsIndex)
                }
            }
            previous = (directoryOfPath, owners, configuration, settingsIndex)
            if isExcluded(path, by: configuration) {
                plan.excludedCount += 1
                continue
            }
            plan.files.append(PlannedFile(path: path, settingsIndex: settingsIndex))
        }
        return plan
    }

    /// The settings for a file that is not on disk (standard input named by `--stdin-path`).
    func settings(forFile path: String) throws(UsageError) -> (FileSettings, excluded: Bool) {
        let configuration = try load(forFile: path)
        return (try settings(settingsKey(configuration, forFile: path)), isExcluded(path, by: configuration))
    }

    /// What makes two files' settings differ.
    private struct SettingsKey: Equatable {
        var configuration: Configuration
        var deploymentTargets: DeploymentTargets
        var swiftLanguageMode: Int?
    }

    private func settingsKey(_ configuration: Configuration, forFile path: String) -> SettingsKey {
        let package = PackageSettings.find(forFile: path, knownEntry: knownEntry)
        // Most specific wins, per platform: the file's module (else the manifest or the
        // Xcode project), then the configuration, then the flags.
        var versions = model.flatMap { ModuleIndexes.deploymentTargets(forFile: path, model: $0) }?.versions
            ?? (package?.deploymentTargets ?? PackageSettings.xcodeDeploymentTargets(forFile: path))?.versions ?? [:]
        versions.merge(configuration.deploymentTargets.versions) { _, new in new }
        versions.merge(options.minimumVersions) { _, new in new }
        return SettingsKey(configuration: configuration, deploymentTargets: DeploymentTargets(versions),
                           swiftLanguageMode: configuration.swiftLanguageMode
                               ?? model.flatMap { ModuleIndexes.swiftLanguageMode(forFile: path, package: package, model: $0) }
                               ?? package?.swiftLanguageMode(forFile: path))
    }

    /// What the directory listings the run read (the model's, kept from finding the files)
    /// say a directory holds: the upward searches for configuration files and manifests
    /// then pass over, without a system call, the directories known to hold none.
    private var knownEntry: ((String, String) -> Bool?)? {
        model.map { $0.fileSystem.knownEntry(_:in:) }
    }

    private func load(forFile path: String) throws(UsageError) -> Configuration {
        do {
            return try loader.configuration(forFile: path, knownEntry: knownEntry)
        } catch let error as ConfigurationError {
            throw UsageError("configuration error: \(error.description)")
        } catch {
            throw UsageError("configuration error: \(error)")
        }
    }

    private func settings(_ key: SettingsKey) throws(UsageError) -> FileSettings {
        let configuration = key.configuration
        let source = configuration.sourcePath ?? "the configuration"
        try RunPlanner.requireKnown(Array(configuration.enabledRules) + Array(configuration.disabledRules)
                                    + Array(configuration.onlyRules ?? []) + Array(configuration.ruleOptions.keys)
                                    + Array(configuration.suggestedFixRules), source: source, rules: rules)
        for (ruleID, values) in configuration.ruleOptions.sorted(by: { $0.key < $1.key }) {
            let allowed = rules.first { $0.id == ruleID }?.optionNames ?? []
            if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
                let known = allowed.isEmpty ? "`\(ruleID)` takes no options" : "allowed: \(allowed.joined(separator: ", "))"
                throw UsageError("configuration error: \(source): options.\(ruleID).\(unknown): unknown option; \(known)")
            }
        }
        try RunPlanner.requireKnown(Array(configuration.severities.keys), source: "\(source) (severity)", rules: rules,
                                    alsoAllowed: [Engine.unusedDisableRuleID])
        var active: Set<String>
        if let only = options.onlyRules {
            active = Set(only)
        } else if let only = configuration.onlyRules {
            active = only
        } else {
            active = Set(rules.filter(\.isEnabledByDefault).map(\.id)).union(configuration.enabledRules)
            active.subtract(configuration.disabledRules)
        }
        active.subtract(options.disabledRules)
        let engine = Engine(rules: rules.filter { active.contains($0.id) },
                            options: EngineOptions(applySuggestedFixes: options.unsafeFixes || configuration.unsafeFixesForAll,
                                                   suggestedFixRules: configuration.suggestedFixRules,
                                                   reportUnusedDisables: options.reportUnusedDisables,
                                                   ruleOptions: configuration.ruleOptions, timings: timings))
        // The engine hands each rule its own options as `context.options`.
        var settings = FileSettings(engine: engine, deploymentTargets: key.deploymentTargets,
                                    swiftLanguageMode: key.swiftLanguageMode, ruleOptions: [:],
                                    severities: configuration.severities.merging(options.severities) { _, flag in flag })
        // Writing a baseline records every finding, so none is hidden.
        if options.writeBaselinePath != nil {
            settings.recordsBaseline = true
        } else if let path = options.baselinePath ?? configuration.baselinePath {
            let baseline = try baselines.load(path)
            // An entry of a rule that does not exist would hide nothing, silently.
            try RunPlanner.requireKnown(baseline.ruleIDs, source: "the baseline \(path)", rules: rules,
                                        alsoAllowed: [Engine.unusedDisableRuleID])
            settings.baseline = baseline
        }
        return settings
    }

    private func isExcluded(_ path: String, by configuration: Configuration) -> Bool {
        configuration.isExcluded(path: path)
    }

    private static func requireKnown(_ ids: [String], source: String, rules: [any Rule],
                                     alsoAllowed: Set<String> = []) throws(UsageError) {
        let known = Set(rules.map(\.id)).union(alsoAllowed)
        let unknown = Set(ids).subtracting(known).sorted()
        guard !unknown.isEmpty else { return }
        let list = rules.map(\.id).sorted().joined(separator: ", ")
        throw UsageError("unknown rule id\(unknown.count == 1 ? "" : "s") in \(source): \(unknown.joined(separator: ", "))\n"
                         + "known rules: \(list.isEmpty ? "(none)" : list)")
    }
}
