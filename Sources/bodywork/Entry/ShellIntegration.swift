// Shell completions and the man page, generated from the manual `--help` prints, so that
// neither can drift from the options the parser accepts.
import Codemod
import Foundation

/// The options of the manual, as completions and suggestions need them.
enum ManualIndex {
    /// Every option spelled in an option column of the manual (`--format`, `-j`, …), in
    /// the order written, without duplicates.
    static let optionNames: [String] = {
        var names: [String] = []
        for line in Help.text.split(separator: "\n", omittingEmptySubsequences: false) {
            // An option column starts with a dash after the four spaces of a section's body.
            guard line.hasPrefix("    -") else { continue }
            // `-j N, --jobs N`: every word up to the first that neither is an option nor
            // ends a comma-separated alternative.
            for word in line.dropFirst(4).split(separator: " ").prefix(while: { $0.hasPrefix("-") || $0.hasSuffix(",") }) {
                let name = word.hasSuffix(",") ? String(word.dropLast()) : String(word)
                if name.hasPrefix("-"), name.count > 1, !names.contains(name) { names.append(name) }
            }
        }
        return names
    }()

    /// `optionNames` and the aliases the manual names only in prose.
    static let allOptions: [String] = optionNames + ["--only-rule"].filter { !optionNames.contains($0) }

    /// Options that take a value, and the values when they are a fixed set.
    static func values(for option: String, ruleIDs: [String]) -> ValueKind {
        switch option {
        case "--format": return .choices(OutputFormat.allCases.map(\.rawValue))
        case "--color", "--colour": return .choices(ColorMode.allCases.map(\.rawValue))
        case "--rules", "--disable", "--only-rule": return .ruleList(ruleIDs)
        case "--split-by": return .choices(SplitMode.allCases.map(\.rawValue))
        case "--patch", "--patch-dir", "--config", "--files-from", "--stdin-path", "--exclude",
             "--baseline", "--write-baseline", "-o", "--output":
            return .file
        case "--changed-since", "--min-ios", "--min-macos", "--min-tvos", "--min-watchos", "--min-visionos",
             "-j", "--jobs", "-U", "--context", "--max-file-size", "--max-files", "--severity", "--verify":
            return .text
        default: return .none
        }
    }

    enum ValueKind: Equatable {
        case none, text, file
        case choices([String])
        /// Rule ids, several separated by commas.
        case ruleList([String])
    }

    /// Each option's description in the manual up to its first full stop, semicolon or
    /// parenthesis (at most 70 characters), for shells that show one.
    static let descriptions: [String: String] = {
        var found: [String: String] = [
            "--format": "The report's format", "--color": "Color: auto, always or never",
            "--only-rule": "Run only these rules", "--top": "How many of the top views get a measurement plan",
            "--min-macos": "Oldest macOS the code supports", "--min-tvos": "Oldest tvOS the code supports",
            "--min-watchos": "Oldest watchOS the code supports", "--min-visionos": "Oldest visionOS the code supports",
        ]
        let lines = Help.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() where line.hasPrefix("    -") {
            let names = line.dropFirst(4).split(separator: " ").prefix { $0.hasPrefix("-") || $0.hasSuffix(",") }
                .map { $0.hasSuffix(",") ? String($0.dropLast()) : String($0) }.filter { $0.hasPrefix("-") }
            // The description starts at column 22, on this line or, after a long option
            // column, on the next; it goes on in the lines indented to that column.
            let sameLine = String(line.dropFirst(22))
            let startsHere = line.count > 22 && Array(line)[21] == " " && sameLine.first != " "
                && sameLine.contains(where: { $0.isLowercase || $0 == " " })
            var paragraph = startsHere ? [sameLine] : []
            for next in lines[(index + 1)...] {
                guard next.hasPrefix(String(repeating: " ", count: 22)) else { break }
                paragraph.append(next.trimmingCharacters(in: .whitespaces))
            }
            var text = paragraph.joined(separator: " ")
            for stop in [". ", "; ", " ("] { if let range = text.range(of: stop) { text = String(text[..<range.lowerBound]) } }
            if text.hasSuffix(".") { text.removeLast() }
            if text.count > 70 { text = String(text.prefix(70).split(separator: " ").dropLast().joined(separator: " ")) + "…" }
            if text.hasPrefix("-") { text = "" }
            for name in names where found[name] == nil { found[name] = text }
        }
        return found
    }()

