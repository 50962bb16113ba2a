// swift-tools-version:6.0
// bodywork: a lossless codemod for SwiftUI performance anti-patterns.
import PackageDescription

let package = Package(
    name: "bodywork",
    products: [
        .executable(name: "bodywork", targets: ["bodywork"]),
        .library(name: "SwiftCST", targets: ["SwiftCST"]),
        .plugin(name: "BodyworkCommand", targets: ["BodyworkCommand"]),
        .plugin(name: "BodyworkLintCommand", targets: ["BodyworkLintCommand"]),
        .plugin(name: "BodyworkLint", targets: ["BodyworkLint"]),
    ],
    targets: [
        .target(name: "SwiftCST"),
        // The C library's allocator tuning and extended attributes, which the Glibc module
        // does not export (called directly, so that a static executable has them too).
        .target(name: "SystemShims"),
        // Every thread, lock, placement, allocator and byte-search mechanism of a run, behind
        // small named APIs, each kept for what the benchmark measures it gains.
        .target(name: "Runtime", dependencies: ["SystemShims"]),
        .target(name: "Patch", dependencies: ["SystemShims"]),
        .target(name: "Project", dependencies: ["SwiftCST", "SystemShims", "Runtime"]),
        // Type facts gathered from every file of a run, and the queries rules ask of them.
        .target(name: "Semantics", dependencies: ["SwiftCST"]),
        .target(name: "Codemod", dependencies: ["SwiftCST", "Semantics", "Runtime"]),
        // What the run reads around the code: `.bodywork.json`, package and project
        // settings, exclude patterns.
        .target(name: "Settings", dependencies: ["Codemod", "Project", "Patch"]),
        .target(name: "Transforms", dependencies: ["SwiftCST", "Codemod"], path: "Transforms", exclude: ["README.md"]),
        // The command line as a library, so that the shipping executable and the test build
        // share it; only `bodywork-testing` adds the test-only rules.
        .target(name: "BodyworkCLI", dependencies: ["SwiftCST", "Codemod", "Settings", "Transforms", "Patch", "Project",
                                                    "SystemShims", "Runtime"],
                path: "Sources/bodywork", exclude: ["README.md"]),
        .executableTarget(name: "bodywork", dependencies: ["BodyworkCLI"], path: "Sources/BodyworkMain"),
        .executableTarget(name: "bodywork-testing", dependencies: ["BodyworkCLI", "Codemod", "SwiftCST"],
                          path: "Tests/BodyworkTesting"),
        .plugin(
            name: "BodyworkCommand",
            capability: .command(
                intent: .custom(verb: "bodywork", description: "Preview or apply SwiftUI performance fixes"),
                permissions: [.writeToPackageDirectory(reason: "bodywork --apply rewrites source files in place")]
            ),
            dependencies: ["bodywork"]
        ),
        .plugin(
            name: "BodyworkLintCommand",
            capability: .command(intent: .custom(verb: "bodywork-lint",
                                                 description: "Report SwiftUI performance findings without changing files")),
            dependencies: ["bodywork"]
        ),
        .plugin(name: "BodyworkLint", capability: .buildTool(), dependencies: ["bodywork"]),
        .testTarget(name: "SwiftCSTTests", dependencies: ["SwiftCST"]),
        .testTarget(name: "PatchTests", dependencies: ["Patch"]),
        .testTarget(name: "ProjectTests", dependencies: ["Project"]),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime"]),
        .testTarget(name: "SemanticsTests", dependencies: ["SwiftCST", "Semantics"]),
        .testTarget(name: "CodemodTests", dependencies: ["SwiftCST", "Codemod", "Settings", "Transforms", "Project"]),
        .testTarget(name: "SettingsTests", dependencies: ["SwiftCST", "Codemod", "Settings", "Project"]),
        .testTarget(name: "bodyworkTests", dependencies: ["bodywork", "bodywork-testing", "BodyworkCLI", "Runtime"], exclude: ["Schemas"]),
        .testTarget(name: "GoldenTests", dependencies: ["SwiftCST", "Codemod", "Transforms"]),
        .testTarget(name: "TransformsTests", dependencies: ["SwiftCST", "Codemod", "Transforms"]),
    ]
)
