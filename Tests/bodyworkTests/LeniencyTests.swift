// Inputs that used to be taken silently or refused without a reason: configurations that
// are not objects or hide bytes, baselines that cannot be read or name nothing, file names
// with bidirectional controls on the audit page, temporaries of killed runs, a detached HEAD.
import Foundation
import XCTest

final class LeniencyTests: XCTestCase {
    private let source = "let fooBar = 1\n"

    func testAConfigurationMustBeAJSONObject() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        for (text, kind) in [("null", "null"), ("42", "a number"), ("\"rules\"", "a string"), ("[]", "an array")] {
            try box.write(".bodywork.json", text + "\n")
            let result = try box.run(["A.swift"])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertTrue(result.stderr.contains("must be a JSON object ({ ... }), not \(kind) at the top level"), result.stderr)
            XCTAssertFalse(result.stderr.contains("fragments"), result.stderr)
        }
    }

    func testAConfigurationWithANulByteOrAnOpenCommentIsRefused() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        try box.write(".bodywork.json", bytes: Array("{}".utf8) + [0] + Array("{\"rules\": 1}".utf8))
        let nul = try box.run(["A.swift"])
        XCTAssertEqual(nul.status, 2, nul.stderr)
        XCTAssertTrue(nul.stderr.contains("at line 1, column 3: a NUL byte"), nul.stderr)

        try box.write(".bodywork.json", "{}\n/* \"rules\": { \"only\": [] }\n")
        let comment = try box.run(["A.swift"])
        XCTAssertEqual(comment.status, 2, comment.stderr)
        XCTAssertTrue(comment.stderr.contains("at line 2, column 1: a /* comment that is never closed"), comment.stderr)

        // Inside a string, `/*` is text; a closed comment is fine.
        try box.write(".bodywork.json", "{ /* fine */ \"exclude\": [\"/*\"] }\n")
        XCTAssertEqual(try box.run(["A.swift"]).status, 0)
    }

    func testABaselineThatCannotBeReadSaysWhy() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        try FileManager.default.createDirectory(atPath: box.path("dir.json"), withIntermediateDirectories: true)
        XCTAssertEqual(symlink("loop.json", box.path("loop.json")), 0)
        XCTAssertEqual(symlink("nowhere.json", box.path("dangling.json")), 0)
        for (path, reason) in [("dir.json", "is a directory"), ("loop.json", "a symlink loop"),
                               ("dangling.json", "a symlink to a file that does not exist"), ("none.json", "no such file")] {
            let result = try box.run(["A.swift", "--baseline", path])
            XCTAssertEqual(result.status, 2, path)
            XCTAssertTrue(result.stderr.contains("baseline: cannot read '\(path)': \(reason)"), result.stderr)
        }
    }

    func testABaselineEntryMustNameARuleAndCountInWholeNumbers() throws {
        let box = try Sandbox()
        try box.write("A.swift", source)
        func entry(rule: String, count: String) -> String {
            #"{ "version": 1, "findings": [ { "path": "A.swift", "rule": "\#(rule)", "source": "let fooBar = 1", "count": \#(count) } ] }"#
        }
        for count in ["1.5", "true", "\"2\"", "0"] {
            try box.write("b.json", entry(rule: "test-rename-foo", count: count))
            let result = try box.run(["A.swift", "--baseline", "b.json"])
            XCTAssertEqual(result.status, 2, count)
            XCTAssertTrue(result.stderr.contains("findings[0]: \"count\" must be a whole number of at least 1"), result.stderr)
        }
        try box.write("b.json", entry(rule: "no-such-rule", count: "1"))
        let unknown = try box.run(["A.swift", "--baseline", "b.json"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown rule id in the baseline b.json: no-such-rule"), unknown.stderr)
        // A whole count written as 2.0 is a count.
        try box.write("b.json", entry(rule: "test-rename-foo", count: "2.0"))
        let whole = try box.run(["A.swift", "--baseline", "b.json", "--lint"])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        XCTAssertFalse(whole.output.contains("fooBar"), whole.output)
    }

    func testBidirectionalControlsInFileNamesAreShownOnTheAuditPage() throws {
        let box = try Sandbox()
        let name = "App/Evil\u{202E}tfiws.swift"
        try box.write(name, "import SwiftUI\nstruct Evil: View {\n    var body: some View { Text(reportMe) }\n}\n")
        let result = try box.run(["audit", "--format", "html", "--output", "page.html", "App"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = try box.text("page.html")
        XCTAssertTrue(page.contains("Evil[U+202E]tfiws.swift"), page)
        for control in ["\u{202E}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200F}"] {
            XCTAssertFalse(page.unicodeScalars.contains(control.unicodeScalars.first!), "raw \(control.debugDescription)")
        }
    }

    func testTemporariesOfAKilledRunAreRemovedAndSaid() throws {
        let box = try Sandbox()
        try box.write("Sources/A.swift", source)
        // The process id of a process that has ended, as a SIGKILLed run's would be.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "exit 0"]
        try ended.run()
        ended.waitUntilExit()
        let leftover = try box.write("Sources/.A.swift.bodywork-\(ended.processIdentifier)-Ab12Cd", "half written")
        // One of a process that is alive (this test) is kept, however the run goes.
        let live = try box.write("Sources/.A.swift.bodywork-\(getpid())-Zz99Yy", "being written")
        let result = try box.run(["Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
        XCTAssertTrue(result.stderr.contains("removed 1 temporary file left by a run that was killed: "
                                             + "Sources/.A.swift.bodywork-\(ended.processIdentifier)-Ab12Cd"), result.stderr)
        XCTAssertEqual(try box.text("Sources/A.swift"), source, "a preview writes nothing else")
    }

    func testCommitOnADetachedHeadWarns() throws {
        let box = try Sandbox()
        // The repository in a directory of its own: the sandbox's cache stays outside it.
        try box.write("repo/A.swift", source)
        try box.git("-C", "repo", "init", "-q", ".")
        for (key, value) in [("user.name", "Test"), ("user.email", "test@example.com"), ("commit.gpgsign", "false")] {
            try box.git("-C", "repo", "config", key, value)
        }
        try box.git("-C", "repo", "add", "A.swift")
        try box.git("-C", "repo", "commit", "-q", "-m", "start")
        try box.git("-C", "repo", "checkout", "-q", "--detach")
        let result = try box.run(["--apply", "--split-by", "rule", "--commit", "repo/A.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: --commit: HEAD is detached"), result.stderr)
        try box.git("-C", "repo", "switch", "-q", "-c", "kept")
        try box.write("repo/B.swift", source)
        try box.git("-C", "repo", "add", "B.swift")
        try box.git("-C", "repo", "commit", "-q", "-m", "more")
        let onBranch = try box.run(["--apply", "--split-by", "rule", "--commit", "repo/B.swift"])
        XCTAssertEqual(onBranch.status, 0, onBranch.stderr)
        XCTAssertFalse(onBranch.stderr.contains("HEAD is detached"), onBranch.stderr)
    }

    func testALanguageServerHeaderWithoutEndIsRefused() throws {
        let box = try Sandbox()
        let body = #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#
        var input = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        input += Array("Content-Length: 2\r\nX-Padding: ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20)
        let result = try box.run(["lsp"], stdin: Data(input))
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.output.contains("\"capabilities\""), "the first message is answered: \(result.output)")
        XCTAssertTrue(result.stderr.contains("message header longer than 65536 bytes"), result.stderr)
    }

    /// The baseline is read by its own reader: keys in any order, members it does not
    /// know, escapes and surrogate pairs, and errors at their line and column.
    func testABaselineIsReadWhateverItsLayout() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let a = reportMe // café \"😀\"\n")
        XCTAssertTrue(try box.run(["--lint", "A.swift"]).output.contains("test-report-only"))
        try box.write("b.json", #"""
            { "findings": [ { "extra": { "a": [1, 2.5e3, null, true, {}, []] }, "count": 1,
                              "source": "let a = reportMe \/\/ caf\u00e9 \"\ud83d\ude00\"",
                              "rule": "test-report-only", "path": "A.swift" } ],
              "version": 1, "comment": "written by hand" }
            """#)
        let hidden = try box.run(["--lint", "--baseline", "b.json", "A.swift"])
        XCTAssertEqual(hidden.status, 0, hidden.stderr)
        XCTAssertFalse(hidden.output.contains("test-report-only"), hidden.output)

        for (text, message) in [
            (#"{ "version": 1, "findings": [] } x"#, "not valid JSON at line 1, column 34: text after the object"),
            ("{ \"version\": 1,\n  \"findings\": [ { \"path\": \"A.swift\" ] }", "not valid JSON at line 2, column 37: expected '}'"),
            (#"{ "version": 2, "findings": [] }"#, #"expected "version": 1"#),
            (#"{ "version": 1 }"#, #"expected a "findings" array of objects"#),
            ("[]", "not a JSON object"),
        ] {
            try box.write("b.json", text)
            let result = try box.run(["--lint", "--baseline", "b.json", "A.swift"])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertTrue(result.stderr.contains("baseline: b.json: \(message)"), "\(text): \(result.stderr)")
        }
    }
}