    /// The known option closest to `unknown`, when it is close enough to be a typo.
    static func suggestion(for unknown: String) -> String? {
        Spelling.closest(to: unknown, among: allOptions.filter { $0.hasPrefix("--") })
    }
}

/// `bodywork completions bash|zsh|fish`.
enum Completions {
    /// The commands, with what each does.
    static let commands: [(name: String, about: String)] = [
        ("lint", "print the findings only"), ("fix", "write the safe fixes"),
        ("audit", "a ranked SwiftUI performance audit"), ("probe", "add _printChanges() to the bodies of the top views"),
        ("list-rules", "the rules and whether each is on"),
        ("rules", "the rules and whether each is on"), ("explain", "what a rule finds and how it is fixed"),
        ("config", "the configuration a path gets, as JSON"), ("describe", "the projects, modules and files a run sees"),
        ("lsp", "a Language Server for editors"), ("parse", "the syntax tree, tokens or parse statistics"),
        ("completions", "a completion script for bash, zsh or fish"), ("man", "the manual as a man page"),
        ("help", "the full manual"), ("version", "the version"),
    ]
    static var subcommands: [String] { commands.map(\.name) }

    /// `audit`'s options and the values of those that take one.
    static let auditOptions: [(option: String, values: ManualIndex.ValueKind)] = [
        ("--format", .choices(AuditFormat.allCases.map(\.rawValue))), ("-o", .file), ("--output", .file),
        ("--top", .text), ("--link", .text), ("--compare", .file), ("--config", .file), ("--exclude", .file), ("-j", .text), ("--jobs", .text),
        ("--no-cache", .none), ("--evidence", .file), ("--before-evidence", .file), ("--help", .none),
    ]

    /// `probe`'s options and the values of those that take one.
    static let probeOptions: [(option: String, values: ManualIndex.ValueKind)] = [
        ("--top", .text), ("--apply", .none), ("--fix", .none), ("--config", .file), ("--exclude", .file), ("-j", .text),
        ("--jobs", .text), ("--no-cache", .none), ("--color", .choices(ColorMode.allCases.map(\.rawValue))), ("--help", .none),
    ]

    static func script(for shell: String, ruleIDs: [String]) -> String? {
        let options = ManualIndex.allOptions
        switch shell {
        case "bash": return bash(options, ruleIDs: ruleIDs)
        case "zsh": return zsh(options, ruleIDs: ruleIDs)
        case "fish": return fish(options, ruleIDs: ruleIDs)
        default: return nil
        }
    }

    // MARK: - bash

    private static func bashCase(_ option: String, _ kind: ManualIndex.ValueKind) -> String? {
        switch kind {
        case .choices(let values):
            return "\(option)) COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return ;;"
        case .ruleList(let ids):
            // After a comma: the ids, each with the list typed so far in front.
            return "\(option)) local done=\"\"; [[ \"$cur\" == *,* ]] && done=\"${cur%,*},\"; "
                + "COMPREPLY=($(compgen -P \"$done\" -W \"\(ids.joined(separator: " "))\" -- \"${cur##*,}\")); compopt -o nospace 2>/dev/null; return ;;"
        case .file: return "\(option)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;"
        case .text: return "\(option)) return ;;"
        case .none: return nil
        }
    }

