// The edits of formatter-in-body: inserting the shared static, rewriting uses, and the
// FormatStyle rewrite. Split from FormatterInBody.swift, which finds and plans them.
import Codemod
import SwiftCST

extension HoistPlanner {
    // MARK: - Edits

    /// The insertion of the new static (or file-scope constant).
    func insertionEdit(_ construction: Construction, name: String, type: TypeDecl, fileScope: Bool) -> Edit? {
        let insertion: MemberInsertion?
        if fileScope {
            var outer = type.node
            while let parent = outer.parent, parent.kind != .sourceFile { outer = parent }
            insertion = layout.memberInsertion(before: outer)
        } else {
            insertion = layout.memberPlace(in: type, near: construction.member)
        }
        guard let place = insertion else { return nil }
        let (indent, nl, unit) = (place.indentation, place.lineEnding, place.unit)
        var declaration = ""
        if fileScope {
            declaration += context.swiftLanguageMode == 5 ? "private let " : "@MainActor private let "
        } else {
            declaration += "private static let "
        }
        declaration += name
        guard let body = recipeText(construction, indent: indent + unit) else { return nil }
        if body.isEmpty {
            declaration += " = " + construction.call.text
        } else {
            declaration += ": " + construction.typeName + " = {" + nl + body
            declaration += indent + unit + "return " + (construction.localName ?? "value") + nl + indent + "}()"
        }
        return place.edit(declaration)
    }

    /// The lines of the recipe (declaration and configuration) reindented to `indent`, each
    /// ending with a line break; empty when there is no configuration.
    func recipeText(_ construction: Construction, indent: String) -> String? {
        guard case .local(let declaration) = construction.shape else { return "" }
        let nl = layout.lineEnding
        if let variable = VariableDecl(declaration), let initializer = variable.bindings.first?.initializer,
           initializer.kind == .functionCallExpr, let closure = initializer.firstChildNode.flatMap(ClosureExpr.init) {
            // `{ let f = T(); …; return f }()`: its statements, without the final `return`.
            let statements = closure.statements
            guard statements.count >= 2, let first = statements.first, let last = statements.dropLast().last,
                  layout.isFirstOnLine(first.trimmedRange.lowerBound) else { return nil }
            let start = layout.statementStart(first)
            let end = layout.statementEnd(last)
            return layout.reindent(start..<end, from: layout.indentation(ofLineAt: first.trimmedRange.lowerBound), to: indent) + nl
        }
        if construction.configuration.isEmpty { return "" }
        guard let range = localLines(construction) else { return nil }
        return layout.reindent(range, from: layout.indentation(ofLineAt: declaration.trimmedRange.lowerBound), to: indent) + nl
    }

    /// The whole lines of a local recipe: from the first comment line its declaration owns to
    /// the line break after its last configuration statement. When the statements after the
    /// recipe follow without a blank line, the comments above introduce that whole paragraph
    /// (`// Add the date` over the recipe and the line that uses it): they stay, above the use.
    func localLines(_ construction: Construction) -> Range<Int>? {
        guard case .local(let declaration) = construction.shape,
              let lines = layout.wholeLines(from: declaration, through: construction.configuration.last ?? declaration),
              let first = declaration.firstToken else { return nil }
        let declarationLine = layout.lineStart(first.textRange.lowerBound)
        guard declarationLine > lines.lowerBound, lines.upperBound < layout.bytes.count else { return lines }
        guard let next = layout.firstNonBlankByte(from: lines.upperBound), next != UInt8(ascii: "}") else { return lines }
        return declarationLine..<lines.upperBound
    }

