// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "AppA",
    platforms: [.iOS(.v16), .macOS(.v13)],
    targets: [
        .target(name: "AppA"),
    ]
)
