// The SwiftUI views of a file: which type declarations and extensions are a View (or a
// ViewModifier), directly, through another declaration of the file, or through the index.
import Codemod
import SwiftCST

/// A struct, class or extension that is a SwiftUI `View` or `ViewModifier`, with the
/// members rules read: `body`, stored and computed properties, helpers and initializers.
struct ViewType {
    let declaration: TypeDecl
    var node: Node { declaration.node }
    var name: String { declaration.name ?? "" }
    /// Listed once: the properties, helpers, initializers and `body` are each found in it,
    /// by several rules, and each listing walked the members again.
    let members: [Node]

    init(declaration: TypeDecl) {
        self.declaration = declaration
        members = declaration.members
    }

    /// `var body` (a View) or `func body(content:)` (a ViewModifier).
    var body: Node? {
        members.first { member in
            if let variable = VariableDecl(member) { return variable.bindings.contains { $0.nameToken?.textIs("body") == true } }
            return FunctionLikeDecl(member)?.name == "body" && member.kind == .functionDecl
        }
    }

    /// Instance properties without accessors: what a parent passes in, and wrapper storage.
    var storedProperties: [VariableDecl] {
        members.compactMap(VariableDecl.init).filter { !$0.isStatic && $0.bindings.allSatisfy { !$0.isComputed } }
    }

    /// Instance properties with a getter, `body` included.
    var computedProperties: [VariableDecl] {
        members.compactMap(VariableDecl.init).filter { !$0.isStatic && $0.bindings.contains { $0.isComputed } }
    }

    /// Instance methods (`body(content:)` of a modifier included).
    var helpers: [FunctionLikeDecl] {
        members.filter { $0.kind == .functionDecl }.compactMap(FunctionLikeDecl.init)
            .filter { !$0.modifiers.has("static") && !$0.modifiers.has("class") }
    }

    var initializers: [FunctionLikeDecl] {
        members.filter { $0.kind == .initializerDecl }.compactMap(FunctionLikeDecl.init)
    }

    /// The instance member named `name` (property or method), if the declaration holds one.
    func member(named name: String) -> Node? {
        members.first { member in
            if let variable = VariableDecl(member), !variable.isStatic { return variable.bindings.contains { $0.name == name } }
            return member.kind == .functionDecl && FunctionLikeDecl(member)?.name == name
        }
    }
}

/// Every type declaration and extension of one file, and which of them are views.
struct FileTypes {
    static let viewProtocols: Set<String> = ["View", "ViewModifier", "SwiftUI.View", "SwiftUI.ViewModifier"]

    /// Declarations and extensions in source order.
    let all: [TypeDecl]
    /// The same, by the last component of their name (`Outer.Row` under `Row`).
    let bySimpleName: [String: [TypeDecl]]
    /// Names (as written, and their last component) the file declares or extends as a View.
    let viewNames: Set<String>
    /// Names of the types declared (not extended) in the file → whether generic.
    let declared: [String: Bool]
    let index: ProjectIndex

    /// What the file declares, read from the tree alone (shared through `TreeMemo`).
    private let declarations: Declarations
    /// The round's memo, where `views` is kept for each index the rules ask with.
    private let memo: TreeMemo?

    init(_ tree: SyntaxTree, index: ProjectIndex) {
        self.init(Declarations(tree), index: index, memo: nil)
    }

    private init(_ declarations: Declarations, index: ProjectIndex, memo: TreeMemo?) {
        self.declarations = declarations
        self.index = index
        self.memo = memo
        all = declarations.all
        viewNames = declarations.viewNames
        declared = declarations.declared
        bySimpleName = declarations.bySimpleName
    }

    /// The file's types with `index`: what does not depend on the index is read once per
    /// tree and shared by every rule of the round, and so are the views each index gives.
    static func of(_ tree: SyntaxTree, index: ProjectIndex, memo: TreeMemo) -> FileTypes {
        FileTypes(memo.value(DeclarationsKey(), in: tree) { Declarations(tree) }, index: index, memo: memo)
    }

