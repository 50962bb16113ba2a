// Shapes the rules rely on, parsed from small snippets, each also checked for the
// partition invariant and for the absence of parse diagnostics on valid code.
import XCTest
@testable import SwiftCST

final class ParserTests: XCTestCase {
    /// Parses `source`, asserting the round trip and, for valid code, no diagnostics.
    func parse(_ source: String, valid: Bool = true, file: StaticString = #filePath, line: UInt = #line) -> SyntaxTree {
        let tree = SyntaxTree.parse(source)
        XCTAssertEqual(tree.printed(), Array(source.utf8), "round trip", file: file, line: line)
        XCTAssertTrue(tree.isPartition, "partition", file: file, line: line)
        if valid {
            XCTAssertEqual(tree.diagnostics, [], "diagnostics for:\n\(source)\n\(tree.root.dump())", file: file, line: line)
        }
        return tree
    }

    func first(_ kind: SyntaxKind, in tree: SyntaxTree) -> Node? {
        tree.root.descendants(kind).first
    }

    func kinds(_ tree: SyntaxTree) -> [SyntaxKind] { tree.root.preorder.map(\.kind) }

    // MARK: - Declarations

    func testStructConformingToView() throws {
        let tree = parse("""
        struct ContentView<Item: Identifiable>: View, Equatable where Item: Hashable {
            @State private var items: [Item] = []
            var body: some View {
                Text("hi")
            }
        }
        """)
        let decl = try XCTUnwrap(first(.structDecl, in: tree).flatMap(TypeDecl.init))
        XCTAssertEqual(decl.name, "ContentView")
        XCTAssertTrue(decl.isGeneric)
        XCTAssertEqual(decl.inheritedTypeNames, ["View", "Equatable"])
        XCTAssertEqual(decl.members.map(\.kind), [.variableDecl, .variableDecl])
        let items = try XCTUnwrap(VariableDecl(decl.members[0]))
        XCTAssertEqual(items.modifiers.attributes.map(\.name), ["State"])
        XCTAssertEqual(items.modifiers.modifiers, ["private"])
        XCTAssertEqual(items.bindings.first?.name, "items")
        XCTAssertEqual(items.bindings.first?.type?.kind, .arrayType)
        XCTAssertEqual(items.bindings.first?.initializer?.kind, .arrayExpr)
        let body = try XCTUnwrap(VariableDecl(decl.members[1])?.bindings.first)
        XCTAssertEqual(body.type?.kind, .someOrAnyType)
        XCTAssertTrue(body.isComputed)
        XCTAssertEqual(body.getterStatements?.map(\.kind), [.functionCallExpr])
    }

    func testReturnOfAMacroExpression() throws {
        let tree = parse("func f() -> Color {\n    return #colorLiteral(red: 0, green: 1.3e-05, blue: 0.2, alpha: 1)\n}\n")
        let value = try XCTUnwrap(first(.returnStmt, in: tree)?.firstChildNode)
        XCTAssertEqual(value.kind, .macroExpansionExpr, tree.root.dump())
    }

    func testNestedIfConfigOfSwitchCases() {
        let tree = parse("""
            func f(_ m: Int) -> Int {
                switch m {
                case 0:
                    return 1
            #if os(iOS)
            #if DEBUG
                case 1:
                    return 2
            #else
                case 1:
                    return 3
            #endif
            #endif
                default:
                    return 4
                }
            }

            """)
        XCTAssertEqual(tree.root.descendants(.switchCase).count, 4, tree.root.dump())
    }

    func testTypeKinds() {
        let tree = parse("""
        class A: B {}
        enum E: String { case a, b = "x"; case c(Int, label: String) }
        actor Counter {}
        protocol P: AnyObject { var x: Int { get set }; func f() async throws -> Int }
        extension Array: P where Element: Equatable {}
        typealias Row = (id: Int, name: String)
        """)
        XCTAssertEqual(tree.root.childNodes.map(\.kind),
                       [.classDecl, .enumDecl, .actorDecl, .protocolDecl, .extensionDecl, .typealiasDecl])
        let e = EnumCaseDecl(tree.root.descendants(.enumCaseDecl)[0])
        XCTAssertEqual(e?.elementNames, ["a", "b"])
        XCTAssertEqual(TypeDecl(tree.root.childNodes[4])?.name, "Array")
        XCTAssertEqual(TypealiasDecl(tree.root.childNodes[5])?.name, "Row")
    }

