// Rule `stored-view-builder`: a container view that stores its content as a closure and
// calls it in `body` hides that content from SwiftUI's comparison; storing the view does not.
import Codemod
import SwiftCST

/// Rule `stored-view-builder`; `documentation` below is its one description (RULES.md, `explain`).
public struct StoredViewBuilder: Rule {
    public init() {}

    public let usesProjectIndex = true
    /// Every finding is a stored property whose type is a function type returning a view.
    public var neededWords: [[StaticString]] { [["->"]] }

    public let id = "stored-view-builder"
    public let summary = "Store a container's content as a view (`@ViewBuilder let content: Content`), not a closure"
    public let documentation = """
        A view that keeps `let content: () -> Content` and calls `content()` in `body` \
        stores a closure. SwiftUI cannot compare closures, so whenever the parent \
        re-evaluates, the container counts as changed and its `body` runs again, even when \
        the content it would build is the same. Stored as a view (`Content`), the content \
        is a value SwiftUI compares, and the container's `body` runs only when it changed. \
        `@ViewBuilder` on the stored property keeps the call sites as they are: the \
        memberwise initializer still takes a `@ViewBuilder` closure and calls it.

        Before:

            struct Card<Content: View>: View {
                let content: () -> Content

                var body: some View {
                    VStack { content() }.padding()
                }
            }

        After (a `safe` fix):

            struct Card<Content: View>: View {
                @ViewBuilder let content: Content

                var body: some View {
                    VStack { content }.padding()
                }
            }

        An explicit initializer's `self.content = content` becomes `self.content = content()` \
        (its parameter stays a `@ViewBuilder` closure, no longer `@escaping`). The content is then built once, when \
        the container is made (in the parent's `body`), instead of at each call in the \
        container's `body`; calling it twice in `body` gives the same view twice, as \
        before, since a view is a value. What the closure reads is read when the parent \
        builds the container, which is when its inputs change anyway.

        A declaration that `@ViewBuilder ` would make wider than the file's lines (its \
        longest, at least 120 columns) takes the attribute on a line of its own above it. An \
        initializer's line never grows: `content()` adds two columns where `@escaping ` leaves.

        Found on a View's stored `let`/`var` of type `() -> T` marked `@ViewBuilder`, or \
        where `T` is a generic parameter constrained to `View`, or `AnyView`. Never \
        touched: builders that take parameters (`(Item) -> Content`, which only the \
        container can call), actions (`() -> Void`), closures that may throw, are `async` \
        or have other attributes. Withheld (reported with the reason): the closure is used otherwise than \
        called with no arguments in the view's members (passed on, stored elsewhere), a call \
        runs only on some evaluations or later (under an `if` without a call in every branch, \
        in rows (`ForEach`, `List`), a container that keeps its closure (`GeometryReader`), a \
        presentation or an action: the caller's \
        closure may rely on that, as `Text(selection!)` under `if selection != nil` does), an \
        initializer assigns it from something other than one of its closure parameters or \
        uses that parameter again, a parameter is not a closure without arguments, the \
        property has other attributes or returns another type (`@ViewBuilder let label: \
        () -> Text`), the view conforms to a protocol the module declares (it may require \
        the closure), a `public`, `package` or `open` property (another module may call it), \
        and a property that is not `private` whose name another file of the \
        module reads as `x.name`, or names together with the view's type (an extension, a \
        caller reading it), as the project index records. A parameter or local of the same \
        name (`label` in `init(label: …) { self.init(title: t, label: label) }`) is not the \
        property, and neither is a use of it; `self.label` and a bare `label` that nothing \
        hides are. A property nothing reads is reported without a fix: remove it.

        Not reported: a closure an initializer takes as an `@autoclosure` (`LazyView(Detail())`), \
        which exists to build the view later, in `body`.
        """

