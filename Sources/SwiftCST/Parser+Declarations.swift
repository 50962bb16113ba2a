// Declarations: types, extensions, variables with their bindings and accessors,
// functions, initializers, subscripts, enum cases, macros, imports, operators.

extension Parser {
    // MARK: - Recognising declarations

    /// Whether a declaration starts here. In member blocks `case` and `init` count too.
    func isStartOfDeclaration(inMembers: Bool) -> Bool {
        var i = pos
        while true {
            let t = token(i)
            if t.kind == .at { return true }
            if t.kind == .poundIf && i == pos { return isIfConfigOfAttributes(at: i) }
            if t.kind == .pound && i == pos {
                return inMembers || token(i + 1).kind == .identifier && isDeclarationMacro(i + 1)
            }
            if t.kind == .pound { return true }  // `public #memberMacro`: modifiers, then a macro
            if t.kind == .keyword {
                switch t.keyword {
                case .let, .var, .func, .struct, .enum, .extension, .protocol, .typealias,
                     .associatedtype, .import, .subscript, .deinit, .operator, .precedencegroup:
                    return true
                case .`init`:
                    return inMembers || i > pos
                case .case:
                    return inMembers
                case .class:
                    // `class Foo` or `class func` — not `class` as an expression.
                    let next = token(i + 1)
                    return next.kind == .identifier || next.kind == .keyword || next.kind == .at
                case .static, .private, .fileprivate, .internal, .public, .open:
                    i += 1
                    if token(i).kind == .leftParen { i = skipParens(i) }
                    continue
                case .inout, .rethrows, .throws:
                    return false
                default:
                    return false
                }
            }
            if t.kind == .identifier {
                switch t.keyword {
                case .actor, .macro:
                    return token(i + 1).kind == .identifier && !token(i + 1).flags.contains(.atStartOfLine)
                case .final, .override, .mutating, .nonmutating, .lazy, .weak, .unowned, .optional, .open,
                     .required, .convenience, .dynamic, .indirect, .prefix, .postfix, .infix,
                     .nonisolated, .distributed, .package, .async, .consuming, .borrowing, .isolated, .__consuming:
                    let next = token(i + 1)
                    if next.flags.contains(.atStartOfLine) && i == pos && !inMembers { return false }
                    if next.kind == .leftParen {
                        // `unowned(safe) var`, `nonisolated(unsafe)⏎let`: one word in the parentheses;
                        // `optional(x: 1)` is a call, as for SwiftParser.
                        let after = skipParens(i + 1)
                        if (token(after).kind == .keyword || token(after).kind == .identifier) && after - i == 4 {
                            i = after
                            continue
                        }
                        return false
                    }
                    if next.kind == .keyword || (next.kind == .identifier && isModifierLike(next)) {
                        i += 1
                        continue
                    }
                    return false
                default:
                    return false
                }
            }
            return false
        }
    }

    private func isModifierLike(_ t: RawToken) -> Bool {
        switch t.keyword {
        case .final, .override, .mutating, .nonmutating, .lazy, .weak, .unowned, .optional, .required, .open,
             .convenience, .dynamic, .indirect, .prefix, .postfix, .infix, .nonisolated, .distributed,
             .package, .actor, .macro, .consuming, .borrowing, .isolated, .__consuming:
            return true
        default:
            return false
        }
    }

    /// `#Preview`, `#warning`, `#error` and other freestanding macros at statement start
    /// count as declarations only when not followed by a member access or operator.
    private func isDeclarationMacro(_ nameIndex: Int) -> Bool {
        let next = token(nameIndex + 1)
        return next.kind != .period && next.kind != .binaryOperator && next.kind != .equal
    }

    /// Index just past the parenthesised group starting at `open`.
    func skipParens(_ open: Int) -> Int {
        var i = open
        var depth = 0
        repeat {
            switch token(i).kind {
            case .endOfFile: return i
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            default: break
            }
            i += 1
        } while depth > 0
        return i
    }

    // MARK: - Declarations

    mutating func parseDeclaration() {
        nested { p in p.parseDeclarationUnguarded() }
    }

