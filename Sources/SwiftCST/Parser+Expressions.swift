// Expressions: operator sequences, prefix and postfix forms, calls with trailing
// closures, member chains across lines, closures, literals, key paths.

extension Parser {
    // MARK: - Sequences

    /// An expression with its binary operators, ternaries, casts and assignments, kept in
    /// source order as a `sequenceExpr` (precedence is not resolved).
    mutating func parseExpression() {
        nested { p in p.parseSequence() }
    }

    private mutating func parseSequence() {
        let m = mark()
        parseUnary()
        var elements = 1
        while !atEnd {
            if stopAtNewline && atStartOfLine { break }
            switch kind {
            case .binaryOperator:
                // An operator at the start of a line continues the sequence.
                bump()
                parseUnary()
            case .equal where !inPattern:
                let a = mark()
                bump()
                finish(.assignmentExpr, a)
                parseUnary()
            case .infixQuestion:
                let t = mark()
                bump()
                parseExpression()
                expect(.colon, "':' in ternary expression")
                finish(.ternaryExpr, t)
                parseUnary()
            case .arrow:
                bump()
                parseUnary()
            case .keyword where keyword == .as || keyword == .is:
                let c = mark()
                bump()
                if at(.postfixQuestion) || at(.exclamation) { bump() }
                parseType()
                finish(.castExpr, c)
            case _ where (keyword == .async || keyword == .throws) && isEffectsBeforeArrow():
                // `[(Int) async throws(E) -> Int]()`: a function type read as an expression;
                // the next turn takes the arrow.
                parseEffectSpecifiers()
            default:
                if elements > 1 { finish(.sequenceExpr, m) }
                return
            }
            elements += 1
        }
        if elements > 1 { finish(.sequenceExpr, m) }
    }

    /// Whether `async`, `throws` or `throws(E)` and then `->` follow: the effects of an
    /// arrow in a function type written as an expression.
    private func isEffectsBeforeArrow() -> Bool {
        var i = pos
        while true {
            let t = token(i)
            guard t.kind != .stringSegment && (t.keyword == .async || t.keyword == .throws) else { break }
            i += 1
            if t.keyword == .throws && token(i).kind == .leftParen {
                guard let end = balancedParenthesesEnd(from: i) else { return false }
                i = end
            }
        }
        return i > pos && token(i).kind == .arrow
    }

    // MARK: - Prefix forms

    mutating func parseUnary() {
        let m = mark()
        switch kind {
        case .keyword where keyword == .try:
            bump()
            if (at(.postfixQuestion) || at(.exclamation)) { bump() }
            nested { p in p.parseUnary() }
            finish(.tryExpr, m)
            return
        case .identifier where isContextualPrefix():
            let k: SyntaxKind
            switch keyword {
            case .await: k = .awaitExpr
            case .unsafe: k = .unsafeExpr
            case .consume: k = .consumeExpr
            case .copy: k = .copyExpr
            default: k = .packExpr
            }
            bump()
            nested { p in p.parseUnary() }
            finish(k, m)
            return
        case .keyword where keyword == .repeat:
            bump()
            nested { p in p.parseUnary() }
            finish(.packExpr, m)
            return
        case .prefixAmpersand:
            bump()
            nested { p in p.parseUnary() }
            finish(.inOutExpr, m)
            return
        case .prefixOperator:
            bump()
            nested { p in p.parseUnary() }
            finish(.prefixOperatorExpr, m)
            return
        default:
            parsePostfix()
        }
    }

    /// `await x`, `unsafe x`, `consume x`, `copy x`, `each x` — contextual words that act
    /// as prefixes only when an operand follows on the same line.
    private func isContextualPrefix() -> Bool {
        switch keyword {
        case .await, .unsafe, .consume, .copy, .each: break
        default: return false
        }
        let next = peek()
        if next.flags.contains(.atStartOfLine) && keyword != .await { return false }
        if keyword == .unsafe {
            // `unsafe .lock`, `unsafe (x)`: an operand apart from the word; `unsafe.x`, `unsafe(x)`:
            // the word is a name (SwiftParser's `atContextualKeywordPrefixedSyntax`).
            switch next.kind {
            case .period, .leftParen, .leftSquare: return next.textStart != tokens[pos].textEnd
            case .leftBrace: return false
            default: return canStartExpression(next)
            }
        }
        // `copy.first`, `await.x`: the word is a plain name.
        if next.kind == .postfixQuestion || next.kind == .exclamation { return false }
        if next.kind == .period && keyword != .await { return false }  // `await .init(…)` is an implicit member
        if keyword != .await && keyword != .each && !(next.kind == .identifier || next.kind == .keyword || next.kind == .dollarIdentifier) {
            return false
        }
        return canStartExpression(next) && next.kind != .leftParen && next.kind != .leftSquare
            || (keyword == .await && (next.kind == .leftParen || next.kind == .leftSquare) && next.textStart != tokens[pos].textEnd)
    }

