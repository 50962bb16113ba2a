// What a view's `body` runs, without the closures that run later or whose declaration the
// project does not hold (`ClosureRoles`), and without setters and observers.
import SwiftCST

extension RenderPath {
    /// The nodes of `kind` on the path, leaving out closures whose role (`ClosureRoles`) is
    /// an action or unknown, setters and observers, and the members named only inside them.
    func renderedNodes(_ kind: SyntaxKind) -> [Node] {
        if let known = renderedByKind.byKind[kind] { return known }
        if renderedByKind.reached == nil { renderedByKind.reached = findReachedMembers() }
        let nodes = (renderedByKind.reached ?? []).flatMap { member, closures in
            let closures = Spans(closures)
            return member.descendants(kind).filter { !RenderPath.isInside($0, anyOf: closures) }
        }
        renderedByKind.byKind[kind] = nodes
        return nodes
    }

    /// The members the path reaches without passing through callbacks, each with the
    /// closures of it that run later: found once per path for every kind asked.
    private func findReachedMembers() -> [(member: Node, closures: [Node])] {
        guard let body = members.first else { return [] }
        // The closures of each member that run later, found once per member.
        var skippedByMember: [Int: [Node]] = [:]
        let callables = ModuleCallables.of(index)
        func skipped(_ scope: Node) -> [Node] {
            if let known = skippedByMember[scope.index] { return known }
            let closures = scope.descendants(.closureExpr).filter { node in
                switch ClosureRoles.role(of: node, callables: callables) {
                case .action, .unknown: return true
                case .render, .immediate: return false
                }
            }
            let later = closures + RenderPath.accessorsRunLater(in: scope)
            skippedByMember[scope.index] = later
            return later
        }
        // The names each reached member uses outside those closures (`name`, `self.name`),
        // and those it calls, read once per member rather than once per member it might name.
        // Only the members' own names matter: others are passed over by their bytes.
        var namesByMember: [Int: (used: Set<String>, called: Set<String>)] = [:]
        let filter = NameFilter(members.compactMap(RenderPath.declaredName))
        func names(in scope: Node) -> (used: Set<String>, called: Set<String>) {
            if let known = namesByMember[scope.index] { return known }
            var used = Set<String>(), called = Set<String>()
            let closures = Spans(skipped(scope))
            scope.forEachDescendant([.identifierExpr, .memberAccessExpr]) { use in
                guard RenderPath.mayNameOne(use, of: filter), let name = RenderPath.usedName(use),
                      !RenderPath.isInside(use, anyOf: closures) else { return }
                used.insert(name)
                // A method named without a call (`.onAppear(perform: load)`) is passed on, not run.
                if RenderPath.isCallee(use) { called.insert(name) }
            }
            namesByMember[scope.index] = (used, called)
            return (used, called)
        }
        var reached: [Node] = [body]
        var changed = true
        while changed {
            changed = false
            for member in members where !reached.contains(member) {
                guard let name = RenderPath.declaredName(of: member) else { continue }
                let isMethod = member.kind == .functionDecl
                let named = reached.contains { scope in
                    let uses = names(in: scope)
                    return isMethod ? uses.called.contains(name) : uses.used.contains(name)
                }
                if named { reached.append(member); changed = true }
            }
        }
        return reached.map { ($0, skipped($0)) }
    }

    /// The accessors of `scope` that run when a value is written, not when it is read:
    /// `set`, `didSet`, `willSet`, `modify`, `init`.
    static func accessorsRunLater(in scope: Node) -> [Node] {
        scope.descendants(.accessorDecl).filter { accessor in
            guard let name = accessor.ownTokens.first(where: { $0.kind == .identifier || $0.kind == .keyword })?.text else { return false }
            return ["set", "didSet", "willSet", "_modify", "modify", "init"].contains(name)
        }
    }

    private static func isCallee(_ use: Node) -> Bool {
        guard let parent = use.parent, parent.kind == .functionCallExpr else { return false }
        return parent.firstChildNode == use
    }

    private static func declaredName(of member: Node) -> String? {
        if let variable = VariableDecl(member) { return variable.bindings.first?.name }
        return FunctionLikeDecl(member)?.name
    }

    /// False when `use` (an identifier or member access) names none of `filter`'s names.
    static func mayNameOne(_ use: Node, of filter: NameFilter) -> Bool {
        if use.kind == .identifierExpr { return use.firstToken.map(filter.mayBe) ?? false }
        return MemberAccessExpr(use)?.nameToken.map(filter.mayBe) ?? false
    }

