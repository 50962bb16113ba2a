// A migration in reviewable pieces (`--split-by`): which group each fix belongs to, the
// order the groups apply in, and the words that describe them (plan, README, commits).
import Codemod
import Foundation
import Project

/// How `--split-by` cuts the run's fixes into groups.
enum SplitMode: String, CaseIterable {
    /// One group per rule, in rule order; each is made on top of the ones before it.
    case rule
    /// One group per module (see `MigrationGrouping.moduleName(forFile:)`).
    case module
    /// One group per directory holding changed files.
    case directory
}

/// `--split-by`, `--patch-dir`, `--commit` and `--max-files`, as parsed.
struct MigrationOptions {
    var splitBy: SplitMode?
    /// `--patch-dir DIR`: one patch per group there, and a README.md.
    var patchDirectory: String?
    /// `--commit`: with `--apply`, one git commit per group.
    var commits = false
    /// `--max-files N`: groups of more changed files are cut into numbered parts.
    var maxFiles: Int?

    mutating func parse(_ name: String, value: String?) throws(UsageError) {
        switch name {
        case "--split-by":
            guard let value, let mode = SplitMode(rawValue: value) else {
                throw UsageError("--split-by must be rule, module or directory, not '\(value ?? "")'")
            }
            splitBy = mode
        case "--patch-dir":
            guard let value, !value.isEmpty else { throw UsageError("--patch-dir needs a directory") }
            patchDirectory = value
        case "--max-files":
            guard let value, let count = Int(value), count >= 1, count <= ArgumentParser.largestCount else {
                throw UsageError("--max-files needs a whole number from 1 to \(ArgumentParser.largestCount), not '\(value ?? "")'")
            }
            maxFiles = count
        default:
            commits = true
        }
    }

    /// The combinations that make sense: a split needs somewhere to go (patches or
    /// commits), commits need `--apply`, and the modes that pick fixes some other way
    /// (interactive, `--verify`) or read one source (`-`) are left out.
    func validate(_ options: RunOptions) throws(UsageError) {
        guard splitBy != nil else {
            if patchDirectory != nil || commits || maxFiles != nil {
                throw UsageError("--patch-dir, --commit and --max-files need --split-by rule|module|directory")
            }
            return
        }
        if patchDirectory == nil && !commits {
            throw UsageError("--split-by needs --patch-dir DIR, or --apply --commit")
        }
        if commits && options.mode != .apply { throw UsageError("--commit writes the fixes; it needs --apply") }
        if options.mode == .lint || options.mode == .interactive {
            throw UsageError("--split-by cannot be combined with \(options.mode == .lint ? "--lint" : "--interactive")")
        }
        if options.readsStandardInput { throw UsageError("--split-by needs files, not '-'") }
        if options.verifyCommand != nil { throw UsageError("--split-by cannot be combined with --verify") }
        if options.patchPath != nil { throw UsageError("--patch writes one patch; with --split-by, use --patch-dir") }
    }
}

// MARK: - Grouping

/// Which group a changed file belongs to under `--split-by module` or `directory`.
enum MigrationGrouping {
    /// The module `path` belongs to: the project model's, else by the SwiftPM layout,
    /// the folder after the first `Sources` or `Tests` component of the path
    /// (`Sources/App/Views/List.swift` → `App`, `Tests/AppTests/ListTests.swift` →
    /// `AppTests`), else the path's first folder (`App/List.swift` → `App`), else `.`.
    /// The path is taken as patches name it (`FilePath.inPatch`).
    ///
    /// This is the one place that decides: the project model's module of the file, else
    /// the path convention below.
    static func moduleName(forFile path: String, model: ProjectModel?) -> String {
        // The project model's answer: the first module (by id) a manifest gives the file.
        // A folder without a manifest is one module to the model; for reviewable pieces
        // the layout below splits it more usefully.
        if let model, let owner = model.owners(ofFile: FilePath.absolute(path)).first,
           let module = model.module(owner), module.kind != .folder {
            return module.name
        }
        let folders = FilePath.inPatch(path).split(separator: "/").dropLast().map(String.init)
        if let index = folders.firstIndex(where: { $0 == "Sources" || $0 == "Tests" }), index + 1 < folders.count {
            return folders[index + 1]
        }
        return folders.first ?? "."
    }

    /// The directory of `path`, as patches name it.
    static func directoryName(forFile path: String) -> String {
        FilePath.directory(of: FilePath.inPatch(path))
    }
}

// MARK: - Groups

/// What one group does to one file: the text it leaves, its diff, its fixes by rule.
struct MigrationStep: Sendable {
    /// The rule id, module or directory of the group.
    var key: String
    var output: [UInt8]
    var diff: [UInt8]
    /// Rule id → fixes applied in this step.
    var fixes: [String: Int]
    /// With `rule`: the step holds all the file's fixes, which could not be taken apart by rule.
    var isWholeFile = false
}

