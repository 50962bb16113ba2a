// The project index: what the builder records from declarations and extensions, and the
// answers its queries and the type resolver give.
import Foundation
import XCTest
import Semantics
import SwiftCST

final class ProjectIndexTests: XCTestCase {
    func index(_ sources: String...) -> ProjectIndex {
        var builder = ProjectIndexBuilder()
        for (number, source) in sources.enumerated() { builder.add(SyntaxTree.parse(source), path: "f\(number).swift") }
        return builder.finish()
    }

    /// A nested type hides another module's type of the same name only inside the types
    /// around it; one at top level (or an alias) hides it everywhere.
    func testDeclaredTypesAreVisibleFromTheirScopes() {
        let nested = index("enum L10n { enum Settings { enum Text {} } }\nstruct Screen { struct Row {} }")
        XCTAssertFalse(nested.declaresType(named: "Text", visibleFrom: nil))
        XCTAssertFalse(nested.declaresType(named: "Text", visibleFrom: "Screen"))
        XCTAssertTrue(nested.declaresType(named: "Text", visibleFrom: "L10n.Settings"))
        XCTAssertTrue(nested.declaresType(named: "Text", visibleFrom: "L10n.Settings.Text"))
        XCTAssertFalse(nested.declaresType(named: "Text", visibleFrom: "L10n"))
        XCTAssertFalse(nested.declaresType(named: "Button", visibleFrom: "L10n.Settings"))
        let topLevel = index("struct Text {}", "typealias Label = Text")
        XCTAssertTrue(topLevel.declaresType(named: "Text", visibleFrom: nil))
        XCTAssertTrue(topLevel.declaresType(named: "Text", visibleFrom: "Anything.Else"))
        XCTAssertTrue(topLevel.declaresType(named: "Label", visibleFrom: nil))
    }

    func testTypeTextsAreTheirTokensWithASpaceOnlyBetweenWords() {
        // The text joined from the tokens equals the spaced-out tokens normalized, ASCII
        // or not, whatever whitespace and comments sit between them.
        let types = ["[String: Int]", "some  View", "any\nCollection<Int>", "Result<[Item], Error>", "(Int) -> Void",
                     "inout Ünïcode", "Set<Ä.B>", "@escaping (Int) async throws -> String?", "Box<T /* x */>",
                     "consuming  some\tView", "Array<Int>.Index", "[Int]?", "Dictionary<String,[Ünï]>"]
        for text in types {
            let tree = SyntaxTree.parse("var x: \(text)\n")
            guard let variable = tree.root.descendants(.variableDecl).first.flatMap(VariableDecl.init),
                  let type = variable.bindings.first?.type else { XCTFail("no type in \(text)"); continue }
            let spaced = (type.firstTokenIndex..<type.endTokenIndex).map { tree.token(at: $0).text }.joined(separator: " ")
            XCTAssertEqual(TypeResolver.typeText(of: type), ProjectIndex.normalizedTypeText(spaced), text)
        }
    }

    /// A file's names are copied out of its text together and checked for UTF-8 as a
    /// whole: a name that is not ASCII must still count as the same `String` (canonically
    /// equivalent spellings as one), and the ASCII names beside it as before.
    func testNonASCIINamesCountAsTheirStringsBesideASCIIOnes() {
        let built = index("let caf\u{E9} = 1\nlet total = caf\u{E9} + total\n",
                          "let x = cafe\u{301} + total\n", "let y = total\n")
        XCTAssertEqual(built.count(of: "caf\u{E9}"), 2, "precomposed once, decomposed once; the declaration is no use")
        XCTAssertEqual(built.count(of: "cafe\u{301}"), 2)
        XCTAssertEqual(built.count(of: "total"), 3)
    }

    /// The name a `let` or `var` declares is written, not read; the unwrapping shorthands
    /// (`if let x {`, `guard let x else`, `if let x, …`) read the name and stay counted.
    func testDeclaredNamesAreNotCountedButShorthandUnwrapsAre() {
        let built = index("""
            struct A { var model: Model?; let store = Store(), cache: Cache? = nil }
            func f(a: A) {
                if let model { use(model) }
                guard let cache else { return }
                if let store, let model = a.model { _ = (store, model, cache) }
                let copy = a.model
            }
            """)
        XCTAssertEqual(built.count(of: "model", members: false), 3, "`if let model {`, `use(model)`, `(store, model, …)`")
        XCTAssertEqual(built.count(of: "cache"), 3, "`guard let cache else`, the read after it, and `, cache:`, which after a comma may be a read")
        XCTAssertEqual(built.count(of: "store"), 2, "`if let store,` and the read after it")
        XCTAssertNil(built.nameCounts["copy"], "declared, never read")
        XCTAssertEqual(built.nameCounts[".model"], 2)
    }

