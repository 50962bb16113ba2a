// SARIF output checked against the SARIF 2.1.0 JSON schema (the part bodywork writes, kept
// as test data in Schemas/), with python3's jsonschema; skipped, saying why, without them.
import Foundation
import XCTest

final class SARIFSchemaTests: XCTestCase {
    private static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Schemas/sarif-2.1.0-subset.json")

    /// Validates the JSON document on standard input against the schema named by argv[1];
    /// prints one line per violation (path: message) and exits 1 when there is any.
    private static let validator = """
    import json, sys
    import jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(json.load(sys.stdin)), key=lambda e: list(e.absolute_path))
    for error in errors:
        print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
    sys.exit(1 if errors else 0)
    """

    /// The schema's violations in `document`, one per line; empty when it is valid.
    private func violations(_ document: Data) throws -> String {
        let box = try Sandbox()
        let result = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"),
                                         ["python3", "-c", Self.validator, Self.schema.path],
                                         in: box.root, stdin: document, environment: [:])
        XCTAssertTrue(result.status == 0 || result.status == 1, "the validator failed to run: \(result.stderr)")
        return result.output + result.stderr
    }

    private func skipWithoutJSONSchema() throws {
        let box = try Sandbox()
        let probe = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import jsonschema"],
                                        in: box.root, stdin: nil, environment: [:])
        if probe.status != 0 {
            throw XCTSkip("python3 with the jsonschema module is needed to validate SARIF (pip install jsonschema): \(probe.stderr)")
        }
    }

    /// Every kind of result bodywork writes: a safe fix, a suggested fix, a finding without
    /// a fix, a note, an unused suppression, and a path that needs percent-encoding.
    private func sarifLog(mode: String) throws -> Data {
        let box = try Sandbox()
        try box.write("Sources/My View.swift", "let fooBar = 1\nlet bazQux = fooBar\n")
        try box.write("Sources/Other.swift", "let reportMe = 1\nlet noteMe = 2\n// bodywork:disable:next test-rename-foo\nlet quiet = 3\n")
        var arguments = ["--format", "sarif", "--report-unused-disables", "."]
        if mode != "preview" { arguments.insert(mode, at: 0) }
        let result = try box.run(arguments)
        XCTAssertTrue(result.status == 0 || result.status == 1, result.stderr)
        let log = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let ids = Set(results.compactMap { $0["ruleId"] as? String })
        XCTAssertEqual(ids, ["test-rename-foo", "test-suggest-baz", "test-report-only", "test-note-only", "unused-disable"],
                       "the log covers every kind of result")
        XCTAssertTrue(results.contains { $0["fixes"] != nil }, "the log carries fixes")
        return result.stdout
    }

    func testSARIFLogsMatchTheSchema() throws {
        try skipWithoutJSONSchema()
        for mode in ["--lint", "preview", "--check"] {
            XCTAssertEqual(try violations(try sarifLog(mode: mode)), "", "SARIF from \(mode)")
        }
        let box = try Sandbox()
        try box.write("Clean.swift", "let nothing = 1\n")
        let empty = try box.run(["--lint", "--format", "sarif", "."])
        XCTAssertEqual(try violations(empty.stdout), "", "a log without results")
    }

    /// The check is worth something only if the schema rejects what the specification does.
    func testTheSchemaRejectsWhatSARIFForbids() throws {
        try skipWithoutJSONSchema()
        let valid = try XCTUnwrap(try JSONSerialization.jsonObject(with: try sarifLog(mode: "--lint")) as? [String: Any])
        func mutated(_ change: (inout [String: Any]) -> Void) throws -> Data {
            var copy = valid
            change(&copy)
            return try JSONSerialization.data(withJSONObject: copy)
        }
        func firstResult(_ log: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
            var runs = log["runs"] as! [[String: Any]]
            var results = runs[0]["results"] as! [[String: Any]]
            change(&results[0])
            runs[0]["results"] = results
            log["runs"] = runs
        }
        let cases: [(String, Data)] = [
            ("version", try mutated { $0["version"] = "2.0.0" }),
            ("unknown top-level property", try mutated { $0["extra"] = 1 }),
            ("result without a message", try mutated { log in firstResult(&log) { $0.removeValue(forKey: "message") } }),
            ("unknown level", try mutated { log in firstResult(&log) { $0["level"] = "fatal" } }),
            ("unknown result property", try mutated { log in firstResult(&log) { $0["severity"] = "warning" } }),
            ("column 0", try mutated { log in firstResult(&log) { result in
                var locations = result["locations"] as! [[String: Any]]
                var physical = locations[0]["physicalLocation"] as! [String: Any]
                var region = physical["region"] as! [String: Any]
                region["startColumn"] = 0
                physical["region"] = region
                locations[0]["physicalLocation"] = physical
                result["locations"] = locations
            } }),
            ("fingerprint that is not a string", try mutated { log in firstResult(&log) { $0["partialFingerprints"] = ["bodywork/v1": 1] } }),
            ("fix without changes", try mutated { log in firstResult(&log) { $0["fixes"] = [["description": ["text": "x"]]] } }),
        ]
        for (name, document) in cases {
            XCTAssertNotEqual(try violations(document), "", "the schema must reject a log with a \(name)")
        }
    }
}
