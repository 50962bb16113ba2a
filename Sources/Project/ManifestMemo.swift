// Each manifest and Xcode project text is parsed once per process: the project model and
// the package settings both read the `Package.swift` of every package in a run and the
// `project.pbxproj` above a file no module's settings cover, and each parsed it.
import Foundation

extension PackageManifest {
    /// `read(bytes)`, remembered by the exact bytes: the same text always gives the same
    /// declarations, so an edited manifest is parsed again and an unchanged one is not.
    public static func readOnce(_ bytes: [UInt8]) -> PackageManifest {
        if let known = ManifestMemo.shared.manifest(for: bytes) { return known }
        let manifest = read(bytes)
        ManifestMemo.shared.keep(manifest, for: bytes)
        return manifest
    }
}

/// Parsed Xcode projects by their path, each with the bytes it was parsed from (compared
/// on a lookup, not hashed: most projects are read once). Thread-safe; emptied when full.
final class ProjectMemo: @unchecked Sendable {
    static let shared = ProjectMemo()
    private let capacity = 64
    private let lock = NSLock()
    private var projects: [String: (bytes: [UInt8], project: XcodeProject)] = [:]

    func project(at path: String, for bytes: [UInt8]) -> XcodeProject? {
        lock.withLock {
            guard let known = projects[path], known.bytes == bytes else { return nil }
            return known.project
        }
    }

    func keep(_ project: XcodeProject, at path: String, for bytes: [UInt8]) {
        lock.withLock {
            if projects.count >= capacity { projects = [:] }
            projects[path] = (bytes, project)
        }
    }
}

/// Parsed manifests by their bytes. Thread-safe; emptied when full, so that a long-lived
/// process (the language server) following edits keeps at most `capacity` of them.
private final class ManifestMemo: @unchecked Sendable {
    static let shared = ManifestMemo()
    private let capacity = 512
    private let lock = NSLock()
    private var manifests: [ManifestText: PackageManifest] = [:]

    func manifest(for bytes: [UInt8]) -> PackageManifest? {
        lock.withLock { manifests[ManifestText(bytes: bytes)] }
    }

    func keep(_ manifest: PackageManifest, for bytes: [UInt8]) {
        lock.withLock {
            if manifests.count >= capacity { manifests = [:] }
            manifests[ManifestText(bytes: bytes)] = manifest
        }
    }
}

/// A manifest's bytes as a key, hashed as one buffer: an array of bytes hashes them
/// one at a time, which cost more than a tenth of reading the manifest.
private struct ManifestText: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes.count)
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
