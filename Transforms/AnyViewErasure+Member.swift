// The member anyview rewrites, and its body read as a view builder: split from
// AnyViewErasure.swift, which finds the erasures and decides whether to fix them.
import Codemod
import SwiftCST

// MARK: - The member

/// A function or computed property declared `-> AnyView` or `-> some View`.
struct ErasingMember {
    let node: Node
    let name: String
    let nameToken: Token
    let typeNode: Node
    let declaresAnyView: Bool
    let isFunction: Bool
    /// The statements of its body (the implicit getter or `get { }`).
    let statements: [Node]
    let hasExplicitGetter: Bool
    let hasSetter: Bool

    init?(_ node: Node) {
        self.node = node
        if let function = FunctionLikeDecl(node), node.kind == .functionDecl {
            guard let name = function.name, let token = node.ownTokens.first(where: { $0.kind == .identifier && $0.text == name }),
                  let type = function.returnType, let body = function.body else { return nil }
            self.name = name
            nameToken = token
            typeNode = type
            statements = body.statements
            isFunction = true
            hasExplicitGetter = false
            hasSetter = false
        } else if let variable = VariableDecl(node), !variable.isLet, variable.bindings.count == 1,
                  let binding = variable.bindings.first, binding.isComputed, let name = binding.name,
                  let token = binding.pattern?.firstToken, let type = binding.type, let block = binding.accessorBlock {
            self.name = name
            nameToken = token
            typeNode = type
            let accessors = block.children(.accessorDecl)
            hasExplicitGetter = !accessors.isEmpty
            hasSetter = accessors.contains { $0.ownTokens.contains { $0.keyword == .set } }
            statements = binding.getterStatements ?? []
            isFunction = false
        } else {
            return nil
        }
        let text = tokenKey(typeNode)
        if text == "AnyView " || text == "SwiftUI . AnyView " {
            declaresAnyView = true
        } else if declaresOpaqueView(node) {
            declaresAnyView = false
        } else {
            return nil
        }
    }

    var modifiers: DeclModifiers { FunctionLikeDecl(node)?.modifiers ?? VariableDecl(node)!.modifiers }
    var isFilePrivate: Bool { modifiers.has("private") || modifiers.has("fileprivate") }
    var hasViewBuilder: Bool { modifiers.hasAttribute("ViewBuilder") || modifiers.hasAttribute("SwiftUI.ViewBuilder") }

    /// Why the declaration itself rules the fix out, whatever its body.
    var declarationReason: String? {
        if hasSetter { return "it has a setter" }
        if node.parent?.parent?.kind == .protocolDecl { return "it is a protocol requirement" }
        if modifiers.hasAttribute("objc") { return "it is `@objc`" }
        if modifiers.has("dynamic") { return "it is `dynamic`" }
        if modifiers.has("override") { return "it overrides a superclass member, which declares the type" }
        guard declaresAnyView else { return nil }
        if modifiers.has("public") || modifiers.has("open") || modifiers.has("package") {
            return "it is \(modifiers.has("package") ? "package" : "public") API: callers outside the module may need `AnyView`"
        }
        if let type = FileTypes.innermostType(of: node), type.kind == .protocolDecl || isProtocolExtension(type) {
            return "it is in a protocol extension, where it may satisfy a requirement"
        }
        return nil
    }

    /// `extension P` where `P` is a protocol declared in the same file, or SwiftUI's `View`.
    private func isProtocolExtension(_ type: Node) -> Bool {
        guard type.kind == .extensionDecl, let name = TypeDecl(type)?.name else { return false }
        if FileTypes.viewProtocols.contains(name) { return true }
        return node.tree.root.containsDescendant(.protocolDecl) { TypeDecl($0)?.name == name }
    }

