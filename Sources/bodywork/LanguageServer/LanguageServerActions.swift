// What `bodywork lsp` tells the editor about one document: the engine's findings as
// diagnostics, and code actions that apply a rule's fix or switch the rule off for a line.
import Codemod
import Foundation
import Project
import SwiftCST

/// The engine's verdict on one version of a document, with the settings it ran under so
/// that code actions can check their own edits the same way.
struct DocumentAnalysis {
    enum State {
        case checked(FileOutcome)
        /// Excluded by the configuration, or not a Swift document.
        case ignored
        /// Too large, or not text: the reason is shown once, at the top of the document.
        case notChecked(String)
        case configurationError(String)
    }

    var state: State
    var path = ""
    var settings: FileSettings?

    /// Runs the rules over the document as the command line would over the file: the
    /// configuration and deployment targets that apply at its path, its rule set.
    static func run(_ document: OpenDocument, rules: [any Rule]) -> DocumentAnalysis {
        guard document.isSwift else { return DocumentAnalysis(state: .ignored) }
        let planner = RunPlanner(options: RunOptions(), rules: rules)
        let settings: FileSettings
        do {
            let (found, excluded) = try planner.settings(forFile: document.path)
            if excluded { return DocumentAnalysis(state: .ignored) }
            settings = found
        } catch {
            return DocumentAnalysis(state: .configurationError(error.description))
        }
        let work = check(document.text.bytes, path: document.path, settings: settings)
        guard let outcome = work.outcome else {
            return DocumentAnalysis(state: .notChecked(work.report.skipReason ?? "not checked"), path: document.path, settings: settings)
        }
        return DocumentAnalysis(state: .checked(outcome), path: document.path, settings: settings)
    }

    /// Runs the engine over `bytes` standing for the file at `path`.
    static func check(_ bytes: [UInt8], path: String, settings: FileSettings) -> FileWork {
        let index = projectIndex(forFile: path, bytes: bytes, settings: settings)
        let processor = FileProcessor(maxFileSize: RunOptions().maxFileSize,
                                      indexes: .single(path: path, index: index))
        return processor.run(bytes: bytes, path: path, settings: settings)
    }

    /// The project index a document's rules see: the document's own declarations, as the
    /// command line indexes a run of a single file; empty when no active rule reads it.
    static func projectIndex(forFile path: String, bytes: [UInt8], settings: FileSettings) -> ProjectIndex {
        guard settings.engine.rules.contains(where: \.usesProjectIndex) else { return ProjectIndex() }
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parseDeclarations(bytes), path: path)
        // The rest of the module (and what it depends on) as saved on disk; the document
        // itself as it is in the editor.
        return ModuleIndexMemo.shared.index(forFile: path).merging(builder.finish())
    }

    /// Findings about the text as it is: the first round's (later rounds are about code
    /// that fixes would write).
    var findings: [FindingOutcome] {
        guard case .checked(let outcome) = state else { return [] }
        return outcome.findings.filter { $0.round <= 1 }
    }

    func diagnostics(in text: DocumentText, encoding: PositionEncoding, documentation: RuleDocumentation) -> [JSONText] {
        switch state {
        case .ignored:
            return []
        case .configurationError(let message):
            return [DocumentAnalysis.fileDiagnostic(message, severity: 1, text: text, encoding: encoding)]
        case .notChecked(let reason):
            return [DocumentAnalysis.fileDiagnostic("bodywork did not check this file: \(reason)", severity: 3,
                                                    text: text, encoding: encoding)]
        case .checked:
            return findings.map { DocumentAnalysis.diagnostic($0, text: text, encoding: encoding, documentation: documentation) }
        }
    }

    /// The diagnostic of one finding: the rule id as `code`, a link to the rule's documentation.
    static func diagnostic(_ item: FindingOutcome, text: DocumentText, encoding: PositionEncoding,
                           documentation: RuleDocumentation) -> JSONText {
        let finding = item.finding
        var message = finding.message
        var withheld: String?
        switch item.status {
        case .suggestedNotApplied: message += " (suggested fix available)"
        case .dropped(let reason): withheld = reason
        case .noFix: withheld = finding.withheldReason
        case .fixed: break
        }
        if let withheld { message += " (fix withheld: \(withheld))" }
        var members: [(String, JSONText)] = [
            ("range", text.range(finding.range, encoding: encoding)),
            ("severity", .integer(severity(finding.severity))),
            ("code", .string(finding.ruleID)),
        ]
        if let href = documentation.url(for: finding.ruleID), finding.ruleID != Engine.unusedDisableRuleID {
            members.append(("codeDescription", .object([("href", .string(href))])))
        }
        members += [("source", .string("bodywork")), ("message", .string(message))]
        // The reason on its own too, for clients that show it apart from the message.
        if let withheld { members.append(("data", .object([("reason", .string(withheld))]))) }
        return .object(members)
    }

    /// Error 1, warning 2, note 3 (information).
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .note: return 3
        }
    }

    private static func fileDiagnostic(_ message: String, severity: Int, text: DocumentText, encoding: PositionEncoding) -> JSONText {
        .object([("range", text.range(0..<0, encoding: encoding)), ("severity", .integer(severity)),
                 ("source", .string("bodywork")), ("message", .string(message))])
    }
}

