// End-to-end tests of how `bodywork audit` weighs findings by when their code runs: what
// runs once or on an event never puts a view in the top, a row is only where rows are built,
// and each finding says why it costs in its place.
import Foundation
import XCTest

final class AuditRankingTests: XCTestCase {
    /// Test-only rules (`reportMe` a warning, `noteMe` a note) and two real ones
    /// (`onappear-task`, `formatter-in-body`) in every kind of place.
    static let shop = """
        import SwiftUI

        @main
        struct ShopApp: App {
            var body: some Scene {
                WindowGroup { Text(reportMe) }
            }
        }

        enum Formats {
            static let shared = make(reportMe)
        }

        struct Loader: View {
            var body: some View {
                Text("x")
                    .onAppear { Task { await load() } }
                    .onTapGesture { reportMe(); reportMe(); reportMe() }
            }

            func load() async {}
        }

        struct Small: View {
            var body: some View { Text(noteMe) }
        }

        struct Catalog: View {
            let items: [Item]
            var body: some View {
                List(items) { item in
                    NavigationLink(destination: Page(item: item)) { Text(item.name) }
                }
                List { Header() }
            }
        }

        struct Page: View {
            let item: Item
            let model = Model(reportMe)
            var body: some View { Text(reportMe) }
        }

        struct Header: View {
            var body: some View { Text(reportMe) }
        }

        struct Feed: View {
            let dates: [Date]
            var body: some View {
                ScrollView {
                    VStack {
                        ForEach(dates, id: \\.self) { date in
                            Text(DateFormatter().string(from: date))
                        }
                    }
                }
            }
        }

        #Preview {
            ForEach([1, 2], id: \\.self) { _ in Small() }
        }

        struct Small_Previews: PreviewProvider {
            static var previews: some View {
                ForEach([1, 2], id: \\.self) { _ in Header() }
            }
        }

        """