    private mutating func parseDeclarationUnguarded() {
        let m = mark()
        if at(.pound) {
            parseMacroExpansion(.macroExpansionDecl, m)
            return
        }
        parseAttributes()
        parseModifiers()
        switch keyword {
        case .let, .var: parseVariableDecl(m)
        case .func: parseFunctionDecl(m)
        case .`init`: parseInitializerDecl(m)
        case .deinit:
            bump()
            if at(.async) { parseEffectSpecifiers() }
            if at(.leftBrace) { parseCodeBlock() }
            finish(.deinitDecl, m)
        case .subscript: parseSubscriptDecl(m)
        case .struct: parseTypeDecl(.structDecl, m)
        case .class: parseTypeDecl(.classDecl, m)
        case .enum: parseTypeDecl(.enumDecl, m)
        case .actor: parseTypeDecl(.actorDecl, m)
        case .protocol: parseTypeDecl(.protocolDecl, m)
        case .extension: parseExtensionDecl(m)
        case .typealias: parseTypealiasDecl(m)
        case .associatedtype: parseAssociatedtypeDecl(m)
        case .import: parseImportDecl(m)
        case .case: parseEnumCaseDecl(m)
        case .operator: parseRestOfLine(.operatorDecl, m)
        case .precedencegroup:
            bump()
            if at(.identifier) { bump() }
            if at(.leftBrace) { skipBalanced() } else { error("expected '{'") }
            finish(.precedenceGroupDecl, m)
        case .macro: parseMacroDecl(m)
        default:
            if at(.pound) {
                parseMacroExpansion(.macroExpansionDecl, m)
            } else {
                error("expected a declaration")
                finish(.unexpected, m)
            }
        }
    }

    mutating func parseAttributes() {
        while at(.at) || (at(.poundIf) && isIfConfigOfAttributes(at: pos)) {
            if at(.poundIf) {
                parseIfConfig(.attributes)
                continue
            }
            let m = mark()
            bump()
            if at(.identifier) || at(.keyword) {
                parseModuleSelectorIfPresent()
                bump()
                while true {
                    if isGenericArgumentStart() {
                        parseGenericArguments()
                    } else if at(.period) && (peek().kind == .identifier || peek().kind == .keyword)
                        && current.textStart == tokens[pos - 1].trailingEnd {
                        bump(); bump()
                    } else {
                        break
                    }
                }
            } else {
                error("expected attribute name")
            }
            // Arguments only when `(` touches the name: `@available(…)`, not `@MainActor (x)`.
            if at(.leftParen) && tokens[pos - 1].textEnd == tokens[pos - 1].trailingEnd
                && current.textStart == tokens[pos - 1].textEnd {
                if attributeArgumentsAreExpressions(m.token + 1) {
                    // `@attached(extension, names: named(deinit))`: roles and names may be keywords.
                    let saved = keywordsAreNames
                    keywordsAreNames = tokenIs(m.token + 1, "attached") || tokenIs(m.token + 1, "freestanding")
                    parseArgumentList(open: .leftParen, close: .rightParen)
                    keywordsAreNames = saved
                } else if tokenIs(m.token + 1, "specialized") || tokenIs(m.token + 1, "_specialize") {
                    parseSpecializeArguments()
                } else {
                    let a = mark()
                    skipBalanced()
                    finish(.argumentList, a)
                }
            }
            finish(.attribute, m)
        }
    }

    /// `(exported: true, where T == Int)`: the where clause's requirements are types, as in
    /// SwiftParser's tree; the other arguments stay tokens.
    private mutating func parseSpecializeArguments() {
        let a = mark()
        bump()
        while !atEnd && !at(.rightParen) {
            let before = pos
            if at(.where) { parseGenericWhereClause() } else { skipBalanced() }
            if pos == before { break }
        }
        expect(.rightParen, "')'")
        finish(.argumentList, a)
    }

    /// Attributes whose arguments are not expressions (`@available(iOS 15, *)`).
    private func attributeArgumentsAreExpressions(_ nameIndex: Int) -> Bool {
        !(tokenIs(nameIndex, "available") || tokenIs(nameIndex, "objc") || tokenIs(nameIndex, "_specialize")
            || tokenIs(nameIndex, "specialized")
            || tokenIs(nameIndex, "backDeployed") || tokenIs(nameIndex, "_originallyDefinedIn")
            || tokenIs(nameIndex, "differentiable") || tokenIs(nameIndex, "derivative")
            || tokenIs(nameIndex, "_implements") || tokenIs(nameIndex, "_effects")
            || tokenIs(nameIndex, "_spi") || tokenIs(nameIndex, "_documentation")
            || tokenIs(nameIndex, "_silgen_name") || tokenIs(nameIndex, "_cdecl")
            || tokenIs(nameIndex, "abi") || tokenIs(nameIndex, "_expose") || tokenIs(nameIndex, "storageRestrictions"))
    }

