// `list-rules` and `explain RULE`: what the rules are, from the rules themselves.
import Codemod

enum RuleCommands {
    /// `list-rules`: id, on/off by default, summary; or the same as JSON.
    static func list(_ rules: [any Rule], format: OutputFormat, console: Console) -> Int32 {
        let sorted = rules.sorted { $0.id < $1.id }
        if format == .json {
            let items: [JSONText] = sorted.map { rule in
                .object([
                    ("id", .string(rule.id)),
                    ("enabledByDefault", .bool(rule.isEnabledByDefault)),
                    ("summary", .string(rule.summary)),
                    ("platformNeeds", .array(rule.platformNeeds.map { need in
                        .object([("fix", .string(need.fix)), ("platforms", .object(Platform.allCases.compactMap { platform in
                            need.platforms[platform].map { (platform.rawValue, JSONText.string($0.description)) }
                        }))])
                    })),
                ])
            }
            console.write(JSONText.object([("version", .integer(1)), ("rules", .array(items))]).rendered())
            return ExitStatus.success
        }
        let width = sorted.map(\.id.count).max() ?? 0
        for rule in sorted {
            console.write("\(rule.id.padding(to: width))  \(rule.isEnabledByDefault ? "on " : "off")  \(rule.summary)\n")
        }
        if sorted.isEmpty { console.message("bodywork: no rules are registered") }
        return ExitStatus.success
    }

    /// `explain RULE`: the rule's documentation; exit 2 for an unknown id.
    static func explain(_ id: String, rules: [any Rule], console: Console) -> Int32 {
        guard let rule = rules.first(where: { $0.id == id }) else {
            let known = rules.map(\.id).sorted().joined(separator: ", ")
            console.message("bodywork: unknown rule id: \(id)\nknown rules: \(known.isEmpty ? "(none)" : known)")
            return ExitStatus.usageError
        }
        console.write(explanation(of: rule))
        return ExitStatus.success
    }

    /// What `explain` prints for `rule`: its summary, defaults, platform needs, how to
    /// suppress it and its documentation (also the page the language server links to when
    /// no RULES.md travels with the binary).
    static func explanation(of rule: any Rule) -> String {
        var text = "\(rule.id): \(rule.summary)\n\n"
        text += "Enabled by default: \(rule.isEnabledByDefault ? "yes" : "no")\n"
        for need in rule.platformNeeds { text += "Needs \(need.platformsText): \(need.fix)\n" }
        text += "Suppress with: // bodywork:disable:next \(rule.id)\n"
        if !rule.documentation.isEmpty { text += "\n" + rule.documentation + (rule.documentation.hasSuffix("\n") ? "" : "\n") }
        return text
    }
}
