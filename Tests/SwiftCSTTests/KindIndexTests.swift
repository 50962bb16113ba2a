import XCTest
@testable import SwiftCST

/// A large tree answers questions about the nodes of some kinds from its `KindIndex`: the
/// answers must be those of scanning the nodes, for the root and for subtrees of every size.
final class KindIndexTests: XCTestCase {
    /// Views with nested calls, closures, conditions and trailing closures, repeated until
    /// the tree has more nodes than `KindIndex.minimumNodes`.
    private func largeTree() -> SyntaxTree {
        // The first half in an enum: a large subtree that is not the root.
        var source = "import SwiftUI\nenum Nested {\n"
        var view = 0
        while source.utf8.count < 200_000 {
            if view == 300 { source += "}\n" }
            source += """
                struct Row\(view): View {
                    let items: [Item]
                    @State private var on = false
                    var body: some View {
                        VStack {
                            ForEach(items.filter { $0.visible }, id: \\.id) { item in
                                if on { Text(item.name).font(.title) } else { Label(item.name, systemImage: "x") }
                            }
                            Button("Go") { on.toggle() }
                        }
                        .padding()
                    }
                }

                """
            view += 1
        }
        return SyntaxTree.parse(Array(source.utf8))
    }

    func testIndexedAnswersEqualScannedOnes() {
        let tree = largeTree()
        XCTAssertNotNil(tree.kinds, "the tree is large enough to be indexed")
        let scanned = SyntaxTree(bytes: tree.bytes, tokens: tree.tokens, nodes: tree.nodes, diagnostics: tree.diagnostics,
                                 indexingKinds: false)
        XCTAssertNil(scanned.kinds)
        // The root, the enum and its members, and small subtrees all over.
        let large = tree.root.descendants(.enumDecl).flatMap { [$0.index] + $0.childNodes.map(\.index) }
        let roots = [tree.nodes.count - 1] + large + stride(from: 0, to: tree.nodes.count, by: 997).map { $0 }
        let kinds: [SyntaxKind] = [.functionCallExpr, .closureExpr, .ifExpr, .structDecl, .memberAccessExpr, .sourceFile]
        let sets: [SyntaxKindSet] = [[.identifierExpr, .memberAccessExpr], [.closureExpr], [.ifExpr, .structDecl, .argument]]
        var indexedQuestions = 0
        for root in roots {
            let indexed = Node(tree: tree, index: root), plain = Node(tree: scanned, index: root)
            if root - Int(tree.nodes[root].subtreeStart) >= KindIndex.minimumSubtree { indexedQuestions += 1 }
            for kind in kinds {
                XCTAssertEqual(indexed.descendants(kind).map(\.index), plain.descendants(kind).map(\.index), "\(kind) in \(root)")
            }
            for set in sets {
                XCTAssertEqual(indexed.descendants(set).map(\.index), plain.descendants(set).map(\.index))
                var visited: [Int] = [], expected: [Int] = []
                indexed.forEachDescendant(set) { visited.append($0.index) }
                plain.forEachDescendant(set) { expected.append($0.index) }
                XCTAssertEqual(visited, expected, "storage order, as a scan gives it")
                let probe = expected.last.map { $0 - 1 } ?? 0
                XCTAssertEqual(indexed.containsDescendant(set) { $0.index == probe }, plain.containsDescendant(set) { $0.index == probe })
            }
        }
        XCTAssertGreaterThan(indexedQuestions, 1, "some questions went to the index")
    }

    /// A large file of dense code (more nodes than tokens) outgrows the room its nodes
    /// start with; its tree is the same as each of its parts parsed alone.
    func testDenseLargeFileOutgrowsItsNodeRoom() {
        let part = "f(a)(b)(c)(d)\n"
        let one = SyntaxTree.parse(Array(part.utf8))
        let copies = 10_000
        let tree = SyntaxTree.parse(Array(String(repeating: part, count: copies).utf8))
        XCTAssertGreaterThan(one.nodes.count, one.tokens.count + one.tokens.count / 4)
        XCTAssertGreaterThanOrEqual(tree.tokens.count, Parser.largeFileTokens)
        XCTAssertTrue(tree.diagnostics.isEmpty)
        XCTAssertEqual(tree.root.childNodes.count, copies)
        XCTAssertEqual(tree.nodes.count, (one.nodes.count - 1) * copies + 1)
        XCTAssertEqual(tree.bytes, Array(String(repeating: part, count: copies).utf8))
    }

    func testSmallTreesAndUnparsedBodiesAreNotIndexed() {
        XCTAssertNil(SyntaxTree.parse(Array("struct A { var x = 1 }\n".utf8)).kinds)
        let large = largeTree()
        XCTAssertNil(Parser.parse(large.bytes, skippingBodies: true).kinds, "a tree for declarations is read once")
    }
}
