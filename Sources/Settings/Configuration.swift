// The `.bodywork.json` configuration file: finding the one that applies to a file,
// reading it strictly, and telling the user exactly what is wrong with it.
import Codemod
import Foundation
import Project
import Patch

/// Settings from `.bodywork.json` (found upward from a file) merged with the command line.
///
/// The file is JSON with `//` and `/* */` comments and trailing commas allowed; every key
/// is optional:
///
/// ```json
/// {
///   "rules": { "enable": ["rule-id"], "disable": ["rule-id"], "only": ["rule-id"] },
///   "options": { "rule-id": { "key": "value" } },
///   "unsafeFixes": ["rule-id"],
///   "exclude": ["Generated/**", "*.pb.swift"],
///   "deploymentTarget": { "iOS": "15.0", "macOS": "12" },
///   "swiftLanguageMode": 6,
///   "severity": { "rule-id": "warning" },
///   "baseline": "bodywork-baseline.json"
/// }
/// ```
///
/// - `rules.enable` adds rules that are off by default, `rules.disable` turns rules off,
///   `rules.only` runs just the listed rules.
/// - `options` are per-rule settings handed to the rule as `RuleContext.options`.
/// - `unsafeFixes` lists the rules whose `suggested` fixes are applied, or is `true` for
///   every rule.
/// - `exclude` holds `Glob` patterns relative to the configuration file's directory.
/// - `deploymentTarget` maps platform names (`iOS`, `macOS`, `tvOS`, `watchOS`,
///   `visionOS`) to versions written as strings (`"15"`, `"15.4"`) or whole numbers.
/// - `swiftLanguageMode` is `5` or `6`.
/// - `severity` maps rule ids (and `unused-disable`) to `error`, `warning` or `note`.
/// - `baseline` names a baseline file (relative to the configuration's directory) whose
///   findings are hidden, as `--baseline FILE` does.
/// - `inherit` (default `true`): whether the nearest configuration above this one's
///   directory applies underneath it (see `inheriting(from:)`).
public struct Configuration: Sendable, Equatable {
    /// Rules to run in addition to those enabled by default.
    public var enabledRules: Set<String> = []
    public var disabledRules: Set<String> = []
    /// When non-nil, only these rules run (`--rules`).
    public var onlyRules: Set<String>? = nil
    /// Rule id → option name → value.
    public var ruleOptions: [String: [String: ConfigValue]] = [:]
    /// Rules whose `suggested` fixes are applied.
    public var suggestedFixRules: Set<String> = []
    /// `"unsafeFixes": true`: apply `suggested` fixes of every rule.
    public var unsafeFixesForAll: Bool = false
    /// Glob patterns, relative to the configuration file's directory.
    public var excludes: [String] = []
    public var deploymentTargets = DeploymentTargets()
    /// The Swift language mode (5 or 6) the configuration declares, if any.
    public var swiftLanguageMode: Int? = nil
    /// Rule id → the severity its findings are reported with, overriding the rule's own.
    public var severities: [String: Severity] = [:]
    /// The baseline file named by `"baseline"`, resolved against `baseDirectory`.
    public var baselinePath: String? = nil
    /// The file this came from, if any.
    public var sourcePath: String? = nil
    /// `"inherit": false` stops the configurations of directories above from applying.
    public var inherits = true
    /// The configuration files above this one whose settings it inherited, nearest first.
    public var inheritedPaths: [String] = []
    /// Exclude patterns of inherited configurations, each with the directory it is
    /// relative to.
    public var inheritedExcludes: [InheritedExclude] = []

    /// An exclude pattern from a configuration further up, and that file's directory.
    public struct InheritedExclude: Sendable, Equatable {
        public var pattern: String
        public var baseDirectory: String
    }

    public init() {}

