// The callers of a member that erases to `AnyView`: whether any use of its result may need
// the type `AnyView`, found from the file's name tokens (and the index for other files).
import Codemod
import SwiftCST

extension AnyViewErasure {
    /// Why some use of `member` may need its result to be `AnyView`, or nil when every use
    /// is proven not to: no other indexed file names it, and each use in this file is a
    /// view-builder statement, the one result of a `some View` member, or `AnyView(…)`'s
    /// argument. The files of the modules this one depends on cannot name the member.
    func callerReason(of member: ErasingMember, in tree: SyntaxTree, index: ProjectIndex, context: RuleContext,
                      names: MemberNameTokens, lines: LineNumbers) -> String? {
        if !member.isFilePrivate {
            let others = context.inModule(index.filesMentioning(member.name, besides: context.path))
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
    func membersReached(from start: Node, names: MemberNameTokens) -> [(name: String, declaration: Node)] {
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
    func referenceExpression(_ token: Token, member: ErasingMember) -> Node? {
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
    func needForAnyView(_ use: Node, anyViewExtended: Bool) -> String? {
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


    func describe(_ node: Node) -> String {
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

// MARK: - Member names

/// The 1-based lines of a file's offsets, from a table of its lines made on the first
/// question: counting the line feeds before each offset asked about read most of a long
/// file once per member.
final class LineNumbers {
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
