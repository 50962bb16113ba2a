// A configuration under another one: what the nearer file says wins, rule lists combine,
// and the farther file's excludes keep applying relative to its own directory. Read from
// files on disk, as a run finds them.
import Codemod
import Foundation
import Settings
import XCTest

final class InheritedConfigurationTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-inherit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App/Views"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: root)
    }

    private func write(_ json: String, to directory: String) throws {
        try Data(json.utf8).write(to: root.appendingPathComponent(directory).appendingPathComponent(".bodywork.json"))
    }

    private func configuration(for file: String) throws -> Configuration {
        try ConfigurationLoader().configuration(forFile: root.appendingPathComponent(file).path)
    }

    func testNearerFileWinsAndRuleListsCombine() throws {
        try write("""
            { "rules": { "enable": ["a", "b"], "disable": ["c"] }, "swiftLanguageMode": 5,
              "deploymentTarget": { "iOS": "15.0", "macOS": "12.0" }, "severity": { "a": "error" } }
            """, to: "")
        try write("""
            { "rules": { "enable": ["c"], "disable": ["b"] }, "deploymentTarget": { "iOS": "17.0" } }
            """, to: "App")
        let merged = try configuration(for: "App/Views/Row.swift")
        XCTAssertEqual(merged.enabledRules, ["a", "c"], "a rule the nearer file disables leaves the enabled list")
        XCTAssertEqual(merged.disabledRules, ["b"], "a rule the nearer file enables leaves the disabled list")
        XCTAssertEqual(merged.deploymentTargets.versions[.iOS], Version(17, 0))
        XCTAssertEqual(merged.deploymentTargets.versions[.macOS], Version(12, 0), "a platform the nearer file leaves out is inherited")
        XCTAssertEqual(merged.swiftLanguageMode, 5)
        XCTAssertEqual(merged.severities["a"], .error)
        XCTAssertEqual(merged.inheritedPaths.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() },
                       [root.appendingPathComponent(".bodywork.json").resolvingSymlinksInPath()])
    }

    func testInheritedExcludesStayRelativeToTheirOwnFile() throws {
        try write(#"{ "exclude": ["App/Generated"] }"#, to: "")
        try write(#"{ "exclude": ["Views/Preview*.swift"] }"#, to: "App")
        let merged = try configuration(for: "App/Views/Row.swift")
        let app = root.appendingPathComponent("App")
        XCTAssertTrue(merged.isExcluded(path: app.appendingPathComponent("Generated/Model.swift").path))
        XCTAssertTrue(merged.isExcluded(path: app.appendingPathComponent("Views/PreviewData.swift").path))
        XCTAssertFalse(merged.isExcluded(path: app.appendingPathComponent("Views/Row.swift").path))
        XCTAssertFalse(merged.isExcluded(path: root.appendingPathComponent("Generated/Model.swift").path),
                       "the outer file's pattern is relative to the outer file's directory")
    }

    func testInheritFalseStopsTheFileAbove() throws {
        try write(#"{ "rules": { "enable": ["a"] }, "exclude": ["**/*.swift"] }"#, to: "")
        try write(#"{ "inherit": false, "rules": { "enable": ["b"] } }"#, to: "App")
        let own = try configuration(for: "App/Views/Row.swift")
        XCTAssertEqual(own.enabledRules, ["b"])
        XCTAssertEqual(own.inheritedPaths, [])
        XCTAssertFalse(own.isExcluded(path: root.appendingPathComponent("App/Views/Row.swift").path))
    }
}