    func canStartExpression(_ t: RawToken) -> Bool {
        switch t.kind {
        case .identifier, .dollarIdentifier, .integerLiteral, .floatLiteral, .stringOpen, .regexLiteral,
             .leftParen, .leftSquare, .leftBrace, .period, .backslash, .pound, .prefixOperator, .prefixAmpersand:
            return true
        case .keyword:
            switch t.keyword {
            case .self, .Self, .super, .true, .false, .nil, .try, .if, .switch, .wildcard, .Any, .`init`: return true
            default: return false
            }
        default:
            return false
        }
    }

    // MARK: - Postfix forms

    mutating func parsePostfix() {
        let m = mark()
        parsePrimary()
        parsePostfixSuffixes(m, allowBareCalls: true)
    }

    /// `.member`, calls, subscripts, `?`, `!`, postfix operators, trailing closures, and
    /// postfix `#if` — all wrapping what `m` started.
    mutating func parsePostfixSuffixes(_ m: Marker, allowBareCalls: Bool) {
        var hasBase = allowBareCalls
        // A literal takes no trailing closure (`x == 1 { … }`), as in SwiftParser.
        var isLiteralBase = nodes.count > m.node && Int(nodes[nodes.count - 1].firstToken) == m.token
            && Parser.isLiteral(nodes[nodes.count - 1].kind)
        while !atEnd {
            if stopAtNewline && atStartOfLine { return }
            switch kind {
            case .period:
                bump()
                switch kind {
                case .identifier, .keyword, .integerLiteral, .dollarIdentifier:
                    parseModuleSelectorIfPresent()
                    bump()
                case .floatLiteral:
                    bump() // `t.0.1`
                default:
                    error("expected member name after '.'")
                }
                finish(.memberAccessExpr, m)
                if isGenericArgumentStart() && canParseGenericArguments() {
                    // `Publishers.Sequence<A, B>(…)`: the arguments specialize the member.
                    parseGenericArguments()
                    finish(.genericSpecializationExpr, m)
                }
                hasBase = true
            case .leftParen where !atStartOfLine && hasBase && isCompoundNameArguments():
                // `tap(_:)`, `x.f(a:b:)`: a function reference, not a call. The labels
                // belong to the name just parsed, as in the compiler's tree.
                while !at(.rightParen) { bump() }
                bump()
                if let last = nodes.last, Int(last.firstToken) == m.token, nodes.count - 1 >= m.node {
                    nodes[nodes.count - 1].endToken = UInt32(pos)
                } else {
                    finish(.identifierExpr, m)
                }
            case .leftParen where !atStartOfLine && hasBase:
                // In a condition, a closure after `(…)` is a second call wrapping this one.
                parseArgumentList(open: .leftParen, close: .rightParen)
                if allowTrailingClosure && isTrailingClosureStart() { parseTrailingClosures() }
                finish(.functionCallExpr, m)
            case .leftSquare where !atStartOfLine && hasBase:
                parseArgumentList(open: .leftSquare, close: .rightSquare)
                if allowTrailingClosure && isTrailingClosureStart() { parseTrailingClosures() }
                finish(.subscriptCallExpr, m)
            case .leftBrace where hasBase && !isLiteralBase && isTrailingClosureStart():
                parseTrailingClosures()
                finish(.functionCallExpr, m)
            case .postfixQuestion:
                bump()
                finish(.optionalChainingExpr, m)
            case .exclamation:
                bump()
                finish(.forceUnwrapExpr, m)
            case .postfixOperator:
                if firstByte(pos) == UInt8(ascii: "<") && canParseGenericArguments() {
                    parseGenericArguments()
                    continue
                }
                bump()
                finish(.postfixOperatorExpr, m)
            case .poundIf where atStartOfLine && hasBase && isPostfixIfConfig():
                parseIfConfig(.postfix)
                finish(.postfixIfConfigExpr, m)
            default:
                return
            }
            isLiteralBase = false
        }
    }