    private static func bash(_ options: [String], ruleIDs: [String]) -> String {
        let cases = options.compactMap { bashCase($0, ManualIndex.values(for: $0, ruleIDs: ruleIDs)) }
            .map { "        " + $0 }.joined(separator: "\n")
        let auditCases = auditOptions.compactMap { bashCase($0.option, $0.values) }.map { "                " + $0 }
            .joined(separator: "\n")
        let probeCases = probeOptions.compactMap { bashCase($0.option, $0.values) }.map { "                " + $0 }
            .joined(separator: "\n")
        return """
        # bash completion for bodywork (generated by `bodywork completions bash`)
        _bodywork() {
            local cur prev command
            cur="${COMP_WORDS[COMP_CWORD]}"
            prev="${COMP_WORDS[COMP_CWORD-1]}"
            command="${COMP_WORDS[1]}"
            case "$command" in
            audit)
                case "$prev" in
        \(auditCases)
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(auditOptions.map(\.option).joined(separator: " "))" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -X '!*.swift' -- "$cur") $(compgen -d -- "$cur"))
                fi
                return ;;
            probe)
                case "$prev" in
        \(probeCases)
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "\(probeOptions.map(\.option).joined(separator: " "))" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -X '!*.swift' -- "$cur") $(compgen -d -- "$cur"))
                fi
                return ;;
            describe|list-rules|rules)
                case "$prev" in
                --format) COMPREPLY=($(compgen -W "text json" -- "$cur")); return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "--format --help" -- "$cur"))
                elif [[ "$command" == describe ]]; then
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
                return ;;
            config)
                case "$prev" in
                --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
                esac
                if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--config --help" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi
                return ;;
            lsp)
                COMPREPLY=($(compgen -W "--stdio --help" -- "$cur")); return ;;
            help)
                [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W "\(Help.verbs.joined(separator: " "))" -- "$cur"))
                return ;;
            esac
            case "$prev" in
        \(cases)
                explain) COMPREPLY=($(compgen -W "\(ruleIDs.joined(separator: " "))" -- "$cur")); return ;;
                completions) COMPREPLY=($(compgen -W "bash zsh fish" -- "$cur")); return ;;
            esac
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "\(options.joined(separator: " "))" -- "$cur"))
            elif [[ $COMP_CWORD -eq 1 ]]; then
                COMPREPLY=($(compgen -W "\(subcommands.joined(separator: " "))" -- "$cur") $(compgen -f -X '!*.swift' -- "$cur") $(compgen -d -- "$cur"))
            else
                COMPREPLY=($(compgen -f -X '!*.swift' -- "$cur") $(compgen -d -- "$cur"))
            fi
        }
        complete -o filenames -F _bodywork bodywork

        """
    }

    // MARK: - zsh

