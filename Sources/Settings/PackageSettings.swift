// What a file's package says about where the code runs and how it compiles: deployment
// targets and Swift language mode from `Package.swift` or an Xcode project.
import Codemod
import Foundation
import Project

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
        let packageDirectory = ProjectPaths.directory(of: ProjectPaths.absolute(manifestPath))
        if let relative = ProjectPaths.relative(ProjectPaths.absolute(path), to: packageDirectory) {
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
/// An answer is used only while the files it was read from keep their size and
/// modification time, so a long-lived process (the language server) follows an edited
/// manifest.
public enum PackageSettings {
    private static let manifests = UpwardSearch<Stamped<PackageInfo>> { directory in
        let path = ProjectPaths.join(directory, "Package.swift")
        guard ProjectPaths.isFile(path), let stamp = FileStamp(path),
              let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return Stamped(value: parse(manifest: Array(bytes), path: path), stamps: [stamp])
    }

    private static let xcodeProjects = UpwardSearch<Stamped<DeploymentTargets>> { directory in
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var targets = DeploymentTargets()
        var stamps: [FileStamp] = []
        for name in names.sorted() where name.hasSuffix(".xcodeproj") {
            let path = ProjectPaths.join(ProjectPaths.join(directory, name), "project.pbxproj")
            guard let stamp = FileStamp(path), let project = XcodeProject.read(path: ProjectPaths.join(directory, name)) else { continue }
            stamps.append(stamp)
            for (platform, version) in deploymentTargets(of: project).versions {
                targets.versions[platform] = min(version, targets.versions[platform] ?? version)
            }
        }
        return targets.versions.isEmpty ? nil : Stamped(value: targets, stamps: stamps)
    }

    /// The nearest `Package.swift` in the file's directory or above, read as text.
    /// `knownEntry` as `ConfigurationLoader.configuration(forFile:knownEntry:)` takes it.
    public static func find(forFile path: String, knownEntry: ((String, String) -> Bool?)? = nil) -> PackageInfo? {
        current(manifests, from: ProjectPaths.directory(of: ProjectPaths.absolute(path)), absent: absence(of: "Package.swift", knownEntry))
    }

    /// The deployment targets of the nearest Xcode project (`*.xcodeproj/project.pbxproj`)
    /// in the file's directory or above: the lowest value of each platform's setting
    /// across the project's build configurations. Nil when no project with such settings
    /// is found.
    public static func xcodeDeploymentTargets(forFile path: String) -> DeploymentTargets? {
        current(xcodeProjects, from: ProjectPaths.directory(of: ProjectPaths.absolute(path)))
    }

    /// Forgets every manifest and project read so far: one may have been added, removed
    /// or changed (an editor saved it).
    public static func forgetProjectFiles() {
        manifests.forget()
        xcodeProjects.forget()
    }

    /// The cached answer when the files it came from are unchanged; else everything is
    /// read again.
    private static func current<Value>(_ search: UpwardSearch<Stamped<Value>>, from directory: String,
                                       absent: ((String) -> Bool)? = nil) -> Value? {
        if let found = search.nearest(from: directory, absent: absent), !found.isCurrent {
            search.forget()
        }
        return search.nearest(from: directory, absent: absent)?.value
    }

    // MARK: - Reading a manifest

    /// Reads a manifest with the project model's reader (`PackageManifest`): the
    /// tools-version line, `platforms:`, `swiftLanguageModes:`/`swiftLanguageVersions:`
    /// and per-target `.swiftLanguageMode(...)` settings. Commented-out code is ignored;
    /// anything not understood is skipped.
    public static func parse(manifest bytes: [UInt8], path: String) -> PackageInfo {
        let manifest = PackageManifest.readOnce(bytes)
        var targets = DeploymentTargets()
        for (name, text) in manifest.platforms {
            guard let platform = Platform(rawValue: name), let version = Version(text) else { continue }
            targets.versions[platform] = min(version, targets.versions[platform] ?? version)
        }
        var targetModes: [String: Int] = [:]
        for target in manifest.targets {
            if let mode = target.languageMode { targetModes[target.name] = mode }
        }
        return PackageInfo(manifestPath: path, toolsVersion: manifest.toolsVersion.flatMap(Version.init),
                           deploymentTargets: targets, declaredLanguageModes: manifest.languageModes,
                           targetLanguageModes: targetModes)
    }

    // MARK: - Reading an Xcode project

    /// The lowest deployment target of each platform over the project's targets, as the
    /// project model reads them (each target's setting, else its project's).
    public static func deploymentTargets(of project: XcodeProject) -> DeploymentTargets {
        var targets = DeploymentTargets()
        for target in project.targets {
            for (name, text) in target.deploymentTargets {
                guard let platform = Platform(rawValue: name), let version = Version(text) else { continue }
                targets.versions[platform] = min(version, targets.versions[platform] ?? version)
            }
        }
        return targets
    }
}

/// A file as it was when read: a different size or modification time means it changed.
private struct FileStamp: Sendable, Equatable {
    var path: String
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    /// One `stat` call: checked for every file of a run, where asking FileManager for a
    /// file's attributes also looked up its owner's and group's names.
    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = info.st_mtimespec
        #else
        let modified = info.st_mtim
        #endif
        self.path = path
        size = Int(info.st_size)
        seconds = Int(modified.tv_sec)
        nanoseconds = Int(modified.tv_nsec)
    }
}

/// What was read from some files, with their stamps.
private struct Stamped<Value: Sendable>: Sendable {
    var value: Value
    var stamps: [FileStamp]

    /// Whether every file still has the stamp it had when read.
    var isCurrent: Bool { stamps.allSatisfy { FileStamp($0.path) == $0 } }
}
