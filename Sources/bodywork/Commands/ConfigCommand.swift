// `bodywork config [PATH]`: the configuration that applies to a path, after inheritance,
// as JSON, with the files it came from, so "why is this rule off here?" has an answer.
import Codemod
import Settings

enum ConfigCommand {
    static func run(path: String, configPath: String?, console: Console) -> Int32 {
        let loader = ConfigurationLoader(explicitPath: configPath)
        // A directory stands for a file inside it.
        let probe = FileKind.of(path) == .directory ? FilePath.join(path, "File.swift") : path
        let configuration: Configuration
        do {
            configuration = try loader.configuration(forFile: probe)
        } catch {
            console.message("bodywork: configuration error: \(error)")
            return ExitStatus.usageError
        }
        let files = (configuration.sourcePath.map { [$0] } ?? []) + configuration.inheritedPaths
        var members: [(String, JSONText)] = [
            ("path", .string(path)),
            ("files", .array(files.map { .string($0) })),
            ("rules", .object([
                ("enable", strings(configuration.enabledRules)),
                ("disable", strings(configuration.disabledRules)),
                ("only", configuration.onlyRules.map(strings) ?? .null),
            ])),
            ("options", .object(configuration.ruleOptions.keys.sorted().map { rule in
                (rule, value(.object(configuration.ruleOptions[rule]!)))
            })),
            ("unsafeFixes", configuration.unsafeFixesForAll ? .bool(true) : strings(configuration.suggestedFixRules)),
            ("exclude", .array(configuration.excludes.map { exclude(pattern: $0, base: configuration.baseDirectory) }
                               + configuration.inheritedExcludes.map { exclude(pattern: $0.pattern, base: $0.baseDirectory) })),
            ("deploymentTarget", .object(Platform.allCases.compactMap { platform in
                configuration.deploymentTargets.versions[platform].map { (platform.rawValue, .string($0.description)) }
            })),
            ("swiftLanguageMode", configuration.swiftLanguageMode.map { .integer($0) } ?? .null),
            ("severity", .object(configuration.severities.keys.sorted().map { ($0, .string(configuration.severities[$0]!.rawValue)) })),
        ]
        members.append(("baseline", configuration.baselinePath.map { .string($0) } ?? .null))
        console.write(JSONText.object(members).rendered())
        return ExitStatus.success
    }

    private static func strings(_ set: Set<String>) -> JSONText {
        .array(set.sorted().map { .string($0) })
    }

    private static func exclude(pattern: String, base: String) -> JSONText {
        .object([("pattern", .string(pattern)), ("relativeTo", .string(base))])
    }

    private static func value(_ value: ConfigValue) -> JSONText {
        switch value {
        case .bool(let flag): return .bool(flag)
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? .integer(Int(number)) : .number(number)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(Self.value))
        case .object(let object): return .object(object.keys.sorted().map { ($0, Self.value(object[$0]!)) })
        case .null: return .null
        }
    }
}
