// Types, generic argument lists (with the `<`/`>` lookahead that tells them from
// comparisons) and patterns.

extension Parser {
    // MARK: - Types

    mutating func parseType() {
        nested { p in p.parseTypeUnguarded() }
    }

    private mutating func parseTypeUnguarded() {
        let m = mark()
        // Attributes and ownership specifiers wrap the type they precede.
        if at(.at) || at(.inout) || at(.borrowing) || at(.consuming) || at(.sending)
            || at(.isolated) || at(._const) || at(.__shared) || at(.__owned) || at(.nonisolated) {
            if !at(.at) && !isTypeSpecifier() {
                parseCompositionType(m)
                return
            }
            parseAttributes()
            while at(.inout) || at(.borrowing) || at(.consuming) || at(.sending) || at(.isolated)
                || at(._const) || at(.__shared) || at(.__owned) || at(.nonisolated) {
                let isNonisolated = at(.nonisolated)
                bump()
                // `nonisolated(nonsending) () async -> Void`
                if isNonisolated && at(.leftParen) && peek().keyword == .nonsending && peek(2).kind == .rightParen {
                    bump(); bump(); bump()
                }
                if at(.at) { parseAttributes() }
            }
            parseType()
            finish(.attributedType, m)
            return
        }
        if (at(.some) || at(.any)) && kind == .identifier && (peek().kind == .identifier || peek().kind == .keyword
            || peek().kind == .leftParen || peek().kind == .prefixOperator) && !peekStartOfLine(1) {
            bump()
            parseType()
            finish(.someOrAnyType, m)
            return
        }
        if at(.each) && peek().kind == .identifier {
            bump(); parseType(); finish(.packElementType, m); return
        }
        if at(.repeat) {
            bump(); parseType(); finish(.packExpansionType, m); return
        }
        parseCompositionType(m)
    }

    private func isTypeSpecifier() -> Bool {
        let next = peek()
        if at(.nonisolated) {
            // `nonisolated P` (an isolated conformance), `nonisolated(nonsending) () async -> T`.
            if next.kind == .leftParen { return peek(2).keyword == .nonsending && peek(3).kind == .rightParen }
            return next.kind == .identifier || next.kind == .keyword || next.kind == .at
        }
        return next.kind == .identifier || next.kind == .keyword || next.kind == .leftParen
            || next.kind == .leftSquare || next.kind == .at || (next.kind == .prefixOperator && tokenIs(pos + 1, "~"))
    }

    /// `A & B & C`, or a single postfix type.
    private mutating func parseCompositionType(_ m: Marker) {
        parsePostfixType()
        var composed = false
        while (at(.binaryOperator) || at(.prefixAmpersand)) && currentIs("&") {
            bump()
            parsePostfixType()
            composed = true
        }
        if composed { finish(.compositionType, m) }
    }

