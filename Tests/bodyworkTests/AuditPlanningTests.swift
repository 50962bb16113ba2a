// End-to-end tests of what a lead plans a sprint from in `bodywork audit`: the size of
// each fix in every format, and projects with nothing found after those with work.
import Foundation
import XCTest

final class AuditPlanningTests: XCTestCase {
    func testEachFixSaysHowManyLinesItChangesInEveryFormat() throws {
        let sandbox = try Sandbox()
        try AuditBrowserTests.writeShop(into: sandbox)
        let run = try sandbox.run(["audit", "--format", "json", "Shop"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let views = try XCTUnwrap((json["projects"] as? [[String: Any]])?.first?["views"] as? [[String: Any]])
        func size(_ object: Any?) -> String {
            guard let size = object as? [String: Int] else { return "null" }
            return "+\(size["linesAdded"]!) -\(size["linesRemoved"]!)"
        }
        // The ForEach filter's fix turns four lines into two; the task's and the rename's
        // change one line each; a report-only finding has no size.
        XCTAssertEqual(views.map { "\($0["name"]!) \(size($0["fixSize"]))" }, ["OrderList +2 -4", "Badge +1 -1", "Detail +1 -1"])
        XCTAssertEqual(views.flatMap { ($0["findings"] as? [[String: Any]] ?? []).map { size(($0["fix"] as? [String: Any])?["size"]) } },
                       ["+2 -4", "null", "+1 -1", "+1 -1"])
        let diff = try XCTUnwrap(((views[0]["findings"] as? [[String: Any]])?.first?["fix"] as? [String: Any])?["diff"] as? String)
        XCTAssertEqual(diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count, 4, diff)
        XCTAssertEqual(diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }.count, 2, diff)

        let text = try sandbox.run(["audit", "Shop"]).output
        XCTAssertTrue(text.contains("  #   view       score  findings  quick  fix lines  main cause\n"), text)
        XCTAssertTrue(text.contains("  1   OrderList  8      1         1      +2 \u{2212}4      variable row counts\n"), text)
        let markdown = try sandbox.run(["audit", "--format", "markdown", "Shop"]).output
        XCTAssertTrue(markdown.contains("| 1 | OrderList | ShopUI | 8 | 1 | 1 | +2 \u{2212}4 | Variable row counts |"), markdown)
        XCTAssertTrue(markdown.contains("- Fix: bodywork fixes this: `bodywork --apply` (+2 \u{2212}4 lines)\n"), markdown)
        XCTAssertTrue(markdown.contains("- Fix: no automatic fix: the rule reports this pattern only\n"), markdown)
        let html = try sandbox.run(["audit", "--format", "html", "Shop"]).output
        XCTAssertTrue(html.contains("<td class=\"size\">+2 \u{2212}4</td>"), html)
        XCTAssertTrue(html.contains("<span class=\"pill\">fixes +2 \u{2212}4 lines</span>"), html)
    }

    func testProjectsWithNothingFoundComeLastWithoutAChart() throws {
        let sandbox = try Sandbox()
        // "Aardvark" sorts first by path and has nothing to fix.
        for (name, body) in [("Aardvark", "Text(\"clean\")"), ("Zebra", "Text(reportMe)")] {
            try sandbox.write("\(name)/Package.swift", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "\(name)", targets: [.target(name: "\(name)Kit")])

                """)
            try sandbox.write("\(name)/Sources/\(name)Kit/Screen.swift", "struct Screen: View {\n    var body: some View { \(body) }\n}\n")
        }
        let run = try sandbox.run(["audit", "--format", "json", "."])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], run.output)
        XCTAssertEqual((json["projects"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Zebra", "Aardvark"])
        let markdown = try sandbox.run(["audit", "--format", "markdown", "."]).output
        let zebra = try XCTUnwrap(markdown.range(of: "\n## Zebra "))
        let aardvark = try XCTUnwrap(markdown.range(of: "\n## Aardvark "))
        XCTAssertLessThan(zebra.lowerBound, aardvark.lowerBound, markdown)
        XCTAssertTrue(markdown.hasSuffix("\n## Aardvark (swiftpm, `Aardvark`)\n\nNothing found.\n"), markdown)
        let html = try sandbox.run(["audit", "--format", "html", "."]).output
        let sections = html.components(separatedBy: "<section class=\"project\"").dropFirst()
        XCTAssertEqual(sections.count, 2)
        XCTAssertTrue(sections.first!.contains("<h2>Zebra "), html)
        XCTAssertTrue(sections.last!.contains("<h2>Aardvark ") && sections.last!.contains("<p>Nothing found.</p>"), html)
        XCTAssertFalse(sections.last!.contains("<svg"), "no empty chart for a project with nothing found")
        let text = try sandbox.run(["audit", "."]).output
        XCTAssertTrue(text.hasSuffix("\nNothing found in: Aardvark\n\nFull report: bodywork audit --format html --output audit.html (or markdown, json)\n"),
                      text)
    }
}
