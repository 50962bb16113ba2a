// When `.task` would cancel work that `.onAppear { Task { … } }` lets finish: the task's own
// writes can remove the view carrying it, the view is a lazy container's row, or its `catch` records completion.
import Codemod
import SwiftCST

/// Why cancelling the task when its view disappears would change what the code does, if it
/// would: the reasons `onappear-task` withholds its fix for.
struct TaskCancellationRisk {
    /// The containers that create their rows lazily and drop them while scrolling.
    static let lazyContainers: Set<String> = ["List", "Form", "Table", "OutlineGroup", "LazyVStack", "LazyHStack",
                                              "LazyVGrid", "LazyHGrid"]
    /// Methods that change the collection or value they are called on.
    static let mutators: Set<String> = ["append", "insert", "remove", "removeAll", "removeFirst", "removeLast",
                                        "removeSubrange", "removeValue", "updateValue", "toggle", "formUnion",
                                        "formIntersection", "subtract", "merge", "sort", "reverse", "shuffle",
                                        "popLast", "replaceSubrange"]

    let tree: SyntaxTree
    let index: ProjectIndex
    let path: String
    /// The file's functions and computed properties by name: what a call or a read can reach.
    private let functions: [String: [Node]]
    private let computed: [String: [Node]]

    init(tree: SyntaxTree, index: ProjectIndex, path: String) {
        self.tree = tree
        self.index = index
        self.path = path
        var functions: [String: [Node]] = [:], computed: [String: [Node]] = [:]
        tree.root.forEachDescendant([.functionDecl, .variableDecl]) { node in
            if let function = FunctionLikeDecl(node), let name = function.name, let body = function.body {
                functions[name, default: []].append(body.node)
            } else if let variable = VariableDecl(node) {
                for binding in variable.bindings {
                    guard let name = binding.name, binding.node.child(.initializerClause) == nil,
                          let accessors = binding.node.child(.accessorBlock),
                          !accessors.ownTokens.contains(where: { $0.textIs("didSet") || $0.textIs("willSet") }),
                          !accessors.descendants(.accessorDecl).contains(where: {
                              $0.firstToken?.textIs("didSet") == true || $0.firstToken?.textIs("willSet") == true
                          }) else { continue }
                    computed[name, default: []].append(accessors)
                }
            }
        }
        self.functions = functions
        self.computed = computed
    }

    /// Why `.task` could cancel the work `taskClosure` does for the view `onAppear` modifies.
    func reason(onAppear: Node, taskClosure: Node) -> String? {
        if let container = enclosingCalls(of: onAppear).first(where: { Self.lazyContainers.contains($0.name) }) {
            return "the view is a row of a lazy `\(container.name)`: it leaves while scrolling, and `.task` would cancel its work"
        }
        if let shown = branchesUnderModifier(onAppear) {
            return "the modifier applies to each branch of the `\(shown)`: a change of branch would cancel the task"
        }
        let effects = Effects(reaching: taskClosure, functions: functions)
        if let recorded = effects.completionInCatch {
            return "the task's `catch` sets `\(recorded)`, so a load cancelled when the view leaves would be recorded as done"
        }
        for (construct, condition) in conditions(around: onAppear) {
            let read = names(readBy: condition)
            if let name = read.first(where: effects.written.contains) {
                return "the task sets `\(name)`, which the \(construct) around the view reads: the view can leave and `.task` would cancel the task"
            }
            // A method of another file of the module may set what the condition reads.
            for call in effects.unresolvedCalls.sorted() where isElsewhereInModule(call) {
                if let name = read.sorted().first(where: { isElsewhereInModule($0) }) {
                    return "the task calls `\(call)`, which may set `\(name)`, read by the \(construct) around the view: `.task` could cancel it"
                }
            }
        }
        return nil
    }

    /// `Group` when the view `onAppear` modifies is a `Group` whose content chooses between
    /// views (an `if` or a `switch` among its statements): a modifier of a `Group` applies to
    /// each view it holds, so each branch has its own `.task`, cancelled when it leaves.
    private func branchesUnderModifier(_ onAppear: Node) -> String? {
        guard let access = FunctionCallExpr(onAppear)?.callee.flatMap(MemberAccessExpr.init), let base = access.base else {
            return nil
        }
        let view = ModifierChain(base).base
        guard let group = FunctionCallExpr(view), view.kind == .functionCallExpr, group.calleeNameIs("Group"),
              group.callee?.kind == .identifierExpr, let content = group.trailingClosure else { return nil }
        let chooses = content.statements.contains { statement in
            statement.kind == .ifExpr || statement.kind == .switchExpr
                || statement.firstChildNode.map { $0.kind == .ifExpr || $0.kind == .switchExpr } == true
        }
        return chooses ? "Group" : nil
    }

