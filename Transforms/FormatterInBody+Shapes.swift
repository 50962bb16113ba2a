// How formatter-in-body reads the shape of a construction: inline, a local recipe, or a
// property turned static in place; and the checks on the uses of a property.
import Codemod
import SwiftCST

extension HoistPlanner {
    // MARK: Shapes

    /// Finds the shape of the construction; reports and returns nil when it cannot be fixed.
    mutating func classify(call: FunctionCallExpr, typeName: String, member: Node, type: TypeDecl) -> Construction? {
        let node = call.node
        guard let parent = node.parent else { return nil }
        // `T().method(…)` or `T().property`.
        if parent.kind == .memberAccessExpr, parent.firstChildNode == node, let access = MemberAccessExpr(parent) {
            if let name = access.name, isMutatingUse(access) {
                report(node, typeName, "it is changed right away by `.\(name)`; hoist it by hand")
                return nil
            }
            return Construction(shape: .inline, call: node, typeName: typeName, member: member)
        }
        // `formatter: T()`.
        if parent.kind == .argument, let argument = Argument(parent) {
            if argument.label == "formatter" { return Construction(shape: .inline, call: node, typeName: typeName, member: member) }
            report(node, typeName, "it is passed to \(calleeDescription(of: parent)), which may keep or change it; hoist it by hand")
            return nil
        }
        // `let f = T()` as the first statement of a recipe: a `{ … }()` initializer or a getter.
        if let recipe = recipeAround(node) {
            if let closureCall = recipe.closureCall {
                if let clause = closureCall.parent, clause.kind == .initializerClause,
                   let binding = clause.parent.flatMap(PatternBinding.init),
                   let declaration = binding.node.parent, let variable = VariableDecl(declaration) {
                    return bindingShape(call: call, typeName: typeName, variable: variable, binding: binding, recipe: recipe, member: member, type: type)
                }
                report(node, typeName, "the object it builds is passed on; hoist it by hand")
                return nil
            }
            if let binding = recipe.getterOf, let variable = binding.node.parent.flatMap(VariableDecl.init) {
                return propertyShape(call: call, typeName: typeName, variable: variable, binding: binding, recipe: recipe, member: member)
            }
        }
        // `let x = T()` .
        if parent.kind == .initializerClause, let binding = parent.parent.flatMap(PatternBinding.init),
           let declaration = binding.node.parent, let variable = VariableDecl(declaration) {
            return bindingShape(call: call, typeName: typeName, variable: variable, binding: binding, recipe: nil, member: member, type: type)
        }
        // `var f: T { T() }` / `{ return T() }`.
        if let getter = singleExpressionGetter(node), let variable = getter.node.parent.flatMap(VariableDecl.init) {
            return propertyShape(call: call, typeName: typeName, variable: variable, binding: getter, recipe: nil, member: member)
        }
        if let assigned = initAssignmentShape(call: call, typeName: typeName, member: member, type: type) {
            return assigned
        }
        if parent.kind == .returnStmt || isImplicitReturn(node) {
            report(node, typeName, "the new object is returned to the caller, which may keep or change it; hoist it by hand")
            return nil
        }
        report(node, typeName, "the object escapes where the rule cannot follow it; hoist it by hand")
        return nil
    }