/// The kinds of code action the server offers.
enum CodeActionKind {
    static let quickFix = "quickfix"
    static let fixAll = "source.fixAll.bodywork"
}

/// Builds the code actions for a range of one document.
///
/// - A quick fix per finding whose fix the engine applies, or would apply if asked
///   (`suggested`, which must then add no parse error on its own); preferred only when
///   the fix is `safe`.
/// - "Disable RULE for this line": `// bodywork:disable:next RULE` above the finding's
///   line, with its indentation and line break, offered only when the engine no longer
///   reports the finding with it (not when the line starts inside a string or comment).
/// - `source.fixAll.bodywork`, only when asked for by kind: every fix `--apply` would make.
struct CodeActionBuilder {
    let document: OpenDocument
    let analysis: DocumentAnalysis
    let encoding: PositionEncoding
    let documentation: RuleDocumentation
    /// Send `documentChanges` tied to the document's version rather than bare `changes`.
    let versioned: Bool

    func actions(in range: Range<Int>, only: [String]?) -> [JSONText] {
        guard case .checked(let outcome) = analysis.state else { return [] }
        var actions: [JSONText] = []
        let touching = analysis.findings.filter { $0.finding.range.lowerBound <= range.upperBound && range.lowerBound <= $0.finding.range.upperBound }
        if wanted(CodeActionKind.quickFix, only: only) {
            for item in touching {
                if let action = quickFix(item, outcome: outcome) { actions.append(action) }
            }
            actions += disableActions(touching, outcome: outcome)
        }
        if let only, wanted(CodeActionKind.fixAll, only: only), let action = fixAll(outcome) {
            actions.append(action)
        }
        return actions
    }

    /// Whether `kind` is among those asked for: equal to one, or below one (`source` asks for `source.fixAll.bodywork`).
    private func wanted(_ kind: String, only: [String]?) -> Bool {
        guard let only else { return kind == CodeActionKind.quickFix }
        return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }

    // MARK: - The actions

    private func quickFix(_ item: FindingOutcome, outcome: FileOutcome) -> JSONText? {
        guard let fix = item.finding.fix, !fix.edits.isEmpty else { return nil }
        let bytes = document.text.bytes
        guard let edits = CodeActionBuilder.ordered(fix.edits, in: bytes) else { return nil }
        switch item.status {
        case .fixed:
            // The engine applied it, re-parsed and kept it: `--apply` writes it.
            break
        case .suggestedNotApplied:
            // Never applied by the engine: it must add no parse error on its own.
            guard SyntaxTree.parse(CodeActionBuilder.apply(edits, to: bytes)).diagnostics.count <= outcome.parseErrorCount else { return nil }
        case .noFix, .dropped:
            return nil
        }
        let summary = fix.summary.isEmpty ? "Apply the fix" : fix.summary.prefix(1).uppercased() + fix.summary.dropFirst()
        let safety = fix.safety == .safe ? "" : ", \(fix.safety.rawValue)"
        return action(title: "\(summary) (\(item.finding.ruleID)\(safety))", kind: CodeActionKind.quickFix,
                      diagnostic: item, edits: edits, preferred: fix.safety == .safe)
    }

