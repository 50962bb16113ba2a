// The snapshot answers what the system calls it replaces would: for files, directories,
// links to each, dangling links, pipes and missing paths, and in directories that can
// be listed but not entered.
import Foundation
@testable import Project
import XCTest

final class FileSystemSnapshotTests: XCTestCase {
    private func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        // The system's own spelling, with no link in it, as the model's paths are.
        return ProjectPaths.absolute(root.resolvingSymlinksInPath().path)
    }

    private func make(_ root: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/Dir/Inner", withIntermediateDirectories: true)
        try Data("let a = 1\n".utf8).write(to: URL(fileURLWithPath: root + "/File.swift"))
        try Data("// swift-tools-version:5.9\n".utf8).write(to: URL(fileURLWithPath: root + "/Dir/Package.swift"))
        try manager.createSymbolicLink(atPath: root + "/LinkToFile.swift", withDestinationPath: "File.swift")
        try manager.createSymbolicLink(atPath: root + "/LinkToDir", withDestinationPath: "Dir")
        try manager.createSymbolicLink(atPath: root + "/Dangling.swift", withDestinationPath: "Nowhere.swift")
        XCTAssertEqual(mkfifo(root + "/Pipe", 0o644), 0)
    }

    private var names: [String] {
        ["", "/File.swift", "/Dir", "/Dir/Inner", "/Dir/Package.swift", "/Dir/Missing", "/LinkToFile.swift", "/LinkToDir",
         "/LinkToDir/Package.swift", "/Dangling.swift", "/Pipe", "/Missing", "/Missing/Below", "/File.swift/Below"]
    }

    private func systemType(_ path: String, follow: Bool) -> mode_t? {
        var info = stat()
        let status = follow ? stat(path, &info) : lstat(path, &info)
        return status == 0 ? info.st_mode & S_IFMT : nil
    }

    func testAnswersAgreeWithTheSystem() throws {
        let root = try scratch()
        try make(root)
        let snapshot = FileSystemSnapshot()
        for name in names {
            let path = root + name
            XCTAssertEqual(snapshot.exists(path), FileManager.default.fileExists(atPath: path), path)
            XCTAssertEqual(snapshot.isDirectory(path), systemType(path, follow: true) == S_IFDIR, path)
            XCTAssertEqual(snapshot.isOwnDirectory(path), systemType(path, follow: false) == S_IFDIR, path)
        }
        XCTAssertEqual(snapshot.entries(of: root), try FileManager.default.contentsOfDirectory(atPath: root).sorted())
        XCTAssertEqual(snapshot.entries(of: root + "/Missing"), [])
    }

    func testEntriesTheDirectoryRecordsAgreeWithTheSystem() throws {
        let root = try scratch()
        try make(root)
        let snapshot = FileSystemSnapshot()
        let children = snapshot.children(of: root)
        XCTAssertTrue(children.searchable)
        XCTAssertEqual(children.entries.map(\.name), try FileManager.default.contentsOfDirectory(atPath: root).sorted())
        for (name, type) in children.entries {
            let path = root + "/" + name
            for follow in [true, false] {
                XCTAssertEqual(snapshot.isDirectory(entry: name, type: type, searchable: true, in: root, follow: follow),
                               systemType(path, follow: follow) == S_IFDIR, "\(path) follow: \(follow)")
            }
        }
    }

    func testAnEntryExistsAsItsPathWould() throws {
        let root = try scratch()
        try make(root)
        // Each answer from its own snapshot, so that neither form reads what the other kept.
        for directory in ["", "/Dir", "/Dir/Inner", "/LinkToDir", "/Missing", "/File.swift", "/Dir/../Dir"] {
            for name in ["File.swift", "Package.swift", "Inner", "LinkToFile.swift", "LinkToDir", "Dangling.swift", "Pipe",
                         "Missing", ".", "..", "", "Dir/Package.swift"] {
                let path = ProjectPaths.join(root + directory, name)
                let byEntry = FileSystemSnapshot().exists(entry: name, in: root + directory)
                XCTAssertEqual(byEntry, FileSystemSnapshot().exists(path), path)
                XCTAssertEqual(byEntry, FileManager.default.fileExists(atPath: path), path)
            }
        }
    }

    func testAnEntryIsKnownOnlyFromAListingAlreadyRead() throws {
        let root = try scratch()
        try make(root)
        let snapshot = FileSystemSnapshot()
        XCTAssertNil(snapshot.knownEntry("File.swift", in: root), "not listed yet: nothing is read for the question")
        // Had the question listed the directory, the listing kept would miss the later file.
        try Data().write(to: URL(fileURLWithPath: root + "/Later.swift"))
        XCTAssertTrue(snapshot.entries(of: root).contains("Later.swift"))
        XCTAssertEqual(snapshot.knownEntry("File.swift", in: root), true)
        XCTAssertEqual(snapshot.knownEntry("Dangling.swift", in: root), true, "an entry, whatever it points to")
        XCTAssertEqual(snapshot.knownEntry(".gitignore", in: root), false)
        XCTAssertNil(snapshot.knownEntry("Package.swift", in: root + "/Dir"))
        _ = snapshot.listing(of: root + "/Missing")
        XCTAssertNil(snapshot.knownEntry("Package.swift", in: root + "/Missing"), "a directory that could not be listed says nothing")
    }

    func testDirectoryThatCannotBeEnteredHidesItsEntries() throws {
        guard geteuid() != 0 else { throw XCTSkip("root enters every directory") }
        let root = try scratch()
        try make(root)
        XCTAssertEqual(chmod(root + "/Dir", 0o644), 0)
        addTeardownBlock { chmod(root + "/Dir", 0o755) }
        let snapshot = FileSystemSnapshot()
        XCTAssertEqual(snapshot.exists(root + "/Dir/Package.swift"), FileManager.default.fileExists(atPath: root + "/Dir/Package.swift"))
        XCTAssertEqual(FileSystemSnapshot().exists(entry: "Package.swift", in: root + "/Dir"),
                       FileManager.default.fileExists(atPath: root + "/Dir/Package.swift"))
        XCTAssertFalse(snapshot.isDirectory(root + "/Dir/Inner"))
        XCTAssertFalse(snapshot.children(of: root + "/Dir").searchable)
    }

    func testEachDirectoryIsListedOnce() throws {
        let root = try scratch()
        try make(root)
        let snapshot = FileSystemSnapshot()
        let first = snapshot.listing(of: root)
        try Data().write(to: URL(fileURLWithPath: root + "/Later.swift"))
        // Kept for the run: what the model and file selection see of one directory agrees.
        XCTAssertEqual(snapshot.listing(of: root).entries.count, first.entries.count)
        XCTAssertFalse(snapshot.entries(of: root).contains("Later.swift"))
        XCTAssertTrue(FileSystemSnapshot().entries(of: root).contains("Later.swift"))
    }

    /// A name is looked up by its bytes: `é` written precomposed and decomposed are two
    /// names (two entries on Linux), and a path finds its own entry only. (Each spelling
    /// is asked of its own snapshot: answers are remembered by path as a `String`, which
    /// counts the two spellings as one.)
    func testTypesAreLookedUpByTheNameBytes() throws {
        let root = try scratch()
        let precomposed = root + "/Caf\u{E9}"
        let decomposed = root + "/Cafe\u{301}"
        try FileManager.default.createDirectory(atPath: precomposed, withIntermediateDirectories: true)
        XCTAssertTrue(FileSystemSnapshot().isDirectory(precomposed))
        XCTAssertTrue(FileSystemSnapshot().exists(precomposed))
        #if os(Linux)
        XCTAssertFalse(FileManager.default.fileExists(atPath: decomposed))
        XCTAssertFalse(FileSystemSnapshot().exists(decomposed))
        XCTAssertFalse(FileSystemSnapshot().isDirectory(decomposed))
        #endif
    }

    func testNameBytesHashesAndComparesTheBytes() {
        let a = NameBytes(Array("Caf\u{E9}".utf8)), b = NameBytes(Array("Cafe\u{301}".utf8))
        XCTAssertNotEqual(a, b)
        XCTAssertEqual(a, NameBytes(Array("Caf\u{E9}".utf8)))
        XCTAssertEqual(a.hashValue, NameBytes(Array("Caf\u{E9}".utf8)).hashValue)
        XCTAssertEqual(Set([a, b, NameBytes(Array("Caf\u{E9}".utf8))]).count, 2)
        XCTAssertNotEqual(NameBytes([0x61]), NameBytes([0x61, 0x61]))
    }
}
