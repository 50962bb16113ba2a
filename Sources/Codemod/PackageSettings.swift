// What a file's package says about where the code runs and how it compiles: deployment
// targets and Swift language mode from `Package.swift` or an Xcode project, read as text.
import Foundation
import SwiftCST

/// The settings of one `Package.swift` that change which fixes are safe.
public struct PackageInfo: Sendable, Equatable {
    /// The manifest the settings were read from.
    public var manifestPath: String
    /// From the `// swift-tools-version:` line; nil when the line is missing or unreadable.
    public var toolsVersion: Version?
    /// From `platforms: [...]`; platforms the manifest does not list are absent.
    public var deploymentTargets: DeploymentTargets
    /// Major language modes listed in `swiftLanguageModes:` (or the older
    /// `swiftLanguageVersions:`), in the order written; empty when there is no such list.
    public var declaredLanguageModes: [Int]
    /// Target name → language mode set in its `swiftSettings` with
    /// `.swiftLanguageMode(.v5)` (or `.swiftLanguageVersion`).
    public var targetLanguageModes: [String: Int]

    public init(manifestPath: String, toolsVersion: Version?, deploymentTargets: DeploymentTargets,
                declaredLanguageModes: [Int], targetLanguageModes: [String: Int] = [:]) {
        self.manifestPath = manifestPath
        self.toolsVersion = toolsVersion
        self.deploymentTargets = deploymentTargets
        self.declaredLanguageModes = declaredLanguageModes
        self.targetLanguageModes = targetLanguageModes
    }

    /// The package's language mode: with tools version 6 or later, the newest mode the
    /// manifest lists (SwiftPM builds with the newest one it supports), or 6 when it lists
    /// none; with older tools versions (or none), 5.
    public var swiftLanguageMode: Int {
        guard let toolsVersion, toolsVersion >= Version(6) else { return 5 }
        return declaredLanguageModes.max() ?? 6
    }

    /// The language mode of the file at `path`: its target's own setting when the file
    /// lies in `Sources/<target>/`, `Tests/<target>/` or `Plugins/<target>/` and that
    /// target sets one, else the package's.
    public func swiftLanguageMode(forFile path: String) -> Int {
        let packageDirectory = FilePaths.directory(of: FilePaths.absolute(manifestPath))
        if let relative = FilePaths.relative(FilePaths.absolute(path), to: packageDirectory) {
            let components = relative.split(separator: "/")
            if components.count > 2, ["Sources", "Tests", "Plugins"].contains(components[0]),
               let mode = targetLanguageModes[String(components[1])] {
                return mode
            }
        }
        return swiftLanguageMode
    }
}

/// Reads package and project settings near a file, caching the answer per directory.
public enum PackageSettings {
    private static let manifests = UpwardSearch<PackageInfo> { directory in
        let path = FilePaths.join(directory, "Package.swift")
        guard FilePaths.isFile(path), let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return parse(manifest: Array(bytes), path: path)
    }

    private static let xcodeProjects = UpwardSearch<DeploymentTargets> { directory in
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var targets = DeploymentTargets()
        for name in names.sorted() where name.hasSuffix(".xcodeproj") {
            let path = FilePaths.join(FilePaths.join(directory, name), "project.pbxproj")
            guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else { continue }
            for (platform, version) in parse(xcodeProject: Array(bytes)).versions {
                targets.versions[platform] = min(version, targets.versions[platform] ?? version)
            }
        }
        return targets.versions.isEmpty ? nil : targets
    }

    /// The nearest `Package.swift` in the file's directory or above, read as text.
    public static func find(forFile path: String) -> PackageInfo? {
        manifests.nearest(from: FilePaths.directory(of: FilePaths.absolute(path)))
    }

    /// The deployment targets of the nearest Xcode project (`*.xcodeproj/project.pbxproj`)
    /// in the file's directory or above: the lowest value of each platform's setting
    /// across the project's build configurations. Nil when no project with such settings
    /// is found.
    public static func xcodeDeploymentTargets(forFile path: String) -> DeploymentTargets? {
        xcodeProjects.nearest(from: FilePaths.directory(of: FilePaths.absolute(path)))
    }

    // MARK: - Reading a manifest