    /// One "Disable RULE for this line" per rule and line of `items`. Every candidate
    /// comment is inserted at once and the engine run once over the result: a comment is
    /// offered only when, with it, its rule is no longer reported on its line, and only
    /// when the comments together parse no worse than the text did.
    private func disableActions(_ items: [FindingOutcome], outcome: FileOutcome) -> [JSONText] {
        guard let settings = analysis.settings else { return [] }
        let text = document.text
        let bytes = text.bytes
        var candidates: [(item: FindingOutcome, line: Int, edit: Edit)] = []
        var seen: Set<[String]> = []
        for item in items where item.finding.ruleID != Engine.unusedDisableRuleID {
            let (number, line) = text.line(holding: item.finding.range.lowerBound)
            guard seen.insert([item.finding.ruleID, String(number)]).inserted else { continue }
            var indentEnd = line.lowerBound
            while indentEnd < line.upperBound && (bytes[indentEnd] == UInt8(ascii: " ") || bytes[indentEnd] == UInt8(ascii: "\t")) {
                indentEnd += 1
            }
            var lineBreak = text.lineBreak(after: line)
            if lineBreak == nil && line.lowerBound > 0 { lineBreak = text.lineBreak(after: text.line(holding: line.lowerBound - 1).range) }
            let comment = Array(bytes[line.lowerBound..<indentEnd]) + Array("// bodywork:disable:next \(item.finding.ruleID)".utf8)
                + (lineBreak ?? [10])
            candidates.append((item, number, Edit(range: line.lowerBound..<line.lowerBound, replacement: comment)))
        }
        guard !candidates.isEmpty else { return [] }
        // Insertions at one offset keep their order; each adds one line above its own.
        let edits = candidates.map(\.edit).enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
        let changed = CodeActionBuilder.apply(edits.map(\.element), to: bytes)
        // Only the first round's findings of the rules named count, so only those rules run.
        var checking = settings
        let named = Set(candidates.map(\.item.finding.ruleID))
        checking.engine = Engine(rules: settings.engine.rules.filter { named.contains($0.id) }, options: settings.engine.options)
        guard let check = DocumentAnalysis.check(changed, path: analysis.path, settings: checking).outcome,
              check.parseErrorCount <= outcome.parseErrorCount else { return [] }
        // Where each original line went: lines move down by the comments inserted at or above them.
        let insertedLines = candidates.map(\.line).sorted()
        func movedLine(_ line: Int) -> Int { line + insertedLines.prefix { $0 <= line }.count }
        let lines = SourceLocationConverter(changed)
        var stillReported: Set<[String]> = []
        for other in check.findings where other.round <= 1 {
            stillReported.insert([other.finding.ruleID, String(lines.location(of: other.finding.range.lowerBound).line)])
        }
        return candidates.compactMap { candidate in
            let ruleID = candidate.item.finding.ruleID
            guard !stillReported.contains([ruleID, String(movedLine(candidate.line))]) else { return nil }
            return action(title: "Disable \(ruleID) for this line", kind: CodeActionKind.quickFix,
                          diagnostic: candidate.item, edits: [candidate.edit], preferred: false)
        }
    }

    private func fixAll(_ outcome: FileOutcome) -> JSONText? {
        guard outcome.changed else { return nil }
        let old = outcome.original, new = outcome.output
        var prefix = 0
        while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        // Keep both ends on whole characters and whole CRLF line breaks of the original.
        while prefix > 0 && (CodeActionBuilder.isContinuation(old, at: prefix) || CodeActionBuilder.splitsCRLF(old, at: prefix)) {
            prefix -= 1
        }
        while suffix > 0 && (CodeActionBuilder.isContinuation(old, at: old.count - suffix)
                             || CodeActionBuilder.splitsCRLF(old, at: old.count - suffix)) {
            suffix -= 1
        }
        let edit = Edit(range: prefix..<(old.count - suffix), replacement: Array(new[prefix..<(new.count - suffix)]))
        return action(title: "Fix all bodywork findings", kind: CodeActionKind.fixAll, diagnostic: nil, edits: [edit], preferred: false)
    }

