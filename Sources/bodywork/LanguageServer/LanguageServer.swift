// `bodywork lsp`: a Language Server on standard input and output, so that editors show
// findings as diagnostics while the code is written and offer the rules' fixes as code actions.
import Codemod
import Settings
import Foundation
import SwiftCST

/// One client connection, from `initialize` to `exit`. Requests are handled one at a time in
/// the order they arrive; diagnostics are published once no more input is waiting, so a
/// burst of edits is checked once, on its last version.
final class LanguageServer {
    private let console: Console
    private let rules: [any Rule]
    private let environment: [String: String]
    private var reader = MessageReader(fd: 0)
    private let writer = MessageWriter(fd: 1)
    private var phase = Phase.uninitialized
    private var encoding = PositionEncoding.utf16
    private var supportsDocumentChanges = false
    /// The client lets the server ask to be told when files change on disk.
    private var canWatchFiles = false
    private var documentation = RuleDocumentation(template: nil)
    /// Where configuration is looked up for documents that are not files.
    private var rootPath = FilePath.currentDirectory
    private var documents: [String: OpenDocument] = [:]
    /// Documents whose diagnostics are out of date, in the order they changed.
    private var stale: [String] = []
    private var writeFailure: String?

    private enum Phase { case uninitialized, running, shutDown }

    /// The exit status when the connection ends without `shutdown` (the protocol asks for 1).
    static let exitWithoutShutdown: Int32 = 1

    init(environment: [String: String], console: Console) {
        self.console = console
        self.environment = environment
        rules = AvailableRules.all(environment: environment)
    }

    /// Serves until `exit` or the end of input; returns the exit status: 0 when `shutdown`
    /// came first, 1 otherwise.
    func run() -> Int32 {
        while true {
            switch reader.next() {
            case .endOfInput:
                return phase == .shutDown ? ExitStatus.success : LanguageServer.exitWithoutShutdown
            case .badHeader(let header):
                console.message("bodywork lsp: \(header)")
                return LanguageServer.exitWithoutShutdown
            case .message(let body):
                if let status = handle(body) { return status }
            }
            if !reader.hasPendingInput { publishStale() }
            if let writeFailure {
                console.message("bodywork lsp: cannot write to the client: \(writeFailure)")
                return LanguageServer.exitWithoutShutdown
            }
        }
    }

    // MARK: - Dispatch

    /// Handles one message; returns an exit status when the connection ends.
    private func handle(_ body: [UInt8]) -> Int32? {
        guard let message = JSONInput.parse(body), message.isObject else {
            send(.errorResponse(id: .null, code: JSONRPCError.parseError, message: "the message is not a JSON object"))
            return nil
        }
        guard let method = message["method"]?.string else { return nil }  // the answer to registerCapability: nothing to do
        let params = message["params"]
        guard let idInput = message["id"] else {
            return notify(method, params: params)
        }
        guard let id = idInput.requestID else {
            send(.errorResponse(id: .null, code: JSONRPCError.invalidRequest, message: "the request id must be a number or a string"))
            return nil
        }
        switch (phase, method) {
        case (.uninitialized, "initialize"):
            send(.response(id: id, result: initialize(params)))
            phase = .running
        case (.uninitialized, _):
            send(.errorResponse(id: id, code: JSONRPCError.serverNotInitialized, message: "initialize must come first"))
        case (.shutDown, _):
            send(.errorResponse(id: id, code: JSONRPCError.invalidRequest, message: "the server is shut down"))
        case (.running, "initialize"):
            send(.errorResponse(id: id, code: JSONRPCError.invalidRequest, message: "initialize was already sent"))
        case (.running, "shutdown"):
            phase = .shutDown
            send(.response(id: id, result: .null))
        case (.running, "textDocument/hover"):
            send(.response(id: id, result: hover(params) ?? .null))
        case (.running, "textDocument/codeAction"):
            if let actions = codeActions(params) {
                send(.response(id: id, result: actions))
            } else {
                send(.errorResponse(id: id, code: JSONRPCError.invalidParams, message: "codeAction needs an open document and a range"))
            }
        default:
            send(.errorResponse(id: id, code: JSONRPCError.methodNotFound, message: "\(method) is not supported"))
        }
        return nil
    }

