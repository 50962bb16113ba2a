// Reading Package.swift and Xcode project settings with the project model's readers.
import XCTest
import Foundation
import Codemod
import Settings
import Project

final class PackageSettingsTests: XCTestCase {
    private func manifest(_ text: String) -> PackageInfo {
        PackageSettings.parse(manifest: Array(text.utf8), path: "/p/Package.swift")
    }

    func testToolsVersionLine() {
        XCTAssertEqual(manifest("// swift-tools-version:6.0\n").toolsVersion, Version(6, 0))
        XCTAssertEqual(manifest("// swift-tools-version: 5.9\n").toolsVersion, Version(5, 9))
        XCTAssertEqual(manifest("// swift-tools-version:5.10.1;(experimental)\r\n").toolsVersion, Version(5, 10, 1))
        XCTAssertNil(manifest("import PackageDescription\n").toolsVersion)
    }

    func testPlatformsInEveryShape() {
        let info = manifest("""
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "App",
            platforms: [
                .iOS(.v15), .macOS(.v10_15),
                .watchOS("8.4"), // .tvOS(.v13)
                /* .visionOS(.v1), */ .macCatalyst(.v14)
            ],
            targets: [.target(name: "App")]
        )
        """)
        XCTAssertEqual(info.deploymentTargets, DeploymentTargets([.iOS: Version(15), .macOS: Version(10, 15), .watchOS: Version(8, 4)]))
    }

    func testQuotedVersionsAndOnePlatformPerLine() {
        let info = manifest("// swift-tools-version:6.0\nlet p = Package(name: \"x\", platforms: [.iOS(\"15.4\"), .macOS(.v12)])")
        XCTAssertEqual(info.deploymentTargets.versions[.iOS], Version(15, 4))
        XCTAssertEqual(info.deploymentTargets.versions[.macOS], Version(12))
    }

    func testLanguageMode() {
        XCTAssertEqual(manifest("// swift-tools-version:6.0\n").swiftLanguageMode, 6)
        XCTAssertEqual(manifest("// swift-tools-version:6.0\nPackage(swiftLanguageModes: [.v5])").swiftLanguageMode, 5)
        XCTAssertEqual(manifest("// swift-tools-version:6.0\nPackage(swiftLanguageVersions: [.v5])").swiftLanguageMode, 5)
        XCTAssertEqual(manifest("// swift-tools-version:6.0\nPackage(swiftLanguageModes: [.v5, .v6])").swiftLanguageMode, 6)
        XCTAssertEqual(manifest("// swift-tools-version:6.1\nPackage(swiftLanguageModes: [.version(\"5\")])").swiftLanguageMode, 5)
        XCTAssertEqual(manifest("// swift-tools-version:5.9\n").swiftLanguageMode, 5)
        XCTAssertEqual(manifest("").swiftLanguageMode, 5)
        XCTAssertEqual(manifest("// swift-tools-version:6.0\n// swiftLanguageModes: [.v5]\n").swiftLanguageMode, 6,
                       "commented-out settings do not count")
    }

    func testTargetLanguageModes() {
        let info = manifest("""
        // swift-tools-version:6.0
        let package = Package(name: "P", targets: [
            .target(name: "Legacy", swiftSettings: [.swiftLanguageMode(.v5)]),
            .target(name: "Modern"),
        ])
        """)
        XCTAssertEqual(info.targetLanguageModes, ["Legacy": 5])
        XCTAssertEqual(info.swiftLanguageMode(forFile: "/p/Sources/Legacy/A.swift"), 5)
        XCTAssertEqual(info.swiftLanguageMode(forFile: "/p/Sources/Modern/A.swift"), 6)
        XCTAssertEqual(info.swiftLanguageMode(forFile: "/elsewhere/Sources/Legacy/A.swift"), 6)
    }

    /// A `project.pbxproj` whose project has `projectSettings` and whose targets each
    /// have one configuration with the settings given (one entry per target).
    private func pbxproj(projectSettings: String, targets: [String]) -> String {
        var objects = """
                P = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G; targets = (\(targets.indices.map { "T\($0)" }.joined(separator: ", "))); };
                G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
                PL = {isa = XCConfigurationList; buildConfigurations = (PC); };
                PC = {isa = XCBuildConfiguration; name = Release; buildSettings = {\(projectSettings)}; };

        """
        for (i, settings) in targets.enumerated() {
            objects += """
                    T\(i) = {isa = PBXNativeTarget; name = Target\(i); buildConfigurationList = TL\(i); buildPhases = (); };
                    TL\(i) = {isa = XCConfigurationList; buildConfigurations = (TC\(i)); };
                    TC\(i) = {isa = XCBuildConfiguration; name = Release; buildSettings = {\(settings)}; };

            """
        }
        return "// !$*UTF8*$!\n{\n    archiveVersion = 1;\n    objects = {\n\(objects)    };\n    rootObject = P;\n}\n"
    }

