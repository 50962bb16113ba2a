// The byte-level path arithmetic gives what the `Character`-based code it replaced
// gave, for every path: plain ones, and those with combining marks next to a slash.
import Foundation
@testable import Project
import XCTest

final class ProjectPathsTests: XCTestCase {
    private let paths = [
        "/", "//", "", ".", "..", "/a", "/a/b", "/a//b", "/a/./b", "/a/../b", "/a/b/", "/a/b/.", "/a/b/..", "/..",
        "/../a", "a", "a/b", "a/./b", "a/../b", "../a", "./a", "a/", "/...", "/a/...", "/a/..b", "/a/.hidden", "/.git",
        "/é/x", "/x/é", "/x/é/", "/\u{301}x", "/a/\u{338}", "/\u{338}", "x/\u{338}y", "/a\u{0600}/b", "/a/\u{0600}b",
        "/日本/語.swift", "/a/b/Package.swift", "/tmp/apps/IceCubesApp/Packages/Env/Sources/Env/Router.swift",
        "/a/\u{338}/b", "\u{338}", "/a\u{301}/", "e\u{301}/x",
    ]

    /// The code before the byte-level paths, kept here as the reference.
    private func referenceNormalize(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    private func referenceDirectory(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    private func referenceLastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    func testNormalizeAgreesWithCharacterSplitting() {
        for path in paths {
            XCTAssertEqual(Array(ProjectPaths.normalize(path).utf8), Array(referenceNormalize(path).utf8), path)
            XCTAssertEqual(Array(ProjectPaths.absolute(path, base: "/base").utf8),
                           Array(referenceNormalize(path.hasPrefix("/") ? path : "/base/" + path).utf8), path)
        }
    }

    /// Every path of up to seven bytes from `a`, `.`, `/` and `é` (ASCII ones take the
    /// byte-level split, the others the `Character` one) normalizes as the reference does.
    func testNormalizeAgreesOnEveryShortPath() {
        let pieces = ["a", ".", "/", "é"]
        var paths = [""]
        for _ in 0..<7 {
            paths = paths.flatMap { path in pieces.map { path + $0 } }
            for path in paths {
                XCTAssertEqual(Array(ProjectPaths.normalize(path).utf8), Array(referenceNormalize(path).utf8), path)
            }
        }
    }

    func testDirectoryAndLastComponentAgreeWithCharacterSearch() {
        for path in paths {
            XCTAssertEqual(Array(ProjectPaths.directory(of: path).utf8), Array(referenceDirectory(path).utf8), path)
            XCTAssertEqual(Array(ProjectPaths.lastComponent(path).utf8), Array(referenceLastComponent(path).utf8), path)
        }
    }

    func testPlainComponentsMeanNothingToNormalize() {
        for path in paths where ProjectPaths.hasPlainComponents(path) {
            XCTAssertEqual(path.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "/"), path, path)
            if path.hasPrefix("/") { XCTAssertEqual(Array(referenceNormalize(path).utf8), Array(path.utf8), path) }
        }
        XCTAssertTrue(ProjectPaths.hasPlainComponents("/a/b.swift"))
        XCTAssertTrue(ProjectPaths.hasPlainComponents("a/b"))
        XCTAssertFalse(ProjectPaths.hasPlainComponents("/a/./b"))
        XCTAssertFalse(ProjectPaths.hasPlainComponents("/a/\u{338}"))
    }

    /// The byte loop the word-at-a-time scan stands in for, kept as the reference.
    private func referencePlainComponents(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else { return false }
        var previous: UInt8 = 0, length = 0, dots = 0
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "/") {
                if index > 0 && (length == 0 || dots == length && dots <= 2 || previous >= 0x80) { return false }
                length = 0
                dots = 0
            } else {
                if previous == UInt8(ascii: "/") && byte >= 0x80 { return false }
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            previous = byte
        }
        return length > 0 && !(dots == length && dots <= 2)
    }

    /// Long paths, so that whole words of eight bytes are read: runs of letters between
    /// slashes, dots and non-ASCII characters at every offset.
    func testPlainComponentsReadByWordsAgreeWithTheByteLoop() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", ".", "..", "a", "Sources", "IceCubesApp", "é", "\u{338}", "日本", "//", "x.swift", "0123456789abcdef"]
        for path in paths { XCTAssertEqual(ProjectPaths.hasPlainComponents(path), referencePlainComponents(path), path) }
        for _ in 0..<3000 {
            let path = (0..<Int.random(in: 1...24, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(ProjectPaths.hasPlainComponents(path), referencePlainComponents(path), path)
            let plain = "/" + (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                String(repeating: "a", count: Int.random(in: 1...20, using: &generator))
            }.joined(separator: "/")
            XCTAssertTrue(ProjectPaths.hasPlainComponents(plain), plain)
            XCTAssertFalse(ProjectPaths.hasPlainComponents(plain + "/"), plain)
            XCTAssertFalse(ProjectPaths.hasPlainComponents(plain + "/.."), plain)
        }
    }

    func testSortedListsMergeAsSetsWould() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let lists = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in "/f\(Int.random(in: 0...30, using: &generator))" })
                    .sorted()
            }
            XCTAssertEqual(ProjectModel.union(lists), Set(lists.joined()).sorted())
            if lists.count >= 2 {
                XCTAssertEqual(ProjectModel.intersection(lists[0], lists[1]), Set(lists[0]).intersection(lists[1]).sorted())
            }
        }
    }
}