    /// This configuration on top of `parent` (the one in a directory above): keys set
    /// here win, per rule and per platform; rule lists are combined, a rule enabled here
    /// leaving the parent's disabled list and the other way round; excludes of both apply.
    public func inheriting(from parent: Configuration) -> Configuration {
        var merged = self
        merged.enabledRules = parent.enabledRules.subtracting(disabledRules).union(enabledRules)
        merged.disabledRules = parent.disabledRules.subtracting(enabledRules).union(disabledRules)
        merged.onlyRules = onlyRules ?? parent.onlyRules
        merged.ruleOptions = parent.ruleOptions.merging(ruleOptions) { old, new in old.merging(new) { $1 } }
        merged.suggestedFixRules = parent.suggestedFixRules.union(suggestedFixRules)
        merged.unsafeFixesForAll = unsafeFixesForAll || parent.unsafeFixesForAll
        merged.deploymentTargets.versions = parent.deploymentTargets.versions.merging(deploymentTargets.versions) { $1 }
        merged.swiftLanguageMode = swiftLanguageMode ?? parent.swiftLanguageMode
        merged.severities = parent.severities.merging(severities) { $1 }
        merged.baselinePath = baselinePath ?? parent.baselinePath
        merged.inheritedPaths = parent.sourcePath.map { [$0] + parent.inheritedPaths } ?? parent.inheritedPaths
        merged.inheritedExcludes = parent.excludes.map { InheritedExclude(pattern: $0, baseDirectory: parent.baseDirectory) }
            + parent.inheritedExcludes
        return merged
    }

    /// The names of the top-level keys, in the order the documentation lists them.
    public static let allowedKeys = ["rules", "options", "unsafeFixes", "exclude", "deploymentTarget", "swiftLanguageMode",
                                     "severity", "baseline", "inherit"]

    /// The directory that `excludes` are relative to: the configuration file's, or the
    /// current directory when the configuration has no file.
    public var baseDirectory: String {
        guard let sourcePath else { return ProjectPaths.absolute(".") }
        return ProjectPaths.directory(of: ProjectPaths.absolute(sourcePath))
    }

    /// Whether `path` (absolute, or relative to the current directory) matches one of
    /// `excludes`, taken relative to `baseDirectory`. Files outside that directory are
    /// matched by their path as given.
    public func isExcluded(path: String) -> Bool {
        for inherited in inheritedExcludes {
            let absolute = ProjectPaths.absolute(path)
            let relative = ProjectPaths.relative(absolute, to: inherited.baseDirectory) ?? path
            if Glob(inherited.pattern).matches(relative) { return true }
        }
        guard !excludes.isEmpty else { return false }
        let absolute = ProjectPaths.absolute(path)
        let relative = ProjectPaths.relative(absolute, to: baseDirectory) ?? path
        return excludes.contains { Glob($0).matches(relative) }
    }

    /// Throws for a rule id named in the configuration that is not in `known` (the
    /// registry's ids), naming the key it appears under and the closest known id. Keys are
    /// checked in the order rules.enable, rules.disable, rules.only, options, unsafeFixes.
    public func validateRuleIDs(_ known: Set<String>) throws {
        let named: [(key: String, ids: Set<String>)] = [
            ("rules.enable", enabledRules), ("rules.disable", disabledRules), ("rules.only", onlyRules ?? []),
            ("options", Set(ruleOptions.keys)), ("unsafeFixes", suggestedFixRules),
        ]
        for (key, ids) in named {
            if let unknown = ids.subtracting(known).sorted().first {
                let suggestion = Configuration.closest(to: unknown, in: known).map { " (did you mean `\($0)`?)" } ?? ""
                throw ConfigurationError(path: sourcePath ?? "configuration", key: key,
                                         message: "unknown rule `\(unknown)`\(suggestion)")
            }
        }
    }

    /// The rules of `registry` this configuration runs, in registry order: `onlyRules`
    /// when set, else those enabled by default or in `enabledRules`, minus `disabledRules`.
    public func activeRules(from registry: [any Rule]) -> [any Rule] {
        registry.filter { rule in
            if disabledRules.contains(rule.id) { return false }
            if let onlyRules { return onlyRules.contains(rule.id) }
            return rule.isEnabledByDefault || enabledRules.contains(rule.id)
        }
    }

    private static func closest(to id: String, in known: Set<String>) -> String? {
        Spelling.closest(to: id, among: known.sorted())
    }
}

/// A configuration file that cannot be used; `description` names the file, the key and
/// what is allowed.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible, Equatable {
    public var path: String
    public var key: String?
    public var message: String

    public init(path: String, key: String?, message: String) {
        self.path = path
        self.key = key
        self.message = message
    }

    public var description: String {
        if let key { return "\(path): \(key): \(message)" }
        return "\(path): \(message)"
    }
}

/// Finds and caches the configuration that applies to each file.
public final class ConfigurationLoader: @unchecked Sendable {
    public let explicitPath: String?

    /// The name of the file searched for upward from each source file.
    public static let fileName = ".bodywork.json"

