// `bodywork lsp` driven as an editor drives it: a scripted JSON-RPC client talks to the
// built binary over pipes, applies the edits the server returns to its own copy of the
// text, and checks what the server publishes next.
import Foundation
import XCTest

final class LanguageServerTests: XCTestCase {
    func testSessionFixesBothFindingsThroughCodeActions() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        let initialized = try server.initialize()
        XCTAssertEqual(initialized["positionEncoding"] as? String, "utf-16", "UTF-16 when the client offers nothing else")
        XCTAssertEqual((initialized["textDocumentSync"] as? [String: Any])?["change"] as? Int, 2)

        let uri = sandbox.uri("Sources/View.swift")
        var text = "struct View {\n    // 😀 faces\n    let fooBar = 1\n    let bazQux = 2\n}\n"
        try server.open(uri, text: text)
        let first = try server.diagnostics(for: uri, version: 1)
        XCTAssertEqual(first.map(\.code), ["test-rename-foo", "test-suggest-baz"])
        XCTAssertEqual(first.map(\.range), [Span(2, 8, 2, 14), Span(3, 8, 3, 14)])
        XCTAssertEqual(first.map(\.severity), [2, 2])
        XCTAssertEqual(first.map(\.source), ["bodywork", "bodywork"])
        XCTAssertTrue(first[0].href?.hasSuffix("#test-rename-foo") ?? false, "\(first[0].href ?? "no href")")

        let actions = try server.codeActions(uri, Span(0, 0, 5, 0))
        let fixes = actions.filter { !$0.title.hasPrefix("Disable") }
        XCTAssertEqual(fixes.map(\.kind), ["quickfix", "quickfix"])
        XCTAssertEqual(fixes.map(\.isPreferred), [true, false], "only the safe fix is preferred")
        XCTAssertEqual(fixes.map(\.diagnosticCodes), [["test-rename-foo"], ["test-suggest-baz"]])
        XCTAssertEqual(actions.filter { $0.title.hasPrefix("Disable") }.map(\.title),
                       ["Disable test-rename-foo for this line", "Disable test-suggest-baz for this line"])

        let edits = fixes.flatMap { $0.edits(for: uri) }
        try server.change(uri, version: 2, text: &text, edits: edits, encoding: "utf-16")
        XCTAssertEqual(text, "struct View {\n    // 😀 faces\n    let barFoo = 1\n    let quxBaz = 2\n}\n")
        XCTAssertEqual(try server.diagnostics(for: uri, version: 2).count, 0)

        try server.close(uri)
        XCTAssertEqual(try server.diagnostics(for: uri, version: nil).count, 0, "closing clears the diagnostics")
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testDisableForThisLineInsertsTheDirectiveWithTheLinesIndentation() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize(capabilities: ["workspace": ["workspaceEdit": ["documentChanges": true]]])
        let uri = sandbox.uri("Row.swift")
        var text = "func f() {\r\n\tif true {\r\n\t\tprint(reportMe)\r\n\t}\r\n}\r\n"
        try server.open(uri, text: text)
        XCTAssertEqual(try server.diagnostics(for: uri, version: 1).map(\.code), ["test-report-only"])

        let actions = try server.codeActions(uri, Span(2, 10, 2, 10))
        XCTAssertEqual(actions.map(\.title), ["Disable test-report-only for this line"], "a finding without a fix has no quick fix")
        let documentChange = ((actions.first?.json["edit"] as? [String: Any])?["documentChanges"] as? [[String: Any]])?.first
        XCTAssertEqual((documentChange?["textDocument"] as? [String: Any])?["version"] as? Int, 1,
                       "a client that takes documentChanges gets edits tied to the version they were made for")
        try server.change(uri, version: 2, text: &text, edits: actions[0].edits(for: uri), encoding: "utf-16")
        XCTAssertEqual(text, "func f() {\r\n\tif true {\r\n\t\t// bodywork:disable:next test-report-only\r\n\t\tprint(reportMe)\r\n\t}\r\n}\r\n")
        XCTAssertEqual(try server.diagnostics(for: uri, version: 2).count, 0)
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testNoDisableActionWhereTheLineStartsInsideAString() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize()
        let uri = sandbox.uri("Text.swift")
        try server.open(uri, text: "let s = \"\"\"\n    reportMe\n    \"\"\"\n")
        XCTAssertEqual(try server.diagnostics(for: uri, version: 1).map(\.code), ["test-report-only"])
        XCTAssertEqual(try server.codeActions(uri, Span(1, 4, 1, 4)).map(\.title), [],
                       "a comment line inside the string literal would switch nothing off")
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testIncrementalEditsCountSurrogatePairsInUTF16() throws {
        try checkIncrementalEdits(offering: [], expecting: "utf-16")
    }

