// What a view's `body` reaches while it renders: its own statements, and the computed
// properties and methods of the type it calls, but not the closures run later on events.
import Codemod
import SwiftCST

/// The code of a view type that runs every time SwiftUI evaluates `body`.
///
/// Rules ask for it with `context.renderPath(of: view)`, which builds it once per view
/// and tree for all of them; its `renderedNodes(_:)` are likewise found once per kind.
struct RenderPath {
    let view: ViewType
    /// `body` and the members it reaches by name, transitively, in the order found.
    let members: [Node]
    /// What `renderedNodes(_:)` found, by kind (shared by the copies of this path).
    let renderedByKind = RenderedNodes()
    /// `actionClosures(in:)` of each member, by node index, found once.
    let actionsByMember: [Int: [Node]]
    /// The module's index, which says what the view's calls do with their closures.
    let index: ProjectIndex

    init(_ view: ViewType, index: ProjectIndex = ProjectIndex()) {
        self.view = view
        self.index = index
        var reached: [Node] = []
        var queue: [Node] = view.body.map { [$0] } ?? []
        // The members by name, built once (as `ViewType.member(named:)` finds them: the
        // first instance property or method of that name): a view names the same members
        // many times, and scanning the members for each name cost the square of its size.
        var byName: [String: Node] = [:]
        for member in view.members {
            if let variable = VariableDecl(member) {
                guard !variable.isStatic else { continue }
                for binding in variable.bindings { if let name = binding.name, byName[name] == nil { byName[name] = member } }
            } else if member.kind == .functionDecl, let name = FunctionLikeDecl(member)?.name, byName[name] == nil {
                byName[name] = member
            }
        }
        var actionsByMember: [Int: [Node]] = [:]
        let filter = NameFilter(byName.keys)
        while let member = queue.first {
            queue.removeFirst()
            guard !reached.contains(member) else { continue }
            reached.append(member)
            let actions = RenderPath.actionClosures(in: member)
            actionsByMember[member.index] = actions
            for name in RenderPath.namesCalled(in: member, actions: actions, among: byName, filter: filter) {
                guard let next = byName[name], !reached.contains(next) else { continue }
                // Stored properties are values, not code run on the path.
                if let variable = VariableDecl(next), !variable.bindings.contains(where: \.isComputed) { continue }
                queue.append(next)
            }
        }
        members = reached
        self.actionsByMember = actionsByMember
    }

    /// The action closures of `member` (one of `members`).
    func actions(in member: Node) -> [Node] {
        actionsByMember[member.index] ?? RenderPath.actionClosures(in: member)
    }

    /// Whether `node` runs while `body` is evaluated: inside a reached member and not
    /// inside an action closure.
    func contains(_ node: Node) -> Bool {
        guard let member = members.first(where: { $0.contains(node) }) else { return false }
        return !RenderPath.isInside(node, anyOf: actions(in: member))
    }

    /// Every node of `kind` on the path.
    func nodes(_ kind: SyntaxKind) -> [Node] {
        members.flatMap { member in
            let closures = Spans(actions(in: member))
            return member.descendants(kind).filter { !RenderPath.isInside($0, anyOf: closures) }
        }
    }

    /// The action closures inside `scope`, each classified once: testing a node against
    /// these is a few index comparisons, where walking up from every node and classifying
    /// each closure on the way cost the square of a view's size.
    static func actionClosures(in scope: Node) -> [Node] {
        scope.descendants(.closureExpr).filter { node in
            ClosureExpr(node).map { BuilderContext.of($0).kind == .action } ?? false
        }
    }

    /// Whether one of `closures` (other than `node` itself) holds `node`.
    static func isInside(_ node: Node, anyOf closures: [Node]) -> Bool {
        closures.contains { $0 != node && $0.contains(node) }
    }

    /// Whether one of `closures` (other than `node` itself) holds `node`, as
    /// `isInside(_:anyOf:)` tells, for many nodes against the same closures.
    static func isInside(_ node: Node, anyOf closures: Spans) -> Bool { closures.holds(node) }

    /// Whether `node` sits in an action closure between itself and `scope`.
    static func isInAction(_ node: Node, within scope: Node) -> Bool {
        var current = node.parent
        while let n = current, n != scope {
            if let closure = ClosureExpr(n), BuilderContext.of(closure).kind == .action { return true }
            current = n.parent
        }
        return false
    }