    /// `views` with one index; the key holds the index, so that its identity is not reused
    /// while the memo keeps the answer.
    private struct ViewsKey: TreeMemoKey {
        typealias Value = [ViewType]
        let index: ProjectIndex
        static func == (a: ViewsKey, b: ViewsKey) -> Bool { a.index.identity == b.index.identity }
        func hash(into hasher: inout Hasher) { hasher.combine(index.identity) }
    }

    private struct DeclarationsKey: TreeMemoKey {
        typealias Value = Declarations
    }

    /// The type declarations of a tree and the names they declare, extend and make views.
    private struct Declarations {
        let tree: SyntaxTree
        let all: [TypeDecl]
        let bySimpleName: [String: [TypeDecl]]
        let viewNames: Set<String>
        let declared: [String: Bool]
        /// Node index → whether the declaration names View or ViewModifier among its inherited types.
        let inheritsView: [Int: Bool]
        /// Node index → `isView` as the tree alone decides it, or nil with the names to
        /// look up in the index: the part of the answer every rule of a round shares.
        let viewByTree: [Int: (isView: Bool?, names: [String])]

        init(_ tree: SyntaxTree) {
            self.tree = tree
            all = tree.root.descendants(SyntaxKind.typeDeclarations).compactMap(TypeDecl.init)
            var views = Set<String>(), declared: [String: Bool] = [:], byName: [String: [TypeDecl]] = [:]
            var inheritsView: [Int: Bool] = [:]
            // Sized once when several types would make them grow a step at a time (for one
            // or two, reserving costs more than growing).
            if all.count > 2 {
                declared.reserveCapacity(all.count)
                byName.reserveCapacity(all.count)
                inheritsView.reserveCapacity(all.count)
            }
            for type in all {
                let inherits = type.inheritedTypeNames.contains(where: FileTypes.viewProtocols.contains)
                inheritsView[type.node.index] = inherits
                guard let name = type.name else { continue }
                if !type.isExtension { declared[name] = type.isGeneric }
                byName[FileTypes.lastComponent(name), default: []].append(type)
                if inherits {
                    views.insert(name)
                    views.insert(FileTypes.lastComponent(name))
                }
            }
            viewNames = views
            self.declared = declared
            bySimpleName = byName
            self.inheritsView = inheritsView
            var viewByTree: [Int: (isView: Bool?, names: [String])] = [:]
            if all.count > 2 { viewByTree.reserveCapacity(all.count) }
            for type in all {
                viewByTree[type.node.index] = FileTypes.viewByTree(type, inherits: inheritsView[type.node.index] ?? false,
                                                                   viewNames: views)
            }
            self.viewByTree = viewByTree
        }
    }

    static func lastComponent(_ name: String) -> String { ProjectIndex.lastComponent(name) }

    /// The views of the file: declarations and extensions of View and ViewModifier types.
    var views: [ViewType] {
        // Asked by most rules of a round: worked out once per index (every type of a long
        // file is asked of the index each time).
        guard let memo else { return all.filter { isView($0) }.map(ViewType.init) }
        return memo.value(ViewsKey(index: index), in: declarations.tree) { all.filter { isView($0) }.map(ViewType.init) }
    }

    /// Whether `type` is a View or ViewModifier, or an extension of one (not of `View`
    /// itself): by its own conformances, another declaration of the file, or the index.
    func isView(_ type: TypeDecl) -> Bool {
        let known = type.node.tree === declarations.tree ? declarations.viewByTree[type.node.index] : nil
        let (verdict, names) = known ?? FileTypes.viewByTree(
            type, inherits: type.inheritedTypeNames.contains(where: FileTypes.viewProtocols.contains), viewNames: viewNames)
        if let verdict { return verdict }
        for key in names {
            if let conformances = index.conformances[key], !conformances.isDisjoint(with: FileTypes.viewProtocols) { return true }
        }
        return false
    }