    func testNamesAreCountedAcrossFilesWithWrapperPrefixesFolded() {
        let built = index("""
            struct A: View {
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Text("").if(true) { $0 } }
            }
            """, """
            extension A { func close() { _dismiss.wrappedValue(); self.dismiss(); `dismiss`() ; $dismiss } }
            """)
        XCTAssertEqual(built.nameCounts["dismiss"], 3, "`_dismiss`, `` `dismiss` ``, `$dismiss`, across files; the declaration is no use")
        XCTAssertEqual(built.nameCounts[".dismiss"], 1, "`self.dismiss`; the environment's key path names no member")
        XCTAssertEqual(built.count(of: "dismiss"), 4)
        XCTAssertEqual(built.nameCounts[".if"], 1, "a keyword after a period is a member name")
        XCTAssertNil(built.nameCounts["A"], "types are not counted")
        let merged = built.merging(index("let other = dismiss"))
        XCTAssertEqual(merged.count(of: "dismiss", members: false), 4, "merging adds the other files' counts")
    }

    func testConformancesFromDeclarationsAndExtensions() {
        let built = index("""
            struct Item: Identifiable, Hashable { let id: UUID }
            struct Song: Hashable { let id: Int }
            extension Song: Identifiable {}
            struct Point: Hashable, Codable { var x: Int }
            """)
        XCTAssertEqual(built.conformances["Item"], ["Identifiable", "Hashable"])
        XCTAssertEqual(built.conformances["Song"], ["Hashable", "Identifiable"])
        XCTAssertEqual(built.isIdentifiable("Item"), true)
        XCTAssertEqual(built.isIdentifiable("Song"), true)
        XCTAssertEqual(built.isIdentifiable("Point"), false)
        XCTAssertEqual(built.isIdentifiable("Missing"), nil)
        XCTAssertTrue(built.declaredTypes.contains("Song"))
        XCTAssertFalse(built.isSeen("Missing"))
    }

    func testModelClassesManagedObjectsAndRefinedProtocolsAreIdentifiable() {
        let built = index("""
            @Model final class Trip { var name: String = "" }
            final class Note: NSManagedObject {}
            protocol Entity: Identifiable {}
            struct Person: Entity { let id: Int }
            class Base: Identifiable {}
            final class Derived: Base {}
            final class Unknown: SomeLibraryBase {}
            """)
        XCTAssertEqual(built.isIdentifiable("Trip"), true)
        XCTAssertEqual(built.isIdentifiable("Note"), true)
        XCTAssertEqual(built.isIdentifiable("Person"), true)
        XCTAssertEqual(built.isIdentifiable("Derived"), true)
        XCTAssertEqual(built.isIdentifiable("Unknown"), nil, "a superclass outside the run may be Identifiable")
    }

    func testPlainValueTypesAreNotIdentifiable() {
        let empty = ProjectIndex()
        for name in ["String", "Int", "UUID", "Double", "Date", "[Item]", "Item?", "(Int, Int)"] {
            XCTAssertEqual(empty.isIdentifiable(name), false, name)
        }
        XCTAssertEqual(index("extension String: Identifiable { public var id: String { self } }").isIdentifiable("String"), true)
    }

