// The fix `bodywork probe` makes: `let _ = Self._printChanges()` as the first statement of
// the body of the views to measure, written so that the `print-changes` rule's removal gives
// back the file byte for byte. Not in the registry: only `probe` runs it, on the views it names.
import Codemod
import SwiftCST

/// Adds the `_printChanges()` probe to the `body` of the named views of each file.
public struct PrintChangesProbe: Rule {
    /// The statement the probe adds, which `print-changes` removes.
    public static let statement = "let _ = Self._printChanges()"

    public let id = "probe"
    public let summary = "Add `let _ = Self._printChanges()` to the body of the views to measure"
    public let documentation = """
        `bodywork probe` adds `let _ = Self._printChanges()` as the first statement of \
        `body` in the views the audit ranks first, so that a debug run logs why each of \
        them is evaluated; `bodywork audit --evidence LOG` reads that log. The \
        `print-changes` rule removes the statements again, restoring the files byte for byte.

        Withheld (reported only): a body whose first statement shares its line with the \
        opening brace, and one where removing the statement would not give back the same \
        bytes (a blank line right after the brace would go with it).
        """
    public let isEnabledByDefault = false
    public let usesProjectIndex = true
    public var neededWords: [[StaticString]] { [["body"]] }

    /// Per file path (as the run names it), the views to probe.
    let targets: [String: Set<String>]

    public init(targets: [String: Set<String>]) {
        self.targets = targets
    }

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        guard let names = targets[context.path], !names.isEmpty else { return [] }
        let types = context.fileTypes(tree, index: context.index(including: tree))
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        for view in types.views where names.contains(view.name) || names.contains(FileTypes.lastComponent(view.name)) {
            guard let body = view.body, VariableDecl(body) != nil, let first = PrintChangesProbe.firstStatement(of: body),
                  !PrintChangesProbe.isProbed(body) else { continue }
            let named = "Probe `\(view.name)`: `\(PrintChangesProbe.statement)` logs why its body runs; rule `print-changes` removes it"
            let message = named.count <= 160 ? named
                : "Probe: `\(PrintChangesProbe.statement)` logs why this body runs; rule `print-changes` removes it"
            let range = first.trimmedRange
            guard let insertion = layout.memberInsertion(before: first) else {
                findings.append(Finding(range: range, message: message, severity: .note,
                                        withheldReason: "the body's first statement shares its line with other code"))
                continue
            }
            let text = insertion.indentation + PrintChangesProbe.statement + insertion.lineEnding
            guard PrintChangesProbe.removalRestores(tree.bytes, inserting: text, at: insertion.offset,
                                                    statementAt: insertion.offset + insertion.indentation.utf8.count) else {
                findings.append(Finding(range: range, message: message, severity: .note,
                                        withheldReason: "removing the probe later would not give back the same bytes"))
                continue
            }
            let fix = Fix(edits: [.insert(text, at: insertion.offset)], safety: .safe, summary: "add `_printChanges()`")
            findings.append(Finding(range: range, message: message, severity: .note, fix: fix))
        }
        return findings
    }

    /// The first statement of a `var body` (its getter's, when written `get { }`).
    private static func firstStatement(of body: Node) -> Node? {
        guard let binding = body.child(.patternBinding), let block = binding.child(.accessorBlock) else { return nil }
        if let getter = block.child(.accessorDecl) {
            guard getter.firstToken?.text == "get", let code = getter.child(.codeBlock) else { return nil }
            return code.childNodes.first
        }
        return block.childNodes.first
    }

    /// Whether the body already calls `_printChanges` or `_logChanges`.
    private static func isProbed(_ body: Node) -> Bool {
        body.descendants(.functionCallExpr).contains { node in
            guard let callee = FunctionCallExpr(node)?.callee, let access = MemberAccessExpr(callee), let name = access.name else { return false }
            return name == "_printChanges" || name == "_logChanges"
        }
    }

    /// Whether the line removal `print-changes` makes, run on the probed file, deletes
    /// exactly the inserted text.
    private static func removalRestores(_ bytes: [UInt8], inserting text: String, at offset: Int, statementAt start: Int) -> Bool {
        let inserted = Array(text.utf8)
        let probed = Array(bytes[..<offset]) + inserted + Array(bytes[offset...])
        let tree = SyntaxTree.parse(probed)
        guard let statement = tree.root.descendants(.variableDecl).first(where: { $0.trimmedRange.lowerBound == start }),
              let removal = SourceLayout(probed).removal(of: statement) else { return false }
        return removal.range == offset..<(offset + inserted.count) && removal.replacement.isEmpty
    }
}
