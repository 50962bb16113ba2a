// A SwiftUI modifier chain read as data: `Text(a).padding().tag(1)` is the base view
// `Text(a)` and the modifiers `padding()` and `tag(1)`, each with its arguments and range.
import SwiftCST

/// One `.name(arguments) { closure }` (or `.name` without a call) in a chain.
struct Modifier {
    /// The `.name` access.
    let access: MemberAccessExpr
    /// The call applying it, when written with arguments or a closure.
    let call: FunctionCallExpr?
    var name: String { access.name ?? "" }
    var arguments: [Argument] { call?.arguments ?? [] }
    var trailingClosure: ClosureExpr? { call?.trailingClosure }
    func argument(_ label: String) -> Argument? { call?.argument(label) }
    /// From the `.` to the end of the call (or of the name).
    var range: Range<Int> {
        let start = access.period?.textRange.lowerBound ?? access.trimmedRange.lowerBound
        return start..<(call?.trimmedRange.upperBound ?? access.trimmedRange.upperBound)
    }
    /// The whole expression up to and including this modifier.
    var expression: Node { call?.node ?? access.node }
}

/// A view expression and the modifiers applied to it, innermost first.
struct ModifierChain {
    /// What the modifiers apply to: `Text(a)` of `Text(a).padding()`, or an implicit-member
    /// or other expression the chain starts from.
    let base: Node
    let modifiers: [Modifier]

    /// The chain `expression` is the outermost node of.
    init(_ expression: Node) {
        var node = expression
        var found: [Modifier] = []
        while true {
            if let call = FunctionCallExpr(node), node.kind == .functionCallExpr, let callee = call.callee,
               let access = MemberAccessExpr(callee), let base = access.base {
                found.append(Modifier(access: access, call: call))
                node = base
            } else if node.kind == .memberAccessExpr, let access = MemberAccessExpr(node), let base = access.base {
                found.append(Modifier(access: access, call: nil))
                node = base
            } else {
                break
            }
        }
        base = node
        modifiers = found.reversed()
    }

    /// The chain applied on top of `node`: `node` is the base, the modifiers are those
    /// written after it (`ForEach(…) { }.onDelete { }` for the `ForEach` call).
    static func applied(to node: Node) -> ModifierChain {
        var outermost = node
        while let parent = outermost.parent {
            if parent.kind == .memberAccessExpr, parent.firstChildNode == outermost {
                outermost = parent
            } else if parent.kind == .functionCallExpr, parent.firstChildNode == outermost, outermost != node {
                outermost = parent
            } else {
                break
            }
        }
        return ModifierChain(outermost)
    }

    /// The call the chain starts from, when it is a view initializer such as `Text(a)`:
    /// a call of a plain name.
    var baseCall: FunctionCallExpr? {
        guard base.kind == .functionCallExpr, let call = FunctionCallExpr(base), call.callee?.kind == .identifierExpr else { return nil }
        return call
    }

    /// The first modifier named `name`.
    func modifier(_ name: String) -> Modifier? { modifiers.first { $0.name == name } }

    /// The first modifier whose name is in `names`.
    func first(in names: Set<String>) -> Modifier? { modifiers.first { names.contains($0.name) } }
}

// MARK: - One modifier call

extension Modifier {
    /// The modifier call `.name(…)` that `node` is (a call of a member name, with arguments or
    /// a closure), when its name is one of `names`, compared as bytes so that no `String` is
    /// made for the calls that do not match; any name when `names` is empty. The modified
    /// view may be missing: a postfix `#if` branch (`#if os(iOS) .padding() #endif`) has none.
    init?(call node: Node, named names: StaticString...) {
        guard node.kind == .functionCallExpr, let call = FunctionCallExpr(node), let callee = call.callee,
              let access = MemberAccessExpr(callee), let nameToken = access.nameToken,
              names.isEmpty || names.contains(where: { nameToken.textIs($0) }) else { return nil }
        self.init(access: access, call: call)
    }

    /// The token of the name (after the `.`).
    var nameToken: Token? { access.nameToken }

    /// From the name to the end of the arguments (the trailing closure left out): where a
    /// finding about the modifier points.
    var nameThroughArguments: Range<Int> {
        let start = access.nameToken?.textRange.lowerBound ?? access.trimmedRange.lowerBound
        let end = call?.argumentList?.trimmedRange.upperBound ?? access.nameToken?.textRange.upperBound ?? access.trimmedRange.upperBound
        return start..<end
    }
}
