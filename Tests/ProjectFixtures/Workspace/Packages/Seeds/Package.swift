// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Seeds",
    products: [.library(name: "Seeds", targets: ["Seeds"])],
    targets: [.target(name: "Seeds")]
)