    /// Reads a manifest's text tolerantly: the tools-version line, `platforms:`,
    /// `swiftLanguageModes:`/`swiftLanguageVersions:` and per-target
    /// `.swiftLanguageMode(...)` settings. Commented-out code is ignored; anything not
    /// understood is skipped.
    public static func parse(manifest bytes: [UInt8], path: String) -> PackageInfo {
        let toolsVersion = readToolsVersion(bytes)
        let code = String(decoding: blankingComments(bytes), as: UTF8.self)
        var targets = DeploymentTargets()
        if let list = bracketedList(after: "platforms", in: code) {
            for (name, argument) in calls(in: list) {
                guard let platform = Platform.allCases.first(where: { $0.rawValue == name }),
                      let version = manifestVersion(argument) else { continue }
                targets.versions[platform] = min(version, targets.versions[platform] ?? version)
            }
        }
        var modes: [Int] = []
        if let list = bracketedList(after: "swiftLanguageModes", in: code)
            ?? bracketedList(after: "swiftLanguageVersions", in: code) {
            modes = languageModes(in: list)
        }
        return PackageInfo(manifestPath: path, toolsVersion: toolsVersion, deploymentTargets: targets,
                           declaredLanguageModes: modes, targetLanguageModes: targetModes(in: code))
    }

