// Rule `eager-stack`: a `VStack`/`HStack` in a `ScrollView` builds every row of its `ForEach`
// at once, visible or not; `LazyVStack`/`LazyHStack` build rows as they scroll into view.
import Codemod
import SwiftCST

/// Rule `eager-stack`; `documentation` below is its one description (RULES.md, `explain`).
public struct EagerStack: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is a stack inside a `ScrollView`.
    public func mayFind(in bytes: [UInt8]) -> Bool { containsAny(bytes, of: ["ScrollView"]) }

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
        transformed, as in `Array(Kind.allCases.enumerated())`), and \
        stacks nested deeper than the `ScrollView`'s own content. The fix is withheld \
        (reported with the reason) when the stack's content uses `.alignmentGuide` or a \
        `GeometryReader` (both measure the stack's children, which a lazy stack has not \
        built), when the module declares its own `VStack`, `HStack`, `LazyVStack` or \
        `LazyHStack`, or names the stack's type in a declaration (a property or result typed \
        `VStack<…>` would no longer match), and when the rewrite would delete a comment. \
        `LazyVStack` and `LazyHStack` need iOS 14, macOS 11, tvOS 14 or watchOS 7: below that \
        deployment target, or when it is unknown, the finding is reported without its fix.
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
            let found = EagerStack.typesPresentedSizedToFit(in: tree)
            knownPresented = found
            return found
        }
        var findings: [Finding] = []
        for node in tree.root.descendants(.functionCallExpr) {
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
                let message = "`\(stackName)` in a `ScrollView` builds every row of `ForEach(\(singleLineText(rows.dataExpression) ?? "…"))` at once; use `\(lazy)`"
                var reason: String? = nil
                if stackContent.node.descendants(.memberAccessExpr).contains(where: { MemberAccessExpr($0)?.name == "alignmentGuide" }) {
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
                    let candidate = Fix(edits: [Edit(range: nameToken.textRange, replacement: lazy)], safety: .suggested,
                                        summary: "use `\(lazy)`; rows are built as they scroll into view, which changes sizing and `onAppear` timing",
                                        platforms: EagerStack.lazyStackPlatforms)
                    if let loss = CommentKeeping.lossReason(candidate, in: tree) { reason = loss } else { fix = candidate }
                }
                let range = stack.node.trimmedRange.lowerBound..<(stack.argumentList?.trimmedRange.upperBound ?? nameToken.textRange.upperBound)
                if let fix {
                    findings.append(Finding(range: range, message: message + " (sizing and `onAppear` timing change: rows are built as they scroll into view)",
                                            fix: fix))
                } else {
                    findings.append(Finding(range: range, message: message + " (\(reason ?? ""); change it by hand)",
                                            withheldReason: reason))
                }
            }
        }
        return findings
    }

    private enum ScrollAxis { case vertical, horizontal }

    /// Where a stack puts a row narrower than itself across the scroll axis, and where a
    /// frame puts its content: `start` is leading (or top), `end` trailing (or bottom).
    private enum CrossPlacement: String { case start, center, end }

    /// Modifiers on the stack that neither draw from its frame nor size from it: they pass
    /// the proposed size through (`padding` adds fixed insets), act on the rows' own pixels
    /// (`opacity`, `shadow`, `foregroundStyle`) or on none at all (`id`, `task`, `toolbar`).
    /// Any other modifier (`background`, `overlay`, `border`, `clipShape`, `contentShape`,
    /// `safeAreaInset`, `popover`, a gesture, a `frame` that is not a full-size one…)
    /// shows the stack's cross-axis size, which the rename changes.
    static let frameBlindModifiers: Set<String> = [
        "padding", "id", "tag", "onAppear", "onDisappear", "task", "onChange", "onReceive", "onPreferenceChange",
        "onOpenURL", "animation", "transaction", "foregroundColor", "foregroundStyle", "font", "fontWeight", "fontDesign",
        "fontWidth", "bold", "italic", "monospacedDigit", "tint", "accentColor", "environment", "environmentObject",
        "transformEnvironment", "navigationTitle", "navigationBarTitle", "navigationBarTitleDisplayMode", "navigationSubtitle",
        "navigationDestination", "navigationBarHidden", "navigationBarBackButtonHidden", "toolbar", "toolbarBackground",
        "toolbarRole", "sheet", "fullScreenCover", "alert", "confirmationDialog", "refreshable", "searchable",
        "disabled", "opacity", "shadow", "redacted", "unredacted", "buttonStyle", "labelStyle", "toggleStyle",
        "pickerStyle", "textFieldStyle", "textCase", "lineLimit", "multilineTextAlignment", "truncationMode",
        "minimumScaleFactor", "symbolRenderingMode", "symbolVariant", "imageScale", "controlSize", "dynamicTypeSize",
        "preferredColorScheme", "scrollTargetLayout", "listRowInsets", "listRowSeparator", "listRowBackground",
        "textSelection", "privacySensitive", "labelsHidden", "keyboardShortcut", "help", "sensoryFeedback",
        "scrollDismissesKeyboard", "statusBarHidden", "persistentSystemOverlays", "interactiveDismissDisabled",
    ]

    /// Why renaming the stack could change what is drawn, or nil when the layout is the
    /// same. A `VStack` is as wide as its widest row, and a vertical `ScrollView` as wide as
    /// its content; a `LazyVStack` takes the whole width offered, and the scroll view with
    /// it. The layout is the same only when the eager stack already takes that width: every
    /// row fills it, or a frame gives the stack the full (or a fixed) width with the
    /// stack's own alignment, no modifier before that frame showing the stack's width.
    /// `HStack` under a horizontal scroll view is the same with heights.
    private static func layoutReason(stack: FunctionCallExpr, chain: ModifierChain, scroll: FunctionCallExpr, axis: ScrollAxis,
                                     presentedTypes: () -> Set<String>) -> String? {
        let vertical = axis == .vertical
        let stackName = vertical ? "VStack" : "HStack"
        let lazy = "Lazy" + stackName
        let size = vertical ? "width" : "height"
        let measure = vertical ? "as wide as its widest row" : "as tall as its tallest row"
        let eager = vertical ? "a `VStack`" : "an `HStack`"
        // The modifiers up to a frame that gives the stack the full (or a fixed) size.
        var frame: (placement: CrossPlacement?, fixed: Bool)? = nil
        var after: ArraySlice<Modifier> = []
        for (position, modifier) in chain.modifiers.enumerated() {
            if modifier.name == "frame", let found = crossFrame(modifier, axis: axis) {
                frame = found
                after = chain.modifiers[(position + 1)...]
                break
            }
            if frameBlindModifiers.contains(modifier.name) || modifier.name.hasPrefix("accessibility") { continue }
            return "the stack's `.\(modifier.name)` shows its \(size), which changes: \(eager) is \(measure), a `\(lazy)` takes the \(size) it is offered"
        }
        if frame?.fixed != true {
            if after.contains(where: { $0.name == "fixedSize" }) {
                return "`.fixedSize()` sizes the stack's frame to the stack's ideal \(size), which a `\(lazy)` takes from the rows it has built"
            }
            if let sized = sizedToFitReason(scroll: scroll, axis: axis, presentedTypes: presentedTypes) {
                return sized + ", and a `\(lazy)` takes its ideal \(size) from the rows it has built"
            }
        }
        let alignment = stack.argument("alignment")?.expression
        let shownAlignment = alignment.flatMap(singleLineText).map { "`alignment: \($0)`" } ?? "its alignment"
        guard let placement = alignment.map({ stackPlacement($0, axis: axis) }) ?? .center else {
            return "the stack's \(shownAlignment) cannot be matched with where the scroll view puts the stack"
        }
        if let frame {
            guard let framePlacement = frame.placement else {
                return "the stack's frame has an alignment whose \(vertical ? "horizontal" : "vertical") part is not known"
            }
            if framePlacement == placement || rowsFill(stack, axis: axis) { return nil }
            return "the stack's \(shownAlignment) differs from its frame's: rows narrower than the frame would move from where the frame puts the `\(stackName)` to the `\(lazy)`'s edge"
        }
        if rowsFill(stack, axis: axis) { return nil }
        let frameText = vertical ? ".frame(maxWidth: .infinity, alignment: …)" : ".frame(maxHeight: .infinity, alignment: …)"
        return "\(eager) is \(measure), and the scroll view \(vertical ? "as wide" : "as tall") as its content, while a `\(lazy)` (and the scroll view with it) takes the whole \(size) offered: rows, scroll indicator and what is around the scroll view would move; frame the stack with `\(frameText)` first"
    }

    /// A `frame` modifier that gives the stack a size across the scroll axis that does not
    /// depend on its rows: `width:` (fixed) or `maxWidth: .infinity` (the full width offered),
    /// with only width labels and `alignment:`; `HStack` heights alike. The placement is
    /// nil when the alignment is written in a way not understood.
    private static func crossFrame(_ modifier: Modifier, axis: ScrollAxis) -> (placement: CrossPlacement?, fixed: Bool)? {
        let dimension = axis == .vertical ? "Width" : "Height"
        let allowed: Set<String> = [dimension.lowercased(), "min" + dimension, "ideal" + dimension, "max" + dimension, "alignment"]
        guard modifier.call?.trailingClosure == nil, !modifier.arguments.isEmpty,
              modifier.arguments.allSatisfy({ $0.label.map(allowed.contains) ?? false }) else { return nil }
        let fixed = modifier.argument(dimension.lowercased()) != nil
        guard fixed || modifier.argument("max" + dimension)?.expression.map(isInfinity) == true else { return nil }
        guard let alignment = modifier.argument("alignment")?.expression else { return (.center, fixed) }
        return (framePlacement(alignment, axis: axis), fixed)
    }

    private static func isInfinity(_ node: Node) -> Bool {
        guard let access = MemberAccessExpr(node), access.name == "infinity" else { return false }
        return access.base == nil || ["CGFloat", "Double", "Float"].contains { access.base?.textEquals($0) == true }
    }

    /// `.leading`/`.center`/`.trailing` of a `VStack` (`.top`/`.center`/`.bottom` of an
    /// `HStack`); nil for anything else (`.firstTextBaseline`, a custom guide, a variable).
    private static func stackPlacement(_ node: Node, axis: ScrollAxis) -> CrossPlacement? {
        let typeName = axis == .vertical ? "HorizontalAlignment" : "VerticalAlignment"
        guard let access = MemberAccessExpr(node), access.base == nil || access.base?.textEquals(typeName) == true else { return nil }
        switch (axis, access.name) {
        case (.vertical, "leading"), (.horizontal, "top"): return .start
        case (_, "center"): return .center
        case (.vertical, "trailing"), (.horizontal, "bottom"): return .end
        default: return nil
        }
    }

    /// The part across the scroll axis of a frame's `Alignment` (`.topLeading` is `start`
    /// across a vertical scroll view, `start` across a horizontal one too).
    private static func framePlacement(_ node: Node, axis: ScrollAxis) -> CrossPlacement? {
        guard let access = MemberAccessExpr(node), let name = access.name,
              access.base == nil || access.base?.textEquals("Alignment") == true else { return nil }
        let parts: [String: (horizontal: CrossPlacement, vertical: CrossPlacement)] = [
            "topLeading": (.start, .start), "top": (.center, .start), "topTrailing": (.end, .start),
            "leading": (.start, .center), "center": (.center, .center), "trailing": (.end, .center),
            "bottomLeading": (.start, .end), "bottom": (.center, .end), "bottomTrailing": (.end, .end),
        ]
        guard let part = parts[name] else { return nil }
        return axis == .vertical ? part.horizontal : part.vertical
    }

    /// Why the scroll view may be offered no size across its axis and size itself to the
    /// stack instead: under `.fixedSize()`, or the content of a `.popover` or `.sheet`
    /// (which size to fit their content on macOS), written here or showing the view the
    /// scroll view is in; nil when a fixed `frame(width:)` (or `height:`) comes first.
    private static func sizedToFitReason(scroll: FunctionCallExpr, axis: ScrollAxis, presentedTypes: () -> Set<String>) -> String? {
        let fixedLabel = axis == .vertical ? "width" : "height"
        var node = scroll.node
        while let parent = node.parent {
            switch parent.kind {
            case .functionDecl, .variableDecl, .initializerDecl, .subscriptDecl, .structDecl, .classDecl, .enumDecl, .extensionDecl,
                 .actorDecl, .sourceFile:
                break
            default:
                if parent.kind == .functionCallExpr, let call = FunctionCallExpr(parent), let callee = call.callee,
                   let access = MemberAccessExpr(callee), let name = access.name {
                    if callee == node {
                        // `node` is the view the call modifies.
                        if name == "fixedSize" { return "the scroll view is under `.fixedSize()`, which sizes it to fit the stack" }
                        if name == "frame", call.argument(fixedLabel) != nil { return nil }
                    } else if name == "popover" || name == "sheet" {
                        return "the scroll view is the content of a `.\(name)`, which sizes to fit it"
                    }
                }
                node = parent
                continue
            }
            break
        }
        var owner = scroll.node.parent
        while let current = owner, current.kind != .structDecl, current.kind != .classDecl { owner = current.parent }
        if let owner, let name = TypeDecl(owner)?.name, presentedTypes().contains(name) {
            return "the file shows `\(name)` in a `.popover` or `.sheet`, which sizes to fit it"
        }
        return nil
    }

    /// The names of the types the file builds in the content of a `.popover` or `.sheet`.
    static func typesPresentedSizedToFit(in tree: SyntaxTree) -> Set<String> {
        var names: Set<String> = []
        for node in tree.root.descendants(.functionCallExpr) {
            guard let call = FunctionCallExpr(node), let callee = call.callee, let access = MemberAccessExpr(callee),
                  access.name == "popover" || access.name == "sheet" else { continue }
            let closures = [call.trailingClosure?.node].compactMap { $0 } + call.additionalTrailingClosures
                + call.arguments.compactMap { $0.expression?.kind == .closureExpr ? $0.expression : nil }
            for closure in closures {
                for inner in closure.descendants(.functionCallExpr) {
                    if let name = FunctionCallExpr(inner)?.callee, name.kind == .identifierExpr, let text = name.firstToken?.text {
                        names.insert(text)
                    }
                }
            }
        }
        return names
    }

    /// Modifiers that keep a row's size what its content makes it.
    private static let sizeKeepingModifiers: Set<String> = frameBlindModifiers.union([
        "background", "overlay", "border", "clipShape", "clipped", "cornerRadius", "contentShape", "mask", "onTapGesture",
        "onLongPressGesture", "gesture", "simultaneousGesture", "highPriorityGesture", "contextMenu", "hoverEffect",
        "onHover", "draggable", "dropDestination", "onDrag", "onDrop", "swipeActions", "matchedGeometryEffect",
    ])

    /// Whether every child of the stack takes the full size offered across the scroll
    /// axis, so that an eager stack is already as wide (or tall) as a lazy one: a
    /// `Divider()`, an `HStack` holding a `Spacer()` (a `VStack` in an `HStack`), a
    /// `ScrollView` along the other axis, a view framed `maxWidth: .infinity`, or a
    /// `ForEach` whose rows all are.
    private static func rowsFill(_ stack: FunctionCallExpr, axis: ScrollAxis) -> Bool {
        guard let content = stack.contentClosure, !content.statements.isEmpty else { return false }
        return content.statements.allSatisfy { fills($0, axis: axis) }
    }

    private static func fills(_ expression: Node, axis: ScrollAxis) -> Bool {
        let chain = ModifierChain(expression)
        var filled: Bool
        if let forEach = ForEachSite(chain.base) {
            filled = !forEach.rowStatements.isEmpty && forEach.rowStatements.allSatisfy { fills($0, axis: axis) }
        } else if call(named: "Divider", chain.base) != nil {
            filled = true
        } else if let scroll = call(named: "ScrollView", chain.base), let inner = EagerStack.axis(of: scroll), inner != axis {
            // A scroll view takes the whole size offered along the axis it scrolls.
            filled = true
        } else if let inner = call(named: axis == .vertical ? "HStack" : "VStack", chain.base), let content = inner.contentClosure {
            filled = content.statements.contains { call(named: "Spacer", ModifierChain($0).base) != nil }
        } else {
            filled = false
        }
        for modifier in chain.modifiers {
            if modifier.name == "frame", let frame = crossFrame(modifier, axis: axis) {
                filled = !frame.fixed
            } else if !sizeKeepingModifiers.contains(modifier.name) && !modifier.name.hasPrefix("accessibility") {
                filled = false
            }
        }
        return filled
    }

    /// The axis a `ScrollView` scrolls along: vertical without an axes argument or with
    /// `.vertical`, horizontal with `.horizontal`; nil for both axes or anything else.
    private static func axis(of scroll: FunctionCallExpr) -> ScrollAxis? {
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
            if !isWrittenOut(site.dataExpression) { return site }
        }
        return nil
    }

    /// Data whose size the source states: `["a", "b"]`, `0..<5`, `1...3`, `Kind.allCases`
    /// (also transformed: `Array(Kind.allCases.enumerated())`).
    private static func isWrittenOut(_ data: Node) -> Bool {
        if data.kind == .arrayExpr || data.kind == .dictionaryExpr { return true }
        if ([data] + data.descendants(.memberAccessExpr)).contains(where: { MemberAccessExpr($0)?.name == "allCases" }) { return true }
        var node = data
        while node.kind == .tupleExpr, let inner = node.child(.argument)?.childNodes.first { node = inner }
        guard node.kind == .sequenceExpr else { return false }
        let parts = node.children
        guard parts.count == 3, case .node(let low) = parts[0], case .token(let op) = parts[1], case .node(let high) = parts[2],
              let lower = integerValue(low), let upper = integerValue(high) else { return false }
        let count = op.textIs("..<") ? upper - lower : op.textIs("...") ? upper - lower + 1 : Int.max
        return count <= smallRangeCount
    }

    private static func integerValue(_ node: Node) -> Int? {
        guard node.kind == .integerLiteralExpr, let token = node.firstToken else { return nil }
        return Int(token.text.replacingOccurrences(of: "_", with: ""))
    }
}

private extension FunctionCallExpr {
    /// The content closure: the one trailing closure, or a `content:` argument's closure.
    var contentClosure: ClosureExpr? {
        if additionalTrailingClosures.isEmpty, let closure = trailingClosure { return closure }
        guard trailingClosure == nil, let expression = argument("content")?.expression else { return nil }
        return ClosureExpr(expression)
    }
}
