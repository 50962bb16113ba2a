// eager-stack's layout proof: when renaming a stack to its lazy form cannot change what
// is drawn, because the eager stack already takes the whole size across the scroll axis.
import SwiftCST

extension EagerStack {
    enum ScrollAxis { case vertical, horizontal }

    /// Where a stack puts a row narrower than itself across the scroll axis, and where a
    /// frame puts its content: `start` is leading (or top), `end` trailing (or bottom).
    enum CrossPlacement: String { case start, center, end }

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
    static func layoutReason(stack: FunctionCallExpr, chain: ModifierChain, scroll: FunctionCallExpr, axis: ScrollAxis,
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

    /// The names of the types the file builds in the content of a `.popover` or `.sheet`;
    /// `calls` are all the file's calls (`context.functionCalls(in:)`), whose modifier
    /// names are compared as bytes.
    static func typesPresentedSizedToFit(calls: [Node]) -> Set<String> {
        var names: Set<String> = []
        for node in calls {
            guard let call = Modifier(call: node, named: "popover", "sheet")?.call else { continue }
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
}
