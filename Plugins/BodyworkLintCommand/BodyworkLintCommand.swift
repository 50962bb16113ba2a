// `swift package bodywork-lint [options]`: findings only, so SwiftPM asks for no write
// permission; options that would write are refused.
import PackagePlugin

@main
struct BodyworkLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try BodyworkLintCommand.refuseWrites(arguments)
        try BodyworkInvocation.run(context: context, arguments: arguments, leading: ["--lint"])
    }

    static func refuseWrites(_ arguments: [String]) throws {
        let writing: Set<String> = ["--apply", "--fix", "-i", "--interactive", "--verify", "--commit"]
        if let option = arguments.first(where: { writing.contains($0) || $0.hasPrefix("--verify=") }) {
            throw LintOnly(option: option)
        }
    }

    struct LintOnly: Error, CustomStringConvertible {
        var option: String
        var description: String { "bodywork-lint only reports; use `swift package bodywork \(option)` to write fixes" }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension BodyworkLintCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try BodyworkLintCommand.refuseWrites(arguments)
        try BodyworkInvocation.run(context: context, arguments: arguments, leading: ["--lint"])
    }
}
#endif
