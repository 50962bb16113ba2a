// Reading project.pbxproj and workspace files directly: what the model builds on.
import Project
import XCTest

final class XcodeProjectTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ProjectFixtures").path

    func testClassicProjectResolvesGroupPaths() throws {
        let project = try XCTUnwrap(XcodeProject.read(path: fixtures + "/XcodeClassic/Recipes.xcodeproj"))
        let root = fixtures + "/XcodeClassic"
        XCTAssertEqual(project.name, "Recipes")
        XCTAssertEqual(project.targets.map(\.name), ["Recipes", "Share"])
        XCTAssertEqual(project.targets[0].sourceFiles, [root + "/Recipes/IngredientList.swift", root + "/Recipes/RecipesApp.swift",
                                                        root + "/Recipes/StringIdentity.swift", root + "/Shared/StepList.swift"])
        XCTAssertEqual(project.targets[1].sourceFiles, [root + "/Share/ShareView.swift", root + "/Shared/StepList.swift"])
        XCTAssertEqual(project.targets[0].packageProducts,
                       [XcodeProject.PackageProduct(name: "Pantry", localPackagePath: root + "/Packages/Pantry", isRemote: false)])
        XCTAssertEqual(project.localPackagePaths, [root + "/Packages/Pantry"])
        XCTAssertEqual(project.targets[0].productType, "com.apple.product-type.application")
    }

    func testSynchronizedProjectKeepsExceptionsPerTarget() throws {
        let root = fixtures + "/XcodeSynced"
        let project = try XCTUnwrap(XcodeProject.read(path: root + "/Notes.xcodeproj"))
        let app = project.targets[0]
        let widget = project.targets[1]
        XCTAssertEqual(app.synchronizedFolders, [XcodeProject.SynchronizedFolder(path: root + "/Notes", excluded: ["Info.plist", "Legacy"])])
        XCTAssertFalse(app.synchronizedFolders[0].includes("Legacy/FolderIdentity.swift"))
        XCTAssertTrue(app.synchronizedFolders[0].includes("LegacyNotes.swift"))
        XCTAssertEqual(app.dependencies, ["NotesWidget"])
        XCTAssertEqual(widget.sourceFiles, [root + "/Notes/Note.swift"], "an exception of a folder the target does not list adds the file")
        XCTAssertEqual(widget.synchronizedFolders.map(\.path), [root + "/NotesWidget"])
    }

    func testProjectDirPathAndAbsoluteAndBuiltProductPaths() throws {
        let text = """
        // !$*UTF8*$!
        { objects = {
            P = { isa = PBXProject; mainGroup = G; projectDirPath = ../src; targets = ( T ); };
            G = { isa = PBXGroup; children = ( F1, F2, F3, V ); sourceTree = "<group>"; };
            V = { isa = PBXVariantGroup; children = ( ); name = Main.storyboard; sourceTree = "<group>"; };
            F1 = { isa = PBXFileReference; path = A.swift; sourceTree = "<group>"; };
            F2 = { isa = PBXFileReference; path = /opt/shared/B.swift; sourceTree = "<absolute>"; };
            F3 = { isa = PBXFileReference; path = Gen.swift; sourceTree = BUILT_PRODUCTS_DIR; };
            B1 = { isa = PBXBuildFile; fileRef = F1; }; B2 = { isa = PBXBuildFile; fileRef = F2; }; B3 = { isa = PBXBuildFile; fileRef = F3; };
            S = { isa = PBXSourcesBuildPhase; files = ( B1, B2, B3, MISSING ); };
            T = { isa = PBXNativeTarget; name = Tool; buildPhases = ( S ); dependencies = ( ); };
        }; rootObject = P; }
        """
        let project = try XcodeProject(pbxproj: Array(text.utf8), path: "/w/app/Tool.xcodeproj")
        XCTAssertEqual(project.sourceRoot, "/w/src")
        XCTAssertEqual(project.targets.first?.sourceFiles, ["/w/src/A.swift", "/opt/shared/B.swift"])
        XCTAssertEqual(project.targets.first?.deploymentTargets, [:])
    }

    func testFolderReferencesMayBeLocalPackages() throws {
        // Xcode 15 adds a local package as a folder reference and names only the product.
        let text = """
        { objects = {
            P = { isa = PBXProject; mainGroup = G; targets = ( T ); };
            G = { isa = PBXGroup; children = ( K, R ); sourceTree = "<group>"; };
            K = { isa = PBXFileReference; lastKnownFileType = wrapper; path = Kit; sourceTree = "<group>"; };
            R = { isa = PBXFileReference; lastKnownFileType = text; path = README.md; sourceTree = "<group>"; };
            D = { isa = XCSwiftPackageProductDependency; productName = KitUI; };
            E = { isa = XCSwiftPackageProductDependency; productName = "plugin:Lint"; };
            T = { isa = PBXNativeTarget; name = App; buildPhases = ( ); packageProductDependencies = ( D, E ); };
        }; rootObject = P; }
        """
        let project = try XcodeProject(pbxproj: Array(text.utf8), path: "/w/App.xcodeproj")
        XCTAssertEqual(project.localPackagePaths, ["/w/Kit"])
        XCTAssertEqual(project.targets.first?.packageProducts, [XcodeProject.PackageProduct(name: "KitUI", localPackagePath: nil, isRemote: false)])
    }

    func testReadFollowsEditsOfTheProjectFile() throws {
        // The model and the settings both ask for the project above a file: the second
        // answer comes from the first parse while the file is unchanged, and an edit (same
        // path, same length) is parsed again.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-read-\(getpid())").path
        let project = directory + "/App.xcodeproj"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func write(_ target: String) throws {
            let text = """
            { objects = {
                P = { isa = PBXProject; mainGroup = G; targets = ( T ); };
                G = { isa = PBXGroup; children = ( ); sourceTree = "<group>"; };
                T = { isa = PBXNativeTarget; name = \(target); buildPhases = ( ); dependencies = ( ); };
            }; rootObject = P; }
            """
            try text.write(toFile: project + "/project.pbxproj", atomically: true, encoding: .utf8)
        }
        try write("First")
        XCTAssertEqual(XcodeProject.read(path: project)?.targets.map(\.name), ["First"])
        XCTAssertEqual(XcodeProject.read(path: project)?.targets.map(\.name), ["First"])
        try write("Other")
        XCTAssertEqual(XcodeProject.read(path: project)?.targets.map(\.name), ["Other"])
        try FileManager.default.removeItem(atPath: project + "/project.pbxproj")
        XCTAssertNil(XcodeProject.read(path: project), "a project file that is gone is not remembered")
    }

    func testNotAPropertyListIsAnError() {
        XCTAssertThrowsError(try XcodeProject(pbxproj: Array("{ objects = ".utf8), path: "/x.xcodeproj"))
    }

    func testWorkspaceLocations() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace
           version = "1.0">
           <FileRef
              location = "group:App/App.xcodeproj">
           </FileRef>
           <Group
              location = "container:Modules"
              name = "Modules">
              <FileRef
                 location = "group:Kit">
              </FileRef>
              <Group location = "group:Nested" name = "Nested">
                 <FileRef location = "group:Deep.xcodeproj"></FileRef>
              </Group>
           </Group>
           <FileRef
              location = "absolute:/opt/Shared/Shared.xcodeproj">
           </FileRef>
           <FileRef
              location = "container:Tools &amp; Scripts/Tools.xcodeproj">
           </FileRef>
        </Workspace>
        """
        let workspace = XcodeWorkspace(contents: Array(xml.utf8), path: "/w/All.xcworkspace")
        XCTAssertEqual(workspace.references, ["/w/App/App.xcodeproj", "/w/Modules/Kit", "/w/Modules/Nested/Deep.xcodeproj",
                                              "/opt/Shared/Shared.xcodeproj", "/w/Tools & Scripts/Tools.xcodeproj"])
    }

    func testWorkspaceLocationsHaveTheirEntitiesReadOnce() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
           <FileRef location = "container:A &quot;B&quot; &apos;C&apos; &lt;D&gt; &amp;lt;E &amp; F/G.xcodeproj"></FileRef>
           <FileRef location = "container:Plain &amp/H.xcodeproj"></FileRef>
        </Workspace>
        """
        let workspace = XcodeWorkspace(contents: Array(xml.utf8), path: "/w/All.xcworkspace")
        XCTAssertEqual(workspace.references, ["/w/A \"B\" 'C' <D> &lt;E & F/G.xcodeproj", "/w/Plain &amp/H.xcodeproj"])
    }
}