    private mutating func parsePostfixType() {
        let m = mark()
        var isTuple = false
        switch kind {
        case .identifier, .keyword:
            if at(.prefixOperator) { break }
            parseModuleSelectorIfPresent()
            bump()
            if isGenericArgumentStart() { parseGenericArguments() }
            finish(.identifierType, m)
        case .prefixOperator where currentIs("~"):
            bump()
            parsePostfixType()
            finish(.suppressedType, m)
            return
        case .leftParen:
            isTuple = true
            bump()
            nested { p in
                while !p.atEnd && !p.at(.rightParen) {
                    let before = p.pos
                    let e = p.mark()
                    // `label: Type` or `_ name: Type`
                    if (p.at(.identifier) || p.at(.keyword)) && p.peek().kind == .colon {
                        p.bump(); p.bump()
                    } else if (p.at(.identifier) || p.at(.keyword)) && (p.peek().kind == .identifier || p.peek().kind == .keyword)
                        && p.peek(2).kind == .colon {
                        p.bump(); p.bump(); p.bump()
                    }
                    p.parseType()
                    if (p.at(.postfixOperator) || p.at(.binaryOperator)) && p.currentIs("...") { p.bump() }
                    if p.at(.equal) { p.parseInitializerClause() }
                    if p.at(.comma) { p.bump() }
                    p.finish(.tupleTypeElement, e)
                    if p.pos == before { p.skipOne("unexpected token in tuple type") }
                    if p.at(.rightBrace) || p.at(.rightSquare) { break }
                }
            }
            expect(.rightParen, "')'")
            finish(.tupleType, m)
        case .leftSquare where isInlineArrayTypeStart():
            // `[3 of Int]`, `[N of Element]`
            bump()
            if !parseValueGenericArgumentIfPresent() { parseType() }
            if at(.identifier) && currentIs("of") { bump() } else { error("expected 'of'") }
            parseType()
            expect(.rightSquare, "']'")
            finish(.inlineArrayType, m)
        case .leftSquare:
            bump()
            parseType()
            var isDictionary = false
            if at(.colon) {
                isDictionary = true
                bump()
                parseType()
            }
            expect(.rightSquare, "']'")
            finish(isDictionary ? .dictionaryType : .arrayType, m)
        default:
            error("expected type")
            if !isCloser(kind) && !atEnd && !at(.comma) && !at(.leftBrace) && !at(.equal) && !at(.colon) {
                skipBalanced()
                finish(.unexpected, m)
            }
            return
        }
        // Function type: `(A) async throws -> B`.
        if isTuple && (at(.arrow) || at(.async) || at(.throws) || at(.rethrows)) {
            if at(.async) || at(.throws) || at(.rethrows) { parseEffectSpecifiers() }
            if at(.arrow) {
                bump()
                parseType()
            } else {
                error("expected '->'")
            }
            finish(.functionType, m)
            return
        }
        while !atEnd {
            if at(.period) {
                bump()
                if at(.Type) || at(.Protocol) {
                    bump()
                    finish(.metatypeType, m)
                } else if at(.identifier) || at(.keyword) {
                    parseModuleSelectorIfPresent()
                    bump()
                    if isGenericArgumentStart() { parseGenericArguments() }
                    finish(.memberType, m)
                } else {
                    error("expected member type name")
                    finish(.memberType, m)
                }
            } else if at(.postfixQuestion) {
                bump()
                finish(.optionalType, m)
            } else if at(.exclamation) {
                bump()
                finish(.implicitlyUnwrappedOptionalType, m)
            } else if (at(.postfixOperator) || at(.binaryOperator)) && startsWithQuestionOrBang() {
                // `T??`, `T?!` or `T?>` lexed as one operator: split off the first byte.
                splitIfLonger()
                tokens[pos].kind = firstByte(pos) == UInt8(ascii: "?") ? .postfixQuestion : .exclamation
            } else {
                break
            }
        }
    }

    /// Whether `[` opens an inline array type: `[3 of Int]`, `[N of T]`, `[_ of Int]`.
    func isInlineArrayTypeStart() -> Bool {
        let count = token(pos + 1)
        guard count.kind == .integerLiteral || count.kind == .identifier || count.keyword == .wildcard else { return false }
        return token(pos + 2).kind == .identifier && tokenIs(pos + 2, "of")
    }

    /// `Module::` before a name (`Swift::print`, `CoreGraphics::CGEvent`, `x.Swift::count`):
    /// a `moduleSelector` node, which the name's node then covers, as in SwiftParser's tree.
    @inline(__always) mutating func parseModuleSelectorIfPresent() {
        guard peek().kind == .colonColon && (at(.identifier) || at(.keyword)) else { return }
        let m = mark()
        bump()
        bump()
        finish(.moduleSelector, m)
    }

    /// A glued operator starting with `?` or `!` that continues a type: `??`, `?>`, `!>>`,
    /// and `?>?` (`Array<Array<Int>?>?`), each byte an optional mark or a closing angle.
    private func startsWithQuestionOrBang() -> Bool {
        let t = current
        guard pos > 0, t.textStart == tokens[pos - 1].textEnd, t.textEnd > t.textStart else { return false }
        for i in Int(t.textStart)..<Int(t.textEnd) {
            let b = bytes[i]
            guard b == UInt8(ascii: "?") || b == UInt8(ascii: "!") || b == UInt8(ascii: ">") else { return false }
        }
        let first = bytes[Int(t.textStart)]
        return first == UInt8(ascii: "?") || first == UInt8(ascii: "!")
    }

