// End-to-end tests of `bodywork probe`: it previews, writes with --apply, probes only the
// top views, is idempotent, and `print-changes` takes the probes out byte for byte.
import Foundation
import XCTest

final class ProbeTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Views with findings of the test-only rules, in body shapes the probe must handle.
    static let views = """
        import SwiftUI

        struct Feed: View {
            let items: [Item]

            var body: some View {
                // The rows, newest first.
                List {
                    ForEach(items) { item in
                        Text(reportMe)
                    }
                }
            }
        }

        struct Header: View {
            var body: some View {

                Text(reportMe)
            }
        }

        struct Footer: View {
            var body: some View {
                get {
                    Text(noteMe)
                }
            }
        }

        struct Inline: View {
            var body: some View { Text(reportMe) }
        }

        struct Quiet: View {
            var body: some View {
                Text("nothing to see")
            }
        }

        """

    private func probed(_ sandbox: Sandbox, _ arguments: [String]) throws -> RunResult {
        let result = try sandbox.run(["probe"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    func testPreviewApplyIdempotenceAndRoundTrip() throws {
        let sandbox = try Sandbox()
        let lf = Array(ProbeTests.views.utf8)
        let crlf = Array(ProbeTests.views.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        let tabs = Array(ProbeTests.views.replacingOccurrences(of: "    ", with: "\t").utf8)
        try sandbox.write("App/Views.swift", bytes: lf)
        try sandbox.write("Crlf/Views.swift", bytes: crlf)
        try sandbox.write("Tabs/Views.swift", bytes: tabs)
        let originals = [("App/Views.swift", lf), ("Crlf/Views.swift", crlf), ("Tabs/Views.swift", tabs)]

        for (path, bytes) in originals {
            let directory = String(path.prefix { $0 != "/" })
            // The preview writes nothing and shows the three probes it can add.
            let preview = try probed(sandbox, ["--top", "10", directory])
            XCTAssertEqual(try sandbox.read(path), bytes, path)
            XCTAssertEqual(preview.output.components(separatedBy: "Self._printChanges()").count - 1, 3, preview.output)
            XCTAssertTrue(preview.stderr.contains("bodywork probe: the top 4 views of the audit: Feed (\(path)), Header (\(path)), "
                                                  + "Inline (\(path)), Footer (\(path))"), preview.stderr)
            XCTAssertTrue((preview.output + preview.stderr).contains("Probe `Inline`: `let _ = Self._printChanges()` logs why its body runs; "
                                                                     + "rule `print-changes` removes it [probe] (fix withheld: the body's first statement shares its line with other code)"),
                          preview.output + preview.stderr)

            _ = try probed(sandbox, ["--top", "10", "--apply", directory])
            let written = String(decoding: try sandbox.read(path), as: UTF8.self)
            let newline = path.hasPrefix("Crlf") ? "\r\n" : "\n"
            let indent = path.hasPrefix("Tabs") ? "\t" : "    "
            for expected in [
                "var body: some View {\(newline)\(indent)\(indent)let _ = Self._printChanges()\(newline)\(indent)\(indent)// The rows",
                "var body: some View {\(newline)\(newline)\(indent)\(indent)let _ = Self._printChanges()\(newline)\(indent)\(indent)Text(reportMe)",
                "get {\(newline)\(indent)\(indent)\(indent)let _ = Self._printChanges()\(newline)\(indent)\(indent)\(indent)Text(noteMe)",
            ] {
                XCTAssertTrue(written.contains(expected), "\(path): \(expected.debugDescription) in\n\(written)")
            }
            XCTAssertEqual(written.components(separatedBy: "_printChanges").count - 1, 3, written)
            XCTAssertFalse(written.contains("Quiet: View {\(newline)\(indent)var body: some View {\(newline)\(indent)\(indent)let _"), written)

            // A second probe adds nothing.
            let again = try probed(sandbox, ["--top", "10", "--apply", directory])
            XCTAssertEqual(String(decoding: try sandbox.read(path), as: UTF8.self), written, again.output)

            // print-changes removes exactly the probes.
            let removed = try sandbox.run(["--rules", "print-changes", "--apply", directory])
            XCTAssertEqual(removed.status, 0, removed.stderr)
            XCTAssertEqual(try sandbox.read(path), bytes, "\(path): the round trip did not restore the bytes")
        }
    }

    func testTopLimitsTheViewsProbed() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/Views.swift", ProbeTests.views)
        _ = try probed(sandbox, ["--top", "1", "--apply", "App"])
        let written = try sandbox.text("App/Views.swift")
        XCTAssertEqual(written.components(separatedBy: "_printChanges").count - 1, 1, written)
        XCTAssertTrue(written.contains("    var body: some View {\n        let _ = Self._printChanges()\n        // The rows"), written)
    }

    func testProbeOfTheGoldenOriginalIsTheGoldenInput() throws {
        // Golden/print-changes/probe-round-trip: the input is what `probe` writes on the
        // expected output, so the golden test (and scripts/typecheck-golden) cover the round
        // trip on real rules' findings.
        let golden = ProbeTests.packageRoot.appendingPathComponent("Golden/print-changes")
        let original = Array(try Data(contentsOf: golden.appendingPathComponent("probe-round-trip.expected.swift")))
        let probedBytes = Array(try Data(contentsOf: golden.appendingPathComponent("probe-round-trip.swift")))
        XCTAssertNotEqual(original, probedBytes)
        let sandbox = try Sandbox()
        try sandbox.write("App/Views.swift", bytes: original)
        _ = try probed(sandbox, ["--apply", "App"])
        XCTAssertEqual(try sandbox.read("App/Views.swift"), probedBytes)
    }

    func testUsageErrors() throws {
        let sandbox = try Sandbox()
        for (arguments, message) in [(["--top", "0"], "probe: --top needs a whole number from 1, not '0'"),
                                     (["--format", "json"], "probe: unknown option '--format'"),
                                     (["-"], "probe: reads files, not standard input ('-')")] {
            let result = try sandbox.run(["probe"] + arguments)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }
}

final class EvidenceCommandLineTests: XCTestCase {
    func testHelpAndCompletionsKnowProbeAndEvidence() throws {
        let sandbox = try Sandbox()
        let help = try sandbox.run(["probe", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.hasPrefix("usage:\n    bodywork probe [--top N] [--apply] [paths...]\n\nPROBE\n"), help.output)
        let audit = try sandbox.run(["help", "audit"])
        XCTAssertTrue(audit.output.contains(" [--evidence FILE]...\n"), audit.output)
        XCTAssertTrue(audit.output.contains(" [--before-evidence FILE]... [paths...]\n"), audit.output)
        XCTAssertTrue(audit.output.contains("With --before-evidence FILE (repeatable,"), audit.output)
        let usage = try sandbox.run(["--help"])
        XCTAssertTrue(usage.output.contains("  bodywork probe [paths...]      add `Self._printChanges()`"), usage.output)
        let bash = try sandbox.run(["completions", "bash"]).output
        XCTAssertTrue(bash.contains("--evidence) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;"), bash)
        XCTAssertTrue(bash.contains("    probe)\n"), bash)
        let fish = try sandbox.run(["completions", "fish"]).output
        XCTAssertTrue(fish.contains("complete -c bodywork -n '__fish_seen_subcommand_from probe' -l top -x"), fish)
        XCTAssertTrue(fish.contains("complete -c bodywork -n '__fish_seen_subcommand_from audit' -l before-evidence -r -F"), fish)
        let man = try sandbox.run(["man"]).output
        XCTAssertTrue(man.contains(".SH PROBE\n"), man)
    }
}