    func testUTF8IsChosenWhenOffered() throws {
        try checkIncrementalEdits(offering: ["utf-16", "utf-8"], expecting: "utf-8")
    }

    /// Edits before a finding on a line with characters outside the BMP, in the encoding
    /// negotiated; the diagnostic must move by exactly what the edits add, and a fix
    /// returned afterwards must land on the name in the client's copy of the text.
    private func checkIncrementalEdits(offering: [String], expecting encoding: String) throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        let initialized = try server.initialize(positionEncodings: offering)
        XCTAssertEqual(initialized["positionEncoding"] as? String, encoding)
        let uri = sandbox.uri("Emoji.swift")
        var text = "let s = \"😀😀\"; let fooBar = 1\n"
        try server.open(uri, text: text)
        let column = LanguageServerClient.character(of: "fooBar", in: text, encoding: encoding)
        XCTAssertEqual(column, encoding == "utf-8" ? 24 : 20)
        XCTAssertEqual(try server.diagnostics(for: uri, version: 1).map(\.range), [Span(0, column, 0, column + 6)])

        // Insert between the two emoji, then replace the first emoji (a surrogate pair in
        // UTF-16) with a two-byte character, then add a line above.
        let between = LanguageServerClient.character(of: "😀\"", in: text, encoding: encoding)
        try server.change(uri, version: 2, text: &text, edits: [TextEditSpec(Span(0, between, 0, between), "🎉x")], encoding: encoding)
        let first = LanguageServerClient.character(of: "😀", in: text, encoding: encoding)
        let afterFirst = first + (encoding == "utf-8" ? 4 : 2)
        try server.change(uri, version: 3, text: &text, edits: [TextEditSpec(Span(0, first, 0, afterFirst), "é")], encoding: encoding)
        try server.change(uri, version: 4, text: &text, edits: [TextEditSpec(Span(0, 0, 0, 0), "// 🎈\n")], encoding: encoding)
        XCTAssertEqual(text, "// 🎈\nlet s = \"é🎉x😀\"; let fooBar = 1\n")
        let moved = LanguageServerClient.character(of: "fooBar", in: text, encoding: encoding)
        XCTAssertEqual(moved, encoding == "utf-8" ? 24 - 4 + 2 + 5 : 20 - 2 + 1 + 3)
        XCTAssertEqual(try server.diagnostics(for: uri, version: 4).map(\.range), [Span(1, moved, 1, moved + 6)])

