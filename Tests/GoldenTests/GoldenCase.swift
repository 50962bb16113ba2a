// What a golden case is on disk: `Golden/<rule-id>/<case>.swift`, its optional
// `<case>.expected.swift`, and the `// bodywork-options:` header that configures the run.
import Codemod
import Foundation

/// The package root, found from this file's path (Tests/GoldenTests/GoldenCase.swift).
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// One before/after pair of a rule.
struct GoldenCase {
    /// The directory name: the id of the rule the case is for.
    var ruleID: String
    /// The case name: the input's file name without `.swift`.
    var name: String
    var inputURL: URL
    var expectedURL: URL

    /// `Golden/<rule-id>/<case>.swift`, for messages.
    var displayPath: String { "Golden/\(ruleID)/\(name).swift" }

    /// `<case>.support/`: other files of the same project, which the project index reads
    /// (a type declared elsewhere, say) but the rule does not rewrite.
    var supportURL: URL { inputURL.deletingLastPathComponent().appendingPathComponent(name + ".support") }

    /// `<case>.findings`: what the rule reports on the input, one finding a line, so that a
    /// case pins its findings as the expected file pins its output.
    var findingsURL: URL { inputURL.deletingLastPathComponent().appendingPathComponent(name + GoldenWalker.findingsSuffix) }

    func readInput() throws -> [UInt8] { Array(try Data(contentsOf: inputURL)) }

    /// The pinned findings, or nil when the case has no findings file yet.
    func readFindings() throws -> String? {
        guard FileManager.default.fileExists(atPath: findingsURL.path) else { return nil }
        return String(decoding: try Data(contentsOf: findingsURL), as: UTF8.self)
    }

    /// The `.swift` files of the support directory, by name, with paths for messages.
    func readSupportFiles() throws -> [GoldenSupportFile] {
        guard FileManager.default.fileExists(atPath: supportURL.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: supportURL.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { file in
                GoldenSupportFile(path: "Golden/\(ruleID)/\(name).support/\(file)",
                                  bytes: Array(try Data(contentsOf: supportURL.appendingPathComponent(file))))
            }
    }

    /// The expected output: the expected file, or the input itself when there is none.
    func readExpected(input: [UInt8]) throws -> [UInt8] {
        guard FileManager.default.fileExists(atPath: expectedURL.path) else { return input }
        return Array(try Data(contentsOf: expectedURL))
    }
}

/// A file of a case's project other than the case itself.
struct GoldenSupportFile {
    var path: String
    var bytes: [UInt8]
}

/// Finds the golden cases under a `Golden/` directory.
enum GoldenWalker {
    static let expectedSuffix = ".expected.swift"
    static let findingsSuffix = ".findings"

    /// Rule directories (every directory under `golden`), sorted by name.
    static func ruleDirectories(in golden: URL) throws -> [String] {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: golden.path) else { return [] }
        return try fileManager.contentsOfDirectory(atPath: golden.path).filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && fileManager.fileExists(atPath: golden.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }

    /// Every case of every rule directory, sorted by rule id then case name.
    static func cases(in golden: URL) throws -> [GoldenCase] {
        var found: [GoldenCase] = []
        for ruleID in try ruleDirectories(in: golden) {
            let directory = golden.appendingPathComponent(ruleID)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            for file in files where file.hasSuffix(".swift") && !file.hasSuffix(expectedSuffix) {
                let name = String(file.dropLast(".swift".count))
                found.append(GoldenCase(ruleID: ruleID, name: name,
                                        inputURL: directory.appendingPathComponent(file),
                                        expectedURL: directory.appendingPathComponent(name + expectedSuffix)))
            }
        }
        return found
    }

    /// Expected files whose input is missing: they would silently never be checked.
    static func orphanExpectedFiles(in golden: URL) throws -> [String] {
        var orphans: [String] = []
        for ruleID in try ruleDirectories(in: golden) {
            let directory = golden.appendingPathComponent(ruleID)
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where file.hasSuffix(expectedSuffix) || file.hasSuffix(findingsSuffix) {
                let suffix = file.hasSuffix(expectedSuffix) ? expectedSuffix : findingsSuffix
                let input = String(file.dropLast(suffix.count)) + ".swift"
                if !FileManager.default.fileExists(atPath: directory.appendingPathComponent(input).path) {
                    orphans.append("Golden/\(ruleID)/\(file)")
                }
            }
        }
        return orphans
    }
}

/// The run configuration a case asks for in its header.
///
/// The header is every `//` comment line before the first line that is neither blank nor a
/// `//` comment, whose text starts with `bodywork-options:`; the rest of such lines is a
/// list of options separated by spaces:
/// `--min-ios V`, `--min-macos V`, `--min-tvos V`, `--min-watchos V`, `--min-visionos V`,
/// `--unsafe-fixes`, `--swift-5`, `--swift-6`, `--rule-option key=value` (repeatable),
/// `--ill-typed` (or `--ill-typed-input`: the input does not type-check on purpose).
struct GoldenOptions: Equatable {
    var deploymentTargets = DeploymentTargets()
    var applySuggestedFixes = false
    var swiftLanguageMode: Int?
    var ruleOptions: [String: ConfigValue] = [:]
    var isIllTyped = false

    struct HeaderError: Error, CustomStringConvertible {
        var description: String
    }

    static let marker = "bodywork-options:"

    /// The options of the header of `bytes`; throws on an unknown or malformed option.
    static func parse(header bytes: [UInt8]) throws(HeaderError) -> GoldenOptions {
        var options = GoldenOptions()
        var words: [String] = []
        for line in headerLines(of: bytes) { words += line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init) }
        var index = 0
        func value(for option: String) throws(HeaderError) -> String {
            index += 1
            guard index < words.count, !words[index].hasPrefix("--") else { throw HeaderError(description: "\(option) needs a value") }
            return words[index]
        }
        let platforms: [String: Platform] = ["--min-ios": .iOS, "--min-macos": .macOS, "--min-tvos": .tvOS,
                                             "--min-watchos": .watchOS, "--min-visionos": .visionOS]
        while index < words.count {
            let word = words[index]
            switch word {
            case let option where platforms[option] != nil:
                let text = try value(for: option)
                guard let version = Version(text) else { throw HeaderError(description: "\(option): '\(text)' is not a version") }
                options.deploymentTargets.versions[platforms[option]!] = version
            case "--unsafe-fixes": options.applySuggestedFixes = true
            case "--swift-5": options.swiftLanguageMode = 5
            case "--swift-6": options.swiftLanguageMode = 6
            case "--ill-typed", "--ill-typed-input": options.isIllTyped = true
            case "--rule-option":
                let pair = try value(for: word)
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw HeaderError(description: "--rule-option wants key=value, not '\(pair)'")
                }
                options.ruleOptions[String(pair[..<equals])] = configValue(String(pair[pair.index(after: equals)...]))
            default:
                throw HeaderError(description: "unknown option '\(word)'")
            }
            index += 1
        }
        return options
    }

    /// The text after `bodywork-options:` of each header line.
    static func headerLines(of bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var line = Substring(String(decoding: rawLine, as: UTF8.self))
            if line.hasSuffix("\r") { line = line.dropLast() }
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("//") else { break }
            let comment = trimmed.dropFirst(2).drop(while: { $0 == " " || $0 == "\t" })
            if comment.hasPrefix(marker) { lines.append(String(comment.dropFirst(marker.count))) }
        }
        return lines
    }

    /// `true`/`false`, a number, or else a string.
    static func configValue(_ text: String) -> ConfigValue {
        switch text {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            if let number = Double(text) { return .number(number) }
            return .string(text)
        }
    }
}
