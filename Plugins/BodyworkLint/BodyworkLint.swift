// The build-tool plugin: lints a target's Swift files on every build, so findings show as
// warnings on their lines in Xcode and in `swift build`. It writes nothing but a stamp.
import Foundation
import PackagePlugin

@main
struct BodyworkLint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "swift").map(\.url)
        return try BodyworkLint.commands(tool: context.tool(named: "bodywork").url, files: files, name: target.name,
                                         workDirectory: context.pluginWorkDirectoryURL)
    }

    /// One build command: bodywork in lint mode with Xcode's line format, then a stamp.
    /// The stamp is a Swift file holding a comment: a generated source the target
    /// compiles, which is what makes the build run the command, again whenever an input
    /// changes. The inputs are the tool, the files and every `.bodywork.json` that applies
    /// to them (in their directories and above), so that a changed configuration lints again.
    static func commands(tool: URL, files: [URL], name: String, workDirectory: URL) -> [Command] {
        guard !files.isEmpty else { return [] }
        let stamp = workDirectory.appendingPathComponent("\(name)+bodywork-lint.swift")
        let script = "\"$0\" --lint --format xcode --quiet -- \"$@\"; "
            + "printf '// Linted by bodywork.\\n' > '\(stamp.path.replacingOccurrences(of: "'", with: "'\\''"))'"
        return [.buildCommand(displayName: "bodywork lint \(name)", executable: URL(fileURLWithPath: "/bin/sh"),
                              arguments: ["-c", script, tool.path] + files.map(\.path),
                              inputFiles: [tool] + files + configurations(for: files), outputFiles: [stamp])]
    }

    /// The `.bodywork.json` files in the files' directories and their ancestors: the
    /// configurations bodywork reads for them.
    static func configurations(for files: [URL]) -> [URL] {
        var directories = Set(files.map { $0.deletingLastPathComponent().standardizedFileURL.path })
        var seen: Set<String> = []
        while let directory = directories.popFirst() {
            guard seen.insert(directory).inserted else { continue }
            let parent = (directory as NSString).deletingLastPathComponent
            if parent != directory && !parent.isEmpty { directories.insert(parent) }
        }
        return seen.sorted().map { URL(fileURLWithPath: $0).appendingPathComponent(".bodywork.json") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension BodyworkLint: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        return BodyworkLint.commands(tool: try context.tool(named: "bodywork").url, files: files, name: target.displayName,
                                     workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
