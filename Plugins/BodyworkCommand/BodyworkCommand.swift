// `swift package bodywork [options]`: runs bodywork over the package (or the targets
// named with --target) from SwiftPM, and from Xcode's project menu where available.
import Foundation
import PackagePlugin

@main
struct BodyworkCommand: CommandPlugin {
    /// Runs the `bodywork` tool with the user's arguments and the sources of the chosen
    /// targets (all source targets when no `--target` is given). Writing needs
    /// `--allow-writing-to-package-directory`, which SwiftPM asks for when `--apply` is used.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let targets = try targetNames.isEmpty
            ? context.package.targets
            : context.package.targets(named: targetNames)
        let root = context.package.directory.string
        let paths = targets.compactMap { $0 as? SourceModuleTarget }.map { relative($0.directory.string, to: root) }
        try run(tool: context.tool(named: "bodywork").url, arguments: extractor.remainingArguments,
                paths: paths.isEmpty ? ["."] : paths, in: root)
    }

    /// Paths relative to the package, so that diff headers read `a/Sources/…` and the
    /// patch applies with `git apply` from the package's directory.
    private func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private func run(tool: URL, arguments: [String], paths: [String], in directory: String? = nil) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments + paths
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("bodywork exited with status \(process.terminationStatus)")
            return
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension BodyworkCommand: XcodeCommandPlugin {
    /// From Xcode: runs over the Swift files of the selected targets.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let files = context.xcodeProject.targets
            .filter { targetNames.isEmpty || targetNames.contains($0.displayName) }
            .flatMap { $0.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url.path) }
        try run(tool: context.tool(named: "bodywork").url, arguments: extractor.remainingArguments, paths: files)
    }
}
#endif
