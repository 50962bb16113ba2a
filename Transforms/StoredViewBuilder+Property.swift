// The property `stored-view-builder` looks at: a stored closure that builds a view
// (`let content: () -> Content`), and when its declaration lets it become the view itself.
import Codemod
import SwiftCST

/// `() -> T` written as a parameter's type (`@escaping` allowed), no effects.
func isClosureWithoutArguments(_ type: Node) -> Bool {
    var node = type
    if node.kind == .attributedType, let inner = node.childNodes.last(where: { $0.kind != .attribute }) {
        guard node.ownTokens.isEmpty,
              node.children(.attribute).allSatisfy({ Attribute($0)?.name == "escaping" }) else { return false }
        node = inner
    }
    return plainFunctionResult(node) != nil
}

/// The result type of `() -> T` (no parameters, no `async`/`throws`).
private func plainFunctionResult(_ type: Node) -> Node? {
    let parts = type.childNodes
    guard type.kind == .functionType, parts.count == 2, parts[0].kind == .tupleType,
          parts[0].children(.tupleTypeElement).isEmpty else { return nil }
    return parts[1]
}

// MARK: - The property

/// `let content: () -> Content` (or `@ViewBuilder let …`): one binding, no value, a closure
/// type without parameters.
struct ClosureProperty {
    let declaration: VariableDecl
    let name: String
    let nameToken: Token
    let typeNode: Node
    let result: Node

    init?(_ declaration: VariableDecl, in type: TypeDecl) {
        guard declaration.bindings.count == 1, let binding = declaration.bindings.first, binding.initializer == nil,
              binding.accessorBlock == nil, let name = binding.name, let token = binding.pattern?.firstToken,
              let typeNode = binding.type, let result = plainFunctionResult(typeNode) else { return nil }
        self.declaration = declaration
        self.name = name
        nameToken = token
        self.typeNode = typeNode
        self.result = result
    }

    var keyword: String { declaration.isLet ? "let" : "var" }
    var resultText: String { singleLineText(result) ?? result.text }
    var isFilePrivate: Bool { declaration.modifiers.has("private") || declaration.modifiers.has("fileprivate") }
    var hasViewBuilder: Bool {
        declaration.modifiers.hasAttribute("ViewBuilder") || declaration.modifiers.hasAttribute("SwiftUI.ViewBuilder")
    }

    /// Whether the closure is the rule's: marked `@ViewBuilder`, or returning `AnyView` or a
    /// generic parameter constrained to `View` (an action's `() -> Void` is not).
    func mayBuildView(in type: TypeDecl) -> Bool {
        (hasViewBuilder || resultIsView(in: type)) && !isDeferredOnPurpose(in: type)
    }

    /// Whether an initializer of `type` stores an `@autoclosure` parameter in it: the
    /// `LazyView(Detail())` pattern, whose closure exists to build the view later, in
    /// `body`, not when the container is made.
    private func isDeferredOnPurpose(in type: TypeDecl) -> Bool {
        type.node.descendants(.initializerDecl).contains { initializer in
            guard let function = FunctionLikeDecl(initializer), let body = function.body else { return false }
            let deferred = Set(function.parameters.compactMap { parameter -> String? in
                guard let type = parameter.type, type.kind == .attributedType,
                      type.children(.attribute).contains(where: { Attribute($0)?.name == "autoclosure" }) else { return nil }
                return parameter.name
            })
            guard !deferred.isEmpty else { return false }
            return body.node.descendants(.sequenceExpr).contains { node in
                guard let sequence = SequenceExpr(node), sequence.isAssignment, let target = sequence.assignmentTarget,
                      let value = sequence.assignedValue, value.kind == .identifierExpr else { return false }
                let stored = MemberAccessExpr(target)?.name ?? (target.kind == .identifierExpr ? target.text : nil)
                return stored == name && deferred.contains(value.text)
            }
        }
    }

    private func resultIsView(in type: TypeDecl) -> Bool {
        let resultName = tokenKey(result)
        if resultName == "AnyView " || resultName == "SwiftUI . AnyView " { return true }
        guard result.kind == .identifierType, result.child(.genericArgumentClause) == nil,
              let parameter = result.firstToken?.text else { return false }
        return isViewConstrained(parameter, in: type)
    }

    /// Why the declaration itself rules the fix out.
    func declarationReason(in type: TypeDecl, types: FileTypes) -> String? {
        if declaration.modifiers.attributes.contains(where: { $0.name != "ViewBuilder" && $0.name != "SwiftUI.ViewBuilder" }) {
            return "the property has other attributes"
        }
        if declaration.modifiers.has("lazy") || declaration.modifiers.has("weak") { return "the property is `lazy` or `weak`" }
        // Other modules read it with its type, which the index of this one cannot see.
        if let access = ["public", "open", "package"].first(where: { declaration.modifiers.has($0) }) {
            return "the property is `\(access)`: another module may read it as a closure"
        }
        guard resultIsView(in: type) else {
            return "its result `\(resultText)` is not `AnyView` or a generic parameter constrained to `View`"
        }
        return nil
    }

    /// Whether the type declares `parameter` as a generic parameter that conforms to `View`
    /// (`<Content: View>` or `where Content: View`).
    private func isViewConstrained(_ parameter: String, in type: TypeDecl) -> Bool {
        let views: Set<String> = ["View ", "SwiftUI . View "]
        for generic in type.genericParameterClause?.children(.genericParameter) ?? [] {
            guard generic.firstToken?.text == parameter else { continue }
            if let constraint = generic.firstChildNode, views.contains(tokenKey(constraint)) { return true }
        }
        for requirement in type.node.descendants(.genericRequirement) where requirement.parent?.parent == type.node {
            let nodes = requirement.childNodes
            if nodes.count == 2, tokenKey(nodes[0]) == parameter + " ", views.contains(tokenKey(nodes[1])) { return true }
        }
        return false
    }

    /// `() -> Content` → `Content`; `@ViewBuilder ` before the declaration when missing, or
    /// on a line of its own above it, as attributes are written, when the declaration's
    /// line would otherwise run wider than `wrapWidth`.
    func declarationEdits(layout: SourceLayout, wrapWidth: Int) -> [Edit] {
        var edits = [Edit(range: typeNode.trimmedRange, replacement: resultText)]
        guard !hasViewBuilder else { return edits }
        let start = declaration.trimmedRange.lowerBound
        edits.append(.insert("@ViewBuilder ", at: start))
        if layout.isFirstOnLine(start), layout.widestLine(after: edits, around: start) > wrapWidth {
            edits[edits.count - 1] = .insert("@ViewBuilder" + layout.lineEnding + layout.indentation(ofLineAt: start), at: start)
        }
        return edits
    }
}
