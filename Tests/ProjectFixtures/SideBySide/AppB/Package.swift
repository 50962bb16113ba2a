// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "AppB",
    platforms: [.iOS(.v15)],
    products: [
        .library(name: "AppB", targets: ["AppB"]),
    ],
    targets: [
        .target(
            name: "AppB",
            path: "Sources/AppB"
        ),
    ]
)
