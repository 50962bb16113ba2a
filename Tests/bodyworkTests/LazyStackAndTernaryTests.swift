// eager-stack and conditional-modifier as a user meets them: the deployment target read
// from Package.swift decides whether `LazyVStack` fixes are made; styles of two types are
// reported but not merged, whatever the target.
import Foundation
import XCTest

final class LazyStackAndTernaryTests: XCTestCase {
    private let view = """
        import SwiftUI

        struct Feed: View {
            let posts: [String]
            let isWarning: Bool

            var body: some View {
                ScrollView {
                    VStack(spacing: 4) {
                        ForEach(posts, id: \\.self) { post in Text(post).frame(maxWidth: .infinity) }
                    }
                }
                if isWarning {
                    Text("Status").foregroundStyle(.red)
                } else {
                    Text("Status").foregroundStyle(.secondary)
                }
            }
        }

        """

    private func manifest(_ platform: String) -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Feed",
            platforms: [\(platform)],
            targets: [.target(name: "Feed")]
        )

        """
    }

    func testPackagePlatformsRecentEnoughGetBothFixes() throws {
        let box = try Sandbox()
        try box.write("Package.swift", manifest(".iOS(.v16), .macOS(.v13)"))
        try box.write("Sources/Feed/Feed.swift", view)
        let result = try box.run(["--apply", "--unsafe-fixes", "--rules", "eager-stack,conditional-modifier", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let fixed = try box.text("Sources/Feed/Feed.swift")
        XCTAssertTrue(fixed.contains("LazyVStack(spacing: 4) {"), fixed)
        // `AnyShapeStyle` around a `Color` and a `HierarchicalShapeStyle` would snap where
        // the two branches cross-fade: the `if` stays.
        XCTAssertFalse(fixed.contains("AnyShapeStyle"), fixed)
        XCTAssertTrue(fixed.contains("if isWarning"), fixed)
        let again = try box.run(["--lint", "--unsafe-fixes", "--rules", "eager-stack,conditional-modifier", "Sources"])
        let report = again.output + again.stderr
        XCTAssertFalse(report.contains("[eager-stack]"), report)
        XCTAssertTrue(report.contains("[conditional-modifier]") && report.contains("would snap"), report)
    }

    func testOlderPackagePlatformsKeepTheCodeAndReportWhy() throws {
        let box = try Sandbox()
        try box.write("Package.swift", manifest(".iOS(.v13), .macOS(.v10_15)"))
        try box.write("Sources/Feed/Feed.swift", view)
        let applied = try box.run(["--apply", "--unsafe-fixes", "--rules", "eager-stack,conditional-modifier", "Sources"])
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try box.text("Sources/Feed/Feed.swift"), view, "nothing written below the fixes' platforms")
        let lint = try box.run(["--lint", "--unsafe-fixes", "--rules", "eager-stack,conditional-modifier", "Sources"])
        let report = lint.output + lint.stderr
        XCTAssertTrue(report.contains("[eager-stack]"), report)
        XCTAssertTrue(report.contains("[conditional-modifier]"), report)
        XCTAssertTrue(report.contains("needs iOS 14"), report)
    }

    func testSuggestedLazyStackWaitsForUnsafeFixes() throws {
        let box = try Sandbox()
        try box.write("Package.swift", manifest(".iOS(.v16)"))
        try box.write("Sources/Feed/Feed.swift", view)
        let result = try box.run(["--apply", "--rules", "eager-stack", "Sources"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try box.text("Sources/Feed/Feed.swift"), view, "a suggested fix is not applied without --unsafe-fixes")
    }
}