    private let search = UpwardSearch<String> { directory in
        let candidate = ProjectPaths.join(directory, ConfigurationLoader.fileName)
        // Anything by that name counts, a symlink to nowhere included: reading it then
        // says what is wrong, instead of the file being silently passed over.
        var info = stat()
        return lstat(candidate, &info) == 0 ? candidate : nil
    }
    private let lock = NSLock()
    private var loaded: [String: Result<Configuration, ConfigurationError>] = [:]

    /// `explicitPath` is `--config FILE`; when set, no upward search happens.
    public init(explicitPath: String? = nil) { self.explicitPath = explicitPath }

    /// The configuration for the file at `path` (the nearest `.bodywork.json` in its
    /// directory or above), or the default one. Throws on an unreadable or invalid file.
    /// `knownEntry(name, directory)`: whether a listing of `directory` read earlier in the
    /// run holds `name` (nil when none was read); a directory known to hold no
    /// configuration file is not looked at again.
    public func configuration(forFile path: String, knownEntry: ((String, String) -> Bool?)? = nil) throws -> Configuration {
        let configurationPath: String
        if let explicitPath {
            configurationPath = explicitPath
        } else {
            let directory = ProjectPaths.directory(of: ProjectPaths.absolute(path))
            guard let found = search.nearest(from: directory, absent: absence(of: ConfigurationLoader.fileName, knownEntry)) else {
                return Configuration()
            }
            configurationPath = found
        }
        return try resolved(configurationPath)
    }

    /// The configuration of the file at `path` with what it inherits from configuration
    /// files in the directories above (none under `--config`).
    private func resolved(_ path: String) throws -> Configuration {
        let own = try load(path).get()
        guard explicitPath == nil, own.inherits else { return own }
        let directory = ProjectPaths.directory(of: ProjectPaths.absolute(path))
        let parentDirectory = ProjectPaths.directory(of: directory)
        guard parentDirectory != directory, let above = search.nearest(from: parentDirectory) else { return own }
        return own.inheriting(from: try resolved(above))
    }

    /// The configuration file that applies to `path`, if any (for messages and `--verbose`).
    public func configurationPath(forFile path: String) -> String? {
        explicitPath ?? search.nearest(from: ProjectPaths.directory(of: ProjectPaths.absolute(path)))
    }

