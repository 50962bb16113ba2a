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