    func testFunctionsInitializersSubscripts() throws {
        let tree = parse("""
        struct S {
            @ViewBuilder func row(_ item: Item, at index: Int = 0) async throws -> some View { Text(item.name) }
            init?(value: Int) where T == Int { self.value = value }
            subscript(i: Int) -> Int { get { 0 } set { } }
            static func == (a: S, b: S) -> Bool { true }
            mutating func go<T>(_ x: inout T, _ f: @escaping (T) -> Void) {}
            deinit {}
        }
        """)
        let funcs = tree.root.descendants(.functionDecl).compactMap(FunctionLikeDecl.init)
        XCTAssertEqual(funcs.map(\.name), ["row", "==", "go"])
        XCTAssertEqual(funcs[0].modifiers.attributes.map(\.name), ["ViewBuilder"])
        XCTAssertEqual(funcs[0].parameters.map(\.label), ["_", "at"])
        XCTAssertEqual(funcs[0].parameters.map(\.name), ["item", "index"])
        XCTAssertEqual(funcs[0].returnType?.kind, .someOrAnyType)
        XCTAssertNotNil(funcs[0].effects)
        XCTAssertEqual(funcs[0].body?.statements.count, 1)
        XCTAssertNotNil(first(.initializerDecl, in: tree))
        XCTAssertNotNil(first(.subscriptDecl, in: tree))
        XCTAssertEqual(tree.root.descendants(.accessorDecl).count, 2)
        XCTAssertNotNil(first(.deinitDecl, in: tree))
    }

    func testVariableAccessors() {
        let tree = parse("""
        var a = 1 { didSet { print(a) } }
        var b: Int { get { 1 } set { } }
        let c: Int, d = 2
        lazy var e = { 3 }()
        private(set) var f = 0
        """)
        XCTAssertEqual(tree.root.descendants(.accessorDecl).count, 3)
        let vars = tree.root.childNodes.compactMap(VariableDecl.init)
        XCTAssertEqual(vars.count, 5)
        XCTAssertEqual(vars[2].bindings.map(\.name), ["c", "d"])
        XCTAssertEqual(vars[3].bindings.first?.initializer?.kind, .functionCallExpr)
        XCTAssertEqual(vars[4].modifiers.modifiers, ["private"])
    }

    /// A declaration's bindings, one (kept without a list) or several, in source order
    /// however they are reached: iterated, indexed, first and last.
    func testBindingsAreInSourceOrderOneOrMany() throws {
        let tree = parse("var a = 1\nlet b: Int, c = 2, (d, e) = (3, 4)\nvar f: Int { 5 }\n")
        let vars = tree.root.childNodes.compactMap(VariableDecl.init)
        XCTAssertEqual(vars.map(\.bindings.count), [1, 3, 1])
        XCTAssertEqual(vars[0].bindings.map(\.name), ["a"])
        XCTAssertEqual(vars[0].bindings[0].initializer?.text.trimmingCharacters(in: .whitespaces), "1")
        let several = vars[1].bindings
        XCTAssertEqual(several.map(\.name), ["b", "c", nil])
        XCTAssertEqual(several.first?.name, "b")
        XCTAssertEqual(several.last?.pattern?.kind, .tuplePattern)
        XCTAssertEqual(several[1].name, "c")
        XCTAssertEqual(several.map(\.node.index), several.map(\.node.index).sorted(), "source order is storage order here")
        XCTAssertEqual(several.map(\.node.firstTokenIndex), several.map(\.node.firstTokenIndex).sorted())
        XCTAssertTrue(vars[2].bindings.allSatisfy(\.isComputed))
        XCTAssertEqual(vars.flatMap { $0.bindings.map(\.node) }, tree.root.descendants(.patternBinding))
    }

    // MARK: - SwiftUI expressions

