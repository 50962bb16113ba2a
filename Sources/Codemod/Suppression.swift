// Suppression comments: the `// bodywork:…` directives of a file, read from the syntax tree,
// and the question the engine asks of every finding, "is it switched off for its rule?".
import SwiftCST

/// What a suppression comment does.
///
/// - `// bodywork:disable RULE…` switches rules off from its line until
///   `// bodywork:enable [RULE…]` or the end of the file.
/// - `// bodywork:disable:next RULE…` covers the next statement or declaration, whole
///   (everything inside it, over all its lines), and in any case the next line with code.
/// - `// bodywork:disable:this RULE…` covers its own line and the statement or declaration
///   that ends where the comment stands.
/// - `// bodywork:disable:previous RULE…` covers the statement or declaration just before
///   the comment, whole, and in any case the line of the last code before it.
/// - `// bodywork:disable-file [RULE…]` covers the whole file.
///
/// No rule ids means every rule. Ids are separated by spaces or commas; anything after a
/// `--` word is a free-text reason: `// bodywork:disable:next foreach-filter -- measured`.
enum SuppressionCommand: String, Sendable, CaseIterable {
    case disable
    case enable
    case disableNext = "disable:next"
    case disableThis = "disable:this"
    case disablePrevious = "disable:previous"
    case disableFile = "disable-file"
}

/// One `// bodywork:…` comment.
struct SuppressionDirective: Sendable, Hashable {
    /// Nil when the word after `bodywork:` is not a known command.
    var command: SuppressionCommand?
    /// The word after `bodywork:` as written.
    var commandText: String
    /// Empty means every rule.
    var ruleIDs: [String]
    var reason: String?
    /// The comment, `//` included, without the line break.
    var range: Range<Int>
    /// 0-based line of the comment.
    var line: Int
    /// For `disable:next`, the line of the next code it covers (nil when no code follows).
    var targetLine: Int?
    /// For `disable:next`, `disable:this` and `disable:previous`: the byte ranges covered
    /// (a whole line, and the statement or declaration named).
    var covered: [Range<Int>] = []

    /// How the directive reads in messages: `bodywork:disable:next a b`.
    func spelled(ruleIDs ids: [String]) -> String {
        (["bodywork:" + commandText] + ids).joined(separator: " ")
    }
}

/// The directives of one file, answering which of them switch a rule off at an offset.
struct SuppressionMap: Sendable {
    let directives: [SuppressionDirective]
    /// The offset at which each line starts (empty when the file has no directive).
    private let lineStarts: [Int]

    /// Identifies what a directive switched off: the directive's index and the rule id it
    /// named (nil for a directive that names no rule, i.e. covers all rules).
    struct Use: Hashable, Sendable {
        var directive: Int
        var ruleID: String?
    }

    private static let marker: [UInt8] = Array("bodywork:".utf8)

    /// Parses `bytes`; the engine passes the tree it already has to `init(tree:)`.
    init(bytes: [UInt8]) {
        self.init(tree: SyntaxTree.parse(bytes))
    }

    /// The directives among the line comments of `tree`'s trivia.
    init(tree: SyntaxTree) {
        let bytes = tree.bytes
        // Most files have no directive; skip the trivia walk for them.
        guard containsAny(bytes, of: ["bodywork:"]) else {
            directives = []
            lineStarts = []
            return
        }
        let starts = SuppressionMap.lineStarts(of: bytes)
        func line(of offset: Int) -> Int { SuppressionMap.line(of: offset, in: starts) }
        var found: [SuppressionDirective] = []
        for index in 0..<tree.tokens.count {
            let token = tree.token(at: index)
            for (trivia, isTrailing) in [(token.leadingTriviaRange, false), (token.trailingTriviaRange, true)]
            where !trivia.isEmpty && bytes[trivia].contains(UInt8(ascii: "/")) {
                for piece in Trivia.pieces(bytes, in: trivia) where piece.kind == .lineComment {
                    guard var directive = SuppressionMap.directive(in: bytes, comment: piece.range) else { continue }
                    directive.line = line(of: piece.range.lowerBound)
                    // The code around the comment: the token after it and the one before it.
                    let after: Token? = isTrailing ? token.next : token
                    let before: Token? = isTrailing ? token : token.previous
                    switch directive.command {
                    case .disableNext:
                        if let after, after.kind != .endOfFile {
                            directive.targetLine = line(of: after.textRange.lowerBound)
                            directive.covered = [SuppressionMap.lineRange(of: after.textRange.lowerBound, in: starts, count: bytes.count)]
                            if let node = SuppressionMap.outermostNode(startingAt: after) { directive.covered.append(node.trimmedRange) }
                        }
                    case .disableThis:
                        directive.covered = [SuppressionMap.lineRange(of: piece.range.lowerBound, in: starts, count: bytes.count)]
                        if isTrailing, let node = SuppressionMap.outermostNode(endingAt: token) { directive.covered.append(node.trimmedRange) }
                    case .disablePrevious:
                        if let before {
                            directive.covered = [SuppressionMap.lineRange(of: before.textRange.lowerBound, in: starts, count: bytes.count)]
                            if let node = SuppressionMap.outermostNode(endingAt: before) { directive.covered.append(node.trimmedRange) }
                        }
                    default:
                        break
                    }
                    found.append(directive)
                }
            }
        }
        directives = found
        lineStarts = starts
    }

    /// The 0-based line of `offset`.
    func line(of offset: Int) -> Int { SuppressionMap.line(of: offset, in: lineStarts) }