    /// The literal expressions SwiftParser gives no trailing closure.
    static func isLiteral(_ kind: SyntaxKind) -> Bool {
        switch kind {
        case .arrayExpr, .dictionaryExpr, .booleanLiteralExpr, .integerLiteralExpr, .floatLiteralExpr,
             .nilLiteralExpr, .regexLiteralExpr, .stringLiteralExpr:
            return true
        default:
            return false
        }
    }

    /// Whether the `(` here holds only argument labels: `(_:)`, `(a:b:)`.
    func isCompoundNameArguments() -> Bool {
        var i = pos + 1
        var labels = 0
        while token(i).kind == .identifier || token(i).kind == .keyword {
            guard token(i + 1).kind == .colon else { return false }
            i += 2
            labels += 1
        }
        return labels > 0 && token(i).kind == .rightParen
    }

    /// A `{` that opens a trailing closure: not the accessor block of a property
    /// (`var x = 1 { didSet { } }`), not a switch body, and in a condition only where
    /// SwiftParser takes one.
    func isTrailingClosureStart() -> Bool {
        // Like the compiler, a `{` on the next line still opens a trailing closure.
        guard at(.leftBrace) && !isAccessorBlockStart(pos) && peek().keyword != .case else { return false }
        return allowTrailingClosure || isTrailingClosureInCondition()
    }

    /// SwiftParser's rule (`atValidTrailingClosure`) for a `{` after an expression in a
    /// statement condition, where it could also open the statement's body: it is a
    /// trailing closure when something follows on its line and its matching `}` is
    /// followed by `{`, `where` or `,`, or, on the same line, by a token that continues
    /// the expression (`if xs.filter { $0 }.isEmpty {`).
    func isTrailingClosureInCondition() -> Bool {
        if peekStartOfLine(1) { return false }
        var i = pos + 1
        var depth = 0
        scan: while true {
            switch token(i).kind {
            case .endOfFile:
                return false
            case .leftParen, .leftSquare, .leftBrace, .interpolationOpen:
                depth += 1
            case .rightParen, .rightSquare:
                if depth > 0 { depth -= 1 }
            case .rightBrace:
                if depth == 0 { break scan }
                depth -= 1
            case .poundElse, .poundElseif, .poundEndif:
                if depth == 0 { return false }
            default:
                break
            }
            i += 1
        }
        let next = token(i + 1)
        switch next.kind {
        case .leftBrace, .comma:
            return true
        case .keyword where next.keyword == .where:
            return true
        case .keyword where next.keyword == .is || next.keyword == .as:
            return !next.flags.contains(.atStartOfLine)
        case .leftSquare, .leftParen, .period, .postfixQuestion, .infixQuestion, .exclamation, .colon,
             .equal, .postfixOperator, .binaryOperator:
            return !next.flags.contains(.atStartOfLine)
        default:
            return false
        }
    }

    /// The first trailing closure and any `label: { }` after it.
    mutating func parseTrailingClosures() {
        parseClosure()
        while (at(.identifier) || at(.keyword)) && peek().kind == .colon && peek(2).kind == .leftBrace {
            let m = mark()
            bump(); bump()
            parseClosure()
            finish(.labeledTrailingClosure, m)
        }
    }

    /// `( label: value, … )` or `[ … ]` as an `argumentList` node (delimiters included).
    mutating func parseArgumentList(open: TokenKind, close: TokenKind) {
        let m = mark()
        bump()
        nested { p in
            let saved = (p.allowTrailingClosure, p.stopAtNewline)
            (p.allowTrailingClosure, p.stopAtNewline) = (true, false)
            p.parseArguments(close: close)
            (p.allowTrailingClosure, p.stopAtNewline) = saved
        }
        expect(close, close == .rightParen ? "')'" : "']'")
        finish(.argumentList, m)
    }

