// Whether an element's own `id` is a stable identity: an `id` made anew with each value
// (`UUID()`) is one only while the values are kept, not when a render path builds them again.
import Codemod
import SwiftCST

extension IdentityPass {
    /// Why identifying the rows of `call` by their elements' `id` would not keep them: the
    /// elements' `id` is made with each value and the values are built again on a render
    /// path (in the view, in a caller's `body`, or by callers in files the rule cannot read).
    func freshValuesReason(_ call: FunctionCallExpr) -> String? {
        guard let site = ForEachSite(call.node) else { return nil }
        let data = site.dataExpression
        let source = enumeratedSource(data)?.source ?? indicesSource(data) ?? data
        guard let (collection, scope) = resolver.collectionType(of: source),
              index.isFreshlyIdentified(collection.element, inScope: scope) else { return nil }
        let element = FileTypes.lastComponent(collection.element)
        let fresh = "`\(element)`'s `id` is made with each value"
        guard let name = Self.ownPropertyName(source) else { return nil }  // kept by another object
        if let local = localInitializer(of: name, before: call.node) {
            return builds(local, element: element, depth: 0) ? "\(fresh), and `\(name)` builds new ones at each render" : nil
        }
        guard let typeNode = FileTypes.innermostType(of: call.node), let type = TypeDecl(typeNode),
              let member = ViewType(declaration: type).member(named: name), let variable = VariableDecl(member),
              let binding = variable.bindings.first(where: { $0.name == name }) else { return nil }
        if variable.modifiers.lastAttribute != nil { return nil }  // `@State`, `@Query`, …: kept
        if let initial = binding.initializer {
            return builds(initial, element: element, depth: 0)
                ? "\(fresh), and `\(name)`'s default value builds new ones each time the view is made" : nil
        }
        if let accessors = binding.accessorBlock {
            return builds(accessors, element: element, depth: 0) ? "\(fresh), and `\(name)` builds new ones each time it is read" : nil
        }
        // An input: its values come from the callers that make the view.
        guard let typeName = type.name.map(FileTypes.lastComponent) else { return nil }
        if let file = index.mentions[typeName, default: []].subtracting([context.path]).sorted().first {
            return "\(fresh), and \(file) makes `\(typeName)`, maybe with `\(name)` built anew at each render"
        }
        for position in context.identifierPositions(named: typeName, in: tree) {
            let token = tree.token(at: position)
            guard token.parent.kind == .identifierExpr, let callNode = token.parent.parent,
                  let caller = FunctionCallExpr(callNode), caller.callee == token.parent,
                  let argument = caller.argument(name)?.expression,
                  builds(argument, element: element, depth: 0), isRendered(callNode) else { continue }
            let where_ = FileTypes.innermostType(of: callNode).flatMap { TypeDecl($0)?.name }.map { "`\($0)`'s `body`" } ?? "a render path"
            return "\(fresh), and \(where_) builds new ones for `\(name)` at each update"
        }
        return nil
    }

    /// `items` or `self.items`: a property of the view itself; nil for another object's.
    private static func ownPropertyName(_ source: Node) -> String? {
        if source.kind == .identifierExpr, let token = source.firstToken, source.endTokenIndex == token.index + 1,
           token.kind == .identifier {
            return token.text
        }
        if let access = MemberAccessExpr(source), let base = access.base, base.firstToken?.keyword == .self,
           base.endTokenIndex == base.firstTokenIndex + 1 {
            return access.name
        }
        return nil
    }

    /// The value of a local `let`/`var` named `name` declared before `node` in the code
    /// around it (up to the member that holds it).
    private func localInitializer(of name: String, before node: Node) -> Node? {
        var current = node.parent
        while let scope = current, ![.variableDecl, .functionDecl, .subscriptDecl].contains(scope.kind) || scope.parent?.kind != .memberBlock {
            if scope.kind == .codeBlock || scope.kind == .closureExpr || scope.kind == .accessorBlock {
                for statement in scope.childNodes where statement.range.upperBound <= node.range.lowerBound {
                    if let variable = VariableDecl(statement),
                       let binding = variable.bindings.first(where: { $0.name == name }) {
                        return binding.initializer
                    }
                }
            }
            if TypeDecl(scope) != nil { return nil }
            current = scope.parent
        }
        return nil
    }

    /// Whether `node` builds values of `element`: a call of its initializer (`Item(…)`,
    /// `Item.init`, `.init(…)` in an array literal), directly, in a `map`, or in a computed
    /// property, function or local of the file it names.
    private func builds(_ node: Node, element: String, depth: Int) -> Bool {
        var found = false
        node.forEachDescendant([.functionCallExpr, .memberAccessExpr, .identifierExpr]) { part in
            guard !found else { return }
            switch part.kind {
            case .functionCallExpr:
                guard let callee = FunctionCallExpr(part)?.callee else { return }
                if callee.kind == .identifierExpr, callee.textEquals(element) { found = true }
                if let access = MemberAccessExpr(callee), access.nameIs("init"),
                   access.base.map({ $0.textEquals(element) }) ?? (part.parent?.parent?.kind == .arrayExpr) { found = true }
            case .memberAccessExpr:
                if let access = MemberAccessExpr(part), access.nameIs("init"), access.base?.textEquals(element) == true { found = true }
            default:
                // A name of the file's own computed property or function that builds them.
                guard depth < 2, let token = part.firstToken, part.endTokenIndex == token.index + 1, token.kind == .identifier,
                      let typeNode = FileTypes.innermostType(of: part), let type = TypeDecl(typeNode),
                      let member = ViewType(declaration: type).member(named: token.text) else { return }
                if let function = FunctionLikeDecl(member), let body = function.body {
                    found = builds(body.node, element: element, depth: depth + 1)
                } else if let variable = VariableDecl(member), variable.modifiers.lastAttribute == nil,
                          let binding = variable.bindings.first(where: { $0.name == token.text }),
                          let made = binding.accessorBlock ?? binding.initializer {
                    found = builds(made, element: element, depth: depth + 1)
                } else if let local = localInitializer(of: token.text, before: part) {
                    found = builds(local, element: element, depth: depth + 1)
                }
            }
        }
        return found
    }

    /// Whether `node` runs while a view's content is built: inside a View type's member and
    /// in no action closure.
    private func isRendered(_ node: Node) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let closure = ClosureExpr(ancestor) {
                switch BuilderContext.of(closure).kind {
                case .action: return false
                default: break
                }
            }
            if let type = TypeDecl(ancestor) { return context.fileTypes(tree, index: index).isView(type) }
            current = ancestor.parent
        }
        return false
    }
}