    /// Every directive that switches `ruleID` off at `offset`; empty when the finding
    /// stands. All covering directives are returned so that none of them is later
    /// reported as unused.
    func uses(suppressing ruleID: String, at offset: Int) -> [Use] {
        guard !directives.isEmpty else { return [] }
        var uses: [Use] = []
        for (index, directive) in directives.enumerated() {
            let covers: Bool
            switch directive.command {
            case .disableFile: covers = true
            case .disableNext, .disableThis, .disablePrevious:
                covers = directive.covered.contains { $0.contains(offset) }
            default: covers = false
            }
            guard covers else { continue }
            if directive.ruleIDs.isEmpty {
                uses.append(Use(directive: index, ruleID: nil))
            } else if directive.ruleIDs.contains(ruleID) {
                uses.append(Use(directive: index, ruleID: ruleID))
            }
        }
        if let ranged = rangedDisable(of: ruleID, at: line(of: offset)) { uses.append(ranged) }
        return uses
    }

    /// Replays `disable`/`enable` directives up to and including `line`.
    private func rangedDisable(of ruleID: String, at line: Int) -> Use? {
        var all: Int? = nil
        var allExceptions: Set<String> = []
        var byRule: Int? = nil
        for (index, directive) in directives.enumerated() {
            guard directive.line <= line else { break }
            switch directive.command {
            case .disable:
                if directive.ruleIDs.isEmpty {
                    all = index
                    allExceptions = []
                } else if directive.ruleIDs.contains(ruleID) {
                    byRule = index
                    allExceptions.remove(ruleID)
                }
            case .enable:
                if directive.ruleIDs.isEmpty {
                    all = nil
                    byRule = nil
                    allExceptions = []
                } else if directive.ruleIDs.contains(ruleID) {
                    byRule = nil
                    if all != nil { allExceptions.insert(ruleID) }
                }
            default:
                break
            }
        }
        if let byRule { return Use(directive: byRule, ruleID: ruleID) }
        if let all, !allExceptions.contains(ruleID) { return Use(directive: all, ruleID: nil) }
        return nil
    }

    // MARK: - Statements and lines

    /// The largest node that begins with `token` and lies inside the statement list holding
    /// it: the whole statement or declaration (attributes and modifier chains included).
    static func outermostNode(startingAt token: Token) -> Node? {
        var node: Node? = nil
        var current: Node? = token.parent
        while let candidate = current, candidate.kind != .sourceFile, candidate.firstTokenIndex == token.index {
            node = candidate
            current = candidate.parent
        }
        return node
    }

    /// The largest node that ends with `token`, inside the statement list holding it.
    static func outermostNode(endingAt token: Token) -> Node? {
        var node: Node? = nil
        var current: Node? = token.parent
        while let candidate = current, candidate.kind != .sourceFile, candidate.endTokenIndex == token.index + 1 {
            node = candidate
            current = candidate.parent
        }
        return node
    }

    /// Line starts; line breaks are `\n`, `\r\n` and a lone `\r`.
    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == ASCII.carriageReturn {
                i += i + 1 < bytes.count && bytes[i + 1] == ASCII.lineFeed ? 2 : 1
                starts.append(i)
            } else if bytes[i] == ASCII.lineFeed {
                i += 1
                starts.append(i)
            } else {
                i += 1
            }
        }
        return starts
    }

    private static func line(of offset: Int, in starts: [Int]) -> Int {
        guard !starts.isEmpty else { return 0 }
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// From the start of the line holding `offset` to the start of the next line.
    private static func lineRange(of offset: Int, in starts: [Int], count: Int) -> Range<Int> {
        let line = line(of: offset, in: starts)
        return starts[line]..<(line + 1 < starts.count ? starts[line + 1] : count + 1)
    }

    // MARK: - Reading one comment

    private static func directive(in bytes: [UInt8], comment: Range<Int>) -> SuppressionDirective? {
        var i = comment.lowerBound + 2
        let end = comment.upperBound
        // Doc comments (`///`) document things; they never switch rules off.
        if i < end && bytes[i] == ASCII.slash { return nil }
        while i < end && ASCII.isHorizontalSpace(bytes[i]) { i += 1 }
        guard end - i >= marker.count, bytes[i..<i + marker.count].elementsEqual(marker) else { return nil }
        i += marker.count

        var words: [String] = []
        var reasonStart: Int? = nil
        while i < end {
            while i < end && (ASCII.isHorizontalSpace(bytes[i]) || bytes[i] == ASCII.comma) { i += 1 }
            let start = i
            while i < end && !ASCII.isHorizontalSpace(bytes[i]) && bytes[i] != ASCII.comma { i += 1 }
            guard i > start else { break }
            let word = String(decoding: bytes[start..<i], as: UTF8.self)
            if word == "--" && !words.isEmpty {
                reasonStart = i
                break
            }
            words.append(word)
        }
        guard let commandText = words.first else { return nil }
        var reason: String? = nil
        if let reasonStart {
            let text = String(decoding: bytes[reasonStart..<end], as: UTF8.self)
            let trimmed = text.drop { $0 == " " || $0 == "\t" }
            reason = trimmed.isEmpty ? nil : String(trimmed)
        }
        return SuppressionDirective(command: SuppressionCommand(rawValue: commandText), commandText: commandText,
                                    ruleIDs: Array(words.dropFirst()), reason: reason, range: comment,
                                    line: 0, targetLine: nil)
    }
}
