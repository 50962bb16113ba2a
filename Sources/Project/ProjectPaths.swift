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
        // The working directory is asked for only when it is needed: most paths the model
        // is given are absolute already, and every query used to ask the system for it.
        if startsWithSlash(path) { return normalize(path) }
        return normalize((base ?? FileManager.default.currentDirectoryPath) + "/" + path)
    }

    /// `path.hasPrefix("/")`, read from the bytes when the one after the slash is ASCII (a
    /// combining mark there would make `/` part of another `Character`).
    private static func startsWithSlash(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        let second = bytes.index(after: bytes.startIndex)
        if second == bytes.endIndex || bytes[second] < 0x80 { return true }
        return path.hasPrefix("/")
    }

    /// `relative` resolved against the directory `base` (an absolute path).
    static func resolve(_ relative: String, against base: String) -> String {
        normalize(relative.hasPrefix("/") ? relative : base + "/" + relative)
    }

    static func normalize(_ path: String) -> String {
        // Nearly every path is normal already; checking its bytes costs far less than
        // splitting it into `Character`s and joining them again.
        if isNormal(path) { return path }
        // An ASCII path (nearly all that are not normal: `Packages/Env/../Models`) splits
        // at its bytes: each is a `Character`, and splitting by `Character` cost about
        // 40,000 instructions a path.
        if let ascii = path.utf8.withContiguousStorageIfAvailable(normalizeASCII), let ascii { return ascii }
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `normalize` of a path of ASCII bytes; nil for any other.
    private static func normalizeASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var parts: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count {
            guard index == bytes.count || bytes[index] == UInt8(ascii: "/") else {
                if bytes[index] >= 0x80 { return nil }
                continue
            }
            let part = start..<index
            start = index + 1
            switch part.count {
            case 0: continue
            case 1 where bytes[part.lowerBound] == UInt8(ascii: "."): continue
            case 2 where bytes[part.lowerBound] == UInt8(ascii: ".") && bytes[part.lowerBound + 1] == UInt8(ascii: "."):
                _ = parts.popLast()
            default: parts.append(part)
            }
        }
        var result: [UInt8] = [UInt8(ascii: "/")]
        result.reserveCapacity(bytes.count + 1)
        for (number, part) in parts.enumerated() {
            if number > 0 { result.append(UInt8(ascii: "/")) }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[part]))
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The position of the last `/` byte of `path`. A native string's bytes are read
    /// through a pointer: `utf8.lastIndex(of:)` steps back one index at a time, at about
    /// seven instructions a byte, and runs for every path of a run several times.
    public static func lastSlash(_ path: String) -> String.Index? {
        let offset = path.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var index = bytes.count
            while index > 0 {
                index &-= 1
                if bytes[index] == UInt8(ascii: "/") { return index }
            }
            return nil
        }
        guard let offset else { return path.utf8.lastIndex(of: UInt8(ascii: "/")) }
        return offset.map { path.utf8.index(path.utf8.startIndex, offsetBy: $0) }
    }

    /// The directory holding `path`; `/` for `/` itself.
    public static func directory(of path: String) -> String {
        let bytes = path.utf8
        if let slash = lastSlash(path), isSeparator(at: slash, in: bytes) {
            if slash == path.startIndex { return "/" }
            return String(path[..<slash])
        }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    static func lastComponent(_ path: String) -> String {
        let bytes = path.utf8
        guard let slash = lastSlash(path) else { return path }
        let next = bytes.index(after: slash)
        if next != bytes.endIndex, isSeparator(at: slash, in: bytes) { return String(path[next...]) }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether `normalize` would give `path` back unchanged: absolute, with no empty, `.`
    /// or `..` component and no trailing slash (`/` itself is normal).
    static func isNormal(_ path: String) -> Bool {
        guard path.utf8.first == UInt8(ascii: "/") else { return false }
        return path.utf8.count == 1 || hasPlainComponents(path)
    }

    /// Whether `path` (absolute or relative) is not empty and has no empty, `.` or `..`
    /// component and no trailing slash, every `/` being a `Character` of its own: then
    /// splitting it at `/` and joining the parts again gives back the same bytes, and a
    /// normalization has nothing to do.
    ///
    /// Read as bytes: a `/` with ASCII bytes (or nothing) on both sides stands alone, and
    /// anything else is left to the `Character`-based slow paths.
    public static func hasPlainComponents(_ path: String) -> Bool {
        // A native string's bytes are contiguous: read through a pointer, not the view.
        if let answer = path.utf8.withContiguousStorageIfAvailable(hasPlainComponents) { return answer }
        return Array(path.utf8).withUnsafeBufferPointer(hasPlainComponents)
    }

    private static func hasPlainComponents(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        var previous: UInt8 = 0
        // The length of the current component so far, and how many of its bytes are dots.
        var length = 0
        var dots = 0
        var index = 0
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while index < bytes.count {
            // Eight ASCII bytes at a time: those before the word's first `/` only lengthen
            // the component, and need no count of dots once it is longer than `..`.
            if index + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & highs == 0 {
                    let slashes = word ^ (ones &* UInt64(UInt8(ascii: "/")))
                    // The lowest byte flagged is the first `/` (a borrow flags only bytes above one).
                    let flagged = (slashes &- ones) & ~slashes & highs
                    let plain = flagged == 0 ? 8 : flagged.trailingZeroBitCount / 8
                    if plain > 0 && length + plain > 2 {
                        length += plain
                        previous = base[index + plain - 1]
                        index += plain
                        continue
                    }
                }
            }
            let byte = base[index]
            if byte == UInt8(ascii: "/") {
                if index > 0 && (length == 0 || dots == length && dots <= 2 || previous >= 0x80) { return false }
                length = 0
                dots = 0
            } else {
                if previous == UInt8(ascii: "/") && byte >= 0x80 { return false }
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            previous = byte
            index += 1
        }
        return length > 0 && !(dots == length && dots <= 2)
    }

    /// Whether the `/` byte at `index` is a `Character` of its own: a byte of a combining
    /// mark after it (or of a prepended mark before it) would make it part of another.
    /// ASCII neighbours are enough to be sure; anything else is left to `Character`s.
    private static func isSeparator(at index: String.UTF8View.Index, in bytes: String.UTF8View) -> Bool {
        if index != bytes.startIndex, bytes[bytes.index(before: index)] >= 0x80 { return false }
        let next = bytes.index(after: index)
        return next == bytes.endIndex || bytes[next] < 0x80
    }

    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : concatenate(directory, "/", name[...])
    }

    /// `first + second + third` in one allocation: `+` makes the first pair a new string
    /// and then grows it again for the third (paths are joined thousands of times a run).
    /// `third` is a slice, so that a path's last part is joined without a copy of its own
    /// (`name[...]` for a whole string).
    public static func concatenate(_ first: String, _ second: String, _ third: Substring) -> String {
        var result = String()
        result.reserveCapacity(first.utf8.count + second.utf8.count + third.utf8.count)
        result += first
        result += second
        result.append(contentsOf: third)
        return result
    }

    /// Whether a regular file (or a link to one) exists at `path`.
    public static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
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

    /// Directory names a source walk never enters: build output and dependency checkouts.
    static let skippedDirectoryNames: Set<String> = [".build", "DerivedData", "Pods", "Carthage", "node_modules"]

    /// Whether a directory named `name` is an Xcode bundle that holds no sources a target
    /// compiles (a project, a workspace, an asset catalog, whose image and color sets are
    /// a directory each, an Icon Composer icon, a localization's resources, one folder per
    /// language and target): walks pass over it.
    public static func isBundleWithoutSources(_ name: String) -> Bool {
        name.hasSuffix(".xcassets") || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
            || name.hasSuffix(".lproj") || name.hasSuffix(".icon")
    }

    /// The `.swift` files below `directory`, in the order the walk finds them (callers
    /// keep some and sort those: comparing paths as `String`s is most of the cost of
    /// sorting a large tree's files). Hidden and build directories, Xcode bundles, links
    /// to directories, and directories `stop` answers true for (such as nested packages)
    /// are not entered. Listings and types come from `fileSystem`.
    static func swiftFilesInWalkOrder(under directory: String, in fileSystem: FileSystemSnapshot,
                                      stop: (String) -> Bool = { _ in false }) -> [String] {
        var result: [String] = []
        var pending = [directory]
        var visited = Set<String>()
        while let current = pending.popLast() {
            guard visited.insert(current).inserted, visited.count < 200_000 else { continue }
            let step = fileSystem.walkStep(of: current)
            result += step.files
            for subdirectory in step.directories where !stop(subdirectory) { pending.append(subdirectory) }
        }
        return result
    }

    /// What a source walk takes from one directory, in name order: its `.swift` files
    /// (anything so named but a directory) and the directories it may enter.
    static func walkStep(of directory: String, in fileSystem: FileSystemSnapshot) -> WalkStep {
        var step = WalkStep()
        let children = fileSystem.children(of: directory)
        for (name, type) in children.entries {
            if name.hasPrefix(".") { continue }
            if name.hasSuffix(".swift") {
                if !fileSystem.isDirectory(entry: name, type: type, searchable: children.searchable, in: directory, follow: true) {
                    step.files.append(join(directory, name))
                }
                continue
            }
            // Only a directory, a link or an entry of unknown type may be entered (as
            // `isDirectory` without following links says): a regular file, most of what a
            // source folder holds besides Swift files, is passed over before the name tests.
            guard type == UInt8(DT_DIR) || type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN),
                  !skippedDirectoryNames.contains(name), !isBundleWithoutSources(name),
                  fileSystem.isDirectory(entry: name, type: type, searchable: children.searchable, in: directory, follow: false)
            else { continue }
            step.directories.append(join(directory, name))
        }
        return step
    }

    /// Whether a directory holds a manifest of a project the model reads (`Package.swift`,
    /// an `.xcodeproj`, an `.xcworkspace`).
    static func hasManifest(_ directory: String, in fileSystem: FileSystemSnapshot) -> Bool {
        if fileSystem.exists(entry: "Package.swift", in: directory) { return true }
        return fileSystem.entries(of: directory).contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }
}
