// The proof that lets a run skip `git check-ignore`: it may only say "nothing is ignored"
// when git says so too. Checked against git itself, pattern by pattern, and on the
// sources of patterns besides .gitignore files.
import Foundation
import XCTest
@testable import BodyworkCLI

final class GitIgnoreProofTests: XCTestCase {
    /// Paths of a typical app, plus some that the patterns below aim at.
    private let paths = [
        "App.swift", "Sources/App/ContentView.swift", "Sources/App/Build/Helper.swift", "Sources/Gen/Model.pb.swift",
        "Sources/Gen/deep/Item.swift", "Tests/AppTests/AppTests.swift", "build/Out.swift", "Vendor/lib/Thing.swift",
        "Packages/Kit/Sources/Kit/Kit.swift", "Scratch.swift", "Sources/App/[x].swift",
    ]

    /// Patterns as users write them: names, suffixes, anchored paths, directories,
    /// `**`, classes, `?`, case differences and negations.
    private let patterns = [
        "xcuserdata/", "*.xcscmblueprint", "build/", "DerivedData/", ".DS_Store", "/*.xcodeproj", "*.pb.swift",
        "Sources/Gen/", "/Sources/Gen/deep", "**/deep/", "Sources/**/Helper.swift", "Sources/**/*.swift", "**/Kit.swift",
        "Vendor/*", "Vendor/**", "/build", "Scratch.swift", "scratch.swift", "BUILD/", "S?ratch.swift", "[ST]cratch.swift",
        "*.swift", "!App.swift", "Tests/*/AppTests.swift", "Packages/**/Sources", "/Sources/App", "App", "*[", "**",
        "Sources/App/[[]x].swift", "Out.swift/", "ContentView.swift ", "Tests/", "Packages/Kit/", "**/App.swift", "Sources/**/App/",
    ]

