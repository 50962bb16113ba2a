// Finding the nearest file of some kind in a directory or its ancestors (`.bodywork.json`,
// `Package.swift`, an Xcode project), with the answer cached for every directory passed.
import Foundation
import Project

/// `knownEntry` (whether a listing read earlier holds an entry of a name in a directory)
/// as the `absent` test of `UpwardSearch.nearest` for entries named `name`.
func absence(of name: String, _ knownEntry: ((String, String) -> Bool?)?) -> ((String) -> Bool)? {
    knownEntry.map { known in { directory in known(name, directory) == false } }
}

/// The nearest directory, from a starting one upward to the root, for which `probe`
/// finds something; every directory on the way remembers the answer. Thread-safe.
final class UpwardSearch<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var nearestByDirectory: [String: Value?] = [:]
    private let probe: @Sendable (String) -> Value?

    /// `probe` looks in one directory (absolute path) and returns what it found there.
    init(probe: @escaping @Sendable (String) -> Value?) {
        self.probe = probe
    }

    /// What the nearest directory at or above `directory` (absolute) holds, if any.
    /// `absent` says of a directory that it holds nothing to find (its listing, read
    /// earlier in the run, has no such entry): it is passed over without a probe.
    func nearest(from directory: String, absent: ((String) -> Bool)? = nil) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        var visited: [String] = []
        var current = directory
        var found: Value? = nil
        while true {
            if let cached = nearestByDirectory[current] {
                found = cached
                break
            }
            visited.append(current)
            if absent?(current) != true, let value = probe(current) {
                found = value
                break
            }
            let parent = ProjectPaths.directory(of: current)
            if parent == current { break }
            current = parent
        }
        for directory in visited { nearestByDirectory[directory] = .some(found) }
        return found
    }

    /// Forgets every answer, so that the next search probes the directories again.
    func forget() {
        lock.lock()
        defer { lock.unlock() }
        nearestByDirectory = [:]
    }
}
