// End-to-end tests of `bodywork audit`: where findings are placed, how views are ranked,
// how projects and modules are grouped, the JSON schema, and that nothing is written.
import Foundation
import XCTest

final class AuditTests: XCTestCase {
    /// Test-only rules mark places: `reportMe` is a warning with no fix, `fooBar` a warning
    /// with a safe fix, `noteMe` a note. Each sits where its place is known.
    static let screens = """
        import SwiftUI

        struct ListScreen: View {
            let items: [Item]
            var body: some View {
                List {
                    ForEach(items) { item in
                        Text(reportMe)
                        Button("Go") { reportMe() }
                    }
                }
            }
        }

        struct DetailScreen: View {
            var body: some View {
                Text(reportMe)
                    .onAppear { fooBar() }
            }

            func save() { reportMe() }
        }

        struct CellView: View {
            var body: some View { Text(reportMe) }
        }

        struct Feed: View {
            let names: [String]
            var body: some View {
                ScrollView { LazyVStack { ForEach(names, id: \\.self) { _ in CellView() } } }
            }
        }

        func helper() { noteMe() }

        """

    private func audit(_ sandbox: Sandbox, _ arguments: [String]) throws -> [String: Any] {
        let result = try sandbox.run(["audit", "--format", "json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], result.output)
    }

    private func views(_ json: [String: Any], project: Int = 0) -> [[String: Any]] {
        let projects = json["projects"] as? [[String: Any]] ?? []
        guard project < projects.count else { return [] }
        return projects[project]["views"] as? [[String: Any]] ?? []
    }

    func testPlacesWeighFindingsAndViewsRankBySum() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Screens.swift", AuditTests.screens)
        let json = try audit(sandbox, ["App"])
        let ranked = views(json)
        // ListScreen: row 2×4 + action inside the row 2×1 = 10. DetailScreen: body 2×2 +
        // onAppear 2×1 + save() 2×1 = 8, one quick win. CellView: built by Feed's rows, 2×4 = 8.
        // helper(): a note outside views, 1×1.
        XCTAssertEqual(ranked.map { $0["name"] as? String }, ["ListScreen", "DetailScreen", "CellView", "Screens.swift"])
        XCTAssertEqual(ranked.map { $0["score"] as? Int }, [10, 8, 8, 1])
        XCTAssertEqual(ranked.map { $0["quickWins"] as? Int }, [0, 1, 0, 0])
        XCTAssertEqual(ranked.map { $0["rank"] as? Int }, [1, 2, 3, 4])
        XCTAssertEqual(ranked.map { $0["kind"] as? String }, ["view", "view", "view", "file"])

        func places(_ view: [String: Any]) -> [String] {
            (view["findings"] as? [[String: Any]] ?? []).map { "\($0["line"]!):\($0["place"]!):\($0["score"]!)" }
        }
        XCTAssertEqual(places(ranked[0]), ["8:row:8", "9:action:2"])
        XCTAssertEqual(places(ranked[1]), ["17:body:4", "18:action:2", "21:action:2"])
        XCTAssertEqual(places(ranked[2]), ["25:row:8"])
        XCTAssertEqual(places(ranked[3]), ["35:elsewhere:1"])

        let cell = try XCTUnwrap((ranked[2]["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(cell["placeReason"] as? String,
                       "in `CellView`, which a row of `Feed` builds once per row (in `body`, which runs on every update)")
        XCTAssertEqual(cell["scoreExplanation"] as? String, "warning 2 × per row 4 = 8")
        XCTAssertEqual(cell["status"] as? String, "unconfirmed (from code)")
        // Test-only rules are in no category of the table: they fall back to work in body.
        XCTAssertEqual(cell["category"] as? String, "work-in-body")
    }

    func testExtensionOfAViewInAnotherFileIsPartOfTheView() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Profile.swift", "struct Profile: View {\n    var body: some View { Text(title) }\n}\n")
        try sandbox.write("App/Profile+Parts.swift", """
            extension Profile {
                var title: String { reportMe }
                func tap() { reportMe() }
            }
            extension Model {
                var title: String { reportMe }
            }

            """)
        let json = try audit(sandbox, ["App"])
        XCTAssertEqual(views(json).map { "\($0["name"]!):\($0["kind"]!):\($0["score"]!)" }, ["Profile:view:6", "Model:type:2"])
        let places = (views(json).first?["findings"] as? [[String: Any]] ?? []).map { $0["place"] as? String }
        XCTAssertEqual(places, ["body", "action"])
        let nothing = try sandbox.run(["audit", "App"])
        XCTAssertFalse(nothing.output.contains("Nothing found"), nothing.output)
    }

    func testQuickWinCarriesItsOwnDiffAndNothingIsWritten() throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("App/Screens.swift", AuditTests.screens)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try audit(sandbox, ["App"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), before)
        let detail = try XCTUnwrap(views(json).first { $0["name"] as? String == "DetailScreen" })
        let findings = try XCTUnwrap(detail["findings"] as? [[String: Any]])
        let quick = try XCTUnwrap(findings.first { $0["quickWin"] as? Bool == true })
        let fix = try XCTUnwrap(quick["fix"] as? [String: Any])
        XCTAssertEqual(fix["state"] as? String, "applied")
        XCTAssertEqual(fix["diff"] as? String,
                       "--- a/App/Screens.swift\n+++ b/App/Screens.swift\n@@ -16,5 +16,5 @@\n"
                       + "     var body: some View {\n         Text(reportMe)\n"
                       + "-            .onAppear { fooBar() }\n+            .onAppear { barFoo() }\n     }\n \n")
        let reportOnly = try XCTUnwrap(findings.first { $0["quickWin"] as? Bool == false })
        XCTAssertEqual((reportOnly["fix"] as? [String: Any])?["state"] as? String, "none")
        XCTAssertTrue((reportOnly["fix"] as? [String: Any])?["diff"] is NSNull)
        XCTAssertEqual(reportOnly["excerpt"] as? [String: Any] as NSDictionary?,
                       ["startLine": 17, "lines": ["        Text(reportMe)"]] as NSDictionary)
    }

    func testJSONSchemaKeysAndDeterminism() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Screens.swift", AuditTests.screens)
        try sandbox.write("App/More.swift", "struct More: View {\n    var body: some View { Text(noteMe) }\n}\n")
        let one = try sandbox.run(["audit", "--format", "json", "-j", "1", "App"])
        let four = try sandbox.run(["audit", "--format", "json", "-j", "4", "App"])
        XCTAssertEqual(one.stdout, four.stdout, "the same input gives the same bytes")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: one.stdout) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["schema", "version", "status", "priority", "filesScanned", "findings", "quickWins",
                                        "skipped", "comparison", "projects"])
        XCTAssertTrue(json["comparison"] is NSNull, "no --compare, no comparison")
        XCTAssertEqual(json["schema"] as? String, "bodywork-audit")
        XCTAssertEqual(json["version"] as? Int, 1)
        XCTAssertEqual(json["filesScanned"] as? Int, 2)
        XCTAssertEqual(json["findings"] as? Int, 8)
        let priority = try XCTUnwrap(json["priority"] as? [String: Any])
        XCTAssertEqual(priority["placeWeights"] as? [String: Int], ["row": 4, "body": 2, "action": 1, "once": 1, "elsewhere": 1])
        XCTAssertEqual(priority["severityWeights"] as? [String: Int], ["error": 3, "warning": 2, "note": 1])
        let project = try XCTUnwrap((json["projects"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(project.keys), ["name", "kind", "path", "findings", "score", "quickWins", "categories", "modules", "views"])
        let categories = try XCTUnwrap(project["categories"] as? [[String: Any]])
        XCTAssertEqual(categories.map { $0["id"] as? String }, [
            "work-in-body", "wide-dependencies", "unstable-identity", "variable-row-count", "eager-container",
            "layout-feedback", "stored-closure", "images", "expensive-rendering",
        ])
        XCTAssertEqual(categories.map { $0["findings"] as? Int }.reduce(0) { $0 + ($1 ?? 0) }, 8)
        let view = try XCTUnwrap((project["views"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(view.keys), ["rank", "name", "kind", "module", "path", "score", "quickWins", "mainCategory",
                                        "runsPerUpdate", "fixSize", "confirm", "findings"])
        let confirm = try XCTUnwrap(view["confirm"] as? [String: Any])
        XCTAssertEqual(Set(confirm.keys), ["measurements", "launchArguments", "xctest"])
        let test = try XCTUnwrap(confirm["xctest"] as? String)
        XCTAssertTrue(test.contains("final class ListScreenPerformanceTests: XCTestCase"), test)
        XCTAssertTrue(test.contains("measure(metrics: [XCTOSSignpostMetric.scrollingAndDecelerationMetric])"), test)
        let finding = try XCTUnwrap((view["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(Set(finding.keys), ["rule", "category", "severity", "path", "line", "column", "endLine", "endColumn", "url",
                                           "message", "explanation", "cost", "status", "place", "placeReason", "score",
                                           "scoreExplanation", "quickWin", "change", "fix", "excerpt"])
        XCTAssertEqual(Set((finding["fix"] as? [String: Any] ?? [:]).keys), ["state", "description", "diff", "size"])

        // Views past --top get no measurement.
        let topOne = try audit(sandbox, ["--top", "1", "App"])
        XCTAssertEqual(views(topOne).map { $0["confirm"] is NSNull }, [false, true, true, true, true])
    }

    func testRealRulesGetTheirCategoriesAndMeasurements() throws {
        let sandbox = try Sandbox()
        let app = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/SampleApp")
        for name in ["Models.swift", "TaskListView.swift"] {
            try sandbox.write("SampleApp/\(name)", bytes: Array(try Data(contentsOf: app.appendingPathComponent(name))))
        }
        let json = try audit(sandbox, ["SampleApp"])
        let ranked = views(json)
        XCTAssertEqual(ranked.map { $0["name"] as? String }, ["TaskListView", "TaskRow", "TagsView"])
        XCTAssertEqual(ranked.map { $0["mainCategory"] as? String }, ["variable-row-count", "work-in-body", "unstable-identity"])
        let confirm = try XCTUnwrap(ranked[0]["confirm"] as? [String: Any])
        XCTAssertEqual(confirm["launchArguments"] as? [String], ["-LogForEachSlowPath", "YES"])
        XCTAssertTrue((confirm["xctest"] as? String ?? "").contains("app.launchArguments += [\"-LogForEachSlowPath\", \"YES\"]"))
        // The formatter is in TaskRow, which TaskListView's rows build: it weighs per row.
        let row = try XCTUnwrap((ranked[1]["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(row["rule"] as? String, "formatter-in-body")
        XCTAssertEqual(row["place"] as? String, "row")
    }

    func testOneSectionPerProjectWithItsModules() throws {
        let sandbox = try Sandbox()
        for (name, target) in [("Alpha", "AlphaKit"), ("Beta", "BetaUI")] {
            try sandbox.write("\(name)/Package.swift", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "\(name)", targets: [.target(name: "\(target)")])

                """)
            try sandbox.write("\(name)/Sources/\(target)/Screen.swift",
                              "struct \(name)Screen: View {\n    var body: some View { Text(reportMe) }\n}\n")
        }
        try sandbox.write("Beta/Sources/BetaUI/Other.swift", "struct Other: View {\n    var body: some View { Text(noteMe) }\n}\n")
        let json = try audit(sandbox, ["."])
        let projects = try XCTUnwrap(json["projects"] as? [[String: Any]])
        XCTAssertEqual(projects.map { $0["name"] as? String }, ["Alpha", "Beta"])
        XCTAssertEqual(projects.map { $0["kind"] as? String }, ["swiftpm", "swiftpm"])
        XCTAssertEqual(projects.map { ($0["modules"] as? [[String: Any]])?.map { "\($0["name"]!):\($0["files"]!):\($0["findings"]!)" } },
                       [["Alpha:1:0", "AlphaKit:1:1"], ["Beta:1:0", "BetaUI:2:2"]], "the manifest is in its folder's module")
        XCTAssertEqual(views(json, project: 1).map { $0["module"] as? String }, ["BetaUI", "BetaUI"])

        try sandbox.write("Gamma/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Gamma", targets: [.target(name: "GammaCore")])

            """)
        try sandbox.write("Gamma/Sources/GammaCore/Clean.swift", "struct Clean {}\n")
        let summary = try sandbox.run(["audit", "."])
        XCTAssertTrue(summary.output.contains("\nAlpha (swiftpm, Alpha): 1 finding, score 4\n"), summary.output)
        XCTAssertTrue(summary.output.contains("\nNothing found in: Gamma\n"), summary.output)

        let markdown = try sandbox.run(["audit", "--format", "markdown", "."])
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.output.contains("\n## Alpha (swiftpm, `Alpha`)\n"), markdown.output)
        XCTAssertTrue(markdown.output.contains("\n## Beta (swiftpm, `Beta`)\n"), markdown.output)
    }

    func testTerminalSummaryOutputFileAndUsageErrors() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Screens.swift", AuditTests.screens)
        let summary = try sandbox.run(["audit", "--top", "2", "App"])
        XCTAssertEqual(summary.status, 0, summary.stderr)
        let lines = summary.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "bodywork audit: 1 file scanned, 7 findings in 4 views, 1 quick win, all unconfirmed (from code)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("  1   ListScreen") }, summary.output)
        XCTAssertTrue(lines.contains { $0.hasPrefix("  2   DetailScreen") }, summary.output)
        XCTAssertFalse(summary.output.contains("CellView"), "--top 2 shows two views")
        XCTAssertTrue(summary.output.contains("… and 2 more views"), summary.output)

        let written = try sandbox.run(["audit", "--format", "markdown", "--output", "audit.md", "App"])
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.output, "")
        XCTAssertTrue(written.stderr.contains("report written to audit.md"), written.stderr)
        let markdown = try sandbox.text("audit.md")
        XCTAssertTrue(markdown.hasPrefix("# SwiftUI performance audit\n"), markdown)
        XCTAssertTrue(markdown.contains("```diff\n--- a/App/Screens.swift\n"), markdown)
        XCTAssertTrue(markdown.contains("final class DetailScreenPerformanceTests: XCTestCase"), markdown)

        // Every view's findings are listed; only the top ones get a test to paste.
        let topOne = try sandbox.run(["audit", "--format", "markdown", "--top", "1", "App"]).output
        XCTAssertTrue(topOne.contains("\n### 2. DetailScreen — score 8\n"), topOne)
        XCTAssertTrue(topOne.contains("`foreach-filter`") == false && topOne.contains("`test-rename-foo` at `App/Screens.swift:18`"), topOne)
        XCTAssertTrue(topOne.contains("ListScreenPerformanceTests"), topOne)
        XCTAssertFalse(topOne.contains("DetailScreenPerformanceTests"), topOne)

        for arguments in [["audit", "--format", "sarif"], ["audit", "--top", "0"], ["audit", "--bogus"]] {
            let result = try sandbox.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
        }
        let missing = try sandbox.run(["audit", "Nowhere"])
        XCTAssertEqual(missing.status, 3, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("Nowhere"), missing.stderr)
    }
}