    func testPropertyTypesDeclaredAndInferred() {
        let built = index("""
            struct ItemsView: View {
                let id: UUID
                @State private var items: [Item] = []
                @State var more = [Item]()
                @State var others = Array<Item>()
                @StateObject var store = Store()
                @Binding var selection: Set<Item>
                var total: Int { items.count }
                var title = "Items"
                var unknown = makeItems()
                static let shared: [Item] = []
            }
            """)
        let properties = built.propertyTypes["ItemsView"] ?? [:]
        XCTAssertEqual(properties["id"], "UUID")
        XCTAssertEqual(properties["items"], "[Item]")
        XCTAssertEqual(properties["more"], "[Item]")
        XCTAssertEqual(properties["others"], "Array<Item>")
        XCTAssertEqual(properties["store"], "Store")
        XCTAssertEqual(properties["selection"], "Set<Item>")
        XCTAssertEqual(properties["total"], "Int")
        XCTAssertEqual(properties["title"], "String")
        XCTAssertNil(properties["unknown"], "a function's result type is not proven")
        XCTAssertNil(properties["shared"], "static properties are not instance properties")
        XCTAssertEqual(built.propertyWrapper(of: "ItemsView", named: "items"), "State")
        XCTAssertEqual(built.propertyWrapper(of: "ItemsView", named: "selection"), "Binding")
        XCTAssertNil(built.propertyWrapper(of: "ItemsView", named: "total"))
    }

    func testNestedTypesAreQualifiedAndLookedUpFromTheInside() {
        let built = index("""
            struct Item {}
            struct Library {
                struct Item: Identifiable { let id: Int }
                struct Shelf { let items: [Item] }
            }
            extension Library.Shelf { var count: Int { 0 } }
            """)
        XCTAssertTrue(built.declaredTypes.contains("Library.Item"))
        XCTAssertEqual(built.propertyType(of: "Library.Shelf", named: "items"), "[Item]")
        XCTAssertEqual(built.propertyType(of: "Library.Shelf", named: "count"), "Int")
        XCTAssertEqual(built.qualifiedName(of: "Item", inScope: "Library.Shelf"), "Library.Item")
        XCTAssertEqual(built.qualifiedName(of: "Item"), "Item")
        XCTAssertEqual(built.isIdentifiable("Item", inScope: "Library.Shelf"), true)
        XCTAssertEqual(built.isIdentifiable("Item"), false)
    }

    func testTypealiasesAreFollowed() {
        let built = index("""
            struct Item: Identifiable { let id: Int }
            typealias Row = Item
            typealias Rows = [Row]
            enum Alias { typealias Loop = Loop }
            """)
        XCTAssertEqual(built.typealiases["Rows"], "[Row]")
        XCTAssertEqual(built.resolvingTypealiases("Rows"), "[Row]")
        XCTAssertEqual(built.elementType(ofCollectionType: "Rows"), "Row")
        XCTAssertEqual(built.isIdentifiable("Row"), true)
        XCTAssertEqual(built.resolvingTypealiases("Alias.Loop"), "Loop", "a cyclic alias stops")
    }

    func testElementTypesOfCollections() {
        let empty = ProjectIndex()
        let forms = ["[Item]", "[ Item ]", "Array<Item>", "Set<Item>", "ArraySlice<Item>", "IdentifiedArrayOf<Item>",
                     "FetchedResults<Item>", "Binding<[Item]>", "IdentifiedArray<Int, Item>", "ContiguousArray<Item>"]
        for form in forms { XCTAssertEqual(empty.elementType(ofCollectionType: form), "Item", form) }
        XCTAssertEqual(empty.elementType(ofCollectionType: "[[Item]]"), "[Item]")
        XCTAssertEqual(empty.elementType(ofCollectionType: "Array<Dictionary<String, Int>>"), "Dictionary<String,Int>")
        XCTAssertNil(empty.elementType(ofCollectionType: "[String: Item]"))
        XCTAssertNil(empty.elementType(ofCollectionType: "[Item]?"))
        XCTAssertNil(empty.elementType(ofCollectionType: "Item"))
        XCTAssertEqual(empty.collectionType("Binding<[Item]>")?.isBinding, true)
        XCTAssertEqual(empty.collectionType("Set<Item>")?.isRandomAccess, false)
        XCTAssertEqual(empty.collectionType("ArraySlice<Item>")?.hasZeroBasedIntIndices, false)
        XCTAssertEqual(empty.collectionType("[Item]")?.hasZeroBasedIntIndices, true)
    }

