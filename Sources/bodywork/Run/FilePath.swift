// The command line's views of a path: as the user wrote it (messages, diff headers), and
// absolute only to compare against git and configuration roots. The arithmetic is
// `ProjectPaths` (one meaning of "absolute": resolved textually against a directory).
import Project
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// How the command line shows, compares and resolves the paths it was given; built on
/// `ProjectPaths`, which the project model and the settings use too.
enum FilePath {
    /// The process's working directory, resolved through symlinks.
    static let currentDirectory: String = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return canonical(String(decoding: bytes, as: UTF8.self))
    }()

    /// `path` resolved through symlinks when it exists, else made absolute lexically.
    static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return normalized(absolute(path)) }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute against the working directory, without touching the disk:
    /// `ProjectPaths.absolute` with the directory looked up once.
    static func absolute(_ path: String) -> String {
        ProjectPaths.absolute(path, base: currentDirectory)
    }

    /// Removes `.` components, empty components and resolvable `..` components, and keeps
    /// a relative path relative (`ProjectPaths.normalize` is for absolute ones).
    static func normalized(_ path: String) -> String {
        // Most paths are normal already: checking their bytes is far cheaper than
        // splitting them into `Character`s and joining them again.
        if ProjectPaths.hasPlainComponents(path) || path == "/" { return path }
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", path.hasPrefix("/") { continue }
            parts.append(part)
        }
        // Joined by hand, as `String`s: the generic `joined(separator:)` (and `+=` of a
        // `Substring`) looked up its types at run time on first use, a tenth of a
        // millisecond of every run's start.
        var joined = ""
        for (number, part) in parts.enumerated() {
            if number > 0 { joined += "/" }
            joined += String(part)
        }
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` relative to the absolute directory `base`, or nil when it lies outside it.
    static func relative(_ absolutePath: String, to base: String) -> String? {
        if base == "/" { return String(absolutePath.dropFirst()) }
        if absolutePath == base { return "" }
        guard absolutePath.hasPrefix(base), absolutePath.utf8.dropFirst(base.utf8.count).first == UInt8(ascii: "/") else {
            return nil
        }
        return String(absolutePath.dropFirst(base.count + 1))
    }

    /// `directory/name`, written as the user would: no `./` in front, no doubled `/`.
    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." || directory.isEmpty { return name }
        return ProjectPaths.join(directory, name)
    }

    /// A path as shown to the user: a leading `./` dropped.
    static func display(_ path: String) -> String {
        var text = Substring(path)
        while text.hasPrefix("./") && text.count > 2 { text = text.dropFirst(2) }
        while text.hasPrefix("/") == false && text.hasSuffix("/") && text.count > 1 { text = text.dropLast() }
        return String(text)
    }

    /// `path` as printed in text and Xcode output: control characters (a tab, a
    /// newline, an escape) written as `\t`, `\n`, `\x1B`, so one finding stays one line
    /// and a name cannot drive the terminal.
    static func shown(_ path: String) -> String {
        guard path.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\\": text += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                text += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// The name a diff header gives `path`, so that `git apply` and `patch -p1` find
    /// the file: as given when it stays below the working directory (`./` and inner
    /// `..` resolved); a path that climbs out of it (`../x.swift`) relative to the top of
    /// the git work tree holding both, else absolute.
    static func inPatch(_ path: String) -> String {
        let lexical = normalized(path)
        if !lexical.hasPrefix("/") && lexical != ".." && !lexical.hasPrefix("../") { return lexical }
        let absolute = absolute(path)
        if let repository = patchRepository,
           let relative = relative(canonical(directory(of: absolute)) + "/" + fileName(absolute), to: repository.topLevel) {
            return relative
        }
        return absolute
    }

    /// The work tree around the working directory, looked up once, for `inPatch`.
    private static let patchRepository: GitRepository? = GitRepository.containing(currentDirectory)

    /// The last component.
    static func fileName(_ path: String) -> Substring {
        if ProjectPaths.hasPlainComponents(path) {
            guard let slash = ProjectPaths.lastSlash(path) else { return Substring(path) }
            return path[path.utf8.index(after: slash)...]
        }
        return path.split(separator: "/").last ?? Substring(path)
    }

    /// The directory part, `.` when there is none.
    static func directory(of path: String) -> String {
        ProjectPaths.directory(of: path)
    }
}
