// Folding many files into several module indexes at once must give what absorbing them
// one by one gives, fact for fact and name for name.
@testable import Semantics
import Foundation
import SwiftCST
import XCTest

final class ProjectIndexFoldTests: XCTestCase {
    private let sources = [
        "struct Item: Identifiable { let id: Int; var title: String }\nextension Item: Hashable {}",
        "import SwiftUI\nstruct Row: View { @State private var count = 0; var body: some View { Text(\"\\(count)\") } }",
        "typealias Items = [Item]\nfinal class Store: ObservableObject { @Published var items: Items = [] ; func load() { self.items = [] } }",
        "struct Row: View { var title: String; var body: some View { Text(title).font(.title) } }\nextension Item { var _title: String { title } }",
        "enum Tab: String, CaseIterable, Identifiable { case home, settings; var id: Self { self } }",
    ]

    private func fileIndex(_ number: Int) -> ProjectIndex {
        index(of: sources[number], path: "F\(number).swift")
    }

    /// The index of one file of `source` at `path`.
    private func index(of source: String, path: String) -> ProjectIndex {
        var builder = ProjectIndexBuilder()
        builder.add(SyntaxTree.parse(Array(source.utf8)), path: path)
        return builder.finish()
    }

    /// What absorbing the files of `view` one by one gives.
    private func absorbed(_ files: [ProjectIndex?], _ view: [Int]) -> ProjectIndex {
        var absorbed = ProjectIndex()
        for position in view { if let file = files[position] { absorbed.absorb(file) } }
        return absorbed
    }

    /// The files of `sources`, then two that give `Item.title` and `Items` other texts.
    private func filesWithLaterTexts() -> [ProjectIndex?] {
        let later = [
            "extension Item { var title: Int { 0 } }\ntypealias Items = Set<Item>",
            "extension Item { var title: String { \"\" } }\nstruct Other { @State var count = 0 }",
        ]
        var files: [ProjectIndex?] = (0..<sources.count).map(fileIndex)
        for (number, text) in later.enumerated() { files.append(index(of: text, path: "L\(number).swift")) }
        return files
    }

    private func assertSame(_ folded: ProjectIndex, _ absorbed: ProjectIndex, _ message: String) {
        XCTAssertEqual(folded.conformances, absorbed.conformances, message)
        XCTAssertEqual(folded.propertyTypes, absorbed.propertyTypes, message)
        XCTAssertEqual(folded.propertyWrappers, absorbed.propertyWrappers, message)
        XCTAssertEqual(folded.typealiases, absorbed.typealiases, message)
        XCTAssertEqual(folded.declaredTypes, absorbed.declaredTypes, message)
        XCTAssertEqual(folded.declaredSimpleNames, absorbed.declaredSimpleNames, message)
        XCTAssertEqual(folded.classTypes, absorbed.classTypes, message)
        XCTAssertEqual(folded.selfIdentifiedTypes, absorbed.selfIdentifiedTypes, message)
        XCTAssertEqual(folded.freshlyIdentifiedTypes, absorbed.freshlyIdentifiedTypes, message)
        XCTAssertEqual(folded.genericTypes, absorbed.genericTypes, message)
        XCTAssertEqual(folded.indexedPaths, absorbed.indexedPaths, message)
        XCTAssertEqual(folded.fileCount, absorbed.fileCount, message)
        XCTAssertEqual(Set(folded.names.paths), Set(absorbed.names.paths), message)
        XCTAssertEqual(folded.names.summed(), absorbed.names.summed(), message)
    }

    func testFoldEqualsAbsorbingEachViewsFilesInOrder() {
        let files: [ProjectIndex?] = [fileIndex(0), fileIndex(1), nil, fileIndex(3), fileIndex(4), fileIndex(2)]
        let views = [[0, 1, 3], [4, 0], [0, 1, 2, 3, 4, 5], [], [5], [3, 1, 0]]
        let folded = ProjectIndex.fold(files, views: views)
        XCTAssertEqual(folded.count, views.count)
        for (number, view) in views.enumerated() {
            assertSame(folded[number], absorbed(files, view), "view \(number): \(view)")
        }
        XCTAssertEqual(folded[2].count(of: "title"), 3, "two reads and `.title`; the declarations of `title` and `_title` are no uses")
        XCTAssertFalse(folded[0].names.isEmpty)
    }

    func testViewsInPathOrderShareGroupsAndTheLastFileWins() {
        // Views in increasing order take the shared path: files seen by the same views are
        // folded once. `Item.title` and `Items` get another text in a later file of another
        // group, which must win in the views that see both, as file by file.
        var files = filesWithLaterTexts()
        files.insert(nil, at: 3)
        let views = [[0, 1, 2, 3, 4, 5], [0, 2, 5, 6], [0, 1, 6, 7], [1, 7], [2, 4, 6], [0, 1, 2, 4, 5, 6, 7], [3], []]
        let folded = ProjectIndex.fold(files, views: views)
        XCTAssertEqual(folded.count, views.count)
        for (number, view) in views.enumerated() {
            let absorbed = absorbed(files, view)
            assertSame(folded[number], absorbed, "view \(number): \(view)")
            XCTAssertEqual(folded[number].mentions["title"], absorbed.mentions["title"], "view \(number)")
            XCTAssertEqual(folded[number].nameCounts["title"], absorbed.nameCounts["title"], "view \(number)")
        }
        XCTAssertEqual(folded[1].propertyTypes["Item"]?["title"], "Int", "the later file's text")
        XCTAssertEqual(folded[2].propertyTypes["Item"]?["title"], "String")
        XCTAssertEqual(folded[1].typealiases["Items"], "Set<Item>")
        XCTAssertEqual(folded[0].typealiases["Items"], "[Item]")
    }

