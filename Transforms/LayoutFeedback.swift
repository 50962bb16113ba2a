// Rule `layout-feedback`: geometry read in every lazy row, state written on every geometry
// or scroll change, and fast-changing values in the environment make layout feed updates.
import Codemod
import SwiftCST

/// Rule `layout-feedback`; `documentation` below is its one description (RULES.md, `explain`).
public struct LayoutFeedback: Rule {
    public init() {}

    /// Every finding is a `GeometryReader` or a geometry, scroll or preference callback.
    public var neededWords: [[StaticString]] {
        [["GeometryReader", "onGeometryChange", "onScrollGeometryChange", "onPreferenceChange"]]
    }

    public let id = "layout-feedback"
    public let summary = "Report GeometryReader in lazy rows and state or environment written on every geometry change"
    public let documentation = """
        Layout that feeds back into state makes SwiftUI do the work of a frame many times:

        - `GeometryReader` inside the rows of a lazy container (`List`, `LazyVStack`, \
        `LazyHStack`, `LazyVGrid`, `LazyHGrid`, a `ForEach` in one): it takes all the space \
        offered, and each row measures itself again as it scrolls in. Read the size once \
        outside the container and pass it down, or measure with `onGeometryChange(for:)`.
        - `onGeometryChange`, `onScrollGeometryChange` or `onPreferenceChange` of a geometry \
        key (an offset, size, frame or scroll position) whose action writes state on every \
        change: `body` runs again for every frame of a scroll or a resize. Compute what the \
        view needs in the transform (a `Bool` such as `offset > 100`, a rounded value) so \
        the action runs only when it crosses a threshold, guard the write, or move the \
        dependent view into a small sibling; for fades and scales use `scrollTransition` or \
        `visualEffect`, which do not run `body`.
        - `.environment(…)` given such a value (a state those callbacks write, or a \
        `GeometryProxy` reading): every environment write makes SwiftUI check the whole \
        subtree below, even where nothing reads the value. Keep it in an `@Observable` \
        object and expose results that change less often (`hasReachedEnd`).

        Reported (warning), with no fix. Not reported: an action with an `if`, `guard` or \
        `switch` or one that writes a comparison (`isHidden = offset < 0`), a transform that \
        already compares or rounds (`offset > 100`, `for: Bool.self`), `onGeometryChange` of a \
        size or inset (`$0.size.height`, `\\.safeAreaInsets.bottom`: it changes on a resize, \
        not on every frame of a scroll) and `onPreferenceChange` of a key that carries one \
        (`ContentHeightKey`), \
        and `GeometryReader` around a lazy container rather than in its rows.

        Before:

            ScrollView {
                content
                    .onScrollGeometryChange(for: CGFloat.self) { $0.contentOffset.y } action: { _, y in
                        offset = y
                    }
            }

        After:

            ScrollView {
                content
                    .onScrollGeometryChange(for: Bool.self) { $0.contentOffset.y > 40 } action: { _, isScrolled in
                        showsTitle = isScrolled
                    }
            }
        """

