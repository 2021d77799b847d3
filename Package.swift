// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "SusiEngine",
    products: [
        .library(name: "SusiEngine", targets: ["SusiEngine"]),
    ],
    targets: [
        .target(
            name: "SusiEngine",
            path: "Sources/SusiEngine",
            exclude: ["README.md"]
        ),
        .testTarget(
            name: "SusiEngineTests",
            dependencies: ["SusiEngine"],
            path: "Tests/SusiEngineTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
