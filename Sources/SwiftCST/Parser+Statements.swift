// Statements and code blocks: `if`, `guard`, loops, `do`/`catch`, `switch`, `#if`, and
// the dispatch between declarations and expressions at statement level.

/// What a `#if` clause contains, which depends on where it appears.
enum IfConfigContent {
    case statements, members, switchCases, postfix, attributes
}

extension Parser {
    // MARK: - Statement lists

    /// Parses statements until `terminator` (or the end of file when nil).
    mutating func parseStatements(terminator: TokenKind?) {
        while !atEnd {
            if let terminator, at(terminator) { return }
            if at(.poundElse) || at(.poundElseif) || at(.poundEndif) {
                if terminator != nil { return }
                skipOne("'\(tokenText(pos))' without '#if'")
                continue
            }
            if terminator == .rightBrace {
                if isStartOfSwitchCaseLabel() { return }
                if at(.poundIf) && isIfConfigOfSwitchCases() { return }
            }
            let before = pos
            if at(.semicolon) { bump(); continue }
            if terminator == nil && isCloser(kind) {
                skipOne("unexpected '\(tokenText(pos))'")
                continue
            }
            parseStatement()
            if pos == before {
                skipOne("unexpected '\(tokenText(pos))'")
            } else if !atEnd && !atStartOfLine && !at(.semicolon) && !isCloser(kind) {
                // `case .a: 1 case .b: 2`: the next label may follow a case's statement on its line.
                if terminator == .rightBrace && isStartOfSwitchCaseLabel() { continue }
                if terminator == nil || !at(terminator!) {
                    error("consecutive statements on a line must be separated by ';'")
                }
            }
        }
    }

    /// `if c { 0 } else { 1 } as Int`: a cast of an `if` or `switch` expression in
    /// statement position, on the line it ends on.
    mutating func parseCastsOfStatementExpression(_ m: Marker) {
        guard (at(.as) || at(.is)) && !atStartOfLine else { return }
        while (at(.as) || at(.is)) && !atStartOfLine {
            let c = mark()
            bump()
            if at(.postfixQuestion) || at(.exclamation) { bump() }
            parseType()
            finish(.castExpr, c)
        }
        finish(.sequenceExpr, m)
    }

