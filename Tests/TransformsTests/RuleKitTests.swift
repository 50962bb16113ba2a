// The rule kit (Transforms/Support) on small sources: what each recognizer finds and what
// each edit helper writes, so that rules built on it can rely on both.
import Codemod
import SwiftCST
import XCTest
@testable import Transforms

final class RuleKitTests: XCTestCase {
    private func tree(_ source: String) -> SyntaxTree { SyntaxTree.parse(source) }

    private func firstCall(_ name: String, in tree: SyntaxTree) throws -> Node {
        try XCTUnwrap(tree.root.descendants(.functionCallExpr).first { FunctionCallExpr($0)?.calleeName == name })
    }

    // MARK: - Views

    func testViewTypesComeFromConformancesExtensionsAndTheIndex() {
        let source = """
        struct Row: View { var body: some View { Text("a") } }
        extension Row { var title: String { "t" } }
        struct Model {}
        struct Other {}
        extension View { func helper() -> some View { self } }
        """
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parse("extension Other: View {}"), path: "Other.swift")
        let types = FileTypes(tree(source), index: builder.finish())
        XCTAssertEqual(types.views.map(\.name), ["Row", "Row", "Other"])
        XCTAssertEqual(types.memberNames(of: types.all[0]), ["body", "title"])
    }

    func testViewMembersAndRenderPath() throws {
        let source = """
        struct Card: View {
            let item: Item
            @State private var count = 0
            init(item: Item) { self.item = item }
            var header: some View { Text(title) }
            var title: String { item.name }
            var unused: String { "x" }
            func footer() -> some View { Text("f") }
            func save() { count += 1 }
            var body: some View {
                VStack {
                    header
                    self.footer()
                    Button("Save") { save() }
                }
                .onAppear { count = 2 }
            }
        }
        """
        let view = try XCTUnwrap(FileTypes(tree(source), index: ProjectIndex()).views.first)
        XCTAssertEqual(view.storedProperties.compactMap { $0.bindings.first?.name }, ["item", "count"])
        XCTAssertEqual(view.computedProperties.compactMap { $0.bindings.first?.name }, ["header", "title", "unused", "body"])
        XCTAssertEqual(view.helpers.compactMap(\.name), ["footer", "save"])
        XCTAssertEqual(view.initializers.count, 1)
        let path = RenderPath(view)
        let names = path.members.map { VariableDecl($0)?.bindings.first?.name ?? FunctionLikeDecl($0)?.name ?? "?" }
        XCTAssertEqual(names, ["body", "header", "footer", "title"], "save is only called from an action")
        let assignments = path.nodes(.sequenceExpr).map(\.text)
        XCTAssertEqual(assignments, [], "`count = 2` runs in .onAppear, not while body is built")
        let onAppearWrite = try XCTUnwrap(view.node.descendants(.sequenceExpr).first { $0.text == "count = 2" })
        XCTAssertFalse(path.contains(onAppearWrite))
        let header = try XCTUnwrap(view.node.descendants(.identifierExpr).first { $0.text == "header" })
        XCTAssertTrue(path.contains(header))
    }

    func testViewsAreKeptForEachIndexApart() {
        // An extension is a view when the index says its type is one: the round's memo keeps
        // the views of each index apart.
        let tree = SyntaxTree.parse("extension Row {\n    var title: String { \"\" }\n}\n")
        let other = SyntaxTree.parse("struct Row: View { var body: some View { Text(\"\") } }\n")
        let withRow = ProjectIndexBuilder.build([(path: "a.swift", tree: tree), (path: "b.swift", tree: other)])
        let empty = ProjectIndex()
        let memo = TreeMemo()
        XCTAssertEqual(FileTypes.of(tree, index: empty, memo: memo).views.count, 0)
        XCTAssertEqual(FileTypes.of(tree, index: withRow, memo: memo).views.map(\.name), ["Row"])
        XCTAssertEqual(FileTypes.of(tree, index: empty, memo: memo).views.count, 0)
        XCTAssertEqual(FileTypes.of(tree, index: withRow, memo: memo).views.count, 1)
        XCTAssertEqual(FileTypes(tree, index: withRow).views.count, 1)
    }

    func testMethodsHandedToActionsUncalledAreNotOnTheRenderPath() throws {
        let source = """
        struct Editor: View {
            @State private var text = ""
            var body: some View {
                TextField("Name", text: $text)
                    .onSubmit(submit)
                    .onAppear(perform: load)
                    .sheet(isPresented: .constant(false), onDismiss: reset) { Text(title()) }
                Button("Save", action: save)
                ForEach(rows(), id: \\.self, content: row)
            }
            private func submit() {}
            private func load() {}
            private func reset() {}
            private func save() { text = "" }
            private func title() -> String { "t" }
            private func rows() -> [Int] { [] }
            private func row(_ n: Int) -> Text { Text("\\(n)") }
        }
        """
        let tree = SyntaxTree.parse(source)
        let view = try XCTUnwrap(FileTypes(tree, index: ProjectIndex()).views.first)
        let path = RenderPath(view)
        let names = path.members.map { FunctionLikeDecl($0)?.name ?? VariableDecl($0)?.bindings.first?.name ?? "?" }
        XCTAssertEqual(names, ["body", "title", "rows", "row"], "handed to actions: submit, load, reset, save")
        let members = view.members.filter { $0.kind == .functionDecl }
        let uses = RuleContext(path: "v.swift").nameUses(in: tree)
        let actionOnly = members.filter { RenderPath.isReachedOnlyFromActions($0, uses: uses) }.compactMap { FunctionLikeDecl($0)?.name }
        XCTAssertEqual(actionOnly, ["submit", "load", "reset", "save"])
    }

    // MARK: - Builders

    func testSpansAgreeWithTestingEveryClosure() {
        let source = """
            struct V: View {
                var body: some View {
                    VStack {
                        Button("a") { go { inner() }; other() }
                        Text(x).onTapGesture { a(); b { c() } }
                        List(items) { item in Row(item) }
                    }
                    .task { await load() }
                }
            }
            """
        let tree = tree(source)
        let closures = tree.root.descendants(.closureExpr)
        XCTAssertGreaterThan(closures.count, 5)
        // Every subset of the closures that keeps some and drops others, against every node.
        for mask in [0b1111111, 0b1010101, 0b0101010, 0b1100110, 0b0000001, 0] {
            let chosen = closures.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
            let spans = Spans(chosen)
            for index in tree.nodes.indices {
                let node = Node(tree: tree, index: index)
                XCTAssertEqual(RenderPath.isInside(node, anyOf: spans), RenderPath.isInside(node, anyOf: chosen),
                               "node \(index) (\(node.kind)), mask \(mask)")
            }
        }
    }

    func testCallbackLabels() {
        for label in ["onSelect", "set", "action", "primaryAction", "perform", "completion", "onCompletion",
                      "completionHandler", "CompletionHandler", "HANDLER", "callback", "didTapCallback", "reCallBack"] {
            XCTAssertTrue(RenderPath.isCallbackLabel(label), label)
        }
        for label in ["on", "online", "content", "label", "act", "handlers", "setter", "performer", "title", "ction"] {
            XCTAssertFalse(RenderPath.isCallbackLabel(label), label)
        }
    }

    func testBuilderContextOfClosures() throws {
        let source = """
        var body: some View {
            VStack { Text("a") }
                .onAppear { load() }
                .task { await load() }
                .toolbar { ToolbarItem { Text("t") } }
            Button("Go") { go() }
            Button { go() } label: { Text("l") }
            Chart { BarMark() }
            items.map { $0 }
            Task { await load() }
        }
        """
        let t = tree(source)
        let kinds = t.root.descendants(.closureExpr).compactMap(ClosureExpr.init).map { closure in
            (closure.statements.first?.text ?? "", BuilderContext.of(closure).kind)
        }
        func kind(of statement: String) -> BuilderContext.Kind? { kinds.first { $0.0 == statement }?.1 }
        XCTAssertEqual(kind(of: "Text(\"a\")"), .view)
        XCTAssertEqual(kind(of: "load()"), .action)
        XCTAssertEqual(kind(of: "await load()"), .action)
        XCTAssertEqual(kind(of: "ToolbarItem { Text(\"t\") }"), .toolbar)
        XCTAssertEqual(kind(of: "go()"), .action)
        XCTAssertEqual(kind(of: "Text(\"l\")"), .view)
        XCTAssertEqual(kind(of: "BarMark()"), .chart)
        XCTAssertEqual(kind(of: "$0"), .ordinary, "map's closure runs while body is built")
        XCTAssertEqual(kinds.last?.1, .action, "Task { } runs later")
        let bar = try firstCall("BarMark", in: t)
        XCTAssertEqual(BuilderContext.nonViewContent(around: bar)?.origin, "chart content (`Chart`)")
        XCTAssertNil(BuilderContext.nonViewContent(around: try firstCall("Text", in: t)))
        XCTAssertEqual(enclosingCalls(of: try firstCall("Text", in: t)).map(\.name), ["VStack"])
    }

    /// UIKit's and AppKit's types take closures that build menus and cells, and a closure
    /// holding a `guard` or a `return` is no view builder, whatever it is passed to.
    func testPlatformTypesAndControlFlowAreNotViewContent() {
        let source = """
        func setUp() {
            let menu = UIContextMenuConfiguration(identifier: nil) { _ in UIMenu(children: actions) }
            let header = NSHostingView(rootView: EmptyView())
            let cell = Registration(kind: "x") { view in
                guard let view else { return }
                view.reset()
            }
            let row = Row { width in
                return Text("w")
            }
            let stack = VStack { Text("v") }
            let uni = UIntBox { Text("u") }
        }
        """
        let t = tree(source)
        let kinds = t.root.descendants(.closureExpr).compactMap(ClosureExpr.init).map { closure in
            (closure.statements.first?.text ?? "", BuilderContext.of(closure).kind)
        }
        func kind(of statement: String) -> BuilderContext.Kind? { kinds.first { $0.0.hasPrefix(statement) }?.1 }
        XCTAssertEqual(kind(of: "UIMenu"), .ordinary)
        XCTAssertEqual(kind(of: "guard let view"), .ordinary)
        XCTAssertEqual(kind(of: "return Text"), .ordinary)
        XCTAssertEqual(kind(of: "Text(\"v\")"), .view)
        XCTAssertEqual(kind(of: "Text(\"u\")"), .view, "`UInt…` is no UIKit prefix")
    }

    // MARK: - Sites and chains

    func testForEachSiteParts() throws {
        let source = """
        ForEach(items, id: \\.self) { item in
            Row(item: item).tag(item).padding()
        }
        .onDelete { _ in }
        """
        let site = try XCTUnwrap(ForEachSite.all(in: tree(source)).first)
        XCTAssertEqual(site.container, "ForEach")
        XCTAssertEqual(site.dataExpression.text, "items")
        XCTAssertEqual(site.idKeyPath, ".self")
        XCTAssertTrue(isKeyPath(site.idExpression, ".self"))
        XCTAssertTrue(site.hasOnlyDataAndID)
        XCTAssertEqual(site.parameters.compactMap(\.name), ["item"])
        XCTAssertEqual(site.rowModifiers.map(\.name), ["tag", "padding"])
        XCTAssertEqual(site.containerModifiers.map(\.name), ["onDelete"])
        XCTAssertEqual(site.node.tree.text(site.headRange), "ForEach(items, id: \\.self)")
        XCTAssertNil(ForEachSite(try firstCall("Row", in: site.node.tree)))
    }

    func testModifierChainReadsBaseAndModifiersWithRanges() throws {
        let t = tree("let v = Text(a).font(.title).padding(8).opacity\n")
        let expression = try XCTUnwrap(VariableDecl(t.root.childNodes[0])?.bindings.first?.initializer)
        let chain = ModifierChain(expression)
        XCTAssertEqual(chain.baseCall?.calleeName, "Text")
        XCTAssertEqual(chain.modifiers.map(\.name), ["font", "padding", "opacity"])
        XCTAssertEqual(chain.modifier("padding")?.arguments.first?.expression?.text, "8")
        XCTAssertEqual(chain.modifiers.map { t.text($0.range) }, [".font(.title)", ".padding(8)", ".opacity"])
        XCTAssertNil(chain.modifier("frame"))
    }

    // MARK: - Edits

    func testRemovalTakesOwnedCommentsAndTheBlankLineAfterAnOpeningBrace() throws {
        let source = "struct A {\n    // The key.\n    @Environment(\\.k) var k\n\n    var body: some View { Text(\"a\") }\n}\n"
        let t = tree(source)
        let layout = SourceLayout(t.bytes)
        let declaration = try XCTUnwrap(TypeDecl(t.root.childNodes[0])?.members.first)
        let edit = try XCTUnwrap(layout.removal(of: declaration))
        XCTAssertEqual(apply(edit, to: source), "struct A {\n    var body: some View { Text(\"a\") }\n}\n")
    }

    func testMemberInsertionGoesBeforeBodyAfterStoredPropertiesAtTheFilesIndentation() throws {
        let source = "struct A: View {\n\tlet a: Int\n\t// MARK: - Body\n\tvar body: some View { Text(\"a\") }\n}\n"
        let t = tree(source)
        let layout = SourceLayout(t.bytes)
        let type = try XCTUnwrap(TypeDecl(t.root.childNodes[0]))
        let anchor = try XCTUnwrap(memberAnchor(in: type))
        let place = try XCTUnwrap(layout.memberInsertion(before: anchor))
        let edit = place.edit("private static let x = {" + place.lineEnding + place.indentation + place.unit + "1"
                              + place.lineEnding + place.indentation + "}()")
        XCTAssertEqual(apply(edit, to: source),
                       "struct A: View {\n\tlet a: Int\n\n\tprivate static let x = {\n\t\t1\n\t}()\n\n\t// MARK: - Body\n\tvar body: some View { Text(\"a\") }\n}\n",
                       "one blank line on each side")
    }

    func testANewMemberNeverSplitsTheStoredProperties() throws {
        let source = "struct A: View {\n    @AppStorage(\"a\") var a = 1\n    var b: Int { a }\n    @AppStorage(\"c\") var c = 2\n}\n"
        let t = tree(source)
        let layout = SourceLayout(t.bytes)
        let type = try XCTUnwrap(TypeDecl(t.root.childNodes[0]))
        let place = try XCTUnwrap(layout.memberPlace(in: type, near: type.members[1]))
        XCTAssertEqual(apply(place.edit("static let x = 0"), to: source),
                       "struct A: View {\n    @AppStorage(\"a\") var a = 1\n    var b: Int { a }\n    @AppStorage(\"c\") var c = 2\n\n    static let x = 0\n}\n")
    }

    func testAdjacentRemovalsLeaveOneBlankLine() throws {
        let source = "struct A {\n    let x = 1\n\n    @Environment(\\.a) var a\n    @Environment(\\.b) var b\n\n    var body: some View { Text(\"a\") }\n}\n"
        let t = tree(source)
        let layout = SourceLayout(t.bytes)
        let members = try XCTUnwrap(TypeDecl(t.root.childNodes[0])?.members)
        let edits = layout.removals(of: [members[1], members[2]]).compactMap { $0 }
        XCTAssertEqual(edits.count, 2)
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: edit.replacement)
        }
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                       "struct A {\n    let x = 1\n\n    var body: some View { Text(\"a\") }\n}\n")
    }

    func testReindentMovesLinesToANewDepthKeepingUnprefixedLines() {
        let source = "        a()\n\n#if DEBUG\n        b()\n"
        let layout = SourceLayout(Array(source.utf8))
        XCTAssertEqual(layout.reindent(0..<source.utf8.count, from: "        ", to: "  "), "  a()\n\n#if DEBUG\n  b()")
    }

    func testWrapWidthIsTheLongestLineInColumnsAndAtLeast120() {
        XCTAssertEqual(SourceLayout(Array("a\nbb\n".utf8)).wrapWidth, 120)
        let wide = String(repeating: "x", count: 130)
        XCTAssertEqual(SourceLayout(Array("a\r\n\(wide)\r\nb".utf8)).wrapWidth, 130)
        // A tab is four columns; a character of several bytes is one.
        XCTAssertEqual(SourceLayout(Array("\t\té\n".utf8)).longestLine, 9)
        XCTAssertEqual(SourceLayout.widestLine(of: "ab\n\tc\r\nd"), 5)
    }

    func testWidestLineAfterEditsMeasuresTheLinesTheEditsTouch() {
        let source = "    ForEach(xs, id: \\.offset) { i, x in\n        Text(x)\n    }\n"
        let layout = SourceLayout(Array(source.utf8))
        let offset = source.utf8.count - source.drop(while: { $0 != "\\" }).utf8.count
        let edit = Edit(range: offset..<(offset + 8), replacement: "\\.element.id")
        XCTAssertEqual(layout.widestLine(after: [edit], around: 4), "    ForEach(xs, id: \\.element.id) { i, x in".count)
        XCTAssertEqual(layout.widestLine(after: [], around: 4), "    ForEach(xs, id: \\.offset) { i, x in".count)
    }

    func testArgumentLinesPutEachArgumentOnItsOwnLineInTheFilesUnit() throws {
        let source = "\tVStack {\n\t\tForEach(Array(xs.enumerated()), id: \\.offset) { i, x in\n\t\t\tText(x)\n\t\t}\n\t}\n"
        let tree = tree(source)
        let layout = SourceLayout(tree.bytes)
        let call = try XCTUnwrap(FunctionCallExpr(try firstCall("ForEach", in: tree)))
        let inside = try XCTUnwrap(layout.argumentsOnOneLine(of: call))
        XCTAssertEqual(layout.text(inside), "Array(xs.enumerated()), id: \\.offset")
        XCTAssertEqual(layout.argumentLines(["Array(xs.enumerated())", "id: \\.element.id"], indentation: "\t\t"),
                       "\n\t\t\tArray(xs.enumerated()),\n\t\t\tid: \\.element.id\n\t\t")
        // Arguments that span lines or hold a comment are left as they are.
        let commented = self.tree("ForEach(xs /* all */, id: \\.self) { x in Text(x) }\n")
        XCTAssertNil(SourceLayout(commented.bytes).argumentsOnOneLine(of: try XCTUnwrap(FunctionCallExpr(try firstCall("ForEach", in: commented)))))
        let spanning = self.tree("ForEach(\n    xs,\n    id: \\.self\n) { x in Text(x) }\n")
        XCTAssertNil(SourceLayout(spanning.bytes).argumentsOnOneLine(of: try XCTUnwrap(FunctionCallExpr(try firstCall("ForEach", in: spanning)))))
    }

    func testFreshNamesSkipTakenAndReservedNames() {
        XCTAssertEqual(Names.fresh(["item", "element"], fallback: "element") { ["item"].contains($0) }, "element")
        XCTAssertEqual(Names.fresh(["self"], fallback: "element") { ["element", "element2"].contains($0) }, "element3")
        XCTAssertEqual(Names.fresh("formatter") { $0 == "formatter" }, "formatter2")
        XCTAssertEqual(Names.singular(of: "entries"), "entry")
        XCTAssertEqual(Names.singular(of: "recentMovies"), "recentMovie")
        XCTAssertNil(Names.singular(of: "series"), "not `sery`")
        XCTAssertNil(Names.singular(of: "tvSeries"))
        // `-ie` words by their last word: `activities` does not end in the word `ties`.
        let singulars = [("activities", "activity"), ("userActivities", "userActivity"), ("cities", "city"),
                         ("families", "family"), ("properties", "property"), ("supplies", "supply"),
                         ("ties", "tie"), ("cookies", "cookie"), ("topMovies", "topMovie"), ("bowTies", "bowTie")]
        for (plural, singular) in singulars { XCTAssertEqual(Names.singular(of: plural), singular, plural) }
        XCTAssertEqual(Names.lowerCamel("JSONDecoder"), "jsonDecoder")
        let shapes: [(String, String)] = [("DateFormatter", "dateFormatter"), ("NSNumberFormatter", "numberFormatter"),
                                          ("NSCache", "cache"), ("NS", "ns"), ("URL", "url"), ("X", "x"), ("ISO8601DateFormatter", "iso8601DateFormatter"),
                                          ("A1B", "a1b"), ("AB1c", "ab1c"), ("lowercase", "lowercase"), ("", "")]
        for (name, expected) in shapes { XCTAssertEqual(Names.lowerCamel(name), expected, name) }
        XCTAssertEqual(Names.lowerCamel("ÉcoleFormatter"), "écoleFormatter", "not ASCII: by characters")
        let t = tree("func f(a: Int) { let b = 1; items.forEach { c in print(c) } }\n")
        let closure = t.root.descendants(.closureExpr)[0]
        let around = Names.around(closure, index: ProjectIndex())
        XCTAssertTrue(around.isSuperset(of: ["a", "b", "c"]), "\(around)")
    }

    private func apply(_ edit: Edit, to source: String) -> String {
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(edit.range, with: edit.replacement)
        return String(decoding: bytes, as: UTF8.self)
    }
}