    func testModifierChainAcrossLines() throws {
        let tree = parse("""
        let v = VStack(alignment: .leading) {
            Text("a")
        }
        .padding()
        .frame(maxWidth: .infinity)
        // comment
        .font(.title)
        """)
        let outer = try XCTUnwrap(FunctionCallExpr(first(.functionCallExpr, in: tree)!))
        XCTAssertEqual(outer.calleeName, "font")
        let stack = tree.root.descendants(.functionCallExpr).compactMap(FunctionCallExpr.init).first { $0.calleeName == "VStack" }
        XCTAssertEqual(stack?.arguments.map(\.label), ["alignment"])
        XCTAssertNotNil(stack?.trailingClosure)
    }

    func testForEachShapes() throws {
        let tree = parse("""
        ForEach(items) { item in Row(item: item) }
        ForEach($items) { $item in Toggle("x", isOn: $item.done) }
        ForEach(Array(items.enumerated()), id: \\.offset) { index, item in Text("\\(index + 1).") }
        ForEach(0..<10, id: \\.self) { Text("\\($0)") }
        List(items) { (item: Item) -> Row in Row(item: item) }
        """)
        let calls = tree.root.childNodes.compactMap(FunctionCallExpr.init)
        XCTAssertEqual(calls.map(\.calleeName), ["ForEach", "ForEach", "ForEach", "ForEach", "List"])
        XCTAssertEqual(calls[0].trailingClosure?.parameters.map(\.name), ["item"])
        XCTAssertEqual(calls[0].trailingClosure?.hasShorthandParameters, true)
        XCTAssertEqual(calls[1].trailingClosure?.parameters.map(\.name), ["$item"])
        XCTAssertEqual(calls[2].trailingClosure?.parameters.map(\.name), ["index", "item"])
        XCTAssertEqual(calls[2].argument("id").flatMap { $0.expression.flatMap(KeyPathExpr.init) }?.components, ".offset")
        XCTAssertNil(calls[3].trailingClosure?.signature)
        XCTAssertEqual(calls[3].arguments.first?.expression?.kind, .sequenceExpr)
        XCTAssertEqual(calls[4].trailingClosure?.parameters.first?.type?.text, "Item")
        XCTAssertEqual(calls[4].trailingClosure?.hasShorthandParameters, false)
    }

    func testTrailingClosuresAndLabels() throws {
        let tree = parse("""
        Button { save() } label: { Label("Save", systemImage: "tray") }
        Button("x", action: go)
        """)
        let button = try XCTUnwrap(tree.root.childNodes.first.flatMap(FunctionCallExpr.init))
        XCTAssertNotNil(button.trailingClosure)
        XCTAssertEqual(button.additionalTrailingClosures.count, 1)
        XCTAssertNil(button.argumentList)
    }

    func testIfAsStatementAndExpression() {
        let tree = parse("""
        if let x = y, x > 0, case .a = z, #available(iOS 15, *) { a() } else if b { } else { c() }
        let v = if flag { 1 } else { 2 }
        guard let a else { return }
        """)
        let ifs = tree.root.descendants(.ifExpr)
        XCTAssertEqual(ifs.count, 3)
        XCTAssertEqual(IfExpr(ifs[0])?.conditions.count, 4)
        XCTAssertEqual(IfExpr(ifs[0])?.elseBranch?.kind, .ifExpr)
        XCTAssertNotNil(first(.guardStmt, in: tree))
    }

    func testStatements() {
        let tree = parse("""
        func f() throws {
            for (i, x) in xs.enumerated() where x > 0 { continue }
            for try await line in url.lines { print(line) }
            while i < 10 { i += 1 }
            repeat { i -= 1 } while i > 0
            do { try g() } catch let e as MyError { } catch { }
            defer { close() }
            switch x {
            case .a(let v), .b(let v) where v > 0: break
            case is Int: fallthrough
            @unknown default: return
            }
            outer: for a in b { break outer }
            throw E.bad
        }
        """)
        for kind in [SyntaxKind.forStmt, .whileStmt, .repeatStmt, .doStmt, .catchClause, .deferStmt, .switchExpr,
                     .switchCase, .labeledStmt, .throwStmt, .breakStmt, .fallthroughStmt, .returnStmt] {
            XCTAssertNotNil(first(kind, in: tree), "\(kind)")
        }
        XCTAssertEqual(tree.root.descendants(.switchCase).count, 3)
    }