    /// `formatter = T()` (or `self.formatter = T()`) as a statement of the view's only
    /// initializer, storing into a private `let formatter: T` declared without a value.
    /// Nil when the construction is not such an assignment; otherwise the construction, or
    /// `.some(nil)` after a report when the rule cannot make it static.
    mutating func initAssignmentShape(call: FunctionCallExpr, typeName: String, member: Node,
                                      type: TypeDecl) -> Construction?? {
        let node = call.node
        guard member.kind == .initializerDecl, let statement = node.parent, statement.kind == .sequenceExpr,
              let sequence = SequenceExpr(statement), sequence.isAssignment, sequence.assignedValue == node,
              let target = sequence.assignmentTarget, let block = statement.parent, block.kind == .codeBlock,
              block.parent == member else { return nil }
        let name: String
        if target.kind == .identifierExpr, target.firstToken?.kind == .identifier, target.endTokenIndex == target.firstTokenIndex + 1 {
            name = target.text
        } else if let access = MemberAccessExpr(target), access.base?.textEquals("self") == true, let member = access.name {
            name = member
        } else {
            return nil
        }
        func withheld(_ reason: String) -> Construction?? {
            report(node, typeName, reason)
            return .some(nil)
        }
        let declarations = type.members.compactMap(VariableDecl.init).filter { $0.bindings.contains { $0.name == name } }
        guard declarations.count == 1, let variable = declarations.first, variable.bindings.count == 1,
              let binding = variable.bindings.first, binding.initializer == nil, binding.accessorBlock == nil,
              let declaredType = binding.type, TypeResolver.typeText(of: declaredType) == typeName, !variable.isStatic,
              variable.node.children(.attribute).isEmpty else {
            return withheld("it is stored in `\(name)`, which is not a `let \(name): \(typeName)` of this declaration; hoist it by hand")
        }
        guard variable.isLet else {
            return withheld("`\(name)` is a `var`: the parent may replace it or the view change it; make it a `private let` first")
        }
        guard isFilePrivate(variable.modifiers) else {
            return withheld("`\(name)` is visible outside this file, where code may read it per instance; make it `private` and run again")
        }
        let initializers = types.bySimpleName[FileTypes.lastComponent(type.name ?? ""), default: []]
            .flatMap(\.members).filter { $0.kind == .initializerDecl }
        guard initializers.count == 1 else {
            return withheld("`\(name)` is set by one of several initializers; make it static by hand")
        }
        let statements = block.childNodes
        guard let index = statements.firstIndex(of: statement) else { return nil }
        var configuration: [Node] = []
        for next in statements[(index + 1)...] {
            guard isConfiguration(next, of: name) else { break }
            configuration.append(next)
        }
        var construction = Construction(shape: .property(declaration: variable.node, binding: binding), call: node,
                                        typeName: typeName, localName: name, member: member)
        construction.configuration = configuration
        construction.initAssignment = statement
        guard checkPropertyUses(name: name, construction: construction, type: type) else { return .some(nil) }
        return .some(construction)
    }

    /// `{ let f = T(); configuration; return f }` around `call`, as an immediately called
    /// closure or a computed property's getter.
    struct Recipe {
        var declaration: VariableDecl
        var localName: String
        var configuration: [Node]
        var closureCall: Node?
        var getterOf: PatternBinding?
    }

    func recipeAround(_ call: Node) -> Recipe? {
        guard let clause = call.parent, clause.kind == .initializerClause,
              let binding = clause.parent.flatMap(PatternBinding.init), let name = binding.name,
              let variable = binding.node.parent.flatMap(VariableDecl.init), variable.bindings.count == 1,
              let container = variable.node.parent else { return nil }
        let statements = container.childNodes.filter { $0.kind != .closureSignature }
        guard statements.first == variable.node, statements.count >= 2, let last = statements.last,
              last.kind == .returnStmt, last.childNodes.count == 1, last.childNodes[0].kind == .identifierExpr,
              last.childNodes[0].text == name else { return nil }
        let middle = Array(statements.dropFirst().dropLast())
        guard middle.allSatisfy({ isConfiguration($0, of: name) }) else { return nil }
        var recipe = Recipe(declaration: variable, localName: name, configuration: middle)
        if container.kind == .closureExpr, let closure = ClosureExpr(container), closure.signature == nil,
           let invoke = container.parent, invoke.kind == .functionCallExpr, invoke.firstChildNode == container,
           FunctionCallExpr(invoke)?.arguments.isEmpty == true {
            recipe.closureCall = invoke
            return recipe
        }
        if container.kind == .accessorBlock, container.children(.accessorDecl).isEmpty,
           let binding = container.parent.flatMap(PatternBinding.init) {
            recipe.getterOf = binding
            return recipe
        }
        return nil
    }

    /// The binding whose getter is just `T()` or `return T()`.
    func singleExpressionGetter(_ call: Node) -> PatternBinding? {
        var statement = call
        if let parent = call.parent, parent.kind == .returnStmt { statement = parent }
        guard let block = statement.parent, block.kind == .accessorBlock, block.children(.accessorDecl).isEmpty,
              block.childNodes.count == 1 else { return nil }
        return block.parent.flatMap(PatternBinding.init)
    }

