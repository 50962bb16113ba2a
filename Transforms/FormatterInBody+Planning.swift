// How formatter-in-body turns a construction into a fix: FormatStyle, a static in place,
// a new shared static (reusing one with the same recipe), and the static's name.
import Codemod
import SwiftCST

extension HoistPlanner {
    // MARK: Planning fixes

    mutating func plan(_ construction: Construction, type: TypeDecl) {
        let fileScope = types.isGenericContext(type)
        let scopeKey = fileScope ? -1 : type.node.index
        builtWhen = HoistPlanner.builtWhen(construction.member, in: type, context: context)
        let message = "`\(construction.typeName)` is built \(builtWhen)"
        // A fix that would lose a comment is not offered: the others are reported.
        func keepsComments(_ fix: Fix) -> Bool { CommentKeeping.lossReason(fix, in: tree) == nil }
        func commentReason(_ fix: Fix) -> String { (CommentKeeping.lossReason(fix, in: tree) ?? "") + "; hoist it by hand" }
        // Fix 1 keeps the formatter, and so its strings. Fix 2 (FormatStyle, whose strings
        // differ in a few locales) is suggested where Fix 1 cannot be made.
        let formatStyle = context.deploymentTargets.satisfies(formatStylePlatforms)
            ? formatStyleFix(construction).flatMap { keepsComments($0) ? $0 : nil } : nil
        func report(_ call: Node, _ typeName: String, _ reason: String) {
            guard let formatStyle else { return self.report(call, typeName, reason) }
            findings.append(Finding(range: construction.call.trimmedRange,
                                    message: message + "; use FormatStyle", fix: formatStyle))
        }
        // Where a FormatStyle says it nearly alike, the message names it as the other way
        // when the sentence stays short.
        let alternative = formatStyle?.summary.split(separator: "`").dropFirst().first.map { " or use `\($0)`" } ?? ""
        func advice(_ text: String) -> String { MessageText.fitting(message + text + alternative, message + text) }
        let key = recipeKey(construction)
        switch construction.shape {
        case .property(let declaration, let binding):
            guard let name = binding.name else { return }
            if fileScope {
                return report(construction.call, construction.typeName, "`\(name)` belongs to a generic type, which cannot hold a static stored property; move it to file scope by hand")
            }
            guard let edits = inPlaceEdits(construction, declaration: declaration, binding: binding, name: name) else {
                return report(construction.call, construction.typeName, "the declaration of `\(name)` is laid out in a way the rule does not rewrite; make it static by hand")
            }
            let fix = Fix(edits: edits, safety: .safe, summary: "make `\(name)` static")
            guard keepsComments(fix) else { return report(construction.call, construction.typeName, commentReason(fix)) }
            findings.append(Finding(range: construction.call.trimmedRange,
                                    message: advice("; make `\(name)` a shared static"), fix: fix))
        case .local, .inline:
            // An existing static with the same recipe, or one planned in this run.
            if let existing = existingStatic(matching: key, in: type, fileScope: fileScope) {
                guard let edits = useEdits(construction, reference: fileScope ? existing : "Self." + existing) else {
                    return report(construction.call, construction.typeName, "its lines are laid out in a way the rule cannot move; hoist it by hand")
                }
                let fix = Fix(edits: edits, safety: .safe, summary: "use the shared `\(existing)`")
                guard keepsComments(fix) else { return report(construction.call, construction.typeName, commentReason(fix)) }
                findings.append(Finding(range: construction.call.trimmedRange,
                                        message: advice("; use the shared `\(existing)`"), fix: fix))
                return
            }
            if let planned = plannedRecipes[scopeKey]?[key] {
                // Another finding of this run declares it: this fix declares it too, with the
                // very same edit, which the engine applies once; either fix stands alone.
                guard let edits = useEdits(construction, reference: fileScope ? planned.name : "Self." + planned.name) else {
                    return report(construction.call, construction.typeName, "its lines are laid out in a way the rule cannot move; hoist it by hand")
                }
                let fix = Fix(edits: [planned.insertion] + edits, safety: .safe, summary: "use the shared `\(planned.name)`")
                guard keepsComments(fix) else { return report(construction.call, construction.typeName, commentReason(fix)) }
                findings.append(Finding(range: construction.call.trimmedRange,
                                        message: message + "; use the shared `\(planned.name)`" + alternative, fix: fix))
                return
            }
            let name = uniqueName(descriptiveNames(construction), type: type, fileScope: fileScope, scopeKey: scopeKey,
                                  ownScope: ownScope(construction))
            guard let insertion = insertionEdit(construction, name: name, type: type, fileScope: fileScope),
                  let edits = useEdits(construction, reference: fileScope ? name : "Self." + name) else {
                return report(construction.call, construction.typeName, "its lines are laid out in a way the rule cannot move; hoist it by hand")
            }
            let fix = Fix(edits: [insertion] + edits, safety: .safe, summary: "hoist into `\(name)`")
            guard keepsComments(fix) else { return report(construction.call, construction.typeName, commentReason(fix)) }
            plannedNames[scopeKey, default: []].insert(name)
            plannedRecipes[scopeKey, default: [:]][key] = (name, insertion)
            findings.append(Finding(range: construction.call.trimmedRange,
                                    message: advice("; share one as `\(fileScope ? "" : "static ")\(name)`"), fix: fix))
        }
    }