    /// `-> AnyView` becomes `-> some View`; `@ViewBuilder` goes first when the body needs it.
    func signatureEdits(needsBuilder: Bool, wrapWidth: Int) -> [Edit] {
        var edits: [Edit] = []
        if declaresAnyView { edits.append(Edit(range: typeNode.trimmedRange, replacement: "some View")) }
        if needsBuilder && !hasViewBuilder {
            let layout = SourceLayout(node.tree.bytes)
            let start = node.trimmedRange.lowerBound
            edits.append(.insert("@ViewBuilder" + layout.lineEnding + layout.indentation(ofLineAt: start), at: start))
        }
        // `-> some View` two columns wider than `-> AnyView`: a signature too wide for the
        // file takes its parameters one a line.
        if declaresAnyView, node.kind == .functionDecl {
            let layout = SourceLayout(node.tree.bytes)
            edits = layout.wrappingParameters(of: node, edits: edits, width: wrapWidth)
        }
        return edits
    }
}

// MARK: - The body in builder form

/// How a member's body reads as a view builder: the `AnyView(x)` it returns, the edits that
/// unwrap them, or why the body cannot become a builder.
struct BuilderPlan {
    private(set) var erasures: [Node] = []
    private(set) var edits: [Edit] = []
    private(set) var failure: String?
    /// Whether more than one `return` became a builder statement.
    private(set) var needsBuilder = false
    private let layout: SourceLayout

    init(member: ErasingMember, layout: SourceLayout) {
        self.layout = layout
        let implicit = member.statements.count == 1 && ![.returnStmt, .ifExpr, .switchExpr].contains(member.statements[0].kind)
        let returns = implicit ? [member.statements[0]] : returnStatements(in: member.node)
        // Only members that erase are the rule's: at least one result is `AnyView(x)`.
        erasures = returns.compactMap { statement in
            let value = statement.kind == .returnStmt ? statement.firstChildNode : statement
            return value.flatMap { isAnyViewCall($0) ? $0 : nil }
        }
        guard !erasures.isEmpty else { return }
        if returns.count != erasures.count { failure = "not every result is `AnyView(…)`"; return }
        if member.hasExplicitGetter && returns.count > 1 { failure = "its getter is written `get { }`"; return }
        let statements = member.statements
        if implicit {
            unwrap(statements[0], keepReturn: false)
            return
        }
        if let last = statements.last, last.kind == .returnStmt, returns.count == 1 {
            // `let`s and one `return`: no builder needed; the `return` stays.
            if let why = declarationsOnly(statements.dropLast()) { failure = why; return }
            unwrap(last, keepReturn: statements.count > 1)
            return
        }
        needsBuilder = true
        plan(block: statements, topLevel: true)
    }

    /// Statements ending in a `return`, an `if`/`else` or a `switch` whose every branch ends so.
    private mutating func plan(block statements: [Node], topLevel: Bool) {
        guard let last = statements.last else { failure = "a branch returns nothing"; return }
        var leading = Array(statements.dropLast())
        if topLevel, last.kind == .returnStmt, let early = leading.last, early.kind == .ifExpr, let earlyIf = IfExpr(early), finalElse(earlyIf) == nil {
            // `if c { return a }` then `return b`: `b` becomes the `else`.
            leading.removeLast()
            if let why = declarationsOnly(leading[...]) { failure = why; return }
            planIf(early)
            guard failure == nil, let value = last.firstChildNode, let view = erasedView(value) else {
                if failure == nil { failure = "a result is not `AnyView(x)`" }
                return
            }
            let indent = layout.indentation(ofLineAt: early.trimmedRange.lowerBound)
            let inner = indent + layout.indentStep(over: indent, in: early.trimmedRange)
            guard let moved = movedText(view, from: last, to: inner) else { failure = "a result holds a multi-line string"; return }
            let newline = layout.lineEnding
            edits.append(Edit(range: early.trimmedRange.upperBound..<last.trimmedRange.upperBound,
                              replacement: " else {" + newline + inner + moved + newline + indent + "}"))
            return
        }
        if let why = declarationsOnly(leading[...]) { failure = why; return }
        switch last.kind {
        case .returnStmt:
            if topLevel { failure = "one `return` follows other statements"; return }
            unwrap(last, keepReturn: false)
        case .ifExpr:
            guard finalElse(IfExpr(last)!) != nil else { failure = "an `if` without `else` does not return on every path"; return }
            planIf(last)
        case .switchExpr:
            for switchCase in last.children(.switchCase) {
                let body = switchCase.childNodes.filter { $0.kind != .switchCaseLabel }
                plan(block: body, topLevel: false)
                if failure != nil { return }
            }
        default:
            failure = "its last statement is \(statementName(last))"
        }
    }