    mutating func parseModifiers() {
        while true {
            let t = current
            var isModifier = false
            if t.kind == .keyword {
                switch t.keyword {
                case .static, .private, .fileprivate, .internal, .public, .open: isModifier = true
                case .class:
                    let next = peek()
                    isModifier = next.kind == .keyword || (next.kind == .identifier && isModifierLike(next))
                default: break
                }
            } else if t.kind == .identifier && t.keyword == .async {
                isModifier = peek().keyword == .let || peek().keyword == .var
            } else if t.kind == .identifier && isModifierLike(t) && t.keyword != .actor && t.keyword != .macro {
                let next = peek()
                isModifier = next.kind == .keyword || next.kind == .identifier || next.kind == .leftParen
                if t.keyword == .async { isModifier = next.keyword == .let || next.keyword == .var }
            }
            guard isModifier else { return }
            let m = mark()
            bump()
            if at(.leftParen) && !atStartOfLine {
                let after = skipParens(pos)
                if after - pos <= 4 { while pos < after { bump() } }
            }
            finish(.modifier, m)
        }
    }

    // MARK: - Variables

    private mutating func parseVariableDecl(_ m: Marker) {
        bump()
        while true {
            let b = mark()
            parsePattern()
            if at(.colon) { parseTypeAnnotation() }
            if at(.equal) { parseInitializerClause() }
            if at(.leftBrace) { parseAccessorBlock() }
            finish(.patternBinding, b)
            if at(.comma) { bump() } else { break }
        }
        finish(.variableDecl, m)
    }

    mutating func parseTypeAnnotation() {
        let m = mark()
        bump()
        parseType()
        finish(.typeAnnotation, m)
    }

    mutating func parseInitializerClause() {
        let m = mark()
        bump()
        parseExpression()
        finish(.initializerClause, m)
    }

    /// `{ get set }`, `{ willSet { } didSet { } }`, or an implicit getter's statements.
    mutating func parseAccessorBlock() {
        let m = mark()
        bump()
        if isAccessorBlockStart(pos - 1) {
            while !atEnd && !at(.rightBrace) {
                let before = pos
                if at(.poundIf) {
                    parseIfConfig(.members)
                    continue
                }
                let a = mark()
                parseAttributes()
                parseModifiers()
                if at(.identifier) || at(.`init`) { bump() } else { error("expected accessor") }
                if at(.leftParen) { skipBalanced() }
                if at(.async) || at(.throws) || at(.rethrows) { parseEffectSpecifiers() }
                if at(.leftBrace) { parseCodeBlock() }
                finish(.accessorDecl, a)
                if pos == before { skipOne("unexpected token in accessors") }
            }
        } else if skipsBodies {
            // An implicit getter's statements, kept as tokens up to the closing brace.
            while !atEnd && !at(.rightBrace) { skipBalanced() }
        } else {
            nested { p in
                let saved = (p.allowTrailingClosure, p.stopAtNewline, p.inPattern)
                (p.allowTrailingClosure, p.stopAtNewline, p.inPattern) = (true, false, false)
                p.parseStatements(terminator: .rightBrace)
                (p.allowTrailingClosure, p.stopAtNewline, p.inPattern) = saved
            }
        }
        expectClosingBrace()
        finish(.accessorBlock, m)
    }

    /// Whether the `{` at `open` starts a block of accessors (`get`, `set`, `willSet`…).
    func isAccessorBlockStart(_ open: Int) -> Bool {
        var i = open + 1
        while token(i).kind == .at {
            i += 2
            if token(i).kind == .leftParen { i = skipParens(i) }
        }
        while token(i).keyword == .mutating || token(i).keyword == .nonmutating
            || token(i).keyword == .override || token(i).keyword == .private {
            i += 1
            if token(i).kind == .leftParen { i = skipParens(i) }
        }
        let t = token(i)
        switch t.keyword {
        case .get, .set, .willSet, .didSet, ._modify, ._read, .modify, .read:
            let next = token(i + 1)
            // Only `set`, `willSet` and `didSet` name their parameter, `set(value) {`: `read()`
            // and `set(1)` (a closure that starts with a call) are calls.
            let takesParameter = t.keyword == .set || t.keyword == .willSet || t.keyword == .didSet
            let namesParameter = next.kind == .leftParen && takesParameter && token(i + 2).kind == .identifier
                && token(i + 3).kind == .rightParen && token(i + 4).kind == .leftBrace
            return next.kind == .leftBrace || next.kind == .rightBrace || namesParameter
                || next.keyword == .get || next.keyword == .set || next.keyword == .async
                || next.keyword == .throws || next.kind == .at || next.keyword == .mutating
                || next.keyword == .nonmutating || next.flags.contains(.atStartOfLine)
        case .`init` where t.kind == .keyword:
            return token(i + 1).kind == .leftParen || token(i + 1).kind == .leftBrace
        default:
            if t.kind == .identifier && (tokenIs(i, "unsafeAddress") || tokenIs(i, "unsafeMutableAddress")) {
                return true
            }
            return false
        }
    }

