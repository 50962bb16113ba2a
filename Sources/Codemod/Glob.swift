// Shell-style path patterns for excludes, shared by the configuration file's `exclude`
// and the command line's `--exclude`.

/// A path pattern: `*` and `?` match within one path component, `**` matches any number
/// of components (none included), `[abc]`, `[a-z]` and `[!x]` match one byte of a set.
///
/// A pattern without `/` matches any single component, at any depth
/// (`*.pb.swift`, `Generated`). A pattern with `/` matches from the base directory
/// (`Sources/Generated/**`, `/Vendor`). A pattern that matches a directory also matches
/// everything below it. Matching compares UTF-8 bytes, case-sensitively.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    private let segments: [[UInt8]]
    private let matchesAnyComponent: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.count > 1 && text.hasSuffix("/") { text = text.dropLast() }
        let anchored = text.hasPrefix("/")
        if anchored { text = text.dropFirst() }
        matchesAnyComponent = !anchored && !text.contains("/")
        segments = text.split(separator: "/").filter { $0 != "." }.map { Array($0.utf8) }
    }

    public var description: String { pattern }

    /// Whether `relativePath` (`/`-separated, relative to the pattern's base directory)
    /// or one of the directories above it matches.
    public func matches(_ relativePath: String) -> Bool {
        let components = relativePath.split(separator: "/").filter { $0 != "." }.map { Array($0.utf8) }
        guard !segments.isEmpty, !components.isEmpty else { return false }
        if matchesAnyComponent {
            let only = segments[0]
            if only == Glob.doubleStar { return true }
            return components.contains { Glob.match(only[...], $0[...]) }
        }
        for count in stride(from: components.count, through: 1, by: -1)
        where Glob.matchPath(segments[...], components[..<count]) {
            return true
        }
        return false
    }

    private static let doubleStar: [UInt8] = Array("**".utf8)

    private static func matchPath(_ pattern: ArraySlice<[UInt8]>, _ path: ArraySlice<[UInt8]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == doubleStar {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if matchPath(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let component = path.first, match(first[...], component[...]) else { return false }
        return matchPath(pattern.dropFirst(), path.dropFirst())
    }

    /// Matches one component against one segment, backtracking only to the last `*`.
    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        let star = UInt8(ascii: "*"), question = UInt8(ascii: "?"), bracket = UInt8(ascii: "[")
        var p = pattern.startIndex, t = text.startIndex
        var starP: Int? = nil, starT = t
        while t < text.endIndex {
            if p < pattern.endIndex {
                let byte = pattern[p]
                if byte == star {
                    while p < pattern.endIndex && pattern[p] == star { p += 1 }
                    starP = p
                    starT = t
                    continue
                }
                if byte == question { p += 1; t += 1; continue }
                if byte == bracket, let (inSet, end) = matchSet(pattern, at: p, byte: text[t]) {
                    if inSet { p = end; t += 1; continue }
                } else if byte == text[t] {
                    p += 1; t += 1; continue
                }
            }
            guard let resume = starP else { return false }
            p = resume
            starT += 1
            t = starT
        }
        while p < pattern.endIndex && pattern[p] == star { p += 1 }
        return p == pattern.endIndex
    }

    /// The set starting at `start` (`[abc]`, `[a-z]`, `[!x]`): whether `byte` is in it and
    /// where the set ends; nil when there is no closing `]` (then `[` is literal).
    private static func matchSet(_ pattern: ArraySlice<UInt8>, at start: Int, byte: UInt8) -> (Bool, Int)? {
        let close = UInt8(ascii: "]"), dash = UInt8(ascii: "-")
        var i = start + 1
        var negated = false
        if i < pattern.endIndex && (pattern[i] == UInt8(ascii: "!") || pattern[i] == UInt8(ascii: "^")) {
            negated = true
            i += 1
        }
        var inSet = false
        var first = true
        while i < pattern.endIndex && (first || pattern[i] != close) {
            first = false
            if i + 2 < pattern.endIndex && pattern[i + 1] == dash && pattern[i + 2] != close {
                if pattern[i] <= byte && byte <= pattern[i + 2] { inSet = true }
                i += 3
            } else {
                if pattern[i] == byte { inSet = true }
                i += 1
            }
        }
        guard i < pattern.endIndex else { return nil }
        return (inSet != negated, i + 1)
    }
}
