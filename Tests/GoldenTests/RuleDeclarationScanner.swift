// Finds the rule types declared in Transforms/ the way scripts/generate-registry does, so a
// test can tell when the generated registry no longer lists them all.
import Foundation

/// Reads `struct Name: …Rule…` declarations line by line.
///
/// A line declares a rule when, after leading whitespace and any of `public`, `package`,
/// `internal`, `final`, it reads `struct Name:` (no generic parameters) and the inheritance
/// list before `{` or ` where ` holds the word `Rule` (or `Codemod.Rule`). This mirrors the
/// awk program in scripts/generate-registry; change both together.
enum RuleDeclarationScanner {
    /// Rule type names of `Transforms/*.swift` except Registry.swift, by file name, then by
    /// order in the file.
    static func ruleTypes(in transforms: URL) throws -> [String] {
        let files = try FileManager.default.contentsOfDirectory(atPath: transforms.path)
            .filter { $0.hasSuffix(".swift") && $0 != "Registry.swift" }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var names: [String] = []
        for file in files {
            let data = try Data(contentsOf: transforms.appendingPathComponent(file))
            names += ruleTypes(inSource: String(decoding: data, as: UTF8.self))
        }
        return names
    }

    static func ruleTypes(inSource source: String) -> [String] {
        var names: [String] = []
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if line.hasSuffix("\r") { line = line.dropLast() }
            var stripped = true
            while stripped {
                stripped = false
                for modifier in ["public", "package", "internal", "final"] where line.hasPrefix(modifier) {
                    let rest = line.dropFirst(modifier.count)
                    if let next = rest.first, next == " " || next == "\t" {
                        line = rest.drop(while: { $0 == " " || $0 == "\t" })
                        stripped = true
                    }
                }
            }
            guard line.hasPrefix("struct"), let gap = line.dropFirst(6).first, gap == " " || gap == "\t" else { continue }
            let afterKeyword = line.dropFirst(6).drop(while: { $0 == " " || $0 == "\t" })
            let name = afterKeyword.prefix(while: { isIdentifierCharacter($0) })
            guard let first = name.first, !first.isNumber else { continue }
            let afterName = afterKeyword.dropFirst(name.count).drop(while: { $0 == " " || $0 == "\t" })
            guard afterName.first == ":" else { continue }
            var inheritance = afterName.dropFirst()
            if let brace = inheritance.firstIndex(of: "{") { inheritance = inheritance[..<brace] }
            if let whereClause = inheritance.range(of: " where ") { inheritance = inheritance[..<whereClause.lowerBound] }
            let words = inheritance.split(whereSeparator: { !isIdentifierCharacter($0) && $0 != "." })
            if words.contains(where: { $0 == "Rule" || $0 == "Codemod.Rule" }) { names.append(String(name)) }
        }
        return names
    }

    static func isIdentifierCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    /// Lowercase ASCII words joined by single hyphens.
    static func isKebabCase(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !words.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { ($0.isASCII && $0.isLowercase) || ($0.isASCII && $0.isNumber) }
        }
    }
}
