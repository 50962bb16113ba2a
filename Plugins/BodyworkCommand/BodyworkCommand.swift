// `swift package bodywork [options]`: runs bodywork over the package (or the targets
// named with --target) from SwiftPM, and from Xcode's project menu where available.
import PackagePlugin

@main
struct BodyworkCommand: CommandPlugin {
    /// Writing needs `--allow-writing-to-package-directory`, which SwiftPM asks for when
    /// `--apply` is used.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try BodyworkInvocation.run(context: context, arguments: arguments, leading: [])
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension BodyworkCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try BodyworkInvocation.run(context: context, arguments: arguments, leading: [])
    }
}
#endif
