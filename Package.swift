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
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SusiStore", dependencies: ["CSQLite"]),
        // No pkgConfig: readline's .pc adds -D flags SwiftPM refuses; the headers are in /usr/include.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .target(name: "SusiShell", dependencies: ["CReadline", "SusiCLI"]),
        .target(name: "SusiSpeech", dependencies: ["SusiCLI", "SusiCore"]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .target(name: "SusiEngine", exclude: ["README.md"]),
        .target(name: "SusiSkills", resources: [.copy("models")]),
        .target(name: "SusiLocal", dependencies: ["SusiCLI", "SusiCore", "SusiEngine", "SusiSkills", "SusiStore", "CSodium"]),
        .target(name: "SusiRemote", dependencies: ["SusiCLI", "SusiCore", "SusiEngine"]),
        .target(name: "SusiVault", dependencies: ["CSodium", "SusiCLI", "SusiCore"]),
        // libmicrohttpd through dlopen: only `susi serve` loads it (and GnuTLS).
        .target(name: "CMicroHTTPD"),
        .target(name: "SusiServer", dependencies: ["SusiCore", "SusiEngine", "CMicroHTTPD"]),
        // Benchmarks (make bench); not installed.
        .executableTarget(name: "susi-engine-bench", dependencies: ["SusiEngine"], path: "bench/EngineBench"),
        // Test-only helpers (a loopback HTTP server); never linked into susi.
        .target(name: "SusiTestSupport"),
        // Test-only: one process storing one login, so the vault tests can run
        // many real processes at once. Not a product, never installed.
        .executableTarget(name: "susi-vault-stress", dependencies: ["SusiVault"], path: "Tests/VaultStress"),
        // libcurl through dlopen: loaded on the first HTTP request, not at start-up.
        .target(name: "CHTTPClient"),
        .target(name: "SusiCore", dependencies: ["SusiCLI", "SusiEngine", "CHTTPClient"]),
        .target(name: "ConfigModule", dependencies: ["SusiCLI", "SusiCore"], path: "Sources/Modules/Config"),
        .target(name: "SkillsModule", dependencies: ["SusiCLI", "SusiCore", "SusiEngine", "SusiLocal"], path: "Sources/Modules/Skills"),
        .target(name: "ChatModule", dependencies: ["SusiCLI", "SusiCore", "SusiEngine", "SusiLocal", "SusiShell"], path: "Sources/Modules/Chat"),
        .target(name: "LoginModule", dependencies: ["SusiCLI", "SusiCore", "SusiVault"], path: "Sources/Modules/Login"),
        .target(name: "ServeModule", dependencies: ["SusiCLI", "SusiCore", "SusiLocal", "SusiServer"], path: "Sources/Modules/Serve"),
        .target(name: "SusiHost", dependencies: ["SusiCLI", "SusiCore", "SusiLocal", "SusiRemote", "SusiVault", "SusiSpeech", "ConfigModule", "SkillsModule", "ChatModule", "LoginModule", "ServeModule"]),
        .testTarget(name: "SusiCLITests", dependencies: ["SusiCLI"]),
        .testTarget(name: "SusiCoreTests", dependencies: ["SusiCore", "SusiCLI", "SusiTestSupport"]),
        .testTarget(name: "SusiEngineTests", dependencies: ["SusiEngine"]),
        .testTarget(name: "SusiStoreTests", dependencies: ["SusiStore"]),
        .testTarget(name: "SusiVaultTests", dependencies: ["SusiVault", "SusiCore", "SusiCLI", "susi-vault-stress"]),
        .testTarget(name: "SusiRemoteTests", dependencies: ["SusiRemote", "SusiCore", "SusiEngine", "SusiTestSupport"]),
        .testTarget(name: "SusiLocalTests", dependencies: ["SusiLocal", "SusiCore", "SusiStore", "SusiEngine"]),
        .testTarget(name: "SusiServerTests", dependencies: ["SusiServer", "SusiLocal", "SusiRemote", "SusiCore", "SusiEngine", "SusiTestSupport"]),
        // One contract suite, the same cases against EmbeddedService and RemoteService + susi serve.
        .testTarget(name: "SusiContractTests", dependencies: ["SusiServer", "SusiLocal", "SusiRemote", "SusiCore", "SusiEngine"]),
        .testTarget(name: "SusiHostTests", dependencies: ["SusiHost", "SusiCore", "SusiCLI", "SusiLocal", "SusiEngine", "SusiVault", "SusiTestSupport"],
                    exclude: ["Snapshots"]),
    ]
)