    // MARK: - Generic arguments

    /// Whether the current token begins with `<` and touches the previous token.
    func isGenericArgumentStart() -> Bool {
        let t = current
        guard isOperator(t) || t.kind == .binaryOperator else { return false }
        return firstByte(pos) == UInt8(ascii: "<") && pos > 0 && t.textStart == tokens[pos - 1].textEnd
    }

    /// Scans ahead from `<` to decide whether it opens generic arguments (`Set<Int>()`)
    /// rather than comparing (`a < b`).
    func canParseGenericArguments() -> Bool {
        var i = pos
        var angle = 0
        var paren = 0
        // The `<` may be glued to more operator bytes; only a lone `<` qualifies.
        guard token(i).textEnd - token(i).textStart == 1 else { return false }
        while i < tokens.count {
            let t = token(i)
            switch t.kind {
            case .identifier, .comma, .period, .colon, .colonColon, .postfixQuestion, .exclamation, .arrow, .at:
                break
            case .keyword:
                switch t.keyword {
                // `_`: a placeholder argument, `Box<_, Int>(…)`.
                case .Any, .Self, .self, .inout, .throws, .let, .wildcard, .repeat: break
                default: return false
                }
            case .leftParen, .leftSquare: paren += 1
            case .rightParen, .rightSquare:
                paren -= 1
                if paren < 0 { return false }
            case .integerLiteral:
                break
            case .binaryOperator, .prefixOperator, .postfixOperator, .prefixAmpersand:
                var length = Int(t.textEnd - t.textStart)
                var j = Int(t.textStart)
                let end = j + length
                // `?>` and `!>`: optional markers glued to the closing angle.
                while j < end - 1 && (bytes[j] == UInt8(ascii: "?") || bytes[j] == UInt8(ascii: "!")) {
                    j += 1
                    length -= 1
                }
                if bytes[j] == UInt8(ascii: "<") && length == 1 {
                    angle += 1
                } else if bytes[j] == UInt8(ascii: ">") {
                    while j < end && bytes[j] == UInt8(ascii: ">") {
                        angle -= 1
                        j += 1
                        // `Box<Task<Void, Never>?>`: an inner argument made optional.
                        while angle > 0 && j < end - 1 && (bytes[j] == UInt8(ascii: "?") || bytes[j] == UInt8(ascii: "!")) {
                            j += 1
                        }
                        if angle == 0 {
                            // What follows the closing `>` decides.
                            if j < end {
                                let b = bytes[j]
                                return b == UInt8(ascii: "?") || b == UInt8(ascii: "!") || b == UInt8(ascii: ".")
                            }
                            return isValidAfterGenericArguments(token(i + 1))
                        }
                    }
                    if j < end { return false }
                } else if length == 1 && (bytes[j] == UInt8(ascii: "&") || bytes[j] == UInt8(ascii: "~")
                                          || (bytes[j] == UInt8(ascii: "-") && t.kind == .prefixOperator)) {
                    break
                } else if length == 3 && tokenIs(i, "...") {
                    break
                } else {
                    return false
                }
            default:
                return false
            }
            i += 1
        }
        return false
    }

    private func isValidAfterGenericArguments(_ t: RawToken) -> Bool {
        if t.flags.contains(.atStartOfLine) { return true }
        switch t.kind {
        case .leftParen, .period, .rightParen, .rightSquare, .rightBrace, .comma, .semicolon, .colon,
             .postfixQuestion, .exclamation, .endOfFile, .leftSquare, .equal, .leftBrace:
            return true
        case .binaryOperator:
            return tokenIs(pos, "<") && (t.textEnd - t.textStart == 2)
                && (bytes[Int(t.textStart)] == UInt8(ascii: "=") || bytes[Int(t.textStart)] == UInt8(ascii: "!"))
        default:
            return t.keyword == .as || t.keyword == .is
        }
    }

