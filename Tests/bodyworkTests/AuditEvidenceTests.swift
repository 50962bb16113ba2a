// End-to-end tests of `bodywork audit --evidence`: the fixtures of Tests/EvidenceFixtures (an
// xctrace export and a `_printChanges` log) through the built binary, in every format, and
// the usage errors of files that are not evidence.
import Foundation
import XCTest

final class AuditEvidenceTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EvidenceFixtures")

    /// Views the fixtures measure: ListScreen and DetailScreen have findings of the test-only
    /// rules, Tagged a note, Badge none.
    static let app = """
        import SwiftUI

        struct ListScreen: View {
            let items: [Item]
            var body: some View {
                List {
                    ForEach(items) { item in
                        Text(reportMe)
                    }
                }
            }
        }

        struct DetailScreen: View {
            var body: some View {
                Text(reportMe)
                    .onAppear { fooBar() }
            }
        }

        struct Badge: View {
            var body: some View {
                Text("new")
            }
        }

        struct Tagged<Value>: View {
            let value: Value
            var body: some View {
                Text(noteMe)
            }
        }

        struct Label: View {
            var body: some View {
                Text("label")
            }
        }

        """

    private func fixture(_ name: String) -> String { AuditEvidenceTests.fixtures.appendingPathComponent(name).path }

    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try sandbox.write("App/Screens.swift", AuditEvidenceTests.app)
        return sandbox
    }

    private func json(_ sandbox: Sandbox, _ arguments: [String]) throws -> [String: Any] {
        let result = try sandbox.run(["audit", "--format", "json"] + arguments + ["App"])
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], result.output)
    }

    private func views(_ json: [String: Any]) -> [[String: Any]] {
        ((json["projects"] as? [[String: Any]])?.first?["views"] as? [[String: Any]]) ?? []
    }

    private func statuses(_ view: [String: Any]) -> [String] {
        (view["findings"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
    }

    // MARK: - Trace and log

    func testTraceAndLogConfirmFindingsAndRankMeasuredViewsByCost() throws {
        let sandbox = try sandbox()
        let json = try json(sandbox, ["--evidence", fixture("updates.xml"), "--evidence", fixture("changes.log")])
        let ranked = views(json)
        // Trace-measured views by total time, then the log-measured one, then nothing else.
        XCTAssertEqual(ranked.map { $0["name"] as? String }, ["ListScreen", "Tagged", "Badge", "DetailScreen"])
        XCTAssertEqual(ranked.map { $0["rank"] as? Int }, [1, 2, 3, 4])

        // ListScreen: two updates of 1.2 ms, the second written entirely with refs; inside the hitch's window.
        let list = try XCTUnwrap(ranked[0]["evidence"] as? [String: Any])
        XCTAssertEqual(list["source"] as? String, "trace")
        XCTAssertEqual(list["status"] as? String, "confirmed (trace)")
        XCTAssertEqual(list["updates"] as? Int, 2)
        XCTAssertEqual(list["totalMs"] as? Double, 2.4)
        XCTAssertEqual(list["longUpdates"] as? Int, 2)
        XCTAssertEqual(list["hitches"] as? Int, 1)
        // The trace's root cause (shared by ref), and the log's causes of the same view.
        XCTAssertEqual(list["causes"] as? [String: Int], ["@State items changed": 2, "_items": 2, "@identity": 1, "@self": 1])
        XCTAssertEqual(statuses(ranked[0]), ["confirmed (trace)"])

        // `Tagged<Int>` in the trace and `Tagged<Array<Int>, String>` in the log are `Tagged`.
        let tagged = try XCTUnwrap(ranked[1]["evidence"] as? [String: Any])
        XCTAssertEqual(tagged["totalMs"] as? Double, 0.7)
        XCTAssertEqual(tagged["causes"] as? [String: Int], ["@Observable Model.count changed": 1, "@self": 1])

        // Badge: no finding, measured anyway; the update still running at the end does not count.
        XCTAssertEqual((ranked[2]["findings"] as? [Any])?.count, 0)
        let badge = try XCTUnwrap(ranked[2]["evidence"] as? [String: Any])
        XCTAssertEqual(badge["status"] as? String, "measured, no code finding")
        XCTAssertEqual(badge["updates"] as? Int, 1)
        XCTAssertEqual(badge["totalMs"] as? Double, 0.3)
        XCTAssertTrue(ranked[2]["confirm"] is NSNull, "a measured view needs no measurement to confirm it")

        // DetailScreen: in the log only.
        let detail = try XCTUnwrap(ranked[3]["evidence"] as? [String: Any])
        XCTAssertEqual(detail["source"] as? String, "log")
        XCTAssertEqual(detail["updates"] as? Int, 1)
        XCTAssertTrue(detail["totalMs"] is NSNull)
        XCTAssertEqual(detail["causes"] as? [String: Int], ["@dependencies": 1])
        XCTAssertEqual(statuses(ranked[3]), ["confirmed (log)", "confirmed (log)"])

        let evidence = try XCTUnwrap(json["evidence"] as? [String: Any])
        let files = try XCTUnwrap(evidence["files"] as? [[String: Any]])
        XCTAssertEqual(files.map { $0["source"] as? String }, ["trace", "log"])
        // Seven updates count; the unterminated one is left out; one hitch window.
        XCTAssertEqual(files.map { $0["rows"] as? Int }, [7, 5])
        XCTAssertEqual(files.map { $0["unterminated"] as? Int }, [1, 0])
        XCTAssertEqual(files.map { $0["hitchWindows"] as? Int }, [1, 0])
        XCTAssertEqual(evidence["measuredViews"] as? Int, 4)
        XCTAssertEqual(evidence["confirmedFindings"] as? Int, 4)
        // `Text` is SwiftUI's, declared nowhere in the app; SwiftUI's `Label` is not the app's `Label`;
        // a row without a view name is SwiftUI's own work.
        XCTAssertEqual((evidence["notInSources"] as? [[String: Any]])?.map { $0["name"] as? String }, ["Text", "Label"])
        XCTAssertEqual((evidence["notInSources"] as? [[String: Any]])?.first?["module"] as? String, "SwiftUI")
        let work = try XCTUnwrap((evidence["systemWork"] as? [[String: Any]])?.first)
        XCTAssertEqual(work["description"] as? String, "Update Layout")
        XCTAssertEqual(work["updates"] as? Int, 1)
        XCTAssertEqual(work["totalMs"] as? Double, 0.05)
    }

    func testLogAloneCountsUpdatesAndCausesAndSkipsNoise() throws {
        let sandbox = try sandbox()
        let json = try json(sandbox, ["--evidence", fixture("changes.log")])
        let ranked = views(json)
        // By updates; ties by code score.
        XCTAssertEqual(ranked.map { $0["name"] as? String }, ["ListScreen", "DetailScreen", "Tagged", "Badge"])
        let evidence = ranked.map { $0["evidence"] as? [String: Any] ?? [:] }
        XCTAssertEqual(evidence.map { $0["updates"] as? Int }, [2, 1, 1, 1])
        XCTAssertEqual(evidence[0]["causes"] as? [String: Int], ["_items": 2, "@identity": 1, "@self": 1])
        // `Badge: unchanged.` is an update with no cause.
        XCTAssertEqual(evidence[3]["causes"] as? [String: Int], [:])
        XCTAssertEqual(evidence.map { $0["source"] as? String }, ["log", "log", "log", "log"])
        // Seven lines, two of them noise.
        XCTAssertEqual(((json["evidence"] as? [String: Any])?["files"] as? [[String: Any]])?.first?["rows"] as? Int, 5)
    }

    func testWithoutEvidenceTheJSONIsUnchanged() throws {
        let sandbox = try sandbox()
        let json = try json(sandbox, [])
        XCTAssertNil(json["evidence"])
        XCTAssertNil(views(json).first?["evidence"])
        XCTAssertEqual(views(json).flatMap(statuses).count, 4)
        XCTAssertEqual(Set(views(json).flatMap(statuses)), ["unconfirmed (from code)"])
    }

    func testBeforeAndAfterTable() throws {
        let sandbox = try sandbox()
        let json = try json(sandbox, ["--before-evidence", fixture("updates-before.xml"), "--evidence", fixture("updates.xml")])
        let rows = try XCTUnwrap((json["evidence"] as? [String: Any])?["beforeAfter"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["view"] as? String }, ["ListScreen", "Badge", "Tagged", "Text", "Label"])
        func side(_ row: [String: Any], _ key: String) -> String {
            let value = row[key] as? [String: Any] ?? [:]
            return "\(value["updates"] as? Int ?? -1)/\(value["totalMs"] as? Double ?? -1)"
        }
        XCTAssertEqual(rows.map { side($0, "before") }, ["4/4.8", "2/0.6", "0/-1.0", "0/-1.0", "0/-1.0"])
        XCTAssertEqual(rows.map { side($0, "after") }, ["2/2.4", "1/0.3", "1/0.7", "1/0.02", "1/0.01"])

        // Like with like: the log added on the after side is left out of a trace-to-trace table.
        let mixed = try self.json(sandbox, ["--before-evidence", fixture("updates-before.xml"), "--evidence", fixture("updates.xml"),
                                       "--evidence", fixture("changes.log")])
        let mixedRows = try XCTUnwrap((mixed["evidence"] as? [String: Any])?["beforeAfter"] as? [[String: Any]])
        XCTAssertEqual(mixedRows.map { $0["view"] as? String }, ["ListScreen", "Badge", "Tagged", "Text", "Label"])
        let logs = try self.json(sandbox, ["--before-evidence", fixture("changes.log"), "--evidence", fixture("changes.log")])
        let logRows = try XCTUnwrap((logs["evidence"] as? [String: Any])?["beforeAfter"] as? [[String: Any]])
        XCTAssertEqual(logRows.map { $0["view"] as? String }, ["ListScreen", "Badge", "DetailScreen", "Tagged"])
        XCTAssertEqual(logRows.map { side($0, "after") }, ["2/-1.0", "1/-1.0", "1/-1.0", "1/-1.0"])

        let text = try sandbox.run(["audit", "--before-evidence", fixture("updates-before.xml"), "--evidence", fixture("updates.xml"), "App"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.output.contains("Before and after (updates / time):"), text.output)
        XCTAssertTrue(text.output.contains("  ListScreen  4 / 4.8 ms            2 / 2.4 ms            -50% time\n"), text.output)
        XCTAssertTrue(text.output.contains("  Tagged      0                     1 / 0.7 ms            new\n"), text.output)
    }

    // MARK: - Every format

    func testEveryFormatShowsMeasuredCostStatusCausesAndComparison() throws {
        let sandbox = try sandbox()
        let arguments = ["--before-evidence", fixture("updates-before.xml"), "--evidence", fixture("updates.xml"),
                         "--evidence", fixture("changes.log"), "App"]
        let text = try sandbox.run(["audit"] + arguments)
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.output.hasPrefix("bodywork audit: 1 file scanned, 4 findings in 4 views, 1 quick win, "
                                            + "4 confirmed by measurement, 4 views measured\n"), text.output)
        XCTAssertTrue(text.output.contains("      measured: 2.4 ms in 2 updates, 2 over 500 µs, in 1 hitch or hang; "
                                           + "causes: @State items changed 2, _items 2, @identity 1, @self 1\n"), text.output)
        XCTAssertTrue(text.output.contains("      measured: 0.3 ms in 1 update — measured, no code finding\n"), text.output)
        XCTAssertTrue(text.output.contains("      measured: 1 update (log); causes: @dependencies 1\n"), text.output)
        XCTAssertTrue(text.output.contains("SwiftUI's own work (updates without a view):\n  Update Layout: 50 µs in 1 update\n"), text.output)
        XCTAssertTrue(text.output.contains("Measured views not declared in these sources:\n  Text (SwiftUI): 20 µs in 1 update\n"), text.output)

        let markdown = try sandbox.run(["audit", "--format", "markdown"] + arguments)
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        XCTAssertTrue(markdown.output.contains("| # | View | Module | Score | Measured | Findings | Quick wins | Fix lines | Main cause |"), markdown.output)
        XCTAssertTrue(markdown.output.contains("| 3 | Badge | "), markdown.output)
        XCTAssertTrue(markdown.output.contains(" | 0 | 0.3 ms in 1 update | 0 | 0 | – | — |\n"), markdown.output)
        XCTAssertTrue(markdown.output.contains("**Measured (trace):** 2.4 ms in 2 updates, 2 over 500 µs, in 1 hitch or hang; causes: "
                                               + "`@State items changed` 2, `_items` 2, `@identity` 1, `@self` 1\n"), markdown.output)
        XCTAssertTrue(markdown.output.contains("- Status: confirmed (trace)\n"), markdown.output)
        XCTAssertTrue(markdown.output.contains("- Status: confirmed (log)\n"), markdown.output)
        // A measured view is measured again, not confirmed; an unmeasured one would still say "To confirm".
        XCTAssertTrue(markdown.output.contains("\n**To measure again:**\n"), markdown.output)
        XCTAssertFalse(markdown.output.contains("\n**To confirm:**\n"), markdown.output)
        XCTAssertTrue(markdown.output.contains("| ListScreen | 4 | 4.8 ms | 2 | 2.4 ms | -50% time |\n"), markdown.output)

        let html = try sandbox.run(["audit", "--format", "html"] + arguments)
        XCTAssertEqual(html.status, 0, html.stderr)
        XCTAssertTrue(html.output.contains("<th>Score</th><th>Measured</th>"), html.output)
        XCTAssertTrue(html.output.contains("<span class=\"status confirmed\">confirmed (trace)</span>"), html.output)
        XCTAssertTrue(html.output.contains("<span class=\"status confirmed\">confirmed (log)</span>"), html.output)
        XCTAssertTrue(html.output.contains("<span class=\"pill\">measured, no code finding</span>"), html.output)
        XCTAssertTrue(html.output.contains("<tr><td><code>@State items changed</code></td>"), html.output)
        XCTAssertTrue(html.output.contains("<h3>Before and after</h3>"), html.output)
        // The page's cause filter starts on "all" (`any`): the view measured with no finding shows under it.
        XCTAssertTrue(html.output.contains("<tr data-m=\"0\" data-c=\"any\" data-cq=\"\"><td>3</td><td><a href=\"#view-1-3\">Badge</a>"),
                      html.output)
        XCTAssertTrue(html.output.contains("<td class=\"better\">-50% time</td>"), html.output)

        // The JSON reads the same evidence (the other tests check its values).
        let json = try self.json(sandbox, Array(arguments.dropLast()))
        XCTAssertEqual(views(json).map { ($0["evidence"] as? [String: Any])?["status"] as? String },
                       ["confirmed (trace)", "confirmed (trace)", "measured, no code finding", "confirmed (log)"])
    }

    /// An export of several read buffers: tokens cut by a buffer's end, a value longer than
    /// the buffer, comments, CDATA, entities and single-quoted attributes; every update counts.
    func testLargeExportAcrossBufferBoundaries() throws {
        let sandbox = try sandbox()
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n<!-- generated -->\n<trace-query-result>\n<node xpath='//table[1]'>"
            + "<schema name='swiftui-updates'><col><mnemonic>start</mnemonic></col><col><mnemonic>duration</mnemonic></col>"
            + "<col><mnemonic>description</mnemonic></col><col><mnemonic>view-name</mnemonic></col></schema>\n"
        xml += "<row><start-time id='1'>1</start-time><duration id='2' fmt='1.00 ms'>1000000</duration>"
            + "<string id='3'>\(String(repeating: "x", count: 3 << 20))</string><string id='4'>Tagged&lt;Int&gt;</string></row>\n"
        var id = 5
        for row in 0..<40_000 {
            let name = row % 2 == 0 ? "<string ref='4'/>" : "<string id='\(id)'><![CDATA[ListScreen]]></string>"
            if row % 2 == 1 { id += 1 }
            xml += "<row><start-time id='\(id)'>\(1000 + row)</start-time><duration ref='2'/><string ref='3'/>\(name)</row>\n"
            if row % 1000 == 0 { xml += "<!-- \(row) rows -->\n" }
            id += 1
        }
        xml += "</node>\n</trace-query-result>\n"
        try sandbox.write("large.xml", xml)
        let json = try self.json(sandbox, ["--evidence", "large.xml"])
        let ranked = views(json)
        XCTAssertEqual(ranked.prefix(2).map { $0["name"] as? String }, ["Tagged", "ListScreen"])
        XCTAssertEqual(ranked.prefix(2).map { ($0["evidence"] as? [String: Any])?["updates"] as? Int }, [20_001, 20_000])
        XCTAssertEqual(ranked.prefix(2).map { ($0["evidence"] as? [String: Any])?["totalMs"] as? Double }, [20_001, 20_000])
        XCTAssertEqual((((json["evidence"] as? [String: Any])?["files"] as? [[String: Any]])?.first)?["rows"] as? Int, 40_001)
    }

    /// Two modules declare a `Row`: the trace's module column and the log's process name
    /// say which one was measured.
    func testModuleAndProcessBreakTiesBetweenViewsOfOneName() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Shop/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Shop", targets: [.target(name: "Catalog"), .target(name: "Cart")])

            """)
        for module in ["Catalog", "Cart"] {
            try sandbox.write("Shop/Sources/\(module)/Row.swift", "import SwiftUI\n\nstruct Row: View {\n    var body: some View {\n        Text(reportMe)\n    }\n}\n")
        }
        try sandbox.write("updates.xml", """
            <?xml version="1.0"?>
            <trace-query-result><node><schema name="swiftui-updates"><col><mnemonic>duration</mnemonic></col><col><mnemonic>module</mnemonic></col><col><mnemonic>view-name</mnemonic></col></schema>
            <row><duration id="1">900000</duration><string id="2">Cart</string><string id="3">Row</string></row>
            <row><duration ref="1"/><string ref="2"/><string ref="3"/></row>
            </node></trace-query-result>

            """)
        try sandbox.write("changes.log", "2026-12-06 10:00:00.000 Catalog[7:8] [SwiftUI] Row: @self changed.\n")
        let result = try sandbox.run(["audit", "--format", "json", "--evidence", "updates.xml", "--evidence", "changes.log", "Shop"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let ranked = views(json).map { "\($0["module"] as? String ?? "?"):\(($0["evidence"] as? [String: Any])?["source"] as? String ?? "-")"
            + ":\(($0["evidence"] as? [String: Any])?["updates"] as? Int ?? 0)" }
        XCTAssertEqual(ranked, ["Cart:trace:2", "Catalog:log:1"])
    }

    // MARK: - Usage errors

    func testFilesThatAreNotEvidenceAreUsageErrorsAndNothingIsWritten() throws {
        let sandbox = try sandbox()
        let export = try String(contentsOfFile: fixture("updates.xml"), encoding: .utf8)
        let cut = export.index(export.startIndex, offsetBy: export.utf8.count / 2)
        try sandbox.write("cut.xml", String(export[..<cut]))
        let firstTableEnd = try XCTUnwrap(export.range(of: "</row>\n</node>"))
        try sandbox.write("ends-after-a-row.xml", String(export[..<firstTableEnd.lowerBound]) + "</row>\n")
        try sandbox.write("bad-ref.xml", export.replacingOccurrences(of: "<duration ref=\"2\"/>", with: "<duration ref=\"9999\"/>"))
        try sandbox.write("mismatched.xml", export.replacingOccurrences(of: "</schema>", with: "</schemata>"))
        try sandbox.write("toc.xml", "<?xml version=\"1.0\"?>\n<trace-toc><run number=\"1\"></run></trace-toc>\n")
        try sandbox.write("other.xml", "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n")
        try sandbox.write("no-table.xml", "<?xml version=\"1.0\"?>\n<trace-query-result><node><schema name=\"time-profile\"></schema></node></trace-query-result>\n")
        try sandbox.write("noise.log", "Loading the store…\nWarning: this line is not a view\n")
        try sandbox.write("empty.log", "")
        try sandbox.write("binary.bin", bytes: [0x89, 0x50, 0x4E, 0x47, 0, 0, 1, 2])
        try sandbox.write("Recording.trace/form.template", "")
        let cases: [(String, String)] = [
            ("cut.xml", "truncated: the file ends inside"),
            ("ends-after-a-row.xml", "truncated: the file ends inside <node>"),
            ("bad-ref.xml", "malformed: ref=\"9999\" at line 6 names no earlier id"),
            ("mismatched.xml", "not well-formed XML: </schemata> closes <schema> at line 3"),
            ("toc.xml", "is a trace's table of contents"),
            ("other.xml", "not an xctrace export: its root element is <plist>"),
            ("no-table.xml", "holds no swiftui-updates table (tables time-profile)"),
            ("noise.log", "unrecognized: not an xctrace export, and no line reads `Type: … changed.`"),
            ("empty.log", "is empty"),
            ("binary.bin", "unrecognized: a binary file"),
            ("missing.xml", "does not exist"),
            ("App", "is a directory, not an xctrace export"),
        ]
        for (name, reason) in cases {
            for option in ["--evidence", "--before-evidence"] {
                let arguments = option == "--evidence" ? [option, name] : [option, name, "--evidence", fixture("changes.log")]
                let result = try sandbox.run(["audit", "--format", "json", "--output", "report.json"] + arguments + ["App"])
                XCTAssertEqual(result.status, 2, "\(name): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("bodywork: audit: evidence file \(name): \(reason)"), "\(name): \(result.stderr)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.path("report.json")), "\(name): a report was written")
                XCTAssertTrue(result.stdout.isEmpty, "\(name): \(result.output)")
            }
        }
        #if !os(macOS)
        let bundle = try sandbox.run(["audit", "--evidence", "Recording.trace", "App"])
        XCTAssertEqual(bundle.status, 2)
        XCTAssertTrue(bundle.stderr.contains("evidence file Recording.trace: is an Instruments trace; reading it needs xctrace"), bundle.stderr)
        XCTAssertTrue(bundle.stderr.contains("xctrace export --input Recording.trace --xpath "
                                             + "'/trace-toc/run[@number=\"1\"]/data/table[@schema=\"swiftui-updates\"]'"), bundle.stderr)
        #endif
        let alone = try sandbox.run(["audit", "--before-evidence", fixture("changes.log"), "App"])
        XCTAssertEqual(alone.status, 2)
        XCTAssertTrue(alone.stderr.contains("--before-evidence needs --evidence"), alone.stderr)
        // The report may not overwrite an evidence file.
        try sandbox.write("mine.log", try String(contentsOfFile: fixture("changes.log"), encoding: .utf8))
        let clobber = try sandbox.run(["audit", "--evidence", "mine.log", "--output", "mine.log", "App"])
        XCTAssertEqual(clobber.status, 2, clobber.stderr)
        XCTAssertEqual(try sandbox.text("mine.log"), try String(contentsOfFile: fixture("changes.log"), encoding: .utf8))
    }

    // MARK: - In a browser

    /// The page with evidence in headless Chromium: no console message (nothing the page's
    /// policy blocked), the measured column and the before/after table in its DOM; a
    /// screenshot is saved to `.build/audit-evidence.png` for a person to look at.
    func testEvidencePageRendersInABrowser() throws {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["BODYWORK_CHROMIUM"]].compactMap { $0 }
            + (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").flatMap { directory in
                ["chromium", "chromium-browser", "google-chrome"].map { "\(directory)/\($0)" }
            }
        guard let chromium = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("no Chromium on PATH (install Debian's `chromium` package, or set BODYWORK_CHROMIUM)")
        }
        let sandbox = try sandbox()
        let run = try sandbox.run(["audit", "--format", "html", "--output", "report.html", "--before-evidence", fixture("updates-before.xml"),
                                   "--evidence", fixture("updates.xml"), "--evidence", fixture("changes.log"), "App"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let page = URL(fileURLWithPath: sandbox.path("report.html")).absoluteString
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(sandbox.path("chromium"))"]
        let dump = try Sandbox.execute(URL(fileURLWithPath: chromium), common + ["--enable-logging=stderr", "--v=0", "--dump-dom", page],
                                       in: sandbox.root, stdin: nil, environment: [:])
        XCTAssertEqual(dump.status, 0, dump.stderr)
        XCTAssertEqual(dump.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }, [], "the page logs nothing to the console")
        XCTAssertTrue(dump.output.contains("<th>Measured</th>"), dump.output)
        XCTAssertTrue(dump.output.contains("<h3>Before and after</h3>"), dump.output)
        XCTAssertTrue(dump.output.contains("<div class=\"evidence\"><h4>Measured (trace)</h4>"), dump.output)
        let screenshot = AuditEvidenceTests.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/audit-evidence.png")
        let shot = try Sandbox.execute(URL(fileURLWithPath: chromium), common + ["--hide-scrollbars", "--window-size=1280,2000",
                                                                             "--screenshot=\(screenshot.path)", page],
                                       in: sandbox.root, stdin: nil, environment: [:])
        XCTAssertEqual(shot.status, 0, shot.stderr)
        XCTAssertEqual(Array(try Data(contentsOf: screenshot).prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG file")
    }
}
