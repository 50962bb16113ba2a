// The audit page as a lead plans from it: each place a link into the code's web view
// (`--link`), each rule name a link to its documentation on the page, and projects
// without findings after those with some.
@testable import BodyworkCLI
import Foundation
import XCTest

final class AuditLinkTests: XCTestCase {
    /// A package `Shop` with one finding (line 3) and, first by path, `Clean` with none.
    private func projects() throws -> Sandbox {
        let sandbox = try Sandbox()
        for (name, source) in [("AClean", "struct Plain {}\n"),
                               ("Shop", "struct CartScreen: View {\n    var body: some View {\n        Text(reportMe)\n    }\n}\n")] {
            try sandbox.write("\(name)/Package.swift", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "\(name)", targets: [.target(name: "\(name)Kit")])

                """)
            try sandbox.write("\(name)/Sources/\(name)Kit/My File.swift", source)
        }
        return sandbox
    }

    func testGitRemoteLinksEveryPlaceAndRulesLinkToTheirDocumentation() throws {
        let sandbox = try projects()
        try sandbox.git("init", "-q")
        try sandbox.git("remote", "add", "origin", "git@github.com:acme/shop.git")
        try sandbox.git("add", ".")
        try sandbox.git("commit", "-q", "-m", "start")
        let commit = try sandbox.git("rev-parse", "HEAD").output.trimmingCharacters(in: .newlines)
        let result = try sandbox.run(["audit", "--format", "html", "--link", "git", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = result.output
        let url = "https://github.com/acme/shop/blob/\(commit)/Shop/Sources/ShopKit/My%20File.swift#L3"
        XCTAssertTrue(page.contains("<a href=\"\(url)\">Shop/Sources/ShopKit/My File.swift:3</a>"), page)
        XCTAssertTrue(page.contains("<a href=\"#rule-test-report-only\"><code>test-report-only</code></a>"), page)
        XCTAssertTrue(page.contains("<details class=\"rule\" id=\"rule-test-report-only\">"), "the rule's documentation is on the page")
        XCTAssertLessThan(try XCTUnwrap(page.range(of: "<h2>Shop ")).lowerBound,
                          try XCTUnwrap(page.range(of: "<h2>AClean ")).lowerBound, "the project with findings comes first")
        XCTAssertFalse(page.contains("id=\"project-2\">\n<h2>AClean <small>swiftpm · AClean</small></h2>\n<p>0 findings"),
                       "a project without findings shows no empty chart")
        XCTAssertTrue(page.contains("<h2>AClean <small>swiftpm · AClean</small></h2>\n<p>Nothing found.</p>"), page)
    }

    func testTemplateLinksMarkdownAndJSONAndRejectsATemplateWithoutPath() throws {
        let sandbox = try projects()
        let template = "https://code.example/view?file={path}&line={line}&col={column}"
        let markdown = try sandbox.run(["audit", "--format", "markdown", "--link", template, "Shop"])
        XCTAssertEqual(markdown.status, 0, markdown.stderr)
        let cwdRelative = "Shop/Sources/ShopKit/My%20File.swift"
        XCTAssertTrue(markdown.output.contains("at [`Shop/Sources/ShopKit/My File.swift:3`](https://code.example/view?file=\(cwdRelative)&line=3&col=14)"),
                      markdown.output)
        XCTAssertEqual(try firstURL(sandbox, ["--link", template, "Shop"]),
                       "https://code.example/view?file=\(cwdRelative)&line=3&col=14")
        XCTAssertNil(try firstURL(sandbox, ["Shop"]), "no link without --link")

        let wrong = try sandbox.run(["audit", "--link", "https://code.example/", "Shop"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("{path}"), wrong.stderr)
        let noGit = try sandbox.run(["audit", "--link", "git", "Shop"])
        XCTAssertEqual(noGit.status, 2, "no git work tree: \(noGit.stderr)")
    }

    /// The `url` of the first finding of the JSON audit (nil when it is null).
    private func firstURL(_ sandbox: Sandbox, _ arguments: [String]) throws -> String? {
        let result = try sandbox.run(["audit", "--format", "json"] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let project = try XCTUnwrap((json["projects"] as? [[String: Any]])?.first)
        let finding = try XCTUnwrap(((project["views"] as? [[String: Any]])?.first?["findings"] as? [[String: Any]])?.first)
        XCTAssertTrue(finding.keys.contains("url"))
        return finding["url"] as? String
    }

    func testRemoteAddressesBecomeWebViews() {
        let commit = "0123abc"
        XCTAssertEqual(AuditLinks.webTemplate(remote: "git@github.com:acme/shop.git", commit: commit),
                       "https://github.com/acme/shop/blob/0123abc/{path}#L{line}")
        XCTAssertEqual(AuditLinks.webTemplate(remote: "https://user:token@github.com/acme/shop", commit: commit),
                       "https://github.com/acme/shop/blob/0123abc/{path}#L{line}")
        XCTAssertEqual(AuditLinks.webTemplate(remote: "ssh://git@gitlab.example.com:2222/team/app/shop.git", commit: commit),
                       "https://gitlab.example.com/team/app/shop/-/blob/0123abc/{path}#L{line}")
        XCTAssertEqual(AuditLinks.webTemplate(remote: "git@bitbucket.org:acme/shop.git", commit: commit),
                       "https://bitbucket.org/acme/shop/src/0123abc/{path}#lines-{line}")
        XCTAssertNil(AuditLinks.webTemplate(remote: "/srv/git/shop.git", commit: commit))
        XCTAssertNil(AuditLinks.webTemplate(remote: "../shop", commit: commit))
    }
}
