// Suppression comments: the `// bodywork:…` directives of a file and the question the
// engine asks of every finding, "is its line switched off for its rule?".

/// What a suppression comment does.
///
/// - `// bodywork:disable RULE…` switches rules off from its line until
///   `// bodywork:enable [RULE…]` or the end of the file.
/// - `// bodywork:disable:next RULE…` covers the next line that holds code.
/// - `// bodywork:disable:this RULE…` covers the comment's own line.
/// - `// bodywork:disable-file [RULE…]` covers the whole file.
///
/// No rule ids means every rule. Ids are separated by spaces or commas; anything after a
/// `--` word is a free-text reason: `// bodywork:disable:next foreach-filter -- measured`.
enum SuppressionCommand: String, Sendable, CaseIterable {
    case disable
    case enable
    case disableNext = "disable:next"
    case disableThis = "disable:this"
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
    /// For `disable:next`, the line it covers (nil when no code follows).
    var targetLine: Int?

    /// How the directive reads in messages: `bodywork:disable:next a b`.
    func spelled(ruleIDs ids: [String]) -> String {
        (["bodywork:" + commandText] + ids).joined(separator: " ")
    }
}

/// The directives of one file, answering which of them switch a rule off at a line.
struct SuppressionMap: Sendable {
    let directives: [SuppressionDirective]
    private let scan: CommentScan?

    /// Identifies what a directive switched off: the directive's index and the rule id it
    /// named (nil for a directive that names no rule, i.e. covers all rules).
    struct Use: Hashable, Sendable {
        var directive: Int
        var ruleID: String?
    }

    private static let marker: [UInt8] = Array("bodywork:".utf8)

    init(bytes: [UInt8]) {
        // Most files have no directive; skip the scan for them.
        guard SuppressionMap.contains(bytes, SuppressionMap.marker) else {
            directives = []
            scan = nil
            return
        }
        let scan = CommentScan(bytes)
        var found: [SuppressionDirective] = []
        for comment in scan.lineComments {
            guard var directive = SuppressionMap.directive(in: bytes, comment: comment) else { continue }
            directive.line = scan.line(of: comment.lowerBound)
            if directive.command == .disableNext {
                var next = directive.line + 1
                while next < scan.lineHasCode.count && !scan.lineHasCode[next] { next += 1 }
                directive.targetLine = next < scan.lineHasCode.count ? next : nil
            }
            found.append(directive)
        }
        directives = found
        self.scan = scan
    }

    /// The 0-based line of `offset`.
    func line(of offset: Int) -> Int { scan?.line(of: offset) ?? 0 }

    /// Every directive that switches `ruleID` off at the line holding `offset`; empty when
    /// the finding stands. All covering directives are returned so that none of them is
    /// later reported as unused.
    func uses(suppressing ruleID: String, at offset: Int) -> [Use] {
        guard !directives.isEmpty else { return [] }
        let line = line(of: offset)
        var uses: [Use] = []
        func match(_ index: Int) {
            let directive = directives[index]
            if directive.ruleIDs.isEmpty {
                uses.append(Use(directive: index, ruleID: nil))
            } else if directive.ruleIDs.contains(ruleID) {
                uses.append(Use(directive: index, ruleID: ruleID))
            }
        }
        for (index, directive) in directives.enumerated() {
            switch directive.command {
            case .disableFile: match(index)
            case .disableThis where directive.line == line: match(index)
            case .disableNext where directive.targetLine == line: match(index)
            default: break
            }
        }
        if let ranged = rangedDisable(of: ruleID, at: line) { uses.append(ranged) }
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

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first && bytes[i..<i + needle.count].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