/// One patch, one commit: the files it changes, in file order.
struct MigrationGroup {
    /// 1-based position in the order the groups apply in.
    var number: Int
    var key: String
    var part: Int
    var parts: Int
    /// (index of the file in the run, its step in this group).
    var files: [(file: Int, step: MigrationStep)]

    /// Fixes per rule, in `ruleOrder`.
    func fixes(ruleOrder: [String]) -> [(ruleID: String, count: Int)] {
        var counts: [String: Int] = [:]
        for item in files { counts.merge(item.step.fixes, uniquingKeysWith: +) }
        let known = ruleOrder.filter { counts[$0] != nil }
        let others = counts.keys.filter { !ruleOrder.contains($0) }.sorted()
        return (known + others).map { ($0, counts[$0]!) }
    }

    var fixCount: Int { files.reduce(0) { $0 + $1.step.fixes.values.reduce(0, +) } }
}

/// The groups of a run in the order they apply, and how to name them.
struct MigrationPlan {
    let mode: SplitMode
    /// Every rule that ran, in the order rule groups apply.
    let ruleOrder: [String]
    var groups: [MigrationGroup]

    /// Collects the steps of every file (in file order) into groups: by rule in rule
    /// order, else by key in byte order; a group of more than `maxFiles` files is cut
    /// into parts of `maxFiles`, in file order.
    init(mode: SplitMode, ruleOrder: [String], steps: [[MigrationStep]], maxFiles: Int?) {
        self.mode = mode
        self.ruleOrder = ruleOrder
        var byKey: [String: [(file: Int, step: MigrationStep)]] = [:]
        for (file, fileSteps) in steps.enumerated() {
            for step in fileSteps { byKey[step.key, default: []].append((file, step)) }
        }
        let keys: [String]
        if mode == .rule {
            keys = ruleOrder.filter { byKey[$0] != nil } + byKey.keys.filter { !ruleOrder.contains($0) }.sorted()
        } else {
            keys = byKey.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        }
        var groups: [MigrationGroup] = []
        for key in keys {
            let files = byKey[key]!
            let size = maxFiles ?? files.count
            let parts = (files.count + size - 1) / size
            for part in 0..<parts {
                let slice = Array(files[(part * size)..<min(files.count, (part + 1) * size)])
                groups.append(MigrationGroup(number: groups.count + 1, key: key, part: part + 1, parts: parts, files: slice))
            }
        }
        self.groups = groups
    }

    /// `rule foreach-filter`, `module App (part 2 of 3)`.
    func title(_ group: MigrationGroup) -> String {
        let base: String
        switch mode {
        case .rule: base = group.key
        case .module: base = group.key == "." ? "files outside any folder" : "module \(group.key)"
        case .directory: base = group.key == "." ? "top directory" : "directory \(group.key)"
        }
        return group.parts > 1 ? "\(base) (part \(group.part) of \(group.parts))" : base
    }

