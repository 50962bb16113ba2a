// The observation facts the index keeps for the `observable` migration: recorded only from
// files that name the words involved, kept through the cache's encoding, the same whichever
// order the files come in.
import XCTest
import Codemod
import SwiftCST

final class ObservationFactsTests: XCTestCase {
    private let model = """
        import SwiftUI
        final class Library: ObservableObject {
            static let shared = Library()
            @Published var books: [String] = []
            var cache = 0
        }
        """
    private let views = """
        import SwiftUI
        struct Shelf: View {
            @StateObject private var library = Library()
            @ObservedObject var shared = Library.shared
            var body: some View { Text("").onReceive(library.$books) { _ in }.environmentObject(library) }
        }
        """

    private func index(_ files: [(String, String)]) -> ProjectIndex {
        var builder = ProjectIndexBuilder()
        for (path, text) in files { builder.add(SyntaxTree.parse(text), path: path) }
        return builder.finish()
    }

    func testAModelItsUsesAndWhatBlocksItAreRecorded() {
        let facts = index([("Library.swift", model), ("Shelf.swift", views)]).observationFacts
        XCTAssertEqual(facts["model Library"], "ok")
        XCTAssertEqual(facts["static Library.shared"], "Library")
        XCTAssertEqual(facts["use Shelf.library"], "StateObject|Library|+make|")
        XCTAssertEqual(facts["use Shelf.shared"], "ObservedObject|=Library.shared||")
        XCTAssertNotNil(facts["obstacle publisher books:library Shelf"])
        XCTAssertNotNil(facts["environment Shelf library"])
    }

    func testAFileWithoutTheWordsRecordsNothing() {
        let plain = """
            import SwiftUI
            final class Cache: NSObject { var items: [Int] = [] }
            struct Row: View { @State var on = false; var body: some View { Toggle("", isOn: $on).id(ObjectIdentifier(Cache())) } }
            """
        XCTAssertFalse(ObservationScan.mayHoldFacts(Array(plain.utf8)))
        XCTAssertTrue(index([("Row.swift", plain)]).observationFacts.isEmpty)
        // Only a `$name` of an extension is read from such a file: a publisher of the class's own.
        let facts = index([("Library+Log.swift", "extension Library { func log() { _ = $books.sink { print($0) } } }")]).observationFacts
        XCTAssertEqual(Array(facts.keys), ["obstacle ownPublisher books Library"])
    }

    func testTheFactsSurviveTheCacheEncodingAndFileOrder() {
        let built = index([("Library.swift", model), ("Shelf.swift", views)])
        let reversed = index([("Shelf.swift", views), ("Library.swift", model)])
        XCTAssertEqual(built.observationFacts, reversed.observationFacts)
        let bytes = built.encodedFacts()
        guard let decoded = ProjectIndex(encodedFacts: bytes[...], path: "B.swift") else { return XCTFail("no decode") }
        XCTAssertEqual(decoded.observationFacts, built.observationFacts)
    }
}