    // MARK: - Functions

    private mutating func parseFunctionDecl(_ m: Marker) {
        bump()
        if at(.identifier) || isOperator(current) || at(.keyword) || at(.exclamation)
            || at(.postfixQuestion) || at(.infixQuestion) || at(.equal) || at(.prefixAmpersand) {
            // `func ==<T>(…)`: the lexer glued the generic clause's `<` to the operator's name.
            if isOperator(current) && current.textEnd - current.textStart > 1 && (peek().kind == .identifier || peek().keyword == .let)
                && peek().textStart == current.textEnd && bytes[Int(current.textEnd) - 1] == UInt8(ascii: "<") {
                splitLastByte()
            }
            bump()
        } else {
            error("expected function name")
        }
        if isGenericParameterStart() { parseGenericParameters() }
        parseFunctionSignature()
        if at(.where) { parseGenericWhereClause() }
        if at(.leftBrace) { parseCodeBlock() }
        finish(.functionDecl, m)
    }

    private mutating func parseInitializerDecl(_ m: Marker) {
        bump()
        if at(.postfixQuestion) || at(.exclamation) { bump() }
        if isGenericParameterStart() { parseGenericParameters() }
        parseFunctionSignature()
        if at(.where) { parseGenericWhereClause() }
        if at(.leftBrace) { parseCodeBlock() }
        finish(.initializerDecl, m)
    }

    private mutating func parseSubscriptDecl(_ m: Marker) {
        bump()
        if isGenericParameterStart() { parseGenericParameters() }
        parseFunctionSignature()
        if at(.where) { parseGenericWhereClause() }
        if at(.leftBrace) { parseAccessorBlock() }
        finish(.subscriptDecl, m)
    }

    private mutating func parseMacroDecl(_ m: Marker) {
        bump()
        if at(.identifier) { bump() } else { error("expected macro name") }
        if isGenericParameterStart() { parseGenericParameters() }
        parseFunctionSignature()
        if at(.equal) { parseInitializerClause() }
        if at(.where) { parseGenericWhereClause() }
        finish(.macroDecl, m)
    }

    /// `(parameters) async throws -> Result`
    mutating func parseFunctionSignature() {
        let m = mark()
        parseParameterClause()
        if at(.async) || at(.throws) || at(.rethrows) || (at(.identifier) && currentIs("reasync")) {
            parseEffectSpecifiers()
        }
        if at(.arrow) {
            let r = mark()
            bump()
            parseType()
            finish(.returnClause, r)
        }
        finish(.functionSignature, m)
    }

    mutating func parseParameterClause() {
        let m = mark()
        guard at(.leftParen) else {
            error("expected '('")
            finish(.parameterClause, m)
            return
        }
        bump()
        while !atEnd && !at(.rightParen) {
            let before = pos
            let p = mark()
            // `case custom(@Sendable () -> Void)`: without a name, attributes belong to the type.
            if !at(.at) || attributesPrecedeParameterName() { parseAttributes() }
            // External and internal names (any word may be a label), or a bare type as in
            // an enum case's associated values: `case tags([Tag])`.
            if isParameterName(current) && peek().kind == .colon {
                bump()
            } else if isParameterName(current) && isParameterName(peek()) && peek(2).kind == .colon {
                bump(); bump()
            }
            if at(.colon) {
                bump()
                parseType()
            } else if !at(.rightParen) && !at(.comma) {
                parseType()
            }
            if (at(.postfixOperator) || at(.binaryOperator)) && currentIs("...") { bump() }
            if at(.equal) { parseInitializerClause() }
            if at(.comma) { bump() }
            finish(.parameter, p)
            if pos == before {
                skipOne("unexpected token in parameter list")
            }
            if at(.leftBrace) || at(.rightBrace) { break }
        }
        expect(.rightParen, "')'")
        finish(.parameterClause, m)
    }