    public func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] {
        let index = context.index(including: tree)
        let types = context.fileTypes(tree, index: index)
        var findings: [Finding] = []
        var candidates: [(type: TypeDecl, candidate: ClosureProperty)] = []
        for type in types.all where !type.isExtension && types.isView(type) && type.node.kind == .structDecl {
            for property in ViewType(declaration: type).storedProperties {
                guard let candidate = ClosureProperty(property, in: type), candidate.mayBuildView(in: type) else { continue }
                candidates.append((type, candidate))
            }
        }
        // Where the file spells each candidate's name, found in one pass over its tokens
        // when the first candidate needs it: a pass per candidate cost the file's length
        // times the number of its views.
        lazy var spellings = NameSpellings(of: candidates.map(\.candidate.name), in: tree)
        lazy var layout = SourceLayout(tree.bytes)
        for (type, candidate) in candidates {
            let range = candidate.nameToken.textRange
            let message = MessageText.fitting(
                "`\(candidate.name)` stores a closure that builds the view; store the view: "
                    + "`@ViewBuilder \(candidate.keyword) \(candidate.name): \(candidate.resultText)`",
                "`\(candidate.name)` stores a closure that builds the view; store the built view, marked `@ViewBuilder`")
            var reason = candidate.declarationReason(in: type, types: types)
                ?? moduleProtocolReason(type, index: index)
            var edits: [Edit] = []
            var neverRead = false
            if reason == nil {
                switch uses(of: candidate, in: type, types: types, tree: tree, spellings: spellings) {
                case .failure(let why): reason = why
                case .edits(let found): edits = found
                case .neverRead: neverRead = true
                }
            }
            if reason == nil, !candidate.isFilePrivate {
                reason = otherFilesReason(candidate, type: type, index: index, context: context)
            }
            if neverRead, reason == nil {
                // Nothing builds the view from it: storing the built view would build it for nothing.
                findings.append(Finding(range: range, message: "`\(candidate.name)` stores a closure that builds a view, but nothing reads it; remove it"))
                continue
            }
            findings.append(.offering({ Fix(edits: candidate.declarationEdits(layout: layout, wrapWidth: context.wrapWidth(of: tree)) + edits,
                                            summary: "store the built view") },
                                      range: range, message: message, unless: reason, in: tree))
        }
        return findings
    }

    private enum Uses {
        case edits([Edit])
        case failure(String)
        /// Stored, never read in the file.
        case neverRead
    }

    /// Every mention of the property's name in the file, as edits: `content()` → `content`
    /// in the view's members, `self.content = content` → `self.content = content()` in its
    /// initializers, its parameter no longer `@escaping`; a failure at the first other use.
    private func uses(of candidate: ClosureProperty, in type: TypeDecl, types: FileTypes, tree: SyntaxTree,
                      spellings: NameSpellings) -> Uses {
        let name = candidate.name
        let ownDeclarations = types.bySimpleName[FileTypes.lastComponent(type.name ?? ""), default: []].map(\.node)
        var edits: [Edit] = []
        var handled = Set<Int>()  // offsets of name tokens already accounted for
        var reads = 0  // calls of the property found
        handled.insert(candidate.nameToken.textRange.lowerBound)
        // Initializers: `self.name = parameter`, the parameter named nowhere else.
        for declaration in ownDeclarations {
            for initializer in declaration.descendants(.initializerDecl)
            where FileTypes.innermostType(of: initializer) == declaration {
                guard let function = FunctionLikeDecl(initializer), let body = function.body else { continue }
                // Parameters' labels and names are not the property.
                if let signature = function.signature { handled.formUnion(mentionsOf(name, in: signature)) }
                for assignment in body.node.descendants(.sequenceExpr) {
                    guard let sequence = SequenceExpr(assignment), sequence.isAssignment,
                          let target = sequence.assignmentTarget, let access = MemberAccessExpr(target),
                          access.name == name, access.base?.firstToken?.keyword == .self, let nameToken = access.nameToken
                    else { continue }
                    guard let value = sequence.assignedValue, value.kind == .identifierExpr, let parameterName = value.firstToken?.text,
                          let parameter = function.parameters.first(where: { $0.name == parameterName }),
                          let parameterType = parameter.type, isClosureWithoutArguments(parameterType) else {
                        return .failure("an initializer assigns `\(name)` from something other than a closure parameter without arguments")
                    }
                    let uses = mentionsOf(parameterName, in: body.node).filter { $0 != nameToken.textRange.lowerBound }
                    guard uses == [value.trimmedRange.lowerBound] else {
                        return .failure("an initializer uses its parameter `\(parameterName)` otherwise than to store it")
                    }
                    handled.formUnion(uses)
                    handled.insert(nameToken.textRange.lowerBound)
                    edits.append(.insert("()", at: value.trimmedRange.upperBound))
                    // Called in the initializer, no longer stored: `@escaping` is not needed.
                    if parameterType.kind == .attributedType, let inner = parameterType.childNodes.last(where: { $0.kind != .attribute }) {
                        edits.append(Edit(range: parameterType.trimmedRange.lowerBound..<inner.trimmedRange.lowerBound, replacement: []))
                    }
                }
            }
        }
        for index in spellings.positions(of: name) {
            let token = tree.token(at: index)
            guard !handled.contains(token.textRange.lowerBound) else { continue }
            if isArgumentLabel(token) { continue }
            // A parameter or local of the same name, or a reference to one, is not the property.
            if declaresLocal(token) { continue }
            guard let owner = ownDeclarations.first(where: { $0.contains(token.parent) }) else {
                if FileTypes.isOwnMemberOfValueType(token) { continue }
                return .failure("`\(name)` is named outside the view in this file")
            }
            if FileTypes.innermostType(of: token.parent) != owner {
                if FileTypes.isOwnMemberOfValueType(token) { continue }
                return .failure("`\(name)` is named in a type nested in the view")
            }
            var reference = token.parent
            if let parent = reference.parent, parent.kind == .memberAccessExpr, reference.kind == .identifierExpr, parent.firstChildNode != reference {
                reference = parent
            }
            // A parameter or local declared between the use and the type hides the property.
            if reference.kind == .identifierExpr, LocalDeclaration.nearest(name, at: token.parent, below: owner) != nil { continue }
            if reference.kind == .memberAccessExpr {
                guard let access = MemberAccessExpr(reference), access.nameToken?.textRange == token.textRange,
                      access.base?.kind == .identifierExpr, access.base?.firstToken?.keyword == .self else {
                    return .failure("`\(name)` is used as another value's member")
                }
            } else if reference.kind != .identifierExpr {
                return .failure("`\(name)` names something else in the view (a parameter, a label or a declaration)")
            }
            guard let callNode = reference.parent, let call = FunctionCallExpr(callNode), callNode.kind == .functionCallExpr,
                  call.callee == reference, call.arguments.isEmpty, call.trailingClosure == nil,
                  call.additionalTrailingClosures.isEmpty, let list = call.argumentList else {
                return .failure("`\(name)` is used otherwise than called (`\(name)()`), so its closure is needed")
            }
            if isInStaticMember(token.parent, of: owner) { return .failure("a static member names `\(name)`") }
            if let why = conditionalBuild(callNode, named: name, in: owner) {
                return .failure("`\(name)()` is called \(why), and the stored view would be built always, when the container is made")
            }
            edits.append(.delete(list.trimmedRange))
            reads += 1
        }
        return reads == 0 ? .neverRead : .edits(edits)
    }

    /// Where a call of the closure runs only on some evaluations of the member that holds
    /// it, or later: under a condition (`if isShown { content() }`: the caller's closure
    /// may rely on it, as `Text(selection!)` does), in rows, lazily, in a presentation or
    /// in a closure run on an event. Nil when it runs each time the member is evaluated,
    /// directly or in the content of an eager container (`VStack { content() }`).
    private func conditionalBuild(_ call: Node, named name: String, in type: Node) -> String? {
        var current = call.parent
        while let node = current, node != type {
            switch node.kind {
            case .ifExpr where everyBranch(ofIf: node, calls: name), .switchExpr where everyCase(of: node, calls: name):
                // Built whichever branch runs (`if wide { HStack { content() } } else { VStack { content() } }`).
                break
            case .ifExpr, .guardStmt, .switchExpr, .ternaryExpr, .whileStmt, .forStmt, .repeatStmt:
                return "only under a condition or in a loop"
            case .closureExpr:
                guard let closure = ClosureExpr(node), BuilderContext.of(closure).kind == .view,
                      let (_, name, _) = callReceiving(node), let first = name.utf8.first,
                      (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")) || StoredViewBuilder.eagerModifiers.contains(name),
                      !StoredViewBuilder.deferredContainers.contains(name)
                else { return "in a closure that may run later, or not at all" }
            case .sequenceExpr:
                // `a && content()`-like operands are evaluated only sometimes.
                if let sequence = SequenceExpr(node), !sequence.isAssignment,
                   node.descendants(.binaryOperatorExpr).contains(where: { ["&&", "||", "??"].contains($0.text) }) {
                    return "in an operand evaluated only sometimes"
                }
            case .functionDecl, .accessorDecl, .variableDecl, .subscriptDecl, .initializerDecl:
                return nil
            default:
                break
            }
            current = node.parent
        }
        return nil
    }

    /// Whether an `if` has an `else` and each of its branches (`else if` ones included)
    /// names `name`.
    private func everyBranch(ofIf node: Node, calls name: String) -> Bool {
        let branches = node.childNodes.filter { $0.kind == .codeBlock || $0.kind == .ifExpr }
        guard branches.count >= 2 else { return false }
        return branches.allSatisfy { branch in
            branch.kind == .ifExpr ? everyBranch(ofIf: branch, calls: name) : !mentionsOf(name, in: branch).isEmpty
        }
    }

    /// Whether each case of a `switch` (exhaustive, as Swift requires) names `name`.
    private func everyCase(of node: Node, calls name: String) -> Bool {
        let cases = node.descendants(.switchCase).filter { $0.ancestor(.switchExpr) == node }
        return !cases.isEmpty && cases.allSatisfy { !mentionsOf(name, in: $0).isEmpty }
    }

    /// Modifiers that call their content closure while they are applied (it is not
    /// `@escaping`): `.overlay { content() }` builds the content each time, as a view would.
    private static let eagerModifiers: Set<String> = ["overlay", "background", "mask", "safeAreaInset"]

    /// Containers whose content closure is kept and run later: for each row, when shown or
    /// on demand (their closure is `@escaping`). The others (`VStack`, `LazyVStack`, `Menu`,
    /// `Section`) call theirs while they are made.
    private static let deferredContainers: Set<String> = [
        "ForEach", "List", "Table", "OutlineGroup", "DisclosureGroup", "ScrollViewReader", "GeometryReader",
        "TimelineView", "Canvas",
    ]

    /// `name:` labelling an argument or a trailing closure: a label, not a use.
    private func isArgumentLabel(_ token: Token) -> Bool {
        let parent = token.parent
        if parent.kind == .argument { return Argument(parent)?.labelToken?.textRange == token.textRange }
        if parent.kind == .labeledTrailingClosure { return parent.firstToken?.textRange == token.textRange }
        return false
    }

    /// Offsets of the identifier tokens spelling `name` in `node`.
    private func mentionsOf(_ name: String, in node: Node) -> [Int] {
        (node.firstTokenIndex..<node.endTokenIndex).compactMap { index in
            let token = node.tree.token(at: index)
            return token.kind == .identifier && token.text == name ? token.textRange.lowerBound : nil
        }
    }

    private func isInStaticMember(_ node: Node, of type: Node) -> Bool {
        var current: Node? = node
        while let n = current, n != type {
            if let modifiers = FunctionLikeDecl(n)?.modifiers ?? VariableDecl(n)?.modifiers,
               modifiers.has("static") || modifiers.has("class") {
                return true
            }
            current = n.parent
        }
        return false
    }

    // MARK: - Which declaration a name refers to

    /// Whether `token` is the name a parameter or a local declares (`label` of
    /// `init(label: @escaping () -> Label)`, `let label = …`, `if let label`): a
    /// declaration of its own, not a use of the property.
    private func declaresLocal(_ token: Token) -> Bool {
        let parent = token.parent
        switch parent.kind {
        case .parameter, .closureParameter:
            // A parameter's own tokens are its label and name; its type is a child node.
            return true
        case .identifierPattern:
            // A pattern in a member's body; a member-level `let` is another property.
            return parent.ancestor(.codeBlock) != nil || parent.ancestor(.closureExpr) != nil
                || parent.ancestor(.accessorBlock) != nil
        default:
            return false
        }
    }

    /// Why a protocol of the module that the view conforms to (in any file) may require the
    /// closure: the index knows the conformance and that the module declares the protocol.
    private func moduleProtocolReason(_ type: TypeDecl, index: ProjectIndex) -> String? {
        let name = type.name ?? ""
        let conformances = index.conformances[index.qualifiedName(of: name), default: []]
            .union(type.inheritedTypeNames.map { ProjectIndex.stripGenericArguments($0) })
        guard let own = conformances.filter({ !FileTypes.viewProtocols.contains($0) && index.declaredTypes.contains($0) }).sorted().first
        else { return nil }
        return "the view conforms to `\(own)`, declared in the module, which may require the closure"
    }

    /// Why other files of the module may read the closure: one reads `x.name`, or one
    /// names both the view's type and `name` (an extension of it, a caller). The files of
    /// the modules it depends on cannot name the view.
    private func otherFilesReason(_ candidate: ClosureProperty, type: TypeDecl, index: ProjectIndex, context: RuleContext) -> String? {
        let path = context.path
        let dotted = context.inModule(index.mentions["." + candidate.name, default: []]).subtracting([path])
        if let file = dotted.sorted().first {
            return "another file of the module reads a member named `\(candidate.name)` (\(file))"
        }
        let typeName = FileTypes.lastComponent(type.name ?? "")
        let both = context.inModule(index.mentions[typeName, default: []].intersection(index.mentions[candidate.name, default: []]))
            .subtracting([path])
        if let file = both.sorted().first {
            return "another file of the module names both `\(typeName)` and `\(candidate.name)` (\(file))"
        }
        return nil
    }
}
