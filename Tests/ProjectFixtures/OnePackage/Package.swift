// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Catalog",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [
        .library(name: "Feature", targets: ["Feature"]),
    ],
    targets: [
        .target(name: "Core"),
        .target(name: "Feature", dependencies: ["Core"]),
        .target(name: "Legacy"),
        .testTarget(name: "FeatureTests", dependencies: [.target(name: "Feature")]),
    ]
)
