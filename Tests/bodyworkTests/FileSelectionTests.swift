// Which files a run takes: directory walking, skipped directories, excludes, .gitignore,
// --files-from and --changed-since.
import Foundation
import XCTest

final class FileSelectionTests: XCTestCase {
    /// The files a preview run changed, from the diff headers.
    private func changedFiles(_ result: RunResult) -> [String] {
        result.output.split(separator: "\n").filter { $0.hasPrefix("--- a/") }.map { String($0.dropFirst(6)) }
    }

    func testHiddenAndBuildDirectoriesAreSkippedButExplicitFilesAreTaken() throws {
        let box = try Sandbox()
        for path in ["Visible.swift", ".hidden/H.swift", ".build/B.swift", "DerivedData/D.swift", "Pods/P.swift",
                     "Carthage/C.swift", ".swiftpm/S.swift", "node_modules/N.swift", "Sub/Deep/Ok.swift", ".Hidden.swift",
                     "NotSwift.txt", "App/Assets.xcassets/Icon.imageset/I.swift", "App.xcodeproj/X.swift",
                     "App.xcworkspace/W.swift", "App.playground/Contents.swift", "App/fr.lproj/L.swift",
                     "App/AppIcon.icon/Assets/A.swift"] {
            try box.write(path, "let fooBar = 1\n")
        }
        XCTAssertEqual(changedFiles(try box.run(["."])), ["App.playground/Contents.swift", "Sub/Deep/Ok.swift", "Visible.swift"])
        XCTAssertEqual(changedFiles(try box.run([".hidden/H.swift", ".build/B.swift"])), [".build/B.swift", ".hidden/H.swift"])
        XCTAssertEqual(changedFiles(try box.run(["App/Assets.xcassets"])), ["App/Assets.xcassets/Icon.imageset/I.swift"],
                       "a bundle named as a path is walked")
        XCTAssertEqual(changedFiles(try box.run(["App/fr.lproj"])), ["App/fr.lproj/L.swift"])
    }

    func testExcludeMatchesNamesAndPaths() throws {
        let box = try Sandbox()
        for path in ["A.swift", "Generated/G.swift", "Sources/Model.pb.swift", "Sources/Keep.swift"] {
            try box.write(path, "let fooBar = 1\n")
        }
        XCTAssertEqual(changedFiles(try box.run(["--exclude", "Generated", "--exclude", "*.pb.swift", "."])),
                       ["A.swift", "Sources/Keep.swift"])
        XCTAssertEqual(changedFiles(try box.run(["--exclude=Sources/**", "."])), ["A.swift", "Generated/G.swift"])
        XCTAssertEqual(changedFiles(try box.run(["--exclude", "A.swift", "A.swift", "Sources/Keep.swift"])),
                       ["Sources/Keep.swift"], "explicit files still obey --exclude")
    }

