// The manual page `bodywork --help` prints. Every option the parser accepts appears here;
// a test checks that none is missing.

enum Help {
    static let text = """
    NAME
        bodywork - find and fix SwiftUI performance anti-patterns, losslessly

    SYNOPSIS
        bodywork [options] [paths...]
        bodywork [options] -                   (source on standard input)
        bodywork list-rules [--format text|json]
        bodywork explain RULE
        bodywork parse [--tree|--tokens|--stats] [--jobs N] paths...
        bodywork lsp                           (Language Server on standard input/output)

    DESCRIPTION
        bodywork parses Swift files into a lossless syntax tree, runs its rules over them
        and rewrites what they find: work and allocations inside `body`, filters inside
        `ForEach`, index-based identity, type erasure. Every byte it does not mean to change
        stays as it was: comments, formatting, line endings (LF or CRLF) and a UTF-8 byte
        order mark included. Fixes that cannot be proven safe are reported, not applied.
        Without options it changes nothing and prints the fixes as a unified diff.

    MODES
        (default)         Preview: print the unified diff of every fix on standard output
                          (files in sorted path order) and a summary on standard error.
        --apply           Write the fixes in place. Only changed files are written, each
                          atomically, keeping its permissions; a file that changed on disk
                          since it was read, or is read-only, is reported and left alone.
        --check           Also exit with status 1 when something would change or a
                          finding remains (for CI). Combines with the other modes: with
                          --lint any finding fails; with --apply any finding left unfixed.
        --lint            Print findings only, no diff; write nothing.
        -i, --interactive Show each hunk and ask "Apply this hunk? [y,n,a,d,q]": y yes,
                          n no, a this and the rest of the file, d none of the rest of the
                          file, q quit (hunks accepted so far are written). Needs a
                          terminal on standard input; exits 2 otherwise.

    OPTIONS
        --format FORMAT   text (default), xcode, json, sarif or github. With a format other
                          than text and no --lint, findings are printed in that format
                          instead of the diff. See OUTPUT FORMATS.
        --patch FILE      Also write the combined patch (uncolored) to FILE; `git apply`
                          and `patch -p1` accept it. FILE is written once every source
                          has been read (atomically; a device or FIFO as a stream), and
                          may not be one of the files being read. Names with spaces or
                          special bytes are quoted as git quotes them; a path outside
                          the working directory is named from the git work tree's top
                          (else in full).
        --rules A,B       Run only these rules (repeatable).
        --disable A,B     Do not run these rules (repeatable).
        --unsafe-fixes    Apply `suggested` fixes too, for every rule.
        --min-ios V       Oldest iOS the code supports (also --min-macos, --min-tvos,
        --min-macos V     --min-watchos, --min-visionos). Overrides the configuration,
        --min-tvos V      which overrides Package.swift `platforms:`. When no target is
        --min-watchos V   known, fixes that need a newer OS are withheld.
        --min-visionos V
        --config FILE     Use this configuration file; no .bodywork.json is searched for.
        --report-unused-disables
                          Report suppression comments that suppress nothing.
        -U N, --context N Lines of context around each hunk (default 3).
        --color WHEN      auto (default), always or never. auto colors a terminal unless
                          the NO_COLOR environment variable is set.
        --exclude GLOB    Leave out matching files and directories (repeatable). A
                          pattern without `/` matches any path component
                          (`Generated`, `*.pb.swift`); one with `/` matches from the
                          working directory; `**` spans directories.
        --files-from FILE Read paths to process from FILE, one per line (`-`: standard
                          input).
        --changed-since REV
                          Only files changed since git revision REV (`git diff --name-only
                          REV`) plus untracked files, limited to *.swift and to the paths
                          given.
        --stdin-path PATH With `-`: the path the source on standard input stands for
                          (configuration lookup, excludes, messages).
        -j N, --jobs N    Files processed in parallel (default: the number of active
                          processors). Output is the same for every N.
        --max-file-size SIZE
                          Skip larger files (default 32M; accepts K, M, G suffixes).
        -q, --quiet       No summary, no progress line, no findings on standard error.
        -v, --verbose     One line per file on standard error.
        -V, --version     Print `bodywork \(bodyworkVersion)`.
        -h, --help        Print this manual.

    FILE SELECTION
        Directories are walked for *.swift files in byte order of their paths, skipping
        hidden entries and directories named .build, DerivedData, Pods, Carthage,
        .swiftpm and node_modules; symbolic links to directories are not followed. Inside
        a git work tree, files that .gitignore excludes are skipped (one `git
        check-ignore` per run). Files named explicitly are always taken, hidden or
        ignored, unless --exclude or a configuration exclude matches them. With no path,
        `.` is used. One file named twice (through a symbolic or hard link, or as
        `a/../a`) is processed once.

        Symbolic links: a link to a .swift file inside the paths given is read, and with
        --apply its target is rewritten (the link stays a link). A link found while
        walking whose target lies outside every path given is not followed, neither read
        nor written, and is reported as skipped. A file named on the command line is
        taken wherever it points. A file with other hard links is replaced by a new
        file, so the other names keep the old content; the summary says when. A path `-` reads the source from standard input and prints the
        fixed source (or, with --lint, the findings) on standard output.

        Files that cannot be processed are reported on standard error and in the summary,
        the run goes on and exits 3: missing paths, unreadable files and directories
        (including those that can be listed but not entered), dangling symbolic links and
        symlink loops, names that are not valid UTF-8 or longer than the system allows,
        links out of the tree (see above), files that are not UTF-8 text (a NUL byte in the first 8 KB, or invalid
        UTF-8), files over --max-file-size, and under --apply files that are read-only or
        changed on disk during the run. Empty files and Swift with syntax errors are
        processed; a fix is kept only when it adds no parse error.

    CONFIGURATION
        The nearest .bodywork.json in a file's directory or above applies to it (or the
        file given with --config). It is strict JSON (RFC 8259): no comments, no
        trailing commas, no unquoted keys, no single quotes. Every key is optional:
            {
              "rules": { "enable": ["rule-id"], "disable": ["rule-id"],
                         "only": ["rule-id"] },
              "options": { "rule-id": { "option": "value" } },
              "unsafeFixes": ["rule-id"],          (or true for every rule)
              "exclude": ["Generated/**", "*.pb.swift"],
              "deploymentTarget": { "iOS": "15.0", "macOS": "12" },
              "swiftLanguageMode": 6
            }
        "exclude" patterns are relative to the configuration's directory. Deployment
        targets: flags, then the configuration, then Package.swift `platforms:` (or an
        Xcode project's settings), per platform.
        Command-line flags win over the configuration. An unreadable or invalid
        configuration (a directory, a symlink to nowhere), an unknown rule id anywhere,
        or an option a rule does not take, is a usage error (exit 2).

    SUPPRESSION
        // bodywork:disable RULE...        off from this line to `// bodywork:enable`
        // bodywork:disable:next RULE...   off for the next line of code
        // bodywork:disable:this RULE...   off for this line
        // bodywork:disable-file [RULE...] off for the whole file
        No rule id means every rule; text after `--` is a reason. With
        --report-unused-disables, comments that suppress nothing are reported.

    OUTPUT FORMATS
        text    path:line:col: severity: message [rule-id] (and what became of the fix)
        xcode   path:line:col: warning: message [rule-id]
        github  ::warning file=PATH,line=L,col=C,endLine=L,endColumn=C,title=RULE::message
                (`%`, CR and LF escaped as GitHub requires)
        json    {
                  "version": 1,
                  "files": [ { "path": "A.swift", "changed": true, "written": false,
                               "error": "only when --apply could not write it",
                               "findings": [ { "rule": "rule-id", "line": 3, "column": 5,
                                   "endLine": 3, "endColumn": 12, "message": "...",
                                   "severity": "warning|note|error",
                                   "fix": "applied|suggested|withheld|none",
                                   "reason": "why a fix was withheld (optional)" } ] } ],
                  "skipped": [ { "path": "B.swift", "reason": "not UTF-8 text" } ],
                  "summary": { "mode", "filesScanned", "filesChanged", "filesWritten",
                               "filesSkipped", "findings", "fixesApplied",
                               "rules": { "rule-id": { "findings", "applied",
                                          "suggested", "withheld", "none" } } }
                }
                fix "applied": the fix is in the output (shown by the preview, written by
                --apply); "suggested": applied only with --unsafe-fixes; "withheld": the
                rule or the engine held it back, see "reason"; "none": report only.
        sarif   SARIF 2.1.0: runs[0].tool.driver (name, version, rules with id,
                shortDescription, fullDescription) and results (ruleId, level,
                message.text, locations[].physicalLocation with artifactLocation.uri and
                region startLine, startColumn, endLine, endColumn).
        Lines are 1-based; columns are 1-based UTF-8 byte offsets within the line.

    LANGUAGE SERVER
        bodywork lsp speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length
        framing) on standard input and output; `--stdio` is accepted and changes nothing.
        Open, changed and saved documents get the findings as diagnostics: the rule id as
        `code`, `source` "bodywork", severity error, warning or information (note), and
        `codeDescription.href` pointing at the rule in RULES.md: the URL given as
        initializationOptions.ruleDocumentationURL (`{rule}` is replaced by the rule id,
        else `#rule-id` is appended), or else the RULES.md of the source checkout or the
        installed share/doc/bodywork next to the executable. Each document is checked with
        the configuration and deployment targets that apply at its path, as the command
        line would check the file; a configuration error is shown at the top of the
        document. A changed .bodywork.json applies at once when the client reports it
        (saved in the editor, or watched: the server asks to watch **/.bodywork.json);
        Package.swift and Xcode deployment targets are read once per session. Code actions: the rule's fix as a quick fix (preferred when `safe`;
        `suggested` fixes are offered, not preferred), "Disable RULE for this line" (a
        `// bodywork:disable:next RULE` line above, kept only when it does switch the
        finding off), and `source.fixAll.bodywork` (what --apply would write) when that
        kind is asked for. Positions are UTF-8 when the client offers it, else UTF-16;
        changes may be incremental. The exit status is 0 after `shutdown` then `exit`, else 1.

    EXIT STATUS
        0   success
        1   --check found a change or a finding
        2   usage or configuration error, unknown rule id, or --interactive without a
            terminal; nothing was read or written
        3   some files could not be processed or written, or standard output or the
            --patch file could not be written in full (takes precedence over 1)
        129, 130, 143
            stopped by SIGHUP, SIGINT (Ctrl-C) or SIGTERM: every file is either as it
            was or fully rewritten, and no temporary file is left behind

    EXAMPLES
        bodywork Sources                      preview the fixes as a diff
        bodywork --apply Sources              fix in place
        bodywork --check --format github .    in CI: annotate and fail on findings
        bodywork --lint --format sarif . > bodywork.sarif
        bodywork --changed-since origin/main --apply
        bodywork --patch fixes.patch Sources && git apply fixes.patch
        bodywork - --stdin-path Sources/View.swift < View.swift
        bodywork explain RULE                 what a rule finds and why
    """
}
