// What foreach-identity proves before it rewrites a row's identity: the data's shape, how the
// row uses its index, fresh names, and per-render `.id(…)` values. Split from ForEachIdentity.swift.
import Codemod
import SwiftCST

extension IdentityPass {
    // MARK: - Proof

    enum Requirement { case anyOrder, randomAccess, zeroBasedIndices, mutableArray }
    enum Variant { case elements, bindings, enumerated }

    /// Why a rewrite is not proven, and what that says about the code a message may propose.
    struct ProofFailure {
        enum Kind {
            /// The element type is proven not Identifiable: rows need a stable id first.
            case notIdentifiable(String)
            /// The types are not known well enough to tell (the element type, when known).
            case unproven(String?)
            /// The collection does not allow the rewrite (no order, other indices).
            case shape
        }
        var kind: Kind
        var reason: String
        /// The data as written, for advice about it.
        var data: String?
    }

    /// Why the index does not prove that `source`'s elements are `Identifiable` and that the
    /// collection supports the rewrite; nil when it does.
    func proofFailure(_ source: Node, needs requirement: Requirement) -> ProofFailure? {
        let data = singleLineText(source) ?? source.text
        guard let resolved = resolver.type(of: source) else {
            return ProofFailure(kind: .unproven(nil), reason: "the type of `\(source.text)` is not declared where the rule can read it", data: data)
        }
        guard let collection = index.collectionType(resolved.text, inScope: resolved.scope), !collection.isBinding else {
            return ProofFailure(kind: .unproven(nil), reason: "`\(source.text)` is a `\(resolved.text)`, not a collection the rule understands", data: data)
        }
        let element = collection.element
        switch index.isIdentifiable(element, inScope: resolved.scope) {
        case .some(true): break
        case .some(false): return ProofFailure(kind: .notIdentifiable(element), reason: "`\(element)` is not Identifiable", data: data)
        case .none:
            let qualified = index.qualifiedName(of: element, inScope: resolved.scope)
            if !index.isSeen(qualified) {
                let reason = "`\(element)` is not declared in the files of this run (\(index.fileCount <= 1 ? "1 file" : "\(index.fileCount) files") indexed)"
                return ProofFailure(kind: .unproven(element), reason: reason, data: data)
            }
            return ProofFailure(kind: .unproven(element), reason: "the files of this run do not show that `\(element)` is Identifiable", data: data)
        }
        let shapeReason: String?
        switch requirement {
        case .anyOrder: shapeReason = nil
        case .randomAccess:
            shapeReason = collection.isRandomAccess ? nil : "`\(resolved.text)` has no stable order; ForEach needs an array"
        case .zeroBasedIndices:
            shapeReason = collection.hasZeroBasedIntIndices ? nil : "the indices of `\(resolved.text)` are not its offsets"
        case .mutableArray:
            shapeReason = collection.kind == .array ? nil : "`\(resolved.text)` is not a mutable array"
        }
        return shapeReason.map { ProofFailure(kind: .shape, reason: $0, data: data) }
    }

    func isStateOrBinding(_ source: Node, bindingUse: Node) -> Bool {
        guard let base = bindingUse.firstChildNode, let resolved = resolver.type(of: base) else { return false }
        return index.collectionType(resolved.text, inScope: resolved.scope)?.isBinding == true
    }

    // MARK: - Uses of the index

    enum Use { case read(Node), binding(Node), other }

    /// `source[i]` read without mutation, `$source[i]`, or anything else.
    func classify(_ use: Node, source: Node) -> Use {
        guard let argument = use.parent, argument.kind == .argument, argument.childNodes.count == 1,
              Argument(argument)?.label == nil, let list = argument.parent, list.kind == .argumentList,
              list.children(.argument).count == 1, let subscriptNode = list.parent, subscriptNode.kind == .subscriptCallExpr,
              subscriptNode.child(.closureExpr) == nil, let base = subscriptNode.firstChildNode, base != list
        else { return .other }
        if sameTokens(base, source) { return mayBeWritten(subscriptNode) ? .other : .read(subscriptNode) }
        if source.kind == .identifierExpr, base.kind == .identifierExpr, let token = base.firstToken,
           base.endTokenIndex == token.index + 1, token.kind == .dollarIdentifier, token.text == "$" + source.text {
            return .binding(subscriptNode)
        }
        return .other
    }

    // MARK: - Names

