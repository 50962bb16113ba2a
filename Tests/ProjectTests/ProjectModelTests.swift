// The project model on real-shaped projects (Tests/ProjectFixtures, copied to a scratch
// directory so that nothing above them is read): membership, dependencies, visibility
// and deployment targets for packages, Xcode projects, workspaces and plain folders.
import Foundation
import Project
import XCTest

final class ProjectModelTests: XCTestCase {
    /// A scratch copy of the named fixtures; returns its root.
    private func scratch(_ fixtures: String...) throws -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ProjectFixtures")
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-project-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        for name in fixtures {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        return root.path
    }

    private func names(_ model: ProjectModel, _ ids: [String]) -> [String] {
        ids.map { model.module($0)?.name ?? "?" }
    }

    func testPackagesSideBySideAreSeparate() throws {
        let root = try scratch("SideBySide")
        let model = ProjectModel(roots: [root])
        let a = model.owners(ofFile: root + "/SideBySide/AppA/Sources/AppA/TagList.swift")
        let b = model.owners(ofFile: root + "/SideBySide/AppB/Sources/AppB/NameList.swift")
        XCTAssertEqual(a, [root + "/SideBySide/AppA#AppA"])
        XCTAssertEqual(b, [root + "/SideBySide/AppB#AppB"])
        XCTAssertEqual(model.visibleFiles(owners: b), [root + "/SideBySide/AppB/Sources/AppB/NameList.swift"])
        XCTAssertEqual(model.module(a[0])?.files.count, 2)
        XCTAssertEqual(model.module(a[0])?.deploymentTargets, ["iOS": "16", "macOS": "13"])
        XCTAssertEqual(model.module(b[0])?.deploymentTargets, ["iOS": "15"])
        // The manifest itself is no target's file: it gets the package folder's module.
        let manifest = model.owners(ofFile: root + "/SideBySide/AppA/Package.swift")
        XCTAssertEqual(manifest, [root + "/SideBySide/AppA#"])
        XCTAssertEqual(model.module(manifest[0])?.kind, .folder)
    }

    func testTargetsOfOnePackageSeeOnlyTheirDependencies() throws {
        let root = try scratch("OnePackage") + "/OnePackage"
        let model = ProjectModel()
        let feature = model.owners(ofFile: root + "/Sources/Feature/TagCloud.swift")
        XCTAssertEqual(names(model, feature), ["Feature"])
        XCTAssertEqual(names(model, model.visibleModules(of: feature[0])), ["Core", "Feature"])
        XCTAssertEqual(model.visibleFiles(owners: feature), [root + "/Sources/Core/Tag.swift", root + "/Sources/Feature/TagCloud.swift"])
        let tests = model.owners(ofFile: root + "/Tests/FeatureTests/TagCloudTests.swift")
        XCTAssertEqual(model.module(tests[0])?.detail, "testTarget")
        XCTAssertEqual(names(model, model.visibleModules(of: tests[0])), ["Core", "Feature", "FeatureTests"])
        let legacy = model.owners(ofFile: root + "/Sources/Legacy/LabelList.swift")
        XCTAssertEqual(model.visibleFiles(owners: legacy), [root + "/Sources/Legacy/LabelIdentity.swift", root + "/Sources/Legacy/LabelList.swift"])
        XCTAssertEqual(model.project(root)?.name, "Catalog")
        XCTAssertEqual(names(model, model.project(root)?.moduleIDs ?? []), ["Core", "Feature", "Legacy", "FeatureTests"])
    }

