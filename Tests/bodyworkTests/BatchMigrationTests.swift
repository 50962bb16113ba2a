// --split-by end to end on a two-module package that all three rules fix: the patches of
// every split apply in order to exactly the tree --apply writes, --commit makes one commit
// per group and nothing else, and a tree that is not clean is refused and left alone.
import Foundation
import XCTest

final class BatchMigrationTests: XCTestCase {
    /// The package's files: `App` and `Feature` modules; ItemList and Orders get an
    /// `if` filter moved out of a ForEach row, Tags gets the elements' own identity,
    /// EventRow and Orders get their formatter hoisted, and ItemList keeps one finding
    /// whose fix collides with another.
    private static let files: [(String, String)] = [
        ("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Shop",
                platforms: [.iOS(.v16)],
                targets: [
                    .target(name: "Feature"),
                    .executableTarget(name: "App", dependencies: ["Feature"]),
                ]
            )

            """),
        ("Sources/App/ItemList.swift", """
            import SwiftUI

            struct Item: Identifiable, Hashable {
                let id: UUID
                var name: String
                var isVisible: Bool
            }

            struct ItemList: View {
                let items: [Item]

                var body: some View {
                    List {
                        ForEach(items, id: \\.self) { item in
                            if item.isVisible {
                                Text(item.name)
                            }
                        }
                    }
                }
            }

            """),
        ("Sources/App/EventRow.swift", """
            import SwiftUI

            struct EventRow: View {
                let date: Date

                var body: some View {
                    let formatter = DateFormatter()
                    formatter.dateStyle = .medium
                    return Text(formatter.string(from: date))
                }
            }

            """),
        ("Sources/Feature/Orders.swift", """
            import SwiftUI

            public struct Order: Identifiable {
                public let id: Int
                var title: String
                var isOpen: Bool
                var total: Double
            }

            public struct OrderList: View {
                var orders: [Order]

                public var body: some View {
                    VStack {
                        ForEach(orders) { order in
                            if order.isOpen {
                                OrderRow(order: order)
                            }
                        }
                    }
                }
            }

            struct OrderRow: View {
                let order: Order

                var body: some View {
                    let formatter = NumberFormatter()
                    formatter.numberStyle = .currency
                    return HStack {
                        Text(order.title)
                        Text(formatter.string(from: NSNumber(value: order.total)) ?? "")
                    }
                }
            }

            """),
        ("Sources/Feature/Tags.swift", """
            import SwiftUI

            struct Tag: Identifiable {
                let id: String
                var label: String
            }

            struct TagCloud: View {
                var tags: [Tag]

                var body: some View {
                    HStack {
                        ForEach(tags.indices, id: \\.self) { index in
                            Text(tags[index].label)
                        }
                    }
                }
            }

            """),
    ]

    /// Every file of the package, Package.swift (which no rule changes) included.
    private static let sources = files.map(\.0)

    /// The package in `pkg/` of a new sandbox, committed to its own git repository when
    /// `git` is true.
    private func makePackage(git: Bool = true) throws -> Sandbox {
        let box = try Sandbox()
        for (path, text) in BatchMigrationTests.files { try box.write("pkg/" + path, text) }
        if git {
            try self.git(box, "init", "-q")
            try self.git(box, "config", "user.name", "Test")
            try self.git(box, "config", "user.email", "test@example.com")
            try self.git(box, "config", "commit.gpgsign", "false")
            try self.git(box, "add", "-A")
            try self.git(box, "commit", "-q", "-m", "Start")
        }
        return box
    }

    /// Runs the real rules only, in `pkg/`.
    private func bodywork(_ box: Sandbox, _ arguments: [String]) throws -> RunResult {
        try Sandbox.execute(Sandbox.binary, arguments, in: box.root.appendingPathComponent("pkg"), stdin: nil, environment: [:])
    }

    @discardableResult
    private func git(_ box: Sandbox, _ arguments: String...) throws -> RunResult {
        let result = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments,
                                         in: box.root.appendingPathComponent("pkg"), stdin: nil, environment: [:])
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// Every source file's bytes.
    private func tree(_ box: Sandbox) throws -> [String: [UInt8]] {
        var tree: [String: [UInt8]] = [:]
        for path in BatchMigrationTests.sources { tree[path] = try box.read("pkg/" + path) }
        return tree
    }

    /// The tree `--apply` writes, checked to differ from the original in every source file.
    private func appliedTree() throws -> [String: [UInt8]] {
        let box = try makePackage(git: false)
        let original = try tree(box)
        let result = try bodywork(box, ["--apply", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("5 files scanned, 4 changed, 6 findings, 5 fixes"), result.stderr)
        let applied = try tree(box)
        for path in BatchMigrationTests.sources {
            XCTAssertEqual(applied[path] == original[path], path == "Package.swift", path)
        }
        return applied
    }

    private func assertSameTree(_ actual: [String: [UInt8]], _ expected: [String: [UInt8]],
                                file: StaticString = #filePath, line: UInt = #line) {
        for path in BatchMigrationTests.sources {
            XCTAssertEqual(String(decoding: actual[path] ?? [], as: UTF8.self),
                           String(decoding: expected[path] ?? [], as: UTF8.self), path, file: file, line: line)
            XCTAssertEqual(actual[path], expected[path], "\(path): bytes differ", file: file, line: line)
        }
    }

    // MARK: - Patches

    func testPatchesOfEverySplitApplyInOrderToTheTreeApplyWrites() throws {
        let applied = try appliedTree()
        let expectedNames: [String: [String]] = [
            "rule": ["001-foreach-filter.patch", "002-foreach-identity.patch", "003-formatter-in-body.patch"],
            "module": ["001-App.patch", "002-Feature.patch"],
            "directory": ["001-Sources-App.patch", "002-Sources-Feature.patch"],
        ]
        for mode in ["rule", "module", "directory"] {
            let box = try makePackage()
            let original = try tree(box)
            let result = try bodywork(box, ["--split-by", mode, "--patch-dir", "../patches", "."])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("bodywork: plan, split by \(mode): \(expectedNames[mode]!.count) groups, "
                                                 + "5 fixes in 4 files"), result.stderr)
            assertSameTree(try tree(box), original)
            let names = try FileManager.default.contentsOfDirectory(atPath: box.path("patches")).sorted()
            XCTAssertEqual(names, expectedNames[mode]! + ["README.md"], mode)

            let readme = try box.text("patches/README.md")
            for name in expectedNames[mode]! { XCTAssertTrue(readme.contains("`\(name)`"), "\(mode): README lacks \(name)") }
            XCTAssertTrue(readme.contains("## Findings left for a person"), readme)
            XCTAssertTrue(readme.contains("- `Sources/App/ItemList.swift:14:13` warning foreach-identity:"), readme)

            if mode == "rule" {
                for name in expectedNames[mode]! {
                    let apply = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["git", "apply", "../patches/\(name)"],
                                                    in: box.root.appendingPathComponent("pkg"), stdin: nil, environment: [:])
                    XCTAssertEqual(apply.status, 0, "\(mode): git apply \(name): \(apply.stderr)")
                }
            } else {
                // The README's own instructions.
                let loop = readme.split(separator: "\n").first { $0.hasPrefix("    for patch in ") }
                XCTAssertEqual(loop, "    for patch in ../patches/[0-9]*.patch; do git apply \"$patch\" || break; done")
                let apply = try Sandbox.execute(URL(fileURLWithPath: "/bin/sh"), ["-c", String(loop ?? "false")],
                                                in: box.root.appendingPathComponent("pkg"), stdin: nil, environment: [:])
                XCTAssertEqual(apply.status, 0, "\(mode): \(apply.stderr)")
            }
            assertSameTree(try tree(box), applied)
        }
    }

    func testRulePatchesAreMadeOnTopOfTheOnesBefore() throws {
        let box = try makePackage()
        let result = try bodywork(box, ["--split-by", "rule", "--patch-dir", "../patches", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        let filter = try box.text("patches/001-foreach-filter.patch")
        let identity = try box.text("patches/002-foreach-identity.patch")
        let formatter = try box.text("patches/003-formatter-in-body.patch")
        // Each patch holds its own rule's hunks only.
        for (patch, rule) in [(filter, "foreach-filter"), (identity, "foreach-identity"), (formatter, "formatter-in-body")] {
            let labels = patch.split(separator: "\n").filter { $0.hasPrefix("@@") }.map { $0.split(separator: " ").last! }
            XCTAssertFalse(labels.isEmpty, rule)
            XCTAssertTrue(labels.allSatisfy { $0 == rule }, "\(rule): \(labels)")
        }
        XCTAssertEqual(filter.components(separatedBy: "+++ b/").count - 1, 2, filter)
        XCTAssertEqual(identity.components(separatedBy: "+++ b/").count - 1, 1, identity)
        // Orders.swift lost two lines to the filter patch: the formatter hunk starts at
        // line 22 of that tree, not at line 24 of the original.
        XCTAssertTrue(formatter.contains("+++ b/Sources/Feature/Orders.swift\n@@ -22,12 +22,16 @@ formatter-in-body\n"),
                      formatter)
    }

    func testAFileWhoseFixesCannotBeTakenApartByRuleIsChangedWholeInOneGroup() throws {
        // Together, the call fix (starting at `(`) wins over the rename; rule by rule, the
        // rename comes first and the call fix finds nothing left: the texts differ.
        let applied = try Sandbox()
        try applied.write("A.swift", "let x = f(tangle)\n")
        try applied.write("B.swift", "let tangle = 1\n")
        XCTAssertEqual(try applied.run(["--apply", "A.swift", "B.swift"]).status, 0)
        XCTAssertEqual(try applied.text("A.swift"), "let x = f(beta)\n")
        XCTAssertEqual(try applied.text("B.swift"), "let alpha = 1\n")

        let box = try Sandbox()
        try box.write("A.swift", "let x = f(tangle)\n")
        try box.write("B.swift", "let tangle = 1\n")
        let result = try box.run(["--split-by", "rule", "--patch-dir", "patches", "A.swift", "B.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("bodywork: note: A.swift: its fixes cannot be taken rule by rule; "
                                             + "the file is changed whole in one group"), result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: box.path("patches")).sorted(),
                       ["001-test-tangle-rename.patch", "002-test-tangle-call.patch", "README.md"])
        XCTAssertTrue(try box.text("patches/README.md").contains(
            "- `A.swift`: test-tangle-call 1 (all of the file's fixes: they cannot be taken apart by rule)"))
        for name in ["001-test-tangle-rename.patch", "002-test-tangle-call.patch"] {
            let apply = try Sandbox.execute(URL(fileURLWithPath: "/usr/bin/env"), ["git", "apply", "patches/\(name)"],
                                            in: box.root, stdin: nil, environment: [:])
            XCTAssertEqual(apply.status, 0, "git apply \(name): \(apply.stderr)")
        }
        XCTAssertEqual(try box.read("A.swift"), try applied.read("A.swift"))
        XCTAssertEqual(try box.read("B.swift"), try applied.read("B.swift"))
    }

    func testModulesComeFromTheManifestWhenThereIsOne() throws {
        let box = try Sandbox()
        try box.write("Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Shop", targets: [
                .target(name: "Catalog", path: "Modules/Catalog"),
                .target(name: "Checkout", path: "Modules/Checkout"),
            ])
            """)
        try box.write("Modules/Catalog/A.swift", "let fooBar = 1\n")
        try box.write("Modules/Checkout/B.swift", "let fooBar = 2\n")
        let result = try box.run(["--split-by", "module", "--patch-dir", "patches", "Modules"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: box.path("patches")).sorted(),
                       ["001-Catalog.patch", "002-Checkout.patch", "README.md"],
                       "the targets' names, not the folder the path convention would give")
    }

    func testModulesFollowTheSwiftPMLayoutElseTheFirstFolder() throws {
        let box = try Sandbox()
        for path in ["Sources/App/Views/List.swift", "Sources/App/Model.swift", "Tests/AppTests/ListTests.swift",
                     "Packages/Core/Sources/Core/Store.swift", "Lib/Helpers.swift", "main.swift"] {
            try box.write(path, "let fooBar = 1\n")
        }
        let result = try box.run(["--split-by", "module", "--patch-dir", "patches", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: box.path("patches")).sorted(),
                       ["001-top-level.patch", "002-App.patch", "003-AppTests.patch", "004-Core.patch", "005-Lib.patch",
                        "README.md"])
        let app = try box.text("patches/002-App.patch")
        XCTAssertTrue(app.contains("+++ b/Sources/App/Model.swift\n") && app.contains("+++ b/Sources/App/Views/List.swift\n"), app)
        XCTAssertTrue(try box.text("patches/004-Core.patch").contains("+++ b/Packages/Core/Sources/Core/Store.swift\n"))
        XCTAssertTrue(try box.text("patches/001-top-level.patch").contains("+++ b/main.swift\n"))
        XCTAssertTrue(result.stderr.contains("  1. files outside any folder: 1 fix (test-rename-foo 1) in 1 file"), result.stderr)
    }

    func testMaxFilesCutsGroupsIntoNumberedParts() throws {
        let applied = try appliedTree()
        let box = try makePackage()
        let result = try bodywork(box, ["--split-by", "directory", "--max-files", "1", "--patch-dir", "../patches", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("  2. directory Sources/App (part 2 of 2): "), result.stderr)
        let names = ["001-Sources-App-part-1.patch", "002-Sources-App-part-2.patch",
                     "003-Sources-Feature-part-1.patch", "004-Sources-Feature-part-2.patch"]
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: box.path("patches")).sorted(),
                       names + ["README.md"])
        for name in names {
            let patch = try box.text("patches/\(name)")
            XCTAssertEqual(patch.components(separatedBy: "+++ b/").count - 1, 1, "\(name) changes one file")
            try git(box, "apply", "../patches/\(name)")
        }
        assertSameTree(try tree(box), applied)
    }

    // MARK: - Commits

    func testCommitMakesOneCommitPerGroupAndNothingElse() throws {
        let applied = try appliedTree()
        let expected: [String: [(subject: String, files: [String])]] = [
            "rule": [("bodywork: foreach-filter: 2 fixes", ["Sources/App/ItemList.swift", "Sources/Feature/Orders.swift"]),
                     ("bodywork: foreach-identity: 1 fix", ["Sources/Feature/Tags.swift"]),
                     ("bodywork: formatter-in-body: 2 fixes", ["Sources/App/EventRow.swift", "Sources/Feature/Orders.swift"])],
            "module": [("bodywork: module App: 2 fixes (foreach-filter, formatter-in-body)",
                        ["Sources/App/EventRow.swift", "Sources/App/ItemList.swift"]),
                       ("bodywork: module Feature: 3 fixes (foreach-filter, foreach-identity, formatter-in-body)",
                        ["Sources/Feature/Orders.swift", "Sources/Feature/Tags.swift"])],
            "directory": [("bodywork: directory Sources/App: 2 fixes (foreach-filter, formatter-in-body)",
                           ["Sources/App/EventRow.swift", "Sources/App/ItemList.swift"]),
                          ("bodywork: directory Sources/Feature: 3 fixes (foreach-filter, foreach-identity, formatter-in-body)",
                           ["Sources/Feature/Orders.swift", "Sources/Feature/Tags.swift"])],
        ]
        for mode in ["rule", "module", "directory"] {
            let box = try makePackage()
            let start = try git(box, "rev-parse", "HEAD").output
            let result = try bodywork(box, ["--apply", "--commit", "--split-by", mode, "."])
            XCTAssertEqual(result.status, 0, result.stderr)
            let commits = try git(box, "rev-list", "--reverse", "HEAD").output.split(separator: "\n").map(String.init)
            XCTAssertEqual(commits.count, 1 + expected[mode]!.count, "\(mode): \(commits)")
            XCTAssertEqual(commits.first.map { $0 + "\n" }, start)
            for (commit, group) in zip(commits.dropFirst(), expected[mode]!) {
                XCTAssertEqual(try git(box, "log", "-1", "--format=%s", commit).output, group.subject + "\n", mode)
                let changed = try git(box, "show", "--name-only", "--format=", commit).output
                XCTAssertEqual(changed.split(separator: "\n").map(String.init), group.files, "\(mode): \(group.subject)")
                let body = try git(box, "log", "-1", "--format=%b", commit).output
                XCTAssertTrue(body.contains("formatter-in-body") == group.subject.contains("formatter-in-body"), body)
                if group.subject.contains("foreach-filter") {
                    XCTAssertTrue(body.contains("Move `if` filters out of ForEach rows into a filter on the data"), body)
                }
            }
            XCTAssertEqual(try git(box, "status", "--porcelain").output, "", mode)
            assertSameTree(try tree(box), applied)
        }
    }

    func testCommitWithMaxFilesCommitsEachPart() throws {
        let box = try makePackage()
        let result = try bodywork(box, ["--apply", "--commit", "--split-by", "rule", "--max-files", "1", "."])
        XCTAssertEqual(result.status, 0, result.stderr)
        let subjects = try git(box, "log", "--reverse", "--format=%s").output.split(separator: "\n").map(String.init)
        XCTAssertEqual(subjects, ["Start",
                                  "bodywork: foreach-filter (part 1 of 2): 1 fix",
                                  "bodywork: foreach-filter (part 2 of 2): 1 fix",
                                  "bodywork: foreach-identity: 1 fix",
                                  "bodywork: formatter-in-body (part 1 of 2): 1 fix",
                                  "bodywork: formatter-in-body (part 2 of 2): 1 fix"])
    }

    func testAFailedCommitPutsItsGroupBackAndStops() throws {
        let box = try makePackage()
        let original = try tree(box)
        // A hook that rejects any commit holding Tags.swift: the second group of the rule split.
        try box.write("pkg/.git/hooks/pre-commit", """
            #!/bin/sh
            if git diff --cached --name-only | grep -q Tags.swift; then echo "no tags today" >&2; exit 1; fi
            exit 0

            """)
        chmod(box.path("pkg/.git/hooks/pre-commit"), 0o755)
        let result = try bodywork(box, ["--apply", "--commit", "--split-by", "rule", "."])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("--commit: stopped at group 2 (foreach-identity), put back as it was: "
                                             + "git commit failed: no tags today; group 1 is committed"), result.stderr)
        let subjects = try git(box, "log", "--reverse", "--format=%s").output
        XCTAssertEqual(subjects, "Start\nbodywork: foreach-filter: 2 fixes\n")
        XCTAssertEqual(try git(box, "status", "--porcelain").output, "")
        let now = try tree(box)
        XCTAssertEqual(now["Sources/Feature/Tags.swift"], original["Sources/Feature/Tags.swift"])
        XCTAssertEqual(now["Sources/App/EventRow.swift"], original["Sources/App/EventRow.swift"])
        XCTAssertNotEqual(now["Sources/App/ItemList.swift"], original["Sources/App/ItemList.swift"])
        XCTAssertTrue(result.stderr.contains("2 changed"), result.stderr)
    }

    func testDirtyTreeIsRefusedAndLeftUntouched() throws {
        for dirt in ["modified", "staged", "untracked"] {
            let box = try makePackage()
            switch dirt {
            case "modified": try box.write("pkg/Package.swift", "// changed\n")
            case "staged":
                try box.write("pkg/Notes.txt", "notes\n")
                try git(box, "add", "Notes.txt")
            default: try box.write("pkg/Sources/App/New.swift", "let x = 1\n")
            }
            let before = try tree(box)
            let head = try git(box, "rev-parse", "HEAD").output
            let status = try git(box, "status", "--porcelain").output
            let result = try bodywork(box, ["--apply", "--commit", "--split-by", "rule", "--patch-dir", "../patches", "."])
            XCTAssertEqual(result.status, 2, "\(dirt): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("has uncommitted changes or untracked files"), result.stderr)
            XCTAssertFalse(result.stderr.contains("plan, split by"), result.stderr)
            assertSameTree(try tree(box), before)
            XCTAssertEqual(try git(box, "rev-parse", "HEAD").output, head)
            XCTAssertEqual(try git(box, "status", "--porcelain").output, status)
            XCTAssertFalse(FileManager.default.fileExists(atPath: box.path("patches")), dirt)
        }
    }

    func testCommitOutsideARepositoryIsRefused() throws {
        let box = try makePackage(git: false)
        let before = try tree(box)
        let result = try bodywork(box, ["--apply", "--commit", "--split-by", "module", "."])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("is not in a git work tree; nothing was written"), result.stderr)
        assertSameTree(try tree(box), before)
    }

    func testUsageErrors() throws {
        let box = try makePackage()
        try box.write("full/old.patch", "x\n")
        let cases: [([String], String)] = [
            (["--split-by", "rule", "."], "--split-by needs --patch-dir DIR, or --apply --commit"),
            (["--split-by", "team", "--patch-dir", "../p", "."], "--split-by must be rule, module or directory"),
            (["--commit", "--split-by", "rule", "."], "--commit writes the fixes; it needs --apply"),
            (["--apply", "--commit", "."], "need --split-by"),
            (["--max-files", "0", "--split-by", "rule", "--patch-dir", "../p", "."], "--max-files needs a whole number"),
            (["--split-by", "rule", "--patch-dir", "../full", "."], "is not empty"),
            (["--split-by", "rule", "--patch-dir", "../no/such", "."], "no such directory"),
            (["--lint", "--split-by", "rule", "--patch-dir", "../p", "."], "cannot be combined with --lint"),
        ]
        let before = try tree(box)
        for (arguments, message) in cases {
            let result = try bodywork(box, arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        assertSameTree(try tree(box), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: box.path("p")))
        XCTAssertEqual(try box.text("full/old.patch"), "x\n")
    }
}