    func testExpressions() {
        let tree = parse("""
        x = a + b * c ?? d
        let t = cond ? 1 : 2
        let u = value as? String
        let k = \\Item.name
        let s = \\.self
        let m = [1: "a", 2: "b"]
        let e: [String: Int] = [:]
        let g = Set<Int>()
        let h = a < b && c > d
        let j = try? await load()
        let n = x!.y?.z
        let r = (a, b: 1)
        _ = f(&value)
        let w = #selector(tap(_:))
        let arr = [Item]()
        let z = items[0...]
        """)
        XCTAssertNotNil(first(.assignmentExpr, in: tree))
        XCTAssertNotNil(first(.ternaryExpr, in: tree))
        XCTAssertNotNil(first(.castExpr, in: tree))
        XCTAssertEqual(tree.root.descendants(.keyPathExpr).count, 2)
        XCTAssertEqual(tree.root.descendants(.dictionaryExpr).count, 2)
        XCTAssertNotNil(first(.genericArgumentClause, in: tree))
        XCTAssertNotNil(first(.tryExpr, in: tree))
        XCTAssertNotNil(first(.awaitExpr, in: tree))
        XCTAssertNotNil(first(.forceUnwrapExpr, in: tree))
        XCTAssertNotNil(first(.optionalChainingExpr, in: tree))
        XCTAssertNotNil(first(.inOutExpr, in: tree))
        XCTAssertNotNil(first(.macroExpansionExpr, in: tree))
        XCTAssertNotNil(first(.discardAssignmentExpr, in: tree))
        XCTAssertNotNil(first(.subscriptCallExpr, in: tree))
        // `a < b && c > d` is a comparison, not generic arguments.
        let h = try! XCTUnwrap(tree.root.descendants(.variableDecl).first { $0.text.hasPrefix("let h") })
        XCTAssertEqual(h.descendants(.genericArgumentClause).count, 0)
    }

