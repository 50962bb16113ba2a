// Reading Package.swift and Xcode project settings as text.
import XCTest
import Foundation
import Codemod

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

    func testXcodeProjectSettingsTakeTheMinimum() {
        let targets = PackageSettings.parse(xcodeProject: Array("""
        buildSettings = {
            IPHONEOS_DEPLOYMENT_TARGET = 16.0;
            MACOSX_DEPLOYMENT_TARGET = "12.3";
        };
        buildSettings = {
            IPHONEOS_DEPLOYMENT_TARGET = 15.0;
            XROS_DEPLOYMENT_TARGET = 1.0;
            TVOS_DEPLOYMENT_TARGET = "$(inherited)";
        };
        """.utf8))
        XCTAssertEqual(targets, DeploymentTargets([.iOS: Version(15, 0), .macOS: Version(12, 3), .visionOS: Version(1, 0)]))
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
        try write("IPHONEOS_DEPLOYMENT_TARGET = 17.0;\nIPHONEOS_DEPLOYMENT_TARGET = 16.4;\n",
                  root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        try write("MACOSX_DEPLOYMENT_TARGET = 13.0;\n", root.appendingPathComponent("Tools.xcodeproj/project.pbxproj"))
        let targets = PackageSettings.xcodeDeploymentTargets(forFile: root.appendingPathComponent("App/Views/V.swift").path)
        XCTAssertEqual(targets, DeploymentTargets([.iOS: Version(16, 4), .macOS: Version(13, 0)]))

        try write("IPHONEOS_DEPLOYMENT_TARGET = 17.0;\n", root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        let raised = PackageSettings.xcodeDeploymentTargets(forFile: root.appendingPathComponent("App/Other.swift").path)
        XCTAssertEqual(raised, DeploymentTargets([.iOS: Version(17, 0), .macOS: Version(13, 0)]), "a changed project is read again")
    }
}