    /// `001-foreach-filter.patch`, `002-App-part-2.patch`: the number, zero-padded so
    /// that names sort in the order the patches apply, then the group's name with
    /// anything but letters, digits, `.`, `_` and `-` turned into `-`.
    func fileName(_ group: MigrationGroup) -> String {
        let width = max(3, String(groups.count).count)
        let number = String(group.number)
        var name = String(repeating: "0", count: width - number.count) + number + "-"
        var slug = ""
        for scalar in (group.key == "." ? "top-level" : group.key).unicodeScalars {
            let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                                           || scalar == "." || scalar == "_" || scalar == "-")
            if keep { slug.unicodeScalars.append(scalar) } else if !slug.hasSuffix("-") { slug += "-" }
        }
        while slug.hasPrefix(".") || slug.hasPrefix("-") { slug.removeFirst() }
        name += slug.isEmpty ? "group" : slug
        if group.parts > 1 { name += "-part-\(group.part)" }
        return name + ".patch"
    }

    var fileCount: Int { Set(groups.flatMap { $0.files.map(\.file) }).count }
    var fixCount: Int { groups.reduce(0) { $0 + $1.fixCount } }

    /// `foreach-filter 2, formatter-in-body 1`.
    func fixList(_ group: MigrationGroup) -> String {
        group.fixes(ruleOrder: ruleOrder).map { "\($0.ruleID) \($0.count)" }.joined(separator: ", ")
    }

    // MARK: Words

    /// The plan as the summary prints it before anything is written.
    func text(patchDirectory: String?, paths: [String], verbose: Bool) -> String {
        var lines = ["bodywork: plan, split by \(mode.rawValue): \(plural(groups.count, "group")), "
                     + "\(plural(fixCount, "fix", "fixes")) in \(plural(fileCount, "file"))"
                     + (patchDirectory.map { " → \(FilePath.shown($0))" } ?? "")]
        for group in groups {
            var line = "  \(group.number). \(title(group)): \(plural(group.fixCount, "fix", "fixes"))"
            if !(mode == .rule && group.fixes(ruleOrder: ruleOrder).map(\.ruleID) == [group.key]) {
                line += " (\(fixList(group)))"
            }
            line += " in \(plural(group.files.count, "file"))"
            if patchDirectory != nil { line += ", \(fileName(group))" }
            lines.append(line)
            if verbose { lines += group.files.map { "       " + FilePath.shown(FilePath.inPatch(paths[$0.file])) } }
        }
        return lines.joined(separator: "\n")
    }

    /// The commit message of `group`: the rules it applies, how many fixes, what each
    /// rule does, and the files.
    func commitMessage(_ group: MigrationGroup, rules: [any Rule], paths: [String]) -> String {
        let fixes = group.fixes(ruleOrder: ruleOrder)
        var subject = "bodywork: \(title(group)): \(plural(group.fixCount, "fix", "fixes"))"
        if !(mode == .rule && fixes.map(\.ruleID) == [group.key]) {
            subject += " (\(fixes.map(\.ruleID).joined(separator: ", ")))"
        }
        var lines = [subject, ""]
        lines.append("\(plural(group.fixCount, "fix", "fixes")) in \(plural(group.files.count, "file")), "
                     + "group \(group.number) of \(groups.count) of a migration split by \(mode.rawValue):")
        lines.append("")
        for (ruleID, count) in fixes {
            let summary = rules.first { $0.id == ruleID }?.summary ?? ""
            lines.append("- \(ruleID) (\(plural(count, "fix", "fixes"))): \(summary)")
        }
        lines.append("")
        lines.append("Files:")
        lines += group.files.map { "- " + FilePath.shown(FilePath.inPatch(paths[$0.file])) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// DIR/README.md: each patch with its files and fixes per rule, in order, and the
    /// findings no patch fixes.
    func readme(patchDirectory: String, rules: [any Rule], paths: [String], reports: [FileReport]) -> String {
        var lines = ["# Migration by bodywork, split by \(mode.rawValue)", ""]
        lines.append("\(plural(groups.count, "patch", "patches")), \(plural(fixCount, "fix", "fixes")) in "
                     + "\(plural(fileCount, "file")). Apply them in order, from the directory bodywork ran in:")
        lines += ["", "    for patch in \(shellQuoted(patchDirectory))/[0-9]*.patch; do git apply \"$patch\" || break; done", ""]
        switch mode {
        case .rule:
            lines.append("Each patch is made against the tree with the patches before it applied, so they apply "
                         + "in this order only. A patch may also hold fixes of earlier rules that its own fixes make possible.")
        case .module, .directory:
            lines.append("No two patches change the same file; each holds every fix of its files.")
        }
        lines.append("")
        if !groups.isEmpty {
            lines += ["| # | patch | fixes | files |", "|---|---|---|---|"]
            for group in groups {
                lines.append("| \(group.number) | `\(fileName(group))` | \(fixList(group)) | \(group.files.count) |")
            }
            lines.append("")
        }
        for group in groups {
            lines += ["## \(group.number). \(title(group)): `\(fileName(group))`", ""]
            for (ruleID, count) in group.fixes(ruleOrder: ruleOrder) {
                let summary = rules.first { $0.id == ruleID }?.summary ?? ""
                lines.append("- \(ruleID): \(plural(count, "fix", "fixes")). \(summary)")
            }
            lines += ["", "Files:", ""]
            for (file, step) in group.files {
                let counts = ruleOrder.filter { step.fixes[$0] != nil }.map { "\($0) \(step.fixes[$0]!)" }
                lines.append("- `\(FilePath.shown(FilePath.inPatch(paths[file])))`: \(counts.joined(separator: ", "))"
                             + (step.isWholeFile ? " (all of the file's fixes: they cannot be taken apart by rule)" : ""))
            }
            lines.append("")
        }
        var left: [String] = []
        for report in reports {
            for finding in report.findings where finding.fix != .applied {
                var line = "- `\(FilePath.shown(FilePath.inPatch(report.path))):\(finding.line):\(finding.column)` "
                    + "\(finding.severity.rawValue) \(finding.ruleID): \(finding.message)"
                switch finding.fix {
                case .suggested: line += " (suggested fix: applied with --unsafe-fixes)"
                case .withheld: line += " (fix withheld: \(finding.reason ?? "not proven safe"))"
                case .none, .applied: break
                }
                left.append(line)
            }
        }
        lines += ["## Findings left for a person", ""]
        if left.isEmpty {
            lines.append("None: every finding is fixed by the patches above.")
        } else {
            lines.append("\(plural(left.count, "finding")) no patch fixes (positions in the files as they were "
                         + "before the patches):")
            lines.append("")
            lines += left
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic
            || ("0"..."9").contains($0) || "/._-".unicodeScalars.contains($0)) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
