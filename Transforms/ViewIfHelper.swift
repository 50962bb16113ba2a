// Rule `view-if-helper`: `.if(condition) { $0.modifier() }` hides an `if`/`else` that gives
// one view two identities; report the helper, how often the module calls it, and each call.
import Codemod
import SwiftCST

/// Rule `view-if-helper`; `documentation` below is its one description (RULES.md, `explain`).
public struct ViewIfHelper: Rule {
    public init() {}

    /// Every finding is a helper declared in `extension View` or a call of one: `.if(` or
    /// the name of a helper the file declares (which needs `extension View` in the file).
    public var neededWords: [[StaticString]] { [[".if", "extension View", "extension SwiftUI.View"]] }

    /// How often the module writes the helper's name is read from the index.
    public var usesProjectIndex: Bool { true }

    public let id = "view-if-helper"
    public let summary = "Report the `.if(condition) { $0… }` View helper and its calls"
    public let documentation = """
        A helper such as

            extension View {
                @ViewBuilder func `if`<T: View>(_ condition: Bool, transform: (Self) -> T) -> some View {
                    if condition { transform(self) } else { self }
                }
            }

        reads well at the call site, `.if(isSelected) { $0.bold() }`, but it is an \
        `if`/`else` in a view builder: the result is `_ConditionalContent`, and the view \
        under the modifier has a different structural identity in each branch. When the \
        condition changes, SwiftUI tears the view down and builds a new one: its `@State` \
        is reset, its `onAppear` runs again, animations cross-fade instead of \
        interpolating, and in a list every such row costs more to diff.

        Reported (warning), with no fix: the helper, once, where the module declares it (with \
        how many times the module calls it by `.name`), and each call of `.if` when no helper \
        of that name is in the project (it comes from a package). Calls whose condition cannot change while the app runs (a \
        literal, a static member such as `.tahoe` or `Platform.isMac`) are not reported: \
        the identity never flips. Removing the helper is a human's change; at each \
        call, apply the modifier with a value that depends on the condition \
        (`.opacity(isHidden ? 0 : 1)`, `.foregroundStyle(isSelected ? .primary : .secondary)`, \
        `.disabled(condition)`), or an inert value (`.padding(condition ? 8 : 0)`); keep a real \
        `if` only where the two branches are different views.

        A helper is a method of `extension View` returning `some View` that takes a `Bool` \
        and a closure taking `Self`, whose body is one `if` (or `?:`) on the `Bool` that \
        calls the closure with `self`. A `public` helper may also be called from other \
        modules, which the count does not see.

        Before:

            Text(title)
                .if(isSelected) { $0.foregroundStyle(.tint) }

        After:

            Text(title)
                .foregroundStyle(isSelected ? AnyShapeStyle(.tint) : AnyShapeStyle(.primary))
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        var findings: [Finding] = []
        for type in tree.root.descendants(.extensionDecl).compactMap(TypeDecl.init) {
            guard let extended = type.name, extended == "View" || extended == "SwiftUI.View" else { continue }
            for member in type.members where member.kind == .functionDecl {
                guard let function = FunctionLikeDecl(member), let helper = Helper(function),
                      let keyword = member.ownTokens.first(where: { $0.keyword == .func }) else { continue }
                let nameToken = tree.token(at: keyword.index + 1)
                let calls = index.nameCounts["." + helper.name] ?? 0
                let isPublic = function.modifiers.has("public") || function.modifiers.has("open") || function.modifiers.has("package")
                // Calls are counted by name: with several overloads of the name, the count is
                // theirs together, and says so.
                let overloads = ModuleCallables.of(index).functions(named: helper.name)
                    .filter { $0.owner == "View" || $0.owner == "SwiftUI.View" }.count
                var callers = calls == 1 ? "1 call here" : "\(calls) calls here"
                if overloads > 1 { callers += " for \(overloads) overloads" }
                let reach = isPublic ? callers + ", more in other modules" : callers
                findings.append(Finding(range: nameToken.textRange.lowerBound..<(function.signature?.trimmedRange.upperBound ?? nameToken.textRange.upperBound),
                                        message: "`\(helper.name)(\(helper.labels))` gives each view two identities (\(reach)); apply the modifier with a conditional value instead"))
            }
        }
        // A helper the module declares is reported once, where it is declared, with its
        // number of calls: its calls are not findings of their own. A call is reported only
        // of `.if`, the helper's usual name, when it comes from outside the project.
        let declaresIf = ModuleCallables.of(index).functions(named: "if").contains { $0.owner == "View" || $0.owner == "SwiftUI.View" }
        for node in declaresIf ? [] : context.functionCalls(in: tree) {
            // No base in a postfix `#if` branch (`#if os(iOS) .if(c) { … } #endif`).
            guard let modifier = Modifier(call: node, named: "if", "`if`"),
                  !modifier.arguments.isEmpty || modifier.trailingClosure != nil else { continue }
            // A condition that cannot change while the app runs (`.tahoe`, `Platform.isMac`,
            // a literal) never flips the identity.
            if let condition = modifier.arguments.first?.expression, ViewIfHelper.isConstant(condition) { continue }
            findings.append(Finding(range: modifier.nameThroughArguments,
                                    message: "`.if(…)` gives this view two identities, so a change of the condition resets its state; use a conditional value instead"))
        }
        return findings
    }

    /// A literal, or a static member written with its type or as `.name`, not called.
    static func isConstant(_ condition: Node) -> Bool {
        switch condition.kind {
        case .booleanLiteralExpr, .integerLiteralExpr: return true
        case .memberAccessExpr:
            guard let access = MemberAccessExpr(condition) else { return false }
            guard let base = access.base else { return true }  // `.tahoe`
            return base.kind == .identifierExpr && base.firstToken?.text.first?.isUppercase == true
        default: return false
        }
    }

    /// `` `if` `` → `if`.
    static func bare(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count > 2 ? String(name.dropFirst().dropLast()) : name
    }
}

/// A conditional-modifier helper: `func name(_ condition: Bool, transform: (Self) -> T) -> some View`
/// whose one statement is `if condition { transform(self) } else { self }` or its `?:` form.
private struct Helper {
    let name: String
    /// The argument labels, `_:transform:`.
    let labels: String

    init?(_ function: FunctionLikeDecl) {
        guard let rawName = function.name, let returnType = function.returnType,
              returnType.text.removingASCII(UInt8(ascii: " ")).hasSuffix("someView"),
              let condition = function.parameters.first(where: { $0.type?.textEquals("Bool") == true })?.name,
              let transform = function.parameters.first(where: { parameter in
                  guard let type = parameter.type?.text else { return false }
                  return type.contains("->") && type.removingASCII(UInt8(ascii: " ")).contains("(Self)")
              })?.name,
              let statements = function.body?.statements, statements.count == 1 else { return nil }
        var statement = statements[0]
        if statement.kind == .returnStmt, let value = statement.firstChildNode { statement = value }
        // The branch on the condition: an `if` whose first condition names it, or `c ? … : …`.
        let branches: Bool
        if let branch = IfExpr(statement) {
            branches = branch.conditions.first.map { uses(of: condition, in: [$0]).count == 1 } ?? false
        } else {
            // `condition ? a : b` is a sequence: the condition, then `? a :`, then `b`.
            branches = statement.kind == .sequenceExpr && statement.child(.ternaryExpr) != nil
                && statement.firstChildNode.map { uses(of: condition, in: [$0]).count == 1 } == true
        }
        let callsTransform = statement.containsDescendant(.functionCallExpr) { node in
            guard let call = FunctionCallExpr(node), call.calleeName == transform,
                  call.arguments.count == 1, call.arguments.first?.expression?.textEquals("self") == true else { return false }
            return true
        }
        guard branches, callsTransform else { return nil }
        name = ViewIfHelper.bare(rawName)
        labels = function.parameters.map { ($0.label ?? "_") + ":" }.joined()
    }
}