    func testStringInterpolationIsChildExpression() throws {
        let tree = parse(#"let s = "a \(count, format: .number) b \("nested \(x)") c""#)
        let literal = try XCTUnwrap(first(.stringLiteralExpr, in: tree).flatMap(StringLiteralExpr.init))
        XCTAssertEqual(literal.interpolations.count, 2)
        XCTAssertEqual(literal.interpolations[0].children(.argument).count, 2)
        XCTAssertEqual(tree.root.descendants(.stringLiteralExpr).count, 2)
    }

    func testClosureSignatures() throws {
        let tree = parse("""
        let a = { [weak self, x = y] (value: Int) async throws -> Bool in true }
        let b = { _, _ in 0 }
        let c = { @MainActor in }
        let d = { print($0) }
        """)
        let closures = tree.root.descendants(.closureExpr).compactMap(ClosureExpr.init)
        XCTAssertEqual(closures.count, 4)
        XCTAssertEqual(closures[0].captureList?.children(.captureItem).count, 2)
        XCTAssertEqual(closures[0].parameters.map(\.name), ["value"])
        XCTAssertNotNil(closures[0].signature?.child(.returnClause))
        XCTAssertEqual(closures[1].parameters.count, 2)
        XCTAssertNotNil(closures[2].signature)
        XCTAssertNil(closures[3].signature)
    }

    func testTypes() {
        let tree = parse("""
        let a: [String: [Int]]? = nil
        let b: (Int, String) -> Void = f
        let c: any View & Sendable = v
        let d: Binding<[Item]>.Type = t
        func e(_ x: some Collection<Int>, _ y: borrowing S) -> Result<Array<Array<Int>>, Error>? { nil }
        struct F: ~Copyable {}
        let g: Int?? = nil
        let q: Swift.Int = 0
        """)
        for kind in [SyntaxKind.dictionaryType, .optionalType, .functionType, .someOrAnyType, .compositionType,
                     .metatypeType, .attributedType, .suppressedType, .memberType] {
            XCTAssertNotNil(first(kind, in: tree), "\(kind)")
        }
    }

    // MARK: - #if and macros

    func testIfConfigInEveryPosition() {
        let tree = parse("""
        #if os(iOS)
        import UIKit
        #elseif canImport(AppKit)
        import AppKit
        #else
        #endif
        struct V: View {
            #if DEBUG
            var debug = true
            #endif
            var body: some View {
                Text("x")
                    .padding()
                #if os(iOS)
                    .navigationBarTitle("t")
                #endif
            }
            func f() {
                switch x {
                #if DEBUG
                case .a: break
                #endif
                default: break
                }
            }
        }
        """)
        XCTAssertEqual(tree.root.descendants(.ifConfig).count, 4)
        XCTAssertNotNil(first(.postfixIfConfigExpr, in: tree))
        XCTAssertEqual(tree.root.childNodes.first?.children(.ifConfigClause).count, 3)
    }

    func testMacros() {
        let tree = parse("""
        #Preview {
            ContentView()
        }
        #Preview("Dark") { ContentView() }
        @freestanding(expression) macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "M", type: "S")
        """)
        XCTAssertEqual(tree.root.descendants(.macroExpansionDecl).count, 2)
        XCTAssertNotNil(first(.macroDecl, in: tree))
    }

    // MARK: - Tree API

    func testNavigation() throws {
        let tree = parse("let x = f(a)\n")
        let call = try XCTUnwrap(first(.functionCallExpr, in: tree))
        XCTAssertEqual(call.parent?.kind, .initializerClause)
        XCTAssertEqual(call.ancestor(.variableDecl)?.kind, .variableDecl)
        let a = try XCTUnwrap(tree.root.descendants(.identifierExpr).last?.firstToken)
        XCTAssertEqual(a.text, "a")
        XCTAssertEqual(a.parent.kind, .identifierExpr)
        XCTAssertEqual(a.next?.text, ")")
        XCTAssertEqual(a.previous?.text, "(")
        XCTAssertEqual(tree.token(containing: 8).text, "f")
        XCTAssertEqual(tree.token(containing: 7).text, "=", "a space before the next token on the line is trailing trivia")
        XCTAssertEqual(call.text, "f(a)")
    }

    // MARK: - Broken code

    func testBrokenCodeStillPartitions() {
        let sources = [
            "struct {", "func f( {", "let = ", "}}}", "x.", "if { } else", "#if\n", "#endif", "@", "case",
            "var body: some View { ForEach(items) { item in", "\"unterminated", "f(a:, b)", "[1, 2",
            "extension { func }", "switch x { foo }", "let x = 1 +", "class C { 42 }", "\u{0}\u{1}\u{FF}",
            "x {@", "x { @a(", "var v: Int { @", "f { [", "#if", "a < ", "@", "x.f(a:", "case let",
        ]
        for source in sources {
            let tree = parse(source, valid: false)
            XCTAssertFalse(tree.diagnostics.isEmpty, "expected a diagnostic for \(source)")
        }
    }

    func testDeepNestingDoesNotExhaustTheStack() {
        for opener in ["(", "[", "{", "f(", "{ x in ", "if a {", "<"] {
            let source = String(repeating: opener, count: 5000)
            let tree = parse(source, valid: false)
            XCTAssertTrue(tree.isPartition)
        }
    }
}

extension ParserTests {
    /// As in the compiler's tree, generic arguments after a member specialize the member
    /// access rather than belong to it.
    func testSpecializedMemberAccess() throws {
        let tree = parse("let p = Publishers.Sequence<[Int], Never>(sequence: [])\n")
        let member = try XCTUnwrap(tree.root.descendants(.memberAccessExpr).first)
        XCTAssertEqual(member.text, "Publishers.Sequence")
        XCTAssertEqual(member.parent?.kind, .genericSpecializationExpr)
        XCTAssertEqual(tree.root.descendants(.functionCallExpr).first.flatMap(FunctionCallExpr.init)?.calleeName, "Sequence")
    }