    /// `isView(type)` as far as the file decides it (`inherits`: whether it names View or
    /// ViewModifier among its inherited types); nil, with the names to ask the index
    /// about, when only the index can tell.
    private static func viewByTree(_ type: TypeDecl, inherits: Bool, viewNames: Set<String>) -> (isView: Bool?, names: [String]) {
        guard type.node.kind != .protocolDecl, let name = type.name else { return (false, []) }
        if type.isExtension && (name == "View" || name == "SwiftUI.View" || name == "ViewModifier") { return (false, []) }
        if inherits { return (true, []) }
        let simpleName = FileTypes.lastComponent(name)
        if viewNames.contains(name) || viewNames.contains(simpleName) { return (true, []) }
        return (nil, [name, simpleName])
    }

    /// Whether `type` cannot hold static stored properties: generic types, types nested in
    /// them, and extensions of types this file does not show to be non-generic.
    func isGenericContext(_ type: TypeDecl) -> Bool {
        if type.isGeneric { return true }
        var node = type.node.parent
        while let current = node {
            if let outer = TypeDecl(current), isGenericContext(outer) { return true }
            node = current.parent
        }
        if type.isExtension {
            guard let name = type.name else { return true }
            if let generic = declared[FileTypes.lastComponent(name)] { return generic }
            // Declared in another file of the module: the index says whether it is generic.
            let key = ProjectIndex.stripGenericArguments(ProjectIndex.normalizedTypeText(name))
            guard index.declaredTypes.contains(key) else { return true }
            var prefix = ""
            for component in key.split(separator: ".") {
                prefix += (prefix.isEmpty ? "" : ".") + component
                if index.genericTypes.contains(prefix) { return true }
            }
            return false
        }
        return false
    }

    /// Every member name of the type across its declaration and the extensions in this file.
    func memberNames(of type: TypeDecl) -> Set<String> {
        var names = Set<String>()
        guard let typeName = type.name.map(FileTypes.lastComponent) else { return names }
        for other in bySimpleName[typeName] ?? [] {
            for member in other.members {
                if let variable = VariableDecl(member) {
                    for binding in variable.bindings {
                        if let name = binding.name { names.insert(name) }
                        binding.pattern?.descendants(.identifierPattern).forEach { names.insert($0.text) }
                    }
                } else if let function = FunctionLikeDecl(member), let name = function.name {
                    names.insert(name)
                } else if let nested = TypeDecl(member), let name = nested.name {
                    names.insert(name)
                } else if let cases = EnumCaseDecl(member) {
                    names.formUnion(cases.elementNames)
                } else if let alias = TypealiasDecl(member), let name = alias.name {
                    names.insert(name)
                }
            }
        }
        return names
    }

    /// Whether `token`, a mention of a name, stands in a struct or enum of the file (other
    /// than `excluded`) that declares a member of that name, written `name` or `self.name`:
    /// that type's own member (or a local), which no subclass or protocol ties to another's.
    static func isOwnMemberOfValueType(_ token: Token, besides excluded: Node? = nil) -> Bool {
        guard let typeNode = innermostType(of: token.parent), typeNode.kind == .structDecl || typeNode.kind == .enumDecl,
              typeNode != excluded, let type = TypeDecl(typeNode),
              type.members.contains(where: { candidate in
                  VariableDecl(candidate)?.bindings.contains { $0.name == token.text } == true
                      || (candidate.kind == .functionDecl && FunctionLikeDecl(candidate)?.name == token.text)
              }) else { return false }
        let parent = token.parent
        if parent.kind == .memberAccessExpr, let access = MemberAccessExpr(parent), access.nameToken?.textRange == token.textRange {
            return access.base?.firstToken?.keyword == .self && access.base?.kind == .identifierExpr
        }
        if let access = parent.parent, access.kind == .memberAccessExpr, access.firstChildNode != parent { return false }
        return true
    }

    /// The nearest type declaration or extension around `node`.
    static func innermostType(of node: Node) -> Node? {
        var current = node.parent
        while let n = current {
            if TypeDecl(n) != nil { return n }
            current = n.parent
        }
        return nil
    }
}

extension RuleContext {
    /// `FileTypes(tree, index: index)`, with what the tree alone decides (its declarations,
    /// the names it makes views) read once per round and shared by every rule.
    func fileTypes(_ tree: SyntaxTree, index: ProjectIndex) -> FileTypes {
        FileTypes.of(tree, index: index, memo: memo)
    }
}
