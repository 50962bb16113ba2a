// Rule `onappear-task`: `.onAppear { Task { … } }` starts work nothing ever cancels; the
// `.task { … }` modifier runs the same work and cancels it when the view disappears.
import Codemod
import SwiftCST

/// Rule `onappear-task`; `documentation` below is its one description (RULES.md, `explain`).
public struct OnAppearTask: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is an `.onAppear` whose closure starts a `Task`.
    public var neededWords: [[StaticString]] { [["onAppear"]] }

    public let id = "onappear-task"
    /// `.task` is iOS 15, macOS 12, tvOS 15, watchOS 8.
    static let taskPlatforms: [Platform: Version] = [.iOS: Version(15), .macOS: Version(12), .tvOS: Version(15),
                                                     .watchOS: Version(8), .visionOS: Version(1)]
    public let platformNeeds = [PlatformNeed(fix: "`.task { … }`", platforms: OnAppearTask.taskPlatforms)]
    public let summary = "Replace `.onAppear { Task { … } }` with `.task { … }`"
    public let documentation = """
        `.onAppear { Task { … } }` starts an unstructured task that outlives the view: when \
        the view disappears (the user navigates back, a row scrolls away) the work goes on, \
        still loading, decoding and writing state nobody shows, and a view that appears \
        again starts a second copy while the first still runs. `.task { … }` starts the same \
        work at the same moment, on the same actor, and cancels it when the view disappears.

        Before:

            List(items) { item in Row(item: item) }
                .onAppear {
                    Task {
                        await model.load()
                    }
                }

        After (a `suggested` fix, applied with --unsafe-fixes):

            List(items) { item in Row(item: item) }
                .task {
                    await model.load()
                }

        The fix is `suggested` because cancellation on disappear is new behaviour: work that \
        must finish even after the view is gone (a save, an upload) belongs in a `Task` or in \
        the model. `.task` needs iOS 15, macOS 12, tvOS 15 or watchOS 8: below that deployment \
        target, or when it is unknown, the finding is reported without its fix. `Task(priority: p) { … }` becomes `.task(priority: p) { … }`; \
        `Task { @MainActor in … }` keeps its closure as written.

        Only an `.onAppear` closure whose one statement is the `Task { … }` is found: a closure \
        that also does synchronous work, or stores the task's handle, is left alone. The fix is \
        withheld (reported with the reason) when the task's closure throws or returns a value \
        (`.task` takes a non-throwing closure returning nothing), when the module declares its \
        own type named `Task`, when the code is not isolated to the main actor by a View \
        (`.task`'s closure is `@Sendable`, so it could no longer capture non-Sendable values), \
        when `Task` takes other arguments than `priority:`, and when the rewrite would delete \
        a comment.

        It is withheld too where cancelling the task when its view leaves would change what \
        the code does: when the task (or a function of the file it calls, through `defer` and \
        `catch` alike) assigns state that an `if`, `switch` or ternary around the view reads, \
        so that the view can go away mid-load (an infinite-scroll sentinel under \
        `if hasMore && !isLoadingMore`), or calls a method of another file of the module that \
        may; when the view is a row of a lazy container (`List`, `Form`, `Lazy…Stack`, \
        `Lazy…Grid`), which leaves while scrolling; when the modifier is on a `Group` whose \
        content is an `if` or a `switch` (it applies to each branch, so a change of branch \
        would cancel the task); and when the task's `catch` records \
        completion (`loaded = true`, `.failed`, `insert(…)`), which a cancellation would then \
        record as well. A plain load that writes only its result stays `suggested`.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        // Worked out for the first candidate: most files that write `onAppear` start no task in it.
        lazy var index = context.index(including: tree)
        lazy var types = context.fileTypes(tree, index: index)
        lazy var layout = SourceLayout(tree.bytes)
        lazy var risk = TaskCancellationRisk(tree: tree, index: index, path: context.path)
        lazy var taskAliased = !tree.root.descendants(.typealiasDecl).filter { TypealiasDecl($0)?.name == "Task" }.isEmpty
        var findings: [Finding] = []
        for node in context.functionCalls(in: tree) {
            guard let site = TaskOnAppear(node) else { continue }
            let message = "`.onAppear { Task { … } }` starts work that keeps running after the view disappears; use `.task { … }`"
            var reason: String? = nil
            // A `Task` nested in some other type (`Job.Task`) leaves this one Swift's.
            if taskAliased || index.declaresType(named: "Task", visibleFrom: TypeResolver.enclosingTypeName(of: node)) {
                reason = "the module declares its own type named `Task`"
            } else if let other = site.task.arguments.first(where: { $0.label != "priority" }) {
                reason = "`Task` takes \(other.label.map { "`\($0):`" } ?? "an unlabeled argument"), which `.task` has no place for"
            } else if let why = site.closureMismatch {
                reason = why
            } else if !isMainActorIsolated(site.onAppear.node, types: types) {
                reason = "the code is not isolated to the main actor by a View, and `.task`'s closure is `@Sendable`"
            } else if let risk = risk.reason(onAppear: site.onAppear.node, taskClosure: site.taskClosure.node) {
                reason = risk
            }
            var fix: Fix? = nil
            if reason == nil {
                let candidate = Fix(edits: [site.edit(layout: layout)], safety: .suggested,
                                    summary: "use `.task`; the work is cancelled when the view disappears",
                                    platforms: OnAppearTask.taskPlatforms)
                if let loss = CommentKeeping.lossReason(candidate, in: tree) { reason = loss } else { fix = candidate }
            }
            let range = site.onAppearName.textRange.lowerBound..<(site.onAppear.trailingClosure?.leftBrace?.textRange.upperBound
                ?? site.onAppear.node.trimmedRange.upperBound)
            if let fix {
                findings.append(Finding(ruleID: id, range: range,
                                        message: message, fix: fix))
            } else {
                findings.append(Finding(ruleID: id, range: range, message: message,
                                        withheldReason: reason))
            }
        }
        return findings
    }

    /// Whether `node` runs on the main actor because of a View: in `body`, in a member of
    /// a type whose own declaration conforms to `View` or `ViewModifier`, in an
    /// `extension View`, or under an explicit `@MainActor`; never in a `nonisolated` member.
    private func isMainActorIsolated(_ node: Node, types: FileTypes) -> Bool {
        var current = node.parent
        var member: Node? = nil
        while let n = current {
            if let closure = ClosureExpr(n), closure.signature?.descendants(.attribute)
                .contains(where: { Attribute($0)?.name == "MainActor" }) == true {
                return true
            }
            if member == nil, [.functionDecl, .variableDecl, .initializerDecl, .subscriptDecl].contains(n.kind) {
                if n.children(.modifier).contains(where: { $0.firstToken?.text == "nonisolated" }) { return false }
                if n.children(.attribute).contains(where: { Attribute($0)?.name == "MainActor" }) { return true }
                member = n
            }
            if let type = TypeDecl(n) {
                guard let member, let name = type.name else { return false }
                if type.attributes.contains(where: { $0.name == "MainActor" }) { return true }
                if type.isExtension && (name == "View" || name == "SwiftUI.View") { return true }
                if VariableDecl(member)?.bindings.contains(where: { $0.name == "body" }) == true && types.isView(type) { return true }
                if FunctionLikeDecl(member)?.name == "body" && types.isView(type) { return true }
                // A conformance on the type's own declaration makes the whole type main-actor
                // isolated; one added by an extension does not.
                return types.bySimpleName[FileTypes.lastComponent(name)]?.contains { declaration in
                    !declaration.isExtension && declaration.inheritedTypeNames.contains(where: FileTypes.viewProtocols.contains)
                } ?? false
            }
            current = n.parent
        }
        return false
    }
}

// MARK: - The site

/// `.onAppear { Task { … } }`: the `onAppear` call whose trailing closure holds only a call
/// of `Task` with a trailing closure.
private struct TaskOnAppear {
    let onAppear: FunctionCallExpr
    let onAppearName: Token
    let task: FunctionCallExpr
    let taskClosure: ClosureExpr

    init?(_ node: Node) {
        guard let modifier = Modifier(call: node, named: "onAppear"), let call = modifier.call,
              modifier.access.base != nil, let name = modifier.nameToken,
              call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty,
              let closure = call.trailingClosure, closure.signature == nil,
              closure.statements.count == 1, let only = closure.statements.first,
              let task = FunctionCallExpr(only), only.kind == .functionCallExpr,
              task.callee?.kind == .identifierExpr, task.calleeNameIs("Task"),
              task.additionalTrailingClosures.isEmpty, let taskClosure = task.trailingClosure
        else { return nil }
        onAppear = call
        onAppearName = name
        self.task = task
        self.taskClosure = taskClosure
    }

    /// Why the task's closure does not fit `.task`'s `@Sendable () async -> Void`, if it does not.
    var closureMismatch: String? {
        if let signature = taskClosure.signature {
            if signature.child(.returnClause) != nil || signature.descendants(.returnClause).first != nil {
                return "the task's closure declares a result type"
            }
            if signature.containsDescendant(.effectSpecifiers, where: { $0.ownTokens.contains { $0.keyword == .throws } }) {
                return "the task's closure is declared `throws`, and `.task` takes a non-throwing closure"
            }
        }
        let tree = taskClosure.node.tree
        for index in taskClosure.node.firstTokenIndex..<taskClosure.node.endTokenIndex {
            let token = tree.token(at: index)
            switch token.keyword {
            case .try:
                let next = index + 1 < tree.tokens.count ? tree.token(at: index + 1) : nil
                if let next, next.textRange.lowerBound == token.textRange.upperBound, next.textIs("?") || next.textIs("!") { continue }
                if escapesToTaskClosure(token.parent) {
                    return "the task's closure throws (an uncaught `try`), and `.task` takes a non-throwing closure"
                }
            case .throw:
                if escapesToTaskClosure(token.parent) {
                    return "the task's closure throws, and `.task` takes a non-throwing closure"
                }
            case .return:
                let next = index + 1 < tree.tokens.count ? tree.token(at: index + 1) : nil
                let returnsValue = next.map { next in
                    !(next.kind == .rightBrace || next.kind == .semicolon || tree.bytes[token.textRange.upperBound..<next.textRange.lowerBound].contains(10)
                      || tree.bytes[token.textRange.upperBound..<next.textRange.lowerBound].contains(13))
                } ?? false
                if returnsValue && innermostFunctionScope(of: token.parent) == taskClosure.node {
                    return "the task's closure returns a value, and `.task` takes a closure returning nothing"
                }
            default:
                continue
            }
        }
        return nil
    }

    /// The closure or function whose body holds `node`.
    private func innermostFunctionScope(of node: Node) -> Node? {
        var current: Node? = node
        while let n = current {
            if n.kind == .closureExpr || FunctionLikeDecl(n) != nil || n.kind == .accessorDecl { return n }
            current = n.parent
        }
        return nil
    }

    /// Whether an error thrown at `node` reaches the task's closure: no nested closure or
    /// function, and no `do` with a catch-all `catch { }`, stands between them.
    private func escapesToTaskClosure(_ node: Node) -> Bool {
        var child = node
        var current: Node? = node
        while let n = current {
            if n == taskClosure.node { return true }
            if n != node, n.kind == .closureExpr || FunctionLikeDecl(n) != nil || n.kind == .accessorDecl { return false }
            if n.kind == .doStmt, child.kind != .catchClause,
               n.children(.catchClause).contains(where: { clause in clause.childNodes.allSatisfy { $0.kind == .codeBlock } }) {
                return false
            }
            child = n
            current = n.parent
        }
        return false
    }

    /// `onAppear { Task(priority: p) { body } }` → `task(priority: p) { body }`, the lines of
    /// the body moved out by the one level the `Task` added.
    func edit(layout: SourceLayout) -> Edit {
        let closure = taskClosure.node.trimmedRange
        var text = "task"
        if let arguments = task.argumentList, !task.arguments.isEmpty { text += arguments.text.trimmingSuffixSpaces() }
        text += " "
        let firstLineEnd = min(layout.lineEnd(closure.lowerBound), closure.upperBound)
        text += layout.text(closure.lowerBound..<firstLineEnd)
        if firstLineEnd < closure.upperBound {
            let rest = layout.afterLineBreak(firstLineEnd)..<closure.upperBound
            let from = layout.indentation(ofLineAt: task.node.trimmedRange.lowerBound)
            let to = layout.indentation(ofLineAt: onAppearName.textRange.lowerBound)
            text += layout.lineEnding
            if from.hasPrefix(to), !holdsMultilineString(taskClosure.node) {
                text += layout.reindent(rest, from: from, to: to)
            } else {
                text += layout.text(rest)
            }
        }
        let whole = onAppearName.textRange.lowerBound..<onAppear.node.trimmedRange.upperBound
        return Edit(range: whole, replacement: text)
    }
}