    func testAnyInExpressionPositionIsAType() throws {
        let tree = parse("let a = [Any]()\nlet t = Any.self\n")
        let types = tree.root.descendants(.typeExpr)
        XCTAssertEqual(types.map(\.text), ["Any", "Any"])
        XCTAssertEqual(types.map { $0.childNodes.map { $0.kind } }, [[SyntaxKind.identifierType], [SyntaxKind.identifierType]])
        XCTAssertEqual(types[0].parent?.parent?.kind, .arrayExpr)
        XCTAssertEqual(types[1].parent?.kind, .memberAccessExpr)
        XCTAssertEqual(types[1].parent?.text, "Any.self")
    }
}

extension ParserTests {
    /// The parser splits `>>`-like tokens where generic argument lists close; however many
    /// splits a file holds (more than one gap's worth here), each lands in its place: the
    /// file gives the tokens and declaration shapes of its lines parsed one by one.
    func testManySplitTokensInOneFile() {
        let lines = (0..<400).map { i in
            switch i % 4 {
            case 0: return "let a\(i): Array<Set<Int>> = x >> \(i)\n"
            case 1: return "var b\(i): Optional<Optional<Optional<Int>>>?? = nil\n"
            case 2: return "let c\(i) = T<U<V>>.self\n"
            default: return "func d\(i)() -> Dictionary<String, Array<Int>>? { y >>= 1 }\n"
            }
        }
        let whole = parse(lines.joined())
        var tokens: [String] = []
        var shapes: [SyntaxKind] = []
        var offset = 0
        for line in lines {
            let tree = parse(line)
            tokens += tree.tokens.dropLast().map { "\($0.kind) \(Int($0.textStart) + offset)..<\(Int($0.textEnd) + offset)" }
            shapes += tree.root.childNodes.flatMap { $0.preorder.map(\.kind) }
            offset += line.utf8.count
        }
        XCTAssertEqual(whole.tokens.dropLast().map { "\($0.kind) \($0.textStart)..<\($0.textEnd)" }, tokens)
        XCTAssertEqual(whole.root.childNodes.flatMap { $0.preorder.map(\.kind) }, shapes)
        let closingAngles = whole.tokens.filter { $0.textEnd - $0.textStart == 1 && whole.bytes[Int($0.textStart)] == UInt8(ascii: ">") }
        XCTAssertEqual(closingAngles.count, 100 * (2 + 3 + 2 + 2))
    }

    /// The parser writes nodes into the room made for them in the tree's array; a file
    /// with more nodes than that room (nested calls make more nodes than tokens) has them
    /// moved out as they grow: every node is kept, with its parent.
    func testFilesWithMoreNodesThanTheirRoomKeepEveryNode() {
        let line = "_ = f(g(h(i(j(k(1, 2), [3, 4])))))\n"
        let one = SyntaxTree.parse(Array(line.utf8))
        let lines = 400
        let many = SyntaxTree.parse(Array(String(repeating: line, count: lines).utf8))
        XCTAssertGreaterThan(many.nodes.count, many.tokens.count / 8 * 7 + 16, "the nodes outgrow the room made for them")
        XCTAssertTrue(many.isPartition)
        XCTAssertTrue(many.diagnostics.isEmpty)
        // Each kind as often as in one line, times the lines, but for the file's own nodes.
        var kindsOfOne: [SyntaxKind: Int] = [:], kindsOfMany: [SyntaxKind: Int] = [:]
        for node in one.nodes { kindsOfOne[node.kind, default: 0] += 1 }
        for node in many.nodes { kindsOfMany[node.kind, default: 0] += 1 }
        XCTAssertEqual(Set(kindsOfOne.keys), Set(kindsOfMany.keys))
        for (kind, count) in kindsOfOne {
            XCTAssertTrue(kindsOfMany[kind] == count * lines || kindsOfMany[kind] == count, "\(kind)")
        }
        for (index, node) in many.nodes.enumerated() where index < many.nodes.count - 1 {
            let parent = many.nodes[Int(node.parent)]
            XCTAssertTrue(Int(node.parent) > index && Int(parent.subtreeStart) <= index, "node \(index) in its parent")
        }
    }
}
