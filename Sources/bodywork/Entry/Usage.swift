// What `--help` prints: a screen of usage (the commands, the common options, where the rest
// is), and each command's own, cut from the manual so that neither drifts from it.

extension Help {
    /// `bodywork --help`: at most 80 lines.
    static let usage = """
    usage: bodywork [options] [paths...]  preview every fix as a diff (no writes)
           bodywork --apply [paths...]    write the safe fixes (or: bodywork fix)
           bodywork --lint [paths...]     print findings only (or: bodywork lint)
           bodywork --check ...           exit 1 when a fix is pending or a warning
                                          remains (for CI)
           bodywork -i [paths...]         show each fix and ask before writing it
           bodywork - < File.swift        source on standard input, fixed on output

    Commands:
      bodywork audit [paths...]      a ranked SwiftUI performance audit (text,
                                     markdown, json or a self-contained html page);
                                     --evidence FILE joins a trace or log to it
      bodywork probe [paths...]      add `Self._printChanges()` to the top views'
                                     bodies, to log why they update (--apply)
      bodywork list-rules            the rules and whether each is on (or: rules)
      bodywork explain RULE          what a rule finds, why it costs, how it fixes
      bodywork config [PATH]         the configuration PATH gets, as JSON
      bodywork describe [paths...]   the projects, modules and files a run sees
      bodywork lsp                   a Language Server for editors
      bodywork parse --stats PATH    the syntax tree, tokens or parse statistics
      bodywork completions SHELL     a completion script for bash, zsh or fish
      bodywork man                   the manual as a man page
      bodywork help [COMMAND]        the full manual, or a command's part of it
      bodywork version               the version

    Common options:
      --format FORMAT        text, xcode, github, json, sarif, checkstyle, junit,
                             gitlab or markdown
      -o FILE, --output FILE write the findings report to FILE
      --patch FILE           also write the combined patch to FILE
      --rules A,B            run only these rules (--disable A,B: all but these)
      --unsafe-fixes         apply `suggested` fixes too
      --min-ios V            the oldest iOS the code supports (also --min-macos…)
      --config FILE          this configuration, not the .bodywork.json files
      --baseline FILE        hide the findings FILE records (--write-baseline FILE
                             records them)
      --changed-since REV    only the files changed since git revision REV
      --exclude GLOB         leave out matching files and directories
      --strict               with --check, notes fail too
      --verify CMD           with --apply, keep only the fixes that CMD accepts
      --split-by KIND        land a migration in pieces: rule, module or directory
      -j N, --jobs N         files processed in parallel
      -q, --quiet            no summary or progress (the findings that fail --check
                             are still printed)
      -v, --verbose          one line per file
      -V, --version          the version

    Every option, the configuration file, suppressions, baselines, output formats,
    the language server and exit statuses: `bodywork help` or `man bodywork`.

    """

    /// The commands with a `--help` of their own.
    static let verbs = ["audit", "config", "describe", "explain", "list-rules", "lsp", "parse", "probe"]

    /// `VERB --help`: the manual's synopsis lines for the command, then its section of
    /// the manual when it has one.
    static func usage(of verb: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        /// The lines of the manual's section `title`, with its title.
        func section(_ title: String) -> ArraySlice<String> {
            guard let start = lines.firstIndex(of: title) else { return [] }
            let end = lines[(start + 1)...].firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? lines.endIndex
            return lines[start..<end]
        }
        // The command's lines, each with the lines that go on from it (more indented).
        var synopsis: [String] = []
        var taking = false
        for line in section("SYNOPSIS") {
            if line.hasPrefix("    bodywork") { taking = line.hasPrefix("    bodywork \(verb) ") || line == "    bodywork \(verb)" }
            else if !line.hasPrefix("     ") { taking = false }
            if taking { synopsis.append(line) }
        }
        var out = "usage:\n" + synopsis.joined(separator: "\n") + "\n"
        let sections = ["audit": "AUDIT", "config": "CONFIGURATION", "describe": "PROJECTS AND MODULES",
                        "lsp": "LANGUAGE SERVER", "probe": "PROBE"]
        if let title = sections[verb] {
            out += "\n" + section(title).joined(separator: "\n").trimmingTrailingNewlines() + "\n"
        }
        return out + "\nThe full manual: `bodywork help` or `man bodywork`.\n"
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
