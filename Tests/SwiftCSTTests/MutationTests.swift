// The partition and totality invariants over a seeded corpus of broken variants of
// realistic code: byte flips, truncations, deleted brackets, inserted delimiters.
import XCTest
@testable import SwiftCST

final class MutationTests: XCTestCase {
    static let seeds: [String] = [
        """
        import SwiftUI

        struct ContentView: View {
            @State private var items: [Item] = []
            private var formatter: DateFormatter {
                let f = DateFormatter()
                f.dateStyle = .short
                return f
            }

            var body: some View {
                List {
                    ForEach(Array(items.enumerated()), id: \\.offset) { index, item in
                        if item.isVisible {
                            Text("\\(index + 1). \\(item.name, format: .name)")
                                .font(.headline)
                        }
                    }
                    .onDelete { items.remove(atOffsets: $0) }
                }
                .id(UUID())
                #if os(iOS)
                .navigationBarTitle("Items")
                #endif
            }
        }
        """,
        ##"""
        let raw = #"a \#(b) "quoted" "#
        let multi = """
            line \(x + y)
            """
        let regex = /[a-z]+(\d+)?/
        let ratio = a / b / c
        func f<T: Collection>(_ t: T) async throws -> [T.Element] where T.Element: Hashable {
            guard let first = t.first else { return [] }
            defer { print("done") }
            switch first { case let x as Int: print(x); default: break }
            return t.sorted { $0.hashValue < $1.hashValue }
        }
        #Preview { ContentView() }
        """##,
    ]

    func testMutatedSourcesPartitionAndParse() {
        var generator = SplitMix64(seed: 0xB0D1_0001)
        let specials: [UInt8] = Array("{}()[]\"#/\\<>`'$@.:,;\n\r\t *".utf8)
        var variants = 0
        for seed in Self.seeds {
            let base = Array(seed.utf8)
            for _ in 0..<400 {
                var bytes = base
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    guard !bytes.isEmpty else { break }
                    let at = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 6 {
                    case 0: bytes[at] = UInt8(truncatingIfNeeded: generator.next())
                    case 1: bytes.removeSubrange(at...)
                    case 2: bytes.remove(at: at)
                    case 3: bytes.insert(specials[Int(generator.next() % UInt64(specials.count))], at: at)
                    case 4:
                        if let bracket = bytes.indices.dropFirst(at).first(where: { "{}()[]".utf8.contains(bytes[$0]) }) {
                            bytes.remove(at: bracket)
                        }
                    default:
                        let end = min(bytes.count, at + Int(generator.next() % 40))
                        bytes.insert(contentsOf: bytes[at..<end], at: at)
                    }
                }
                let tree = SyntaxTree.parse(bytes)
                variants += 1
                XCTAssertEqual(SyntaxTree.parseDeclarations(bytes).printed(), bytes, "declaration-only parse")
                if tree.printed() != bytes || !tree.isPartition {
                    XCTFail("round trip failed for variant:\n\(String(decoding: bytes, as: UTF8.self))")
                    return
                }
                // Each token's parent holds it, and none of that parent's child nodes does.
                for index in Swift.stride(from: 0, to: tree.tokens.count, by: 7) {
                    let parent = tree.token(at: index).parent
                    XCTAssertTrue(parent.firstTokenIndex <= index && index < parent.endTokenIndex)
                    XCTAssertFalse(parent.childNodes.contains { $0.firstTokenIndex <= index && index < $0.endTokenIndex })
                }
                // Every node's tokens lie inside its parent's.
                for node in tree.root.preorder {
                    if let parent = node.parent {
                        XCTAssertTrue(parent.firstTokenIndex <= node.firstTokenIndex && node.endTokenIndex <= parent.endTokenIndex)
                    }
                }
            }
        }
        XCTAssertEqual(variants, 800)
    }
}
