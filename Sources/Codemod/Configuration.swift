// STUB: the interface the CLI codes against; configuration loading fills it in.

/// Settings from `.bodywork.json` (found upward from a file) merged with the command line.
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
    /// Glob patterns, relative to the configuration file's directory.
    public var excludes: [String] = []
    public var deploymentTargets = DeploymentTargets()
    /// The file this came from, if any.
    public var sourcePath: String? = nil

    public init() {}
}

/// A configuration file that cannot be used; `description` names the file, the key and
/// what is allowed.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
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

    /// `explicitPath` is `--config FILE`; when set, no upward search happens.
    public init(explicitPath: String? = nil) { self.explicitPath = explicitPath }

    /// The configuration for the file at `path` (the nearest `.bodywork.json` in its
    /// directory or above), or the default one. Throws on an unreadable or invalid file.
    public func configuration(forFile path: String) throws -> Configuration {
        Configuration()
    }
}