    /// `<A, B>`, closing on the first byte of a `>`-run token (`>>`, `>?`).
    mutating func parseGenericArguments() {
        let m = mark()
        splitIfLonger()
        bump()
        nested { p in
            while !p.atEnd && !p.isClosingAngle() {
                let before = p.pos
                if !p.parseValueGenericArgumentIfPresent() { p.parseType() }
                if p.at(.comma) { p.bump() }
                if p.pos == before { break }
            }
        }
        expectClosingAngle()
        finish(.genericArgumentClause, m)
    }

    /// `3` or `-3` where a type may stand (value generics: `InlineArray<3, Int>`, `where N == 3`):
    /// the literal alone, so the `>` after it stays a closing angle.
    mutating func parseValueGenericArgumentIfPresent() -> Bool {
        let negative = at(.prefixOperator) && currentIs("-")
        guard at(.integerLiteral) || (negative && peek().kind == .integerLiteral) else { return false }
        let m = mark()
        if negative { bump() }
        let literal = mark()
        bump()
        finish(.integerLiteralExpr, literal)
        if negative { finish(.prefixOperatorExpr, m) }
        return true
    }

    func isClosingAngle() -> Bool {
        (isOperator(current)) && firstByte(pos) == UInt8(ascii: ">")
    }

    mutating func expectClosingAngle() {
        if isClosingAngle() {
            splitIfLonger()
            bump()
        } else {
            error("expected '>'")
        }
    }

    /// Splits an operator token so that its first byte stands alone.
    mutating func splitIfLonger() {
        if current.textEnd - current.textStart > 1 { splitFirstByte() }
    }

    // MARK: - Patterns

    /// Binding patterns: `x`, `_`, `(a, b)`, `let x` inside tuples.
    mutating func parsePattern() {
        nested { p in p.parsePatternUnguarded() }
    }

    private mutating func parsePatternUnguarded() {
        let m = mark()
        switch kind {
        case .identifier, .dollarIdentifier:
            bump()
            finish(.identifierPattern, m)
            if at(.postfixQuestion) && inPattern {
                bump() // `case let x?`
                finish(.optionalPattern, m)
            }
        case .keyword where keyword == .wildcard:
            bump()
            finish(.wildcardPattern, m)
        case .keyword where keyword == .self:
            bump() // `guard let self else { … }`
            finish(.identifierPattern, m)
        case .keyword where keyword == .let || keyword == .var:
            bump()
            parsePattern()
            finish(.valueBindingPattern, m)
        case .leftParen:
            bump()
            while !atEnd && !at(.rightParen) {
                let before = pos
                if (at(.identifier) || at(.keyword)) && peek().kind == .colon { bump(); bump() }
                parsePattern()
                if at(.comma) { bump() }
                if pos == before { skipOne("unexpected token in pattern"); }
                if at(.rightBrace) || at(.leftBrace) { break }
            }
            expect(.rightParen, "')'")
            finish(.tuplePattern, m)
        case .keyword:
            // Keywords used as names after `let` (rare), or recovery.
            error("expected pattern")
            if !at(.in) && !at(.equal) { bump(); finish(.unexpected, m) }
        default:
            error("expected pattern")
        }
    }

    /// `case` patterns: `let .some(x)`, `.a(let b)`, `is T`, `let x as T`, `(a, _)`.
    mutating func parseCasePattern() {
        let m = mark()
        let saved = inPattern
        inPattern = true
        if (at(.let) || at(.var)) && kind == .keyword {
            bump()
            parseExpression()
            finish(.valueBindingPattern, m)
        } else if at(.is) {
            bump()
            parseType()
            finish(.isTypePattern, m)
        } else {
            parseExpression()
            finish(.expressionPattern, m)
        }
        inPattern = saved
    }
}
