// How the command plugins run bodywork: over the package's source targets (or those named
// with --target) from SwiftPM, or over an Xcode project's targets. Linked into each
// command plugin's folder, since plugins cannot share a library.
import Foundation
import PackagePlugin

enum BodyworkInvocation {
    /// Runs the `bodywork` tool with `leading` options, the user's arguments and the
    /// chosen targets' directories, from the package's directory so that diff headers
    /// read `a/Sources/…` and a patch applies from there. bodywork's own output passes
    /// through: reports on standard output, messages and the summary on standard error.
    static func run(context: PluginContext, arguments: [String], leading: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let targets = try targetNames.isEmpty
            ? context.package.targets
            : context.package.targets(named: targetNames)
        let root = context.package.directoryURL.path
        let paths = targets.compactMap { $0 as? SourceModuleTarget }.compactMap { target in
            commonDirectory(of: target.sourceFiles(withSuffix: "swift").map(\.url.path)).map { relative($0, to: root) }
        }
        try execute(tool: context.tool(named: "bodywork").url, arguments: leading + extractor.remainingArguments,
                    paths: paths.isEmpty ? ["."] : paths, in: root)
    }

    /// The deepest directory holding all `files` (a target's directory, asked this way
    /// because `Target.directoryURL` needs tools 6.1 and `directory` is deprecated); nil
    /// for none.
    static func commonDirectory(of files: [String]) -> String? {
        guard var common = files.first.map({ Array($0.split(separator: "/").dropLast()) }) else { return nil }
        for file in files.dropFirst() {
            let parts = file.split(separator: "/").dropLast()
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }

    /// Paths relative to the package directory.
    static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// bodywork's standard error (messages, the summary) is printed after its report, so
    /// that `--apply` says what it changed. When the report is a document on standard
    /// output (`--format json`, `sarif`, …), the messages are remarks instead (shown with
    /// `-v`): SwiftPM prints a plugin's own output on its standard output, where they
    /// would break the document.
    static func execute(tool: URL, arguments: [String], paths: [String], in directory: String? = nil) throws {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments + ["--"] + paths
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let messages = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if printsDocument(arguments) {
            for line in String(decoding: messages, as: UTF8.self).split(separator: "\n") where !line.isEmpty {
                Diagnostics.remark(String(line))
            }
        } else {
            FileHandle.standardError.write(messages)
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("bodywork exited with status \(process.terminationStatus)")
            return
        }
    }

    /// Whether bodywork's standard output is a whole document: a `--format` other than the
    /// line formats, not sent to a file with `-o`/`--output`.
    static func printsDocument(_ arguments: [String]) -> Bool {
        var format = "text", toFile = false
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument == "--format", index + 1 < arguments.count { format = arguments[index + 1] }
            if argument.hasPrefix("--format=") { format = String(argument.dropFirst("--format=".count)) }
            if argument == "-o" || argument == "--output" || argument.hasPrefix("--output=") { toFile = true }
        }
        return !toFile && !["text", "xcode", "github"].contains(format)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension BodyworkInvocation {
    /// From Xcode: runs over the Swift files of the selected targets.
    static func run(context: XcodePluginContext, arguments: [String], leading: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = Set(extractor.extractOption(named: "target"))
        let files = context.xcodeProject.targets
            .filter { targetNames.isEmpty || targetNames.contains($0.displayName) }
            .flatMap { $0.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url.path) }
        try execute(tool: context.tool(named: "bodywork").url, arguments: leading + extractor.remainingArguments,
                    paths: files)
    }
}
#endif