    /// Elements up to `close`: `label: expr` or `expr`, each with its trailing comma.
    mutating func parseArguments(close: TokenKind) {
        while !atEnd && !at(close) {
            let before = pos
            let a = mark()
            if (at(.identifier) || at(.keyword) || at(.dollarIdentifier)) && peek().kind == .colon
                && !(peek(2).kind == .colon) {
                bump(); bump()
            }
            if at(.comma) || at(close) {
                error("expected value in list")
            } else if isOperator(current) && (peek().kind == .comma || peek().kind == close) {
                bump() // An operator passed as a function: `reduce(0, +)`.
            } else {
                parseExpression()
            }
            if at(.comma) { bump() }
            finish(.argument, a)
            if pos == before {
                skipOne("unexpected '\(tokenText(pos))' in list")
            }
            if at(.rightBrace) || (close == .rightParen && at(.rightSquare)) || (close == .rightSquare && at(.rightParen)) {
                break
            }
        }
    }

    // MARK: - Primary expressions

    mutating func parsePrimary() {
        let m = mark()
        switch kind {
        case .identifier where keyword == .any && (peek().kind == .identifier || (peek().kind == .prefixOperator && tokenIs(pos + 1, "~")))
            && !peekStartOfLine(1):
            // `[any P.Type]()`: an existential type in expression position.
            parseType()
            finish(.typeExpr, m)
        case .identifier, .dollarIdentifier:
            parseModuleSelectorIfPresent()
            bump()
            if isGenericArgumentStart() && canParseGenericArguments() { parseGenericArguments() }
            finish(.identifierExpr, m)
        case .keyword:
            parseKeywordPrimary(m)
        case .integerLiteral:
            bump(); finish(.integerLiteralExpr, m)
        case .floatLiteral:
            bump(); finish(.floatLiteralExpr, m)
        case .regexLiteral:
            bump(); finish(.regexLiteralExpr, m)
        case .stringOpen:
            parseStringLiteral()
        case .leftParen:
            parseArgumentList(open: .leftParen, close: .rightParen)
            finish(.tupleExpr, m)
        case .leftSquare where isInlineArrayTypeStart():
            // `[3 of Int](repeating: 0)`: an inline array type in expression position.
            parseType()
            finish(.typeExpr, m)
        case .leftSquare:
            parseCollectionLiteral()
        case .leftBrace:
            parseClosure()
        case .period:
            // Implicit member: `.red`, `.init(x)`.
            bump()
            parseModuleSelectorIfPresent()
            if at(.identifier) || at(.keyword) { bump() } else { error("expected member name after '.'") }
            finish(.memberAccessExpr, m)
            if isGenericArgumentStart() && canParseGenericArguments() {
                parseGenericArguments()
                finish(.genericSpecializationExpr, m)
            }
        case .backslash:
            parseKeyPath()
        case .pound:
            parseMacroExpansion(.macroExpansionExpr, m)
        case .poundAvailable:
            bump()
            if at(.leftParen) { skipBalanced() }
            finish(.macroExpansionExpr, m)
        case .poundIf:
            parseIfConfig(.statements)
        case .at:
            // A type in expression position: `(@Sendable () -> Void).self`.
            parseType()
            finish(.typeExpr, m)
        default:
            error("expected expression")
            if !isCloser(kind) && !at(.comma) && !at(.semicolon) && !at(.colon) && !atEnd
                && !at(.poundElse) && !at(.poundElseif) && !at(.poundEndif) && !at(.interpolationOpen) {
                skipBalanced()
                finish(.unexpected, m)
            }
        }
    }

    private mutating func parseKeywordPrimary(_ m: Marker) {
        switch keyword {
        case .true, .false:
            bump(); finish(.booleanLiteralExpr, m)
        case .nil:
            bump(); finish(.nilLiteralExpr, m)
        case .super:
            bump(); finish(.superExpr, m)
        case .Any:
            // A type in expression position (`[Any]()`, `Any.self`), as in SwiftParser's tree.
            let t = mark()
            bump()
            finish(.identifierType, t)
            finish(.typeExpr, m)
        case .self, .Self, .`init`:
            bump()
            if isGenericArgumentStart() && canParseGenericArguments() { parseGenericArguments() }
            finish(.identifierExpr, m)
        case .wildcard:
            bump(); finish(.discardAssignmentExpr, m)
        case .if:
            parseIf()
        case .switch:
            parseSwitch()
        case .let where inPattern, .var where inPattern:
            bump()
            if at(.period) {
                // `(nil, let .some(x))`: the binding covers an enum case pattern.
                nested { p in p.parsePostfix() }
            } else {
                parsePattern()
            }
            finish(.valueBindingPattern, m)
        case .is where inPattern:
            bump()
            parseType()
            finish(.isTypePattern, m)
        default:
            if keywordsAreNames {
                bump()
                finish(.identifierExpr, m)
                return
            }
            error("unexpected keyword '\(tokenText(pos))' in expression")
            bump()
            finish(.unexpected, m)
        }
    }