    func testViewsMergedOnTwoThreadsAreThoseOfOne() {
        // Views that build on one another (each module on those it depends on), merged by
        // the calling thread from the smallest and by another from the largest whose base is
        // built: every view as the calling thread alone makes it.
        let files = filesWithLaterTexts()
        let views = [[0], [0, 1], [0, 1, 2], [0, 1, 2, 3], [0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 5, 6], [5, 6], [2, 5], [4], [1, 3, 6], []]
        for _ in 0..<20 {
            var alone = ProjectIndex.Folding(fileCount: files.count, views: views)
            var shared = ProjectIndex.Folding(fileCount: files.count, views: views)
            for file in files {
                alone.add(file.map(ProjectIndex.FileFacts.built))
                shared.add(file.map(ProjectIndex.FileFacts.built))
            }
            let one = alone.finish()
            let two = shared.finish(aside: { work in Thread { work() }.start() })
            XCTAssertEqual(two.count, views.count)
            for (number, view) in views.enumerated() {
                assertSame(two[number], one[number], "view \(number): \(view)")
                assertSame(two[number], absorbed(files, view), "view \(number): \(view), file by file")
            }
        }
    }

    func testSnapshotBytesRebuildTheFold() {
        let nested = index(of: "struct Outer { struct Inner: Hashable { let value: Int } }", path: "Nested.swift")
        let files: [ProjectIndex?] = (0..<sources.count).map(fileIndex) + [nested]
        let folded = ProjectIndex.fold(files, views: [Array(files.indices)])[0]
        guard let restored = ProjectIndex(snapshot: folded.snapshotBytes()[...]) else { return XCTFail("no snapshot") }
        assertSame(restored, folded, "restored")
        XCTAssertEqual(restored.count(of: "title"), folded.count(of: "title"))
        XCTAssertEqual(restored.filesMentioning("Item", besides: "F0.swift"), folded.filesMentioning("Item", besides: "F0.swift"))
        XCTAssertTrue(restored.declaredSimpleNames.contains("Inner"))
        guard let again = ProjectIndex(snapshot: restored.snapshotBytes()[...]) else { return XCTFail("no second snapshot") }
        assertSame(again, folded, "a restored index's snapshot")
        // An index of its own names, not a fold's: the same.
        guard let single = ProjectIndex(snapshot: fileIndex(1).snapshotBytes()[...]) else { return XCTFail("no file snapshot") }
        assertSame(single, fileIndex(1), "one file's index")
        let bytes = folded.snapshotBytes()
        XCTAssertNil(ProjectIndex(snapshot: bytes.dropLast()), "cut short")
        XCTAssertNil(ProjectIndex(snapshot: (bytes + [0])[...]), "bytes after the end")
    }

    func testAbsorbingOneMoreFileIntoAFoldEqualsFoldingItWithTheOthers() {
        let files: [ProjectIndex?] = (0..<sources.count).map(fileIndex)
        for last in files.indices {
            let others = files.indices.filter { $0 != last }
            guard var base = ProjectIndex(snapshot: ProjectIndex.fold(files, views: [others])[0].snapshotBytes()[...]) else {
                return XCTFail("no snapshot")
            }
            XCTAssertTrue(base.absorbIfConsistent(.built(files[last]!)), "file \(last)")
            assertSame(base, ProjectIndex.fold(files, views: [Array(files.indices)])[0], "file \(last) added last")
        }
        // A cached file's bytes count as its facts.
        var base = ProjectIndex.fold(files, views: [[0, 1, 2, 3]])[0]
        XCTAssertTrue(base.absorbIfConsistent(.encoded(fileIndex(4).encodedFacts()[...], path: "F4.swift")))
        assertSame(base, ProjectIndex.fold(files, views: [Array(files.indices)])[0], "encoded")
    }

    func testAFileThatGivesAnotherTextIsNotAbsorbed() {
        // Which text wins depends on the files' order, which a fold no longer knows.
        let disagreeing = index(of: "extension Item { typealias Items = Set<Item> }\ntypealias Items = Set<Item>", path: "G.swift")
        var base = ProjectIndex.fold((0..<sources.count).map(fileIndex), views: [Array(sources.indices)])[0]
        XCTAssertFalse(base.absorbIfConsistent(.built(disagreeing)))
        var other = ProjectIndex.fold((0..<sources.count).map(fileIndex), views: [Array(sources.indices)])[0]
        XCTAssertTrue(other.absorbIfConsistent(.built(index(of: "typealias Items = [Item]", path: "H.swift"))), "the same text is no conflict")
        XCTAssertEqual(other.fileCount, sources.count + 1)
    }
}
