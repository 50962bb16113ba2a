// Rule `observable`: the byte edits of one class's migration and of each of its uses.
import Codemod
import SwiftCST

extension ObservableMigration {
    /// `@Observable` before the class, `ObservableObject` out of its inheritance clause,
    /// `@Published` off its properties, `@ObservationIgnored` on its other stored `var`s.
    static func classEdits(_ type: TypeDecl, layout: SourceLayout) -> [Edit] {
        let tree = type.node.tree
        var edits: [Edit] = []
        // After the attributes (`@MainActor`), before the modifiers and `class`.
        let start = type.attributes.last.map { $0.node.endTokenIndex } ?? type.node.firstTokenIndex
        edits.append(.insert("@Observable ", at: tree.token(at: start).textRange.lowerBound))
        if let clause = type.inheritanceClause, let removal = conformanceRemoval(in: clause) { edits.append(removal) }
        for member in type.members where member.kind == .variableDecl {
            guard let variable = VariableDecl(member), !variable.isStatic else { continue }
            let published = variable.modifiers.attributes.filter { $0.name == "Published" || $0.name == "Combine.Published" }
            if !published.isEmpty {
                for attribute in published { edits.append(attributeRemoval(attribute, layout: layout)) }
            } else if !variable.isLet, variable.bindings.contains(where: ObservationScan.isStored),
                      !variable.modifiers.attributes.contains(where: { $0.name == "ObservationIgnored" }),
                      let first = member.firstToken {
                edits.append(.insert("@ObservationIgnored ", at: first.textRange.lowerBound))
            }
        }
        return edits
    }

    /// Deletes `ObservableObject` with its colon or comma.
    private static func conformanceRemoval(in clause: Node) -> Edit? {
        let entries = clause.childNodes
        guard let position = entries.firstIndex(where: { $0.textEquals("ObservableObject") || $0.textEquals("Combine.ObservableObject") })
        else { return nil }
        let entry = entries[position]
        if entries.count == 1 {
            // `class M: ObservableObject {` → `class M {`: from the end of the name.
            guard let colon = clause.firstToken, clause.firstTokenIndex > 0 else { return nil }
            let before = clause.tree.token(at: colon.index - 1)
            return .delete(before.textRange.upperBound..<entry.trimmedRange.upperBound)
        }
        if position == 0 { return .delete(entry.trimmedRange.lowerBound..<entries[1].trimmedRange.lowerBound) }
        return .delete(entries[position - 1].trimmedRange.upperBound..<entry.trimmedRange.upperBound)
    }

    /// Deletes an attribute with the white space after it (its line break too, when it
    /// stands on a line of its own, so the declaration takes its place).
    static func attributeRemoval(_ attribute: Attribute, layout: SourceLayout) -> Edit {
        let tree = attribute.node.tree
        let range = attribute.trimmedRange
        let next = tree.token(at: attribute.node.endTokenIndex)
        let gap = range.upperBound..<next.textRange.lowerBound
        if tree.bytes[gap].allSatisfy({ $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }) {
            return .delete(range.lowerBound..<gap.upperBound)
        }
        var end = range.upperBound
        while end < tree.bytes.count, tree.bytes[end] == 32 || tree.bytes[end] == 9 { end += 1 }
        return .delete(range.lowerBound..<end)
    }

    /// The edits of one property that holds a migrating class.
    static func useEdits(_ use: ObservationScan.Use, layout: SourceLayout) -> [Edit] {
        let tree = use.attribute.node.tree
        // The wrapper's own name: the last name token of the attribute (`SwiftUI.StateObject`).
        var nameToken = tree.token(at: use.attribute.node.firstTokenIndex + 1)
        var position = nameToken.index
        while position + 2 < use.attribute.node.endTokenIndex, tree.tokens[position + 1].kind == .period {
            position += 2
            nameToken = tree.token(at: position)
        }
        switch use.wrapper {
        case .stateObject:
            return [Edit(range: nameToken.textRange, replacement: "State")]
                + use.stateObjectAssignments.map { Edit(range: $0.textRange, replacement: "State") }
        case .observedObject:
            if use.takesBindings { return [Edit(range: nameToken.textRange, replacement: "Bindable")] }
            return [attributeRemoval(use.attribute, layout: layout)]
        case .environmentObject:
            let typeText = use.declaration.bindings.first?.type?.text ?? use.typeName ?? ""
            return [Edit(range: nameToken.textRange, replacement: "Environment(\(typeText).self)")]
        }
    }

    /// `@Bindable var m = m` lines as the first lines of `body`.
    static func bodyInsertion(_ lines: [String], into body: PatternBinding, layout: SourceLayout) -> Edit? {
        guard let first = body.getterStatements?.first, let token = first.firstToken else { return nil }
        let start = token.textRange.lowerBound
        if layout.isFirstOnLine(start) {
            // Above the comment lines the first statement owns.
            let owned = layout.statementStart(first)
            let indentation = layout.indentation(ofLineAt: start)
            let text = lines.map { indentation + $0 + layout.lineEnding }.joined()
            return .insert(text, at: layout.lineStart(owned))
        }
        return .insert(lines.map { $0 + "; " }.joined(), at: start)
    }

    /// Whether the file imports SwiftUI or Observation (which brings `@Observable`).
    static func importsObservation(_ tree: SyntaxTree) -> Bool {
        for declaration in tree.root.childNodes where declaration.kind == .importDecl {
            let words = declaration.ownTokens.map(\.text) + declaration.childNodes.map(\.text)
            if words.contains(where: { $0 == "SwiftUI" || $0 == "Observation" || $0.hasSuffix(" SwiftUI") || $0.hasSuffix(" Observation") }) {
                return true
            }
        }
        return false
    }

    /// `import Observation` after the file's last import (or before its first declaration).
    static func importEdit(_ tree: SyntaxTree, layout: SourceLayout) -> Edit? {
        let line = "import Observation" + layout.lineEnding
        if let last = tree.root.childNodes.last(where: { $0.kind == .importDecl }) {
            let end = last.trimmedRange.upperBound
            return .insert(line, at: layout.afterLineBreak(layout.lineEnd(end)))
        }
        guard let first = tree.root.childNodes.first?.firstToken else { return nil }
        return .insert(line + layout.lineEnding, at: first.textRange.lowerBound)
    }
}