    func testFileOrderDoesNotMatterAndMergingUnites() {
        let a = "struct Item: Hashable { let id: Int }\n"
        let b = "extension Item: Identifiable {}\nextension Item { var name: String { \"\" } }\n"
        let ab = index(a, b), ba = index(b, a)
        XCTAssertEqual(ab.conformances, ba.conformances)
        XCTAssertEqual(ab.propertyTypes, ba.propertyTypes)
        XCTAssertEqual(ab.declaredTypes, ba.declaredTypes)
        XCTAssertEqual(ab.fileCount, 2)
        let merged = index(a).merging(index(b))
        XCTAssertEqual(merged.conformances["Item"], ["Hashable", "Identifiable"])
        XCTAssertEqual(merged.propertyTypes["Item"], ["id": "Int", "name": "String"])
        XCTAssertTrue(merged.covers(index(a)))
        XCTAssertTrue(merged.covers(index(b)))
        XCTAssertFalse(index(a).covers(index(b)), "the extension's conformance and property are new")
        XCTAssertFalse(merged.covers(index("struct Item: Hashable { let id: String }\n")), "a changed property type is new")
    }

    // MARK: - Type resolution

    /// The type the resolver gives the data argument of the first `ForEach` in `source`.
    func resolvedDataType(_ source: String, extra: String = "") -> String? {
        let tree = SyntaxTree.parse(source)
        var builder = ProjectIndexBuilder()
        builder.add(tree, path: "v.swift")
        if !extra.isEmpty { builder.add(SyntaxTree.parse(extra), path: "other.swift") }
        let resolver = TypeResolver(index: builder.finish())
        guard let call = tree.root.preorder.compactMap(FunctionCallExpr.init).first(where: { $0.calleeName == "ForEach" }),
              let data = call.arguments.first?.expression else { return nil }
        return resolver.type(of: data)?.text
    }

    func testResolverFindsPropertiesLocalsAndModels() {
        XCTAssertEqual(resolvedDataType("struct V { let items: [Item]\n var body: some View { ForEach(items) { x in } } }"), "[Item]")
        XCTAssertEqual(resolvedDataType("struct V { let items: [Item]\n var body: some View { ForEach(self.items) { x in } } }"), "[Item]")
        XCTAssertEqual(resolvedDataType("struct V { @State var items: [Item] = []\n var body: some View { ForEach($items) { $x in } } }"),
                       "Binding<[Item]>")
        XCTAssertNil(resolvedDataType("struct V { let items: [Item]\n var body: some View { ForEach($items) { $x in } } }"),
                     "a plain `let` has no projected binding")
        XCTAssertEqual(resolvedDataType("struct V { @ObservedObject var model: Store\n var body: some View { ForEach(model.items) { x in } } }",
                                        extra: "final class Store: ObservableObject { @Published var items: [Item] = [] }"), "[Item]")
        XCTAssertEqual(resolvedDataType("struct V { var body: some View { let rows: [Row] = []\n ForEach(rows) { x in } } }"), "[Row]")
        XCTAssertEqual(resolvedDataType("func f(items: Set<Item>) { ForEach(items) { x in } }"), "Set<Item>")
    }

    func testResolverRespectsShadowingAndUnknowns() {
        XCTAssertNil(resolvedDataType("struct V { let items: [Item]\n var body: some View { List { for items in all { ForEach(items) { x in } } } } }"),
                     "a `for` rebinding hides the property")
        XCTAssertNil(resolvedDataType("struct V { let items: [Item]\n var body: some View { Group { let items = load()\n ForEach(items) { x in } } } }"),
                     "a local without a proven type hides the property")
        XCTAssertNil(resolvedDataType("struct V { var body: some View { ForEach(items) { x in } } }"))
        XCTAssertNil(resolvedDataType("struct V { let model: Store\n var body: some View { ForEach(model.items) { x in } } }"),
                     "a type outside the run has unknown properties")
    }

    /// The type the resolver gives the data argument of the last `ForEach` in `source`.
    func innermostDataType(_ source: String) -> String? {
        let tree = SyntaxTree.parse(source)
        var builder = ProjectIndexBuilder()
        builder.add(tree, path: "v.swift")
        let resolver = TypeResolver(index: builder.finish())
        guard let call = tree.root.preorder.compactMap(FunctionCallExpr.init).last(where: { $0.calleeName == "ForEach" }),
              let data = call.arguments.first?.expression else { return nil }
        return resolver.type(of: data)?.text
    }