    /// `// swift-tools-version:6.0`, `// swift-tools-version: 5.9`, `5.9.0;(…)`.
    private static func readToolsVersion(_ bytes: [UInt8]) -> Version? {
        let firstLine = String(decoding: bytes.prefix { $0 != ASCII.lineFeed && $0 != ASCII.carriageReturn }, as: UTF8.self)
        guard let marker = firstLine.range(of: "swift-tools-version", options: .caseInsensitive) else { return nil }
        var rest = firstLine[marker.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        return Version(String(rest.prefix { $0.isNumber || $0 == "." }))
    }

    /// The bytes with every comment replaced by spaces (line breaks kept), the comments
    /// found by the Swift lexer.
    private static func blankingComments(_ bytes: [UInt8]) -> [UInt8] {
        let tree = SyntaxTree.parse(bytes)
        var result = bytes
        for comment in tree.comments(overlapping: 0..<bytes.count) {
            for i in comment.range where result[i] != ASCII.lineFeed && result[i] != ASCII.carriageReturn { result[i] = ASCII.space }
        }
        return result
    }

    /// The text between the brackets of `label: [ … ]` (first occurrence, brackets
    /// balanced), or nil.
    private static func bracketedList(after label: String, in code: String) -> Substring? {
        var searchStart = code.startIndex
        while let found = code.range(of: label, range: searchStart..<code.endIndex) {
            searchStart = found.upperBound
            var i = found.upperBound
            func skipSpace() { while i < code.endIndex && code[i].isWhitespace { i = code.index(after: i) } }
            skipSpace()
            guard i < code.endIndex, code[i] == ":" else { continue }
            i = code.index(after: i)
            skipSpace()
            guard i < code.endIndex, code[i] == "[" else { continue }
            let open = code.index(after: i)
            var depth = 1
            var j = open
            while j < code.endIndex {
                if code[j] == "[" { depth += 1 } else if code[j] == "]" {
                    depth -= 1
                    if depth == 0 { return code[open..<j] }
                }
                j = code.index(after: j)
            }
            return code[open...]
        }
        return nil
    }

    /// `.name(argument)` pairs in a list, arguments with their parentheses balanced.
    private static func calls(in list: Substring) -> [(String, Substring)] {
        var result: [(String, Substring)] = []
        var i = list.startIndex
        while i < list.endIndex {
            guard list[i] == "." else { i = list.index(after: i); continue }
            let nameStart = list.index(after: i)
            var j = nameStart
            while j < list.endIndex && (list[j].isLetter || list[j].isNumber || list[j] == "_") { j = list.index(after: j) }
            let name = list[nameStart..<j]
            guard !name.isEmpty, j < list.endIndex, list[j] == "(" else { i = j > i ? j : list.index(after: i); continue }
            let argumentStart = list.index(after: j)
            var depth = 1
            var k = argumentStart
            while k < list.endIndex {
                if list[k] == "(" { depth += 1 } else if list[k] == ")" { depth -= 1; if depth == 0 { break } }
                k = list.index(after: k)
            }
            result.append((String(name), list[argumentStart..<k]))
            i = k < list.endIndex ? list.index(after: k) : k
        }
        return result
    }

    /// `.v15`, `.v10_15`, `.v15_4`, `"15.4"` → a version.
    private static func manifestVersion(_ argument: Substring) -> Version? {
        let text = argument.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasPrefix("\"") {
            return Version(text.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        guard text.hasPrefix(".v") else { return nil }
        return Version(text.dropFirst(2).replacingOccurrences(of: "_", with: "."))
    }

    /// Major modes in `[.v5, .v6, .v4_2, .version("6")]`.
    private static func languageModes(in list: Substring) -> [Int] {
        var modes: [Int] = []
        for item in list.split(separator: ",") {
            let text = item.trimmingCharacters(in: .whitespacesAndNewlines)
            var digits: Substring = ""
            if text.hasPrefix(".version(") {
                digits = text.dropFirst(".version(".count).drop { $0 == "\"" || $0 == " " }.prefix { $0.isNumber }
            } else if text.hasPrefix(".v") {
                digits = text.dropFirst(2).prefix { $0.isNumber }
            }
            if let mode = Int(digits) { modes.append(mode) }
        }
        return modes
    }

    /// Target name → mode from `.swiftLanguageMode(.v5)` / `.swiftLanguageVersion(.v5)`
    /// inside a target declaration: the nearest `name: "…"` before the setting.
    private static func targetModes(in code: String) -> [String: Int] {
        var result: [String: Int] = [:]
        for marker in [".swiftLanguageMode(", ".swiftLanguageVersion("] {
            var searchStart = code.startIndex
            while let found = code.range(of: marker, range: searchStart..<code.endIndex) {
                searchStart = found.upperBound
                let argument = code[found.upperBound...].prefix { $0 != ")" }
                guard let mode = languageModes(in: argument).first,
                      let nameLabel = code.range(of: "name:", options: .backwards, range: code.startIndex..<found.lowerBound)
                else { continue }
                let afterLabel = code[nameLabel.upperBound...].drop { $0.isWhitespace }
                guard afterLabel.first == "\"" else { continue }
                let name = afterLabel.dropFirst().prefix { $0 != "\"" }
                result[String(name)] = mode
            }
        }
        return result
    }

    // MARK: - Reading an Xcode project

    private static let xcodeSettings: [(String, Platform)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", .iOS), ("MACOSX_DEPLOYMENT_TARGET", .macOS),
        ("TVOS_DEPLOYMENT_TARGET", .tvOS), ("WATCHOS_DEPLOYMENT_TARGET", .watchOS),
        ("XROS_DEPLOYMENT_TARGET", .visionOS),
    ]

    /// The lowest `IPHONEOS_DEPLOYMENT_TARGET = 15.0;` (and the other platforms' settings)
    /// in a `project.pbxproj`'s text.
    public static func parse(xcodeProject bytes: [UInt8]) -> DeploymentTargets {
        // A byte scan: project files run to megabytes, and Foundation's string search
        // over them cost more than parsing all the Swift of a typical app.
        var targets = DeploymentTargets()
        for (setting, platform) in xcodeSettings {
            let needle = Array(setting.utf8)
            guard let first = needle.first else { continue }
            var i = 0
            while i + needle.count <= bytes.count {
                guard bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) else { i += 1; continue }
                i += needle.count
                var j = i
                while j < bytes.count && (bytes[j] == 32 || bytes[j] == 9) { j += 1 }
                guard j < bytes.count, bytes[j] == UInt8(ascii: "=") else { continue }
                j += 1
                while j < bytes.count && (bytes[j] == 32 || bytes[j] == 9 || bytes[j] == UInt8(ascii: "\"")) { j += 1 }
                var end = j
                while end < bytes.count && ((bytes[end] >= 48 && bytes[end] <= 57) || bytes[end] == UInt8(ascii: ".")) { end += 1 }
                guard let version = Version(String(decoding: bytes[j..<end], as: UTF8.self)) else { continue }
                targets.versions[platform] = min(version, targets.versions[platform] ?? version)
            }
        }
        return targets
    }
}
