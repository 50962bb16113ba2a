// End to end: `observable` migrates a model and its views in two files of one package as
// one change, only when asked for, and leaves the whole class alone when one use blocks it.
import Foundation
import XCTest

final class ObservableEndToEndTests: XCTestCase {
    private let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", platforms: [.iOS(.v17), .macOS(.v14)], targets: [.target(name: "App")])
        """
    private let model = """
        import Foundation
        import Combine

        final class Library: ObservableObject {
            @Published var books: [String] = []
            @Published var title = "Shelf"
            var loads = 0
        }

        """
    private let views = """
        import SwiftUI

        struct Shelf: View {
            @StateObject private var library = Library()

            var body: some View {
                Header()
                    .environmentObject(library)
            }
        }

        struct Header: View {
            @EnvironmentObject var library: Library

            var body: some View {
                TextField("Title", text: $library.title)
            }
        }

        struct Count: View {
            @ObservedObject var library: Library
            var body: some View { Text("\\(library.books.count)") }
        }

        """

    private func package() throws -> Sandbox {
        let sandbox = try Sandbox()
        _ = try sandbox.write("App/Package.swift", manifest)
        _ = try sandbox.write("App/Sources/App/Library.swift", model)
        _ = try sandbox.write("App/Sources/App/Views.swift", views)
        return sandbox
    }

    func testTheModelAndItsViewsChangeTogetherAndASecondRunChangesNothing() throws {
        let sandbox = try package()
        let run = try sandbox.run(["--apply", "--rules", "observable", "App"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try sandbox.text("App/Sources/App/Library.swift"), """
            import Foundation
            import Combine
            import Observation

            @Observable final class Library {
                var books: [String] = []
                var title = "Shelf"
                @ObservationIgnored var loads = 0
            }

            """)
        XCTAssertEqual(try sandbox.text("App/Sources/App/Views.swift"), """
            import SwiftUI

            struct Shelf: View {
                @State private var library = Library()

                var body: some View {
                    Header()
                        .environment(library)
                }
            }

            struct Header: View {
                @Environment(Library.self) var library: Library

                var body: some View {
                    @Bindable var library = library
                    TextField("Title", text: $library.title)
                }
            }

            struct Count: View {
                var library: Library
                var body: some View { Text("\\(library.books.count)") }
            }

            """)
        let again = try sandbox.run(["--apply", "--rules", "observable", "App"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stderr.contains("0 findings"), "the migrated code holds nothing more to migrate: \(again.stderr)")
        let check = try sandbox.run(["--check", "--rules", "observable", "App"])
        XCTAssertEqual(check.status, 0, check.stderr)
    }

    func testItIsOffUnlessNamed() throws {
        let sandbox = try package()
        let run = try sandbox.run(["--apply", "App"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try sandbox.text("App/Sources/App/Library.swift"), model)
        XCTAssertEqual(try sandbox.text("App/Sources/App/Views.swift"), views)
        let listed = try sandbox.run(["list-rules"])
        let line = listed.output.split(separator: "\n").first { $0.hasPrefix("observable ") }
        XCTAssertNotNil(line, listed.output)
        XCTAssertTrue(line?.contains(" off ") == true, "list-rules shows it off: \(line ?? "")")
        // The configuration enables it as well as `--rules` does.
        _ = try sandbox.write("App/.bodywork.json", #"{"rules": {"enable": ["observable"]}}"#)
        let enabled = try sandbox.run(["--apply", "App"])
        XCTAssertEqual(enabled.status, 0, enabled.stderr)
        XCTAssertTrue(try sandbox.text("App/Sources/App/Library.swift").contains("@Observable final class Library"))
    }

    func testTheClassesOptionMigratesOnlyTheNamedClassWithItsUses() throws {
        let sandbox = try package()
        _ = try sandbox.write("App/Sources/App/Timer.swift", """
            import SwiftUI

            final class Ticker: ObservableObject {
                @Published var ticks = 0
            }

            struct TickerView: View {
                @StateObject private var ticker = Ticker()
                var body: some View { Text("\\(ticker.ticks)") }
            }