    private func audit(_ sandbox: Sandbox, _ arguments: [String]) throws -> [[String: Any]] {
        let result = try sandbox.run(["audit", "--format", "json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], result.output)
        return try XCTUnwrap((json["projects"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
    }

    private func findings(_ view: [String: Any]) -> [[String: Any]] { view["findings"] as? [[String: Any]] ?? [] }

    func testFindingsThatRunOnceOrOnAnEventNeverMakeATopView() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Shop.swift", AuditRankingTests.shop)
        let views = try audit(sandbox, ["App"])
        // Loader scores 8 (a task started on appear, three tap actions) but runs nothing per
        // update: it ranks after Small (a note in body, 2), and so do the app and the static.
        XCTAssertEqual(views.map { "\($0["name"]!):\($0["score"]!):\($0["runsPerUpdate"]!)" }, [
            "Feed:12:1", "Page:12:1", "Header:4:1", "Small:2:1", "Loader:8:0", "Formats:2:0", "ShopApp:2:0",
        ])
        XCTAssertEqual(views.map { $0["confirm"] is NSNull }, [false, false, false, false, true, true, true],
                       "only views with a finding that runs per update get a measurement, whatever --top says")
        XCTAssertEqual(findings(views[4]).map { "\($0["rule"]!):\($0["place"]!)" },
                       ["onappear-task:once", "test-report-only:action", "test-report-only:action", "test-report-only:action"])
        XCTAssertEqual(findings(views[5]).first?["placeReason"] as? String, "in the static `shared`, set up once, on first use")
        XCTAssertEqual(findings(views[6]).first?["placeReason"] as? String, "in the app `ShopApp`, set up once when the app launches")

        let text = try sandbox.run(["audit", "--top", "10", "App"])
        XCTAssertTrue(text.output.contains("  4   Small "), text.output)
        XCTAssertFalse(text.output.contains("Loader "), "a view of once-only findings is not in the top list: \(text.output)")
        XCTAssertTrue(text.output.contains("… and 3 more views (3 with only findings that run once or on an event)"), text.output)
        try sandbox.write("Once/Loader.swift", "struct Loader: View {\n    var body: some View {\n"
                          + "        Text(\"x\").onAppear { Task { await load() } }\n    }\n\n    func load() async {}\n}\n")
        let once = try sandbox.run(["audit", "Once"]).output
        XCTAssertTrue(once.contains("  causes: work in body 1\n  1 view, with only findings that run once or on an event\n"), once)
        let markdown = try sandbox.run(["audit", "--format", "markdown", "App"]).output
        XCTAssertTrue(markdown.contains("### 5. Loader — score 8\n\n`App/Shop.swift` (view, module App)\n\n"
                                        + "Every finding here runs once or on an event, not per update.\n"), markdown)
        XCTAssertFalse(markdown.contains("LoaderPerformanceTests"), markdown)
        XCTAssertTrue(markdown.contains("\n| 5 | Loader (once or on events) | App | 8 |"), markdown)
        let html = try sandbox.run(["audit", "--format", "html", "App"]).output
        XCTAssertTrue(html.contains("class=\"once\"><td>5</td><td><a href=\"#view-1-5\">Loader</a> "
                                    + "<span class=\"pill once\">once or on events</span></td>"), html)
    }

    func testRowsAreWhereRowsAreBuilt() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Shop.swift", AuditRankingTests.shop)
        let views = try audit(sandbox, ["App"])
        func view(_ name: String) throws -> [String: Any] { try XCTUnwrap(views.first { $0["name"] as? String == name }) }
        // A previews' ForEach (macro or PreviewProvider) and a List's fixed content build no rows.
        XCTAssertEqual(findings(try view("Small")).map { $0["place"] as? String }, ["body"])
        XCTAssertEqual(findings(try view("Header")).map { $0["place"] as? String }, ["body"])
        // A NavigationLink destination is created per row (its stored property's value) but
        // its body runs only when shown.
        let page = findings(try view("Page"))
        XCTAssertEqual(page.map { "\($0["line"]!):\($0["place"]!)" }, ["40:row", "41:body"])
        XCTAssertEqual(page.first?["placeReason"] as? String, "in `Page`, which a row of `Catalog` creates once per row as a "
                       + "navigation destination (in `model`, a stored property set each time the view is created)")
        let feed = findings(try view("Feed"))
        XCTAssertEqual(feed.first?["placeReason"] as? String,
                       "in a row of `ForEach` in `VStack`, which builds every row, shown or not, each time it updates")
    }

    func testModifiersAndViewExtensionsRunPerUpdate() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Modifiers.swift", """
            struct Card: ViewModifier {
                func body(content: Content) -> some View { content.padding(reportMe) }
            }

            extension View {
                func card() -> some View { modifier(Card()).opacity(reportMe) }
            }

            """)
        let views = try audit(sandbox, ["App"])
        XCTAssertEqual(views.map { "\($0["name"]!):\($0["kind"]!):\($0["runsPerUpdate"]!)" }, ["Card:view:1", "View:view:1"])
        XCTAssertEqual(views.flatMap(findings).map { $0["placeReason"] as? String }, [
            "in `body(content:)`, which runs on every update of the view it modifies", "in `card()`, which builds part of the view",
        ])
    }

    func testADependencyCostsInTheViewNotOnItsLine() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Rows.swift", """
            import SwiftUI

            struct Row: View {
                @Environment(\\.dismiss) private var dismiss
                let title: String
                var body: some View { Text(title) }
            }

            struct Rows: View {
                let titles: [String]
                var body: some View { List(titles, id: \\.self) { title in Row(title: title) } }
            }

            """)
        let views = try audit(sandbox, ["App"])
        let finding = try XCTUnwrap(views.first.map(findings)?.first)
        XCTAssertEqual(finding["rule"] as? String, "unused-environment")
        XCTAssertEqual(finding["placeReason"] as? String, "in `Row`, which a row of `Rows` builds once per row "
                       + "(in `Row`, whose `body` runs again whenever what it depends on changes)")
        XCTAssertEqual(finding["cost"] as? String,
                       "In `Row`, built once per row: its body runs again whenever the environment value changes, though nothing reads it.")
    }

    func testWhyItCostsIsSaidOfTheFindingsPlace() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Shop.swift", AuditRankingTests.shop)
        let views = try audit(sandbox, ["App"])
        let all = views.flatMap(findings)
        func cost(_ rule: String) -> String? { all.first { $0["rule"] as? String == rule }?["cost"] as? String }
        XCTAssertEqual(cost("formatter-in-body"), "In a row of `ForEach` in `VStack`, which builds every row, shown or not, each "
                       + "time it updates: each run allocates and configures a new formatter, one of Foundation's costliest objects to make.")
        XCTAssertEqual(cost("eager-stack"), "In `body`, which runs on every update: every row is built at once, including rows far off screen.")
        XCTAssertEqual(cost("onappear-task"), "A task started when the view appears: it runs once per appearance and outlives the view, "
                       + "it does not run on updates; if the view disappears first, the task keeps loading and writing state nobody sees, "
                       + "and each new appearance starts another copy.")
        let tap = try XCTUnwrap(all.first { $0["place"] as? String == "action" })
        XCTAssertEqual(tap["cost"] as? String,
                       "In the `onTapGesture` closure, which runs on an event, not on every update; it costs once per event.")
        // The rule's general paragraph stays beside it.
        let formatter = try XCTUnwrap(all.first { $0["rule"] as? String == "formatter-in-body" })
        XCTAssertNotEqual(formatter["explanation"] as? String, formatter["cost"] as? String)

        let markdown = try sandbox.run(["audit", "--format", "markdown", "App"]).output
        XCTAssertTrue(markdown.contains("Why it costs here: In a row of `ForEach` in `VStack`, which builds every row"), markdown)
        let html = try sandbox.run(["audit", "--format", "html", "App"]).output
        XCTAssertTrue(html.contains("<dt>Why it costs</dt><dd>In a row of <code>ForEach</code> in <code>VStack</code>, which builds every row"), html)
    }
}