    /// The element name for the rows of `source`: from its last name (`items` → `item`),
    /// else `element`, never one the enclosing declaration already uses.
    func freshElementName(for source: Node, closure: ClosureExpr) -> String {
        var around = Names.around(closure.node, index: index)
        for (outer, name) in introducedNames where outer.contains(closure.node) { around.insert(name) }
        // File-scope names are looked up, not copied: a copy per row would cost the
        // whole file for every candidate.
        let singular = Names.singular(of: source.lastToken?.text ?? "")
        return Names.fresh((singular.map { [$0] } ?? []) + ["element"], fallback: "element") { name in
            around.contains(name) || fileScopeNames.contains(name)
        }
    }

    // MARK: - Data shapes

    /// `Array(xs.enumerated())`, `xs.enumerated().map { $0 }` → `xs`;
    /// `Array(zip(xs.indices, xs))` → `xs` with `isZip`.
    func enumeratedSource(_ data: Node) -> (source: Node, isZip: Bool)? {
        if let source = TypeResolver.enumeratedCollection(data) { return isStableReference(source) ? (source, false) : nil }
        guard let call = FunctionCallExpr(data), data.kind == .functionCallExpr, call.calleeNameIs("Array"),
              call.callee?.kind == .identifierExpr, call.trailingClosure == nil, call.arguments.count == 1,
              call.arguments[0].label == nil, let inner = call.arguments[0].expression,
              let zip = FunctionCallExpr(inner), inner.kind == .functionCallExpr, zip.calleeNameIs("zip"),
              zip.callee?.kind == .identifierExpr, zip.arguments.count == 2, zip.trailingClosure == nil,
              let first = zip.arguments[0].expression, let second = zip.arguments[1].expression,
              let access = MemberAccessExpr(first), access.name == "indices", let base = access.base,
              sameTokens(base, second), isStableReference(second)
        else { return nil }
        return (second, true)
    }

    /// `xs` of `xs.indices` or `0..<xs.count`.
    func indicesSource(_ data: Node) -> Node? {
        if let access = MemberAccessExpr(data), access.name == "indices", let base = access.base, isStableReference(base) {
            return base
        }
        guard data.kind == .sequenceExpr else { return nil }
        let children = data.children
        guard children.count == 3, let zero = children[0].asNode, zero.kind == .integerLiteralExpr, zero.textEquals("0"),
              let op = children[1].asToken, op.textIs("..<"), let count = children[2].asNode,
              let access = MemberAccessExpr(count), access.name == "count", let base = access.base, isStableReference(base)
        else { return nil }
        return base
    }

    // MARK: - `.id(UUID())`

    static let randomTypes: Set<String> = ["Int", "Double", "Float", "UInt", "CGFloat", "Bool", "Int64", "UInt64", "Int32"]

    /// Pattern 4: `.id(…)` with a value made anew on every evaluation. Reported only, never
    /// edited: the source cannot tell a mistake from a deliberate reset, and removing a
    /// deliberate one silently changes what the view does.
    func unstableIDFinding(_ call: FunctionCallExpr) -> Finding? {
        guard call.calleeNameIs("id"), let callee = call.callee, let access = MemberAccessExpr(callee),
              access.base != nil, let period = access.period, let list = call.argumentList,
              list.firstToken?.kind == .leftParen, let close = list.lastToken, close.kind == .rightParen,
              call.trailingClosure == nil, call.arguments.count == 1, call.arguments[0].label == nil,
              let value = call.arguments[0].expression, let what = unstableValue(value)
        else { return nil }
        let reason = "only the author knows whether the reset is wanted"
        let message = "`.id(\(MessageText.quoted(what, max: 30)))` changes on every body evaluation, resetting the view's state "
            + "and rebuilding it; use a stable id or remove `.id`"
        return Finding(range: period.textRange.lowerBound..<close.textRange.upperBound, message: message,
                       withheldReason: reason)
    }

    /// `UUID()`, `UUID().uuidString`, `Date()`, `Date.now`, `Int.random(in:)`, … as written.
    func unstableValue(_ value: Node) -> String? {
        if value.kind == .functionCallExpr, let call = FunctionCallExpr(value), call.trailingClosure == nil,
           let callee = call.callee {
            if callee.kind == .identifierExpr, callee.endTokenIndex == callee.firstTokenIndex + 1,
               let name = call.calleeName, name == "UUID" || name == "Date", call.arguments.isEmpty {
                return value.text
            }
            if let access = MemberAccessExpr(callee), access.name == "random", let base = access.base,
               base.kind == .identifierExpr, IdentityPass.randomTypes.contains(base.text) {
                return base.text + ".random(…)"
            }
            return nil
        }
        if let access = MemberAccessExpr(value), let base = access.base {
            if access.name == "now", base.kind == .identifierExpr, base.textEquals("Date") { return "Date.now" }
            if access.name == "uuidString", unstableValue(base) == "UUID()" { return "UUID().uuidString" }
        }
        return nil
    }
}