    private mutating func parseStringLiteral() {
        let m = mark()
        bump()
        while true {
            if at(.stringSegment) {
                bump()
            } else if at(.interpolationOpen) {
                let i = mark()
                bump()
                nested { p in
                    let saved = (p.allowTrailingClosure, p.stopAtNewline, p.inPattern)
                    (p.allowTrailingClosure, p.stopAtNewline, p.inPattern) = (true, false, false)
                    p.parseArguments(close: .rightParen)
                    (p.allowTrailingClosure, p.stopAtNewline, p.inPattern) = saved
                }
                expect(.rightParen, "')' to close interpolation")
                finish(.interpolation, i)
            } else {
                break
            }
        }
        if at(.stringClose) { bump() } else if !current.flags.contains(.malformed) {
            error("unterminated string literal")
        }
        finish(.stringLiteralExpr, m)
    }

    /// `[a, b]`, `[k: v]`, `[:]`, or a type in expression position such as `[Item]()`.
    private mutating func parseCollectionLiteral() {
        let m = mark()
        bump()
        if at(.colon) && peek().kind == .rightSquare {
            bump(); bump()
            finish(.dictionaryExpr, m)
            return
        }
        var isDictionary = false
        nested { p in
            let saved = (p.allowTrailingClosure, p.stopAtNewline)
            (p.allowTrailingClosure, p.stopAtNewline) = (true, false)
            var first = true
            while !p.atEnd && !p.at(.rightSquare) {
                let before = p.pos
                let e = p.mark()
                p.parseExpression()
                if p.at(.colon) && (first || isDictionary) {
                    isDictionary = true
                    p.bump()
                    p.parseExpression()
                    if p.at(.comma) { p.bump() }
                    p.finish(.dictionaryElement, e)
                } else {
                    if p.at(.comma) { p.bump() }
                    p.finish(.argument, e)
                }
                first = false
                if p.pos == before { p.skipOne("unexpected token in collection literal") }
                if p.at(.rightBrace) || p.at(.rightParen) { break }
            }
            (p.allowTrailingClosure, p.stopAtNewline) = saved
        }
        expect(.rightSquare, "']'")
        finish(isDictionary ? .dictionaryExpr : .arrayExpr, m)
    }

    /// `\.name`, `\Item.name`, `\.self`, `\.items[0]?.title`.
    private mutating func parseKeyPath() {
        let m = mark()
        bump()
        if at(.identifier) || (at(.keyword) && (at(.Self) || at(.Any))) {
            let t = mark()
            parseModuleSelectorIfPresent()
            bump()
            if isGenericArgumentStart() && canParseGenericArguments() { parseGenericArguments() }
            finish(.identifierType, t)
        } else if at(.leftSquare) && !atStartOfLine {
            // `\[Int].count`, `\[String: Int].keys`: the root is a collection type; the
            // components after it are the key path's.
            let t = mark()
            bump()
            parseType()
            let isDictionary = at(.colon)
            if isDictionary {
                bump()
                parseType()
            }
            expect(.rightSquare, "']'")
            finish(isDictionary ? .dictionaryType : .arrayType, t)
        }
        while !atEnd {
            if at(.period) && !atStartOfLine {
                bump()
                if at(.identifier) || at(.keyword) || at(.integerLiteral) || at(.dollarIdentifier) {
                    parseModuleSelectorIfPresent()
                    bump()
                } else if at(.leftSquare) {
                    // `\Foo.[2]`: a subscript component after a period.
                    parseArgumentList(open: .leftSquare, close: .rightSquare)
                } else if (at(.postfixQuestion) || at(.exclamation)) && pos == m.token + 2 {
                    // `\.!`: the root itself is unwrapped; the next turn takes the `!`.
                } else {
                    error("expected key path component")
                }
            } else if at(.postfixQuestion) || at(.exclamation) {
                bump()
            } else if at(.leftSquare) && !atStartOfLine {
                parseArgumentList(open: .leftSquare, close: .rightSquare)
            } else {
                break
            }
        }
        finish(.keyPathExpr, m)
    }

    // MARK: - Closures