    /// Git's own answer for `paths` with `.gitignore` holding `gitignore`.
    private func gitIgnored(in box: Sandbox, home: String) throws -> Set<String> {
        let result = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["git", "check-ignore", "-z", "--stdin"],
                                         in: box.root, stdin: Data(paths.joined(separator: "\u{0}").utf8),
                                         environment: ["HOME": home, "XDG_CONFIG_HOME": "", "GIT_CONFIG_NOSYSTEM": "1"])
        XCTAssertTrue(result.status == 0 || result.status == 1, result.stderr)
        return Set(result.output.split(separator: "\u{0}").map(String.init))
    }

    private func makeRepository() throws -> (box: Sandbox, top: String, home: String) {
        let box = try Sandbox()
        try box.git("init", "-q", ".")
        for path in paths { try box.write(path, "let x = 1\n") }
        try FileManager.default.createDirectory(atPath: box.path("home"), withIntermediateDirectories: true)
        let top = URL(fileURLWithPath: box.root.path).resolvingSymlinksInPath().path
        return (box, top, box.path("home"))
    }

    func testNeverSaysNothingIsIgnoredWhenGitIgnoresAFile() throws {
        let (box, top, home) = try makeRepository()
        let environment = ["HOME": home]
        var provedSomewhere = false
        for pattern in patterns {
            try box.write(".gitignore", pattern + "\n")
            let ignored = try gitIgnored(in: box, home: home)
            for path in paths {
                let proved = GitIgnoreProof.ignoresNone([path], topLevel: top, environment: environment)
                if ignored.contains(path) {
                    XCTAssertFalse(proved, "git ignores \(path) with `\(pattern)`, the proof says nothing is")
                }
                provedSomewhere = provedSomewhere || proved
            }
            if !ignored.isEmpty {
                // One call covers every file of a run.
                XCTAssertFalse(GitIgnoreProof.ignoresNone(paths, topLevel: top, environment: environment), pattern)
            }
        }
        XCTAssertTrue(provedSomewhere)
    }

    func testAnOrdinaryAppWithAnXcodeGitignoreNeedsNoGit() throws {
        let (box, top, home) = try makeRepository()
        try box.write(".gitignore", "# Xcode\nxcuserdata/\n*.xcscmblueprint\nDerivedData/\n*.moved-aside\n!default.pbxuser\n/.build\n*.ipa\n\n")
        try box.write("Sources/.gitignore", "*.generated.swift\r\n")
        let ordinary = paths.filter { !$0.hasPrefix("build/") }
        XCTAssertEqual(try gitIgnored(in: box, home: home), [])
        XCTAssertTrue(GitIgnoreProof.ignoresNone(ordinary, topLevel: top, environment: ["HOME": home]))
        // A nested ignore file applies below its directory only.
        try box.write("Sources/Gen/.gitignore", "Model.pb.swift\n")
        XCTAssertFalse(GitIgnoreProof.ignoresNone(["Sources/Gen/Model.pb.swift"], topLevel: top, environment: ["HOME": home]))
        XCTAssertTrue(GitIgnoreProof.ignoresNone(["Model.pb.swift", "Sources/App/ContentView.swift"], topLevel: top,
                                                 environment: ["HOME": home]))
    }

    func testPatternsOutsideGitignoreFilesCount() throws {
        let (box, top, home) = try makeRepository()
        let environment = ["HOME": home]
        XCTAssertTrue(GitIgnoreProof.ignoresNone(["Scratch.swift"], topLevel: top, environment: environment))

        try box.write(".git/info/exclude", "Scratch.swift\n")
        XCTAssertFalse(GitIgnoreProof.ignoresNone(["Scratch.swift"], topLevel: top, environment: environment), "info/exclude")
        try box.write(".git/info/exclude", "")

        try box.write("home/.config/git/ignore", "Scratch.swift\n")
        XCTAssertFalse(GitIgnoreProof.ignoresNone(["Scratch.swift"], topLevel: top, environment: environment), "default user ignore file")
        try box.write("xdg/git/ignore", "Scratch.swift\n")
        XCTAssertFalse(GitIgnoreProof.ignoresNone(["Scratch.swift"], topLevel: top,
                                                  environment: ["HOME": home, "XDG_CONFIG_HOME": box.path("xdg")]))
        try FileManager.default.removeItem(atPath: box.path("home/.config/git/ignore"))
        try FileManager.default.removeItem(atPath: box.path("xdg/git/ignore"))

        for (config, excludes) in [("home/.gitconfig", "~/global-ignore"), ("home/.gitconfig", "\"" + box.path("quoted") + "\""),
                                   (".git/config", "local-ignore")] {
            let excludesPath = excludes.hasPrefix("~/") ? "home/global-ignore" : excludes.hasPrefix("\"") ? "quoted" : "local-ignore"
            try box.write(excludesPath, "Scratch.swift\n")
            let original = (try? box.text(config)) ?? ""
            try box.write(config, original + "[core]\n\texcludesFile = \(excludes)\n")
            XCTAssertFalse(GitIgnoreProof.ignoresNone(["Scratch.swift"], topLevel: top, environment: environment), config + " " + excludes)
            XCTAssertTrue(GitIgnoreProof.ignoresNone(["App.swift"], topLevel: top, environment: environment), config + " " + excludes)
            try box.write(config, original)
        }

        // What the proof does not read sends the question to git.
        let config = try box.text(".git/config")
        for addition in ["[include]\n\tpath = other\n", "[core]\n\tworktree = /elsewhere\n", "[core] excludesfile = x\n",
                         "[core]\n\texcludesfile = ~someone/ignore\n"] {
            try box.write(".git/config", config + addition)
            XCTAssertFalse(GitIgnoreProof.ignoresNone(["App.swift"], topLevel: top, environment: environment), addition)
        }
        try box.write(".git/config", config)
        for unread in ["Sc\\ratch.swift\n", "Ünïcode.swift\n", "[unclosed\n"] {
            try box.write(".gitignore", unread)
            XCTAssertFalse(GitIgnoreProof.ignoresNone(["App.swift"], topLevel: top, environment: environment), unread)
        }
        XCTAssertFalse(GitIgnoreProof.ignoresNone(["App.swift"], topLevel: top, environment: [:]), "no home directory")
    }

    func testAnIgnoreFileTooLargeToMatchCheaplyIsLeftToGit() throws {
        let (box, top, home) = try makeRepository()
        let files = (0..<500).map { "Sources/Feature\($0 / 50)/File\($0).swift" }
        try box.write(".gitignore", (0..<100).map { "generated-\($0).txt\n" }.joined())
        XCTAssertTrue(GitIgnoreProof.ignoresNone(files, topLevel: top, environment: ["HOME": home]))
        try box.write(".gitignore", (0..<5_000).map { "generated-\($0).txt\n" }.joined())
        XCTAssertFalse(GitIgnoreProof.ignoresNone(files, topLevel: top, environment: ["HOME": home]),
                       "500 files × 5,000 patterns is past the budget")
    }

    func testTheWorkTreeIsFoundOnlyWhereNothingButTheGitDirectoryDecidesIt() throws {
        let (box, top, _) = try makeRepository()
        XCTAssertEqual(GitIgnoreProof.workTree(containing: top, environment: [:]), top)
        XCTAssertEqual(GitIgnoreProof.workTree(containing: top + "/Sources/App", environment: ["GIT_SSL_CAINFO": "x"]), top)
        XCTAssertNil(GitIgnoreProof.workTree(containing: top + "/Sources/App", environment: ["GIT_DIR": top + "/.git"]))
        XCTAssertNil(GitIgnoreProof.workTree(containing: top + "/Sources", environment: ["GIT_CONFIG_PARAMETERS": "'a.b'='c'"]))
        XCTAssertNil(GitIgnoreProof.workTree(containing: top + "/.git/refs", environment: [:]))
        // A worktree or submodule has a `.git` file: git reads it, the proof does not.
        try box.write("Packages/Kit/.git", "gitdir: ../../.git/modules/Kit\n")
        XCTAssertNil(GitIgnoreProof.workTree(containing: top + "/Packages/Kit/Sources", environment: [:]))
        // An empty `.git` directory is no repository: git looks further up.
        try FileManager.default.createDirectory(atPath: box.path("Vendor/.git"), withIntermediateDirectories: true)
        XCTAssertNil(GitIgnoreProof.workTree(containing: top + "/Vendor/lib", environment: [:]))
    }
}