    private func action(title: String, kind: String, diagnostic: FindingOutcome?, edits: [Edit], preferred: Bool) -> JSONText {
        let text = document.text
        let textEdits: [JSONText] = edits.map { edit in
            .object([("range", text.range(edit.range, encoding: encoding)),
                     ("newText", .string(String(decoding: edit.replacement, as: UTF8.self)))])
        }
        let workspaceEdit: JSONText
        if versioned {
            workspaceEdit = .object([("documentChanges", .array([.object([
                ("textDocument", .object([("uri", .string(document.uri)), ("version", .integer(document.version))])),
                ("edits", .array(textEdits)),
            ])]))])
        } else {
            workspaceEdit = .object([("changes", .object([(document.uri, .array(textEdits))]))])
        }
        var members: [(String, JSONText)] = [("title", .string(title)), ("kind", .string(kind))]
        if let diagnostic {
            members.append(("diagnostics", .array([DocumentAnalysis.diagnostic(diagnostic, text: text, encoding: encoding,
                                                                              documentation: documentation)])))
        }
        if preferred { members.append(("isPreferred", .bool(true))) }
        members.append(("edit", workspaceEdit))
        return .object(members)
    }

    // MARK: - Edits

    /// The edits by position (insertions before a replacement at the same offset, in the
    /// order given); nil when one lies outside the text, splits a character, or overlaps
    /// another, or when a replacement is not UTF-8 text.
    static func ordered(_ edits: [Edit], in bytes: [UInt8]) -> [Edit]? {
        let sorted = edits.enumerated().sorted { a, b in
            (a.element.range.lowerBound, a.element.range.isEmpty ? 0 : 1, a.offset)
                < (b.element.range.lowerBound, b.element.range.isEmpty ? 0 : 1, b.offset)
        }.map(\.element)
        var previousEnd = 0
        for edit in sorted {
            guard edit.range.lowerBound >= previousEnd, edit.range.upperBound <= bytes.count,
                  !isContinuation(bytes, at: edit.range.lowerBound), !isContinuation(bytes, at: edit.range.upperBound),
                  FileProcessor.isUTF8Text(edit.replacement) else { return nil }
            previousEnd = edit.range.upperBound
        }
        return sorted
    }

    /// `bytes` with `edits` (ordered, not overlapping) applied.
    static func apply(_ edits: [Edit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits {
            out += bytes[position..<edit.range.lowerBound]
            out += edit.replacement
            position = edit.range.upperBound
        }
        out += bytes[position...]
        return out
    }

    private static func isContinuation(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset < bytes.count && bytes[offset] & 0xC0 == 0x80
    }

    private static func splitsCRLF(_ bytes: [UInt8], at offset: Int) -> Bool {
        offset > 0 && offset < bytes.count && bytes[offset - 1] == 13 && bytes[offset] == 10
    }
}

/// The module indexes the server has built, per document path: the project model and the
/// facts of every other file of the document's modules, as saved. Built on first use,
/// kept until a file is saved or the workspace's files change, so typing costs one file.
final class ModuleIndexMemo: @unchecked Sendable {
    static let shared = ModuleIndexMemo()
    private let lock = NSLock()
    private var byPath: [String: ProjectIndex] = [:]
    private var model: ProjectModel?
    /// The workspace folder the client names; projects are looked for from there.
    var root = FilePath.currentDirectory

    func index(forFile path: String) -> ProjectIndex {
        lock.withLock {
            if let known = byPath[path] { return known }
            let model = self.model ?? ProjectModel(roots: [root])
            self.model = model
            let environment = ProcessEnvironment.variables
            let indexes = ModuleIndexes.build(files: [path], model: model, jobs: 2, maxFileSize: RunOptions().maxFileSize,
                                              unindexed: path, cache: IndexCache(environment: environment))
            let index = indexes.index(forFile: path)
            byPath[path] = index
            return index
        }
    }

    /// Forgets every index and the model (a file was saved, a manifest may have changed).
    func invalidate() {
        lock.withLock {
            byPath = [:]
            model = nil
        }
    }
}