    mutating func parseClosure() {
        let m = mark()
        if skipsBodies {
            skipBalanced()
            finish(.closureExpr, m)
            return
        }
        bump()
        nested { p in
            let saved = (p.allowTrailingClosure, p.stopAtNewline, p.inPattern)
            (p.allowTrailingClosure, p.stopAtNewline, p.inPattern) = (true, false, false)
            if p.hasClosureSignature() { p.parseClosureSignature() }
            p.parseStatements(terminator: .rightBrace)
            (p.allowTrailingClosure, p.stopAtNewline, p.inPattern) = saved
        }
        expectClosingBrace()
        finish(.closureExpr, m)
    }

    /// Looks ahead from just after `{` for `… in` made only of signature tokens.
    private func hasClosureSignature() -> Bool {
        var i = pos
        var depth = 0
        while i < tokens.count {
            let t = token(i)
            switch t.kind {
            case .leftParen, .leftSquare: depth += 1
            case .rightParen, .rightSquare:
                depth -= 1
                if depth < 0 { return false }
            case .leftBrace, .rightBrace, .endOfFile, .semicolon: return false
            case .keyword where t.keyword == .in:
                if depth == 0 { return i > pos || true }
            default:
                if depth == 0 {
                    switch t.kind {
                    case .identifier, .dollarIdentifier, .comma, .colon, .arrow, .period, .at,
                         .postfixQuestion, .exclamation, .prefixAmpersand:
                        break
                    case .keyword:
                        switch t.keyword {
                        case .wildcard, .throws, .rethrows, .inout, .self, .Self, .Any, .let, .var: break
                        default: return false
                        }
                    case .binaryOperator, .postfixOperator, .prefixOperator:
                        // Generic arguments and compositions in parameter types.
                        let b = bytes[Int(t.textStart)]
                        if b != UInt8(ascii: "<") && b != UInt8(ascii: ">") && b != UInt8(ascii: "&")
                            && b != UInt8(ascii: "~") && !tokenIs(i, "...") { return false }
                    default:
                        return false
                    }
                }
            }
            i += 1
        }
        return false
    }

    private mutating func parseClosureSignature() {
        let m = mark()
        parseAttributes()
        if at(.leftSquare) {
            let c = mark()
            bump()
            while !atEnd && !at(.rightSquare) {
                let before = pos
                let item = mark()
                // `weak self`, `unowned(safe) x`, `x = expr`
                if (at(.weak) || at(.unowned)) && (peek().kind == .identifier || peek().kind == .keyword || peek().kind == .leftParen) {
                    bump()
                    if at(.leftParen) { skipBalanced() }
                }
                if at(.identifier) || at(.keyword) { bump() }
                if at(.equal) {
                    bump()
                    parseExpression()
                }
                if at(.comma) { bump() }
                finish(.captureItem, item)
                if pos == before { skipOne("unexpected token in capture list") }
            }
            expect(.rightSquare, "']'")
            finish(.captureList, c)
        }
        if at(.leftParen) {
            let c = mark()
            bump()
            while !atEnd && !at(.rightParen) {
                let before = pos
                let p = mark()
                parseAttributes()
                if at(.identifier) || at(.keyword) || at(.dollarIdentifier) { bump() }
                if at(.identifier) || at(.keyword) || at(.dollarIdentifier) { bump() }
                if at(.colon) {
                    bump()
                    parseType()
                }
                if isOperator(current) && currentIs("...") { bump() }
                if at(.comma) { bump() }
                finish(.closureParameter, p)
                if pos == before { skipOne("unexpected token in closure parameters") }
            }
            expect(.rightParen, "')'")
            finish(.closureParameterClause, c)
        } else if at(.identifier) || at(.dollarIdentifier) || at(.wildcard) {
            let c = mark()
            while at(.identifier) || at(.dollarIdentifier) || at(.wildcard) || (at(.keyword) && !at(.in) && !at(.throws)) {
                let p = mark()
                bump()
                finish(.closureParameter, p)
                if at(.comma) { bump() } else { break }
            }
            finish(.closureParameterClause, c)
        }
        if at(.async) || at(.throws) || at(.rethrows) { parseEffectSpecifiers() }
        if at(.arrow) {
            let r = mark()
            bump()
            parseType()
            finish(.returnClause, r)
        }
        expect(.in, "'in'")
        finish(.closureSignature, m)
    }
}
