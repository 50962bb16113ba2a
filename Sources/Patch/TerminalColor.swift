// Decides whether output gets ANSI colors, and holds the few escape sequences the diff uses.

/// Whether to color output, following the `--color` mode and the terminal's conventions.
public enum TerminalColor {
    /// Whether to color output for `mode` (`auto`, `always` or `never`).
    ///
    /// `always` and `never` are taken at their word (an explicit `always` overrides
    /// `NO_COLOR`). `auto` colors only a terminal, and not when `NO_COLOR` is set to a
    /// non-empty value (no-color.org) or `TERM` is `dumb`. An unknown mode behaves as `auto`.
    public static func shouldColor(mode: String, isTerminal: Bool, environment: [String: String]) -> Bool {
        switch mode {
        case "always": return true
        case "never": return false
        default:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return isTerminal
        }
    }

    static let bold: [UInt8] = Array("\u{1B}[1m".utf8)
    static let red: [UInt8] = Array("\u{1B}[31m".utf8)
    static let green: [UInt8] = Array("\u{1B}[32m".utf8)
    static let cyan: [UInt8] = Array("\u{1B}[36m".utf8)
    static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}
