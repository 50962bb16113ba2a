// Path arithmetic and directory walks for the project model: `/`-separated absolute
// strings, resolved textually so that the same file always has the same key.
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Absolute paths as strings, and the file-system questions the model asks.
public enum ProjectPaths {
    /// `path` made absolute against `base` (or the current directory), with `.`, `..`
    /// and repeated slashes resolved textually (symbolic links are left alone).
    public static func absolute(_ path: String, base: String? = nil) -> String {
        let start = base ?? FileManager.default.currentDirectoryPath
        return normalize(path.hasPrefix("/") ? path : start + "/" + path)
    }

    /// `relative` resolved against the directory `base` (an absolute path).
    static func resolve(_ relative: String, against base: String) -> String {
        normalize(relative.hasPrefix("/") ? relative : base + "/" + relative)
    }

    static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The directory holding `path`; `/` for `/` itself.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// `path` relative to the directory `base` when it lies below it; nil otherwise.
    public static func relative(_ path: String, to base: String) -> String? {
        if base == "/" { return String(path.dropFirst()) }
        guard path.hasPrefix(base) else { return nil }
        let rest = path.dropFirst(base.count)
        if rest.isEmpty { return "" }
        guard rest.hasPrefix("/") else { return nil }
        return String(rest.dropFirst())
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether `path` is a directory itself, not a symbolic link to one: walks never
    /// follow links to directories (as file selection does not), so a link cycle ends.
    static func isOwnDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    static func entries(of directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// Directory names a source walk never enters: build output and dependency checkouts.
    static let skippedDirectoryNames: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// The `.swift` files below `directory`, sorted. Hidden and build directories, Xcode
    /// bundles, links to directories, and directories `stop` answers true for (such as
    /// nested packages) are not entered.
    static func swiftFiles(under directory: String, stop: (String) -> Bool = { _ in false }) -> [String] {
        var result: [String] = []
        var pending = [directory]
        var visited = Set<String>()
        while let current = pending.popLast() {
            guard visited.insert(current).inserted, visited.count < 200_000 else { continue }
            for name in entries(of: current) {
                let path = join(current, name)
                if name.hasPrefix(".") { continue }
                if name.hasSuffix(".swift") {
                    if !isDirectory(path) { result.append(path) }
                    continue
                }
                guard !skippedDirectoryNames.contains(name), !name.hasSuffix(".xcodeproj"), !name.hasSuffix(".xcworkspace"),
                      isOwnDirectory(path), !stop(path) else { continue }
                pending.append(path)
            }
        }
        return result.sorted()
    }

    /// Whether a directory holds a manifest of a project the model reads (`Package.swift`,
    /// an `.xcodeproj`, an `.xcworkspace`) or a `.git`: the root of a project.
    static func isProjectRoot(_ directory: String) -> Bool {
        hasManifest(directory) || exists(join(directory, ".git"))
    }

    static func hasManifest(_ directory: String) -> Bool {
        if exists(join(directory, "Package.swift")) { return true }
        return entries(of: directory).contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }
}
