// Rule `anyview`: `AnyView(…)` hides a view's type, so SwiftUI can no longer tell which
// view changed and rebuilds what it wraps; a `@ViewBuilder` returning `some View` keeps it.
import Codemod
import Foundation
import SwiftCST

/// Rule `anyview`; `documentation` below is its one description (RULES.md, `explain`).
public struct AnyViewErasure: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is a call of `AnyView`.
    public var neededWords: [[StaticString]] { [["AnyView"]] }

    public let id = "anyview"
    public let summary = "Return `some View` from a `@ViewBuilder` instead of erasing to `AnyView`"
    public let documentation = """
        `AnyView(…)` erases a view's type. SwiftUI tells views apart by their type and \
        position: behind an `AnyView` it cannot see that the view is still the same kind, \
        so it compares less, rebuilds more, and in a `ForEach` row it loses the fast path \
        for rows of one type. Erasure is usually there to return different views from \
        one function, which a `@ViewBuilder` does without it.

        Before:

            private func badge(for status: Status) -> AnyView {
                if status.isLive {
                    return AnyView(LiveBadge())
                } else {
                    return AnyView(Text(status.title))
                }
            }

        After (a `safe` fix):

            @ViewBuilder
            private func badge(for status: Status) -> some View {
                if status.isLive {
                    LiveBadge()
                } else {
                    Text(status.title)
                }
            }

        Fixed: a function or computed property whose every return is `AnyView(x)`, declared \
        `-> AnyView` or `-> some View`. The returns are unwrapped; where there are several \
        (`if`/`else`, `switch`, an early `if … { return … }` before the last `return`, which \
        becomes the `else`) the member gets `@ViewBuilder` and loses its `return`s. A member \
        declared `-> AnyView` becomes `-> some View` only when nothing may need `AnyView` \
        from it: it is not `public`/`open`/`@objc`/`dynamic`/`override`, no other file of \
        the module names it (the project index says which files name what; a subclass's \
        override, a protocol's requirement and a caller elsewhere all would), and every use \
        in its own file is a statement of a view builder, the single result of a `some View` \
        member, or wrapped in `AnyView(…)` again; a use in a ternary, an array, a `let`, an \
        argument or a stored property withholds the fix, since two `some View` results no \
        longer share one type; so does a member that reaches itself, directly or through \
        other members of the file (`row` shows `children`, which shows `row`), whose \
        `some View` would be defined in terms of itself. Test targets reading the member \
        through `@testable import` \
        are not part of the module's index.

        Withheld (reported with the reason): bodies a result builder cannot hold (`guard`, \
        loops, `defer`, `do`/`catch`, assignments and other statements, `#if`, \
        `if #available`, a `return` in the middle), returns that are not all `AnyView(x)`, \
        a getter with a setter, and fixes that would delete a comment. A helper that erases \
        its receiver (`func eraseToAnyView() -> AnyView { AnyView(self) }`) is not reported: \
        erasing is what it is for. `AnyView(…)` built in \
        a `ForEach` row or as a branch of a ternary is reported with where it is: those need \
        a human's change. Not reported: `AnyView(…)` where the type it is given to is \
        declared `AnyView` (a stored property, a closure's result, an array element, an \
        argument such as a hosting controller's root view): there the erasure is what the \
        declaration asks for, often to hold different views in one place.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        let layout = SourceLayout(tree.bytes)
        var findings: [Finding] = []
        var covered = Set<Node>()
        var memberNames: MemberNameTokens? = nil  // made for the first member whose callers are read
        let lines = LineNumbers(tree.bytes)
        // Where the file writes `AnyView`, found once: a member that writes it nowhere is
        // passed over by a binary search, where searching each member's bytes read the
        // bytes of nested members again.
        var written: [Int] = []
        forEachOccurrence(of: "AnyView", in: tree.bytes) { written.append($0) }
        for node in tree.root.descendants([.functionDecl, .variableDecl]) {
            // A member that erases returns `AnyView(…)`: the others are passed over on
            // their bytes (in a long file, most of them).
            let span = node.trimmedRange
            let first = written.partitionPoint(where: { $0 < span.lowerBound })
            guard first < written.count, written[first] + "AnyView".utf8.count <= span.upperBound,
                  let member = ErasingMember(node) else { continue }
            let plan = BuilderPlan(member: member, layout: layout)
            guard !plan.erasures.isEmpty else { continue }
            covered.formUnion(plan.erasures)
            // `func eraseToAnyView() -> AnyView { AnyView(self) }`: erasing is what it is for;
            // its callers are the places to look.
            if plan.erasures.allSatisfy({ FunctionCallExpr($0)?.arguments.first?.expression?.textEquals("self") == true }) { continue }
            let range = member.nameToken.textRange.lowerBound..<member.nameToken.textRange.upperBound
            let message = "`\(member.name)` erases its view with `AnyView`; return `some View` from a `@ViewBuilder`"
            var reason = plan.failure ?? member.declarationReason
            if reason == nil, member.declaresAnyView {
                if memberNames == nil { memberNames = MemberNameTokens(tree) }
                reason = callerReason(of: member, in: tree, index: index, path: context.path, names: memberNames!, lines: lines)
            }
            findings.append(.offering({ Fix(edits: plan.edits + member.signatureEdits(needsBuilder: plan.needsBuilder),
                                            summary: "return `some View` without `AnyView`") },
                                      range: range, message: message, unless: reason, in: tree))
        }
        for node in context.functionCalls(in: tree) where !covered.contains(node) && isAnyViewCall(node) {
            guard let reason = siteReason(node) else { continue }
            findings.append(Finding(range: node.trimmedRange.lowerBound..<(node.firstToken.map { $0.textRange.upperBound } ?? node.trimmedRange.upperBound),
                                    message: "`AnyView` erases the view's type; prefer `some View` from a `@ViewBuilder`",
                                    withheldReason: reason))
        }
        return findings.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    // MARK: - Callers

    /// Why some use of `member` may need its result to be `AnyView`, or nil when every use
    /// is proven not to: no other indexed file names it, and each use in this file is a
    /// view-builder statement, the one result of a `some View` member, or `AnyView(…)`'s
    /// argument.
    private func callerReason(of member: ErasingMember, in tree: SyntaxTree, index: ProjectIndex, path: String,
                              names: MemberNameTokens, lines: LineNumbers) -> String? {
        if !member.isFilePrivate {
            let others = index.filesMentioning(member.name, besides: path)
            if let first = others.sorted().first {
                let more = others.count > 1 ? " and \(others.count - 1) more" : ""
                return "another file of the module names `\(member.name)` (\(first)\(more)), and its uses there may need `AnyView`"
            }
        }
        let declared = member.nameToken.index
        let anyViewExtended = index.isSeen("AnyView")
        let reached = membersReached(from: member.node, names: names)
        for position in names.positions(spelling: member.name) where position != declared {
            let token = tree.token(at: position)
            if FileTypes.isOwnMemberOfValueType(token, besides: FileTypes.innermostType(of: member.node)) { continue }
            let line = { lines.line(at: token.textRange.lowerBound) }
            guard let use = referenceExpression(token, member: member) else {
                return "`\(member.name)` on line \(line()) is not a plain use of this member"
            }
            if member.node.contains(use) { return "`\(member.name)` uses itself" }
            // Through another member (`row` shows `children`, which shows `row` again): two
            // `some View` results would each be defined in terms of the other.
            if let other = reached.first(where: { $0.declaration.contains(use) }) {
                return "`\(member.name)` and `\(other.name)` use each other"
            }
            if let why = needForAnyView(use, anyViewExtended: anyViewExtended) { return "the use of `\(member.name)` on line \(line()) \(why)" }
        }
        return nil
    }

    /// The functions and properties of the file that `start` reaches by naming them, and
    /// those reach in turn (by name, whatever their type: a superset is only stricter).
    private func membersReached(from start: Node, names: MemberNameTokens) -> [(name: String, declaration: Node)] {
        var reached: [(name: String, declaration: Node)] = []
        var seen = [Bool](filling: false, count: start.tree.nodes.count)  // by node index: no hashing
        seen[start.index] = true
        // How many declarations of each name are not reached yet: a name whose are all
        // reached is passed over (in a long file, `body` is named and declared hundreds of times).
        var unreached = names.declarations.map { $0.count }
        if let number = names.number(of: start) { unreached[number] -= 1 }
        var pending = [start]
        while let node = pending.popLast() {
            names.forEachName(in: node.firstTokenIndex..<node.endTokenIndex) { position, number in
                guard unreached[number] > 0 else { return }
                // A declaration holds the token's innermost node exactly when its tokens
                // hold the token: told from the indices, without finding that node.
                for declaration in names.declarations[number] where !seen[declaration.index]
                    && !(declaration.firstTokenIndex <= position && position < declaration.endTokenIndex) {
                    seen[declaration.index] = true
                    unreached[number] -= 1
                    reached.append((names.names[number], declaration))
                    pending.append(declaration)
                }
            }
        }
        return reached
    }

    /// The expression a mention of the member's name stands for: `name(…)` for a method,
    /// `name` or `self.name` for a property; nil for anything else (another value's member,
    /// a label, a declaration).
    private func referenceExpression(_ token: Token, member: ErasingMember) -> Node? {
        var node = token.parent
        if node.kind == .identifierExpr, let parent = node.parent, parent.kind == .memberAccessExpr, parent.firstChildNode != node {
            node = parent
        }
        if node.kind == .memberAccessExpr {
            guard let access = MemberAccessExpr(node), access.nameToken?.textRange == token.textRange,
                  let base = access.base, base.firstToken?.keyword == .self, base.kind == .identifierExpr else { return nil }
        } else if node.kind != .identifierExpr {
            return nil
        }
        guard member.isFunction else { return node }
        guard let parent = node.parent, parent.kind == .functionCallExpr, FunctionCallExpr(parent)?.callee == node else { return nil }
        return parent
    }

    /// Why the value of `use` may need to be exactly `AnyView`; nil when its place takes
    /// any view. Modifiers applied to it keep it any view (unless the module extends
    /// `AnyView`, whose own members a `some View` lacks).
    private func needForAnyView(_ use: Node, anyViewExtended: Bool) -> String? {
        var expression = use
        if anyViewExtended, let access = use.parent, access.kind == .memberAccessExpr, access.firstChildNode == use {
            return "calls a member on it, and the module extends `AnyView`"
        }
        while let access = expression.parent, access.kind == .memberAccessExpr, access.firstChildNode == expression,
              let call = access.parent, call.kind == .functionCallExpr, FunctionCallExpr(call)?.callee == access {
            expression = call
        }
        guard let parent = expression.parent else { return "is not in a view" }
        if parent.kind == .argument, Argument(parent)?.label == nil, let list = parent.parent, list.kind == .argumentList,
           let call = list.parent, isAnyViewCall(call), FunctionCallExpr(call)?.arguments.count == 1 {
            return nil
        }
        if parent.kind == .returnStmt {
            guard let declaration = enclosingDeclaration(of: parent), declaresOpaqueView(declaration),
                  returnStatements(in: declaration).count == 1 else {
                return "is returned where its type may matter"
            }
            return nil
        }
        guard [.codeBlock, .closureExpr, .accessorBlock, .switchCase].contains(parent.kind) else {
            return "is part of an expression (\(describe(parent))), where its type may matter"
        }
        // A statement: climb out of `if`/`switch` branches to the block that owns them.
        var block = parent
        while true {
            if block.kind == .codeBlock, let owner = block.parent, owner.kind == .ifExpr, let statement = outermostIf(owner),
               let above = statement.parent {
                block = above
            } else if block.kind == .switchCase, let owner = block.parent, owner.kind == .switchExpr, let above = owner.parent {
                block = above
            } else {
                break
            }
            guard [.codeBlock, .closureExpr, .accessorBlock, .switchCase].contains(block.kind) else {
                return "is in an `if` or `switch` used as a value"
            }
        }
        if BuilderContext.nonViewContent(around: expression) != nil { return "is not in View content" }
        if let closure = ClosureExpr(block) {
            guard BuilderContext.of(closure).kind == .view, let (call, name, _) = callReceiving(closure.node) else {
                return "is in a closure that is not View content"
            }
            // A closure of the module's own type may be typed `() -> AnyView`; SwiftUI's take any view.
            let isModifier = call.callee?.kind == .memberAccessExpr
            return isModifier || AnyViewErasure.swiftUIContainers.contains(name)
                ? nil : "is in the closure of `\(name)`, whose parameter type may be `AnyView`"
        }
        guard let declaration = enclosingDeclaration(of: block) else { return "is not in a view builder" }
        if isImplicitReturn(expression), declaresOpaqueView(declaration) { return nil }
        let isBuilder = declaration.children(.attribute).contains { Attribute($0)?.name == "ViewBuilder" }
            || (VariableDecl(declaration)?.bindings.first?.name == "body" && declaresOpaqueView(declaration))
        guard isBuilder, returnStatements(in: declaration).isEmpty else { return "is not in a view builder" }
        return nil
    }

    /// SwiftUI views whose closures are `@ViewBuilder` content of any view type.
    static let swiftUIContainers: Set<String> = [
        "VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid", "Grid", "GridRow", "Group",
        "ForEach", "List", "ScrollView", "Section", "Form", "NavigationView", "NavigationStack", "NavigationSplitView",
        "NavigationLink", "Button", "Menu", "Label", "TabView", "GeometryReader", "ScrollViewReader", "DisclosureGroup",
        "GroupBox", "ControlGroup", "Picker", "Toggle", "ViewThatFits", "LabeledContent", "ContentUnavailableView",
        "Link", "ShareLink", "PhotosPicker", "HSplitView", "VSplitView", "TimelineView", "AsyncImage",
    ]

    // MARK: - Other sites

    /// Where an `AnyView(…)` that is no member's result is, as the reason it stays; nil where
    /// the type it is given to is declared `AnyView` (a property, a closure's result, an
    /// array element, a parameter, a hosting controller's root view): erasing is what that
    /// declaration asks for, and not a finding.
    private func siteReason(_ call: Node) -> String? {
        if enclosingCalls(of: call).contains(where: { $0.name == "ForEach" || $0.name == "List" }) {
            return "in a `ForEach` row, where every row then has the type `AnyView`"
        }
        var current = call.parent
        while let node = current {
            switch node.kind {
            case .arrayExpr, .dictionaryExpr: return nil
            case .ternaryExpr: return "a branch of a ternary, whose two sides need one type"
            case .sequenceExpr:
                if let sequence = SequenceExpr(node), sequence.isAssignment, sequence.assignedValue?.contains(call) == true {
                    return nil
                }
                if node.childNodes.contains(where: { $0.kind == .ternaryExpr }) {
                    return "a branch of a ternary, whose two sides need one type"
                }
            case .initializerClause: return nil
            case .argument:
                if let name = node.parent?.parent.flatMap(FunctionCallExpr.init)?.calleeName, name != "AnyView" { return nil }
            case .closureExpr: return nil
            case .functionDecl, .variableDecl, .subscriptDecl, .initializerDecl: return nil
            default: break
            }
            current = node.parent
        }
        return nil
    }

    private func describe(_ node: Node) -> String {
        switch node.kind {
        case .argument: return "an argument"
        case .arrayExpr: return "an array"
        case .ternaryExpr, .sequenceExpr: return "an operator or ternary"
        case .initializerClause: return "a declaration's value"
        case .tupleExpr: return "a tuple"
        default: return "`\(singleLineText(node)?.prefix(40) ?? "…")`"
        }
    }
}

// MARK: - Shared matchers

/// `AnyView(x)`: a call of `AnyView` or `SwiftUI.AnyView`.
func isAnyViewCall(_ node: Node) -> Bool {
    // Told first from the call's first token, which every call in a long file reaches here for.
    guard node.kind == .functionCallExpr, let first = node.firstToken, first.textIs("AnyView") || first.textIs("SwiftUI"),
          let call = FunctionCallExpr(node), let callee = call.callee else { return false }
    if callee.kind == .identifierExpr { return callee.textEquals("AnyView") }
    if let access = MemberAccessExpr(callee) { return access.name == "AnyView" && access.base?.textEquals("SwiftUI") == true }
    return false
}

/// The argument `x` of `AnyView(x)`, when it is the one unlabeled argument and no closure follows.
func erasedView(_ node: Node) -> Node? {
    guard isAnyViewCall(node), let call = FunctionCallExpr(node), call.arguments.count == 1, call.trailingClosure == nil,
          call.additionalTrailingClosures.isEmpty, let argument = call.arguments.first, argument.label == nil else { return nil }
    return argument.expression
}

/// The function or property whose body holds `node` (nil inside a closure first).
func enclosingDeclaration(of node: Node) -> Node? {
    var current = node.parent
    while let n = current {
        if n.kind == .closureExpr { return nil }
        if n.kind == .functionDecl || n.kind == .variableDecl || n.kind == .subscriptDecl || n.kind == .initializerDecl { return n }
        current = n.parent
    }
    return nil
}

/// Whether a declaration's type is `some View`.
func declaresOpaqueView(_ declaration: Node) -> Bool {
    let type = FunctionLikeDecl(declaration)?.returnType ?? VariableDecl(declaration)?.bindings.first?.type
    guard let type, type.kind == .someOrAnyType else { return false }
    let text = tokenKey(type)
    return text == "some View " || text == "some SwiftUI . View "
}

/// The `return` statements of a declaration's own body (not of closures or nested functions).
func returnStatements(in declaration: Node) -> [Node] {
    declaration.descendants(.returnStmt).filter { enclosingDeclaration(of: $0) == declaration }
}

/// The first `if` of an `else if` chain holding `node`.
func outermostIf(_ node: Node) -> Node? {
    var current = node
    while let parent = current.parent, parent.kind == .ifExpr { current = parent }
    return current.kind == .ifExpr ? current : nil
}

// MARK: - Member names

/// The 1-based lines of a file's offsets, from a table of its lines made on the first
/// question: counting the line feeds before each offset asked about read most of a long
/// file once per member.
private final class LineNumbers {
    private let bytes: [UInt8]
    private lazy var converter = SourceLocationConverter(bytes)

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func line(at offset: Int) -> Int { converter.location(of: offset).line }
}

/// The file's functions and properties by name, and every identifier token that spells
/// one of those names: found in one pass over the tokens, comparing bytes, where reading
/// each member's callers from the token texts made a `String` per token per member.
/// Names are equal as Swift strings are: a non-ASCII one is compared as a `String`.
struct MemberNameTokens {
    /// The names, by number, and the functions and properties declaring each.
    private(set) var names: [String] = []
    private(set) var declarations: [[Node]] = []
    /// The positions of the identifier tokens spelling a name, ascending, and its number.
    private var positions: [Int] = []
    private var numbers: [Int] = []
    /// The same positions grouped by name number: those of number `n` are
    /// `grouped[groupStarts[n]..<groupStarts[n + 1]]`, ascending.
    private var grouped: [Int] = []
    private var groupStarts: [Int] = []
    private var numberOf: [String: Int] = [:]

    init(_ tree: SyntaxTree) {
        var numberOf: [String: Int] = [:]
        for node in tree.root.descendants([.functionDecl, .variableDecl]) {
            guard let name = FunctionLikeDecl(node)?.name ?? VariableDecl(node)?.bindings.first?.name else { continue }
            if let number = numberOf[name] {
                declarations[number].append(node)
            } else {
                numberOf[name] = names.count
                names.append(name)
                declarations.append([node])
            }
        }
        self.numberOf = numberOf
        guard !names.isEmpty else { return }
        // Distinct strings have distinct bytes: each name's number is its place in `names`.
        var interner = ByteInterner(expected: names.count)
        var allASCII = true
        for name in names {
            var name = name
            _ = name.withUTF8 { interner.intern($0) }
            allASCII = allASCII && ByteInterner.isASCII(name)
        }
        var positions: [Int] = []
        var numbers: [Int] = []
        var counts = [Int](filling: 0, count: names.count + 1)
        tree.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { tokens in
                for position in tokens.indices where tokens[position].kind == .identifier {
                    let raw = tokens[position]
                    let text = UnsafeBufferPointer(rebasing: bytes[Int(raw.textStart)..<Int(raw.textEnd)])
                    // ASCII text equals a string exactly when their bytes are equal.
                    let number = allASCII && ByteInterner.isASCII(text) ? interner.lookup(text)
                        : numberOf[String(decoding: text, as: UTF8.self)]
                    guard let number else { continue }
                    positions.append(position)
                    numbers.append(number)
                    counts[number + 1] += 1
                }
            }
        }
        // A counting sort by number keeps each group's positions ascending.
        for number in 0..<names.count { counts[number + 1] += counts[number] }
        groupStarts = counts
        var grouped = [Int](filling: 0, count: positions.count)
        for (position, number) in zip(positions, numbers) {
            grouped[counts[number]] = position
            counts[number] += 1
        }
        self.positions = positions
        self.numbers = numbers
        self.grouped = grouped
    }

    /// Calls `body` with the position and name number of each token in `range` that spells a name.
    func forEachName(in range: Range<Int>, _ body: (Int, Int) -> Void) {
        var at = positions.partitionPoint(where: { $0 < range.lowerBound })
        while at < positions.count, positions[at] < range.upperBound {
            body(positions[at], numbers[at])
            at += 1
        }
    }

    /// The number of the name `declaration` is listed under, if it is one of the file's
    /// functions and properties.
    func number(of declaration: Node) -> Int? {
        guard let name = FunctionLikeDecl(declaration)?.name ?? VariableDecl(declaration)?.bindings.first?.name,
              let number = numberOf[name], declarations[number].contains(declaration) else { return nil }
        return number
    }

    /// The positions of the identifier tokens that spell `name`, in source order.
    func positions(spelling name: String) -> ArraySlice<Int> {
        guard let number = numberOf[name] else { return [] }
        return grouped[groupStarts[number]..<groupStarts[number + 1]]
    }
}