    /// Whether the attributes at the cursor are followed by `name:` or `label name:`.
    func attributesPrecedeParameterName() -> Bool {
        var i = pos
        while token(i).kind == .at {
            i += 2  // `@` and the name
            if token(i).kind == .colonColon { i += 2 }  // `@Module::Builder`
            while token(i).kind == .period && isParameterName(token(i + 1)) { i += 2 }
            if isOperator(token(i)) && firstByte(i) == UInt8(ascii: "<") && token(i).textStart == token(i - 1).textEnd {
                // `@TableRowBuilder<V> content:`
                var depth = 0
                repeat {
                    let t = token(i)
                    if t.kind == .endOfFile { return false }
                    if isOperator(t) {
                        for b in bytes[Int(t.textStart)..<Int(t.textEnd)] {
                            if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">") { depth -= 1 }
                        }
                    }
                    i += 1
                } while depth > 0
            }
            if token(i).kind == .leftParen && token(i).textStart == token(i - 1).textEnd {
                guard let end = balancedParenthesesEnd(from: i) else { return false }
                i = end
            }
        }
        if isParameterName(token(i)) && token(i + 1).kind == .colon { return true }
        return isParameterName(token(i)) && isParameterName(token(i + 1)) && token(i + 2).kind == .colon
    }

    func isParameterName(_ t: RawToken) -> Bool {
        t.kind == .identifier || t.kind == .keyword || t.kind == .dollarIdentifier
    }

    /// `async`, `throws`, `throws(E)`, `rethrows`, in any order.
    mutating func parseEffectSpecifiers() {
        let m = mark()
        while at(.async) || at(.throws) || at(.rethrows) || (at(.identifier) && currentIs("reasync")) {
            let isThrows = at(.throws)
            bump()
            if isThrows && at(.leftParen) && !atStartOfLine {
                bump()
                parseType()
                expect(.rightParen, "')'")
            }
        }
        finish(.effectSpecifiers, m)
    }

    // MARK: - Types

    private mutating func parseTypeDecl(_ kind: SyntaxKind, _ m: Marker) {
        bump()
        if at(.identifier) || at(.keyword) { bump() } else { error("expected type name") }
        if isGenericParameterStart() { parseGenericParameters() }
        if at(.colon) { parseInheritanceClause() }
        if at(.where) { parseGenericWhereClause() }
        parseMemberBlock()
        finish(kind, m)
    }

    private mutating func parseExtensionDecl(_ m: Marker) {
        bump()
        parseType()
        if at(.colon) { parseInheritanceClause() }
        if at(.where) { parseGenericWhereClause() }
        parseMemberBlock()
        finish(.extensionDecl, m)
    }

    mutating func parseInheritanceClause() {
        let m = mark()
        bump()
        while true {
            let before = pos
            parseType()
            if pos == before || !at(.comma) { break }
            bump()
        }
        finish(.inheritanceClause, m)
    }

    mutating func parseMemberBlock() {
        let m = mark()
        guard at(.leftBrace) else {
            error("expected '{'")
            finish(.memberBlock, m)
            return
        }
        bump()
        nested { p in p.parseMembers(inIfConfig: false) }
        expectClosingBrace()
        finish(.memberBlock, m)
    }

    mutating func parseMembers(inIfConfig: Bool) {
        while !atEnd && !at(.rightBrace) {
            if inIfConfig && (at(.poundElse) || at(.poundElseif) || at(.poundEndif)) { return }
            let before = pos
            if at(.semicolon) { bump(); continue }
            if at(.poundIf) && !isIfConfigOfAttributes(at: pos) {
                parseIfConfig(.members)
            } else if at(.poundSourceLocation) {
                let m = mark()
                bump()
                if at(.leftParen) { skipBalanced() }
                finish(.macroExpansionDecl, m)
            } else if isStartOfDeclaration(inMembers: true) {
                parseDeclaration()
            } else {
                // Skip to the next line that starts a declaration.
                let m = mark()
                error("expected a declaration")
                repeat { skipBalanced() } while !atEnd && !at(.rightBrace)
                    && !(atStartOfLine && (isStartOfDeclaration(inMembers: true) || at(.poundIf)))
                    && !at(.poundElse) && !at(.poundElseif) && !at(.poundEndif)
                finish(.unexpected, m)
            }
            if pos == before { skipOne("unexpected token in declarations") }
        }
    }

    private mutating func parseTypealiasDecl(_ m: Marker) {
        bump()
        if at(.identifier) || at(.keyword) { bump() } else { error("expected name") }
        if isGenericParameterStart() { parseGenericParameters() }
        if at(.equal) {
            let i = mark()
            bump()
            parseType()
            finish(.initializerClause, i)
        } else {
            error("expected '='")
        }
        if at(.where) { parseGenericWhereClause() }
        finish(.typealiasDecl, m)
    }

    private mutating func parseAssociatedtypeDecl(_ m: Marker) {
        bump()
        if at(.identifier) || at(.keyword) { bump() } else { error("expected name") }
        if at(.colon) { parseInheritanceClause() }
        if at(.equal) {
            let i = mark()
            bump()
            parseType()
            finish(.initializerClause, i)
        }
        if at(.where) { parseGenericWhereClause() }
        finish(.associatedtypeDecl, m)
    }

    private mutating func parseImportDecl(_ m: Marker) {
        bump()
        // `import struct Foo.Bar`, `import struct Foo::Bar`
        if at(.keyword) && !atStartOfLine && peek().kind == .identifier { bump() }
        if at(.identifier) || at(.keyword) { bump() } else { error("expected module name") }
        while (at(.period) || at(.colonColon)) && !atStartOfLine {
            bump()
            if at(.identifier) || at(.keyword) || isOperator(current) { bump() }
        }
        finish(.importDecl, m)
    }

    private mutating func parseEnumCaseDecl(_ m: Marker) {
        bump()
        while true {
            let e = mark()
            if at(.identifier) || at(.keyword) { bump() } else { error("expected case name") }
            if at(.leftParen) { parseParameterClause() }
            if at(.equal) { parseInitializerClause() }
            finish(.enumCaseElement, e)
            if at(.comma) { bump() } else { break }
        }
        finish(.enumCaseDecl, m)
    }

    private mutating func parseRestOfLine(_ kind: SyntaxKind, _ m: Marker) {
        bump()
        while !atEnd && !atStartOfLine && !at(.rightBrace) && !at(.semicolon) { skipBalanced() }
        finish(kind, m)
    }

    // MARK: - Generics

    func isGenericParameterStart() -> Bool {
        (isOperator(current)) && firstByte(pos) == UInt8(ascii: "<")
    }

    /// `<T: View, each U, let n: Int>`
    mutating func parseGenericParameters() {
        let m = mark()
        splitIfLonger()
        bump()
        while !atEnd && !isClosingAngle() {
            let before = pos
            let p = mark()
            parseAttributes()
            if at(.each) || at(.let) { bump() }
            if at(.identifier) || at(.keyword) { bump() }
            if at(.colon) {
                bump()
                parseType()
            }
            if at(.comma) { bump() }
            finish(.genericParameter, p)
            if pos == before { break }
        }
        expectClosingAngle()
        finish(.genericParameterClause, m)
    }

    /// `where T: P, U == V`
    mutating func parseGenericWhereClause() {
        let m = mark()
        bump()
        while true {
            let r = mark()
            let before = pos
            if !parseValueGenericArgumentIfPresent() { parseType() }
            if at(.colon) {
                bump()
                parseType()
            } else if at(.binaryOperator) && currentIs("==") {
                bump()
                if !parseValueGenericArgumentIfPresent() { parseType() }
            } else {
                error("expected ':' or '==' in requirement")
            }
            finish(.genericRequirement, r)
            if pos == before || !at(.comma) { break }
            bump()
        }
        finish(.genericWhereClause, m)
    }

    /// A declaration-level macro expansion: `#Preview { }`, `#warning("…")`.
    mutating func parseMacroExpansion(_ kind: SyntaxKind, _ m: Marker) {
        bump()
        parseModuleSelectorIfPresent()
        if at(.identifier) || at(.keyword) { bump() } else { error("expected macro name") }
        if isGenericArgumentStart() { parseGenericArguments() }
        if at(.leftParen) && !atStartOfLine {
            parseArgumentList(open: .leftParen, close: .rightParen)
        }
        if at(.leftBrace) && (!atStartOfLine || kind == .macroExpansionDecl) && allowTrailingClosure {
            parseTrailingClosures()
        }
        finish(kind, m)
    }
}
