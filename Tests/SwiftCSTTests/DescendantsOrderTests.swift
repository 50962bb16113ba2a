import XCTest
@testable import SwiftCST

/// `Node.descendants` gives source order without sorting when it can: its answer must be
/// the one sorting every match by position gives, for nested matches and empty nodes too.
final class DescendantsOrderTests: XCTestCase {
    /// The order `descendants` promises: by first token, the longer node first, then the
    /// outer (later stored) one.
    private func sortedByPosition(_ tree: SyntaxTree, _ indices: [Int]) -> [Int] {
        indices.sorted { a, b in
            let x = tree.nodes[a], y = tree.nodes[b]
            if x.firstToken != y.firstToken { return x.firstToken < y.firstToken }
            if x.endToken != y.endToken { return x.endToken > y.endToken }
            return a > b
        }
    }

    private func assertSourceOrder(_ source: String, file: StaticString = #filePath, line: UInt = #line) {
        let tree = SyntaxTree.parse(Array(source.utf8))
        var checked = 0
        for kind in Set(tree.nodes.map(\.kind)) {
            // From the root and from every node of the kind (a subtree's own matches).
            let all = tree.nodes.indices.filter { tree.nodes[$0].kind == kind }
            XCTAssertEqual(tree.root.descendants(kind).map(\.index), sortedByPosition(tree, all), "\(kind)", file: file, line: line)
            for index in all {
                let node = Node(tree: tree, index: index)
                let inside = all.filter { node.contains(Node(tree: tree, index: $0)) }
                XCTAssertEqual(node.descendants(kind).map(\.index), sortedByPosition(tree, inside), "\(kind) in \(node)",
                               file: file, line: line)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10, "the source has nodes to check", file: file, line: line)
    }

    func testNestedCallsAndClosures() {
        assertSourceOrder("""
        struct V: View {
            var body: some View {
                VStack { HStack { Text(f(g(h(1)), k { m(2) })).font(.title).padding() }; Text("b") }
                    .onAppear { load(a(b(c()))) }
            }
            func f(_ x: Int) -> Int { x.map { $0.map { $0 } }.reduce(0) { $0 + $1 } }
        }
        """)
    }

    func testSiblingsAndDeepChains() {
        let chain = (0..<40).map { ".m\($0)(\($0))" }.joined()
        assertSourceOrder("let a = x\(chain)\nlet b = [f(1), f(f(2)), f(f(f(3)))]\nlet c = g { g { g { 1 } } }\n")
    }

    func testBrokenCodeWithMissingPieces() {
        // Missing expressions and unclosed lists make empty nodes beside real ones.
        assertSourceOrder("let = f(, g(1, ), h(\nfunc x( { if { } else if  { y(z(") 
        assertSourceOrder("struct A { var b: = ; func c() -> { d(e(f( }\n let g = [1, , h(]")
    }
}
