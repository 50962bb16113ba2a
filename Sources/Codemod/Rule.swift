// The contract between the engine and the rules: a rule reads a tree and returns
// findings; a finding may carry a fix made of byte-range edits.
import Foundation
import SwiftCST

/// How sure a fix is. `safe` fixes are applied by `--apply`; `suggested` ones only with
/// `--unsafe-fixes` or when the configuration asks for them.
public enum FixSafety: String, Sendable, Codable, Comparable {
    case safe
    case suggested

    public static func < (a: FixSafety, b: FixSafety) -> Bool { a == .safe && b == .suggested }
}

/// How much a finding matters. `--check` fails on `error` and `warning` findings that
/// remain, and on `note` ones only with `--strict`. A rule gives each finding its default;
/// the configuration (`"severity"`) and `--severity RULE=LEVEL` override it per rule.
public enum Severity: String, Sendable, Codable, CaseIterable {
    case warning
    case note
    case error
}

/// Replace `range` (UTF-8 byte offsets into the file) with `replacement`.
public struct Edit: Sendable, Hashable {
    public var range: Range<Int>
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public init(range: Range<Int>, replacement: String) {
        self.init(range: range, replacement: Array(replacement.utf8))
    }

    public static func insert(_ text: String, at offset: Int) -> Edit {
        Edit(range: offset..<offset, replacement: text)
    }

    public static func delete(_ range: Range<Int>) -> Edit {
        Edit(range: range, replacement: [UInt8]())
    }
}

/// A set of edits that must be applied together, or not at all.
public struct Fix: Sendable, Hashable {
    public var edits: [Edit]
    public var safety: FixSafety
    /// A short description of what the fix does, shown in reports.
    public var summary: String
    /// The oldest OS versions the rewritten code needs (FormatStyle: iOS 15, …); empty
    /// when it works on every SwiftUI version. The engine withholds the fix when the
    /// deployment target is older or unknown.
    public var platforms: [Platform: Version]

    public init(edits: [Edit], safety: FixSafety = .safe, summary: String = "", platforms: [Platform: Version] = [:]) {
        self.edits = edits
        self.safety = safety
        self.summary = summary
        self.platforms = platforms
    }
}

/// One problem a rule found at a place in a file.
public struct Finding: Sendable, Hashable {
    /// The rule that found it; the engine sets it from the rule's `id`.
    public var ruleID: String
    /// Where the problem is (UTF-8 byte offsets); reporters turn it into line:column.
    public var range: Range<Int>
    public var message: String
    public var severity: Severity
    public var fix: Fix?
    /// Why a fix was not offered, when the rule knows a fix but cannot prove it safe.
    public var withheldReason: String?

    /// A finding of the rule that returns it (the engine stamps the rule's id).
    public init(range: Range<Int>, message: String, severity: Severity = .warning,
                fix: Fix? = nil, withheldReason: String? = nil) {
        self.init(ruleID: "", range: range, message: message, severity: severity, fix: fix, withheldReason: withheldReason)
    }

    /// A finding attributed to `ruleID` (for findings the engine itself makes).
    public init(ruleID: String, range: Range<Int>, message: String, severity: Severity = .warning,
                fix: Fix? = nil, withheldReason: String? = nil) {
        self.ruleID = ruleID
        self.range = range
        self.message = message
        self.severity = severity
        self.fix = fix
        self.withheldReason = withheldReason
    }
}

extension Finding {
    /// The most characters a message has: one sentence, what is wrong and what to do.
    public static let messageLimit = 160

    /// `message` within `messageLimit` characters: rules word their messages to fit, and
    /// this cuts, at a space, one that names something unusually long.
    public static func clamped(_ message: String) -> String {
        guard message.count > messageLimit else { return message }
        let head = message.prefix(messageLimit - 1)
        let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return cut + "…"
    }
}

/// A kind of fix a rule offers that needs a newer OS than the oldest SwiftUI, stated in
/// the rule's documentation (RULES.md, `explain`); each such fix carries the same platforms.
public struct PlatformNeed: Sendable, Hashable {
    /// What the fix writes: "`value.formatted(…)`".
    public var fix: String
    public var platforms: [Platform: Version]

    public init(fix: String, platforms: [Platform: Version]) {
        self.fix = fix
        self.platforms = platforms
    }

    /// `iOS 15, macOS 12` in platform order.
    public var platformsText: String {
        Platform.allCases.compactMap { platform in platforms[platform].map { "\(platform.rawValue) \($0)" } }
            .joined(separator: ", ")
    }
}

/// An Apple platform a fix may require.
public enum Platform: String, Sendable, CaseIterable, Codable {
    case iOS, macOS, tvOS, watchOS, visionOS
}

