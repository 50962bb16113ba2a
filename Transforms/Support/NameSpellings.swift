// Where a file's identifiers spell some names, found in one pass over its tokens.
import Semantics
import SwiftCST

/// The identifier tokens of a tree that spell each of some names, in source order: a
/// name of ASCII bytes matches a token of the same bytes; any other name matches a token
/// whose text is equal to it as a string (another normal form included). One pass over
/// the tokens finds them for all the names, where a pass per name cost the file's length
/// times the number of names.
struct NameSpellings {
    private var positions: [String: [Int]] = [:]

    init(of names: [String], in tree: SyntaxTree) {
        var ascii: [String] = [], others: [String] = []
        for name in Set(names) { if ByteInterner.isASCII(name) { ascii.append(name) } else { others.append(name) } }
        guard !ascii.isEmpty || !others.isEmpty else { return }
        // Distinct names have distinct bytes: each ASCII name's number is its place in `ascii`.
        var interner = ByteInterner(expected: ascii.count)
        for name in ascii {
            var name = name
            _ = name.withUTF8 { interner.intern($0) }
        }
        let filter = NameFilter(ascii)
        var found = [[Int]](repeating: [], count: ascii.count + others.count)
        tree.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { tokens in
                for position in tokens.indices where tokens[position].kind == .identifier {
                    let text = UnsafeBufferPointer(rebasing: bytes[Int(tokens[position].textStart)..<Int(tokens[position].textEnd)])
                    if !ascii.isEmpty, filter.mayBe(text), let number = interner.lookup(text) {
                        found[number].append(position)
                    }
                    if !others.isEmpty {
                        let string = String(decoding: text, as: UTF8.self)
                        for (offset, name) in others.enumerated() where string == name { found[ascii.count + offset].append(position) }
                    }
                }
            }
        }
        for (number, name) in (ascii + others).enumerated() where !found[number].isEmpty { positions[name] = found[number] }
    }

    /// The positions of the identifier tokens that spell `name` (one of the names given),
    /// ascending.
    func positions(of name: String) -> [Int] { positions[name] ?? [] }
}
