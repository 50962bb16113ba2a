// The comments of a tree, read from its trivia (the one Swift reader), and the check that
// no fix deletes one: a comment a fix replaces must come back in what it writes.
import SwiftCST

/// The check that a fix keeps every comment it touches. The engine drops fixes that fail
/// it; rules use it to withhold such a fix with a reason, or to offer another one.
public enum CommentKeeping {
    /// Why applying `fix` to the file of `tree` would lose or cut a comment, or nil when
    /// each comment inside a replaced range reappears, byte for byte, in one of the fix's
    /// replacements.
    public static func lossReason(_ fix: Fix, in tree: SyntaxTree) -> String? {
        for edit in fix.edits where !edit.range.isEmpty {
            for piece in tree.comments(overlapping: edit.range) {
                let comment = piece.range
                guard edit.range.contains(comment.lowerBound), comment.upperBound <= edit.range.upperBound else {
                    return "it would cut a comment in two"
                }
                let text = tree.bytes[comment]
                if !fix.edits.contains(where: { contains($0.replacement, text) }) {
                    return "it would delete the comment `\(abbreviated(tree.text(comment)))`"
                }
            }
        }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: ArraySlice<UInt8>) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return needle.isEmpty }
        var i = 0
        while i <= haystack.count - needle.count {
            if haystack[i] == first && haystack[i..<i + needle.count].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }

    private static func abbreviated(_ comment: String) -> String {
        let line = comment.prefix { $0 != "\n" && $0 != "\r" }
        return line.count > 40 ? String(line.prefix(39)) + "…" : String(line)
    }
}

extension SyntaxTree {
    /// The comments (line, block and doc comments) that share a byte with `range`, in
    /// source order, read from the tokens' trivia.
    public func comments(overlapping range: Range<Int>) -> [TriviaPiece] {
        guard !tokens.isEmpty, !range.isEmpty else { return [] }
        var found: [TriviaPiece] = []
        var index = token(containing: range.lowerBound).index
        while index < tokens.count {
            let token = token(at: index)
            if token.leadingTriviaRange.lowerBound >= range.upperBound { break }
            for trivia in [token.leadingTriviaRange, token.trailingTriviaRange]
            where trivia.overlaps(range) && bytes[trivia].contains(UInt8(ascii: "/")) {
                for piece in Trivia.pieces(bytes, in: trivia) where piece.kind.isComment && piece.range.overlaps(range) {
                    found.append(piece)
                }
            }
            index += 1
        }
        return found
    }
}

extension Finding {
    /// A finding that offers the fix `make` builds, unless `reason` withholds it or the fix
    /// would lose a comment: then the finding is reported with that reason as its
    /// `withheldReason` (the message stays as it is), and the fix is not built (or not kept).
    public static func offering(_ make: () -> Fix, range: Range<Int>, message: String, unless reason: String?,
                                in tree: SyntaxTree) -> Finding {
        var reason = reason
        if reason == nil {
            let fix = make()
            guard let loss = CommentKeeping.lossReason(fix, in: tree) else { return Finding(range: range, message: message, fix: fix) }
            reason = loss
        }
        return Finding(range: range, message: message, withheldReason: reason)
    }
}
