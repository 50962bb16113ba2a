// The audit's HTML page in a real browser: headless Chromium renders the report of a
// fixture app with no console message (no script error, nothing the page's policy had to
// block), the chart and the ranked table are in its DOM, and a screenshot is saved to
// `.build/audit-report.png` for a person to look at.
import Foundation
import XCTest

final class AuditBrowserTests: XCTestCase {
    /// The package's root folder.
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Chromium from `BODYWORK_CHROMIUM` or the `PATH` (Debian's `chromium`, or Chrome).
    private static let chromium: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["BODYWORK_CHROMIUM"], FileManager.default.isExecutableFile(atPath: given) {
            return URL(fileURLWithPath: given)
        }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
                let path = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: path) { return URL(fileURLWithPath: path) }
            }
        }
        return nil
    }()

    private func browser() throws -> URL {
        guard let chromium = AuditBrowserTests.chromium else {
            throw XCTSkip("no Chromium on PATH (install Debian's `chromium` package, as .ci/run does, or set BODYWORK_CHROMIUM)")
        }
        return chromium
    }

    /// Runs headless Chromium on `page`: the DOM it built and its console messages.
    private func render(_ page: URL, in sandbox: Sandbox, extra: [String] = []) throws -> (dom: String, console: [String]) {
        let result = try Sandbox.execute(try browser(), [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(sandbox.path("chromium"))",
            "--enable-logging=stderr", "--v=0",
        ] + extra + ["--dump-dom", page.absoluteString], in: sandbox.root, stdin: nil, environment: [:])
        XCTAssertEqual(result.status, 0, result.stderr)
        let console = result.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (result.output, console)
    }

    private func writeSampleApp(into sandbox: Sandbox) throws {
        let app = AuditBrowserTests.packageRoot.appendingPathComponent("Examples/SampleApp")
        for name in ["Models.swift", "TaskListView.swift"] {
            try sandbox.write("SampleApp/\(name)", bytes: Array(try Data(contentsOf: app.appendingPathComponent(name))))
        }
    }

    func testReportRendersWithoutConsoleErrorsAndHasChartAndRanking() throws {
        _ = try browser()
        let sandbox = try Sandbox()
        try writeSampleApp(into: sandbox)
        let run = try sandbox.run(["audit", "--format", "html", "--output", "report.html", "SampleApp"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let page = URL(fileURLWithPath: sandbox.path("report.html"))

        let (dom, console) = try render(page, in: sandbox)
        XCTAssertEqual(console, [], "the page logs nothing to the console")
        XCTAssertTrue(dom.contains("<svg class=\"chart\""), dom)
        // One bar per cause, the three found in the sample app with a width.
        XCTAssertEqual(dom.components(separatedBy: "<g class=\"bar\"").count - 1, 9)
        for cause in ["work-in-body", "unstable-identity", "variable-row-count"] {
            XCTAssertTrue(dom.contains("data-category=\"\(cause)\""), cause)
        }
        let ranked = try XCTUnwrap(dom.range(of: "<table class=\"ranked\"").map { String(dom[$0.lowerBound...]) })
        let table = String(ranked[..<(ranked.range(of: "</table>")?.upperBound ?? ranked.endIndex)])
        let names = ["TaskListView", "TaskRow", "TagsView"]
        let positions = names.map { table.range(of: ">\($0)</a>")?.lowerBound }
        XCTAssertFalse(positions.contains(nil), table)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted(), "views in rank order")
        XCTAssertTrue(dom.contains("<details class=\"finding\""), "findings are collapsible")
        XCTAssertTrue(dom.contains("<pre class=\"diff\">"), "a fix is shown as a diff")

        let screenshot = AuditBrowserTests.packageRoot.appendingPathComponent(".build/audit-report.png")
        try? FileManager.default.removeItem(at: screenshot)
        let shot = try Sandbox.execute(try browser(), [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(sandbox.path("chromium"))",
            "--hide-scrollbars", "--window-size=1100,1400", "--screenshot=\(screenshot.path)", page.absoluteString,
        ], in: sandbox.root, stdin: nil, environment: [:])
        XCTAssertEqual(shot.status, 0, shot.stderr)
        let png = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG file")
    }

    /// A package of two modules: a row filter with a safe fix (variable row count) and a
    /// quick win in ShopUI, a report-only finding and a task started on appear in ShopKit.
    static func writeShop(into sandbox: Sandbox) throws {
        try sandbox.write("Shop/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [.target(name: "ShopKit"), .target(name: "ShopUI", dependencies: ["ShopKit"])])

            """)
        try sandbox.write("Shop/Sources/ShopUI/Orders.swift", """
            import SwiftUI

            struct OrderList: View {
                let orders: [Order]
                var body: some View {
                    List {
                        ForEach(orders) { order in
                            if order.isOpen {
                                Text(order.title)
                            }
                        }
                    }
                }
            }

            struct Detail: View {
                var body: some View {
                    Text(fooBar)
                }
            }

            """)
        try sandbox.write("Shop/Sources/ShopKit/Badge.swift", """
            import SwiftUI

            public struct Badge: View {
                public var body: some View {
                    Text(reportMe)
                        .onAppear { Task { await load() } }
                }
                func load() async {}
            }

            """)
    }

    /// The filters are inputs read by CSS rules: with one checked (as a click would), the
    /// views and findings that do not match are not displayed. A probe script, added to a
    /// copy of the page without its policy, reads what the browser displays.
    func testFiltersHideViewsAndFindingsWithoutAScript() throws {
        _ = try browser()
        let sandbox = try Sandbox()
        try AuditBrowserTests.writeShop(into: sandbox)
        let run = try sandbox.run(["audit", "--format", "html", "--output", "report.html", "Shop"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let page = try sandbox.text("report.html")
        XCTAssertFalse(page.contains("<script"), "the page itself has no script")
        let policy = try XCTUnwrap(page.range(of: "<meta http-equiv=\"Content-Security-Policy\"[^>]*>", options: .regularExpression))
        let probe = """
            <script>
            const shown = e => getComputedStyle(e).display !== "none" && (!e.parentElement.closest("details.view")
                || getComputedStyle(e.parentElement.closest("details.view")).display !== "none");
            const list = (selector, name) => [...document.querySelectorAll(selector)].filter(shown).map(name).join(",");
            document.body.dataset.rows = list("table.ranked tr[data-m]", r => r.cells[1].textContent);
            document.body.dataset.views = list("details.view", d => d.querySelector("summary strong").textContent);
            document.body.dataset.findings = list("details.finding", f => f.querySelector("summary code").textContent);
            </script>
            """
        func displayed(checking ids: [String]) throws -> (rows: String, views: String, findings: String) {
            var copy = page.replacingCharacters(in: policy, with: "")
            for id in ids {
                let input = "id=\"\(id)\""
                XCTAssertTrue(copy.contains(input + ">"), "the page has the input \(id)")
                copy = copy.replacingOccurrences(of: input + ">", with: input + " checked>")
            }
            copy = copy.replacingOccurrences(of: "</body>", with: probe + "</body>")
            let name = "probe-\(ids.joined(separator: "_")).html"
            _ = try sandbox.write(name, copy)
            let (dom, console) = try render(URL(fileURLWithPath: sandbox.path(name)), in: sandbox)
            XCTAssertEqual(console, [], "\(ids)")
            func value(_ key: String) -> String {
                guard let range = dom.range(of: "data-\(key)=\"[^\"]*\"", options: .regularExpression) else { return "?" }
                return String(dom[range].dropFirst(key.count + 7).dropLast())
            }
            return (value("rows"), value("views"), value("findings"))
        }
        let all = try displayed(checking: [])
        XCTAssertEqual(all.rows, "OrderList,Badge,Detail")
        XCTAssertEqual(all.views, all.rows)
        XCTAssertEqual(all.findings, "foreach-filter,test-report-only,onappear-task,test-rename-foo")
        // Modules are numbered by name: ShopKit 0, ShopUI 1.
        let kit = try displayed(checking: ["f1-m-0"])
        XCTAssertEqual([kit.rows, kit.views], ["Badge", "Badge"])
        let rowCounts = try displayed(checking: ["f1-c-variable-row-count"])
        XCTAssertEqual([rowCounts.rows, rowCounts.views, rowCounts.findings], ["OrderList", "OrderList", "foreach-filter"])
        let quick = try displayed(checking: ["f1-q"])
        XCTAssertEqual([quick.rows, quick.findings], ["OrderList,Detail", "foreach-filter,test-rename-foo"])
        let quickWork = try displayed(checking: ["f1-c-work-in-body", "f1-q"])
        XCTAssertEqual([quickWork.rows, quickWork.findings], ["Detail", "test-rename-foo"])
        let uiWork = try displayed(checking: ["f1-m-1", "f1-c-work-in-body"])
        XCTAssertEqual([uiWork.rows, uiWork.findings], ["Detail", "test-rename-foo"])
    }

    /// The console check catches what it is there to catch: a page whose policy blocks a
    /// network load logs it.
    func testConsoleCheckSeesABlockedLoad() throws {
        _ = try browser()
        let sandbox = try Sandbox()
        try sandbox.write("blocked.html", """
            <!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:">
            </head><body><img src="https://example.com/x.png"></body></html>
            """)
        let (_, console) = try render(URL(fileURLWithPath: sandbox.path("blocked.html")), in: sandbox)
        XCTAssertFalse(console.isEmpty)
    }
}
