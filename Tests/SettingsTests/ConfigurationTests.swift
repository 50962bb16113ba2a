// The configuration file: a valid file read in full, each kind of error with its message,
// upward discovery and its cache, an explicit path, and excludes.
import XCTest
import Foundation
@testable import Codemod
@testable import Settings
import SwiftCST

final class ConfigurationTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ text: String, to relativePath: String) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func parse(_ text: String) throws -> Configuration {
        try ConfigurationParser.parse(Array(text.utf8), path: "conf.json")
    }

    private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigurationError? {
        do {
            _ = try parse(text)
            XCTFail("expected an error for \(text)", file: file, line: line)
            return nil
        } catch let error as ConfigurationError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    // MARK: - Reading

    func testValidFileFillsEveryField() throws {
        let configuration = try parse("""
        {
          "rules": { "enable": ["opt-in"], "disable": ["noisy"], "only": ["opt-in", "other"] },
          "options": { "opt-in": { "limit": 3, "names": ["a"], "strict": true, "label": "x", "none": null } },
          "unsafeFixes": ["fresh-id"],
          "exclude": ["Generated/**", "*.pb.swift"],
          "deploymentTarget": { "iOS": "15.0", "macOS": 12, "visionos": "1" },
          "swiftLanguageMode": 6
        }
        """)
        XCTAssertEqual(configuration.enabledRules, ["opt-in"])
        XCTAssertEqual(configuration.disabledRules, ["noisy"])
        XCTAssertEqual(configuration.onlyRules, ["opt-in", "other"])
        XCTAssertEqual(configuration.ruleOptions["opt-in"], [
            "limit": .number(3), "names": .array([.string("a")]), "strict": .bool(true), "label": .string("x"), "none": .null,
        ])
        XCTAssertEqual(configuration.suggestedFixRules, ["fresh-id"])
        XCTAssertFalse(configuration.unsafeFixesForAll)
        XCTAssertEqual(configuration.excludes, ["Generated/**", "*.pb.swift"])
        XCTAssertEqual(configuration.deploymentTargets,
                       DeploymentTargets([.iOS: Version(15, 0), .macOS: Version(12), .visionOS: Version(1)]))
        XCTAssertEqual(configuration.swiftLanguageMode, 6)
        XCTAssertEqual(configuration.sourcePath, "conf.json")
    }

    func testEmptyObjectIsTheDefault() throws {
        var expected = Configuration()
        expected.sourcePath = "conf.json"
        XCTAssertEqual(try parse("{}"), expected)
    }

    func testCommentsAndTrailingCommasAreAccepted() throws {
        let configuration = try parse("""
            {
              // line comment with "quotes" and a , comma
              "exclude": ["a/**", "b//c", /* block */ "d/*.swift",],
              "rules": { "disable": ["x"], },
            }
            """)
        XCTAssertEqual(configuration.excludes, ["a/**", "b//c", "d/*.swift"], "comment markers inside strings are text")
        XCTAssertEqual(configuration.disabledRules, ["x"])
    }

    func testUnsafeFixesTrueMeansEveryRule() throws {
        XCTAssertTrue(try parse(#"{"unsafeFixes": true}"#).unsafeFixesForAll)
        XCTAssertFalse(try parse(#"{"unsafeFixes": false}"#).unsafeFixesForAll)
    }

    func testUnknownKeyListsTheAllowedOnes() {
        let error = parseError(#"{"rules": {}, "colour": "blue"}"#)
        XCTAssertEqual(error?.key, "colour")
        XCTAssertEqual(error?.message, "unknown key; allowed: rules, options, unsafeFixes, exclude, deploymentTarget, swiftLanguageMode, severity, baseline, inherit")
        XCTAssertEqual(error?.description,
                       "conf.json: colour: unknown key; allowed: rules, options, unsafeFixes, exclude, deploymentTarget, swiftLanguageMode, severity, baseline, inherit")
        let nested = parseError(#"{"rules": {"enabled": ["a"]}}"#)
        XCTAssertEqual(nested?.key, "rules.enabled")
        XCTAssertEqual(nested?.message, "unknown key; allowed: enable, disable, only")
    }

    func testWrongTypesSayWhatWasExpected() {
        let cases: [(String, String, String)] = [
            (#"{"rules": ["a"]}"#, "rules", "expected an object with enable, disable, only"),
            (#"{"rules": {"enable": "a"}}"#, "rules.enable", "expected an array of strings"),
            (#"{"rules": {"only": ["a", 2]}}"#, "rules.only[1]", "expected a string"),
            (#"{"options": {"a": 1}}"#, "options.a", "expected an object of options, like {\"key\": value}"),
            (#"{"options": []}"#, "options", "expected an object mapping rule ids to objects of options"),
            (#"{"unsafeFixes": "yes"}"#, "unsafeFixes", "expected true, false or an array of rule ids"),
            (#"{"exclude": "Generated"}"#, "exclude", "expected an array of strings"),
            (#"{"swiftLanguageMode": 7}"#, "swiftLanguageMode", "expected 5 or 6"),
            (#"{"swiftLanguageMode": true}"#, "swiftLanguageMode", "expected 5 or 6"),
            (#"{"deploymentTarget": ["iOS"]}"#, "deploymentTarget",
             "expected an object mapping platforms (iOS, macOS, tvOS, watchOS, visionOS) to versions"),
        ]
        for (text, key, message) in cases {
            let error = parseError(text)
            XCTAssertEqual(error?.key, key, text)
            XCTAssertEqual(error?.message, message, text)
        }
    }

    func testUnknownPlatformListsTheAllowedOnes() {
        let error = parseError(#"{"deploymentTarget": {"android": "14"}}"#)
        XCTAssertEqual(error?.key, "deploymentTarget.android")
        XCTAssertEqual(error?.message, "unknown platform; allowed: iOS, macOS, tvOS, watchOS, visionOS")
    }

    func testBadVersionsSayTheAllowedShape() {
        for text in [#"{"deploymentTarget": {"iOS": "15.x"}}"#, #"{"deploymentTarget": {"iOS": "v15"}}"#,
                     #"{"deploymentTarget": {"iOS": true}}"#, #"{"deploymentTarget": {"iOS": "1.2.3.4"}}"#] {
            XCTAssertEqual(parseError(text)?.message, #"expected a version such as "15", "15.4" or "10.15.4""#, text)
        }
        let fractional = parseError(#"{"deploymentTarget": {"iOS": 15.4}}"#)
        XCTAssertTrue(fractional?.message.contains("as strings") ?? false, fractional?.message ?? "")
    }

    func testInvalidJSONGivesLineAndColumn() {
        let error = parseError("{\n  \"rules\": {},\n  \"exclude\": :\n}")
        XCTAssertNil(error?.key)
        XCTAssertTrue(error?.message.hasPrefix("not valid JSON at line 3, column 14") ?? false, error?.message ?? "")
        XCTAssertTrue(parseError("{ /* unclosed \n}")?.message.hasPrefix("not valid JSON") ?? false)
        XCTAssertTrue(parseError(#"{"exclude": ["a",, "b"]}"#)?.message.hasPrefix("not valid JSON") ?? false,
                      "only one trailing comma before a closing bracket is forgiven")
        XCTAssertEqual(parseError("[1]")?.message, "must be a JSON object ({ ... }), not an array at the top level")
    }

    func testValidateRuleIDsNamesTheKeyAndSuggests() throws {
        let configuration = try parse(#"{"rules": {"enable": ["foreach-filtr"]}, "unsafeFixes": ["fresh-id"]}"#)
        XCTAssertThrowsError(try configuration.validateRuleIDs(["foreach-filter", "fresh-id"])) { error in
            let error = error as? ConfigurationError
            XCTAssertEqual(error?.key, "rules.enable")
            XCTAssertEqual(error?.message, "unknown rule `foreach-filtr` (did you mean `foreach-filter`?)")
        }
        XCTAssertNoThrow(try configuration.validateRuleIDs(["foreach-filtr", "fresh-id"]))
        let options = try parse(#"{"options": {"zzz": {}}}"#)
        XCTAssertThrowsError(try options.validateRuleIDs(["foreach-filter"])) { error in
            XCTAssertEqual((error as? ConfigurationError)?.message, "unknown rule `zzz`")
        }
    }

    func testActiveRules() {
        let rules: [any Rule] = [NamedRule(id: "opt-in", isEnabledByDefault: false), NamedRule(id: "on"), NamedRule(id: "noisy")]
        var configuration = Configuration()
        XCTAssertEqual(configuration.activeRules(from: rules).map(\.id), ["on", "noisy"])
        configuration.enabledRules = ["opt-in"]
        configuration.disabledRules = ["noisy"]
        XCTAssertEqual(configuration.activeRules(from: rules).map(\.id), ["opt-in", "on"])
        configuration.onlyRules = ["noisy", "on"]
        XCTAssertEqual(configuration.activeRules(from: rules).map(\.id), ["on"])
    }

    // MARK: - Finding the file

    func testUpwardDiscoveryFindsTheNearestFile() throws {
        let top = try write(#"{"exclude": ["top"]}"#, to: ".bodywork.json")
        let inner = try write(#"{"exclude": ["inner"]}"#, to: "App/Feature/.bodywork.json")
        let loader = ConfigurationLoader()
        XCTAssertEqual(try loader.configuration(forFile: root.appendingPathComponent("App/Feature/View/V.swift").path).excludes, ["inner"])
        XCTAssertEqual(try loader.configuration(forFile: root.appendingPathComponent("App/Other/W.swift").path).excludes, ["top"])
        XCTAssertEqual(try loader.configuration(forFile: root.appendingPathComponent("X.swift").path).sourcePath, top)
        XCTAssertEqual(loader.configurationPath(forFile: root.appendingPathComponent("App/Feature/V.swift").path), inner)
        XCTAssertEqual(loader.loadedFileCount, 2)
    }

    func testEachFileIsReadOnceAndCachedPerDirectory() throws {
        let path = try write(#"{"exclude": ["first"]}"#, to: ".bodywork.json")
        let loader = ConfigurationLoader()
        XCTAssertEqual(try loader.configuration(forFile: root.appendingPathComponent("A/a.swift").path).excludes, ["first"])
        try Data(#"{"exclude": ["second"]}"#.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try loader.configuration(forFile: root.appendingPathComponent("A/b.swift").path).excludes, ["first"])
        XCTAssertEqual(try loader.configuration(forFile: root.appendingPathComponent("B/c.swift").path).excludes, ["first"])
        XCTAssertEqual(loader.loadedFileCount, 1)
        XCTAssertEqual(try ConfigurationLoader().configuration(forFile: root.appendingPathComponent("A/a.swift").path).excludes,
                       ["second"], "a new loader reads again")
    }

    func testRelativeFilePathsAreResolved() throws {
        _ = try write(#"{"exclude": ["here"]}"#, to: "Pkg/.bodywork.json")
        let previous = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        FileManager.default.changeCurrentDirectoryPath(root.appendingPathComponent("Pkg").path)
        XCTAssertEqual(try ConfigurationLoader().configuration(forFile: "Sources/../Sources/A.swift").excludes, ["here"])
    }

    func testInvalidFileThrowsEveryTime() throws {
        let path = try write(#"{"bogus": 1}"#, to: ".bodywork.json")
        let loader = ConfigurationLoader()
        for name in ["a.swift", "b.swift"] {
            XCTAssertThrowsError(try loader.configuration(forFile: root.appendingPathComponent(name).path)) { error in
                XCTAssertEqual((error as? ConfigurationError)?.path, path)
                XCTAssertEqual((error as? ConfigurationError)?.key, "bogus")
            }
        }
    }

    func testExplicitPathSkipsTheSearch() throws {
        _ = try write(#"{"exclude": ["nearby"]}"#, to: "App/.bodywork.json")
        let explicit = try write(#"{"exclude": ["chosen"]}"#, to: "elsewhere/custom.json")
        let loader = ConfigurationLoader(explicitPath: explicit)
        XCTAssertEqual(try loader.configuration(forFile: root.appendingPathComponent("App/A.swift").path).excludes, ["chosen"])
        XCTAssertEqual(try loader.configuration(forFile: "/nowhere/B.swift").sourcePath, explicit)
        XCTAssertThrowsError(try ConfigurationLoader(explicitPath: root.appendingPathComponent("missing.json").path)
            .configuration(forFile: "A.swift")) { error in
            XCTAssertTrue((error as? ConfigurationError)?.message.hasPrefix("cannot read the file") ?? false)
        }
    }

    // MARK: - Excludes

    func testExcludesAreRelativeToTheConfigurationFile() throws {
        _ = try write(#"{"exclude": ["Generated/**", "*.pb.swift", "Sources/Legacy"]}"#, to: "Pkg/.bodywork.json")
        let configuration = try ConfigurationLoader().configuration(forFile: root.appendingPathComponent("Pkg/A.swift").path)
        func excluded(_ relative: String) -> Bool {
            configuration.isExcluded(path: root.appendingPathComponent("Pkg/" + relative).path)
        }
        XCTAssertTrue(excluded("Generated/Models.swift"))
        XCTAssertTrue(excluded("Generated/Deep/Models.swift"))
        XCTAssertTrue(excluded("Sources/Proto/Message.pb.swift"))
        XCTAssertTrue(excluded("Sources/Legacy/Old.swift"))
        XCTAssertFalse(excluded("Sources/App/Generated.swift"))
        XCTAssertFalse(excluded("Sources/Generated/Models.swift"), "patterns with a slash are anchored")
        XCTAssertFalse(excluded("Other/Sources/Legacy/Old.swift"))
        XCTAssertFalse(excluded("Sources/App/Message.swift"))
        XCTAssertFalse(Configuration().isExcluded(path: "Generated/A.swift"), "no excludes, nothing excluded")
    }
}

/// A rule that is off unless enabled.
/// A rule that finds nothing, enabled by default or not.
private struct NamedRule: Rule {
    let id: String
    var isEnabledByDefault = true
    var summary: String { "a rule" }
    var documentation: String { "" }
    func findings(in tree: SyntaxTree, context: RuleContext) -> [Finding] { [] }
}

final class GlobTests: XCTestCase {
    func testSingleComponentPatternsMatchAtAnyDepth() {
        XCTAssertTrue(Glob("*.pb.swift").matches("a/b/c.pb.swift"))
        XCTAssertTrue(Glob("*.pb.swift").matches("c.pb.swift"))
        XCTAssertFalse(Glob("*.pb.swift").matches("c.pb.swift.orig"))
        XCTAssertTrue(Glob("Generated").matches("Sources/Generated/A.swift"), "a matching directory excludes its contents")
        XCTAssertFalse(Glob("Generated").matches("Sources/GeneratedCode/A.swift"))
        XCTAssertTrue(Glob("Test?.swift").matches("x/Test1.swift"))
        XCTAssertFalse(Glob("Test?.swift").matches("x/Test12.swift"))
    }

    func testAnchoredPatterns() {
        XCTAssertTrue(Glob("Sources/*/Generated.swift").matches("Sources/App/Generated.swift"))
        XCTAssertFalse(Glob("Sources/*/Generated.swift").matches("Sources/App/Sub/Generated.swift"), "* stays in one component")
        XCTAssertTrue(Glob("Sources/**/Generated.swift").matches("Sources/App/Sub/Generated.swift"))
        XCTAssertTrue(Glob("Sources/**/Generated.swift").matches("Sources/Generated.swift"), "** matches no component too")
        XCTAssertTrue(Glob("/Vendor").matches("Vendor/Lib/A.swift"))
        XCTAssertFalse(Glob("/Vendor").matches("Sources/Vendor/A.swift"))
        XCTAssertTrue(Glob("./Vendor/").matches("Vendor/A.swift"))
        XCTAssertTrue(Glob("**/*.swift").matches("A.swift"))
        XCTAssertTrue(Glob("**").matches("any/thing"))
    }

    func testSetsAndStars() {
        XCTAssertTrue(Glob("[AB]*.swift").matches("Alpha.swift"))
        XCTAssertFalse(Glob("[AB]*.swift").matches("Gamma.swift"))
        XCTAssertTrue(Glob("[!A]*.swift").matches("Gamma.swift"))
        XCTAssertTrue(Glob("v[0-9].swift").matches("v7.swift"))
        XCTAssertTrue(Glob("[oops").matches("[oops"), "an unclosed [ is literal")
        XCTAssertTrue(Glob("a*b*c").matches("aXXbYYbZc"))
        XCTAssertFalse(Glob("a*b*c").matches("aXXbYY"))
        XCTAssertFalse(Glob("").matches("a"))
    }

    /// Many `**` in one pattern: every way of spreading the path over them is one state
    /// set, so these answer at once (a backtracking matcher took minutes on such input).
    func testRepeatedDoubleStars() {
        let deep = (0..<40).map { "d\($0)" }.joined(separator: "/") + "/A.swift"
        let many = String(repeating: "**/", count: 16)
        XCTAssertFalse(Glob(many + "nothing").matches(deep))
        XCTAssertTrue(Glob(many + "A.swift").matches(deep))
        XCTAssertTrue(Glob(many + "d39/**").matches(deep))
        XCTAssertTrue(Glob("d0/" + many + "d20/" + many + "*.swift").matches(deep))
        XCTAssertFalse(Glob("d0/" + many + "d20/" + many + "d10/" + many + "*.swift").matches(deep),
                       "the components must still come in order")
        XCTAssertTrue(Glob("**/**").matches("x"))
        XCTAssertFalse(Glob("d1/**").matches(deep), "anchored at the base directory")
    }
}