    /// Text inside a zsh `_arguments` spec's brackets or a single-quoted word.
    private static func zshQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "(")
            .replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: " -")
    }

    private static func zshSpec(_ option: String, _ kind: ManualIndex.ValueKind) -> String {
        let about = zshQuoted(ManualIndex.descriptions[option] ?? "")
        switch kind {
        case .choices(let values): return "'\(option)[\(about)]:value:(\(values.joined(separator: " ")))'"
        case .ruleList(let ids): return "'\(option)[\(about)]:rules:_values -s , rule \(ids.joined(separator: " "))'"
        case .file: return "'\(option)[\(about)]:file:_files'"
        case .text: return "'\(option)[\(about)]:value: '"
        case .none: return "'\(option)[\(about)]'"
        }
    }

    private static func zsh(_ options: [String], ruleIDs: [String]) -> String {
        let specs = options.map { zshSpec($0, ManualIndex.values(for: $0, ruleIDs: ruleIDs)) }
        let auditSpecs = auditOptions.map { zshSpec($0.option, $0.values) }
        let probeSpecs = probeOptions.map { zshSpec($0.option, $0.values) }
        let commandList = commands.map { "'\($0.name):\(zshQuoted($0.about))'" }.joined(separator: " ")
        return """
        #compdef bodywork
        # zsh completion for bodywork (generated by `bodywork completions zsh`)
        _bodywork() {
          if (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then
            local -a commands
            commands=(\(commandList))
            _describe -t commands 'command' commands
            _files -g '*.swift(-.)'
            return
          fi
          case $words[2] in
            explain) _values 'rule' \(ruleIDs.joined(separator: " ")); return ;;
            completions) _values 'shell' bash zsh fish; return ;;
            help) _values 'command' \(Help.verbs.joined(separator: " ")); return ;;
            lsp) _arguments '--stdio[standard input and output, the only transport]'; return ;;
            config) _arguments '--config[this configuration file]:file:_files' '*:path:_files'; return ;;
            describe|list-rules|rules)
              _arguments '--format[text or JSON]:format:(text json)' '*:path:_files'; return ;;
            audit)
              _arguments -s \\
                \(auditSpecs.joined(separator: " \\\n        "))
                '*:file:_files -g "*.swift(-.)"'
              return ;;
            probe)
              _arguments -s \\
                \(probeSpecs.joined(separator: " \\\n        "))
                '*:file:_files -g "*.swift(-.)"'
              return ;;
          esac
          _arguments -s \\
            \(specs.joined(separator: " \\\n    "))
            '*:file:_files -g "*.swift(-.)"'
        }
        _bodywork "$@"

        """
    }

    // MARK: - fish

    private static func fishLine(_ option: String, _ kind: ManualIndex.ValueKind, condition: String) -> String {
        let flag = option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
        let about = (ManualIndex.descriptions[option] ?? "").replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "'", with: "\\'")
        var line = "complete -c bodywork -n '\(condition)' \(flag)"
        switch kind {
        case .choices(let values): line += " -x -a '\(values.joined(separator: " "))'"
        case .ruleList(let ids):
            // The ids, each after what was typed up to the last comma.
            line += " -x -a '(string replace -r \\'[^,]*$\\' \\'\\' -- (commandline -ct)){\(ids.joined(separator: ","))}'"
        case .file: line += " -r -F"
        case .text: line += " -x"
        case .none: break
        }
        return about.isEmpty ? line : line + " -d '\(about)'"
    }

    private static func fish(_ options: [String], ruleIDs: [String]) -> String {
        var lines = ["# fish completion for bodywork (generated by `bodywork completions fish`)"]
        for command in commands {
            lines.append("complete -c bodywork -n '__fish_use_subcommand' -a '\(command.name)' -d '\(command.about)'")
        }
        lines += ["complete -c bodywork -n '__fish_seen_subcommand_from explain' -f -a '\(ruleIDs.joined(separator: " "))'",
                  "complete -c bodywork -n '__fish_seen_subcommand_from completions' -f -a 'bash zsh fish'",
                  "complete -c bodywork -n '__fish_seen_subcommand_from help' -f -a '\(Help.verbs.joined(separator: " "))'",
                  "complete -c bodywork -n '__fish_seen_subcommand_from lsp' -f -l stdio",
                  "complete -c bodywork -n '__fish_seen_subcommand_from config' -l config -r -F",
                  "complete -c bodywork -n '__fish_seen_subcommand_from describe list-rules rules' -l format -x -a 'text json'"]
        let verbs = "__fish_seen_subcommand_from audit probe describe list-rules rules config lsp explain completions help man version parse"
        for option in options {
            lines.append(fishLine(option, ManualIndex.values(for: option, ruleIDs: ruleIDs), condition: "not \(verbs)"))
        }
        for (option, values) in auditOptions {
            lines.append(fishLine(option, values, condition: "__fish_seen_subcommand_from audit"))
        }
        for (option, values) in probeOptions {
            lines.append(fishLine(option, values, condition: "__fish_seen_subcommand_from probe"))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `bodywork man`: the manual as a roff man page (section 1).
enum ManPage {
    static func text(version: String) -> String {
        var out = ".TH BODYWORK 1 \"\" \"bodywork \(version)\" \"User Commands\"\n"
        var inSection = false
        for line in Help.text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.isEmpty, !line.hasPrefix(" ") {
                if inSection { out += ".fi\n" }
                out += ".SH \(line)\n.nf\n"
                inSection = true
                continue
            }
            out += escape(String(line.dropFirst(min(4, line.prefix { $0 == " " }.count)))) + "\n"
        }
        if inSection { out += ".fi\n" }
        return out
    }

    /// A line as roff text: backslashes doubled, a leading `.` or `'` protected.
    private static func escape(_ line: String) -> String {
        var text = line.replacingOccurrences(of: "\\", with: "\\e")
        text = text.replacingOccurrences(of: "-", with: "\\-")
        if text.hasPrefix(".") || text.hasPrefix("'") { text = "\\&" + text }
        return text
    }
}