            """)
        _ = try sandbox.write("App/.bodywork.json", #"{"options": {"observable": {"classes": ["Ticker"]}}}"#)
        let run = try sandbox.run(["--apply", "--rules", "observable", "App"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try sandbox.text("App/Sources/App/Library.swift"), model, "not named: left as it is")
        XCTAssertEqual(try sandbox.text("App/Sources/App/Views.swift"), views, "nor its uses")
        XCTAssertTrue(run.stderr.contains("not named in the rule's `classes` option"), run.stderr)
        let ticker = try sandbox.text("App/Sources/App/Timer.swift")
        XCTAssertTrue(ticker.contains("@Observable final class Ticker {") && ticker.contains("@State private var ticker = Ticker()"), ticker)
    }

    func testAPublisherInTheViewsFileWithholdsTheWholeClass() throws {
        let sandbox = try package()
        let blocked = views.replacingOccurrences(of: "Text(\"\\(library.books.count)\") }",
                                                 with: "Text(\"\\(library.books.count)\").onReceive(library.$title) { print($0) } }")
        XCTAssertNotEqual(blocked, views)
        _ = try sandbox.write("App/Sources/App/Views.swift", blocked)
        let run = try sandbox.run(["--apply", "--rules", "observable", "App"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try sandbox.text("App/Sources/App/Library.swift"), model, "no part of the class changes")
        XCTAssertEqual(try sandbox.text("App/Sources/App/Views.swift"), blocked, "nor any of its uses")
        XCTAssertTrue(run.stderr.contains("`$title` is used as a Combine publisher in `Count`"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Views.swift:22:"), "the place that blocks it is reported: \(run.stderr)")
    }

    /// A run given some of the module's files (one file, `--changed-since`, an editor's
    /// document) would change the class without its uses, or the uses without the class.
    func testARunGivenPartOfTheModuleChangesNeitherPart() throws {
        let sandbox = try package()
        for file in ["App/Sources/App/Library.swift", "App/Sources/App/Views.swift"] {
            let run = try sandbox.run(["--apply", "--rules", "observable", file])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try sandbox.text("App/Sources/App/Library.swift"), model, "given \(file): the class stays")
            XCTAssertEqual(try sandbox.text("App/Sources/App/Views.swift"), views, "given \(file): its uses stay")
            if file.hasSuffix("Library.swift") {
                XCTAssertTrue(run.stderr.contains("`Views.swift` may use it and is not in this run"), "the class says why: \(run.stderr)")
            }
        }
        let whole = try sandbox.run(["--apply", "--rules", "observable", "App/Sources/App/Library.swift", "App/Sources/App/Views.swift"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertTrue(try sandbox.text("App/Sources/App/Library.swift").contains("@Observable final class Library"), "both files given: it migrates")
    }

    /// A batch migration lands the module class by class: each class with its uses is one
    /// group (one patch, one commit).
    func testSplitByRuleMakesOneGroupPerClassWithItsUses() throws {
        let sandbox = try package()
        _ = try sandbox.write("App/Sources/App/Timer.swift", """
            import SwiftUI

            final class Ticker: ObservableObject {
                @Published var ticks = 0
            }

            struct TickerView: View {
                @StateObject private var ticker = Ticker()
                var body: some View { Text("\\(ticker.ticks)") }
            }

            """)
        let run = try sandbox.run(["--rules", "observable", "--split-by", "rule", "--patch-dir", "patches", "App"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.path("patches")).sorted()
        let patches = names.filter { $0.hasSuffix(".patch") }
        XCTAssertEqual(patches.count, 2, "one patch per class: \(names)")
        let library = try patches.first { $0.contains("Library") }.map { try sandbox.text("patches/" + $0) }
        let ticker = try patches.first { $0.contains("Ticker") }.map { try sandbox.text("patches/" + $0) }
        XCTAssertNotNil(library, "\(names)")
        XCTAssertNotNil(ticker, "\(names)")
        XCTAssertTrue(library?.contains("+@Observable final class Library") == true && library?.contains("+    @State private var library = Library()") == true,
                      "the class and its uses together: \(library ?? "")")
        XCTAssertFalse(library?.contains("Ticker") == true, "nothing of the other class")
        XCTAssertTrue(ticker?.contains("+@Observable final class Ticker") == true && ticker?.contains("+    @State private var ticker = Ticker()") == true,
                      ticker ?? "")
    }
}
