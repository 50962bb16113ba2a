// Finds the tokens that spell a name by searching the file's bytes for it: reading every
// token's text as a `String` cost a whole file per question, and a long file asks many.
import Codemod
import SwiftCST

extension RuleContext {
    /// The positions of the identifier tokens of `tree` whose text is `name` as Swift
    /// compares strings, in source order.
    func identifierPositions(named name: String, in tree: SyntaxTree) -> [Int] {
        tokenPositions(spelling: name, in: tree, nonASCIIIdentifiers: nonASCIIIdentifiers(in: tree))
            .filter { tree.tokens[$0].kind == .identifier }
    }

    /// The positions of the identifier tokens of `tree` that are not ASCII, found once per round.
    func nonASCIIIdentifiers(in tree: SyntaxTree) -> [Int] {
        memo.value(NonASCIIIdentifiersKey(), in: tree) {
            tree.bytes.withUnsafeBufferPointer { bytes in
                tree.tokens.indices.filter { position in
                    let token = tree.tokens[position]
                    return token.kind == .identifier
                        && !ByteInterner.isASCII(UnsafeBufferPointer(rebasing: bytes[Int(token.textStart)..<Int(token.textEnd)]))
                }
            }
        }
    }
}

/// The positions of the tokens of `tree` whose text is `name` as Swift compares strings,
/// in source order: for an ASCII name, the tokens its bytes are found as, and those of
/// `nonASCIIIdentifiers` (the file's identifiers that are not ASCII) that equal it as
/// strings (the Kelvin sign and `K`); another name is compared with every identifier's
/// text (keywords and punctuation are ASCII).
func tokenPositions(spelling name: String, in tree: SyntaxTree, nonASCIIIdentifiers: [Int]) -> [Int] {
    guard ByteInterner.isASCII(name) else {
        return tree.tokens.indices.filter { tree.tokens[$0].kind == .identifier && tree.token(at: $0).text == name }
    }
    var positions: [Int] = []
    let length = name.utf8.count
    forEachOccurrence(of: name, in: tree.bytes) { offset in
        let token = tree.token(containing: offset)
        if token.textRange == offset..<(offset + length) { positions.append(token.index) }
    }
    let others = nonASCIIIdentifiers.filter { tree.token(at: $0).text == name }
    return others.isEmpty ? positions : (positions + others).sorted()
}

private struct NonASCIIIdentifiersKey: TreeMemoKey {
    typealias Value = [Int]
}