    /// Deletes a local recipe's lines (or replaces an inline construction) and rewrites its
    /// uses to `reference`.
    func useEdits(_ construction: Construction, reference: String) -> [Edit]? {
        switch construction.shape {
        case .inline:
            return layout.wrappingArguments(around: construction.call, edits: [Edit(range: construction.call.trimmedRange, replacement: reference)],
                                            width: context.wrapWidth(of: tree))
        case .local(let declaration):
            guard let name = VariableDecl(declaration)?.bindings.first?.name, let container = declaration.parent else { return nil }
            let lines: Range<Int>
            if let variable = VariableDecl(declaration), let initializer = variable.bindings.first?.initializer,
               initializer.kind == .functionCallExpr, initializer.firstChildNode?.kind == .closureExpr {
                guard let range = layout.wholeLines(from: declaration, through: declaration) else { return nil }
                lines = range
            } else {
                guard let range = localLines(construction) else { return nil }
                lines = range
            }
            // Another statement on the recipe's last line would be deleted with it.
            let statements = container.childNodes.filter { $0.kind != .closureSignature }
            for statement in statements where statement != declaration && !construction.configuration.contains(statement) {
                if lines.contains(statement.trimmedRange.lowerBound) { return nil }
            }
            var edits = [Edit.delete(layout.removalRange(lines))]
            let last = construction.configuration.last ?? declaration
            var uses: [Node] = []
            for statement in statements where statement.trimmedRange.lowerBound >= last.trimmedRange.upperBound {
                for node in statement.descendants(.identifierExpr) where node.textEquals(name) {
                    edits.append(Edit(range: node.trimmedRange, replacement: reference))
                    uses.append(node)
                }
            }
            // A line that `Self.name` makes too wide for the file takes the arguments of the
            // call around the use on lines of their own.
            for use in uses {
                edits = layout.wrappingArguments(around: use, edits: edits, width: context.wrapWidth(of: tree))
            }
            return edits
        case .property:
            return nil
        }
    }

    /// `private var f: T { recipe }` → `private static let f: T = { recipe }()`, and
    /// `private let f: T = { … }()` → `private static let f: T = { … }()`; uses become `Self.f`.
    func inPlaceEdits(_ construction: Construction, declaration: Node, binding: PatternBinding, name: String) -> [Edit]? {
        guard let variable = VariableDecl(declaration), let keyword = variable.bindingKeyword else { return nil }
        var edits: [Edit] = []
        if let assignment = construction.initAssignment {
            // `private let f: T` + `f = T(); f.x = …` in init → `private static let f: T = { … }()`.
            guard let statements = initStatementEdits(construction, assignment: assignment) else { return nil }
            let nl = layout.lineEnding
            let indent = layout.indentation(ofLineAt: declaration.trimmedRange.lowerBound), unit = layout.indentUnit
            var recipe = " = {" + nl + indent + unit + "let " + name + " = " + construction.call.text + nl
            if let first = construction.configuration.first, let last = construction.configuration.last {
                guard let lines = layout.wholeLines(from: first, through: last) else { return nil }
                let from = layout.indentation(ofLineAt: first.trimmedRange.lowerBound)
                recipe += layout.reindent(lines, from: from, to: indent + unit) + nl
            }
            recipe += indent + unit + "return " + name + nl + indent + "}()"
            edits.append(.insert("static ", at: keyword.textRange.lowerBound))
            edits.append(.insert(recipe, at: binding.node.trimmedRange.upperBound))
            edits += statements
        } else if let block = binding.accessorBlock {
            guard binding.type != nil, let open = block.firstToken, let close = block.lastToken, close.kind == .rightBrace else { return nil }
            edits.append(Edit(range: keyword.textRange, replacement: "static let"))
            let body = block.childNodes
            if body.count == 1, let only = body.first, only.kind == .functionCallExpr || only.kind == .returnStmt {
                // `{ T() }` → `= T()`.
                let call = construction.call
                edits.append(Edit(range: open.textRange.lowerBound..<close.textRange.upperBound, replacement: "= " + call.text))
            } else {
                edits.append(.insert("= ", at: open.textRange.lowerBound))
                edits.append(.insert("()", at: close.textRange.upperBound))
            }
        } else {
            edits.append(.insert("static ", at: keyword.textRange.lowerBound))
        }
        let uses = propertyReferences(name, construction: construction)
        for use in uses {
            edits.append(Edit(range: use.trimmedRange, replacement: "Self." + name))
        }
        for use in uses {
            edits = layout.wrappingArguments(around: use, edits: edits, width: context.wrapWidth(of: tree))
        }
        return edits
    }

