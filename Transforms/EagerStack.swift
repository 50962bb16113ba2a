// Rule `eager-stack`: a `VStack`/`HStack` in a `ScrollView` builds every row of its `ForEach`
// at once, visible or not; `LazyVStack`/`LazyHStack` build rows as they scroll into view.
import Codemod
import SwiftCST

/// Rule `eager-stack`; `documentation` below is its one description (RULES.md, `explain`).
public struct EagerStack: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is a stack inside a `ScrollView`.
    public var neededWords: [[StaticString]] { [["ScrollView"]] }

    public let id = "eager-stack"
    /// `LazyVStack` and `LazyHStack` are iOS 14, macOS 11, tvOS 14, watchOS 7.
    static let lazyStackPlatforms: [Platform: Version] = [.iOS: Version(14), .macOS: Version(11), .tvOS: Version(14),
                                                          .watchOS: Version(7), .visionOS: Version(1)]
    public let platformNeeds = [PlatformNeed(fix: "`LazyVStack`/`LazyHStack`", platforms: EagerStack.lazyStackPlatforms)]
    public let summary = "Make a stack of `ForEach` rows in a `ScrollView` lazy"
    public let documentation = """
        A `VStack` (or `HStack`) builds all of its children when it appears. Inside a \
        `ScrollView` with a `ForEach` over data of unknown size, that means every row's view, \
        image and `onAppear` runs up front, for rows far outside the screen: the first frame \
        waits for all of them, and memory grows with the data. `LazyVStack` and `LazyHStack` \
        take the same `alignment:` and `spacing:` and build rows as they scroll into view.

        Before:

            ScrollView {
                VStack(alignment: .leading, spacing: 8) {
                    ForEach(model.messages) { message in
                        MessageRow(message: message)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }

        After (a `suggested` fix, applied with --unsafe-fixes):

            ScrollView {
                LazyVStack(alignment: .leading, spacing: 8) {
                    ForEach(model.messages) { message in
                        MessageRow(message: message)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }

        The fix is `suggested` because a lazy stack sizes rows it has not built yet by \
        estimate (the scroll indicator may jump) and runs a row's `onAppear` when the row \
        scrolls into view instead of when the stack appears. The axis must match: a \
        `VStack` under a vertical `ScrollView`, an `HStack` under `ScrollView(.horizontal)`.

        It is made only where nothing drawn moves. A `VStack` is as wide as its widest row, \
        and a vertical `ScrollView` is as wide as its content; a `LazyVStack` takes the \
        whole width offered, and the scroll view with it. Rows narrower than the screen \
        would move (to its edge, with `alignment: .leading`), and so would the scroll \
        indicator, anything drawn from the stack's or the scroll view's frame, and the \
        views beside the scroll view. So the fix is made only when the `VStack` already \
        takes the whole width: every row fills it (a `Divider()`, an `HStack` holding a \
        `Spacer()`, a horizontal `ScrollView`, a view framed `maxWidth: .infinity`), or the \
        stack is given the full width, or a fixed one, by `.frame(maxWidth: .infinity, \
        alignment: …)` (or `.frame(width: …)`) with the stack's own alignment. It is \
        withheld when a modifier on the stack before such a frame shows the stack's width \
        (`.background`, `.overlay`, `.border`, `.clipShape`, `.contentShape`, \
        `.safeAreaInset`, a gesture, any other `.frame`, or any modifier not known to pass \
        its size through: `.padding`, `.id`, `.task`, `.font`, `.navigationTitle` and the \
        like do), and when the scroll view sizes itself to its content's ideal size: under \
        `.fixedSize()`, or as the content of a `.popover` or `.sheet` (which size to fit \
        their content), written around it or showing its view in the same file, unless a \
        fixed `.frame(width: …)` comes first. An `HStack` under a horizontal scroll view is \
        checked the same way with heights (`.frame(maxHeight: .infinity, alignment: …)`, \
        `.frame(height: …)`, rows that are a `VStack` holding a `Spacer()`): a carousel of \
        cards in an `HStack` is as tall as its cards, a `LazyHStack` as tall as the space \
        offered.

        Not found: stacks without a `ForEach`, a `ForEach` over an array literal, a small \
        constant range (at most 20 elements, such as `0..<5`) or an enum's `allCases` (also \
        transformed, as in `Array(Kind.allCases.enumerated())`), a `let` of the view holding one of \
        these, a bounded prefix (`items.prefix(5)`), and \
        stacks nested deeper than the `ScrollView`'s own content. The fix is withheld \
        (reported with the reason) when the stack's content uses `.alignmentGuide` or a \
        `GeometryReader` (both measure the stack's children, which a lazy stack has not \
        built), when the module declares its own `VStack`, `HStack`, `LazyVStack` or \
        `LazyHStack`, or names the stack's type in a declaration (a property or result typed \
        `VStack<…>` would no longer match), and when the rewrite would delete a comment. \
        `LazyVStack` and `LazyHStack` need iOS 14, macOS 11, tvOS 14 or watchOS 7: below that \
        deployment target, or when it is unknown, the finding is reported without its fix.

        A renamed stack whose line would run wider than the file's lines (its longest, at \
        least 120 columns) takes its arguments on lines of their own.
        """

    /// The largest constant range of `ForEach` data that is not reported.
    static let smallRangeCount = 20

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        // The stack names the module or file declares as its own types, found once and
        // only when a candidate needs them.
        var knownDeclared: Set<String>? = nil
        func declared() -> Set<String> {
            if let knownDeclared { return knownDeclared }
            let stackNames: Set<String> = ["VStack", "HStack", "LazyVStack", "LazyHStack", "ScrollView", "ForEach"]
            var found = stackNames.intersection(index.declaredSimpleNames)
            for node in tree.root.descendants(.typealiasDecl) {
                if let name = TypealiasDecl(node)?.name, stackNames.contains(name) { found.insert(name) }
            }
            knownDeclared = found
            return found
        }
        let namedAsTypes = Set(tree.root.descendants(.identifierType).compactMap { node -> String? in
            let name = node.firstToken?.text ?? ""
            return name == "VStack" || name == "HStack" ? name : nil
        })
        // The names of the views the file shows in a popover or sheet, found once and only
        // when a candidate's layout is checked.
        var knownPresented: Set<String>? = nil
        func presentedTypes() -> Set<String> {
            if let knownPresented { return knownPresented }
            let found = EagerStack.typesPresentedSizedToFit(calls: context.functionCalls(in: tree))
            knownPresented = found
            return found
        }
        var findings: [Finding] = []
        for node in context.functionCalls(in: tree) {
            guard let scroll = call(named: "ScrollView", node), let axis = EagerStack.axis(of: scroll),
                  let content = scroll.contentClosure else { continue }
            // A module with its own `ScrollView`, `VStack` or `ForEach` writes something else.
            if !declared().isDisjoint(with: ["ScrollView", "ForEach"]) { return [] }
            let stackName = axis == .vertical ? "VStack" : "HStack"
            for statement in content.statements {
                guard let stack = call(named: stackName, ModifierChain(statement).base), let stackContent = stack.contentClosure,
                      let rows = EagerStack.dynamicForEach(in: stackContent),
                      let nameToken = stack.callee?.firstToken else { continue }
                if declared().contains(stackName) { continue }
                let lazy = "Lazy" + stackName
                let message = "`\(stackName)` in a `ScrollView` builds every row of `ForEach(\(MessageText.quoted(rows.dataExpression)))` at once; use `\(lazy)`"
                var reason: String? = nil
                if stackContent.node.containsDescendant(.memberAccessExpr, where: { MemberAccessExpr($0)?.nameIs("alignmentGuide") == true }) {
                    reason = "the stack's content uses `.alignmentGuide`, which measures children a lazy stack has not built"
                } else if !stackContent.node.descendants(.identifierExpr).filter({ $0.textEquals("GeometryReader") }).isEmpty {
                    reason = "the stack's content holds a `GeometryReader`, whose size depends on the stack laying out every child"
                } else if declared().contains(lazy) {
                    reason = "the module declares its own type named `\(lazy)`"
                } else if namedAsTypes.contains(stackName) {
                    reason = "the file names the type `\(stackName)<…>` in a declaration, which `\(lazy)` would no longer match"
                } else {
                    reason = EagerStack.layoutReason(stack: stack, chain: ModifierChain(statement), scroll: scroll, axis: axis,
                                                     presentedTypes: presentedTypes)
                }
                var fix: Fix? = nil
                if reason == nil {
                    // `LazyVStack(alignment: …, spacing: …) {` too wide for the file: its arguments one a line.
                    let edits = SourceLayout(tree.bytes).wrappingArguments(around: nameToken.parent, edits: [Edit(range: nameToken.textRange, replacement: lazy)],
                                                                           width: context.wrapWidth(of: tree))
                    let candidate = Fix(edits: edits, safety: .suggested,
                                        summary: "use `\(lazy)`; rows are built as they scroll into view, which changes sizing and `onAppear` timing",
                                        platforms: EagerStack.lazyStackPlatforms)
                    if let loss = CommentKeeping.lossReason(candidate, in: tree) { reason = loss } else { fix = candidate }
                }
                let range = stack.node.trimmedRange.lowerBound..<(stack.argumentList?.trimmedRange.upperBound ?? nameToken.textRange.upperBound)
                if let fix {
                    findings.append(Finding(range: range, message: message,
                                            fix: fix))
                } else {
                    findings.append(Finding(range: range, message: message,
                                            withheldReason: reason))
                }
            }
        }
        return findings
    }

    /// The axis a `ScrollView` scrolls along: vertical without an axes argument or with
    /// `.vertical`, horizontal with `.horizontal`; nil for both axes or anything else.
    static func axis(of scroll: FunctionCallExpr) -> ScrollAxis? {
        guard let first = scroll.arguments.first, first.label == nil, let axes = first.expression,
              first.expression?.kind != .closureExpr else { return .vertical }
        guard let access = MemberAccessExpr(axes), access.base == nil || access.base?.textEquals("Axis.Set") == true else { return nil }
        switch access.name {
        case "vertical": return .vertical
        case "horizontal": return .horizontal
        default: return nil
        }
    }

    /// The first `ForEach` among the stack's own children whose data is not written out
    /// in the source (an array literal, a small constant range, `allCases`).
    private static func dynamicForEach(in content: ClosureExpr) -> ForEachSite? {
        for statement in content.statements {
            guard let site = ForEachSite(ModifierChain(statement).base), !site.isList else { continue }
            if !isWrittenOut(site.dataExpression) && !isWrittenOutConstant(site.dataExpression) { return site }
        }
        return nil
    }

    /// Data whose size the source states: `["a", "b"]`, `0..<5`, `1...3`, `Kind.allCases`
    /// (also transformed: `Array(Kind.allCases.enumerated())`).
    private static func isWrittenOut(_ data: Node) -> Bool {
        if data.kind == .arrayExpr || data.kind == .dictionaryExpr { return true }
        if ([data] + data.descendants(.memberAccessExpr)).contains(where: { MemberAccessExpr($0)?.name == "allCases" }) { return true }
        var node = data
        while node.kind == .tupleExpr, let inner = node.child(.argument)?.firstChildNode { node = inner }
        guard node.kind == .sequenceExpr else { return false }
        let parts = node.children
        guard parts.count == 3, case .node(let low) = parts[0], case .token(let op) = parts[1], case .node(let high) = parts[2],
              let lower = integerValue(low), let upper = integerValue(high) else { return false }
        let count = op.textIs("..<") ? upper - lower : op.textIs("...") ? upper - lower + 1 : Int.max
        return count <= smallRangeCount
    }

    /// A `let` of the view whose value is written out (`let variants = [("a", .a), …]`), or
    /// a bounded prefix (`items.prefix(5)`): a small set the source states.
    private static func isWrittenOutConstant(_ data: Node) -> Bool {
        if let call = FunctionCallExpr(data), call.calleeNameIs("prefix"), call.callee?.kind == .memberAccessExpr,
           call.arguments.count == 1, let count = call.arguments[0].expression.flatMap(integerValue) {
            return count <= smallRangeCount
        }
        guard data.kind == .identifierExpr || (MemberAccessExpr(data)?.base?.textEquals("self") == true),
              let name = data.kind == .identifierExpr ? data.firstToken?.text : MemberAccessExpr(data)?.name else { return false }
        // The type around the stack, and its stored `let` of that name.
        var current = data.parent
        while let node = current, ![.structDecl, .classDecl, .extensionDecl].contains(node.kind) { current = node.parent }
        guard let type = current.flatMap(TypeDecl.init) else { return false }
        for member in type.members {
            guard let variable = VariableDecl(member), variable.isLet, let binding = variable.bindings.first,
                  binding.name == name, let value = binding.initializer else { continue }
            return isWrittenOut(value)
        }
        return false
    }

    private static func integerValue(_ node: Node) -> Int? {
        guard node.kind == .integerLiteralExpr, let token = node.firstToken else { return nil }
        return Int(token.text.removingASCII(UInt8(ascii: "_")))
    }
}

extension FunctionCallExpr {
    /// The content closure: the one trailing closure, or a `content:` argument's closure.
    var contentClosure: ClosureExpr? {
        if additionalTrailingClosures.isEmpty, let closure = trailingClosure { return closure }
        guard trailingClosure == nil, let expression = argument("content")?.expression else { return nil }
        return ClosureExpr(expression)
    }
}