        let fix = try server.codeActions(uri, Span(1, moved, 1, moved)).filter { $0.isPreferred }
        XCTAssertEqual(fix.count, 1)
        try server.change(uri, version: 5, text: &text, edits: fix.flatMap { $0.edits(for: uri) }, encoding: encoding)
        XCTAssertEqual(text, "// 🎈\nlet s = \"é🎉x😀\"; let barFoo = 1\n")
        XCTAssertEqual(try server.diagnostics(for: uri, version: 5).count, 0)
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testConfigurationAboveTheFileApplies() throws {
        let sandbox = try Sandbox()
        try sandbox.write("App/.bodywork.json", #"{ "rules": { "disable": ["test-suggest-baz"] } }"#)
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize()
        let configured = sandbox.uri("App/Sources/View.swift"), plain = sandbox.uri("Other/View.swift")
        try server.open(configured, text: "let fooBar = 1\nlet bazQux = 2\n")
        XCTAssertEqual(try server.diagnostics(for: configured, version: 1).map(\.code), ["test-rename-foo"])
        try server.open(plain, text: "let fooBar = 1\nlet bazQux = 2\n")
        XCTAssertEqual(try server.diagnostics(for: plain, version: 1).map(\.code), ["test-rename-foo", "test-suggest-baz"])

        try sandbox.write("Broken/.bodywork.json", #"{ "rules": { "disable": ["no-such-rule"] } }"#)
        let broken = sandbox.uri("Broken/View.swift")
        try server.open(broken, text: "let fooBar = 1\n")
        let error = try server.diagnostics(for: broken, version: 1)
        XCTAssertEqual(error.map(\.severity), [1])
        XCTAssertTrue(error.first?.message.contains("no-such-rule") ?? false, error.first?.message ?? "")
        XCTAssertEqual(try server.shutDown(), 0)
    }

    /// The document's rules see its module as the compiler does: a type declared in
    /// another file of the package proves the identity fix, and a type of an unrelated
    /// package beside it does not leak in.
    func testTheDocumentSeesItsModuleAndOnlyItsModule() throws {
        let sandbox = try Sandbox()
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Contacts", targets: [.target(name: "Contacts")])
            """
        try sandbox.write("Contacts/Package.swift", manifest)
        try sandbox.write("Contacts/Sources/Contacts/Contact.swift", "struct Contact: Identifiable {\n    let id: Int\n    var name: String\n}\n")
        try sandbox.write("Other/Package.swift", manifest.replacingOccurrences(of: "Contacts", with: "Other"))
        try sandbox.write("Other/Sources/Other/Contact.swift", "struct Contact {\n    var name: String\n}\n")
        let view = """
            import SwiftUI

            struct ContactsView: View {
                let contacts: [Contact]

                var body: some View {
                    List {
                        ForEach(contacts.indices, id: \\.self) { i in
                            Text(contacts[i].name)
                        }
                    }
                }
            }

            """
        // Saved once, as a file an editor opens is.
        try sandbox.write("Contacts/Sources/Contacts/ContactsView.swift", view)
        try sandbox.write("Other/Sources/Other/ContactsView.swift", view)
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize()
        let inModule = sandbox.uri("Contacts/Sources/Contacts/ContactsView.swift")
        try server.open(inModule, text: view)
        let found = try server.diagnostics(for: inModule, version: 1)
        XCTAssertEqual(found.map(\.code), ["foreach-identity"])
        let actions = try server.codeActions(inModule, Span(0, 0, 14, 0))
        XCTAssertTrue(actions.contains { $0.kind == "quickfix" && !$0.title.hasPrefix("Disable") },
                      "the fix is proven from Contact.swift in the same module: \(actions.map(\.title))")
        let elsewhere = sandbox.uri("Other/Sources/Other/ContactsView.swift")
        try server.open(elsewhere, text: view)
        _ = try server.diagnostics(for: elsewhere, version: 1)
        let other = try server.codeActions(elsewhere, Span(0, 0, 14, 0))
        XCTAssertFalse(other.contains { $0.kind == "quickfix" && !$0.title.hasPrefix("Disable") },
                       "Other's Contact is not Identifiable: \(other.map(\.title))")
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testAnEditedConfigurationIsFollowedWhenTheClientWatchesFiles() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try server.serverRequest("client/registerCapability")
        let registered = ((registration["params"] as? [String: Any])?["registrations"] as? [[String: Any]])?.first
        XCTAssertEqual(registered?["method"] as? String, "workspace/didChangeWatchedFiles")
        try server.send(["id": registration["id"] ?? NSNull(), "result": NSNull()])

        let uri = sandbox.uri("View.swift")
        try server.open(uri, text: "let fooBar = 1\nlet bazQux = 2\n")
        XCTAssertEqual(try server.diagnostics(for: uri, version: 1).map(\.code), ["test-rename-foo", "test-suggest-baz"])
        try sandbox.write(".bodywork.json", #"{ "rules": { "disable": ["test-rename-foo"] } }"#)
        try server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": sandbox.uri(".bodywork.json"), "type": 1]]])
        XCTAssertEqual(try server.diagnostics(for: uri, version: 1).map(\.code), ["test-suggest-baz"])
        XCTAssertEqual(try server.shutDown(), 0)
    }

    /// Deployment targets follow `Package.swift` while the server runs: read again when its
    /// modification time changes, and when the editor saves it.
    func testDeploymentTargetsFollowAnEditedManifest() throws {
        let sandbox = try Sandbox()
        func manifest(_ version: String, _ note: String = "") -> String {
            "// swift-tools-version:5.9\n\(note)import PackageDescription\n"
                + "let package = Package(name: \"App\", platforms: [.iOS(.\(version))], targets: [.target(name: \"App\")])\n"
        }
        try sandbox.write("Package.swift", manifest("v14"))
        var text = """
            import SwiftUI

            struct Item: Identifiable {
                let id: Int
                var name: String
                var done: Bool
            }

            struct ItemsView: View {
                @State var items: [Item] = []

                var body: some View {
                    ForEach(items.indices, id: \\.self) { i in
                        Toggle(items[i].name, isOn: $items[i].done)
                    }
                }
            }

            """
        try sandbox.write("Sources/App/ItemsView.swift", text)
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize()
        let uri = sandbox.uri("Sources/App/ItemsView.swift")
        try server.open(uri, text: text)
        let bindings = "use `ForEach($items) { $item in … }`"
        let enumerated = "use `ForEach(Array(items.enumerated()), id: \\.element.id)"
        let old = try server.diagnostics(for: uri, version: 1).map(\.message)
        XCTAssertTrue(old.contains { $0.contains(enumerated) && !$0.contains(bindings) }, "\(old)")

        // Changed on disk, with no word from the editor: the next check reads it again.
        try sandbox.write("Package.swift", manifest("v17", "// Raised for the new list.\n"))
        try server.change(uri, version: 2, text: &text, edits: [TextEditSpec(Span(0, 0, 0, 0), "\n")], encoding: "utf-16")
        let raised = try server.diagnostics(for: uri, version: 2).map(\.message)
        XCTAssertTrue(raised.contains { $0.contains(bindings) }, "\(raised)")

        // Saved from the editor: every open document is checked again.
        try sandbox.write("Package.swift", manifest("v14"))
        try server.notify("textDocument/didSave", ["textDocument": ["uri": sandbox.uri("Package.swift")]])
        let lowered = try server.diagnostics(for: uri, version: 2).map(\.message)
        XCTAssertTrue(lowered.contains { $0.contains(enumerated) }, "\(lowered)")
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testFixAllIsOfferedWhenAskedForByKind() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize()
        let uri = sandbox.uri("All.swift")
        var text = "let fooBar = 1\nlet bazQux = fooBar\n"
        try server.open(uri, text: text)
        XCTAssertEqual(try server.diagnostics(for: uri, version: 1).count, 3)
        let actions = try server.codeActions(uri, Span(0, 0, 0, 0), only: ["source.fixAll"])
        XCTAssertEqual(actions.map(\.kind), ["source.fixAll.bodywork"])
        try server.change(uri, version: 2, text: &text, edits: actions[0].edits(for: uri), encoding: "utf-16")
        XCTAssertEqual(text, "let barFoo = 1\nlet bazQux = barFoo\n", "what --apply writes: safe fixes only")
        XCTAssertEqual(try server.diagnostics(for: uri, version: 2).map(\.code), ["test-suggest-baz"])
        XCTAssertEqual(try server.shutDown(), 0)
    }

    /// The real rules on every golden input: fixing the whole document from the editor
    /// gives the bytes `--apply` writes for the same file.
    func testFixAllMatchesApplyOnTheGoldenInputs() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Golden")
        let inputs = try FileManager.default.subpathsOfDirectory(atPath: golden.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix(".expected.swift") }.sorted()
        XCTAssertGreaterThanOrEqual(inputs.count, 50, "the golden inputs were not found")
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        _ = try server.initialize()
        var changedCount = 0
        for (number, input) in inputs.enumerated() {
            let original = try String(contentsOf: golden.appendingPathComponent(input), encoding: .utf8)
            let file = "case\(number)/\(URL(fileURLWithPath: input).lastPathComponent)"
            try sandbox.write(file, original)
            XCTAssertEqual(try sandbox.run(["--apply", "--quiet", file]).status, 0, input)
            let applied = try sandbox.text(file)

            let uri = sandbox.uri("editor/" + file)
            var text = original
            try server.open(uri, text: text)
            _ = try server.diagnostics(for: uri, version: 1)
            let actions = try server.codeActions(uri, Span(0, 0, 0, 0), only: ["source.fixAll"])
            XCTAssertEqual(actions.count, applied == original ? 0 : 1, input)
            if let fixAll = actions.first {
                try server.change(uri, version: 2, text: &text, edits: fixAll.edits(for: uri), encoding: "utf-16")
                changedCount += 1
            }
            XCTAssertEqual(Array(text.utf8), Array(applied.utf8), "\(input): the editor's fix-all differs from --apply")
            try server.close(uri)
        }
        XCTAssertGreaterThan(changedCount, 20, "too few golden inputs were fixed for the comparison to mean much")
        XCTAssertEqual(try server.shutDown(), 0)
    }

    func testExitWithoutShutdownFailsAndRequestsWaitForInitialize() throws {
        let sandbox = try Sandbox()
        let server = try LanguageServerClient(in: sandbox)
        let early = try server.request("textDocument/codeAction", [:])
        XCTAssertEqual((early["error"] as? [String: Any])?["code"] as? Int, -32002)
        _ = try server.initialize()
        let unknown = try server.request("textDocument/definition", [:])
        XCTAssertEqual((unknown["error"] as? [String: Any])?["code"] as? Int, -32601)
        try server.notify("exit", [:])
        XCTAssertEqual(server.waitForExit(), 1)
    }

    func testCommandLine() throws {
        let sandbox = try Sandbox()
        XCTAssertTrue(try sandbox.run(["--help"]).output.contains("bodywork lsp"))
        let wrong = try sandbox.run(["lsp", "--port", "1"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("lsp: unexpected argument '--port'"), wrong.stderr)
        // End of input after `shutdown` ends the connection as `exit` would.
        let body = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
        let shutdown = #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#
        let input = [body, shutdown].map { "Content-Length: \($0.utf8.count)\r\n\r\n\($0)" }.joined()
        let exchange = try sandbox.run(["lsp", "--stdio"], stdin: Data(input.utf8))
        XCTAssertEqual(exchange.status, 0, exchange.stderr)
        XCTAssertTrue(exchange.output.contains("\"id\": 2"), exchange.output)

        // A body that is not JSON gets a parse error and the connection goes on; a header
        // without Content-Length cannot be resynchronized and ends it with status 1.
        let garbage = "Content-Length: 5\r\n\r\n{nope" + input
        let recovered = try sandbox.run(["lsp"], stdin: Data(garbage.utf8))
        XCTAssertEqual(recovered.status, 0, recovered.stderr)
        XCTAssertTrue(recovered.output.contains("-32700") && recovered.output.contains("\"id\": 2"), recovered.output)
        let headerless = try sandbox.run(["lsp"], stdin: Data("Content-Type: x\r\n\r\n{}".utf8))
        XCTAssertEqual(headerless.status, 1)
        XCTAssertTrue(headerless.stderr.contains("without a Content-Length"), headerless.stderr)
    }
}

// MARK: - The scripted client

/// A range as the protocol writes it: zero-based lines and characters.
struct Span: Equatable, CustomStringConvertible {
    var startLine, startCharacter, endLine, endCharacter: Int

    init(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) {
        (self.startLine, self.startCharacter, self.endLine, self.endCharacter) = (startLine, startCharacter, endLine, endCharacter)
    }

    init?(_ json: Any?) {
        guard let json = json as? [String: Any], let start = json["start"] as? [String: Any], let end = json["end"] as? [String: Any],
              let a = start["line"] as? Int, let b = start["character"] as? Int,
              let c = end["line"] as? Int, let d = end["character"] as? Int else { return nil }
        self.init(a, b, c, d)
    }

    var json: [String: Any] {
        ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]]
    }

    var description: String { "\(startLine):\(startCharacter)-\(endLine):\(endCharacter)" }
}

struct TextEditSpec {
    var range: Span
    var newText: String
    init(_ range: Span, _ newText: String) { (self.range, self.newText) = (range, newText) }
}

struct ReceivedDiagnostic {
    var range: Span?
    var severity: Int?
    var code: String?
    var source: String?
    var href: String?
    var message: String

    init(_ json: [String: Any]) {
        range = Span(json["range"])
        severity = json["severity"] as? Int
        code = json["code"] as? String
        source = json["source"] as? String
        href = (json["codeDescription"] as? [String: Any])?["href"] as? String
        message = json["message"] as? String ?? ""
    }
}

struct ReceivedAction {
    var json: [String: Any]
    var title: String { json["title"] as? String ?? "" }
    var kind: String? { json["kind"] as? String }
    var isPreferred: Bool { json["isPreferred"] as? Bool ?? false }
    var diagnosticCodes: [String] { (json["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String } }

    /// The text edits of its WorkspaceEdit for `uri`, in either shape.
    func edits(for uri: String) -> [TextEditSpec] {
        guard let edit = json["edit"] as? [String: Any] else { return [] }
        var raw: [[String: Any]] = []
        if let changes = edit["changes"] as? [String: Any] {
            raw = changes[uri] as? [[String: Any]] ?? []
        } else if let documentChanges = edit["documentChanges"] as? [[String: Any]] {
            for change in documentChanges where ((change["textDocument"] as? [String: Any])?["uri"] as? String) == uri {
                raw += change["edits"] as? [[String: Any]] ?? []
            }
        }
        return raw.compactMap { item in
            guard let range = Span(item["range"]), let text = item["newText"] as? String else { return nil }
            return TextEditSpec(range, text)
        }
    }
}

/// The client side of a connection to the built binary.
final class LanguageServerClient {
    private let process = Process()
    private let toServer: FileHandle
    private let inbox = Inbox()
    private var nextID = 1
    /// Messages read while waiting for something else.
    private var backlog: [[String: Any]] = []

    /// Starts `executable lsp` (the test build, with the test-only rules, unless told) in
    /// the sandbox, with `environment` over the test's own.
    init(in sandbox: Sandbox, executable: URL = Sandbox.binary, environment extra: [String: String] = ["BODYWORK_TEST_RULES": "1"]) throws {
        process.executableURL = executable
        process.arguments = ["lsp"]
        process.currentDirectoryURL = sandbox.root
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "BODYWORK_TEST_RULES")
        environment.merge(extra) { $1 }
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        toServer = input.fileHandleForWriting
        let inbox = inbox
        let reading = output.fileHandleForReading
        Thread {
            var buffer: [UInt8] = []
            while true {
                let chunk = reading.availableData
                if chunk.isEmpty { inbox.close(); return }
                buffer += chunk
                while let message = LanguageServerClient.takeMessage(&buffer) { inbox.put(message) }
            }
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Cuts one framed message off the front of `buffer`.
    private static func takeMessage(_ buffer: inout [UInt8]) -> [String: Any]? {
        let terminator = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, buffer.count - 3)).first(where: { buffer[$0..<($0 + 4)].elementsEqual(terminator) }) else { return nil }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(lengthLine.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
              buffer.count >= end + 4 + length else { return nil }
        let body = Data(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeSubrange(..<(end + 4 + length))
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? ["unparsable": true]
    }

    func send(_ message: [String: Any]) throws {
        var object = message
        object["jsonrpc"] = "2.0"
        let body = try JSONSerialization.data(withJSONObject: object)
        toServer.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: [String: Any]) throws {
        try send(["method": method, "params": params])
    }

    /// Sends a request and returns its response; notifications that arrive first are kept.
    func request(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(["id": id, "method": method, "params": params])
        return try receive { $0["id"] as? Int == id && $0["method"] == nil }
    }

    /// The first message, kept or new, that `matches`.
    private func receive(_ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        if let index = backlog.firstIndex(where: matches) { return backlog.remove(at: index) }
        while true {
            guard let message = inbox.take() else { throw ClientError("the server ended its output before the message came") }
            if matches(message) { return message }
            backlog.append(message)
        }
    }

    /// The next request the server sends to the client.
    func serverRequest(_ method: String) throws -> [String: Any] {
        try receive { $0["method"] as? String == method && $0["id"] != nil }
    }

    func initialize(positionEncodings: [String] = [], capabilities extra: [String: Any] = [:]) throws -> [String: Any] {
        var capabilities = extra
        if !positionEncodings.isEmpty { capabilities["general"] = ["positionEncodings": positionEncodings] }
        let response = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities])
        try notify("initialized", [:])
        return (response["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
    }

    func open(_ uri: String, text: String) throws {
        try notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
    }

    func close(_ uri: String) throws {
        try notify("textDocument/didClose", ["textDocument": ["uri": uri]])
    }

    /// Applies `edits` (ranges in the text before them, not overlapping) to `text` and
    /// sends them as incremental changes, last first so that each range still holds.
    func change(_ uri: String, version: Int, text: inout String, edits: [TextEditSpec], encoding: String) throws {
        let ordered = edits.sorted { ($0.range.startLine, $0.range.startCharacter) > ($1.range.startLine, $1.range.startCharacter) }
        for edit in ordered {
            let start = LanguageServerClient.index(in: text, line: edit.range.startLine, character: edit.range.startCharacter, encoding: encoding)
            let end = LanguageServerClient.index(in: text, line: edit.range.endLine, character: edit.range.endCharacter, encoding: encoding)
            text.unicodeScalars.replaceSubrange(start..<end, with: edit.newText.unicodeScalars)
        }
        try notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": version],
            "contentChanges": ordered.map { ["range": $0.range.json, "text": $0.newText] },
        ])
    }

    /// The diagnostics published for `uri` at `version` (any version when nil).
    func diagnostics(for uri: String, version: Int?) throws -> [ReceivedDiagnostic] {
        let message = try receive { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                  let params = message["params"] as? [String: Any], params["uri"] as? String == uri else { return false }
            return version == nil || params["version"] as? Int == version
        }
        let params = message["params"] as? [String: Any] ?? [:]
        return (params["diagnostics"] as? [[String: Any]] ?? []).map(ReceivedDiagnostic.init)
    }

    func codeActions(_ uri: String, _ range: Span, only: [String]? = nil) throws -> [ReceivedAction] {
        var context: [String: Any] = ["diagnostics": [Any]()]
        if let only { context["only"] = only }
        let response = try request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range.json, "context": context])
        XCTAssertNil(response["error"], "\(response)")
        return (response["result"] as? [[String: Any]] ?? []).map(ReceivedAction.init)
    }

    /// `shutdown`, then `exit`; the exit status.
    func shutDown() throws -> Int32 {
        let response = try request("shutdown", [:])
        XCTAssertTrue(response["result"] is NSNull, "\(response)")
        try notify("exit", [:])
        return waitForExit()
    }

    func waitForExit() -> Int32 {
        try? toServer.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The string index of a protocol position, counted with Swift's own views of the text.
    static func index(in text: String, line: Int, character: Int, encoding: String) -> String.Index {
        var lineStart = text.startIndex
        for _ in 0..<line { lineStart = text.utf8.index(after: text.utf8[lineStart...].firstIndex(of: 10)!) }
        switch encoding {
        case "utf-8": return text.utf8.index(lineStart, offsetBy: character)
        default: return text.utf16.index(lineStart, offsetBy: character)
        }
    }

    /// The character (in `encoding`) where `needle` first starts within its line.
    static func character(of needle: String, in text: String, encoding: String) -> Int {
        let found = text.range(of: needle)!.lowerBound
        let lineStart = text.utf8[..<found].lastIndex(of: 10).map { text.utf8.index(after: $0) } ?? text.startIndex
        return encoding == "utf-8" ? text.utf8.distance(from: lineStart, to: found) : text.utf16.distance(from: lineStart, to: found)
    }
}

/// Messages from the reader thread; `take` waits for the next one.
private final class Inbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var messages: [[String: Any]] = []
    private var closed = false

    func put(_ message: [String: Any]) {
        condition.lock()
        messages.append(message)
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next message; nil once the server closed its output and every message was
    /// taken, or when none comes for minutes (a hung server fails the test, not the suite).
    func take() -> [String: Any]? {
        condition.lock()
        defer { condition.unlock() }
        let giveUp = Date(timeIntervalSinceNow: 300)
        while messages.isEmpty && !closed {
            if !condition.wait(until: giveUp) { return nil }
        }
        return messages.isEmpty ? nil : messages.removeFirst()
    }
}

struct ClientError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Sandbox {
    /// The `file:` URI of a path in the sandbox.
    func uri(_ relative: String) -> String { URL(fileURLWithPath: path(relative)).absoluteString }
}