    /// The text that identifies a recipe: the construction and configuration tokens, with the
    /// local name replaced, comments and spacing ignored.
    func recipeKey(_ construction: Construction) -> String {
        recipeKey(call: construction.call, configuration: construction.configuration, local: construction.localName)
    }

    func recipeKey(call: Node, configuration: [Node], local: String?) -> String {
        ([tokenKey(call)] + configuration.map { tokenKey($0, placeholderFor: local) }).joined(separator: ";")
    }

    /// The name of a static (or file-scope constant) already holding the same recipe.
    func existingStatic(matching key: String, in type: TypeDecl, fileScope: Bool) -> String? {
        let candidates: [Node] = fileScope ? tree.root.childNodes : type.members
        for candidate in candidates {
            guard let variable = VariableDecl(candidate), variable.isLet, fileScope || variable.isStatic,
                  variable.bindings.count == 1, let binding = variable.bindings.first, let name = binding.name,
                  let initializer = binding.initializer else { continue }
            if let call = FunctionCallExpr(initializer), call.callee?.kind == .identifierExpr,
               let calleeName = call.calleeName, expensiveTypes.contains(calleeName) {
                if tokenKey(initializer) == key { return name }
                continue
            }
            if initializer.kind == .functionCallExpr, let closure = initializer.firstChildNode.flatMap(ClosureExpr.init),
               let first = closure.statements.first, let declaration = VariableDecl(first),
               let inner = declaration.bindings.first?.initializer, let recipe = recipeAround(inner) {
                if recipeKey(call: inner, configuration: recipe.configuration, local: recipe.localName) == key { return name }
            }
        }
        return nil
    }

    // MARK: Names

    func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// The first of `candidates` free among the type's members (nested types and those of its
    /// extensions in the file), the names planned in this run, and for file scope every
    /// identifier of the file; and not one another file of the module may declare there.
    /// Numbered (`base2`) only when every name that says what the object is was taken.
    func uniqueName(_ candidates: [String], type: TypeDecl, fileScope: Bool, scopeKey: Int, ownScope: Node?) -> String {
        let base = candidates.first ?? "formatter"
        var taken = plannedNames[scopeKey] ?? []
        if fileScope {
            taken.formUnion(Names.identifiers(in: tree.root))
            // The local being hoisted does not block its own name.
            if let declaration = ownScope, let scope = declaration.parent, let own = VariableDecl(declaration)?.bindings.first?.name,
               candidates.contains(own), Names.occurrences(of: own, in: tree.root) == Names.occurrences(of: own, in: scope) {
                taken.remove(own)
            }
        } else {
            taken.formUnion(types.memberNames(of: type))
        }
        return Names.fresh(candidates, fallback: base) { taken.contains($0) || mayBeDeclaredElsewhere($0, type: type, fileScope: fileScope) }
    }

    /// Whether another file of the module may declare `name` where the new one would clash:
    /// at file scope, any file naming it (a global of the module is an invalid redeclaration);
    /// in a type, a file naming both the type and `name` (an extension declaring it).
    func mayBeDeclaredElsewhere(_ name: String, type: TypeDecl, fileScope: Bool) -> Bool {
        let mentions = context.index.mentions
        let files = mentions[name, default: []].subtracting([context.path])
        if fileScope { return !files.isEmpty }
        guard let typeName = type.name.map(FileTypes.lastComponent) else { return !files.isEmpty }
        return !files.intersection(mentions[typeName, default: []]).isEmpty
    }

    /// The declaration of a local recipe, whose name vanishes with it.
    func ownScope(_ construction: Construction) -> Node? {
        guard case .local(let declaration) = construction.shape else { return nil }
        return declaration
    }
}
