// SwiftParser's side of the differential check: the same `T`/`S`/`N` lines that
// `OracleFormat.render` prints for a bodywork tree, computed from swift-syntax's tree.
import SwiftDiagnostics
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

enum SwiftParserDigest {
    /// The digest of one file, or a `# skipped:` line when SwiftParser itself reports errors
    /// (then there is no reference to compare against).
    static func render(_ bytes: [UInt8]) -> String {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let errors = ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }
        if tree.hasError || !errors.isEmpty {
            return "# skipped: SwiftParser reports \(max(errors.count, 1)) error(s)\n"
        }
        let visitor = DigestVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        visitor.entries.sort { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end > b.end }
            return a.label < b.label
        }
        var out = ""
        for entry in visitor.entries { out += "\(entry.label) \(entry.start) \(entry.end)\n" }
        return out
    }
}

/// Collects digest entries in one walk. Tokens inside a string or regex literal are left
/// out: the two parsers split literals differently, so only whole literals are compared.
///
/// Version tuples are the other place where SwiftParser's tokens are not the lexer's: the
/// compiler's lexer reads `17.0` in `#available(iOS 17.0.1, *)` as one float literal and
/// SwiftParser re-splits it into `17`, `.`, `0`. The digest keeps the lexer's view (the one
/// bodywork's lexer has): the major number and the first component make one token.
private final class DigestVisitor: SyntaxAnyVisitor {
    struct Entry {
        var label: String
        var start: Int
        var end: Int
    }

    var entries: [Entry] = []
    private var literalDepth = 0
    /// Start offsets of version-tuple tokens already covered by a merged entry.
    private var mergedTokenStarts: Set<Int> = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        if let token = node.as(TokenSyntax.self) {
            // A `#!` line is a token for SwiftParser and trivia for bodywork, like a comment.
            if case .shebang = token.tokenKind { return .visitChildren }
            if token.presence == .present && token.tokenKind != .endOfFile && literalDepth == 0
                && !mergedTokenStarts.contains(start) {
                entries.append(Entry(label: "T", start: start, end: end))
            }
            return .visitChildren
        }
        if let version = node.as(VersionTupleSyntax.self), let first = version.components.first,
           version.major.endPositionBeforeTrailingTrivia == first.period.positionAfterSkippingLeadingTrivia,
           first.period.endPositionBeforeTrailingTrivia == first.number.positionAfterSkippingLeadingTrivia {
            let merged = [version.major, first.period, first.number]
            for token in merged { mergedTokenStarts.insert(token.positionAfterSkippingLeadingTrivia.utf8Offset) }
            entries.append(Entry(label: "T", start: start, end: first.number.endPositionBeforeTrailingTrivia.utf8Offset))
        }
        switch node.kind {
        case .stringLiteralExpr, .simpleStringLiteralExpr, .regexLiteralExpr:
            if literalDepth == 0 { entries.append(Entry(label: "S", start: start, end: end)) }
            literalDepth += 1
        default:
            // An attribute's name is a type for SwiftParser, tokens of the attribute for bodywork.
            if let category = Self.category(node.kind), start < end,
               category != "typeref" || !Self.isInAttributeName(node) {
                entries.append(Entry(label: "N " + category, start: start, end: end))
            }
            if let role = Self.role(node), start < end {
                entries.append(Entry(label: "N " + role, start: start, end: end))
            }
        }
        return .visitChildren
    }

    override func visitAnyPost(_ node: Syntax) {
        switch node.kind {
        case .stringLiteralExpr, .simpleStringLiteralExpr, .regexLiteralExpr: literalDepth -= 1
        default: break
        }
    }

    /// Mirrors `OracleFormat`'s categories that depend on where a node is (bodywork has a
    /// node of its own for them), on top of the category of its kind.
    static func role(_ node: Syntax) -> String? {
        switch node.keyPathInParent {
        case \ConditionElementSyntax.condition: return "condition"
        case \MatchingPatternConditionSyntax.pattern, \OptionalBindingConditionSyntax.pattern,
             \SwitchCaseItemSyntax.pattern, \CatchItemSyntax.pattern, \ForStmtSyntax.pattern:
            return "pattern"
        default: return nil
        }
    }

    /// Whether `node` is the name of an attribute or its base (`FocusState` in
    /// `@FocusState<T?>.Binding`); its generic arguments are types for both parsers.
    static func isInAttributeName(_ node: Syntax) -> Bool {
        var current = node
        while true {
            if current.keyPathInParent == \AttributeSyntax.attributeName { return true }
            guard let parent = current.parent, parent.is(TypeSyntax.self) else { return false }
            current = parent
        }
    }

    /// Mirrors `OracleFormat`'s categories of node kinds.
    static func category(_ kind: SyntaxKind) -> String? {
        switch kind {
        case .genericArgumentClause: return "generics"
        case .returnStmt: return "return"
        case .ifExpr, .guardStmt, .forStmt, .whileStmt, .repeatStmt, .doStmt, .switchExpr, .throwStmt:
            return "statement"
        case .catchClause: return "catch"
        case .switchCase: return "case"
        case .identifierType, .memberType, .arrayType, .dictionaryType, .optionalType, .implicitlyUnwrappedOptionalType,
             .tupleType, .functionType, .metatypeType, .compositionType, .someOrAnyType, .attributedType,
             .classRestrictionType:
            return "typeref"
        case .closureSignature: return "signature"
        case .multipleTrailingClosureElement: return "trailing"
        case .tryExpr: return "try"
        case .awaitExpr: return "await"
        case .subscriptCallExpr: return "subscript"
        case .keyPathExpr: return "keypath"
        case .arrayExpr: return "array"
        case .dictionaryExpr: return "dictionary"
        case .ifConfigDecl: return "ifconfig"
        case .attribute: return "attribute"
        case .functionCallExpr: return "call"
        case .closureExpr: return "closure"
        case .memberAccessExpr: return "member"
        case .variableDecl: return "variable"
        case .functionDecl, .initializerDecl: return "function"
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: return "type"
        default: return nil
        }
    }
}