    /// The names of `members` that `member` reads or calls as `name`, `self.name` or
    /// `name(…)`, outside actions, in source order (bare names first). A method handed to
    /// an action uncalled (`.onAppear(perform: load)`, `Button("Save", action: save)`)
    /// runs on the event, not while `body` is built. Other names are passed over before
    /// the costlier tests: most identifiers of a body are not the view's members
    /// (`filter`, of the names of `members`, passes them over by their bytes).
    private static func namesCalled(in member: Node, actions: [Node], among members: [String: Node],
                                    filter: NameFilter) -> [String] {
        // One walk in storage order: the uses counted are disjoint subtrees (a bare name, or
        // `self.name` holding no other access), so that order is their source order.
        var bare: [String] = [], onSelf: [String] = []
        let actions = Spans(actions)
        member.forEachDescendant([.identifierExpr, .memberAccessExpr]) { node in
            if node.kind == .identifierExpr {
                guard let token = node.firstToken, token.kind == .identifier, filter.mayBe(token) else { return }
                let name = token.text
                guard members[name] != nil, !isInside(node, anyOf: actions), !isPassedAsAction(node) else { return }
                bare.append(name)
            } else {
                guard let access = MemberAccessExpr(node), let token = access.nameToken, filter.mayBe(token) else { return }
                let name = token.text
                guard members[name] != nil, access.base?.textEquals("self") == true, !isInside(node, anyOf: actions),
                      !isPassedAsAction(node) else { return }
                onSelf.append(name)
            }
        }
        return bare + onSelf
    }

    /// Whether `use` is a whole argument given to an action: to a call whose closures are
    /// actions (`.onAppear(perform:)`, `.onSubmit`, `.task`), or under an action's label
    /// (`action:`, `perform:`, `onDismiss:`, `…Handler:`).
    static func isPassedAsAction(_ use: Node) -> Bool {
        guard let parent = use.parent, parent.kind == .argument, let argument = Argument(parent),
              argument.expression == use, let list = parent.parent, list.kind == .argumentList,
              let callNode = list.parent, let call = FunctionCallExpr(callNode), let name = call.calleeName else { return false }
        if BuilderContext.actionCalls.contains(name) { return true }
        guard let label = argument.label else { return false }
        return BuilderContext.actionCalls.contains(label) || isCallbackLabel(label)
    }

    /// Whether a private or fileprivate method or computed property of a view is named in
    /// its file only inside action closures or handed uncalled to actions: it runs on
    /// events, never while `body` is built. False when nothing in the file names it.
    /// `uses` is the file's `NameUses`, found once per tree (`context.nameUses(in:)`).
    static func isReachedOnlyFromActions(_ member: Node, uses: NameUses) -> Bool {
        let name: String?
        let modifiers: DeclModifiers
        if let variable = VariableDecl(member), variable.bindings.count == 1, variable.bindings[0].isComputed {
            name = variable.bindings[0].name
            modifiers = variable.modifiers
        } else if member.kind == .functionDecl, let function = FunctionLikeDecl(member) {
            name = function.name
            modifiers = function.modifiers
        } else {
            return false
        }
        guard let name, name != "body", modifiers.has("private") || modifiers.has("fileprivate") else { return false }
        var named = false
        for use in uses.uses(of: name) where !member.contains(use) {
            named = true
            if isPassedAsAction(use) { continue }
            if let scope = enclosingDeclaration(of: use), isInAction(use, within: scope) || isInCallback(use, within: scope) { continue }
            return false
        }
        return named
    }

    private static func enclosingDeclaration(of node: Node) -> Node? {
        var current = node.parent
        while let n = current {
            if [.variableDecl, .functionDecl, .initializerDecl, .subscriptDecl].contains(n.kind) { return n }
            current = n.parent
        }
        return nil
    }
}

/// The subtrees of some nodes of one tree, to test many nodes for being inside one of them
/// in a binary search: testing each node against every closure of a large view cost the
/// product of their numbers.
struct Spans {
    /// The outermost of the nodes (those no other one holds), in tree order: in a tree two
    /// subtrees are nested or apart, so these are apart and hold all the others.
    private let outermost: [(start: Int, end: Int)]

    init(_ nodes: [Node]) {
        // Postorder: a node's subtree is the index range `subtreeStart...index`.
        let spans = nodes.map { (start: Int($0.tree.nodes[$0.index].subtreeStart), end: $0.index) }.sorted {
            $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end
        }
        var outermost: [(start: Int, end: Int)] = []
        for span in spans {
            if let last = outermost.last, span.start <= last.end { continue }
            outermost.append(span)
        }
        self.outermost = outermost
    }