    /// The configuration files read so far, each once: the ones in use.
    public var loadedPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return loaded.keys.sorted()
    }

    /// How many configuration files have been read (each is read once).
    public var loadedFileCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return loaded.count
    }

    private func load(_ path: String) -> Result<Configuration, ConfigurationError> {
        lock.lock()
        defer { lock.unlock() }
        if let cached = loaded[path] { return cached }
        let result: Result<Configuration, ConfigurationError>
        do {
            result = .success(try ConfigurationParser.parse(try ConfigurationLoader.readFile(path), path: path))
        } catch let error as ConfigurationError {
            result = .failure(error)
        } catch {
            result = .failure(ConfigurationError(path: path, key: nil, message: "cannot read the file: \(error.localizedDescription)"))
        }
        loaded[path] = result
        return result
    }

    /// The bytes of a configuration file, or an error that says what the path is instead.
    static func readFile(_ path: String) throws(ConfigurationError) -> [UInt8] {
        func fail(_ message: String) -> ConfigurationError { ConfigurationError(path: path, key: nil, message: message) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            var link = stat()
            if code == ENOENT && lstat(path, &link) == 0 { throw fail("a symlink to a file that does not exist") }
            if code == ELOOP { throw fail("a symlink loop") }
            throw fail("cannot read the file: \(String(cString: strerror(code)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw fail("is a directory, not a configuration file")
        default: throw fail("is not a regular file, so not a configuration file")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw fail("cannot read the file: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        do {
            return try DescriptorReader.readAll(descriptor, expectedSize: Int(info.st_size))
        } catch {
            throw fail("cannot read the file: \(error.description)")
        }
    }
}

// MARK: - Reading the JSON

/// Turns the bytes of a configuration file into a `Configuration`, or the first problem.
public enum ConfigurationParser {
    /// Parses strict JSON `bytes` read from `path` (which is only used in messages and as
    /// `sourcePath`).
    public static func parse(_ bytes: [UInt8], path: String) throws -> Configuration {
        let json: Any
        // JSONSerialization stops at a NUL byte, and the relaxed reading would take an
        // unterminated comment as running to the end: both would hide what follows.
        if let nul = bytes.firstIndex(of: 0) {
            throw ConfigurationError(path: path, key: nil, message: "not valid JSON\(lineAndColumn(nul, in: bytes)): a NUL byte")
        }
        if let comment = unterminatedComment(in: bytes) {
            throw ConfigurationError(path: path, key: nil,
                                     message: "not valid JSON\(lineAndColumn(comment, in: bytes)): a /* comment that is never closed")
        }
        do {
            // Fragments are read so that a top level that is not an object is named as such.
            json = try JSONSerialization.jsonObject(with: Data(relaxed(bytes)), options: [.fragmentsAllowed])
        } catch {
            throw ConfigurationError(path: path, key: nil, message: "not valid JSON" + location(of: error, in: bytes))
        }
        guard let top = json as? [String: Any] else {
            throw ConfigurationError(path: path, key: nil,
                                     message: "must be a JSON object ({ ... }), not \(jsonKind(json)) at the top level")
        }
        var configuration = Configuration()
        configuration.sourcePath = path
        let fail = { (key: String, message: String) in ConfigurationError(path: path, key: key, message: message) }

        for key in top.keys.sorted() where !Configuration.allowedKeys.contains(key) {
            throw fail(key, "unknown key; allowed: " + Configuration.allowedKeys.joined(separator: ", "))
        }
        if let rules = top["rules"] {
            guard let rules = rules as? [String: Any] else { throw fail("rules", "expected an object with enable, disable, only") }
            for key in rules.keys.sorted() where !["enable", "disable", "only"].contains(key) {
                throw fail("rules.\(key)", "unknown key; allowed: enable, disable, only")
            }
            if let value = rules["enable"] { configuration.enabledRules = Set(try strings(value, key: "rules.enable", fail)) }
            if let value = rules["disable"] { configuration.disabledRules = Set(try strings(value, key: "rules.disable", fail)) }
            if let value = rules["only"] { configuration.onlyRules = Set(try strings(value, key: "rules.only", fail)) }
        }
        if let options = top["options"] {
            guard let options = options as? [String: Any] else {
                throw fail("options", "expected an object mapping rule ids to objects of options")
            }
            for (ruleID, value) in options {
                guard let object = value as? [String: Any] else {
                    throw fail("options.\(ruleID)", "expected an object of options, like {\"key\": value}")
                }
                configuration.ruleOptions[ruleID] = object.mapValues(configValue)
            }
        }
        if let unsafeFixes = top["unsafeFixes"] {
            if isBool(unsafeFixes) {
                configuration.unsafeFixesForAll = (unsafeFixes as? Bool) ?? false
            } else if unsafeFixes is [Any] {
                configuration.suggestedFixRules = Set(try strings(unsafeFixes, key: "unsafeFixes", fail))
            } else {
                throw fail("unsafeFixes", "expected true, false or an array of rule ids")
            }
        }
        if let exclude = top["exclude"] {
            configuration.excludes = try strings(exclude, key: "exclude", fail)
        }
        if let targets = top["deploymentTarget"] {
            configuration.deploymentTargets = try deploymentTargets(targets, fail)
        }
        if let mode = top["swiftLanguageMode"] {
            guard !isBool(mode), let number = mode as? NSNumber, number.doubleValue == 5 || number.doubleValue == 6 else {
                throw fail("swiftLanguageMode", "expected 5 or 6")
            }
            configuration.swiftLanguageMode = number.intValue
        }
        if let severity = top["severity"] {
            let levels = Severity.allCases.map(\.rawValue).joined(separator: ", ")
            guard let object = severity as? [String: Any] else {
                throw fail("severity", "expected an object mapping rule ids to \(levels)")
            }
            for ruleID in object.keys.sorted() {
                guard let text = object[ruleID] as? String, let level = Severity(rawValue: text) else {
                    throw fail("severity.\(ruleID)", "expected one of \(levels)")
                }
                configuration.severities[ruleID] = level
            }
        }
        if let inherit = top["inherit"] {
            guard isBool(inherit), let value = inherit as? Bool else { throw fail("inherit", "expected true or false") }
            configuration.inherits = value
        }
        if let baseline = top["baseline"] {
            guard let text = baseline as? String, !text.isEmpty else { throw fail("baseline", "expected a file path") }
            configuration.baselinePath = text.hasPrefix("/") ? text : ProjectPaths.join(configuration.baseDirectory, text)
        }
        return configuration
    }

    /// `bytes` with `//` and `/* */` comments and trailing commas (before `}` or `]`)
    /// blanked out with spaces, outside strings; line breaks are kept, so positions in
    /// error messages still point into the file as written.
    static func relaxed(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        var index = 0
        var lastComma: Int? = nil
        func blank(_ range: Range<Int>) {
            for i in range where out[i] != 0x0A && out[i] != 0x0D { out[i] = 0x20 }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                lastComma = nil
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                let start = index
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                blank(start..<index)
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = index
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                index = min(index + 2, bytes.count)
                blank(start..<index)
            case UInt8(ascii: ","):
                lastComma = index
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = lastComma { out[comma] = 0x20 }
                lastComma = nil
                index += 1
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            default:
                lastComma = nil
                index += 1
            }
        }
        return out
    }

    private static func strings(_ value: Any, key: String, _ fail: (String, String) -> ConfigurationError) throws -> [String] {
        guard let array = value as? [Any] else { throw fail(key, "expected an array of strings") }
        return try array.enumerated().map { index, element in
            guard let string = element as? String else { throw fail("\(key)[\(index)]", "expected a string") }
            return string
        }
    }

    private static func deploymentTargets(_ value: Any, _ fail: (String, String) -> ConfigurationError) throws -> DeploymentTargets {
        let allowed = Platform.allCases.map(\.rawValue).joined(separator: ", ")
        guard let object = value as? [String: Any] else {
            throw fail("deploymentTarget", "expected an object mapping platforms (\(allowed)) to versions")
        }
        var targets = DeploymentTargets()
        for name in object.keys.sorted() {
            let key = "deploymentTarget.\(name)"
            guard let platform = Platform.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else {
                throw fail(key, "unknown platform; allowed: \(allowed)")
            }
            let shape = "expected a version such as \"15\", \"15.4\" or \"10.15.4\""
            let raw = object[name]!
            let version: Version?
            if let text = raw as? String {
                version = Version(text)
            } else if !isBool(raw), let number = raw as? NSNumber, number.doubleValue == number.doubleValue.rounded(),
                      number.doubleValue >= 0, number.doubleValue < 1_000_000 {
                version = Version(number.intValue)
            } else if raw is NSNumber, !isBool(raw) {
                throw fail(key, "\(shape); write versions with a dot as strings, so that \"15.10\" is not read as 15.1")
            } else {
                version = nil
            }
            guard let version else { throw fail(key, shape) }
            targets.versions[platform] = version
        }
        return targets
    }

    /// Whether a JSONSerialization value is a boolean (booleans and numbers both arrive
    /// as NSNumber; a boolean's type encoding is `c`).
    private static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    private static func configValue(_ value: Any) -> ConfigValue {
        if isBool(value) { return .bool((value as? Bool) ?? false) }
        if let number = value as? NSNumber { return .number(number.doubleValue) }
        if let string = value as? String { return .string(string) }
        if let array = value as? [Any] { return .array(array.map(configValue)) }
        if let object = value as? [String: Any] { return .object(object.mapValues(configValue)) }
        return .null
    }

    /// Where a `/*` outside strings has no `*/` after it, if anywhere.
    static func unterminatedComment(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count && bytes[index] != 0x0A { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let start = index
                index += 2
                while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                if index + 1 >= bytes.count { return start }
                index += 2
            default:
                index += 1
            }
        }
        return nil
    }

    /// ` at line L, column C` for a byte offset.
    private static func lineAndColumn(_ offset: Int, in bytes: [UInt8]) -> String {
        var line = 1, column = 1
        for byte in bytes.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return " at line \(line), column \(column)"
    }

    /// What a JSON value is, for messages: `null`, a number, a string, an array.
    private static func jsonKind(_ value: Any) -> String {
        if value is NSNull { return "null" }
        if value is String { return "a string" }
        if value is [Any] { return "an array" }
        if value is NSNumber { return isBool(value) ? "true or false" : "a number" }
        return "another value"
    }

    /// ` at line L, column C` from JSONSerialization's "around character N", if present.
    private static func location(of error: Error, in bytes: [UInt8]) -> String {
        let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        guard let marker = detail.range(of: "character ") else { return ": \(detail)" }
        let digits = detail[marker.upperBound...].prefix { $0.isNumber }
        guard let offset = Int(digits) else { return ": \(detail)" }
        var line = 1, column = 1
        for byte in bytes.prefix(min(offset, bytes.count)) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        let reason = detail.prefix { $0 != "." }.replacingOccurrences(of: " around character \(digits)", with: "")
        return " at line \(line), column \(column): \(reason.isEmpty ? detail : reason)"
    }
}