    private static let lazyContainers: Set<String> = ["List", "LazyVStack", "LazyHStack", "LazyVGrid", "LazyHGrid"]
    private static let geometryCallbacks: Set<String> = ["onGeometryChange", "onScrollGeometryChange"]
    private static let stateWrappers: Set<String> = ["State", "Binding", "StateObject", "ObservedObject", "Bindable", "SwiftUI.State"]
    /// Words in a preference key's name, or types of its value, that say it carries geometry.
    private static let geometryWords = ["Offset", "Size", "Frame", "Geometry", "Height", "Width", "Rect", "Position", "Scroll",
                                        "Bounds", "Inset"]
    private static let geometryValueTypes: Set<String> = ["CGFloat", "CGSize", "CGRect", "CGPoint", "EdgeInsets"]

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        var seen = Set<Range<Int>>()
        for node in context.functionCalls(in: tree) {
            guard let call = FunctionCallExpr(node), call.calleeNameIs("GeometryReader"), call.callee?.kind == .identifierExpr,
                  let container = enclosingCalls(of: node).first(where: { LayoutFeedback.lazyContainers.contains($0.name) })
            else { continue }
            let range = call.callee?.trimmedRange ?? node.trimmedRange
            guard seen.insert(range).inserted else { continue }
            findings.append(Finding(range: range,
                                    message: "`GeometryReader` in the rows of `\(container.name)` measures each row again as it scrolls in; measure once outside or use `onGeometryChange(for:)`"))
        }
        let types = context.fileTypes(tree, index: context.index(including: tree))
        var typesByName: [String: [TypeDecl]]? = nil  // made at the first key looked up
        for view in types.views {
            var fastState = Set<String>()
            // A geometry callback is a call named for one: a view that names none has none.
            let namesCallbacks = containsAny(tree.bytes, of: ["onGeometryChange", "onScrollGeometryChange", "onPreferenceChange"],
                                             in: view.node.trimmedRange)
            let state = !namesCallbacks ? [] : Set(view.storedProperties.compactMap { property -> String? in
                guard let wrapper = property.modifiers.lastAttribute?.name, LayoutFeedback.stateWrappers.contains(wrapper) else { return nil }
                return property.bindings.first?.name
            })
            for node in namesCallbacks ? view.node.descendants(.functionCallExpr) : [] {
                guard let modifier = Modifier(call: node), let call = modifier.call, let nameToken = modifier.nameToken,
                      let callback = geometryCallback(call, name: modifier.name, tree: tree, typesByName: &typesByName) else { continue }
                let written = writes(in: callback.action, to: state)
                fastState.formUnion(written)
                guard let first = written.first, !callback.isThresholded, !isGuarded(callback.action) else { continue }
                let range = nameToken.textRange.lowerBound..<node.trimmedRange.upperBound
                guard seen.insert(range).inserted else { continue }
                findings.append(Finding(range: modifier.nameThroughArguments,
                                        message: "`.\(modifier.name)` writes `\(first)` on every change, so body runs for each frame of a scroll or resize; transform to a threshold or guard the write"))
            }
            // `.environment(…)` is written in the view, or the view has none.
            let namesEnvironment = containsAny(tree.bytes, of: ["environment"], in: view.node.trimmedRange)
            for node in namesEnvironment ? view.node.descendants(.functionCallExpr) : [] {
                guard let modifier = Modifier(call: node, named: "environment"), modifier.arguments.count == 2,
                      let value = modifier.arguments.last?.expression else { continue }
                let reason: String?
                if let name = fastState.sorted().first(where: { !uses(of: $0, in: [value]).isEmpty }) {
                    reason = "`\(name)`, which a geometry callback writes"
                } else if let proxy = geometryProxyName(around: node), !uses(of: proxy, in: [value]).isEmpty {
                    reason = "a `GeometryReader` measurement"
                } else {
                    reason = nil
                }
                guard let reason, seen.insert(node.trimmedRange).inserted else { continue }
                findings.append(Finding(range: modifier.nameThroughArguments,
                                        message: "`.environment` is given \(reason), so each change makes SwiftUI check the subtree; keep it in an `@Observable` model"))
            }
        }
        return findings
    }

    /// A geometry callback: `onGeometryChange`/`onScrollGeometryChange`, or `onPreferenceChange`
    /// of a key that carries geometry; its action closure and whether its transform already
    /// reduces the value to a threshold.
    private func geometryCallback(_ call: FunctionCallExpr, name: String, tree: SyntaxTree,
                                  typesByName: inout [String: [TypeDecl]]?) -> (action: Node, isThresholded: Bool)? {
        let labeled = Dictionary(call.additionalTrailingClosures.compactMap { closure -> (String, Node)? in
            guard let label = closure.firstToken?.text, let body = closure.child(.closureExpr) else { return nil }
            return (label, body)
        }, uniquingKeysWith: { first, _ in first })
        if LayoutFeedback.geometryCallbacks.contains(name) {
            let transform = call.argument("of")?.expression ?? call.trailingClosure?.node
            guard let action = call.argument("action")?.expression ?? labeled["action"]
                    ?? (call.argument("of") != nil ? call.trailingClosure?.node : nil) else { return nil }
            let type = call.argument("for")?.expression?.text ?? ""
            // A size (or inset) changes on a resize or rotation, not on every frame of a
            // scroll: the action runs when the transformed value changes.
            let measuresSize = name == "onGeometryChange" && transform.map(readsOnlySize) ?? false
            let thresholded = type.hasPrefix("Bool") || measuresSize || transform.map(reducesToThreshold) ?? false
            return (action, thresholded)
        }
        guard name == "onPreferenceChange", let key = call.arguments.first?.expression?.text,
              let action = call.argument("perform")?.expression ?? call.trailingClosure?.node else { return nil }
        let keyName = key.hasSuffix(".self") ? String(key.dropLast(5)) : key
        guard isGeometryKey(keyName, tree: tree, typesByName: &typesByName) else { return nil }
        // A key that carries a size (`MoreButtonHeight`) changes on a resize, as a measured
        // size does, not on every frame of a scroll.
        let simple = FileTypes.lastComponent(keyName)
        let carriesSize = ["Size", "Height", "Width"].contains(where: simple.contains)
            && !["Offset", "Frame", "Position", "Scroll", "Origin", "Rect", "Anchor"].contains(where: simple.contains)
        return (action, carriesSize)
    }

    /// Whether the key's name says geometry, or the file declares its `defaultValue` as a geometry type.
    /// `typesByName`: the file's type declarations by name, in source order, made at the
    /// first call (a file may name many keys).
    private func isGeometryKey(_ name: String, tree: SyntaxTree, typesByName: inout [String: [TypeDecl]]?) -> Bool {
        let simple = FileTypes.lastComponent(name)
        if LayoutFeedback.geometryWords.contains(where: simple.contains) { return true }
        if typesByName == nil {
            var byName: [String: [TypeDecl]] = [:]
            for declaration in tree.root.descendants(SyntaxKind.typeDeclarations).compactMap(TypeDecl.init) {
                if let name = declaration.name { byName[name, default: []].append(declaration) }
            }
            typesByName = byName
        }
        for declaration in typesByName?[simple] ?? [] {
            for member in declaration.members {
                guard let variable = VariableDecl(member), let binding = variable.bindings.first, binding.name == "defaultValue" else { continue }
                let type = binding.type?.text ?? binding.initializer.flatMap { TypeResolver.inferredType(ofInitializer: $0) } ?? ""
                if LayoutFeedback.geometryValueTypes.contains(type) { return true }
            }
        }
        return false
    }

    /// Whether a transform reads sizes or insets only, no position: `$0.size.height`,
    /// `\.safeAreaInsets.bottom`, but not `$0.frame(in: .scrollView).minY`.
    private func readsOnlySize(_ transform: Node) -> Bool {
        var readsSize = false
        for index in transform.firstTokenIndex..<transform.endTokenIndex {
            let token = transform.tree.token(at: index)
            guard token.kind == .identifier else { continue }
            if LayoutFeedback.positionWords.contains(token.text) { return false }
            if LayoutFeedback.sizeWords.contains(token.text) { readsSize = true }
        }
        return readsSize
    }

    private static let sizeWords: Set<String> = ["size", "width", "height", "safeAreaInsets", "contentSize", "containerSize"]
    private static let positionWords: Set<String> = ["frame", "origin", "minX", "minY", "midX", "midY", "maxX", "maxY",
                                                     "contentOffset", "bounds", "visibleRect", "x", "y"]

    /// Whether a transform closure already compares, rounds or quantizes the value.
    private func reducesToThreshold(_ transform: Node) -> Bool {
        for index in transform.firstTokenIndex..<transform.endTokenIndex {
            let token = transform.tree.token(at: index)
            if token.kind == .binaryOperator, ["<", ">", "<=", ">=", "==", "!=", "&&", "||"].contains(token.text) { return true }
            if token.kind == .identifier, ["rounded", "round", "floor", "ceil", "Int", "contains", "intersects"].contains(token.text) { return true }
        }
        return false
    }

    /// The names of `state` that `closure` assigns: `x = …`, `self.x = …`, `x.y = …`, `x += …`.
    private func writes(in closure: Node, to state: Set<String>) -> [String] {
        var names: [String] = []
        for sequence in closure.descendants(.sequenceExpr) {
            guard let target = sequence.firstChildNode, sequence.childNodes.count >= 2 else { continue }
            let operatorNode = sequence.children.dropFirst().first
            let assigns: Bool
            switch operatorNode {
            case .node(let next): assigns = next.kind == .assignmentExpr
            case .token(let next): assigns = next.kind == .binaryOperator && ["+=", "-=", "*=", "/="].contains(next.text)
            case nil: assigns = false
            }
            guard assigns else { continue }
            var root = target
            while let access = MemberAccessExpr(root), root.kind == .memberAccessExpr, let base = access.base {
                if base.textEquals("self"), let name = access.name { names.append(name); root = base; break }
                root = base
            }
            if root.kind == .identifierExpr, let name = root.firstToken?.text { names.append(name) }
        }
        return names.filter(state.contains)
    }

    /// Whether an action decides before it writes: an `if`, `guard` or `switch` in it, or it
    /// writes a comparison (`isHidden = offset < 0`), whose value changes only at the threshold.
    private func isGuarded(_ closure: Node) -> Bool {
        if !closure.descendants(.ifExpr).isEmpty || !closure.descendants(.guardStmt).isEmpty || !closure.descendants(.switchExpr).isEmpty {
            return true
        }
        return closure.descendants(.sequenceExpr).contains { sequence in
            guard sequence.childNodes.dropFirst().first?.kind == .assignmentExpr else { return false }
            return sequence.children.dropFirst(2).contains { part in
                guard case .token(let token) = part else { return false }
                return token.kind == .binaryOperator && ["<", ">", "<=", ">=", "==", "!="].contains(token.text)
            }
        }
    }

    /// The parameter of the `GeometryReader { proxy in … }` closure around `node`, if any.
    private func geometryProxyName(around node: Node) -> String? {
        for (call, name) in enclosingCalls(of: node) where name == "GeometryReader" {
            guard let closure = call.trailingClosure ?? call.argument("content")?.expression.flatMap(ClosureExpr.init) else { continue }
            if let parameter = closure.parameters.first?.name { return parameter }
        }
        return nil
    }
}