    func testResolverUnwrapsOptionalsWhereTheCodeDoes() {
        let model = "final class M { var items: [Item]?\n var child: M?\n var all: [Item] = [] }\n"
        XCTAssertEqual(innermostDataType(model + "struct V { let m: M\n var body: some View { if let items = m.items { ForEach(items) { x in } } } }"), "[Item]")
        XCTAssertEqual(innermostDataType(model + "struct V { let items: [Item]?\n var body: some View { if let items { ForEach(items) { x in } } } }"), "[Item]")
        XCTAssertEqual(innermostDataType(model + "struct V { let m: M\n func f() { guard let items = m.child?.items else { return }\n ForEach(items) { x in } } }"), "[Item]")
        XCTAssertEqual(innermostDataType(model + "struct V { let m: M\n var body: some View { ForEach(m.items ?? []) { x in } } }"), "[Item]")
        XCTAssertEqual(innermostDataType(model + "struct V { let m: M?\n var body: some View { ForEach(m?.child?.all ?? []) { x in } } }"), "[Item]")
        XCTAssertEqual(innermostDataType(model + "struct V { let m: M?\n var body: some View { ForEach(m?.all) { x in } } }"), "[Item]?")
        XCTAssertEqual(innermostDataType(model + "struct V { let m: M\n var body: some View { ForEach(m.items!) { x in } } }"), "[Item]")
        XCTAssertNil(innermostDataType(model + "struct V { let m: M\n var body: some View { ForEach(m.all ?? []) { x in } } }"),
                     "`??` after a value that is not optional proves nothing")
        XCTAssertEqual(innermostDataType(model + "struct V { let items: [Tag]\n let m: M\n var body: some View { if let items = m.items { Text(\"\") } else { ForEach(items) { x in } } } }"),
                       "[Tag]", "in `else` the name is the property's")
    }

    func testResolverTypesBindingRows() {
        let note = "struct Note { var tags: [Tag] }\n"
        XCTAssertEqual(innermostDataType(note + "struct V { @State var notes: [Note] = []\n var body: some View { ForEach($notes) { $note in ForEach(note.tags) { t in } } } }"), "[Tag]")
        XCTAssertEqual(innermostDataType(note + "struct V { @State var notes: [Note] = []\n var body: some View { ForEach($notes) { $note in ForEach($note.tags) { $t in } } } }"),
                       "Binding<[Tag]>")
        XCTAssertEqual(innermostDataType(note + "struct V { @State var notes: [Note] = []\n var body: some View { ForEach($notes) { note in ForEach(note.tags) { t in } } } }"),
                       "Binding<[Tag]>", "a plain parameter over bindings is a Binding")
        XCTAssertEqual(innermostDataType(note + "final class Book { var notes: [Note] = [] }\nstruct V { @Bindable var book: Book\n var body: some View { ForEach($book.notes) { $note in ForEach(note.tags) { t in } } } }"),
                       "[Tag]")
    }
}

/// The run builds its index from declaration-only parses; that must record exactly what a
/// full parse records.
final class DeclarationParseIndexTests: XCTestCase {
    func testDeclarationOnlyParseGivesTheSameIndex() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files: [URL] = []
        for folder in ["Golden", "Examples", "scripts/swiftui-standin"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { files.append(url) }
            }
        }
        XCTAssertGreaterThan(files.count, 100)
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            let declarations = SyntaxTree.parseDeclarations(bytes)
            XCTAssertEqual(declarations.printed(), bytes, url.lastPathComponent)
            var full = ProjectIndexBuilder()
            full.add(SyntaxTree.parse(bytes), path: url.path)
            var quick = ProjectIndexBuilder()
            quick.add(declarations, path: url.path)
            let a = full.finish(), b = quick.finish()
            XCTAssertEqual(a.conformances, b.conformances, url.lastPathComponent)
            XCTAssertEqual(a.propertyTypes, b.propertyTypes, url.lastPathComponent)
            XCTAssertEqual(a.propertyWrappers, b.propertyWrappers, url.lastPathComponent)
            XCTAssertEqual(a.typealiases, b.typealiases, url.lastPathComponent)
            XCTAssertEqual(a.declaredTypes, b.declaredTypes, url.lastPathComponent)
            XCTAssertEqual(a.classTypes, b.classTypes, url.lastPathComponent)
        }
    }
}
