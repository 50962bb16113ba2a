// Checkstyle and JUnit reports checked element by element against the shapes those formats
// define (kept as test data in Schemas/), with python3's standard XML parser.
import Foundation
import XCTest

final class XMLReportShapeTests: XCTestCase {
    private static let shapes = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Schemas/xml-report-shapes.json")

    /// Checks the XML on standard input against the shape named by argv[2] in the file
    /// argv[1]; prints one line per violation and exits 1 when there is any.
    private static let checker = """
    import json, sys, xml.etree.ElementTree as ET
    shape = json.load(open(sys.argv[1]))[sys.argv[2]]
    problems = []
    def check(node, where):
        spec = shape["elements"].get(node.tag)
        if spec is None:
            problems.append(where + ": unknown element " + node.tag); return
        allowed = set(spec["required"]) | set(spec["optional"])
        for name in spec["required"]:
            if name not in node.attrib: problems.append(where + ": missing attribute " + name)
        for name, value in node.attrib.items():
            if name not in allowed: problems.append(where + ": unknown attribute " + name)
            if name in spec.get("integers", []) and not value.isdigit(): problems.append(where + ": " + name + " is not a count: " + value)
            if name in spec.get("enums", {}) and value not in spec["enums"][name]: problems.append(where + ": " + name + " is not one of its values: " + value)
        if not spec["text"] and (node.text or "").strip(): problems.append(where + ": text in " + node.tag)
        for i, child in enumerate(node):
            if child.tag not in spec["children"]: problems.append(where + ": " + child.tag + " cannot be inside " + node.tag)
            if (child.tail or "").strip(): problems.append(where + ": text after " + child.tag)
            check(child, where + "/" + child.tag + "[" + str(i) + "]")
    root = ET.fromstring(sys.stdin.buffer.read())
    if root.tag != shape["root"]: problems.append("root is " + root.tag + ", not " + shape["root"])
    check(root, root.tag)
    print("\\n".join(problems))
    sys.exit(1 if problems else 0)
    """

    private func violations(_ document: String, shape: String) throws -> String {
        let box = try Sandbox()
        let result = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"),
                                         ["python3", "-c", Self.checker, Self.shapes.path, shape],
                                         in: box.root, stdin: Data(document.utf8), environment: [:])
        XCTAssertTrue(result.status == 0 || result.status == 1, "the checker failed to run: \(result.stderr)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func skipWithoutPython() throws {
        let box = try Sandbox()
        let probe = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import xml.etree.ElementTree"],
                                        in: box.root, stdin: nil, environment: [:])
        if probe.status != 0 { throw XCTSkip("python3 is needed to check the XML reports' shape: \(probe.stderr)") }
    }

    /// A run with every kind of finding (fix, suggestion, report-only, note), a file
    /// without findings and a file that is skipped (not UTF-8).
    private func report(_ format: String) throws -> String {
        let box = try Sandbox()
        try box.write("Sources/A.swift", "let fooBar = 1\nlet bazQux = 2 // the <odd> & \"quoted\" one\n")
        try box.write("Sources/B.swift", "let reportMe = 1\nlet noteMe = 2\n")
        try box.write("Sources/Clean.swift", "let clean = 0\n")
        try box.write("Sources/Binary.swift", bytes: [0x6C, 0x65, 0x74, 0x20, 0xFF, 0xFE, 0x0A])
        let result = try box.run(["--lint", "--format", format, "Sources"])
        XCTAssertTrue(result.output.contains("Binary.swift") || format == "checkstyle", "the skipped file is reported: \(result.output)")
        return result.output
    }

    func testCheckstyleAndJUnitHaveTheirFormatsShape() throws {
        try skipWithoutPython()
        let checkstyle = try report("checkstyle")
        XCTAssertTrue(checkstyle.contains("severity=\"info\""), "a note is written: \(checkstyle)")
        XCTAssertEqual(try violations(checkstyle, shape: "checkstyle"), "")
        let junit = try report("junit")
        XCTAssertTrue(junit.contains("<system-out>") && junit.contains("<error "), junit)
        XCTAssertEqual(try violations(junit, shape: "junit"), "")
    }

    /// The check is worth something only if it rejects what the formats do not allow.
    func testTheShapesRejectWhatTheFormatsDoNotAllow() throws {
        try skipWithoutPython()
        let checkstyle = try report("checkstyle")
        let junit = try report("junit")
        let cases: [(String, String, String)] = [
            ("checkstyle", "an unknown severity", checkstyle.replacingOccurrences(of: "severity=\"info\"", with: "severity=\"note\"")),
            ("checkstyle", "a line that is no count", checkstyle.replacingOccurrences(of: "line=\"1\"", with: "line=\"one\"")),
            ("checkstyle", "an error without its message", checkstyle.replacingOccurrences(of: " message=\"", with: " text=\"")),
            ("junit", "a test case without a name", junit.replacingOccurrences(of: "<testcase classname=\"bodywork\" name=", with: "<testcase classname=\"bodywork\" title=")),
            ("junit", "a suite without its count", junit.replacingOccurrences(of: " tests=\"", with: " count=\"")),
            ("junit", "a failure outside a test case", junit.replacingOccurrences(of: "</testsuite>", with: "<failure/></testsuite>")),
        ]
        for (shape, name, document) in cases {
            XCTAssertNotEqual(try violations(document, shape: shape), "", "the \(shape) shape must reject \(name)")
        }
    }
}
