// The manual `bodywork help` and `man bodywork` print (`--help` prints a short usage, in
// Usage.swift). Every option the parser accepts appears here; a test checks that none is missing.

enum Help {
    static let text = """
    NAME
        bodywork - find and fix SwiftUI performance anti-patterns, losslessly

    SYNOPSIS
        bodywork [options] [paths...]
        bodywork [options] -                   (source on standard input)
        bodywork lint [options] [paths...]     (same as --lint)
        bodywork fix [options] [paths...]      (same as --apply)
        bodywork list-rules [--format text|json]   (also: bodywork rules)
        bodywork explain RULE
        bodywork parse [--tree|--tokens|--stats] [--jobs N] paths...
        bodywork help [COMMAND]                (this manual, or a command's part of it)
        bodywork version
        bodywork completions bash|zsh|fish     (a completion script on stdout)
        bodywork man                           (this manual as a roff man page)
        bodywork config [PATH] [--config FILE] (the configuration PATH gets, as JSON)
        bodywork describe [--format text|json] [paths...]
        bodywork lsp                           (Language Server on standard input/output)
        bodywork audit [--format text|markdown|json|html] [--output FILE] [--top N]
                       [--link TEMPLATE|git] [--compare PREVIOUS.json] [--evidence FILE]...
                       [--before-evidence FILE]... [paths...]
        bodywork probe [--top N] [--apply] [paths...]

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
                          Each hunk's `@@` line ends with the ids of the rules that wrote
                          it (`@@ -3,4 +3,4 @@ foreach-filter`); git and patch ignore them.
        --apply, --fix    Write the fixes in place. Only changed files are written, each
                          atomically, keeping its permissions; a file that changed on disk
                          since it was read, or is read-only, is reported and left alone.
        --check           Also exit with status 1 when a fix is pending or a warning or
                          error remains (for CI): in the preview, a file that would
                          change; with --lint, a fixable finding; with --apply, a finding
                          left unfixed. Notes do not fail the check unless --strict.
        --strict          With --check, notes fail too.
        --verify CMD      With --apply: check the fixes with a build (`--verify "swift
                          build"`). CMD runs through /bin/sh, first on the unchanged
                          tree: if it fails there, that is a usage error (exit 2) and
                          nothing is written. After the fixes are written CMD runs again;
                          if it fails, the files are restored and the fixes that break it
                          are found by bisection (groups of files, then the fixes of each
                          failing file), and only the others are written. Each fix backed
                          out is reported with the first line of CMD's output that says
                          "error" (else its first line). If CMD itself changes a file
                          bodywork wrote, the search stops, the other files are put
                          back and that file is named (exit 3). Ctrl-C (or SIGTERM,
                          SIGHUP) at any point stops CMD and all it started (SIGTERM,
                          SIGKILL after 3 s), then puts every file back as it was. With
                          -v, one line per run of CMD.
        --lint            Print findings only, no diff; write nothing.
        -i, --interactive Show each fix (its rule, message and every hunk it makes) and
                          ask "Apply this fix? [y,n,a,d,q]", one key, no Return: y yes,
                          n no, a this and the rest of the file, d none of the rest of the
                          file, q (or Ctrl-D) quit; the fixes accepted so far are
                          written, exactly those and whole. Ctrl-C stops and leaves the
                          current file as it was. Fixes that only appear once
                          others are applied are left for the next run. The summary
                          counts what was written. Needs a terminal on standard input;
                          exits 2 otherwise.

    OPTIONS
        --format FORMAT   text (default), xcode, github, json, sarif, checkstyle, junit,
                          gitlab or markdown. With a format other than text and no
                          --lint, findings are printed in that format instead of the
                          diff. See OUTPUT FORMATS.
        -o FILE, --output FILE
                          Write the findings report to FILE (atomically, once the run is
                          done) instead of standard output; the diff, messages and the
                          summary stay on the terminal. See OUTPUT FILES.
        --patch FILE      Also write the combined patch (uncolored) to FILE; `git apply`
                          and `patch -p1` accept it. FILE is written once every source
                          has been read (see OUTPUT FILES). Names with spaces or
                          special bytes are quoted as git quotes them; a path outside
                          the working directory is named from the git work tree's top
                          (else in full).
        --split-by rule|module|directory
                          Cut the fixes into reviewable groups, in the order they apply:
                          one per rule (in `list-rules` order; group k is made on the
                          tree with groups 1 to k-1 applied, and may hold fixes of an
                          earlier rule that its own make possible), one per module (the
                          target its Package.swift or Xcode project gives the file; a
                          file no manifest claims goes by the folder after Sources/ or
                          Tests/, else its first folder), or one per directory. Needs
                          --patch-dir, or --apply --commit. The plan is printed before
                          anything is written; no diff is printed.
        --patch-dir DIR   With --split-by: write one patch per group to DIR, numbered in
                          the order to apply them (001-foreach-filter.patch, ...), and
                          DIR/README.md listing each patch with its files, its fixes per
                          rule, and the findings left for a person. DIR must be new or
                          empty. Applying the patches in order with `git apply` gives the
                          tree --apply writes.
        --commit          With --apply and --split-by: one git commit per group, of that
                          group's files only, its message naming the rules, the number
                          of fixes and what each rule does. The work tree must be clean
                          (no change, no untracked file); otherwise, or outside a git
                          work tree, exit 2 and nothing is written. A group that cannot
                          be written or committed (a hook refuses it) is put back and
                          the run stops there (exit 3).
        --max-files N     With --split-by: cut a group of more than N changed files into
                          numbered parts of N files.
        --rules A,B       Run only these rules (repeatable; also --only-rule).
        --disable A,B     Do not run these rules (repeatable).
        --unsafe-fixes    Apply `suggested` fixes too, for every rule.
        --min-ios V       Oldest iOS the code supports (also --min-macos, --min-tvos,
        --min-macos V     --min-watchos, --min-visionos). Overrides the configuration,
        --min-tvos V      which overrides Package.swift `platforms:`. When no target is
        --min-watchos V   known, fixes that need a newer OS are withheld.
        --min-visionos V
        --config FILE     Use this configuration file; no .bodywork.json is searched for.
        --severity RULE=LEVEL
                          Report RULE's findings as LEVEL: error, warning or note
                          (repeatable; `unused-disable` names the findings about
                          suppressions). Wins over the configuration's "severity".
        --report-unused-disables
                          Report suppression comments that suppress nothing, and
                          baseline entries that match no finding of their file (or
                          whose file no longer exists).
        --write-baseline FILE
                          Record the run's findings in FILE, for --baseline (with
                          --apply, only those it leaves). Nothing is hidden while
                          writing. See BASELINE and OUTPUT FILES.
        --baseline FILE   Hide the findings FILE records (wins over the configuration's
                          "baseline").
        -U N, --context N Lines of context around each hunk (default 3).
        --color WHEN      auto (default), always or never. auto colors a terminal unless
                          the NO_COLOR environment variable is set.
        --exclude GLOB    Leave out matching files and directories (repeatable). A
                          pattern without `/` matches any path component
                          (`Generated`, `*.pb.swift`); one with `/` matches from the
                          working directory; `**` spans directories.
        --files-from FILE Read paths to process from FILE, one per line (`-`: standard
                          input). A list holding a NUL byte is split at NULs instead,
                          paths taken exactly: `git ls-files -z | bodywork --files-from -`.
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
        -q, --quiet       No summary, no progress line; of the findings on standard error
                          only those that make --check fail.
        -v, --verbose     One line per file on standard error, and the modules each file
                          belongs to.
        --no-cache        Neither read nor write the index cache (the facts of unchanged
                          files, kept in .build/bodywork/ of a package, else in
                          $XDG_CACHE_HOME/bodywork or ~/.cache/bodywork).
        --timings         After the summary, on standard error: the wall time of each
                          phase (finding files, planning, indexing, the rules and their
                          output) with the CPU time of all its threads and the cores
                          that kept busy, and each rule's time summed over files and jobs, with
                          the files it searched and checked and the findings it returned.
        -V, --version     Print `bodywork \(bodyworkVersion)`.
        -h, --help        Print a short usage (COMMAND --help: that command's);
                          `bodywork help` and `man bodywork` print this manual.

    FILE SELECTION
        Directories are walked for *.swift files in byte order of their paths, skipping
        hidden entries, directories named .build, DerivedData, Pods, Carthage, .swiftpm
        and node_modules, and Xcode bundles that hold no sources (*.xcodeproj,
        *.xcworkspace, *.xcassets, *.icon, *.lproj); symbolic links to directories are
        not followed. Inside a git work tree, files that .gitignore excludes are
        skipped: git is asked once per run (`git check-ignore`), unless no pattern of
        the ignore files (.gitignore, info/exclude, the excludes files of git's config)
        could match a file found.
        Files named explicitly are always taken, hidden or ignored, unless --exclude or a
        configuration exclude matches them. With no path, `.` is used. One file named
        twice (through a symbolic or hard link, or as `a/../a`) is processed once.

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
        file given with --config), on top of the ones further up unless it says
        "inherit": false (--config inherits nothing). It is JSON (RFC 8259) with two
        extensions: `//` and `/* */` comments, and a trailing comma before `}` or `]`;
        no unquoted keys, no single quotes. Every key is optional:
            {
              "rules": { "enable": ["rule-id"], "disable": ["rule-id"],
                         "only": ["rule-id"] },
              "options": { "rule-id": { "option": "value" } },
              "unsafeFixes": ["rule-id"],          (or true for every rule)
              "exclude": ["Generated/**", "*.pb.swift"],
              "deploymentTarget": { "iOS": "15.0", "macOS": "12" },
              "swiftLanguageMode": 6,
              "severity": { "foreach-filter": "warning" },
              "baseline": "bodywork-baseline.json",
              "inherit": true
            }
        Inheriting: keys set in the nearer file win (per rule, per platform); rule
        lists combine, a rule enabled nearer leaving a disable above and the other
        way round; excludes of every file apply, each relative to its own directory.
        `bodywork config PATH` prints what applies to PATH and the files it came from.
        "exclude" patterns are relative to the configuration's directory. Deployment
        targets: flags, then the configuration, then the file's module (Package.swift
        `platforms:`, or its Xcode target's settings over the project's), per platform.
        "severity" sets the level (error, warning or note) of a rule's findings.
        Command-line flags win over the configuration. An unreadable or invalid
        configuration (a directory, a symlink to nowhere), an unknown rule id anywhere,
        or an option a rule does not take, is a usage error (exit 2).

    PROJECTS AND MODULES
        Fixes are proven against what the compiler sees for a file: the declarations of
        its module and of the modules that module depends on. Modules come from
        Package.swift (targets, path:, exclude:, sources:, target and local package
        product dependencies), *.xcodeproj (sources build phases, synchronized folders
        and their exceptions, target and local package dependencies) and *.xcworkspace,
        found in a file's folder and above (with the projects a workspace there lists).
        A file no manifest claims belongs to the nearest folder above it that holds a
        manifest or .git, or that was given on the command line. A file in several
        targets sees what all of them see. Whatever files a run selects, their whole
        modules are indexed; only the selected files are changed or reported.
        bodywork describe [--format text|json] [PATH...] prints the projects, modules,
        file counts, dependencies and deployment targets; --verbose names each file's
        modules. Index facts are cached by file content (see --no-cache).

    AUDIT
        bodywork audit [PATH...] runs every active rule in report mode (nothing is
        written) and prints a SwiftUI performance audit: findings grouped by cause (work
        in body, dependencies wider than needed, unstable identity, variable row counts,
        eager containers, layout feedback, stored closures, images, expensive rendering)
        and by view, one section per project. Each finding has its place, an excerpt, the
        rule's explanation and why it costs in its place, its fix as a diff (and its size
        in lines added and removed) or why there is none, a priority, and the status
        "unconfirmed (from code)". Priority = severity weight (error 3, warning 2, note 1)
        times place weight (4 in a row: a ForEach's content, a List's or lazy container's
        content built per element, or a view such a row builds; 2 in body, init or what
        body reads; 1 in an action closure, for what runs once (a task started on appear,
        an app's or a static's setup) or elsewhere); views are ranked by the sum, those
        with a finding that runs per update first. The top views (--top N, default 10;
        never a view whose findings all run once or on an event) get the measurement that
        would confirm them and an XCTest performance test. The default output is a
        terminal summary; --format markdown, json (schema `bodywork-audit`, see README.md)
        or html (one self-contained page, with filters by module, cause and quick wins)
        write the full report, to standard output or to --output FILE.
        --compare PREVIOUS.json reads an earlier `audit --format json` report and marks
        each finding new or unchanged, and lists those fixed since; findings match by
        file, rule, view and the code they point at, so lines added above them do not
        make them new. --link TEMPLATE makes each place a link: {path} (from the top of
        the git work tree), {line} and {column} are replaced, as in
        https://host/org/repo/blob/main/{path}#L{line}; --link git makes the template
        from the remote (origin, else the first) at the checked-out commit.
        Projects without findings come last; the HTML page ends with the documentation of
        the rules it names, which each rule name links to. As for the main command, it
        takes --config, --exclude, --jobs and --no-cache. Exit status 3 when a file
        could not be read or the report not written.

        With --evidence FILE (repeatable) the audit joins a measurement. FILE is an
        `xctrace export` of the SwiftUI template's swiftui-updates table (hitch and hang
        tables exported with it are read too), a .trace bundle (exported with xctrace
        on macOS; elsewhere a usage error that gives the export command), or a console
        log of Self._printChanges() or Self._logChanges() lines. Each measured view is
        joined to the view the project declares under that type name (generic
        arguments stripped; the trace's module or the log's process breaks ties): its
        findings become "confirmed (trace)" or "confirmed (log)", it gets its updates,
        total and long (over 500 us) update time and causes, and measured views rank
        first by measured cost (trace: total update time; log: updates), a measured view
        without findings among them ("measured, no code finding"). Updates still
        running when the recording stopped do not count; updates without a view name
        are listed as SwiftUI's own work. With --before-evidence FILE (repeatable,
        needs --evidence) the report adds the before/after table: per view, updates and
        time before and after. A file that is malformed, truncated or not evidence is a
        usage error (exit 2) naming it and what is wrong; nothing is written.

    PROBE
        bodywork probe [--top N] [PATH...] ranks the views as audit does and adds
        `let _ = Self._printChanges()` as the first statement of body in the top N
        views (default 5), as an ordinary fix: a preview by default, written with the
        option --apply (or --fix). A body whose first statement shares the line of its
        opening brace is reported and left alone. Run the app, save its console
        output, and pass it to audit --evidence; the probes come out again with
        `bodywork --rules print-changes --apply`, giving back the files byte for byte.
        It takes --config, --exclude, --jobs, --no-cache and --color.

    SUPPRESSION
        // bodywork:disable RULE...        off from this line to `// bodywork:enable`
        // bodywork:disable:next RULE...   off for the next statement or declaration,
                                           all of it (a whole ForEach and its rows)
        // bodywork:disable:this RULE...   off for this line and the statement it ends
        // bodywork:disable:previous RULE... off for the statement before the comment
        // bodywork:disable-file [RULE...] off for the whole file
        No rule id means every rule; text after `--` is a reason. With
        --report-unused-disables, comments that suppress nothing are reported.

    BASELINE
        A baseline lets CI adopt bodywork on existing code: it fails only on findings
        that are not recorded. `bodywork --lint --write-baseline FILE` writes
            { "version": 1,
              "findings": [ { "path": "../Sources/A.swift", "rule": "rule-id",
                              "source": "if item.isVisible {", "count": 1 } ] }
        sorted by path, rule and source. "path" is relative to FILE's directory;
        "source" is the text of the lines the finding covers with whitespace collapsed;
        "count" is how many such findings there are. No line numbers: an entry keeps
        matching when lines are added or removed elsewhere in the file. With
        --baseline FILE, up to "count" findings of a file with that rule and source are
        hidden from the output, the summary and --check, and their fixes are not
        applied. The preview and --lint record fixable findings too; after --apply only
        the findings left are recorded.

    OUTPUT FORMATS
        text    path:line:col: severity: message [rule-id] (and what became of the fix)
        xcode   path:line:col: error|warning|note: message [rule-id]
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
                                   "reason": "why a fix was withheld (optional)",
                                   "edits": [ { "start": { "line", "column", "offset" },
                                                "end": { "line", "column", "offset" },
                                                "replacement": "text" } ] } ] } ],
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
                region startLine, startColumn, endLine, endColumn), partialFingerprints
                ("bodywork/v1") and, for a safe or suggested fix, fixes[] with
                artifactChanges (deletedRegion, insertedContent).
        checkstyle  Checkstyle 4.3 XML: <file name> with <error line column severity
                message source="bodywork.RULE">.
        junit   JUnit XML: one testcase per file, a <failure> listing its warnings and
                errors (notes go to <system-out>), an <error> per skipped file.
        gitlab  GitLab code quality JSON: description, check_name, fingerprint,
                severity (info, minor, major), location.path and lines.begin/end.
        markdown  A summary line and a table of findings (location, severity, rule,
                message, fix), for a pull request comment or an issue.
        "edits" (JSON) and "fixes" (SARIF) are the fix's edits in the file as read, for
        findings whose fix is applied or suggested; "offset" is a UTF-8 byte offset.
        Fingerprints hash the rule, the path and the finding's own source text, so they
        stay the same when lines are inserted above it.
        Lines are 1-based; columns are 1-based UTF-8 byte offsets within the line.
        On a terminal, text findings are colored by severity (see --color, NO_COLOR).

    LANGUAGE SERVER
        bodywork lsp speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length
        framing) on standard input and output; `--stdio` is accepted and changes nothing.
        Open, changed and saved documents get the findings as diagnostics: the rule id as
        `code`, `source` "bodywork", severity error, warning or information (note), and
        `codeDescription.href` pointing at the rule in RULES.md: the URL given as
        initializationOptions.ruleDocumentationURL (`{rule}` is replaced by the rule id,
        else `#rule-id` is appended), or else the RULES.md of the source checkout or the
        installed share/doc/bodywork next to the executable, or else a page per rule
        (what `bodywork explain RULE` prints) written into $XDG_CACHE_HOME/bodywork or
        ~/.cache/bodywork. Hovering over a finding shows its message, what becomes of its
        fix, the rule's summary and that link. Each document is checked with
        the configuration and deployment targets that apply at its path, as the command
        line would check the file; a configuration error is shown at the top of the
        document. A changed .bodywork.json applies at once when the client reports it
        (saved in the editor, or watched: the server asks to watch **/.bodywork.json);
        a changed Package.swift or Xcode project (deployment targets, language modes) is
        read again when it is saved in the editor, reported by the client, or found with
        a new modification time on the next check. Code actions: the rule's fix as a
        quick fix (preferred when `safe`;
        `suggested` fixes are offered, not preferred), "Disable RULE for this line" (a
        `// bodywork:disable:next RULE` line above, kept only when it does switch the
        finding off), and `source.fixAll.bodywork` (what --apply would write) when that
        kind is asked for. Positions are UTF-8 when the client offers it, else UTF-16;
        changes may be incremental. The exit status is 0 after `shutdown` then `exit`, else 1.

    ENVIRONMENT
        NO_COLOR          No color on a terminal (as --color never).
        XDG_CACHE_HOME    Where the index cache lives outside a SwiftPM package
                          ($XDG_CACHE_HOME/bodywork, else ~/.cache/bodywork).
        BODYWORK_NO_HEAP_TUNING
                          On Linux, a run asks for transparent huge pages over its heap
                          and grows the heap in large steps (memory faulted in 4 KB
                          pages cost about a tenth of its time); set, or with
                          GLIBC_TUNABLES set, the allocator is left as it is.
        BODYWORK_NO_PLACEMENT
                          On Linux, with several jobs and processors to spare, each
                          thread of a run keeps a processor of its own while it works
                          (child processes may run on any); set, the system places
                          them as it will.

    OUTPUT FILES
        -o, --patch, --write-baseline, --patch-dir and audit --output are checked
        together before anything is read: none may be a file being read, the
        configuration in use or (but for --write-baseline) the baseline in use, or a
        directory, and no two may name one file (exit 2). A regular file, or a
        symlink's target, is replaced atomically; a device or FIFO is written as a
        stream. A write that fails (a full disk) is exit 3.

    EXIT STATUS
        0   success
        1   --check found a pending fix, or a warning or error (a note with --strict)
        2   usage or configuration error, unknown rule id, --interactive without a
            terminal, or a --verify command that fails on the unchanged tree;
            nothing was written
        3   some files could not be processed or written, or standard output or an
            output file could not be written in full (takes precedence over 1)
        129, 130, 143
            stopped by SIGHUP, SIGINT (Ctrl-C) or SIGTERM: every file is either as it
            was or fully rewritten (under --verify: as it was), and no temporary file
            is left behind

    EXAMPLES
        bodywork Sources                      preview the fixes as a diff
        bodywork --apply Sources              fix in place
        bodywork --check --format github .    in CI: annotate and fail on findings
        bodywork --lint --format sarif . > bodywork.sarif
        bodywork --changed-since origin/main --apply
        bodywork --apply --verify "swift build"   keep only fixes that still build
        bodywork --patch fixes.patch Sources && git apply fixes.patch
        bodywork --split-by rule --patch-dir ../migration Sources
                                              one patch per rule, applied in order
        bodywork --apply --commit --split-by module --max-files 50
                                              one commit per module (50 files at most)
        bodywork - --stdin-path Sources/View.swift < View.swift
        bodywork explain RULE                 what a rule finds and why
    """
}