    func testXcodeProjectSettingsTakeTheMinimumOverTargets() throws {
        let text = pbxproj(projectSettings: "MACOSX_DEPLOYMENT_TARGET = \"12.3\"; TVOS_DEPLOYMENT_TARGET = 17.0;",
                           targets: ["IPHONEOS_DEPLOYMENT_TARGET = 16.0;",
                                     "IPHONEOS_DEPLOYMENT_TARGET = 15.0; XROS_DEPLOYMENT_TARGET = 1.0; TVOS_DEPLOYMENT_TARGET = \"$(inherited)\";"])
        let project = try XcodeProject(pbxproj: Array(text.utf8), path: "/p/App.xcodeproj")
        // The second target's `$(inherited)` is no version: its tvOS comes from nowhere,
        // the first's from the project.
        XCTAssertEqual(PackageSettings.deploymentTargets(of: project),
                       DeploymentTargets([.iOS: Version(15, 0), .macOS: Version(12, 3), .tvOS: Version(17, 0),
                                          .visionOS: Version(1, 0)]))
    }

    func testSettingsOutsideATargetsConfigurationsAreNotDeploymentTargets() throws {
        // A text scan would take the commented-out setting and one of a configuration no
        // target uses; the project model reads only what builds.
        let text = pbxproj(projectSettings: "", targets: ["IPHONEOS_DEPLOYMENT_TARGET = 16.0;"])
            .replacingOccurrences(of: "rootObject = P;", with: "rootObject = P;\n    /* IPHONEOS_DEPLOYMENT_TARGET = 12.0; */")
        let project = try XcodeProject(pbxproj: Array(text.utf8), path: "/p/App.xcodeproj")
        XCTAssertEqual(PackageSettings.deploymentTargets(of: project), DeploymentTargets([.iOS: Version(16, 0)]))
    }

    // MARK: - On disk

    private func temporaryRoot() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bodywork-package-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testFindsTheNearestManifestAndFollowsItsChanges() throws {
        let root = try temporaryRoot()
        let manifestURL = root.appendingPathComponent("Package.swift")
        try write("// swift-tools-version:6.0\nlet p = Package(name: \"P\", platforms: [.iOS(.v16)])\n", manifestURL)
        let info = PackageSettings.find(forFile: root.appendingPathComponent("Sources/App/View.swift").path)
        XCTAssertEqual(info?.manifestPath, manifestURL.path)
        XCTAssertEqual(info?.deploymentTargets.versions[.iOS], Version(16))
        XCTAssertEqual(info?.swiftLanguageMode, 6)

        try write("// swift-tools-version:5.9\n", manifestURL)
        let changed = PackageSettings.find(forFile: root.appendingPathComponent("Sources/App/Other.swift").path)
        XCTAssertEqual(changed?.manifestPath, manifestURL.path)
        XCTAssertNil(changed?.deploymentTargets.versions[.iOS], "a manifest changed on disk is read again")
        XCTAssertEqual(changed?.swiftLanguageMode, 5)

        let nested = root.appendingPathComponent("Sources/App/Nested")
        try write("// swift-tools-version:5.9\nlet p = Package(name: \"N\")\n", nested.appendingPathComponent("Package.swift"))
        XCTAssertEqual(PackageSettings.find(forFile: nested.appendingPathComponent("Sources/N/A.swift").path)?.swiftLanguageMode, 5)
    }

    func testXcodeProjectUpward() throws {
        let root = try temporaryRoot()
        try write(pbxproj(projectSettings: "IPHONEOS_DEPLOYMENT_TARGET = 17.0;",
                          targets: ["", "IPHONEOS_DEPLOYMENT_TARGET = 16.4;"]),
                  root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        try write(pbxproj(projectSettings: "", targets: ["MACOSX_DEPLOYMENT_TARGET = 13.0;"]),
                  root.appendingPathComponent("Tools.xcodeproj/project.pbxproj"))
        let targets = PackageSettings.xcodeDeploymentTargets(forFile: root.appendingPathComponent("App/Views/V.swift").path)
        XCTAssertEqual(targets, DeploymentTargets([.iOS: Version(16, 4), .macOS: Version(13, 0)]))

        try write(pbxproj(projectSettings: "IPHONEOS_DEPLOYMENT_TARGET = 17.0;", targets: [""]),
                  root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let raised = PackageSettings.xcodeDeploymentTargets(forFile: root.appendingPathComponent("App/Other.swift").path)
        XCTAssertEqual(raised, DeploymentTargets([.iOS: Version(17, 0), .macOS: Version(13, 0)]), "a changed project is read again")
    }
}
