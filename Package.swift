// swift-tools-version:6.0
import PackageDescription

// Layering (see docs/architecture.md): the executable hands argv to SusiHost;
// SusiHost owns the explicit module list; modules depend on SusiCLI and
// SusiCore only, never on each other.
let package = Package(
    name: "susi",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "susi", targets: ["susi"]),
    ],
    targets: [
        .executableTarget(name: "susi", dependencies: ["SusiHost"]),
        .target(name: "SusiCLI"),
        .target(name: "SusiCore", dependencies: ["SusiCLI"]),
        .target(name: "ConfigModule", dependencies: ["SusiCLI", "SusiCore"], path: "Sources/Modules/Config"),
        .target(name: "SusiHost", dependencies: ["SusiCLI", "SusiCore", "ConfigModule"]),
        .testTarget(name: "SusiCLITests", dependencies: ["SusiCLI"]),
        .testTarget(name: "SusiCoreTests", dependencies: ["SusiCore", "SusiCLI"]),
        .testTarget(name: "SusiHostTests", dependencies: ["SusiHost", "SusiCore", "SusiCLI"],
                    exclude: ["Snapshots"]),
    ]
)
