// The hooks of .pre-commit-hooks.yaml run by a real pre-commit on staged files: a failing
// hook must say why, even with the `--quiet` its entry passes.
import Foundation
import XCTest

final class PreCommitHookTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A view whose only finding is a warning with no fix: `--check` fails on it.
    private static let unfixableWarning = """
        import SwiftUI

        struct CounterView: View {
            @State private var count = 0
            var body: some View {
                count += 1
                return Text("\\(count)")
            }
        }

        """

    /// A view with one safe fix and nothing else.
    private static let fixable = """
        import SwiftUI

        struct DebugView: View {
            var body: some View {
                let _ = Self._printChanges()
                Text("hi")
            }
        }

        """

    func testManifestIsValidAndDeclaresTheMinimumVersion() throws {
        let preCommit = try Self.preCommit()
        let box = try Sandbox()
        let manifest = Self.repository.appendingPathComponent(".pre-commit-hooks.yaml").path
        let result = try Self.run(preCommit, ["validate-manifest", manifest], in: box)
        XCTAssertEqual(result.status, 0, result.output + result.stderr)
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "minimum_pre_commit_version: \"3.2.2\"").count - 1,
                       text.components(separatedBy: "- id: ").count - 1, "every hook declares pre-commit 3.2.2")
    }

    func testCheckHookFailsSayingWhy() throws {
        let preCommit = try Self.preCommit()
        let box = try Self.repositoryWithHooks()
        try box.write("Sources/App/Counter.swift", Self.unfixableWarning)
        try box.git("add", ".")
        let failing = try Self.run(preCommit, ["run", "bodywork"], in: box)
        XCTAssertEqual(failing.status, 1, failing.output + failing.stderr)
        XCTAssertTrue(failing.output.contains("Sources/App/Counter.swift:6:9: warning:"), failing.output)
        XCTAssertTrue(failing.output.contains("[state-write-in-body]"), failing.output)
        XCTAssertFalse(failing.output.contains("files scanned"), "no summary with --quiet: \(failing.output)")

        try box.write("Sources/App/Counter.swift", "import SwiftUI\n\nstruct Plain: View {\n    var body: some View { Text(\"hi\") }\n}\n")
        try box.git("add", ".")
        let passing = try Self.run(preCommit, ["run", "bodywork"], in: box)
        XCTAssertEqual(passing.status, 0, passing.output + passing.stderr)
    }

    func testFixHookWritesFixesAndReportsWhatRemains() throws {
        let preCommit = try Self.preCommit()
        let box = try Self.repositoryWithHooks()
        try box.write("Sources/App/Counter.swift", Self.unfixableWarning)
        try box.write("Sources/App/Debug.swift", Self.fixable)
        try box.git("add", ".")
        let result = try Self.run(preCommit, ["run", "bodywork-fix"], in: box)
        XCTAssertEqual(result.status, 1, result.output + result.stderr)
        XCTAssertFalse(try box.text("Sources/App/Debug.swift").contains("_printChanges"), "the safe fix was written")
        XCTAssertTrue(result.output.contains("Sources/App/Counter.swift:6:9: warning:"), result.output)
        XCTAssertFalse(result.output.contains("print-changes"), "a fixed finding is not reported: \(result.output)")
    }

    // MARK: - pre-commit

    /// pre-commit 3.2.2 or later on PATH, or a skip that says how to get it.
    private static func preCommit() throws -> URL {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        guard let found = directories.map({ URL(fileURLWithPath: "\($0)/pre-commit") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("no pre-commit on PATH (`python3 -m pip install --user pre-commit`, as .ci/run does)")
        }
        let box = try Sandbox()
        let version = try run(found, ["--version"], in: box).output
        let numbers = (version.split(separator: " ").last ?? "").split(separator: ".").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if numbers.isEmpty || numbers.lexicographicallyPrecedes([3, 2, 2]) {
            throw XCTSkip("\(version.trimmingCharacters(in: .newlines)) is older than the hooks' minimum, 3.2.2 (`python3 -m pip install --user pre-commit`)")
        }
        return found
    }

    /// A git repository whose configuration holds the project's hooks as local hooks:
    /// the same ids, entries and file types, run with the `bodywork` already built (a
    /// `language: swift` hook would first build bodywork in release, many minutes).
    private static func repositoryWithHooks() throws -> Sandbox {
        let box = try Sandbox()
        try box.git("init", "-q")
        let manifest = try String(contentsOf: repository.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("language: swift"))
        let hooks = manifest.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    " + $0.replacingOccurrences(of: "language: swift", with: "language: system") }
        try box.write(".pre-commit-config.yaml", "repos:\n- repo: local\n  hooks:\n" + hooks.joined(separator: "\n"))
        try FileManager.default.createDirectory(atPath: box.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.path("bin/bodywork"), withDestinationPath: Sandbox.shippingBinary.path)
        try box.write(".gitignore", "bin/\n.cache/\n.pre-commit-home/\n")
        return box
    }

    /// Runs pre-commit in `box` with its own cache and the built bodywork first on PATH.
    private static func run(_ preCommit: URL, _ arguments: [String], in box: Sandbox) throws -> RunResult {
        let path = box.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try Sandbox.execute(preCommit, arguments, in: box.root, stdin: nil, environment: [
            "PATH": path, "PRE_COMMIT_HOME": box.path(".pre-commit-home"), "XDG_CACHE_HOME": box.path(".cache"),
            "PRE_COMMIT_COLOR": "never", "NO_COLOR": "1",
        ])
    }
}
