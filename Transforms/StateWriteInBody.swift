// Rule `state-write-in-body`: writing state while `body` is built invalidates the view that
// is being built, which SwiftUI answers with another update: a loop, or undefined behaviour.
import Codemod
import SwiftCST

/// Rule `state-write-in-body`; `documentation` below is its one description (RULES.md, `explain`).
public struct StateWriteInBody: Rule {
    public init() {}

    /// Every finding is an assignment in a view: `=` is in nearly every file, so look for
    /// the wrappers whose values it writes.
    public var neededWords: [[StaticString]] { [["@State", "Object"]] }

    /// `@Published` properties of the models a view holds are read from the module's declarations.
    public var usesProjectIndex: Bool { true }

    public let id = "state-write-in-body"
    public let summary = "Report writes to @State and @Published properties while body is evaluated"
    public let documentation = """
        Assigning to a view's `@State` property, or to a `@Published` property of the \
        `@StateObject`/`@ObservedObject`/`@EnvironmentObject` it holds, while `body` (or a \
        computed property or method `body` calls) is evaluated invalidates the view in the \
        middle of its own update. SwiftUI schedules another update, which writes again: at \
        best wasted work and the runtime warning "Modifying state during view update", at \
        worst an update loop.

        Reported (warning), with no fix. Move the write to where the change happens: an \
        action, `.onChange(of:)`, `.task`, or the model. Not reported: writes in closures \
        that run later (`Button`, `.onAppear`, `.task`, `.onChange`, gestures, a custom \
        view's or modifier's `() -> Void` parameter, as its declaration in the project \
        says), in closures of calls the project does not declare (another package's view), \
        in setters and `didSet`/`willSet`, to locals that shadow the property, and in \
        members `body` does not reach.

        Before:

            var body: some View {
                count = items.count
                return Text("\\(count)")
            }

        After:

            var body: some View {
                Text("\\(count)")
                    .onChange(of: items.count, initial: true) { count = items.count }
            }
        """

    private static let objectWrappers: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject"]

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        var findings: [Finding] = []
        var seen = Set<Range<Int>>()
        for view in context.fileTypes(tree, index: index).views {
            var state = Set<String>()
            var objects: [String: String] = [:]
            for property in view.storedProperties {
                guard let wrapper = property.modifiers.lastAttribute?.name, let name = property.bindings.first?.name else { continue }
                if wrapper == "State" || wrapper == "SwiftUI.State" { state.insert(name) }
                if StateWriteInBody.objectWrappers.contains(wrapper), let type = property.bindings.first?.type?.text {
                    objects[name] = type.hasSuffix("?") || type.hasSuffix("!") ? String(type.dropLast()) : type
                }
            }
            guard !state.isEmpty || !objects.isEmpty else { continue }
            // The render path is built only when the view has a sequence that may write one
            // of these properties outside an action closure (which the path leaves out): a
            // view's writes are mostly in actions, or absent, and most sequences that start
            // with a property read it (`isLoading && …`, `count + 1`).
            let mayWrite = view.node.containsDescendant(.sequenceExpr) { sequence in
                guard let target = sequence.firstChildNode else { return false }
                let named: Bool
                if let name = plainName(target) {
                    named = state.contains(name)
                } else if target.kind == .memberAccessExpr, let base = MemberAccessExpr(target)?.base, let holder = plainName(base) {
                    named = objects[holder] != nil
                } else {
                    named = false
                }
                return named && Writes.isAssigned(target) && !RenderPath.isInAction(sequence, within: view.node)
            }
            guard mayWrite else { continue }
            let path = context.renderPath(of: view)
            for sequence in path.renderedNodes(.sequenceExpr) {
                // `x = …`, `x += …`: the target is the first operand, written by what follows it.
                guard let target = sequence.firstChildNode, Writes.isAssigned(target),
                      let member = path.members.first(where: { $0.contains(sequence) }) else { continue }
                let assignment = target
                var written: String?
                if let name = plainName(target), state.contains(name), !declaresLocal(name, in: member, before: assignment) {
                    written = "`@State` property `\(name)`"
                } else if let access = MemberAccessExpr(target), target.kind == .memberAccessExpr, let property = access.name,
                          let base = access.base, let holder = plainName(base), let type = objects[holder],
                          !declaresLocal(holder, in: member, before: assignment),
                          index.propertyWrapper(of: type, named: property) == "Published" {
                    written = "`@Published` property `\(holder).\(property)`"
                }
                guard let written, seen.insert(sequence.trimmedRange).inserted else { continue }
                findings.append(Finding(range: sequence.trimmedRange,
                                        message: "\(written) is written while body is evaluated, invalidating the view; write it in an action, `.onChange(of:)` or the model"))
            }
        }
        return findings
    }

    /// `name` or `self.name`.
    private func plainName(_ node: Node) -> String? {
        if node.kind == .identifierExpr, let token = node.firstToken, node.endTokenIndex == token.index + 1,
           token.kind == .identifier {
            return token.text
        }
        if let access = MemberAccessExpr(node), node.kind == .memberAccessExpr, access.base?.textEquals("self") == true { return access.name }
        return nil
    }

    /// Whether a local `let`/`var` (or parameter) named `name` is declared in `member`
    /// before `node`, shadowing the property.
    private func declaresLocal(_ name: String, in member: Node, before node: Node) -> Bool {
        if let function = FunctionLikeDecl(member), member.kind == .functionDecl,
           function.node.containsDescendant(.parameter, where: { $0.firstToken?.text == name || $0.containsDescendant(.identifierPattern) { $0.text == name } }) {
            return true
        }
        for declaration in member.descendants(.variableDecl) where declaration.trimmedRange.lowerBound < node.trimmedRange.lowerBound {
            if declaration.containsDescendant(.identifierPattern, where: { $0.text == name }) { return true }
        }
        return false
    }
}
