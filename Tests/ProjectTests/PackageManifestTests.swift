// Reading Package.swift with our own parser: targets in every declaring form, their
// paths and dependencies, products, local packages, platforms and language modes.
import XCTest
import Project

final class PackageManifestTests: XCTestCase {
    private func read(_ text: String) -> PackageManifest { PackageManifest.read(Array(text.utf8)) }

    func testTargetsPathsAndDependencies() {
        let manifest = read("""
        // swift-tools-version:5.10
        import PackageDescription

        let package = Package(
            name: "Shop",
            platforms: [.iOS(.v16), .macOS(.v10_15), .watchOS("9.4")],
            products: [
                .library(name: "ShopKit", targets: ["Core", "UI"]),
                .executable(name: "shop", targets: ["CLI"]),
                .plugin(name: "Lint", targets: ["Lint"]),
            ],
            dependencies: [
                .package(path: "../Design"),
                .package(name: "Legacy", path: "Vendor/legacy-kit"),
                .package(url: "https://github.com/apple/swift-collections.git", from: "1.0.0"),
            ],
            targets: [
                .target(name: "Core", exclude: ["Generated", "README.md"]),
                .target(
                    name: "UI",
                    dependencies: [
                        "Core",
                        .target(name: "Theme"),
                        .product(name: "Design", package: "Design"),
                        .product(name: "OrderedCollections", package: "swift-collections"),
                        .byName(name: "Legacy"),
                    ],
                    path: "Sources/Interface",
                    sources: ["Views", "App.swift"],
                    swiftSettings: [.swiftLanguageMode(.v5)]
                ),
                // .target(name: "Commented"),
                .target(name: "Theme"),
                .executableTarget(name: "CLI", dependencies: ["UI"]),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
                .macro(name: "ShopMacros"),
                .plugin(name: "Lint", capability: .buildTool()),
            ],
            swiftLanguageModes: [.v5, .version("6")]
        )
        """)
        XCTAssertEqual(manifest.name, "Shop")
        XCTAssertEqual(manifest.toolsVersion, "5.10")
        XCTAssertEqual(manifest.targets.map(\.name), ["Core", "UI", "Theme", "CLI", "CoreTests", "ShopMacros", "Lint"])
        XCTAssertEqual(manifest.targets.map(\.kind), ["target", "target", "target", "executableTarget", "testTarget", "macro", "plugin"])
        let ui = manifest.targets[1]
        XCTAssertEqual(ui.path, "Sources/Interface")
        XCTAssertEqual(ui.sources, ["Views", "App.swift"])
        XCTAssertEqual(ui.languageMode, 5)
        XCTAssertEqual(ui.dependencies, [.byName("Core"), .target("Theme"), .product(name: "Design", package: "Design"),
                                         .product(name: "OrderedCollections", package: "swift-collections"), .byName("Legacy")])
        XCTAssertEqual(manifest.targets[0].exclude, ["Generated", "README.md"])
        XCTAssertNil(manifest.targets[0].sources)
        XCTAssertEqual(manifest.targets[4].defaultPathCandidates.first, "Tests/CoreTests")
        XCTAssertEqual(manifest.targets[6].defaultPathCandidates, ["Plugins/Lint"])
        XCTAssertEqual(manifest.products.map(\.name), ["ShopKit", "shop", "Lint"], "a plugin product declares no target")
        XCTAssertEqual(manifest.products[0].targets, ["Core", "UI"])
        XCTAssertEqual(manifest.dependencies.map(\.identity), ["Design", "Legacy", "swift-collections"])
        XCTAssertEqual(manifest.dependencies.map(\.path), ["../Design", "Vendor/legacy-kit", nil])
        XCTAssertEqual(manifest.deploymentTargets, ["iOS": "16", "macOS": "10.15", "watchOS": "9.4"])
        XCTAssertEqual(manifest.languageModes, [5, 6])
    }

    func testTargetsDeclaredOutsideThePackageCall() {
        let manifest = read("""
        // swift-tools-version: 6.0
        import PackageDescription

        let targets: [Target] = [
            Target.target(name: "A"),
            .testTarget(name: "ATests", dependencies: [.target(name: "A")]),
        ]
        let package = Package(name: "P", targets: targets)
        package.targets.append(.target(name: "B", dependencies: ["A"]))
        """)
        XCTAssertEqual(manifest.toolsVersion, "6.0")
        XCTAssertEqual(manifest.targets.map(\.name), ["A", "ATests", "B"], "a .target(name:) in dependencies declares nothing")
        XCTAssertEqual(manifest.targets[1].dependencies, [.target("A")])
    }

    func testBrokenManifestsGiveWhatTheyCan() {
        XCTAssertTrue(read("").targets.isEmpty)
        XCTAssertNil(read("import PackageDescription").toolsVersion)
        let manifest = read("let package = Package(name: \"X\", targets: [.target(name: \"A\"), .target(name: name), .target(")
        XCTAssertEqual(manifest.targets.map(\.name), ["A"])
        XCTAssertEqual(read("// swift-tools-version:5.10.1;(experimental)\n").toolsVersion, "5.10.1")
    }
}
