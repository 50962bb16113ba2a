// The index cache end to end: where it is written, that it is read, and that a missing,
// corrupt or disabled cache changes no result.
@testable import BodyworkCLI
import Foundation
import SwiftCST
import XCTest

final class IndexCacheTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ProjectFixtures")
    private let store = "OnePackage/.build/bodywork/index.cache"
    private let file = "OnePackage/Sources/Feature/TagCloud.swift"

    private func sandbox() throws -> Sandbox {
        let sandbox = try Sandbox()
        try FileManager.default.copyItem(at: IndexCacheTests.fixtures.appendingPathComponent("OnePackage"),
                                         to: sandbox.root.appendingPathComponent("OnePackage"))
        return sandbox
    }

    private func preview(_ sandbox: Sandbox, _ extra: [String] = []) throws -> String {
        let result = try sandbox.run(["--rules", "foreach-identity"] + extra + [file],
                                     environment: ["XDG_CACHE_HOME": sandbox.path("user-cache")])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.output
    }

    /// The entries of a store: (key words, facts length), or nil when it is not one.
    private func entries(_ bytes: [UInt8]) -> Int? {
        guard let newline = bytes.firstIndex(of: 10),
              String(decoding: bytes[..<newline], as: UTF8.self).hasPrefix("bodywork index cache ") else { return nil }
        var offset = newline + 1
        var count = 0
        while offset < bytes.count {
            guard offset + 32 <= bytes.count else { return nil }
            var length = 0
            for i in 0..<8 { length |= Int(bytes[offset + 24 + i]) << (8 * i) }
            offset += 32 + length
            count += 1
        }
        return offset == bytes.count ? count : nil
    }

    func testAPackageKeepsItsCacheInBuild() throws {
        let sandbox = try sandbox()
        let fresh = try preview(sandbox)
        XCTAssertTrue(fresh.contains("+            ForEach(tags) { tag in"), fresh)
        // The feature's module and its dependency: TagCloud.swift and Tag.swift.
        XCTAssertEqual(entries(try sandbox.read(store)), 2)
        XCTAssertEqual(try preview(sandbox), fresh, "a warm cache gives the same result")

        // A store from another version, or garbage, is ignored and rewritten.
        // What a run asks before it builds facts ahead: whether this build wrote the store
        // (here the test's own build, whose header an empty store carries).
        let cache = IndexCache(environment: ["XDG_CACHE_HOME": sandbox.path("user-cache")])
        try sandbox.write(store, bytes: IndexCache.header)
        XCTAssertTrue(cache.holdsStore(forProject: sandbox.path("OnePackage")))
        XCTAssertFalse(cache.holdsStore(forProject: sandbox.path("OnePackage/Sources")), "no store there")
        try sandbox.write(store, "bodywork index cache 0 old\nwhatever")
        XCTAssertFalse(cache.holdsStore(forProject: sandbox.path("OnePackage")), "not one this build wrote")
        XCTAssertEqual(try preview(sandbox), fresh)
        XCTAssertEqual(entries(try sandbox.read(store)), 2)
        var bytes = try sandbox.read(store)
        bytes.removeLast(3)
        try sandbox.write(store, bytes: bytes)
        XCTAssertEqual(try preview(sandbox), fresh, "a truncated store is ignored")
        XCTAssertEqual(entries(try sandbox.read(store)), 2)
    }

    func testTheCacheIsReadByContent() throws {
        let sandbox = try sandbox()
        let tag = "OnePackage/Sources/Core/Tag.swift"
        _ = try preview(sandbox)
        let identifiable = try sandbox.read(tag)
        // Forge the cache: store the old facts (Tag is Identifiable) under the key of new content.
        try forge(sandbox, entryOf: identifiable, as: IndexCacheTests.plainTag)
        try sandbox.write(tag, bytes: IndexCacheTests.plainTag)
        XCTAssertTrue(try preview(sandbox).contains("+            ForEach(tags) { tag in"), "the forged entry was read")
        XCTAssertFalse(try preview(sandbox, ["--no-cache"]).contains("+            ForEach(tags) { tag in"),
                       "--no-cache reads the file itself")
    }

    /// A run over the whole package parses every file for its rules (ahead, with two jobs),
    /// and still takes the facts of unchanged files from the cache: a warm run writes
    /// nothing, and a forged entry is what the run believes.
    func testAWholeRunTakesTheFactsOfTheFilesItParsesFromTheCache() throws {
        let sandbox = try sandbox()
        let tag = "OnePackage/Sources/Core/Tag.swift"
        let run = { (extra: [String]) throws -> String in
            let result = try sandbox.run(["--rules", "foreach-identity", "--jobs", "2"] + extra + ["OnePackage"],
                                         environment: ["XDG_CACHE_HOME": sandbox.path("user-cache")])
            XCTAssertEqual(result.status, 0, result.stderr)
            return result.output
        }
        let fresh = try run([])
        XCTAssertTrue(fresh.contains("+            ForEach(tags) { tag in"), fresh)
        let written = try FileManager.default.attributesOfItem(atPath: sandbox.path(store))[.systemFileNumber] as? Int
        XCTAssertEqual(try run([]), fresh, "a warm cache gives the same result")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: sandbox.path(store))[.systemFileNumber] as? Int, written,
                       "nothing new to store: the store is not written again")

        try forge(sandbox, entryOf: try sandbox.read(tag), as: IndexCacheTests.plainTag)
        try sandbox.write(tag, bytes: IndexCacheTests.plainTag)
        XCTAssertTrue(try run([]).contains("+            ForEach(tags) { tag in"), "the forged entry was read")
        XCTAssertFalse(try run(["--no-cache"]).contains("+            ForEach(tags) { tag in"), "--no-cache reads the file itself")
    }

    /// Tag.swift without its `Identifiable` conformance.
    private static let plainTag = Array("public struct Tag: Hashable {\n    public let id: Int\n    public var title: String\n}\n".utf8)

    /// Moves the store's entry for the content `old` to the key of the content `new`.
    private func forge(_ sandbox: Sandbox, entryOf old: [UInt8], as new: [UInt8]) throws {
        var bytes = try sandbox.read(store)
        let oldKey = IndexCacheTests.key(old)
        let newKey = IndexCacheTests.key(new)
        var replaced = false
        var offset = bytes.firstIndex(of: 10)! + 1
        while offset + 32 <= bytes.count {
            if Array(bytes[offset..<(offset + 24)]) == oldKey {
                bytes.replaceSubrange(offset..<(offset + 24), with: newKey)
                replaced = true
            }
            var length = 0
            for i in 0..<8 { length |= Int(bytes[offset + 24 + i]) << (8 * i) }
            offset += 32 + length
        }
        XCTAssertTrue(replaced, "the store holds the file's entry")
        try sandbox.write(store, bytes: bytes)
    }

    func testNoCacheWritesNothingAndFoldersUseTheUserCache() throws {
        let sandbox = try sandbox()
        _ = try preview(sandbox, ["--no-cache"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.path(store)))
        try sandbox.write("Loose/A.swift", "struct A: Identifiable { let id: Int }\n")
        let result = try sandbox.run(["--lint", "Loose"], environment: ["XDG_CACHE_HOME": sandbox.path("user-cache")])
        XCTAssertEqual(result.status, 0, result.stderr)
        let cached = try FileManager.default.contentsOfDirectory(atPath: sandbox.path("user-cache/bodywork"))
        XCTAssertEqual(cached.count, 1)
        XCTAssertTrue(cached[0].hasPrefix("index-") && cached[0].hasSuffix(".cache"), "\(cached)")
    }

    /// The index pass keeps trees for the rules only while their source fits the budget,
    /// and hands each out once, freeing its room.
    func testParsedTreesStayWithinTheirBudgetAndAreHandedOutOnce() {
        let trees = ParsedTrees(budget: 40)
        let first = SyntaxTree.parse("let a = 1\nlet b = 2\n")  // 20 bytes
        XCTAssertTrue(trees.reserve(first.bytes.count))
        trees.keep(first, path: "A.swift")
        XCTAssertTrue(trees.reserve(20))
        XCTAssertFalse(trees.reserve(1), "the budget is full")
        XCTAssertTrue(trees.take("A.swift")?.tree === first)
        XCTAssertNil(trees.take("A.swift"), "a tree is handed out once")
        XCTAssertTrue(trees.reserve(20), "taking a tree frees its room")
    }

    /// The cache's key of some bytes, as stored: both hashes and the length, little-endian.
    private static func key(_ bytes: [UInt8]) -> [UInt8] {
        let key = IndexCache.key(of: bytes)
        var out: [UInt8] = []
        for value in [key.first, key.second, UInt64(key.count)] {
            withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
        }
        return out
    }
}
