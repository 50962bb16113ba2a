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
        return Glob.matchesPrefix(segments, components)
    }

    private static let doubleStar: [UInt8] = Array("**".utf8)

    /// Whether `pattern` matches some leading run of `path` (one or more components), by
    /// running every pattern position at once over the components: linear in the product
    /// of their lengths, whatever number of `**` the pattern holds.
    private static func matchesPrefix(_ pattern: [[UInt8]], _ path: [[UInt8]]) -> Bool {
        // live[i]: the components consumed so far can be matched by pattern[..<i].
        var live = [Bool](repeating: false, count: pattern.count + 1)
        live[0] = true
        closeOverDoubleStars(&live, pattern)
        for component in path {
            var next = [Bool](repeating: false, count: pattern.count + 1)
            for i in 0..<pattern.count where live[i] {
                if pattern[i] == doubleStar {
                    next[i] = true
                } else if match(pattern[i][...], component[...]) {
                    next[i + 1] = true
                }
            }
            closeOverDoubleStars(&next, pattern)
            if next[pattern.count] { return true }
            guard next.contains(true) else { return false }
            live = next
        }
        return false
    }

    /// A `**` also matches no component at all: a live `**` makes the position after it live.
    private static func closeOverDoubleStars(_ live: inout [Bool], _ pattern: [[UInt8]]) {
        for i in 0..<pattern.count where live[i] && pattern[i] == doubleStar { live[i + 1] = true }
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