    /// Whether a node other than `node` itself holds it.
    func holds(_ node: Node) -> Bool {
        // The last outermost span starting at or before the node.
        let low = outermost.partitionPoint { $0.start <= node.index }
        guard low > 0 else { return false }
        let span = outermost[low - 1]
        // Inside the span but not its outermost node itself (which nothing else holds).
        return node.index < span.end
    }
}

/// The lengths and first bytes of a few names: a token that matches neither is none of
/// them, told without making its text a `String`.
struct NameFilter {
    /// For each first byte, a bit per length (1 to 63) of the names that start with it;
    /// bit 0 stands for every longer length.
    private var lengths = [UInt64](filling: 0, count: 256)

    init(_ names: some Sequence<String>) {
        for name in names {
            guard let first = name.utf8.first else { continue }
            lengths[Int(first)] |= NameFilter.bit(name.utf8.count)
        }
    }

    private static func bit(_ length: Int) -> UInt64 { length < 64 ? 1 << UInt64(length) : 1 }

    /// False when `token`'s text is none of the names (it may be one when true).
    func mayBe(_ token: Token) -> Bool {
        let range = token.textRange
        guard !range.isEmpty else { return false }
        return lengths[Int(token.tree.bytes[range.lowerBound])] & NameFilter.bit(range.count) != 0
    }

    /// False when `text` is none of the names (it may be one when true).
    func mayBe(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = text.first else { return false }
        return lengths[Int(first)] & NameFilter.bit(text.count) != 0
    }
}

/// Where a file names a member as a bare `name` or as `self.name`, in source order. A
/// name is searched in the file's bytes (`tokenPositions`), and only the tokens found are
/// read: listing every use of every name cost a whole walk of a long file, for the few
/// names asked.
final class NameUses {
    private let tree: SyntaxTree
    /// The file's identifiers that are not ASCII, compared as strings.
    private let nonASCIIIdentifiers: [Int]

    init(_ tree: SyntaxTree, nonASCIIIdentifiers: [Int]) {
        self.tree = tree
        self.nonASCIIIdentifiers = nonASCIIIdentifiers
    }

    /// The uses of `name`, in source order.
    func uses(of name: String) -> [Node] {
        tokenPositions(spelling: name, in: tree, nonASCIIIdentifiers: nonASCIIIdentifiers).compactMap { position in
            // The one node that can name the member through this token: the bare name, or
            // the access whose name it is.
            var use = tree.token(at: position).parent
            if use.kind == .identifierExpr, let parent = use.parent, parent.kind == .memberAccessExpr, parent.firstChildNode != use {
                use = parent
            }
            // `x.name` names another value's member; only a bare `name` or `self.name` counts.
            guard [.identifierExpr, .memberAccessExpr].contains(use.kind), RenderPath.usedNameToken(use)?.index == position
            else { return nil }
            return use
        }
    }
}

private struct NameUsesKey: TreeMemoKey {
    typealias Value = NameUses
}

/// The render paths of a tree's views, kept in the round's `TreeMemo`.
private struct RenderPathKey: TreeMemoKey {
    typealias Value = RenderPath
    let declaration: Int
}

/// `RenderPath.renderedNodes(_:)` by kind, computed once per path.
final class RenderedNodes {
    var byKind: [SyntaxKind: [Node]] = [:]
    /// The members reached without callbacks, with the closures of each that run later.
    var reached: [(member: Node, closures: [Node])]?
}

extension RuleContext {
    /// The render path of `view`: built the first time a rule of this round asks, then
    /// shared by every rule that reads the same tree (it depends on the declaration only).
    func renderPath(of view: ViewType) -> RenderPath {
        memo.value(RenderPathKey(declaration: view.node.index), in: view.node.tree) {
            RenderPath(view, index: index(including: view.node.tree))
        }
    }

    /// The `NameUses` of `tree`, found once per round for all rules.
    func nameUses(in tree: SyntaxTree) -> NameUses {
        memo.value(NameUsesKey(), in: tree) { NameUses(tree, nonASCIIIdentifiers: nonASCIIIdentifiers(in: tree)) }
    }

    /// Every call of `tree`, in source order: listed once per round for the many rules
    /// that look through them all.
    func functionCalls(in tree: SyntaxTree) -> [Node] {
        memo.value(FunctionCallsKey(), in: tree) { tree.root.descendants(.functionCallExpr) }
    }
}

private struct FunctionCallsKey: TreeMemoKey {
    typealias Value = [Node]
}
