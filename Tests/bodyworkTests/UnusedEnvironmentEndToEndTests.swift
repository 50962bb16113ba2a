// End to end: `unused-environment` removes an environment property only when no file of
// the module reads it, on a temporary package whose view is split over two files.
import Foundation
import XCTest

final class UnusedEnvironmentEndToEndTests: XCTestCase {
    private let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(name: "App", platforms: [.iOS(.v17)], targets: [.target(name: "App")])
        """
    private let view = """
        import SwiftUI

        struct Settings: View {
            @Environment(\\.colorScheme) var colorScheme
            @Environment(\\.locale) var locale

            var body: some View {
                themeLabel
            }
        }

        """

    func testAPropertyReadOnlyInAnotherFilesExtensionIsKept() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("App/Package.swift", manifest)
        _ = try sandbox.write("App/Sources/App/Settings.swift", view)
        _ = try sandbox.write("App/Sources/App/Settings+Theme.swift", """
            import SwiftUI

            extension Settings {
                var themeLabel: some View {
                    Text(colorScheme == .dark ? "Dark" : "Light")
                }
            }

            """)
        let safeOnly = try sandbox.run(["--apply", "--rules", "unused-environment", "App"])
        XCTAssertTrue(safeOnly.stderr.contains("`locale` is never read") && safeOnly.stderr.contains("suggested fix"),
                      "the suggested removal is left and reported: \(safeOnly.stderr)")
        XCTAssertEqual(try sandbox.text("App/Sources/App/Settings.swift"), view, "`\\.locale` mirrors the system's locale: a suggested fix")
        let run = try sandbox.run(["--apply", "--unsafe-fixes", "--rules", "unused-environment", "App"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let after = try sandbox.text("App/Sources/App/Settings.swift")
        XCTAssertTrue(after.contains("@Environment(\\.colorScheme) var colorScheme"), "read in the other file:\n\(after)")
        XCTAssertFalse(after.contains("@Environment(\\.locale)"), "read nowhere:\n\(after)")
        XCTAssertEqual(try sandbox.run(["--lint", "--rules", "unused-environment", "App"]).status, 0, "nothing left to fix")
    }

    func testOneFileOfTheModuleStillSeesTheOthers() throws {
        let sandbox = try Sandbox()
        _ = try sandbox.write("App/Package.swift", manifest)
        _ = try sandbox.write("App/Sources/App/Settings.swift", view)
        _ = try sandbox.write("App/Sources/App/Settings+Theme.swift", """
            import SwiftUI

            extension Settings {
                var themeLabel: some View { Text(locale.identifier + (colorScheme == .dark ? "D" : "L")) }
            }

            """)
        let run = try sandbox.run(["--rules", "unused-environment", "App/Sources/App/Settings.swift"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.output, "", "both properties are read in the file the run was not given")
    }
}