    func testSynchronizedFoldersWithMembershipExceptions() throws {
        let root = try scratch("XcodeSynced") + "/XcodeSynced"
        let model = ProjectModel()
        let project = root + "/Notes.xcodeproj"
        let app = project + "#Notes"
        let widget = project + "#NotesWidget"
        XCTAssertEqual(model.owners(ofFile: root + "/Notes/NoteList.swift"), [app])
        XCTAssertEqual(model.owners(ofFile: root + "/Notes/Note.swift"), [app, widget], "added to the widget by an exception")
        XCTAssertEqual(model.owners(ofFile: root + "/NotesWidget/WidgetRows.swift"), [widget])
        XCTAssertEqual(model.module(app)?.files, [root + "/Notes/Note.swift", root + "/Notes/NoteList.swift"],
                       "the excluded Legacy folder is not built")
        let legacy = model.owners(ofFile: root + "/Notes/Legacy/FolderIdentity.swift")
        XCTAssertEqual(model.module(legacy[0])?.kind, .folder)
        XCTAssertEqual(model.module(app)?.dependencies, [widget])
        XCTAssertEqual(model.module(app)?.deploymentTargets, ["iOS": "16.4"], "the target's lowest configuration wins over the project's")
        XCTAssertEqual(model.module(widget)?.deploymentTargets, ["iOS": "18.0"], "inherited from the project")
        XCTAssertEqual(model.module(app)?.detail, "com.apple.product-type.application")
    }

    func testClassicGroupsSharedFilesAndLocalPackages() throws {
        let root = try scratch("XcodeClassic") + "/XcodeClassic"
        let model = ProjectModel()
        let project = root + "/Recipes.xcodeproj"
        let app = project + "#Recipes"
        let share = project + "#Share"
        XCTAssertEqual(model.owners(ofFile: root + "/Recipes/IngredientList.swift"), [app], "a group without a path adds nothing")
        XCTAssertEqual(model.owners(ofFile: root + "/Shared/StepList.swift"), [app, share], "a SOURCE_ROOT group, in two targets")
        XCTAssertEqual(model.module(app)?.files.count, 4)
        XCTAssertEqual(model.module(app)?.dependencies, [root + "/Packages/Pantry#Pantry"])
        XCTAssertEqual(model.visibleFiles(owners: [app, share]), [root + "/Shared/StepList.swift"],
                       "a file in two targets sees only what both see")
        XCTAssertTrue(model.visibleFiles(owners: [app]).contains(root + "/Packages/Pantry/Sources/Pantry/Ingredient.swift"))
        XCTAssertEqual(model.module(app)?.deploymentTargets, ["iOS": "15.0", "macOS": "14.0"])
        XCTAssertEqual(model.module(share)?.deploymentTargets, ["iOS": "17.0", "macOS": "14.0"])
        let unbuilt = model.owners(ofFile: root + "/Recipes/Unbuilt.swift")
        XCTAssertEqual(model.module(unbuilt[0])?.kind, .folder, "listed in a group, built by no target")
    }

    func testWorkspacePackagesResolveProductDependencies() throws {
        let root = try scratch("Workspace") + "/Workspace"
        let model = ProjectModel()
        let garden = model.owners(ofFile: root + "/Garden/Sources/PlantList.swift")
        XCTAssertEqual(garden, [root + "/Garden/Garden.xcodeproj#Garden"])
        XCTAssertEqual(model.module(garden[0])?.dependencies, [root + "/Packages/Seeds#Seeds"])
        XCTAssertEqual(model.project(root + "/Garden.xcworkspace")?.members,
                       [root + "/Garden/Garden.xcodeproj", root + "/Packages/Seeds"])
        XCTAssertEqual(model.module(garden[0])?.deploymentTargets, ["macOS": "14.0"])
    }

    func testFolderWithoutManifestIsOneModuleAtTheGivenRoot() throws {
        let root = try scratch("Loose") + "/Loose"
        let model = ProjectModel(roots: [root])
        let owners = model.owners(ofFile: root + "/Views/SongList.swift")
        XCTAssertEqual(owners, [root + "#"])
        XCTAssertEqual(model.visibleFiles(owners: owners), [root + "/Song.swift", root + "/Views/SongList.swift"])
        XCTAssertEqual(model.owners(ofFile: root + "/Song.swift"), owners)
    }