    private func notify(_ method: String, params: JSONInput?) -> Int32? {
        if method == "exit" { return phase == .shutDown ? ExitStatus.success : LanguageServer.exitWithoutShutdown }
        guard phase == .running else { return nil }
        switch method {
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didSave": didSave(params)
        case "textDocument/didClose": didClose(params)
        case "workspace/didChangeWatchedFiles", "workspace/didChangeConfiguration":
            // A configuration or a manifest may have changed: check every open document again.
            ModuleIndexMemo.shared.invalidate()
            PackageSettings.forgetProjectFiles()
            for uri in documents.keys.sorted() { markStale(uri) }
        case "initialized": watchSettingsFiles()
        default: break  // `$/cancelRequest`, `$/setTrace` and the rest need nothing
        }
        return nil
    }

    private func send(_ message: JSONText) {
        guard writeFailure == nil else { return }
        writeFailure = writer.send(message)
    }

    // MARK: - Lifecycle

    private func initialize(_ params: JSONInput?) -> JSONText {
        let offered = params?["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = PositionEncoding.negotiate(offered: offered)
        supportsDocumentChanges = params?["capabilities"]?["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool ?? false
        canWatchFiles = params?["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        documentation = RuleDocumentation(template: params?["initializationOptions"]?["ruleDocumentationURL"]?.string) {
            [rules, environment] in RulePages.write(rules, environment: environment)
        }
        if let root = params?["workspaceFolders"]?.array?.first?["uri"]?.string ?? params?["rootUri"]?.string,
           let path = OpenDocument.filePath(uri: root) {
            rootPath = path
        } else if let path = params?["rootPath"]?.string {
            rootPath = path
        }
        ModuleIndexMemo.shared.root = FilePath.absolute(rootPath)
        return .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", .object([
                    ("openClose", .bool(true)),
                    ("change", .integer(2)),  // incremental
                    ("save", .object([("includeText", .bool(false))])),
                ])),
                ("hoverProvider", .bool(true)),
                ("codeActionProvider", .object([
                    ("codeActionKinds", .array([.string(CodeActionKind.quickFix), .string(CodeActionKind.fixAll)])),
                ])),
            ])),
            ("serverInfo", .object([("name", .string("bodywork")), ("version", .string(bodyworkVersion))])),
        ])
    }

    /// Asks the client to report changes to configuration files and manifests on disk
    /// (`workspace/didChangeWatchedFiles`), so that diagnostics follow an edited
    /// `.bodywork.json`, `Package.swift` or Xcode project (deployment targets, modules).
    /// Without it, saving one in the editor does the same, and a manifest changed on disk
    /// is read again when its modification time changes. The client's answer needs no handling.
    private func watchSettingsFiles() {
        guard canWatchFiles else { return }
        let watchers: [JSONText] = ["**/\(ConfigurationLoader.fileName)", "**/Package.swift", "**/*.xcodeproj/project.pbxproj"]
            .map { .object([("globPattern", .string($0))]) }
        send(.object([
            ("jsonrpc", .string("2.0")), ("id", .string("bodywork-watch-settings")), ("method", .string("client/registerCapability")),
            ("params", .object([("registrations", .array([.object([
                ("id", .string("bodywork-watch-settings")),
                ("method", .string("workspace/didChangeWatchedFiles")),
                ("registerOptions", .object([("watchers", .array(watchers))])),
            ])]))])),
        ]))
    }

    // MARK: - Documents

    private func didOpen(_ params: JSONInput?) {
        guard let item = params?["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
        documents[uri] = OpenDocument(uri: uri, path: OpenDocument.filePath(uri: uri) ?? FilePath.join(rootPath, "Untitled.swift"),
                                      languageID: item["languageId"]?.string ?? "", version: item["version"]?.int ?? 0,
                                      text: DocumentText(Array(text.utf8)))
        markStale(uri)
    }

    private func didChange(_ params: JSONInput?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, var document = documents[uri] else { return }
        for change in params?["contentChanges"]?.array ?? [] {
            guard let text = change["text"]?.string else { continue }
            if let range = change["range"] {
                guard let bytes = document.text.byteRange(range, encoding: encoding) else {
                    console.message("bodywork lsp: \(uri): a change with an invalid range was ignored")
                    continue
                }
                document.text.replace(bytes, with: Array(text.utf8))
            } else {
                document.text.replace(nil, with: Array(text.utf8))
            }
        }
        document.version = params?["textDocument"]?["version"]?.int ?? document.version + 1
        document.analysis = nil
        documents[uri] = document
        markStale(uri)
    }

    private func didSave(_ params: JSONInput?) {
        guard let uri = params?["textDocument"]?["uri"]?.string else { return }
        // What other documents see of this one (and of manifests) is what is on disk.
        ModuleIndexMemo.shared.invalidate()
        let name = uri.split(separator: "/").last.map(String.init) ?? ""
        if name == "Package.swift" || name == "project.pbxproj" {
            // Deployment targets and language modes come from it: every document may change.
            PackageSettings.forgetProjectFiles()
            for uri in documents.keys.sorted() { markStale(uri) }
        } else if name == ConfigurationLoader.fileName {
            for uri in documents.keys.sorted() { markStale(uri) }
        } else if documents[uri] != nil {
            markStale(uri)
        }
    }

    private func didClose(_ params: JSONInput?) {
        guard let uri = params?["textDocument"]?["uri"]?.string, documents.removeValue(forKey: uri) != nil else { return }
        stale.removeAll { $0 == uri }
        send(.notification("textDocument/publishDiagnostics",
                           params: .object([("uri", .string(uri)), ("diagnostics", .array([]))])))
    }

    private func markStale(_ uri: String) {
        documents[uri]?.analysis = nil
        if !stale.contains(uri) { stale.append(uri) }
    }

    // MARK: - Diagnostics

    private func publishStale() {
        while !stale.isEmpty {
            let uri = stale.removeFirst()
            guard let document = documents[uri] else { continue }
            let analysis = analysis(of: uri)
            send(.notification("textDocument/publishDiagnostics", params: .object([
                ("uri", .string(uri)),
                ("version", .integer(document.version)),
                ("diagnostics", .array(analysis.diagnostics(in: document.text, encoding: encoding, documentation: documentation))),
            ])))
        }
    }

    /// The analysis of the document's current text, computed once per version.
    private func analysis(of uri: String) -> DocumentAnalysis {
        let document = documents[uri]!
        if let analysis = document.analysis { return analysis }
        let analysis = DocumentAnalysis.run(document, rules: rules)
        documents[uri]?.analysis = analysis
        return analysis
    }

    // MARK: - Hover and code actions

    private func hover(_ params: JSONInput?) -> JSONText? {
        guard let uri = params?["textDocument"]?["uri"]?.string, let document = documents[uri],
              let position = TextPosition(params?["position"]) else { return nil }
        return FindingHover(analysis: analysis(of: uri), text: document.text, encoding: encoding, rules: rules,
                            documentation: documentation).hover(at: position)
    }

    private func codeActions(_ params: JSONInput?) -> JSONText? {
        guard let uri = params?["textDocument"]?["uri"]?.string, let document = documents[uri],
              let range = document.text.byteRange(params?["range"], encoding: encoding) else { return nil }
        let only = params?["context"]?["only"]?.array?.compactMap(\.string)
        let builder = CodeActionBuilder(document: document, analysis: analysis(of: uri), encoding: encoding,
                                        documentation: documentation, versioned: supportsDocumentChanges)
        return .array(builder.actions(in: range, only: only))
    }
}

