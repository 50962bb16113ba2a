// Index facts survive the byte encoding the index cache keeps them in, and bytes that
// are not exactly such an encoding are refused rather than half read.
import XCTest
import Semantics
import SwiftCST

final class ProjectIndexEncodingTests: XCTestCase {
    func testFactsRoundTripThroughBytes() {
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parse("""
        typealias Rows = [Row]
        @Model final class Row: Base, Identifiable { var title = "" ; @State var count: Int = 0; func bump() { count += 1 } }
        extension String: Identifiable { public var id: String { self } }
        enum Ünïcode: CaseIterable { case a }
        struct Outer { struct Inner: Hashable { let values: [Int: String] } }
        """), path: "A.swift")
        let facts = builder.finish()
        let bytes = facts.encodedFacts()
        guard let decoded = ProjectIndex(encodedFacts: bytes[...], path: "B.swift") else { return XCTFail("no decode") }
        XCTAssertEqual(decoded.conformances, facts.conformances)
        XCTAssertEqual(decoded.propertyTypes, facts.propertyTypes)
        XCTAssertEqual(decoded.propertyWrappers, facts.propertyWrappers)
        XCTAssertEqual(decoded.typealiases, facts.typealiases)
        XCTAssertEqual(decoded.declaredTypes, facts.declaredTypes)
        XCTAssertEqual(decoded.classTypes, facts.classTypes)
        XCTAssertEqual(decoded.mentions["values"], ["B.swift"], "the names are the decoding file's")
        XCTAssertEqual(decoded.mentions["Row"], ["B.swift"])
        XCTAssertEqual(decoded.filesMentioning("title", besides: "A.swift"), ["B.swift"])
        XCTAssertEqual(decoded.nameCounts["count"], facts.nameCounts["count"])
        XCTAssertEqual(decoded.nameCounts["title"], facts.nameCounts["title"])
        XCTAssertEqual(facts.nameCounts["count"], 1)
        XCTAssertEqual(facts.nameCounts[".self"] ?? 0, 0, "keywords count only after a period")
        XCTAssertEqual(decoded.indexedPaths, ["B.swift"])
        XCTAssertEqual(decoded.fileCount, 1)
        XCTAssertEqual(decoded.encodedFacts(), bytes, "the encoding is canonical")
        XCTAssertEqual(facts.declaredTypes, ["Row", "Ünïcode", "Outer", "Outer.Inner"])
        XCTAssertEqual(facts.propertyWrappers["Row"]?["count"], "State")
        XCTAssertEqual(facts.mentions["values"], ["A.swift"])
        XCTAssertEqual(facts.mentions[".Inner"], nil, "a declaration's name follows no period")
        XCTAssertEqual(facts.mentions["self"], nil, "`self` is a keyword, not a name")
    }

    func testMentionsNameTheFilesThatUseAName() {
        let index = ProjectIndexBuilder.build([
            (path: "A.swift", tree: SyntaxTree.parse("struct A { func row() -> Int { 1 } }")),
            (path: "B.swift", tree: SyntaxTree.parse("let b = A().row()")),
            (path: "C.swift", tree: SyntaxTree.parse("func row() {}\nlet c = \"row\" // row")),
            (path: "D.swift", tree: SyntaxTree.parse("struct D { var row: Int { self.row } }")),
        ])
        XCTAssertEqual(index.mentions["row"], ["A.swift", "B.swift", "C.swift", "D.swift"])
        XCTAssertEqual(index.mentions[".row"], ["B.swift"], "`self.row` is the file's own member")
        XCTAssertEqual(index.filesMentioning("row", besides: "A.swift"), ["B.swift", "C.swift", "D.swift"])
        XCTAssertEqual(index.filesMentioning("A", besides: "A.swift"), ["B.swift"])
    }

    func testFactsOfAFullTreeAreThoseOfADeclarationsTree() {
        // The run indexes a file from the tree the rules then read, or from one parsed
        // without bodies when no rule will read it; the cache must not tell them apart.
        let source = """
        @Observable final class Store { var rows: [Row] = []; var id: Store { self } }
        struct Row: View, Identifiable {
            @Environment(\\.dismiss) private var dismiss
            let id: Int
            var body: some View {
                let pairs: [Int: Array<Array<Int>>] = [:]
                Button("x") { self.dismiss(); _ = pairs.count >> 1; $0.if(true) { `default` } }
            }
            func f() -> Set<Array<Int>> { x.$y.z >>= 2; return [] }
        }
        """
        for (number, text) in [source, "struct A { var b: Int { get { self.c } } }", "let x = { y in y.z }(1)"].enumerated() {
            var full = ProjectIndexBuilder(), declarations = ProjectIndexBuilder()
            full.add(SyntaxTree.parse(text), path: "A.swift")
            declarations.add(SyntaxTree.parseDeclarations(Array(text.utf8)), path: "A.swift")
            XCTAssertEqual(full.finish().encodedFacts(), declarations.finish().encodedFacts(), "source \(number)")
        }
    }

    func testTruncatedOrPaddedBytesAreRefused() {
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parse("struct A: Identifiable { let id: Int }\nextension B: C {}"), path: "A.swift")
        let bytes = builder.finish().encodedFacts()
        for cut in 0..<bytes.count {
            XCTAssertNil(ProjectIndex(encodedFacts: bytes[..<cut], path: "A.swift"), "cut at \(cut)")
        }
        XCTAssertNil(ProjectIndex(encodedFacts: (bytes + [0])[...], path: "A.swift"))
        XCTAssertNil(ProjectIndex(encodedFacts: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f][...], path: "A.swift"))
    }
}