    func tokenText(_ index: Int) -> String {
        let t = token(index)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(t.textStart)..<Int(t.textEnd)]), as: UTF8.self)
    }

    /// `{ statements }`
    mutating func parseCodeBlock() {
        let m = mark()
        guard at(.leftBrace) else {
            error("expected '{'")
            finish(.codeBlock, m)
            return
        }
        if skipsBodies {
            skipBalanced()
            finish(.codeBlock, m)
            return
        }
        bump()
        nested { p in
            let saved = (p.allowTrailingClosure, p.stopAtNewline, p.inPattern)
            p.allowTrailingClosure = true
            p.stopAtNewline = false
            p.inPattern = false
            p.parseStatements(terminator: .rightBrace)
            (p.allowTrailingClosure, p.stopAtNewline, p.inPattern) = saved
        }
        expectClosingBrace()
        finish(.codeBlock, m)
    }

    mutating func expectClosingBrace() {
        if at(.rightBrace) { bump() } else { error("expected '}'") }
    }

    mutating func parseStatement() {
        nested { p in p.parseStatementUnguarded() }
    }

    private mutating func parseStatementUnguarded() {
        if at(.poundIf) && !isIfConfigOfAttributes(at: pos) { parseIfConfig(.statements); return }
        if at(.poundSourceLocation) {
            // `#sourceLocation(file: "a.swift", line: 1)` between statements, as between members.
            let m = mark()
            bump()
            if at(.leftParen) { skipBalanced() }
            finish(.macroExpansionDecl, m)
            return
        }
        if isStartOfDeclaration(inMembers: false) { parseDeclaration(); return }
        switch keyword {
        case .if where kind == .keyword: let m = mark(); parseIf(); parseCastsOfStatementExpression(m); return
        case .guard: parseGuard(); return
        case .for: parseFor(); return
        case .while: parseWhile(); return
        case .repeat where peek().kind == .leftBrace: parseRepeat(); return
        case .do: parseDo(); return
        case .defer: let m = mark(); bump(); parseCodeBlock(); finish(.deferStmt, m); return
        case .return: parseReturnLike(.returnStmt); return
        case .throw: let m = mark(); bump(); parseExpression(); finish(.throwStmt, m); return
        case .break, .continue:
            let m = mark()
            let kind: SyntaxKind = at(.break) ? .breakStmt : .continueStmt
            bump()
            if at(.identifier) && !atStartOfLine { bump() }
            finish(kind, m)
            return
        case .fallthrough: let m = mark(); bump(); finish(.fallthroughStmt, m); return
        case .switch where kind == .keyword: let m = mark(); parseSwitch(); parseCastsOfStatementExpression(m); return
        case .discard where peek().kind == .keyword && !peekStartOfLine(1):
            let m = mark(); bump(); parseExpression(); finish(.discardStmt, m); return
        case .yield where kind == .identifier && !peekStartOfLine(1) && canStartExpression(peek()) && peek().kind != .leftParen:
            parseReturnLike(.yieldStmt); return
        default: break
        }
        // `label: for …`
        if at(.identifier) && peek().kind == .colon {
            let next = peek(2)
            if next.keyword == .for || next.keyword == .while || next.keyword == .repeat || next.keyword == .do
                || next.keyword == .if || next.keyword == .switch {
                let m = mark()
                bump(); bump()
                parseStatement()
                finish(.labeledStmt, m)
                return
            }
        }
        parseExpression()
    }

    func peekStartOfLine(_ offset: Int) -> Bool { peek(offset).flags.contains(.atStartOfLine) }

    private mutating func parseReturnLike(_ kind: SyntaxKind) {
        let m = mark()
        bump()
        if kind == .returnStmt ? isStartOfReturnValue() : !atStartOfLine && isStartOfReturnValue() {
            parseExpression()
        }
        finish(kind, m)
    }

    /// Whether the token after `return` starts its value. As in SwiftParser
    /// (`isStartOfReturnExpr`), the value may start on the next line: `return` is bare
    /// only before `}`, `;`, a `case` or `default` label, a `#if` clause, a statement
    /// (but `if` and `switch` are values) or a declaration.
    func isStartOfReturnValue() -> Bool {
        switch kind {
        case .endOfFile, .rightBrace, .semicolon, .poundIf, .poundElse, .poundElseif, .poundEndif,
             .rightParen, .rightSquare, .comma:
            return false
        case .pound:
            // `return #colorLiteral(…)`: a macro expression on the line of `return` is its value.
            return !atStartOfLine
        case .keyword:
            switch keyword {
            case .case, .default: return false
            case .if, .switch: return true
            default: break
            }
        default:
            break
        }
        if isStartOfStatementKeyword() || isStartOfDeclaration(inMembers: false) { return false }
        return !(atStartOfLine && isStartOfSwitchCaseLabel())
    }

    /// Whether a statement that is not an expression starts here, after an optional
    /// `label:` (SwiftParser's `atStartOfStatement(preferExpr: true)`).
    private func isStartOfStatementKeyword() -> Bool {
        var i = pos
        if token(i).kind == .identifier && token(i + 1).kind == .colon { i += 2 }
        let t = token(i)
        switch t.keyword {
        case .return, .throw, .defer, .if, .guard, .while, .do, .for, .break, .continue, .fallthrough, .switch:
            return t.kind == .keyword
        case .repeat:
            return t.kind == .keyword && token(i + 1).kind == .leftBrace
        default:
            return false
        }
    }

    // MARK: - Conditions

    /// `cond, let x = y, case .a = b, #available(…)`
    mutating func parseConditionList() {
        let m = mark()
        let saved = allowTrailingClosure
        allowTrailingClosure = false
        while true {
            let before = pos
            parseCondition()
            if pos == before { error("expected condition"); break }
            if at(.comma) { bump() } else { break }
        }
        allowTrailingClosure = saved
        finish(.conditionList, m)
    }

    private mutating func parseCondition() {
        let m = mark()
        if (at(.let) || at(.var)) && kind == .keyword {
            bump()
            parsePattern()
            if at(.colon) { parseTypeAnnotation() }
            if at(.equal) { parseInitializerClause() }
        } else if at(.case) {
            bump()
            parseCasePattern()
            if at(.equal) { parseInitializerClause() }
        } else if at(.poundAvailable) {
            bump()
            if at(.leftParen) { skipBalanced() } else { error("expected '(' after #available") }
        } else {
            parseExpression()
        }
        finish(.condition, m)
    }

    // MARK: - Compound statements

    /// `if` as a statement or an expression.
    mutating func parseIf() {
        let m = mark()
        bump()
        parseConditionList()
        parseCodeBlock()
        if at(.else) {
            bump()
            if at(.if) { nested { p in p.parseIf() } } else { parseCodeBlock() }
        }
        finish(.ifExpr, m)
    }

    private mutating func parseGuard() {
        let m = mark()
        bump()
        parseConditionList()
        expect(.else, "'else'")
        parseCodeBlock()
        finish(.guardStmt, m)
    }

    private mutating func parseFor() {
        let m = mark()
        bump()
        if at(.try) { bump() }
        if at(.await) { bump() }
        // `for unsafe x in xs`; in `for unsafe in xs` the word is the variable.
        if at(.unsafe) && peek().keyword != .in && peek().kind != .colon { bump() }
        let savedTrailing = allowTrailingClosure
        allowTrailingClosure = false
        if at(.case) { bump(); parseCasePattern() } else { parsePattern() }
        if at(.colon) { parseTypeAnnotation() }
        expect(.in, "'in'")
        parseExpression()
        if at(.where) { bump(); parseExpression() }
        allowTrailingClosure = savedTrailing
        parseCodeBlock()
        finish(.forStmt, m)
    }

    private mutating func parseWhile() {
        let m = mark()
        bump()
        parseConditionList()
        parseCodeBlock()
        finish(.whileStmt, m)
    }

    private mutating func parseRepeat() {
        let m = mark()
        bump()
        parseCodeBlock()
        expect(.while, "'while'")
        parseExpression()
        finish(.repeatStmt, m)
    }

    private mutating func parseDo() {
        let m = mark()
        bump()
        if at(.throws) { parseEffectSpecifiers() }
        parseCodeBlock()
        while at(.catch) {
            let c = mark()
            bump()
            if !at(.leftBrace) { parseCasePatternList(inCatch: true) }
            parseCodeBlock()
            finish(.catchClause, c)
        }
        finish(.doStmt, m)
    }

    // MARK: - Switch

    /// `switch` as a statement or an expression.
    mutating func parseSwitch() {
        let m = mark()
        bump()
        let saved = allowTrailingClosure
        allowTrailingClosure = false
        parseExpression()
        allowTrailingClosure = saved
        if at(.leftBrace) {
            bump()
            nested { p in p.parseSwitchCases() }
            expectClosingBrace()
        } else {
            error("expected '{' after switch subject")
        }
        finish(.switchExpr, m)
    }

    mutating func parseSwitchCases() {
        while !atEnd && !at(.rightBrace) && !at(.poundElse) && !at(.poundElseif) && !at(.poundEndif) {
            let before = pos
            if at(.poundIf) {
                parseIfConfig(.switchCases)
            } else if isStartOfSwitchCaseLabel() {
                parseSwitchCase()
            } else {
                skipOne("expected 'case' or 'default' in switch")
            }
            if pos == before { skipOne("unexpected token in switch") }
        }
    }

    func isStartOfSwitchCaseLabel() -> Bool {
        if at(.case) || (at(.default) && peek().kind == .colon) { return true }
        if at(.at) && peek().keyword == .none && tokenIs(pos + 1, "unknown") { return true }
        return false
    }

    private mutating func parseSwitchCase() {
        let m = mark()
        let label = mark()
        if at(.at) {
            let a = mark()
            bump(); bump()
            finish(.attribute, a)
        }
        if at(.default) {
            bump()
        } else {
            expect(.case, "'case'")
            parseCasePatternList(inCatch: false)
        }
        expect(.colon, "':'")
        finish(.switchCaseLabel, label)
        parseStatements(terminator: .rightBrace)
        finish(.switchCase, m)
    }

    /// `pattern where condition, pattern, …` of a `catch` or a `case` label, read as a
    /// condition (SwiftParser's `stmtCondition` flavor). A `catch` item may have no
    /// pattern: `catch where condition {`.
    private mutating func parseCasePatternList(inCatch: Bool) {
        let saved = allowTrailingClosure
        allowTrailingClosure = false
        while true {
            let before = pos
            if !(inCatch && at(.where)) { parseCasePattern() }
            if at(.where) { bump(); parseExpression() }
            if pos == before || !at(.comma) { break }
            bump()
        }
        allowTrailingClosure = saved
    }

    // MARK: - #if

    /// `#if cond … #elseif cond … #else … #endif`, with clause contents as `content`.
    mutating func parseIfConfig(_ content: IfConfigContent) {
        let m = mark()
        nested { p in
            while p.at(.poundIf) || p.at(.poundElseif) || p.at(.poundElse) {
                let clause = p.mark()
                let isElse = p.at(.poundElse)
                p.bump()
                if !isElse {
                    let saved = (p.stopAtNewline, p.allowTrailingClosure)
                    p.stopAtNewline = true
                    p.allowTrailingClosure = false
                    if !p.atStartOfLine && !p.atEnd { p.parseExpression() } else { p.error("expected condition after #if") }
                    (p.stopAtNewline, p.allowTrailingClosure) = saved
                }
                p.parseIfConfigContent(content)
                p.finish(.ifConfigClause, clause)
            }
        }
        expect(.poundEndif, "'#endif'")
        finish(.ifConfig, m)
    }

    private mutating func parseIfConfigContent(_ content: IfConfigContent) {
        switch content {
        case .statements:
            while !atEnd && !at(.poundElse) && !at(.poundElseif) && !at(.poundEndif) {
                let before = pos
                if at(.semicolon) { bump(); continue }
                if isCloser(kind) { skipOne("unexpected '\(tokenText(pos))' in #if"); continue }
                parseStatement()
                if pos == before { skipOne("unexpected token in #if") }
            }
        case .members:
            parseMembers(inIfConfig: true)
        case .switchCases:
            parseSwitchCases()
        case .attributes:
            while at(.at) || at(.poundIf) {
                if at(.poundIf) { parseIfConfig(.attributes) } else { parseAttributes() }
            }
        case .postfix:
            while !atEnd && !at(.poundElse) && !at(.poundElseif) && !at(.poundEndif) {
                let before = pos
                if at(.poundIf) {
                    parseIfConfig(.postfix)
                } else if at(.period) {
                    let m = mark()
                    parsePostfixSuffixes(m, allowBareCalls: false)
                } else {
                    skipOne("expected a member in postfix #if")
                }
                if pos == before { skipOne("unexpected token in #if") }
            }
        }
    }

    /// Whether a `#if` at the current position holds switch cases.
    func isIfConfigOfSwitchCases() -> Bool {
        var i = pos + 1
        while i < tokens.count - 1 && !token(i).flags.contains(.atStartOfLine) { i += 1 }
        // Nested `#if`s (`#if !os(watchOS)` over `#if DEBUG`) and empty clauses (`#if NEVER⏎#elseif X`):
        // the first line past their conditions.
        while token(i).kind == .poundIf || token(i).kind == .poundElseif || token(i).kind == .poundElse {
            let isElse = token(i).kind == .poundElse
            i += 1
            if isElse { continue }
            while i < tokens.count - 1 && !token(i).flags.contains(.atStartOfLine) { i += 1 }
        }
        let t = token(i)
        return t.keyword == .case || t.keyword == .default || t.kind == .at
    }

    /// Whether the `#if` at `start` holds only attributes in every clause, so that it
    /// belongs to the declaration that follows its `#endif`.
    func isIfConfigOfAttributes(at start: Int) -> Bool {
        var i = start
        var depth = 0
        var sawAttribute = false
        while i < tokens.count - 1 {
            let t = token(i)
            switch t.kind {
            case .poundIf:
                depth += 1
                i += 1
                while !token(i).flags.contains(.atStartOfLine) && token(i).kind != .endOfFile { i += 1 }
                continue
            case .poundElseif:
                i += 1
                while !token(i).flags.contains(.atStartOfLine) && token(i).kind != .endOfFile { i += 1 }
                continue
            case .poundElse:
                i += 1
                continue
            case .poundEndif:
                depth -= 1
                if depth == 0 {
                    let next = token(i + 1)
                    return sawAttribute && next.kind != .endOfFile && next.kind != .rightBrace
                }
                i += 1
                continue
            case .at:
                sawAttribute = true
                i += 1
                guard token(i).kind == .identifier || token(i).kind == .keyword else { return false }
                i += 1
                while token(i).kind == .period && (token(i + 1).kind == .identifier || token(i + 1).kind == .keyword) {
                    i += 2
                }
                if token(i).kind == .leftParen && !token(i).flags.contains(.atStartOfLine) { i = skipParens(i) }
                continue
            default:
                return false
            }
        }
        return false
    }

    /// Whether a `#if` at the current position continues a postfix chain: its first
    /// clause's body starts with `.member`.
    func isPostfixIfConfig() -> Bool {
        var i = pos + 1
        while i < tokens.count - 1 && !token(i).flags.contains(.atStartOfLine) { i += 1 }
        // A nested `#if` first (`#if A⏎#if B⏎.member`): the first line past the conditions.
        while token(i).kind == .poundIf {
            i += 1
            while i < tokens.count - 1 && !token(i).flags.contains(.atStartOfLine) { i += 1 }
        }
        return token(i).kind == .period
    }
}
