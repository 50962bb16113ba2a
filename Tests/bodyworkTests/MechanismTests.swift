// A speed mechanism changes how fast a run goes or how much memory it holds, never what it
// finds, fixes or prints: each, turned off (`BODYWORK_DISABLE`, the benchmark's switch),
// gives the same report and the same rewritten files.
import Foundation
import Runtime
import XCTest

final class MechanismTests: XCTestCase {
    func testEachMechanismOffGivesTheSameReportAndFixes() throws {
        let sources = (0..<24).map { index in
            ("Sources/App/View\(index).swift", """
                import SwiftUI
                struct Row\(index): View {
                    let items: [String]
                    let date: Date
                    @Environment(\\.openURL) private var openURL
                    var body: some View {
                        let formatter = DateFormatter()
                        formatter.dateStyle = .short
                        return VStack {
                            ForEach(0..<items.count, id: \\.self) { i in Text(items[i]) }
                            Text(formatter.string(from: date))
                            AnyView(Text("\(index)"))
                        }
                    }
                }

                """)
        }
        func run(disabling names: String) throws -> (report: RunResult, fixed: [String]) {
            let box = try Sandbox()
            for (path, text) in sources { _ = try box.write(path, text) }
            let environment = ["BODYWORK_DISABLE": names]
            let report = try box.run(["--check", "--jobs", "2", "--no-cache", "--format", "json", "."], environment: environment)
            let applied = try box.run(["--apply", "--jobs", "2", "--no-cache", "."], environment: environment)
            XCTAssertEqual(applied.status, 0, applied.stderr)
            return (report, try sources.map { try box.text($0.0) })
        }
        let on = try run(disabling: "")
        XCTAssertEqual(on.report.status, 1, on.report.stderr)
        XCTAssertTrue(on.report.output.contains("\"rule\""), on.report.output)
        XCTAssertNotEqual(on.fixed, sources.map(\.1), "the fixes changed files")
        XCTAssertGreaterThan(Mechanism.allCases.count, 0)
        for mechanism in Mechanism.allCases {
            let off = try run(disabling: mechanism.rawValue)
            XCTAssertEqual(off.report.status, on.report.status, mechanism.rawValue)
            XCTAssertEqual(off.report.output, on.report.output, mechanism.rawValue)
            XCTAssertEqual(off.fixed, on.fixed, mechanism.rawValue)
        }
    }
}
