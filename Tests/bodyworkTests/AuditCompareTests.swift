// End-to-end tests of `bodywork audit --compare previous.json`: findings are new, fixed or
// unchanged, matched by file, rule, view and code rather than by line, in every format.
import Foundation
import XCTest

final class AuditCompareTests: XCTestCase {
    private func json(_ result: RunResult) throws -> [String: Any] {
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], result.output)
    }

    private func changes(_ json: [String: Any]) -> [String] {
        let views = (json["projects"] as? [[String: Any]])?.first?["views"] as? [[String: Any]] ?? []
        return views.flatMap { view in
            (view["findings"] as? [[String: Any]] ?? []).map { "\(view["name"]!):\($0["rule"]!):\($0["line"]!):\($0["change"]!)" }
        }
    }

    /// The shop of the browser tests, audited; then lines added above everything, code
    /// changed inside a finding's excerpt below its first line, a quick win fixed and a
    /// finding added.
    private func shopBeforeAndAfter() throws -> Sandbox {
        let sandbox = try Sandbox()
        try AuditBrowserTests.writeShop(into: sandbox)
        let previous = try sandbox.run(["audit", "--format", "json", "--output", "previous.json", "Shop"])
        XCTAssertEqual(previous.status, 0, previous.stderr)
        var orders = try sandbox.text("Shop/Sources/ShopUI/Orders.swift")
        orders = orders.replacingOccurrences(of: "import SwiftUI\n", with: "import SwiftUI\n\n// Two lines above it all.\n")
        orders = orders.replacingOccurrences(of: "Text(order.title)", with: "Text(order.name)")
        orders = orders.replacingOccurrences(of: "Text(fooBar)", with: "Text(\"done\")\n        Text(reportMe)")
        try sandbox.write("Shop/Sources/ShopUI/Orders.swift", orders)
        return sandbox
    }

    func testNewFixedAndUnchangedAcrossLineShiftsInJSON() throws {
        let sandbox = try shopBeforeAndAfter()
        let audit = try json(try sandbox.run(["audit", "--format", "json", "--compare", "previous.json", "Shop"]))
        XCTAssertEqual(changes(audit), [
            "OrderList:foreach-filter:10:unchanged", "Badge:test-report-only:5:unchanged", "Badge:onappear-task:6:unchanged",
            "Detail:test-report-only:21:new",
        ])
        let comparison = try XCTUnwrap(audit["comparison"] as? [String: Any])
        XCTAssertEqual(comparison["previous"] as? String, "previous.json")
        XCTAssertEqual([comparison["new"], comparison["fixed"], comparison["unchanged"]] as? [Int], [1, 1, 3])
        XCTAssertEqual(comparison["fixedFindings"] as? [NSDictionary], [[
            "project": "Shop", "view": "Detail", "rule": "test-rename-foo", "path": "Shop/Sources/ShopUI/Orders.swift", "line": 18,
            "message": "'fooBar' should be named 'barFoo'",
        ] as NSDictionary])
        // The same report compared with itself: nothing new, nothing fixed.
        _ = try sandbox.run(["audit", "--format", "json", "--output", "now.json", "Shop"])
        let same = try json(try sandbox.run(["audit", "--format", "json", "--compare", "now.json", "Shop"]))
        XCTAssertEqual((same["comparison"] as? [String: Any])?["new"] as? Int, 0)
        XCTAssertEqual((same["comparison"] as? [String: Any])?["fixed"] as? Int, 0)
        XCTAssertEqual((same["comparison"] as? [String: Any])?["unchanged"] as? Int, 4)
    }

    func testIdenticalFindingsPairInLineOrder() throws {
        let sandbox = try Sandbox()
        let two = "struct Twice: View {\n    var body: some View {\n        Text(reportMe)\n        Text(reportMe)\n    }\n}\n"
        try sandbox.write("App/Twice.swift", two)
        _ = try sandbox.run(["audit", "--format", "json", "--output", "previous.json", "App"])
        try sandbox.write("App/Twice.swift", "// moved\n" + two.replacingOccurrences(of: "        Text(reportMe)\n    }",
                                                                                     with: "        Text(reportMe)\n        Text(reportMe)\n    }"))
        let audit = try json(try sandbox.run(["audit", "--format", "json", "--compare", "previous.json", "App"]))
        XCTAssertEqual(changes(audit), ["Twice:test-report-only:4:unchanged", "Twice:test-report-only:5:unchanged",
                                        "Twice:test-report-only:6:new"])
        // A finding moved to another view is another finding.
        try sandbox.write("App/Twice.swift", two.replacingOccurrences(of: "Twice", with: "Once"))
        let renamed = try json(try sandbox.run(["audit", "--format", "json", "--compare", "previous.json", "App"]))
        XCTAssertEqual((renamed["comparison"] as? [String: Any])?["fixed"] as? Int, 2)
        XCTAssertEqual((renamed["comparison"] as? [String: Any])?["new"] as? Int, 2)
    }

    func testTextMarkdownAndHTMLSayWhatIsNewAndFixed() throws {
        let sandbox = try shopBeforeAndAfter()
        let text = try sandbox.run(["audit", "--compare", "previous.json", "Shop"])
        XCTAssertEqual(text.status, 0, text.stderr)
        let lines = text.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[1], "compared with previous.json: 1 new, 1 fixed, 3 unchanged")
        XCTAssertTrue(lines.contains("  #   view       score  findings  new  quick  fix lines  main cause"), text.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  3   Detail     4      1         1    0      -") }, text.output)
        XCTAssertTrue(text.output.contains("\nFixed since previous.json:\n  Shop/Sources/ShopUI/Orders.swift:18: test-rename-foo in Detail\n"),
                      text.output)

        let markdown = try sandbox.run(["audit", "--format", "markdown", "--compare", "previous.json", "Shop"]).output
        XCTAssertTrue(markdown.contains("\nCompared with `previous.json`: 1 new, 1 fixed, 3 unchanged.\n"), markdown)
        XCTAssertTrue(markdown.contains("| 3 | Detail | ShopUI | 4 | 1 | 1 | 0 | – | Work in body |"), markdown)
        XCTAssertTrue(markdown.contains("`test-report-only` at `Shop/Sources/ShopUI/Orders.swift:21` — new\n"), markdown)
        XCTAssertTrue(markdown.contains("| Shop | Detail | `test-rename-foo` | `Shop/Sources/ShopUI/Orders.swift:18` | "), markdown)

        let html = try sandbox.run(["audit", "--format", "html", "--compare", "previous.json", "Shop"]).output
        XCTAssertTrue(html.contains("<div class=\"value\">1</div><div class=\"label\">new</div>"), html)
        XCTAssertTrue(html.contains("<div class=\"value\">1</div><div class=\"label\">fixed</div>"), html)
        XCTAssertEqual(html.components(separatedBy: "<span class=\"pill new\">new</span>").count - 1, 1)
        XCTAssertTrue(html.contains("<input type=\"checkbox\" id=\"f1-n\"><span>new only</span>"), html)
        XCTAssertTrue(html.contains("<h2>Fixed since <code>previous.json</code></h2>"), html)
        let written = try sandbox.run(["audit", "--format", "html", "--compare", "previous.json", "--output", "now.html", "Shop"])
        XCTAssertTrue(written.stderr.contains("; 1 new, 1 fixed, 3 unchanged since previous.json; report written to now.html"),
                      written.stderr)
        // Without --compare: no column, no filter, no section.
        let plain = try sandbox.run(["audit", "--format", "html", "Shop"]).output
        XCTAssertFalse(plain.contains("new only") || plain.contains("Fixed since") || plain.contains("<th>New</th>"), plain)
    }

    func testAPreviousReportThatIsNotAnAuditIsAUsageError() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/V.swift", "struct V: View {\n    var body: some View { Text(reportMe) }\n}\n")
        let missing = try sandbox.run(["audit", "--compare", "nowhere.json", "App"])
        XCTAssertEqual(missing.status, 2, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("--compare cannot read 'nowhere.json'"), missing.stderr)
        _ = try sandbox.run(["--format", "json", "--output", "lint.json", "App"])
        let other = try sandbox.run(["audit", "--compare", "lint.json", "App"])
        XCTAssertEqual(other.status, 2, other.stderr)
        XCTAssertTrue(other.stderr.contains("needs a report of `bodywork audit --format json`"), other.stderr)
        let noValue = try sandbox.run(["audit", "App", "--compare"])
        XCTAssertEqual(noValue.status, 2, noValue.stderr)
    }
}