    /// The name `use` reads when it is `name` or `self.name`.
    static func usedName(_ use: Node) -> String? { usedNameToken(use)?.text }

    /// The token of the name `use` reads when it is `name` or `self.name`.
    static func usedNameToken(_ use: Node) -> Token? {
        if use.kind == .identifierExpr, let token = use.firstToken, use.endTokenIndex == token.index + 1 {
            return token.kind == .identifier ? token : nil
        }
        if let access = MemberAccessExpr(use), use.kind == .memberAccessExpr, access.base?.textEquals("self") == true {
            return access.nameToken
        }
        return nil
    }

    /// Whether `node` sits, below `scope`, in a closure the call alone does not reveal as
    /// an action but that runs as a callback (see `isCallback`).
    static func isInCallback(_ node: Node, within scope: Node) -> Bool {
        var current = node.parent
        while let n = current, n != scope {
            if n.kind == .closureExpr, let closure = ClosureExpr(n), isCallback(closure) { return true }
            current = n.parent
        }
        return false
    }

    private static func isCallback(_ closure: ClosureExpr) -> Bool {
        let node = closure.node
        return isCallback(closure) {
            node.containsDescendant([.awaitExpr, .assignmentExpr]) { nearestClosure(of: $0) == node }
        }
    }

    /// `isCallback(_:)`, asking `awaitsOrAssigns` (last) whether the closure's own code,
    /// outside its nested closures, awaits or assigns.
    private static func isCallback(_ closure: ClosureExpr, awaitsOrAssigns: () -> Bool) -> Bool {
        let node = closure.node
        if let parent = node.parent {
            var label: String?
            var callNode: Node?
            if parent.kind == .functionCallExpr {
                callNode = parent
            } else if parent.kind == .argument {
                label = Argument(parent)?.label
                callNode = parent.parent?.parent
            } else if parent.kind == .labeledTrailingClosure {
                label = parent.firstToken?.text
                callNode = parent.parent
            }
            if let callNode, callNode.kind == .functionCallExpr, let callee = FunctionCallExpr(callNode)?.callee,
               callee.textEquals("Task") || callee.textEquals("Task.detached") {
                return true
            }
            if let label, isCallbackLabel(label) { return true }
            // A closure given to a plain function (`makeButton(role:) { save() }`): its
            // signature is not in the index, and an action is the likelier reading.
            if let callNode, callNode.kind == .functionCallExpr, let callee = FunctionCallExpr(callNode)?.callee,
               callee.kind == .identifierExpr, startsLowercase(callee) {
                return true
            }
        }
        // No view builder accepts `await` or an assignment, at any depth of its own blocks.
        return awaitsOrAssigns()
    }

    /// Whether the first character of `node`'s text is lowercase, read from the bytes when
    /// it is an ASCII letter standing alone (no combining mark after it).
    private static func startsLowercase(_ node: Node) -> Bool {
        let range = node.trimmedRange
        guard !range.isEmpty else { return false }
        let bytes = node.tree.bytes
        let first = bytes[range.lowerBound]
        if first < 0x80 && (range.count == 1 || bytes[range.lowerBound + 1] < 0x80) {
            return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")
        }
        return node.text.first?.isLowercase == true
    }

    static func isCallbackLabel(_ label: String) -> Bool {
        if label.hasPrefix("on"), label.dropFirst(2).first?.isUppercase == true { return true }
        if label == "set" { return true }  // `Binding(get:set:)`: runs when the binding is written
        let suffixes = ["action", "perform", "completion", "handler", "callback"]
        guard label.utf8.allSatisfy({ $0 < 0x80 }) else {
            let lowered = label.lowercased()
            return suffixes.contains { lowered.hasSuffix($0) }
        }
        // ASCII: compared from the end, each letter lowercased, with no string made.
        return suffixes.contains { suffix in
            guard suffix.utf8.count <= label.utf8.count else { return false }
            return zip(label.utf8.reversed(), suffix.utf8.reversed()).allSatisfy { written, wanted in
                (written >= 0x41 && written <= 0x5a ? written | 0x20 : written) == wanted
            }
        }
    }

    static func nearestClosure(of node: Node) -> Node? {
        var current = node.parent
        while let n = current {
            if n.kind == .closureExpr { return n }
            current = n.parent
        }
        return nil
    }
}