/// A dotted version such as `15`, `13.4`.
public struct Version: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public var components: [Int]

    public init(_ components: Int...) { self.components = components }

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        var values: [Int] = []
        for part in parts {
            guard let value = Int(part), value >= 0 else { return nil }
            values.append(value)
        }
        guard !values.isEmpty, values.count <= 3 else { return nil }
        components = values
    }

    public static func < (a: Version, b: Version) -> Bool {
        for i in 0..<max(a.components.count, b.components.count) {
            let x = i < a.components.count ? a.components[i] : 0
            let y = i < b.components.count ? b.components[i] : 0
            if x != y { return x < y }
        }
        return false
    }

    public var description: String { components.map(String.init).joined(separator: ".") }
}

/// The oldest OS versions the code must run on. A platform that is absent is unknown:
/// fixes that need a minimum version for it are withheld.
public struct DeploymentTargets: Sendable, Hashable {
    public var versions: [Platform: Version]

    public init(_ versions: [Platform: Version] = [:]) { self.versions = versions }

    /// Whether every platform the code is known to target is at least `required`'s
    /// version; false when no target is known.
    public func satisfies(_ required: [Platform: Version]) -> Bool {
        guard !versions.isEmpty else { return false }
        for (platform, version) in versions {
            guard let need = required[platform] else { continue }
            if version < need { return false }
        }
        return true
    }
}

/// What a rule may know beyond the tree of the file it reads.
public struct RuleContext: Sendable {
    /// The file's path as given on the command line (for messages).
    public var path: String
    public var deploymentTargets: DeploymentTargets
    /// Swift language mode of the file's package (5 or 6), when known.
    public var swiftLanguageMode: Int?
    /// Per-rule options from the configuration file, as JSON-like values.
    public var options: [String: ConfigValue]
    /// Facts about every file of the run (types, conformances, property types).
    public var index: ProjectIndex
    /// Values several rules derive from the same tree, computed once (see `TreeMemo`).
    public var memo = TreeMemo()
    /// The files of `index` the run hands to the rules, as the index names them; nil when
    /// it hands them every file the index holds. A fix that has to change several files
    /// together is made only when all of them are handed to it: a run given some files
    /// (`--changed-since`, one file, an editor's document) must not change half of them.
    public var plannedFiles: Set<String>?
    /// The files of `index` that belong to the file's own module (or modules), as the index
    /// names them; nil when not known. The others are its dependencies' files, which
    /// cannot name what this module declares.
    public var moduleFiles: Set<String>?

    /// The files of `paths` that may use what this file declares: those of its own module
    /// (every one of them when the module is not known).
    public func inModule(_ paths: Set<String>) -> Set<String> {
        guard let moduleFiles else { return paths }
        return paths.filter(moduleFiles.contains)
    }

    public init(path: String, deploymentTargets: DeploymentTargets = DeploymentTargets(),
                swiftLanguageMode: Int? = nil, options: [String: ConfigValue] = [:],
                index: ProjectIndex = ProjectIndex()) {
        self.path = path
        self.deploymentTargets = deploymentTargets
        self.swiftLanguageMode = swiftLanguageMode
        self.options = options
        self.index = index
    }
}

/// A value from the JSON configuration.
public indirect enum ConfigValue: Sendable, Hashable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ConfigValue])
    case object([String: ConfigValue])
    case null
}

/// A rewrite pass. One type per rule, in `Transforms/`, registered in the generated
/// registry.
public protocol Rule: Sendable {
    /// Kebab-case identifier used on the command line and in suppression comments.
    var id: String { get }
    /// One line: what the rule finds.
    var summary: String { get }
    /// Longer documentation: why the pattern costs, the fix, when it is withheld, and a
    /// before/after example.
    var documentation: String { get }
    var isEnabledByDefault: Bool { get }
    /// The keys the rule reads from its `options` in the configuration; any other key
    /// there is a configuration error, so a typo never silently does nothing.
    var optionNames: [String] { get }
    /// The fixes it offers that need a newer OS, for its documentation (each fix carries
    /// its own `platforms`, which the engine checks).
    var platformNeeds: [PlatformNeed] { get }

    /// Whether the rule reads `context.index`; the run indexes every file first only
    /// when an active rule does.
    var usesProjectIndex: Bool { get }

    /// The words a file must contain for the rule to find anything in it: at least one
    /// word of each list (`[["ForEach", "List"]]`: a file where neither is written is
    /// skipped). A cheap check of the raw bytes, made for all the rules in one pass over
    /// the file. No list (the default): every file is checked. It must never skip a file
    /// where `findings` would report something.
    var neededWords: [[StaticString]] { get }

    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding]
}

extension Rule {
    public var isEnabledByDefault: Bool { true }
    public var optionNames: [String] { [] }
    public var platformNeeds: [PlatformNeed] { [] }
    public var usesProjectIndex: Bool { false }
    public var neededWords: [[StaticString]] { [] }

    /// Whether `bytes` hold a word of each list of `neededWords`: whether the engine
    /// checks the file with the rule.
    public func mayFind(in bytes: [UInt8]) -> Bool { neededWords.allSatisfy { containsAny(bytes, of: $0) } }
}
