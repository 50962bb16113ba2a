// A plain-text digest of a tree — token ranges, string literal ranges and the ranges of a
// few node categories — in a form the toolchain's own parser can produce too, so that the
// two parsers can be compared line by line (`scripts/oracle`).

/// Renders a tree as the lines the differential check compares against SwiftParser.
///
/// One entry per line, sorted by start offset, then end offset (longest first), then label:
/// - `T <start> <end>`: the text of a token (not `endOfFile`, not inside a string literal);
/// - `S <start> <end>`: an outermost string literal or a regex literal, delimiters included.
///   The two parsers split literals into different tokens, so only the whole is compared;
/// - `N <category> <start> <end>`: a node, from its first token's text to its last's, for
///   the categories `call`, `closure`, `member`, `variable`, `function`, `type`, `generics`
///   (generic argument clauses), `return`, `statement` (`if`, `guard`, `for`, `while`,
///   `repeat`, `do`, `switch`, `throw`), `catch` (a catch clause), `case` (a switch case,
///   label and statements), `signature` (a closure's, up to `in`), `trailing` (a labeled
///   trailing closure), `try`, `await`, `typeref` (a type, but not an attribute's name nor
///   a function type's parameter list), `subscript`, `keypath`, `array`, `dictionary`, `ifconfig`
///   (`#if` … `#endif`), `attribute`, `condition` (one condition of `if`/`guard`/`while`,
///   without its comma) and `pattern` (the whole pattern of a condition, `case` item,
///   `catch` item or `for` loop);
/// - `E <start> <end>`: a parse diagnostic. SwiftParser's side has none (the files it reports
///   errors for are not compared), so any diagnostic of ours on a file it accepts is a mismatch.
///
/// Offsets are UTF-8 byte offsets; `end` is exclusive.
public enum OracleFormat {
    /// The digest of `tree`, one entry per line, each line ending in a newline.
    public static func render(_ tree: SyntaxTree) -> String {
        var entries: [OracleEntry] = []
        appendTokenEntries(tree, to: &entries)
        for node in tree.nodes where node.firstToken < node.endToken {
            let parent = tree.nodes[Int(node.parent)]
            // A function type's parameters are a tuple type here, not in SwiftParser's tree.
            if node.kind == .tupleType && parent.kind == .functionType && parent.firstToken == node.firstToken { continue }
            guard let category = oracleCategory(node.kind, parent: parent.kind) else { continue }
            entries.append(OracleEntry(label: "N " + category,
                                       start: tree.tokens[Int(node.firstToken)].textStart,
                                       end: tree.tokens[Int(node.endToken) - 1].textEnd))
        }
        for diagnostic in tree.diagnostics {
            let start = UInt32(clamping: diagnostic.offset)
            entries.append(OracleEntry(label: "E", start: start, end: start + UInt32(clamping: diagnostic.length)))
        }
        entries.sort()
        var out = ""
        out.reserveCapacity(entries.count * 12)
        for entry in entries {
            out += entry.label
            out += " "
            out += String(entry.start)
            out += " "
            out += String(entry.end)
            out += "\n"
        }
        return out
    }

    /// The category a node is compared under, or nil when it is not compared.
    static func oracleCategory(_ kind: SyntaxKind, parent: SyntaxKind) -> String? {
        switch kind {
        case .genericArgumentClause: return "generics"
        case .returnStmt: return "return"
        case .ifExpr, .guardStmt, .forStmt, .whileStmt, .repeatStmt, .doStmt, .switchExpr, .throwStmt:
            return "statement"
        case .catchClause: return "catch"
        case .switchCase: return "case"
        case .identifierType, .memberType, .arrayType, .dictionaryType, .optionalType, .implicitlyUnwrappedOptionalType,
             .tupleType, .functionType, .metatypeType, .compositionType, .someOrAnyType, .attributedType:
            return "typeref"
        case .closureSignature: return "signature"
        case .labeledTrailingClosure: return "trailing"
        case .tryExpr: return "try"
        case .awaitExpr: return "await"
        case .subscriptCallExpr: return "subscript"
        case .keyPathExpr: return "keypath"
        case .arrayExpr: return "array"
        case .dictionaryExpr: return "dictionary"
        case .ifConfig: return "ifconfig"
        case .attribute: return "attribute"
        case .condition: return "condition"
        case .identifierPattern, .tuplePattern, .wildcardPattern, .valueBindingPattern, .expressionPattern,
             .isTypePattern, .optionalPattern:
            switch parent {
            case .condition, .switchCaseLabel, .catchClause, .forStmt: return "pattern"
            default: return nil
            }
        case .functionCallExpr: return "call"
        case .closureExpr: return "closure"
        case .memberAccessExpr: return "member"
        case .variableDecl: return "variable"
        case .functionDecl, .initializerDecl: return "function"
        case .structDecl, .classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl: return "type"
        default: return nil
        }
    }

    /// `T` entries for tokens outside string literals, `S` entries for outermost string
    /// literals and for regex literals.
    ///
    /// Literals are found from the tokens alone, not from `stringLiteralExpr` nodes, so the
    /// digest does not depend on where the parser builds those nodes (attribute arguments,
    /// `#sourceLocation`). The lexer closes every interpolation with a `rightParen` at
    /// parenthesis depth zero, which is what the scan counts on.
    private static func appendTokenEntries(_ tree: SyntaxTree, to entries: inout [OracleEntry]) {
        var openLiterals = 0
        var literalStart: UInt32 = 0
        /// Open parentheses inside each open interpolation, innermost last.
        var interpolationParens: [Int] = []
        for token in tree.tokens {
            switch token.kind {
            case .endOfFile:
                continue
            case .stringOpen:
                if openLiterals == 0 { literalStart = token.textStart }
                openLiterals += 1
            case .stringClose:
                openLiterals -= 1
                if openLiterals == 0 {
                    entries.append(OracleEntry(label: "S", start: literalStart, end: token.textEnd))
                    interpolationParens.removeAll()
                }
            case .interpolationOpen:
                interpolationParens.append(0)
            case .leftParen where !interpolationParens.isEmpty:
                interpolationParens[interpolationParens.count - 1] += 1
            case .rightParen where !interpolationParens.isEmpty:
                if interpolationParens[interpolationParens.count - 1] == 0 {
                    interpolationParens.removeLast()
                } else {
                    interpolationParens[interpolationParens.count - 1] -= 1
                }
            case .regexLiteral where openLiterals == 0:
                entries.append(OracleEntry(label: "S", start: token.textStart, end: token.textEnd))
            default:
                if openLiterals == 0 {
                    entries.append(OracleEntry(label: "T", start: token.textStart, end: token.textEnd))
                }
            }
        }
    }
}

/// One line of the digest; ordered by start, then end descending, then label.
private struct OracleEntry: Comparable {
    var label: String
    var start: UInt32
    var end: UInt32

    static func < (a: OracleEntry, b: OracleEntry) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end > b.end }
        return a.label < b.label
    }
}