    mutating func bindingShape(call: FunctionCallExpr, typeName: String, variable: VariableDecl, binding: PatternBinding,
                               recipe: Recipe?, member: Node, type: TypeDecl) -> Construction? {
        let node = call.node
        guard let name = binding.name, variable.bindings.count == 1 else {
            report(node, typeName, "it is bound in a declaration the rule does not rewrite; hoist it by hand")
            return nil
        }
        if variable.node == member {
            // A stored property of the view.
            guard variable.isLet else {
                report(node, typeName, "`\(name)` is a `var`: the parent may replace it or the view change it; make it a `private let` first")
                return nil
            }
            guard isFilePrivate(variable.modifiers) else {
                report(node, typeName, "`\(name)` is visible outside this file, where code may read it per instance or change it; make it `private` and run again")
                return nil
            }
            var construction = Construction(shape: .property(declaration: variable.node, binding: binding), call: node,
                                            typeName: typeName, localName: recipe?.localName, member: member)
            construction.configuration = recipe?.configuration ?? []
            guard checkPropertyUses(name: name, construction: construction, type: type) else { return nil }
            return construction
        }
        // A local in a body.
        guard let container = variable.node.parent,
              [.codeBlock, .closureExpr, .accessorBlock].contains(container.kind),
              variable.node.children(.attribute).isEmpty, variable.node.children(.modifier).isEmpty else {
            report(node, typeName, "it is declared where the rule cannot move it; hoist it by hand")
            return nil
        }
        let statements = container.childNodes.filter { $0.kind != .closureSignature }
        guard let index = statements.firstIndex(of: variable.node) else { return nil }
        var configuration: [Node] = []
        var rest = Array(statements[(index + 1)...])
        while let next = rest.first, isConfiguration(next, of: name) {
            configuration.append(next)
            rest.removeFirst()
        }
        if recipe != nil && !configuration.isEmpty {
            report(node, typeName, "`\(name)` is configured both inside and after its initializer; hoist it by hand")
            return nil
        }
        var construction = Construction(shape: .local(declaration: variable.node), call: node, typeName: typeName,
                                        localName: recipe?.localName ?? name, member: member)
        construction.configuration = recipe?.configuration ?? configuration
        if let reason = useProblem(of: name, in: rest) {
            report(node, typeName, reason)
            return nil
        }
        return construction
    }

    mutating func propertyShape(call: FunctionCallExpr, typeName: String, variable: VariableDecl, binding: PatternBinding,
                                recipe: Recipe?, member: Node) -> Construction? {
        let node = call.node
        guard variable.node == member, let name = binding.name, variable.bindings.count == 1,
              let type = FileTypes.innermostType(of: member).flatMap(TypeDecl.init) else {
            report(node, typeName, "it is built in a getter the rule does not rewrite; hoist it by hand")
            return nil
        }
        guard isFilePrivate(variable.modifiers) else {
            report(node, typeName, "`\(name)` returns a new object on every read and is visible outside this file, where callers may change it; make it `private` and run again")
            return nil
        }
        guard binding.type != nil else { return nil }
        var construction = Construction(shape: .property(declaration: variable.node, binding: binding), call: node,
                                        typeName: typeName, localName: recipe?.localName, member: member)
        construction.configuration = recipe?.configuration ?? []
        guard checkPropertyUses(name: name, construction: construction, type: type) else { return nil }
        return construction
    }

    func isFilePrivate(_ modifiers: DeclModifiers) -> Bool {
        modifiers.has("private") || modifiers.has("fileprivate")
    }

    /// Checks every use of a property about to become static: within the file, each must read
    /// it, and no local may shadow its name.
    mutating func checkPropertyUses(name: String, construction: Construction, type: TypeDecl) -> Bool {
        let node = construction.call
        for use in propertyReferences(name, construction: construction) {
            if let reason = useProblem(ofReference: use, name: name) {
                report(node, construction.typeName, reason)
                return false
            }
            if Isolation.isNonisolated(use, within: tree.root) {
                report(node, construction.typeName, "`\(name)` is read from nonisolated code, which cannot read a MainActor-isolated static; move it by hand")
                return false
            }
        }
        if case .property(let declaration, _) = construction.shape,
           let named = nameTokenReferences(name, in: tree.root).first(where: { !declaration.contains($0) }) {
            let place = named.kind == .keyPathExpr ? "a key path" : "a closure's capture list"
            report(node, construction.typeName, "`\(name)` is named in \(place), which would still name the instance property; hoist it by hand")
            return false
        }
        if case .property(let declaration, _) = construction.shape,
           Names.binders(of: name, in: [tree.root]).contains(where: { !declaration.contains($0) }) {
            report(node, construction.typeName, "another declaration in this file is also named `\(name)`; rename one and run again")
            return false
        }
        return true
    }

    /// `name` and `self.name` in the file, outside the property's own declaration (and
    /// outside the assignment and configuration in `init` that leave with the fix).
    func propertyReferences(_ name: String, construction: Construction) -> [Node] {
        guard case .property(let declaration, _) = construction.shape else { return [] }
        let leaving = (construction.initAssignment.map { [$0] } ?? []) + (construction.initAssignment == nil ? [] : construction.configuration)
        return memberReferences(name, in: tree.root, outside: declaration).filter { use in !leaving.contains { $0.contains(use) } }
    }
}
