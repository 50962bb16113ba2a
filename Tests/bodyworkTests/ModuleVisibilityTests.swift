// End to end: each file's fixes are proven against its own module and that module's
// dependencies — never another app in the same run, never less because the run was
// given one file — on the real-shaped projects in Tests/ProjectFixtures.
import Foundation
import XCTest

final class ModuleVisibilityTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ProjectFixtures")

    /// A sandbox holding copies of the named fixtures.
    private func sandbox(_ names: String...) throws -> Sandbox {
        let sandbox = try Sandbox()
        for name in names {
            try FileManager.default.copyItem(at: ModuleVisibilityTests.fixtures.appendingPathComponent(name),
                                             to: sandbox.root.appendingPathComponent(name))
        }
        return sandbox
    }

    /// The foreach-identity findings a lint run reports (`path:line:column: severity: message`), sorted.
    private func findings(_ sandbox: Sandbox, _ arguments: [String], stdin: Data? = nil) throws -> [String] {
        let result = try sandbox.run(["--lint", "--format", "xcode", "--rules", "foreach-identity"] + arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.output.split(separator: "\n").map(String.init).sorted()
    }

    /// The files a preview would change.
    private func changedFiles(_ sandbox: Sandbox, _ arguments: [String], stdin: Data? = nil) throws -> [String] {
        let result = try sandbox.run(["--rules", "foreach-identity"] + arguments, stdin: stdin)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.output.split(separator: "\n").filter { $0.hasPrefix("+++ b/") }.map { String($0.dropFirst(6)) }
    }

    func testAConformanceInOnePackageDoesNotReachThePackageBesideIt() throws {
        let sandbox = try sandbox("SideBySide")
        XCTAssertEqual(try changedFiles(sandbox, ["SideBySide"]), ["SideBySide/AppA/Sources/AppA/TagList.swift"],
                       "AppB's [String] is not Identifiable where AppB is compiled")
        XCTAssertEqual(try sandbox.run(["--apply", "--rules", "foreach-identity", "SideBySide"]).status, 0)
        XCTAssertTrue(try sandbox.text("SideBySide/AppB/Sources/AppB/NameList.swift").contains("ForEach(names, id: \\.self)"))
        XCTAssertTrue(try sandbox.text("SideBySide/AppA/Sources/AppA/TagList.swift").contains("ForEach(tags) { tag in"))
    }

    func testTargetsSeeTheirDependenciesAndNotUnrelatedTargets() throws {
        let sandbox = try sandbox("OnePackage")
        let result = try sandbox.run(["--rules", "foreach-identity", "OnePackage"])
        XCTAssertTrue(result.output.contains("-            ForEach(tags, id: \\.self) { tag in\n+            ForEach(tags) { tag in"),
                      "Feature depends on Core, which declares Tag Identifiable:\n\(result.output)")
        XCTAssertFalse(result.output.contains("-            ForEach(labels, id: \\.self)"),
                       "Feature does not depend on Legacy, whose String conformance it never sees:\n\(result.output)")
        XCTAssertTrue(result.output.contains("-        ForEach(labels, id: \\.self) { label in\n+        ForEach(labels) { label in"),
                      "Legacy sees its own conformance:\n\(result.output)")
    }

    func testPartialRunsIndexTheWholeModuleButChangeOnlyTheSelectedFiles() throws {
        let sandbox = try sandbox("OnePackage")
        let file = "OnePackage/Sources/Feature/TagCloud.swift"
        XCTAssertEqual(try changedFiles(sandbox, [file]), [file], "one file: Core's Tag is still known")

        try sandbox.write("list.txt", file + "\n")
        XCTAssertEqual(try changedFiles(sandbox, ["--files-from", "list.txt"]), [file])

        let stdin = try Data(contentsOf: sandbox.root.appendingPathComponent(file))
        let piped = try sandbox.run(["--rules", "foreach-identity", "--stdin-path", file, "-"], stdin: stdin)
        XCTAssertEqual(piped.status, 0, piped.stderr)
        XCTAssertTrue(piped.output.contains("ForEach(tags) { tag in"), "stdin uses the module of --stdin-path:\n\(piped.output)")
        XCTAssertTrue(piped.output.contains("ForEach(labels, id: \\.self)"))

        try sandbox.git("init", "-q")
        try sandbox.git("add", "-A")
        try sandbox.git("commit", "-q", "-m", "start")
        try sandbox.write(file, try sandbox.text(file) + "\n// edited\n")
        XCTAssertEqual(try changedFiles(sandbox, ["--changed-since", "HEAD"]), [file],
                       "--changed-since: the changed file, proven against its whole module")
    }

    /// A module's dependencies cannot name what it declares: their mentions of a member's
    /// name withhold no fix of it, where a file of the module's own still does.
    func testDependenciesMentionsDoNotWithholdAModulesFixes() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("Shelf/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Shelf",
                platforms: [.iOS(.v17)],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Feature", dependencies: ["Core"]),
                ]
            )

            """)
        _ = try sandbox.write("Shelf/Sources/Core/Notice.swift", """
            struct Notice {
                let content: String
            }

            func describe(_ notice: Notice) -> String { notice.content }

            """)
        let card = """
            import SwiftUI

            struct Card<Content: View>: View {
                let content: () -> Content

                init(@ViewBuilder content: @escaping () -> Content) {
                    self.content = content
                }

                var body: some View {
                    VStack { content() }
                }
            }

            """
        _ = try sandbox.write("Shelf/Sources/Feature/Card.swift", card)
        let preview = try sandbox.run(["--rules", "stored-view-builder", "Shelf"])
        XCTAssertTrue(preview.output.contains("+    @ViewBuilder let content: Content"),
                      "Core depends on nothing in Feature, so its `notice.content` is not a use of Card's:\n\(preview.output)\n\(preview.stderr)")

        _ = try sandbox.write("Shelf/Sources/Feature/Reader.swift", """
            func describe(_ notice: Notice) -> String { notice.content }

            """)
        let withheld = try sandbox.run(["--lint", "--format", "json", "--rules", "stored-view-builder", "Shelf"])
        XCTAssertTrue(withheld.output.contains("another file of the module reads a member named `content` (Shelf/Sources/Feature/Reader.swift)"),
                      withheld.output)
        XCTAssertFalse(withheld.output.contains("(Shelf/Sources/Core/Notice.swift)"), withheld.output)
    }

    func testXcodeProjectsSynchronizedAndClassic() throws {
        let sandbox = try sandbox("XcodeSynced", "XcodeClassic")
        XCTAssertEqual(try changedFiles(sandbox, ["XcodeSynced", "XcodeClassic"]), [
            "XcodeClassic/Recipes/IngredientList.swift",  // Ingredient comes from the local package Pantry
            "XcodeSynced/Notes/NoteList.swift",
            "XcodeSynced/NotesWidget/WidgetRows.swift",  // Note.swift joins the widget by a membership exception
        ])
        let notes = try sandbox.run(["--rules", "foreach-identity", "XcodeSynced/Notes/NoteList.swift"]).output
        XCTAssertFalse(notes.contains("-            ForEach(folders"), "the Legacy folder is excluded from the target:\n\(notes)")
        // StepList is in the app and the share extension; only the app sees the String conformance.
        XCTAssertEqual(try changedFiles(sandbox, ["XcodeClassic/Shared/StepList.swift"]), [])
    }

    func testWorkspaceAndFolderWithoutManifest() throws {
        let sandbox = try sandbox("Workspace", "Loose")
        XCTAssertEqual(try changedFiles(sandbox, ["Workspace/Garden/Sources/PlantList.swift"]),
                       ["Workspace/Garden/Sources/PlantList.swift"], "Seeds is a package the workspace lists")
        XCTAssertEqual(try changedFiles(sandbox, ["Loose"]), ["Loose/Views/SongList.swift"],
                       "a folder without a manifest, given to the run, is one module")
    }

    func testTheSameFindingsWhateverTheRunIsGiven() throws {
        let sandbox = try sandbox("SideBySide", "OnePackage", "XcodeSynced", "XcodeClassic", "Workspace")
        let cases: [(file: String, module: String, project: String)] = [
            ("OnePackage/Sources/Feature/TagCloud.swift", "OnePackage/Sources/Feature", "OnePackage"),
            ("SideBySide/AppB/Sources/AppB/NameList.swift", "SideBySide/AppB/Sources/AppB", "SideBySide/AppB"),
            ("XcodeSynced/Notes/NoteList.swift", "XcodeSynced/Notes", "XcodeSynced"),
            ("XcodeClassic/Shared/StepList.swift", "XcodeClassic/Shared", "XcodeClassic"),
        ]
        let everything = try findings(sandbox, ["."])
        for (file, module, project) in cases {
            let alone = try findings(sandbox, [file])
            XCTAssertEqual(try findings(sandbox, [module]).filter { $0.hasPrefix(file + ":") }, alone, file)
            XCTAssertEqual(try findings(sandbox, [project]).filter { $0.hasPrefix(file + ":") }, alone, file)
            XCTAssertEqual(everything.filter { $0.hasPrefix(file + ":") }, alone, file)
        }
        let tagCloud = try findings(sandbox, ["OnePackage/Sources/Feature/TagCloud.swift"])
        XCTAssertEqual(tagCloud.count, 1)
        XCTAssertTrue(tagCloud.first?.hasPrefix("OnePackage/Sources/Feature/TagCloud.swift:10:13: warning: `id: \\.self` identifies rows by value") ?? false,
                      "the finding the comparison is about: \(tagCloud)")

        var union: [String] = []
        for project in ["SideBySide", "OnePackage", "XcodeSynced", "XcodeClassic", "Workspace"] {
            union += try findings(sandbox, [project])
        }
        XCTAssertEqual(everything, union.sorted(), "a folder of several apps gives the union of each app alone")

        let serial = try sandbox.run(["--rules", "foreach-identity", "--jobs", "1", "."])
        let parallel = try sandbox.run(["--rules", "foreach-identity", "--jobs", "4", "."])
        XCTAssertEqual(serial.output, parallel.output)
        XCTAssertFalse(serial.output.isEmpty)
    }

    func testDescribePrintsTheModel() throws {
        let sandbox = try sandbox("XcodeClassic")
        let text = try sandbox.run(["describe", "XcodeClassic"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.output.contains("""
        xcodeproj Recipes (XcodeClassic/Recipes.xcodeproj)
          module Recipes [com.apple.product-type.application]: 4 files
            depends on: Pantry/Pantry
            deployment targets: iOS 15.0, macOS 14.0
          module Share [com.apple.product-type.app-extension]: 2 files
            deployment targets: iOS 17.0, macOS 14.0
        """), text.output)
        XCTAssertTrue(text.output.contains("swiftpm Pantry (XcodeClassic/Packages/Pantry)\n  module Pantry [target]: 1 file\n"), text.output)

        let json = try sandbox.run(["describe", "--format", "json", "XcodeClassic"])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let projects = try XCTUnwrap(document["projects"] as? [[String: Any]])
        let recipes = try XCTUnwrap(projects.first { $0["name"] as? String == "Recipes" })
        let modules = try XCTUnwrap(recipes["modules"] as? [[String: Any]])
        XCTAssertEqual(modules.map { $0["name"] as? String }, ["Recipes", "Share"])
        XCTAssertEqual(modules[0]["files"] as? Int, 4)
        XCTAssertEqual(modules[0]["dependencies"] as? [String], ["Pantry/Pantry"])
        XCTAssertEqual(modules[1]["deploymentTargets"] as? [String: String], ["iOS": "17.0", "macOS": "14.0"])

        XCTAssertEqual(try sandbox.run(["describe", "Missing"]).status, 2)
        XCTAssertEqual(try sandbox.run(["describe", "--format", "sarif"]).status, 2)
    }

    func testDescribeAPathShowsOnlyWhatItIsIn() throws {
        let sandbox = try sandbox("XcodeClassic")
        let file = try sandbox.run(["describe", "XcodeClassic/Share/ShareView.swift"])
        XCTAssertEqual(file.status, 0, file.stderr)
        XCTAssertEqual(file.output, """
            xcodeproj Recipes (XcodeClassic/Recipes.xcodeproj)
              module Share [com.apple.product-type.app-extension]: 2 files
                deployment targets: iOS 17.0, macOS 14.0

            """)
        let folder = try sandbox.run(["describe", "XcodeClassic/Packages/Pantry/Sources"])
        XCTAssertEqual(folder.output, "swiftpm Pantry (XcodeClassic/Packages/Pantry)\n  module Pantry [target]: 1 file\n"
                       + "    deployment targets: iOS 15\n")
    }

    func testVerboseNamesEachFilesModules() throws {
        let sandbox = try sandbox("XcodeClassic")
        let result = try sandbox.run(["--verbose", "--rules", "foreach-identity", "XcodeClassic/Shared/StepList.swift"])
        XCTAssertTrue(result.stderr.contains("XcodeClassic/Shared/StepList.swift: module xcode-target Recipes (XcodeClassic/Recipes.xcodeproj), xcode-target Share (XcodeClassic/Recipes.xcodeproj); sees 1 file"),
                      result.stderr)
    }
}

/// Deployment targets are per module: an Xcode target's own setting, not the lowest of
/// the whole project.
final class ModuleDeploymentTargetTests: XCTestCase {
    func testEachTargetGetsItsOwnDeploymentTarget() throws {
        let sandbox = try Sandbox()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ProjectFixtures")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("XcodeClassic"),
                                         to: sandbox.root.appendingPathComponent("XcodeClassic"))
        let project = "XcodeClassic/Recipes.xcodeproj/project.pbxproj"
        // The app target goes down to iOS 14; the share extension keeps the project's iOS 17.
        try sandbox.write(project, try sandbox.text(project).replacingOccurrences(of: "IPHONEOS_DEPLOYMENT_TARGET = 15.0;",
                                                                                  with: "IPHONEOS_DEPLOYMENT_TARGET = 14.0;"))
        let view = { (name: String) in """
            import SwiftUI

            struct \(name): View {
                let date: Date

                var body: some View {
                    let formatter = DateFormatter()
                    formatter.dateStyle = .long
                    return Text(formatter.string(from: date))
                }
            }

            """ }
        try sandbox.write("XcodeClassic/Share/ShareView.swift", view("ShareView"))
        try sandbox.write("XcodeClassic/Recipes/RecipesApp.swift", view("RecipesRow"))
        let result = try sandbox.run(["--rules", "formatter-in-body", "XcodeClassic/Share", "XcodeClassic/Recipes/RecipesApp.swift"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let diffs = result.output.components(separatedBy: "--- a/")
        let share = try XCTUnwrap(diffs.first { $0.hasPrefix("XcodeClassic/Share/ShareView.swift") })
        let app = try XCTUnwrap(diffs.first { $0.hasPrefix("XcodeClassic/Recipes/RecipesApp.swift") })
        // Both keep their formatter (as a static); the message names FormatStyle where the
        // target has it.
        XCTAssertTrue(share.contains("Self.longDateFormatter.string(from: date)"), result.output)
        XCTAssertTrue(app.contains("Self.longDateFormatter.string(from: date)"), result.output)
        let lint = try sandbox.run(["--lint", "--rules", "formatter-in-body", "XcodeClassic/Share", "XcodeClassic/Recipes/RecipesApp.swift"])
        let notes = (lint.output + lint.stderr).split(separator: "\n")
        XCTAssertTrue(notes.contains { $0.hasPrefix("XcodeClassic/Share/ShareView.swift") && $0.contains("or use `formatted(date: .long") },
                      "iOS 17: FormatStyle named\n\(lint.output)\(lint.stderr)")
        XCTAssertFalse(notes.contains { $0.hasPrefix("XcodeClassic/Recipes/RecipesApp.swift") && $0.contains("formatted(") },
                       "iOS 14: no FormatStyle\n\(lint.output)\(lint.stderr)")
    }
}

/// The Swift language mode is the file's target's, wherever the target's folder is.
final class ModuleLanguageModeTests: XCTestCase {
    func testATargetWithItsOwnPathKeepsItsLanguageMode() throws {
        let sandbox = try Sandbox()
        try sandbox.write("Shop/Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "Legacy", path: "Code/Legacy", swiftSettings: [.swiftLanguageMode(.v5)]),
                    .target(name: "Modern", path: "Code/Modern"),
                ]
            )

            """)
        let row = """
            import SwiftUI

            struct Row<T>: View {
                let date: Date

                var body: some View {
                    let f = DateFormatter()
                    f.dateStyle = .medium
                    return Text(f.string(from: date))
                }
            }

            """
        try sandbox.write("Shop/Code/Legacy/Row.swift", row)
        try sandbox.write("Shop/Code/Modern/Row.swift", row)
        let result = try sandbox.run(["--rules", "formatter-in-body", "Shop"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let diffs = result.output.components(separatedBy: "--- a/")
        let legacy = try XCTUnwrap(diffs.first { $0.hasPrefix("Shop/Code/Legacy/Row.swift") })
        let modern = try XCTUnwrap(diffs.first { $0.hasPrefix("Shop/Code/Modern/Row.swift") })
        XCTAssertTrue(legacy.contains("+private let mediumDateFormatter"), "Swift 5: no isolation\n\(legacy)")
        XCTAssertTrue(modern.contains("+@MainActor private let mediumDateFormatter"), "Swift 6\n\(modern)")
    }
}