    private mutating func planIf(_ node: Node) {
        var current: IfExpr? = IfExpr(node)
        while let ifExpr = current {
            if ifExpr.conditions.contains(where: { $0.firstToken?.kind == .poundAvailable }) {
                failure = "`if #available` in a view builder needs `buildLimitedAvailability`"; return
            }
            plan(block: ifExpr.body?.statements ?? [], topLevel: false)
            if failure != nil { return }
            guard let next = ifExpr.elseBranch else { return }
            if next.kind == .ifExpr {
                current = IfExpr(next)
            } else {
                plan(block: CodeBlock(next)?.statements ?? [], topLevel: false)
                return
            }
        }
    }

    /// The `else { }` block that ends an `if`/`else if` chain, if there is one.
    private func finalElse(_ ifExpr: IfExpr) -> Node? {
        var current = ifExpr
        while let next = current.elseBranch {
            guard next.kind == .ifExpr, let nested = IfExpr(next) else { return next }
            current = nested
        }
        return nil
    }

    /// Why statements before a result cannot stay in a view builder: only `let`/`var`
    /// declarations without accessors can.
    private func declarationsOnly(_ statements: ArraySlice<Node>) -> String? {
        for statement in statements {
            if let variable = VariableDecl(statement), variable.bindings.allSatisfy({ $0.accessorBlock == nil }) { continue }
            return "it has \(statementName(statement)), which a view builder cannot hold"
        }
        return nil
    }

    private func statementName(_ node: Node) -> String {
        switch node.kind {
        case .guardStmt: return "a `guard`"
        case .forStmt, .whileStmt, .repeatStmt: return "a loop"
        case .deferStmt: return "a `defer`"
        case .doStmt: return "a `do`/`catch`"
        case .ifConfig: return "an `#if`"
        case .ifExpr: return "an `if` that returns early"
        case .returnStmt: return "a `return` in the middle"
        case .functionDecl: return "a nested function"
        case .throwStmt: return "a `throw`"
        case .switchExpr: return "a `switch` that returns early"
        default: return "a statement (`\(singleLineText(node)?.prefix(40) ?? "…")`)"
        }
    }

    /// `return AnyView(x)` → `x` (or `return x`); the implicit `AnyView(x)` → `x`.
    private mutating func unwrap(_ statement: Node, keepReturn: Bool) {
        let value = statement.kind == .returnStmt ? statement.firstChildNode : statement
        guard let value, let view = erasedView(value) else { failure = "a result is not `AnyView(x)` with one argument"; return }
        let replaced = keepReturn ? value : statement
        let indent = layout.indentation(ofLineAt: statement.trimmedRange.lowerBound)
        guard let text = movedText(view, from: statement, to: indent) else { failure = "a result holds a multi-line string"; return }
        edits.append(Edit(range: replaced.trimmedRange, replacement: text))
    }

    /// The text of `view` to stand where `statement` starts, its lines at `indent`: as
    /// written when it starts on the statement's line and stays at that depth, else
    /// re-indented from its own first line. Nil when a multi-line string would move.
    private func movedText(_ view: Node, from statement: Node, to indent: String) -> String? {
        let range = view.trimmedRange
        let statementIndent = layout.indentation(ofLineAt: statement.trimmedRange.lowerBound)
        let sameLine = layout.lineStart(range.lowerBound) == layout.lineStart(statement.trimmedRange.lowerBound)
        let from = sameLine ? statementIndent : layout.indentation(ofLineAt: range.lowerBound)
        let multiline = layout.lineEnd(range.lowerBound) < range.upperBound
        if !multiline || from == indent { return layout.text(range) }
        if holdsMultilineString(view) { return nil }
        let firstLineEnd = layout.lineEnd(range.lowerBound)
        let rest = layout.afterLineBreak(firstLineEnd)..<range.upperBound
        return layout.text(range.lowerBound..<firstLineEnd) + layout.lineEnding + layout.reindent(rest, from: from, to: indent)
    }
}