/// An open document and what the server knows about its current version.
struct OpenDocument {
    var uri: String
    /// The file the document is, or stands for: configuration and deployment targets are
    /// looked up from it.
    var path: String
    var languageID: String
    var version: Int
    var text: DocumentText
    var analysis: DocumentAnalysis?

    /// Whether the document is Swift (by its language id, or by its name when the client sends none).
    var isSwift: Bool { languageID == "swift" || (languageID.isEmpty && path.hasSuffix(".swift")) }

    /// The local path of a `file:` URI, percent-decoded; nil for other schemes.
    static func filePath(uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.path
        return path.isEmpty ? nil : path
    }
}

/// Where a diagnostic's `codeDescription.href` points for a rule: a URL template from
/// `initializationOptions.ruleDocumentationURL` (`{rule}` is replaced by the rule id; without
/// it `#rule-id` is appended), else the `RULES.md` found beside the executable (a source
/// checkout or an installed `share/doc/bodywork`), else the pages `pages` writes (the
/// rules' explanations in the user's cache), else nothing.
struct RuleDocumentation {
    private let base: String?
    private let hasPlaceholder: Bool

    init(template: String?, pages: () -> String? = { nil }) {
        let base = template ?? RuleDocumentation.installedRulesPage() ?? pages()
        self.base = base
        hasPlaceholder = base?.contains("{rule}") ?? false
    }

    func url(for ruleID: String) -> String? {
        guard let base else { return nil }
        return hasPlaceholder ? base.replacingOccurrences(of: "{rule}", with: ruleID) : base + "#" + ruleID
    }

    private static func installedRulesPage() -> String? {
        guard var directory = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else { return nil }
        for _ in 0..<5 {
            for candidate in ["RULES.md", "share/doc/bodywork/RULES.md"] {
                let url = directory.appendingPathComponent(candidate)
                if FileManager.default.fileExists(atPath: url.path) { return url.absoluteString }
            }
            directory.deleteLastPathComponent()
        }
        return nil
    }
}
