// Extracts the Swift snippets of a peer's parser tests (swift-syntax's `assertParse` calls)
// into files, so that the differential check can run on code written to cover the language.
import Foundation
import SwiftParser
import SwiftSyntax

enum PeerSnippets {
    /// Test helpers whose first argument is a snippet parsed as source.
    static let calls: Set<String> = ["assertParse", "assertParseWithAllNewlineEndings"]

    /// The location markers swift-syntax's tests put in snippets (`1️⃣`, `ℹ️`), removed the
    /// way its `extractMarkers` removes them before parsing.
    static let markers: Set<Character> = ["0️⃣", "1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟", "ℹ️"]

    /// Writes each snippet of each test file to `directory/<test file>/L<line>.swift` and
    /// prints one summary line; returns the exit status.
    static func extract(into directory: String, testFiles: [String]) -> Int32 {
        var written = 0, interpolated = 0
        for path in testFiles {
            guard let bytes = readBytes(path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                return 2
            }
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            let finder = SnippetFinder(viewMode: .sourceAccurate)
            finder.walk(tree)
            interpolated += finder.interpolated
            let converter = SourceLocationConverter(fileName: path, tree: tree)
            let folder = directory + "/" + testName(path)
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (position, text) in finder.snippets {
                let line = converter.location(for: position).line
                let source = String(text.filter { !markers.contains($0) })
                let file = folder + "/L\(line).swift"
                guard FileManager.default.createFile(atPath: file, contents: Data(source.utf8)) else {
                    FileHandle.standardError.write(Data("cannot write \(file)\n".utf8))
                    return 2
                }
                written += 1
            }
        }
        print("snippets: \(written) from \(testFiles.count) test files (\(interpolated) interpolated ones left out)")
        return 0
    }

    /// `translated-RecoveryTests` for `…/Tests/SwiftParserTest/translated/RecoveryTests.swift`.
    static func testName(_ path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        let name = (parts.popLast() ?? path).replacingOccurrences(of: ".swift", with: "")
        if let parent = parts.last, parent != "SwiftParserTest" { return parent + "-" + name }
        return name
    }
}

/// Collects the first argument of every `assertParse` call that is a plain string literal.
private final class SnippetFinder: SyntaxVisitor {
    var snippets: [(AbsolutePosition, String)] = []
    var interpolated = 0

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              PeerSnippets.calls.contains(name),
              let first = node.arguments.first, first.label == nil,
              let literal = first.expression.as(StringLiteralExprSyntax.self)
        else { return .visitChildren }
        if let value = literal.representedLiteralValue {
            snippets.append((node.positionAfterSkippingLeadingTrivia, value))
        } else {
            interpolated += 1
        }
        return .skipChildren
    }
}
