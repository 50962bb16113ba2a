// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Pantry",
    platforms: [.iOS(.v15)],
    products: [.library(name: "Pantry", targets: ["Pantry"])],
    targets: [.target(name: "Pantry")]
)