    private func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func testLocalPackageProductsAndNestedPackages() throws {
        let root = try scratch()
        try write(root + "/App/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "App",
                dependencies: [.package(path: "../Kit"), .package(url: "https://example.com/remote.git", from: "1.0.0")],
                targets: [
                    .executableTarget(name: "App", dependencies: [
                        .product(name: "KitUI", package: "Kit"),
                        .product(name: "Remote", package: "remote"),
                    ], path: "."),
                ]
            )
            """)
        try write(root + "/App/main.swift", "print(1)\n")
        try write(root + "/App/Views/Home.swift", "struct Home {}\n")
        try write(root + "/App/Vendor/Inner/Package.swift", "let package = Package(name: \"Inner\", targets: [.target(name: \"Inner\", path: \".\")])\n")
        try write(root + "/App/Vendor/Inner/Inner.swift", "struct Inner {}\n")
        try write(root + "/Kit/Package.swift", """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Kit",
                products: [.library(name: "KitUI", targets: ["KitUI"])],
                targets: [
                    .target(name: "KitCore", exclude: ["Old"]),
                    .target(name: "KitUI", dependencies: ["KitCore"], sources: ["Views"]),
                ]
            )
            """)
        try write(root + "/Kit/Sources/KitCore/Model.swift", "struct Model {}\n")
        try write(root + "/Kit/Sources/KitCore/Old/Legacy.swift", "struct Legacy {}\n")
        try write(root + "/Kit/Sources/KitUI/Views/Card.swift", "struct Card {}\n")
        try write(root + "/Kit/Sources/KitUI/Previews/CardPreview.swift", "struct CardPreview {}\n")

        let model = ProjectModel()
        let app = model.owners(ofFile: root + "/App/Views/Home.swift")
        XCTAssertEqual(app, [root + "/App#App"])
        XCTAssertEqual(model.module(app[0])?.files, [root + "/App/Views/Home.swift", root + "/App/main.swift"],
                       "path: \".\" takes the package's files but not its manifest or the nested package's files")
        XCTAssertEqual(model.owners(ofFile: root + "/App/Vendor/Inner/Inner.swift"), [root + "/App/Vendor/Inner#Inner"])
        XCTAssertEqual(model.module(app[0])?.dependencies, [root + "/Kit#KitUI"])
        XCTAssertEqual(model.module(app[0])?.unresolvedDependencies, ["remote/Remote"])
        XCTAssertEqual(model.visibleFiles(owners: app), [
            root + "/App/Views/Home.swift", root + "/App/main.swift",
            root + "/Kit/Sources/KitCore/Model.swift", root + "/Kit/Sources/KitUI/Views/Card.swift",
        ], "the product's targets and their dependencies; excluded and unlisted sources are not built")
    }

    func testAFilesModulesDoNotDependOnWhatWasAskedBefore() throws {
        // The app's project lists ../Shared/Helper.swift, which no ancestor of that file
        // holds: the file gets its folder's module whether or not the project was read.
        let root = try scratch("XcodeClassic") + "/XcodeClassic"
        let pbxproj = root + "/Recipes.xcodeproj/project.pbxproj"
        try FileManager.default.createDirectory(atPath: root + "/Other", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: root + "/Recipes.xcodeproj", toPath: root + "/Other/Recipes.xcodeproj")
        let text = try String(contentsOfFile: root + "/Other/Recipes.xcodeproj/project.pbxproj", encoding: .utf8)
        try Data(text.replacingOccurrences(of: "projectDirPath = \"\";", with: "projectDirPath = ..;").utf8)
            .write(to: URL(fileURLWithPath: root + "/Other/Recipes.xcodeproj/project.pbxproj"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: pbxproj))
        let first = ProjectModel()
        XCTAssertEqual(first.owners(ofFile: root + "/Other/Stub.swift").count, 1)  // reads Other/Recipes.xcodeproj
        XCTAssertTrue(first.module(root + "/Other/Recipes.xcodeproj#Recipes")?.files.contains(root + "/Shared/StepList.swift") ?? false)
        let fresh = ProjectModel()
        XCTAssertEqual(first.owners(ofFile: root + "/Shared/StepList.swift"), fresh.owners(ofFile: root + "/Shared/StepList.swift"))
        XCTAssertEqual(fresh.module(fresh.owners(ofFile: root + "/Shared/StepList.swift")[0])?.kind, .folder)
    }

    func testLinksToDirectoriesAreNotFollowed() throws {
        let root = try scratch("Loose") + "/Loose"
        try FileManager.default.createSymbolicLink(atPath: root + "/Views/Loop", withDestinationPath: "..")
        let model = ProjectModel(roots: [root])
        XCTAssertEqual(model.visibleFiles(owners: model.owners(ofFile: root + "/Song.swift")),
                       [root + "/Song.swift", root + "/Views/SongList.swift"])
    }

    func testAFolderOfSeveralProjectsGivesEachFileTheSameModules() throws {
        let root = try scratch("SideBySide", "OnePackage", "XcodeClassic", "XcodeSynced", "Workspace", "Loose")
        let together = ProjectModel(roots: [root])
        for (fixture, file) in [("OnePackage", "Sources/Feature/TagCloud.swift"), ("XcodeClassic", "Shared/StepList.swift"),
                                ("XcodeSynced", "Notes/Note.swift"), ("Workspace", "Garden/Sources/PlantList.swift")] {
            let alone = ProjectModel(roots: [root + "/" + fixture])
            let path = root + "/" + fixture + "/" + file
            XCTAssertEqual(together.owners(ofFile: path), alone.owners(ofFile: path), file)
            XCTAssertEqual(together.visibleFiles(owners: together.owners(ofFile: path)),
                           alone.visibleFiles(owners: alone.owners(ofFile: path)), file)
        }
    }

    /// A module that sees a file through two of its dependencies sees it once; what a set
    /// of modules sees is the intersection of what each sees, and what several sets see
    /// the union; an answer given before a project was read is not given again after.
    func testVisibleFilesAreEachFileOnceAndFollowNewModules() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-visible-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: root) }
        let files = ["Sources/Core/Tag.swift", "Sources/Core/Inner/Badge.swift", "Sources/App/Main.swift", "Sources/Solo/Only.swift"]
        for file in files {
            try FileManager.default.createDirectory(atPath: root + "/" + (file as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data("struct S {}\n".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
        }
        // `Wide` takes all of Sources/Core, `Narrow` a part of it; `App` depends on both.
        try Data("""
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "Overlap", targets: [
            .target(name: "Wide", path: "Sources/Core"),
            .target(name: "Narrow", path: "Sources/Core/Inner"),
            .target(name: "App", dependencies: ["Wide", "Narrow"]),
            .target(name: "Solo"),
        ])
        """.utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        let model = ProjectModel(roots: [root])
        let app = model.owners(ofFile: root + "/Sources/App/Main.swift")
        XCTAssertEqual(names(model, app), ["App"])
        XCTAssertEqual(model.visibleFiles(owners: app),
                       [root + "/Sources/App/Main.swift", root + "/Sources/Core/Inner/Badge.swift", root + "/Sources/Core/Tag.swift"])
        let badge = model.owners(ofFile: root + "/Sources/Core/Inner/Badge.swift")
        XCTAssertEqual(names(model, badge), ["Narrow", "Wide"])
        XCTAssertEqual(model.visibleFiles(owners: badge), [root + "/Sources/Core/Inner/Badge.swift"])
        XCTAssertEqual(model.visibleFiles(owners: [app[0], badge[1]]),
                       [root + "/Sources/Core/Inner/Badge.swift", root + "/Sources/Core/Tag.swift"])
        let solo = model.owners(ofFile: root + "/Sources/Solo/Only.swift")
        XCTAssertEqual(model.filesVisible(toAnyOf: [badge, solo, app]),
                       [root + "/Sources/App/Main.swift", root + "/Sources/Core/Inner/Badge.swift",
                        root + "/Sources/Core/Tag.swift", root + "/Sources/Solo/Only.swift"])
        XCTAssertEqual(model.filesVisible(toAnyOf: [badge]), model.visibleFiles(owners: badge))
        XCTAssertEqual(model.filesVisible(toAnyOf: []), [])
        // A file outside every module asked about: its folder module (with the manifest) is
        // made, and a view that does not see it is unchanged.
        let loose = root + "/Loose.swift"
        try Data("struct L {}\n".utf8).write(to: URL(fileURLWithPath: loose))
        let looseOwners = model.owners(ofFile: loose)
        XCTAssertEqual(model.visibleFiles(owners: looseOwners), [loose, root + "/Package.swift"])
        XCTAssertEqual(model.visibleFiles(owners: app),
                       [root + "/Sources/App/Main.swift", root + "/Sources/Core/Inner/Badge.swift", root + "/Sources/Core/Tag.swift"])
    }
}