    /// The conditions that decide whether `node`'s view is shown, innermost first, up to
    /// the member that holds it: the `if`, `switch` and ternary branches it sits in.
    private func conditions(around node: Node) -> [(String, [Node])] {
        var found: [(String, [Node])] = []
        var child = node
        var current = node.parent
        while let parent = current {
            switch parent.kind {
            case .ifExpr:
                if let list = parent.child(.conditionList), list != child { found.append(("`if`", [list])) }
            case .switchExpr:
                if child.kind == .switchCase { found.append(("`switch`", parent.childNodes.filter { $0.kind != .switchCase })) }
            case .sequenceExpr:
                let parts = parent.childNodes
                if let question = parts.firstIndex(where: { $0.kind == .ternaryExpr }),
                   let position = parts.firstIndex(of: child), position >= question {
                    found.append(("ternary", Array(parts[..<question])))
                }
            case .variableDecl, .functionDecl, .subscriptDecl:
                return found
            default:
                break
            }
            if TypeDecl(parent) != nil { return found }
            child = parent
            current = parent.parent
        }
        return found
    }

    /// The names `nodes` read, through the file's computed properties they name.
    private func names(readBy nodes: [Node]) -> [String] {
        var seen = Set<String>(), order: [String] = []
        var pending = nodes
        while let next = pending.popLast() {
            for index in next.firstTokenIndex..<next.endTokenIndex {
                let token = tree.token(at: index)
                guard token.kind == .identifier || token.kind == .dollarIdentifier else { continue }
                var name = token.text
                if name.hasPrefix("$") || name.hasPrefix("_") { name.removeFirst() }
                guard seen.insert(name).inserted else { continue }
                order.append(name)
                if seen.count < 200, let bodies = computed[name] { pending.append(contentsOf: bodies) }
            }
        }
        return order
    }

    /// Whether another file of the module names `name`.
    private func isElsewhereInModule(_ name: String) -> Bool {
        !index.mentions[name, default: []].subtracting([path]).isEmpty
    }
}

/// What a task's closure does, through the file's functions it calls: the names it assigns
/// (or changes with a mutating call), the calls it makes to functions the file does not
/// declare, and a completion value a `catch` records.
private struct Effects {
    var written = Set<String>()
    var unresolvedCalls = Set<String>()
    var completionInCatch: String? = nil

    init(reaching closure: Node, functions: [String: [Node]]) {
        var pending = [closure]
        var visited = Set<Node>()
        while let next = pending.popLast(), visited.count < 64 {
            guard visited.insert(next).inserted else { continue }
            next.forEachDescendant([.sequenceExpr, .functionCallExpr]) { node in
                if node.kind == .sequenceExpr {
                    record(assignmentsIn: node)
                } else if let call = FunctionCallExpr(node), let name = call.calleeName {
                    if let access = call.callee.flatMap(MemberAccessExpr.init), let base = access.base,
                       TaskCancellationRisk.mutators.contains(name) {
                        if let target = Effects.name(of: base) { written.insert(target) }
                        if completionInCatch == nil, name == "insert" || name == "append", Effects.inCatch(node, within: closure) {
                            completionInCatch = Effects.name(of: base)
                        }
                    } else if let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
                        if let bodies = functions[name] { pending.append(contentsOf: bodies) } else { unresolvedCalls.insert(name) }
                    }
                }
            }
        }
    }

    /// Records the targets of `=`, `+=`, … in a sequence, and a completion value (`true`,
    /// `.loaded`) assigned in a `catch`.
    private mutating func record(assignmentsIn sequence: Node) {
        let parts = sequence.children
        for (position, part) in parts.enumerated() where position > 0 {
            let isAssignment: Bool
            switch part {
            case .node(let node): isAssignment = node.kind == .assignmentExpr
            case .token(let token):
                let text = token.text
                isAssignment = token.kind == .binaryOperator && text.hasSuffix("=")
                    && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
            }
            guard isAssignment, let target = parts[position - 1].asNode, let name = Effects.name(of: target) else { continue }
            written.insert(name)
            if completionInCatch == nil, position + 1 < parts.count, let value = parts[position + 1].asNode,
               value.kind == .booleanLiteralExpr || (value.kind == .memberAccessExpr && MemberAccessExpr(value)?.base == nil),
               Effects.inCatch(sequence, within: nil) {
                completionInCatch = name
            }
        }
    }

    /// The stored name an assignment target or a mutated value ends in: `loaded`,
    /// `model.state`, `self.pages[i]`.
    static func name(of target: Node) -> String? {
        var node = target
        while [.subscriptCallExpr, .optionalChainingExpr, .forceUnwrapExpr].contains(node.kind), let base = node.firstChildNode {
            node = base
        }
        if let access = MemberAccessExpr(node) { return access.name }
        if node.kind == .identifierExpr, let token = node.firstToken, token.kind == .identifier { return token.text }
        return nil
    }

    /// Whether `node` runs in a `catch` clause of the code it belongs to.
    static func inCatch(_ node: Node, within _: Node?) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.kind == .catchClause { return true }
            if parent.kind == .closureExpr || FunctionLikeDecl(parent) != nil { return false }
            current = parent.parent
        }
        return false
    }
}