    func testConfigurationExcludes() throws {
        let box = try Sandbox()
        try box.write(".bodywork.json", #"{ "exclude": ["Vendor/**"] }"#)
        try box.write("Vendor/V.swift", "let fooBar = 1\n")
        try box.write("App/A.swift", "let fooBar = 1\n")
        XCTAssertEqual(changedFiles(try box.run(["."])), ["App/A.swift"])
    }

    func testGitignoreIsRespectedInAGitWorkTree() throws {
        let box = try Sandbox()
        try box.git("init", "-q", ".")
        try box.write(".gitignore", "Ignored/\nscratch.swift\n")
        for path in ["A.swift", "Ignored/I.swift", "scratch.swift", "Tracked/T.swift"] {
            try box.write(path, "let fooBar = 1\n")
        }
        XCTAssertEqual(changedFiles(try box.run(["."])), ["A.swift", "Tracked/T.swift"])
        XCTAssertEqual(changedFiles(try box.run(["scratch.swift"])), ["scratch.swift"], "named files bypass .gitignore")
    }

    func testEverySourceOfIgnorePatternsIsRespected() throws {
        // Each is read without git when it can be and left to git when it cannot: either
        // way, the file it names is skipped and the others are taken.
        let box = try Sandbox()
        try box.git("init", "-q", ".")
        try box.write(".gitignore", "xcuserdata/\n*.ipa\n")
        try box.write("Sources/Gen/.gitignore", "Nested.swift\n")
        try box.write(".git/info/exclude", "Local.swift\n")
        try box.write("xdg/git/ignore", "Global.swift\n")
        try box.write("home/.gitconfig", "[core]\n\texcludesFile = ~/my-ignores\n")
        try box.write("home/my-ignores", "Configured.swift\n")
        for path in ["A.swift", "Sources/Gen/Nested.swift", "Sources/Nested.swift", "Local.swift", "Global.swift",
                     "Configured.swift"] {
            try box.write(path, "let fooBar = 1\n")
        }
        let environment = ["HOME": box.path("home"), "XDG_CONFIG_HOME": box.path("xdg")]
        // A configured excludes file replaces the user's default one, as in git.
        XCTAssertEqual(changedFiles(try box.run(["."], environment: environment)),
                       ["A.swift", "Global.swift", "Sources/Nested.swift"])
        try FileManager.default.removeItem(atPath: box.path("home/.gitconfig"))
        XCTAssertEqual(changedFiles(try box.run(["."], environment: environment)),
                       ["A.swift", "Configured.swift", "Sources/Nested.swift"])
        // A config the proof does not read (an include) leaves the answer to git: the same.
        try box.write("home/.gitconfig", "[include]\n\tpath = ~/more\n")
        try box.write("home/more", "[core]\n\texcludesFile = ~/my-ignores\n")
        XCTAssertEqual(changedFiles(try box.run(["."], environment: environment)),
                       ["A.swift", "Global.swift", "Sources/Nested.swift"])
    }

    func testChangedSinceTakesModifiedAndUntrackedSwiftFiles() throws {
        let box = try Sandbox()
        try box.write("Old.swift", "let fooBar = 1\n")
        try box.write("Edited.swift", "let x = 1\n")
        try box.write("Sub/Other.swift", "let y = 1\n")
        try box.git("init", "-q", ".")
        try box.git("add", ".")
        try box.git("commit", "-q", "-m", "start")
        try box.write("Edited.swift", "let x = fooBar\n")
        try box.write("New.swift", "let fooBar = 2\n")
        try box.write("notes.txt", "fooBar\n")
        XCTAssertEqual(changedFiles(try box.run(["--changed-since", "HEAD"])), ["Edited.swift", "New.swift"])
        XCTAssertEqual(changedFiles(try box.run(["--changed-since", "HEAD", "Sub"])), [])
        let bad = try box.run(["--changed-since", "no-such-revision"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
    }

    func testFilesFromReadsOnePathPerLine() throws {
        let box = try Sandbox()
        try box.write("A.swift", "let fooBar = 1\n")
        try box.write("B.swift", "let fooBar = 1\n")
        try box.write("C.swift", "let fooBar = 1\n")
        try box.write("list.txt", "C.swift\n\nA.swift\n")
        XCTAssertEqual(changedFiles(try box.run(["--files-from", "list.txt"])), ["A.swift", "C.swift"])
        XCTAssertEqual(changedFiles(try box.run(["--files-from", "-"], stdin: Data("B.swift\n".utf8))), ["B.swift"])
    }

    func testFilesFromReadsNULSeparatedPathsExactly() throws {
        let box = try Sandbox()
        let names = ["Odd name.swift", "Line\nbreak.swift", " lead.swift", "Plain.swift"]
        for name in names { try box.write(name, "let fooBar = 1\n") }
        try box.write("Skipped.swift", "let fooBar = 1\n")
        try box.git("init", "-q")
        try box.git("add", "--", "Odd name.swift", "Line\nbreak.swift", " lead.swift")
        let listed = try box.git("ls-files", "-z").stdout
        XCTAssertEqual(listed.filter { $0 == 0 }.count, 3)

        let fromStdin = try box.run(["--apply", "--files-from", "-"], stdin: listed)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.stderr)
        for name in names.prefix(3) { XCTAssertEqual(try box.text(name), "let barFoo = 1\n", name) }
        XCTAssertEqual(try box.text("Plain.swift"), "let fooBar = 1\n")
        XCTAssertEqual(try box.text("Skipped.swift"), "let fooBar = 1\n")

        // From a file, with no NUL after the last path.
        try box.write("list", bytes: Array("Plain.swift".utf8) + [0] + Array("Odd name.swift".utf8))
        try box.write("Odd name.swift", "let fooBar = 3\n")
        let fromFile = try box.run(["--apply", "--files-from", "list"])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertEqual(try box.text("Plain.swift"), "let barFoo = 1\n")
        XCTAssertEqual(try box.text("Odd name.swift"), "let barFoo = 3\n")
        XCTAssertEqual(try box.text("Skipped.swift"), "let fooBar = 1\n")
    }

    func testDirectoryWithoutSwiftFilesIsANoteNotAnError() throws {
        let box = try Sandbox()
        try box.write("Docs/readme.md", "text\n")
        let result = try box.run(["Docs"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("no Swift files found"), result.stderr)
    }
}
