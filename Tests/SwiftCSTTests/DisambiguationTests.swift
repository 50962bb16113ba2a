// Where Swift's grammar is ambiguous the parser follows SwiftParser's rules: a `{` in a
// condition, a `catch` without a pattern, `_` in generic arguments, `return` and a value
// on the next line. Each test asserts the exact tree: node kinds, nesting and text.
import XCTest
@testable import SwiftCST

final class DisambiguationTests: XCTestCase {
    /// Parses `source`, asserting the round trip and no diagnostics.
    private func parse(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> SyntaxTree {
        let tree = SyntaxTree.parse(source)
        XCTAssertEqual(tree.printed(), Array(source.utf8), "round trip", file: file, line: line)
        XCTAssertEqual(tree.diagnostics, [], "diagnostics for:\n\(source)\n\(tree.root.dump())", file: file, line: line)
        return tree
    }

    /// One line per node under `node` (itself included): its kind and its text, indented
    /// by depth. Tokens are left out; their text shows in their node's.
    private func outline(_ node: Node) -> [String] {
        var lines: [String] = []
        var stack: [(Node, Int)] = [(node, 0)]
        while let (current, depth) = stack.popLast() {
            lines.append(String(repeating: "  ", count: depth) + "\(current.kind) `\(current.text)`")
            for child in current.childNodes.reversed() { stack.append((child, depth + 1)) }
        }
        return lines
    }

    /// The outline of the only top-level statement of `source` parsed inside a function.
    private func statementOutline(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let tree = parse("func f() {\n" + source + "\n}\n", file: file, line: line)
        guard let body = tree.root.descendants(.codeBlock).first else {
            XCTFail("no body", file: file, line: line)
            return []
        }
        XCTAssertEqual(body.childNodes.count, 1, "statements: \(body.childNodes)", file: file, line: line)
        return body.childNodes.first.map(outline) ?? []
    }

    // MARK: - `{` in a condition

    func testTrailingClosureInIfConditionWhenTheExpressionContinues() {
        XCTAssertEqual(statementOutline("if xs.filter { $0 }.isEmpty { g() }"), [
            "ifExpr `if xs.filter { $0 }.isEmpty { g() }`",
            "  conditionList `xs.filter { $0 }.isEmpty`",
            "    condition `xs.filter { $0 }.isEmpty`",
            "      memberAccessExpr `xs.filter { $0 }.isEmpty`",
            "        functionCallExpr `xs.filter { $0 }`",
            "          memberAccessExpr `xs.filter`",
            "            identifierExpr `xs`",
            "          closureExpr `{ $0 }`",
            "            identifierExpr `$0`",
            "  codeBlock `{ g() }`",
            "    functionCallExpr `g()`",
            "      identifierExpr `g`",
            "      argumentList `()`",
        ])
    }

    func testTrailingClosureBeforeAnOperatorInWhileCondition() {
        XCTAssertEqual(statementOutline("while xs.contains { $0 } == false { break }"), [
            "whileStmt `while xs.contains { $0 } == false { break }`",
            "  conditionList `xs.contains { $0 } == false`",
            "    condition `xs.contains { $0 } == false`",
            "      sequenceExpr `xs.contains { $0 } == false`",
            "        functionCallExpr `xs.contains { $0 }`",
            "          memberAccessExpr `xs.contains`",
            "            identifierExpr `xs`",
            "          closureExpr `{ $0 }`",
            "            identifierExpr `$0`",
            "        booleanLiteralExpr `false`",
            "  codeBlock `{ break }`",
            "    breakStmt `break`",
        ])
    }

    func testTrailingClosureBeforeACommaInGuardConditions() {
        XCTAssertEqual(statementOutline("guard ys.allSatisfy { $0 }, ok else { return }"), [
            "guardStmt `guard ys.allSatisfy { $0 }, ok else { return }`",
            "  conditionList `ys.allSatisfy { $0 }, ok`",
            "    condition `ys.allSatisfy { $0 }`",
            "      functionCallExpr `ys.allSatisfy { $0 }`",
            "        memberAccessExpr `ys.allSatisfy`",
            "          identifierExpr `ys`",
            "        closureExpr `{ $0 }`",
            "          identifierExpr `$0`",
            "    condition `ok`",
            "      identifierExpr `ok`",
            "  codeBlock `{ return }`",
            "    returnStmt `return`",
        ])
    }

    func testClosureAfterParenthesizedCallInConditionWrapsTheCall() {
        // SwiftParser takes no trailing closure after `(…)` in a condition; the closure
        // makes a second call around the first.
        XCTAssertEqual(statementOutline("if xs.map({ $0 }) { $0 }.isEmpty {}"), [
            "ifExpr `if xs.map({ $0 }) { $0 }.isEmpty {}`",
            "  conditionList `xs.map({ $0 }) { $0 }.isEmpty`",
            "    condition `xs.map({ $0 }) { $0 }.isEmpty`",
            "      memberAccessExpr `xs.map({ $0 }) { $0 }.isEmpty`",
            "        functionCallExpr `xs.map({ $0 }) { $0 }`",
            "          functionCallExpr `xs.map({ $0 })`",
            "            memberAccessExpr `xs.map`",
            "              identifierExpr `xs`",
            "            argumentList `({ $0 })`",
            "              argument `{ $0 }`",
            "                closureExpr `{ $0 }`",
            "                  identifierExpr `$0`",
            "          closureExpr `{ $0 }`",
            "            identifierExpr `$0`",
            "  codeBlock `{}`",
        ])
    }

    func testTrailingClosureInForSequenceBeforeWhereOrBody() {
        XCTAssertEqual(statementOutline("for x in xs.filter { $0 } where x { }"), [
            "forStmt `for x in xs.filter { $0 } where x { }`",
            "  identifierPattern `x`",
            "  functionCallExpr `xs.filter { $0 }`",
            "    memberAccessExpr `xs.filter`",
            "      identifierExpr `xs`",
            "    closureExpr `{ $0 }`",
            "      identifierExpr `$0`",
            "  identifierExpr `x`",
            "  codeBlock `{ }`",
        ])
        XCTAssertEqual(statementOutline("for x in xs.filter { $0 } { }"), [
            "forStmt `for x in xs.filter { $0 } { }`",
            "  identifierPattern `x`",
            "  functionCallExpr `xs.filter { $0 }`",
            "    memberAccessExpr `xs.filter`",
            "      identifierExpr `xs`",
            "    closureExpr `{ $0 }`",
            "      identifierExpr `$0`",
            "  codeBlock `{ }`",
        ])
    }

    func testBraceInConditionIsTheBodyOtherwise() {
        // Nothing after the matching `}` continues the expression, or the `{` ends its
        // line: the `{` opens the body.
        XCTAssertEqual(statementOutline("if xs.isEmpty { return }"), [
            "ifExpr `if xs.isEmpty { return }`",
            "  conditionList `xs.isEmpty`",
            "    condition `xs.isEmpty`",
            "      memberAccessExpr `xs.isEmpty`",
            "        identifierExpr `xs`",
            "  codeBlock `{ return }`",
            "    returnStmt `return`",
        ])
        // A `.` on the next line after `}` does not continue the condition.
        let nextLine = parse("func f() {\n    while ok { g() }\n    .h()\n}")
        XCTAssertEqual(nextLine.root.descendants(.whileStmt).first?.child(.codeBlock)?.text, "{ g() }")
        // Invalid code: a `{` that ends its line is the body, whatever follows its `}`.
        let broken = SyntaxTree.parse("while xs.isEmpty {\n    g() }.isEmpty {}")
        XCTAssertEqual(broken.root.descendants(.whileStmt).first?.child(.codeBlock)?.text, "{\n    g() }")
        XCTAssertEqual(broken.root.descendants(.closureExpr).count, 1, "only the `{}` after `.isEmpty`")
    }

    func testSwitchSubjectTakesATrailingClosureButNotTheBody() {
        XCTAssertEqual(statementOutline("switch xs.map { $0 }.count { default: break }"), [
            "switchExpr `switch xs.map { $0 }.count { default: break }`",
            "  memberAccessExpr `xs.map { $0 }.count`",
            "    functionCallExpr `xs.map { $0 }`",
            "      memberAccessExpr `xs.map`",
            "        identifierExpr `xs`",
            "      closureExpr `{ $0 }`",
            "        identifierExpr `$0`",
            "  switchCase `default: break`",
            "    switchCaseLabel `default:`",
            "    breakStmt `break`",
        ])
    }

    func testIfCasePatternStopsAtTheEqualSign() {
        XCTAssertEqual(statementOutline("if case .a(let v) = kind, case .b = v {}"), [
            "ifExpr `if case .a(let v) = kind, case .b = v {}`",
            "  conditionList `case .a(let v) = kind, case .b = v`",
            "    condition `case .a(let v) = kind`",
            "      expressionPattern `.a(let v)`",
            "        functionCallExpr `.a(let v)`",
            "          memberAccessExpr `.a`",
            "          argumentList `(let v)`",
            "            argument `let v`",
            "              valueBindingPattern `let v`",
            "                identifierPattern `v`",
            "      initializerClause `= kind`",
            "        identifierExpr `kind`",
            "    condition `case .b = v`",
            "      expressionPattern `.b`",
            "        memberAccessExpr `.b`",
            "      initializerClause `= v`",
            "        identifierExpr `v`",
            "  codeBlock `{}`",
        ])
    }

    func testBindingOfAnEnumCaseInsideATuplePattern() {
        XCTAssertEqual(statementOutline("switch pair {\ncase (nil, let .some(x)): break\ndefault: break\n}")[1...6], [
            "  identifierExpr `pair`",
            "  switchCase `case (nil, let .some(x)): break`",
            "    switchCaseLabel `case (nil, let .some(x)):`",
            "      expressionPattern `(nil, let .some(x))`",
            "        tupleExpr `(nil, let .some(x))`",
            "          argumentList `(nil, let .some(x))`",
        ])
        XCTAssertEqual(statementOutline("switch pair {\ncase (nil, let .some(x)): break\ndefault: break\n}")[7...12], [
            "            argument `nil,`",
            "              nilLiteralExpr `nil`",
            "            argument `let .some(x)`",
            "              valueBindingPattern `let .some(x)`",
            "                functionCallExpr `.some(x)`",
            "                  memberAccessExpr `.some`",
        ])
    }

    // MARK: - catch

    func testCatchWithOnlyAWhereClause() {
        XCTAssertEqual(statementOutline("do { try g() } catch where retry { h() }"), [
            "doStmt `do { try g() } catch where retry { h() }`",
            "  codeBlock `{ try g() }`",
            "    tryExpr `try g()`",
            "      functionCallExpr `g()`",
            "        identifierExpr `g`",
            "        argumentList `()`",
            "  catchClause `catch where retry { h() }`",
            "    identifierExpr `retry`",
            "    codeBlock `{ h() }`",
            "      functionCallExpr `h()`",
            "        identifierExpr `h`",
            "        argumentList `()`",
        ])
    }

    func testCatchWithCastPatternAndWhereClause() {
        XCTAssertEqual(statementOutline("do {} catch let e as URLError where e.code == .timedOut {} catch {}"), [
            "doStmt `do {} catch let e as URLError where e.code == .timedOut {} catch {}`",
            "  codeBlock `{}`",
            "  catchClause `catch let e as URLError where e.code == .timedOut {}`",
            "    valueBindingPattern `let e as URLError`",
            "      sequenceExpr `e as URLError`",
            "        identifierExpr `e`",
            "        castExpr `as URLError`",
            "          identifierType `URLError`",
            "    sequenceExpr `e.code == .timedOut`",
            "      memberAccessExpr `e.code`",
            "        identifierExpr `e`",
            "      memberAccessExpr `.timedOut`",
            "    codeBlock `{}`",
            "  catchClause `catch {}`",
            "    codeBlock `{}`",
        ])
    }

    func testCatchWhereClauseTakesATrailingClosureOnlyWhenTheExpressionContinues() {
        XCTAssertEqual(statementOutline("do {} catch where xs.contains { $0 } == false {}"), [
            "doStmt `do {} catch where xs.contains { $0 } == false {}`",
            "  codeBlock `{}`",
            "  catchClause `catch where xs.contains { $0 } == false {}`",
            "    sequenceExpr `xs.contains { $0 } == false`",
            "      functionCallExpr `xs.contains { $0 }`",
            "        memberAccessExpr `xs.contains`",
            "          identifierExpr `xs`",
            "        closureExpr `{ $0 }`",
            "          identifierExpr `$0`",
            "      booleanLiteralExpr `false`",
            "    codeBlock `{}`",
        ])
    }

    // MARK: - `_` in generic arguments

    func testPlaceholderGenericArguments() {
        XCTAssertEqual(statementOutline("let b = Box<_, Int>(1)"), [
            "variableDecl `let b = Box<_, Int>(1)`",
            "  patternBinding `b = Box<_, Int>(1)`",
            "    identifierPattern `b`",
            "    initializerClause `= Box<_, Int>(1)`",
            "      functionCallExpr `Box<_, Int>(1)`",
            "        identifierExpr `Box<_, Int>`",
            "          genericArgumentClause `<_, Int>`",
            "            identifierType `_`",
            "            identifierType `Int`",
            "        argumentList `(1)`",
            "          argument `1`",
            "            integerLiteralExpr `1`",
        ])
        XCTAssertEqual(statementOutline("_ = A<_>(x: 1)"), [
            "sequenceExpr `_ = A<_>(x: 1)`",
            "  discardAssignmentExpr `_`",
            "  assignmentExpr `=`",
            "  functionCallExpr `A<_>(x: 1)`",
            "    identifierExpr `A<_>`",
            "      genericArgumentClause `<_>`",
            "        identifierType `_`",
            "    argumentList `(x: 1)`",
            "      argument `x: 1`",
            "        integerLiteralExpr `1`",
        ])
        XCTAssertEqual(statementOutline("let f = A<_>.init(x:)"), [
            "variableDecl `let f = A<_>.init(x:)`",
            "  patternBinding `f = A<_>.init(x:)`",
            "    identifierPattern `f`",
            "    initializerClause `= A<_>.init(x:)`",
            "      memberAccessExpr `A<_>.init(x:)`",
            "        identifierExpr `A<_>`",
            "          genericArgumentClause `<_>`",
            "            identifierType `_`",
        ])
    }

    func testOptionalGenericArgumentBeforeTheClosingAngle() {
        XCTAssertEqual(statementOutline("let t = Box<Task<Void, Never>?>(wrappedValue: nil)"), [
            "variableDecl `let t = Box<Task<Void, Never>?>(wrappedValue: nil)`",
            "  patternBinding `t = Box<Task<Void, Never>?>(wrappedValue: nil)`",
            "    identifierPattern `t`",
            "    initializerClause `= Box<Task<Void, Never>?>(wrappedValue: nil)`",
            "      functionCallExpr `Box<Task<Void, Never>?>(wrappedValue: nil)`",
            "        identifierExpr `Box<Task<Void, Never>?>`",
            "          genericArgumentClause `<Task<Void, Never>?>`",
            "            optionalType `Task<Void, Never>?`",
            "              identifierType `Task<Void, Never>`",
            "                genericArgumentClause `<Void, Never>`",
            "                  identifierType `Void`",
            "                  identifierType `Never`",
            "        argumentList `(wrappedValue: nil)`",
            "          argument `wrappedValue: nil`",
            "            nilLiteralExpr `nil`",
        ])
    }

    func testOptionalMarksGluedToClosingAngles() {
        // `>?>?` is one operator to the lexer: `?` and `>` are split off in turn.
        XCTAssertEqual(statementOutline("var p: Array<Array<Int>?>? = nil"), [
            "variableDecl `var p: Array<Array<Int>?>? = nil`",
            "  patternBinding `p: Array<Array<Int>?>? = nil`",
            "    identifierPattern `p`",
            "    typeAnnotation `: Array<Array<Int>?>?`",
            "      optionalType `Array<Array<Int>?>?`",
            "        identifierType `Array<Array<Int>?>`",
            "          genericArgumentClause `<Array<Int>?>`",
            "            optionalType `Array<Int>?`",
            "              identifierType `Array<Int>`",
            "                genericArgumentClause `<Int>`",
            "                  identifierType `Int`",
            "    initializerClause `= nil`",
            "      nilLiteralExpr `nil`",
        ])
        XCTAssertEqual(statementOutline("var q: A<B<C!>?>! = nil").prefix(4), [
            "variableDecl `var q: A<B<C!>?>! = nil`",
            "  patternBinding `q: A<B<C!>?>! = nil`",
            "    identifierPattern `q`",
            "    typeAnnotation `: A<B<C!>?>!`",
        ])
    }

    func testClosureThatStartsWithACallToSet() {
        // `set(1)` is a call, not a setter naming its parameter: the closure is the call's.
        XCTAssertEqual(statementOutline("run { set(1) }"), [
            "functionCallExpr `run { set(1) }`",
            "  identifierExpr `run`",
            "  closureExpr `{ set(1) }`",
            "    functionCallExpr `set(1)`",
            "      identifierExpr `set`",
            "      argumentList `(1)`",
            "        argument `1`",
            "          integerLiteralExpr `1`",
        ])
        XCTAssertEqual(statementOutline("var b = 0 { willSet(next) { print(next) } }").prefix(6), [
            "variableDecl `var b = 0 { willSet(next) { print(next) } }`",
            "  patternBinding `b = 0 { willSet(next) { print(next) } }`",
            "    identifierPattern `b`",
            "    initializerClause `= 0`",
            "      integerLiteralExpr `0`",
            "    accessorBlock `{ willSet(next) { print(next) } }`",
        ])
    }

    // MARK: - Key paths

    func testKeyPathThatUnwrapsItsRoot() {
        XCTAssertEqual(statementOutline(#"_ = store.id(state: \.!, action: \.self)"#), [
            #"sequenceExpr `_ = store.id(state: \.!, action: \.self)`"#,
            "  discardAssignmentExpr `_`",
            "  assignmentExpr `=`",
            #"  functionCallExpr `store.id(state: \.!, action: \.self)`"#,
            "    memberAccessExpr `store.id`",
            "      identifierExpr `store`",
            #"    argumentList `(state: \.!, action: \.self)`"#,
            #"      argument `state: \.!,`"#,
            #"        keyPathExpr `\.!`"#,
            #"      argument `action: \.self`"#,
            #"        keyPathExpr `\.self`"#,
        ])
    }

    // MARK: - return

    func testReturnValueOnTheNextLine() {
        XCTAssertEqual(statementOutline("return\n    value.count"), [
            "returnStmt `return\n    value.count`",
            "  memberAccessExpr `value.count`",
            "    identifierExpr `value`",
        ])
        XCTAssertEqual(statementOutline("return\n    if ok { 1 } else { 2 }").prefix(2), [
            "returnStmt `return\n    if ok { 1 } else { 2 }`",
            "  ifExpr `if ok { 1 } else { 2 }`",
        ])
    }

    func testReturnIsBareBeforeAStatementADeclarationOrTheEndOfTheBlock() {
        let tree = parse("""
        func f() {
            return
        }
        func g() {
            return
            let x = 1
            return
            for _ in [] {}
            return
            #if DEBUG
            #endif
            return; h()
        }
        func k(_ v: Int) -> Int {
            switch v {
            case 0:
                return
                    1
            default:
                return 2
            }
        }
        """)
        XCTAssertEqual(tree.root.descendants(.returnStmt).map(\.text),
                       ["return", "return", "return", "return", "return", "return\n            1", "return 2"])
        let g = tree.root.descendants(.codeBlock)[1]
        XCTAssertEqual(g.childNodes.map(\.kind),
                       [.returnStmt, .variableDecl, .returnStmt, .forStmt, .returnStmt, .ifConfig, .returnStmt, .functionCallExpr])
        XCTAssertEqual(tree.root.descendants(.switchCase).count, 2)
    }
}
