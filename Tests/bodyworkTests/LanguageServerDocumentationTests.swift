// What the editor shows about a finding beyond its message: hover text, and a link to the
// rule's documentation that works from a source checkout, an installed prefix, and a
// binary copied on its own.
import Foundation
import XCTest

final class LanguageServerDocumentationTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A view whose only finding is state-write-in-body's warning, on line 6 (0-based 5).
    private static let counter = """
        import SwiftUI

        struct CounterView: View {
            @State private var count = 0
            var body: some View {
                count += 1
                return Text("\\(count)")
            }
        }

        """

    func testHoverShowsTheFindingItsFixAndTheRule() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        let capabilities = try server.initialize()
        XCTAssertEqual(capabilities["hoverProvider"] as? Bool, true)
        let uri = sandbox.uri("Sources/View.swift")
        try server.open(uri, text: "struct View {\n    let fooBar = 1\n    let other = reportMe\n}\n")
        let diagnostics = try server.diagnostics(for: uri, version: 1)
        XCTAssertEqual(diagnostics.map(\.code), ["test-rename-foo", "test-report-only"])

        let fixable = try hover(server, uri, line: 1, character: 10)
        XCTAssertTrue(fixable.value.hasPrefix("**test-rename-foo** (warning): "), fixable.value)
        XCTAssertTrue(fixable.value.contains(diagnostics[0].message), fixable.value)
        XCTAssertTrue(fixable.value.contains("Fix: safe"), fixable.value)
        XCTAssertEqual(fixable.range, diagnostics[0].range)
        if let href = diagnostics[0].href { XCTAssertTrue(fixable.value.contains("(\(href))"), fixable.value) }

        let reportOnly = try hover(server, uri, line: 2, character: 20)
        XCTAssertTrue(reportOnly.value.hasPrefix("**test-report-only**"), reportOnly.value)
        XCTAssertFalse(reportOnly.value.contains("Fix: safe"), reportOnly.value)

        let nothing = try server.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 2]])
        XCTAssertTrue(nothing["result"] is NSNull, "\(nothing)")
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testInstalledBinaryLinksToTheInstalledRulesPage() throws {
        let box = try Sandbox()
        let script = Self.repository.appendingPathComponent("scripts/install").path
        let install = try box.shell("'\(script)' --prefix '\(box.path("prefix"))' --binary '\(Sandbox.shippingBinary.path)'")
        XCTAssertEqual(install.status, 0, install.stderr)
        let page = box.path("prefix/share/doc/bodywork/RULES.md")
        XCTAssertEqual(try box.read("prefix/share/doc/bodywork/RULES.md"),
                       Array(try Data(contentsOf: Self.repository.appendingPathComponent("RULES.md"))))
        let href = try firstLink(executable: URL(fileURLWithPath: box.path("prefix/bin/bodywork")), in: box)
        XCTAssertEqual(href, URL(fileURLWithPath: page).absoluteString + "#state-write-in-body")
    }

    func testACopiedBinaryWritesAndLinksItsOwnRulePages() throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Sandbox.shippingBinary.path, toPath: box.path("bin/bodywork"))
        let version = try box.run(["--version"]).output.split(separator: " ").last!.trimmingCharacters(in: .whitespacesAndNewlines)
        let href = try firstLink(executable: URL(fileURLWithPath: box.path("bin/bodywork")), in: box)
        let page = box.path(".cache/bodywork/rules-\(version)/state-write-in-body.md")
        XCTAssertEqual(href, URL(fileURLWithPath: page).absoluteString)
        let text = try box.text(".cache/bodywork/rules-\(version)/state-write-in-body.md")
        let explained = try box.run(["explain", "state-write-in-body"])
        XCTAssertEqual(text, "# state-write-in-body\n\n" + explained.output, "the page is what `explain` prints")
        XCTAssertTrue(text.contains("Suppress with: // bodywork:disable:next state-write-in-body"), text)
    }

    // MARK: - Helpers

    /// The hover at a position: its Markdown text and range.
    private func hover(_ server: LanguageServerClient, _ uri: String, line: Int, character: Int) throws -> (value: String, range: Span?) {
        let response = try server.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
        let result = try XCTUnwrap(response["result"] as? [String: Any], "\(response)")
        let contents = try XCTUnwrap(result["contents"] as? [String: Any])
        XCTAssertEqual(contents["kind"] as? String, "markdown")
        return (contents["value"] as? String ?? "", Span(result["range"]))
    }

    /// The documentation link of the finding in `counter`, from `executable lsp` run with
    /// the sandbox's cache and no link configured.
    private func firstLink(executable: URL, in box: Sandbox) throws -> String? {
        let server = try LanguageServerClient(in: box, executable: executable, environment: ["XDG_CACHE_HOME": box.path(".cache")])
        _ = try server.initialize()
        let uri = box.uri("Sources/Counter.swift")
        try server.open(uri, text: Self.counter)
        let diagnostics = try server.diagnostics(for: uri, version: 1)
        XCTAssertEqual(diagnostics.map(\.code), ["state-write-in-body"])
        XCTAssertEqual(try server.shutDown(), 0)
        return diagnostics.first?.href
    }
}