    /// Deletes the assignment in `init` and the configuration lines after it; nil when
    /// other code shares their lines.
    func initStatementEdits(_ construction: Construction, assignment: Node) -> [Edit]? {
        guard let lines = layout.wholeLines(from: assignment, through: construction.configuration.last ?? assignment),
              let block = assignment.parent else { return nil }
        for statement in block.childNodes where statement != assignment && !construction.configuration.contains(statement) {
            if lines.contains(statement.trimmedRange.lowerBound) { return nil }
        }
        return [.delete(layout.removalRange(lines))]
    }

    // MARK: - FormatStyle

    /// Fix 2: every use `f.string(from: x)` becomes `x.formatted(…)` and the formatter goes,
    /// when the configuration is one of the mapping table. `suggested`: the strings are the
    /// same in most locales, not all (`.full` dates in Finnish or Thai, short times in
    /// Catalan Spanish or Finland Swedish differ), so it is offered only where Fix 1 is not.
    func formatStyleFix(_ construction: Construction) -> Fix? {
        guard let mapping = FormatStyleMapping.mapping(typeName: construction.typeName,
                                                       configuration: construction.configuration.map { tokenKey($0, placeholderFor: construction.localName) },
                                                       construction: tokenKey(construction.call)) else { return nil }
        var uses: [Node] = []
        switch construction.shape {
        case .inline:
            guard let parent = construction.call.parent, parent.kind == .memberAccessExpr else { return nil }
            uses = [construction.call]
        case .local(let declaration):
            guard let name = VariableDecl(declaration)?.bindings.first?.name, let container = declaration.parent else { return nil }
            let last = construction.configuration.last ?? declaration
            for statement in container.childNodes where statement.trimmedRange.lowerBound >= last.trimmedRange.upperBound {
                uses += statement.descendants(.identifierExpr).filter { $0.textEquals(name) }
            }
            if case .local = construction.shape, VariableDecl(declaration)?.bindings.first?.initializer?.kind != .functionCallExpr
                || VariableDecl(declaration)?.bindings.first?.initializer?.firstChildNode?.kind == .closureExpr { return nil }
        case .property:
            return nil
        }
        guard !uses.isEmpty else { return nil }
        var edits: [Edit] = []
        for use in uses {
            // `use.string(from: value)`.
            guard let access = use.parent.flatMap(MemberAccessExpr.init), access.base == use, access.name == "string",
                  let call = access.node.parent.flatMap(FunctionCallExpr.init), call.callee == access.node,
                  call.arguments.count == 1, call.arguments[0].label == "from", call.trailingClosure == nil,
                  let value = call.arguments[0].expression else { return nil }
            let postfixSafe: Set<SyntaxKind> = [.identifierExpr, .memberAccessExpr, .functionCallExpr, .subscriptCallExpr,
                                                .forceUnwrapExpr, .tupleExpr]
            let base = postfixSafe.contains(value.kind) ? value.text : "(" + value.text + ")"
            edits.append(Edit(range: call.trimmedRange, replacement: base + "." + mapping))
            edits = layout.wrappingArguments(around: call.node, edits: edits, width: context.wrapWidth(of: tree))
        }
        if case .local = construction.shape {
            guard let lines = localLines(construction) else { return nil }
            edits.append(.delete(layout.removalRange(lines)))
        }
        return Fix(edits: edits, safety: .suggested,
                   summary: "format with `\(mapping)`, whose strings differ from the formatter's in a few locales",
                   platforms: formatStylePlatforms)
    }
}
