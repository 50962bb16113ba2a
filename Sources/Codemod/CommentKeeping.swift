// No fix deletes a comment: whatever comment lies in the bytes a fix replaces must come
// back in what the fix writes (moved with its code), or the engine drops the fix.
import SwiftCST

/// The check that a fix keeps every comment it touches. The engine drops fixes that fail
/// it; rules use it to withhold such a fix with a reason, or to offer another one.
public enum CommentKeeping {
    /// Why applying `fix` to the file of `tree` would lose or cut a comment, or nil when
    /// each comment inside a replaced range reappears, byte for byte, in one of the fix's
    /// replacements.
    public static func lossReason(_ fix: Fix, in tree: SyntaxTree) -> String? {
        for edit in fix.edits where !edit.range.isEmpty {
            for comment in comments(overlapping: edit.range, in: tree) {
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

    /// The comments of `tree` that share a byte with `range`.
    public static func comments(overlapping range: Range<Int>, in tree: SyntaxTree) -> [Range<Int>] {
        guard !tree.tokens.isEmpty, !range.isEmpty else { return [] }
        var found: [Range<Int>] = []
        var index = tree.token(containing: range.lowerBound).index
        while index < tree.tokens.count {
            let token = tree.token(at: index)
            if token.leadingTriviaRange.lowerBound >= range.upperBound { break }
            for trivia in [token.leadingTriviaRange, token.trailingTriviaRange]
            where trivia.overlaps(range) && tree.bytes[trivia].contains(UInt8(ascii: "/")) {
                for piece in Trivia.pieces(tree.bytes, in: trivia) where piece.kind.isComment && piece.range.overlaps(range) {
                    found.append(piece.range)
                }
            }
            index += 1
        }
        return found
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
