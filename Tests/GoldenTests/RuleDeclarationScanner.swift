// Asks scripts/generate-registry which rule types a directory declares, so that the tests
// find rule declarations the one way the registry is written: the script's.
import Foundation

/// The rule declarations `scripts/generate-registry --list-rules` finds.
enum RuleDeclarationScanner {
    struct ScriptFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Rule type names of `directory/*.swift` except Registry.swift, by file name, then by
    /// order in the file.
    static func ruleTypes(in directory: URL) throws -> [String] {
        let process = Process()
        process.executableURL = packageRoot.appendingPathComponent("scripts/generate-registry")
        process.arguments = ["--list-rules", directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScriptFailure(description: "scripts/generate-registry --list-rules exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// The rule type names `source` declares, read as the one file of a directory.
    static func ruleTypes(inSource source: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rule-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(source.utf8).write(to: directory.appendingPathComponent("Rules.swift"))
        return try ruleTypes(in: directory)
    }

    /// Lowercase ASCII words joined by single hyphens.
    static func isKebabCase(_ id: String) -> Bool {
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        return !words.isEmpty && words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { ($0.isASCII && $0.isLowercase) || ($0.isASCII && $0.isNumber) }
        }
    }
}
