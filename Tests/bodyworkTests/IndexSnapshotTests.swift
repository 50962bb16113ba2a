// Snapshots of a large module's fold, end to end: a run on one file keeps the fold of the
// others, a later run reads it, and any change to those files (content, a file added or
// removed) makes the run fold them again. Results never differ from a run without cache.
@testable import BodyworkCLI
import Foundation
import Semantics
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class IndexSnapshotTests: XCTestCase {
    private let view = "Big/Sources/App/ItemList.swift"
    private let item = "Big/Sources/App/Item.swift"
    private let identifiable = "struct Item: Identifiable, Hashable {\n    let id: Int\n    var title: String\n}\n"
    private let rewritten = "+            ForEach(items) { item in"

    /// A package of one module: `Item`, a view that shows items, and enough other files
    /// for the view's run to keep a snapshot.
    private func package() throws -> Sandbox {
        let sandbox = try Sandbox()
        _ = try sandbox.write("Big/Package.swift", """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Big", targets: [.target(name: "App")])

        """)
        _ = try sandbox.write(item, identifiable)
        _ = try sandbox.write(view, """
        import SwiftUI

        struct ItemList: View {
            let items: [Item]

            var body: some View {
                List {
                    ForEach(items, id: \\.self) { item in
                        Text(item.title)
                    }
                }
            }
        }

        """)
        for number in 0..<(IndexSnapshots.minimumFiles + 2) {
            _ = try sandbox.write("Big/Sources/App/Filler\(number).swift", "struct Filler\(number) { var value\(number) = \(number) }\n")
        }
        return sandbox
    }

    private func preview(_ sandbox: Sandbox, _ file: String? = nil, _ extra: [String] = []) throws -> String {
        let result = try sandbox.run(["--rules", "foreach-identity"] + extra + [file ?? view],
                                     environment: ["XDG_CACHE_HOME": sandbox.path("user-cache")])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.output
    }

    private func snapshots(_ sandbox: Sandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.path("Big/.build/bodywork"))
            .filter { $0.hasSuffix(".snapshot") }.sorted()
    }

    func testARunOnOneFileKeepsAndReadsTheFoldOfTheOthers() throws {
        let sandbox = try package()
        let fresh = try preview(sandbox)
        XCTAssertTrue(fresh.contains(rewritten), fresh)
        XCTAssertEqual(try snapshots(sandbox).count, 1)
        XCTAssertEqual(try preview(sandbox), fresh, "read back, the snapshot gives the same result")
        XCTAssertEqual(try preview(sandbox, nil, ["--no-cache"]), fresh)

        // Garbage, or a snapshot cut short, is ignored and written again.
        let name = "Big/.build/bodywork/" + (try snapshots(sandbox))[0]
        let good = try sandbox.read(name)
        _ = try sandbox.write(name, "bodywork index snapshot 1 whatever")
        XCTAssertEqual(try preview(sandbox), fresh)
        let again = try sandbox.read(name)
        XCTAssertTrue(again.count > 1000 && again.starts(with: Array("bodywork index snapshot ".utf8)), "written again")
        _ = try sandbox.write(name, bytes: Array(good.dropLast(20)))
        XCTAssertEqual(try preview(sandbox), fresh)
        var flipped = good
        flipped[flipped.count / 2] ^= 1
        _ = try sandbox.write(name, bytes: flipped)
        XCTAssertEqual(try preview(sandbox), fresh, "a changed byte fails the checksum")
    }

    func testAChangedAddedOrRemovedFileIsFoldedAgain() throws {
        let sandbox = try package()
        XCTAssertTrue(try preview(sandbox).contains(rewritten))
        // Not Identifiable any more: the snapshot's facts for Item are stale.
        _ = try sandbox.write(item, "struct Item: Comparable, Hashable {\n    let id: Int\n    var title: String\n}\n")
        XCTAssertFalse(try preview(sandbox).contains(rewritten))
        // A new file makes it Identifiable again.
        _ = try sandbox.write("Big/Sources/App/ItemIdentity.swift", "extension Item: Identifiable {}\n")
        XCTAssertTrue(try preview(sandbox).contains(rewritten))
        try FileManager.default.removeItem(atPath: sandbox.path("Big/Sources/App/ItemIdentity.swift"))
        XCTAssertFalse(try preview(sandbox).contains(rewritten))
        // The same size, the same modification time: the status change time still differs.
        _ = try sandbox.write(item, identifiable)
        XCTAssertTrue(try preview(sandbox).contains(rewritten))
        let before = try stamp(sandbox.path(item))
        _ = try sandbox.write(item, identifiable.replacingOccurrences(of: "Identifiable", with: "Equatable   "))
        try setModified(sandbox.path(item), to: before.modified)
        XCTAssertFalse(try preview(sandbox).contains(rewritten))
        XCTAssertEqual(try preview(sandbox), try preview(sandbox, nil, ["--no-cache"]))
    }

    func testTheSnapshotIsReadForTheFilesItNames() throws {
        let sandbox = try package()
        _ = try preview(sandbox)
        // Forge the snapshot: Item's new bytes and stamp, its old (Identifiable) facts, and
        // a time of reading long after Item was written, so that the stamp is trusted.
        let plain = Array("struct Item: Comparable, Hashable {\n    let id: Int\n    var title: String\n}\n".utf8)
        _ = try sandbox.write(item, bytes: plain)
        let name = "Big/.build/bodywork/" + (try snapshots(sandbox))[0]
        var bytes = try sandbox.read(name)
        // The header is the binary's, one line.
        let header = try XCTUnwrap(bytes.firstIndex(of: 10)) + 1
        func word(_ offset: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) } }
        func set(_ offset: Int, _ value: UInt64) { for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(i))) } }
        set(header, UInt64(bitPattern: FileStamp.now() + 3_600_000_000_000))
        var offset = header + 16
        var forged = false
        for _ in 0..<Int(word(header + 8)) {
            let length = Int(word(offset))
            let path = String(decoding: bytes[(offset + 8)..<(offset + 8 + length)], as: UTF8.self)
            offset += 8 + length
            if path == sandbox.path(item) || path.hasSuffix("/" + item) {
                let stamp = try stamp(sandbox.path(item))
                let key = IndexCache.key(of: plain)
                for (index, value) in [stamp.device, stamp.inode, stamp.size, UInt64(bitPattern: stamp.modified),
                                       UInt64(bitPattern: stamp.changed), key.first, key.second, UInt64(key.count)].enumerated() {
                    set(offset + 8 * index, value)
                }
                forged = true
            }
            offset += 64
        }
        XCTAssertTrue(forged, "the snapshot names Item.swift")
        let sum = IndexCache.key(of: Array(bytes.dropLast(16)))
        set(bytes.count - 16, sum.first)
        set(bytes.count - 8, sum.second)
        _ = try sandbox.write(name, bytes: bytes)
        XCTAssertTrue(try preview(sandbox).contains(rewritten), "the forged snapshot was read")
        XCTAssertFalse(try preview(sandbox, nil, ["--no-cache"]).contains(rewritten), "--no-cache reads the files")
    }

    func testOnlyTheMostRecentlyUsedSnapshotsAreKept() throws {
        let sandbox = try Sandbox()
        let store = sandbox.path("cache/index.cache")
        for number in 0..<(IndexSnapshots.kept + 2) {
            let path = IndexSnapshots.path(store: store, view: ["module \(number)"], maxFileSize: 1 << 20)
            IndexSnapshots.save(ProjectIndex(), files: [], stamps: [], keys: [], recorded: FileStamp.now(), to: path, store: store)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: sandbox.path("cache")).filter { $0.hasSuffix(".snapshot") }
        XCTAssertEqual(kept.count, IndexSnapshots.kept)
    }

    func testTheFilesBeingWorkedOnStayOutOfTheSnapshot() throws {
        // Editing two files in turn, each run on the file just edited: after the first
        // change to each, the snapshot leaves both out and is read, not written again.
        let sandbox = try package()
        let other = "Big/Sources/App/Filler7.swift"
        func inode() throws -> UInt64 { try XCTUnwrap(FileStamp.of(sandbox.path("Big/.build/bodywork/" + (try snapshots(sandbox))[0]))).inode }
        _ = try preview(sandbox)
        let first = try inode()
        _ = try preview(sandbox)
        XCTAssertEqual(try inode(), first, "unchanged files: read back")
        _ = try sandbox.write(other, "struct Filler7 { var value7 = 70 }\n")
        _ = try preview(sandbox, other)
        let second = try inode()
        XCTAssertNotEqual(second, first, "a changed file it folded: written again")
        _ = try sandbox.write(view, try sandbox.text(view) + "\n")
        let edited = try preview(sandbox)
        XCTAssertEqual(try inode(), second, "the view and Filler7 are left out of it")
        XCTAssertTrue(edited.contains(rewritten))
        XCTAssertEqual(edited, try preview(sandbox, nil, ["--no-cache"]))
        _ = try preview(sandbox, other)
        XCTAssertEqual(try inode(), second)
        // Item.swift is in it, and changes: written again.
        _ = try sandbox.write(item, "struct Item: Comparable, Hashable {\n    let id: Int\n    var title: String\n}\n")
        let result = try preview(sandbox)
        XCTAssertNotEqual(try inode(), second)
        XCTAssertFalse(result.contains(rewritten))
        XCTAssertEqual(result, try preview(sandbox, nil, ["--no-cache"]))
    }

    func testARunOnManyFilesKeepsNoSnapshot() throws {
        let sandbox = try package()
        XCTAssertTrue(try preview(sandbox, "Big").contains(rewritten))
        XCTAssertEqual(try snapshots(sandbox), [])
    }

    private func stamp(_ path: String) throws -> FileStamp {
        try XCTUnwrap(FileStamp.of(path))
    }

    private func setModified(_ path: String, to nanoseconds: Int64) throws {
        let time = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var times = [time, time]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    }
}
