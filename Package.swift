// swift-tools-version:6.0
import PackageDescription

// Layering, bottom up (docs/decisions/0301-the-floor.md): SusiBasics is the floor
// (exit codes, reportable errors, child spawning, interrupts, untrusted text,
// atomic and private files) and knows no command line; SusiCLI is the command
// framework over it. SusiPorts (docs/decisions/0302-ports.md) holds the protocols
// for the outside world (the SUSI service by concern, the speaker, voices, speech)
// and the values they carry; SusiCore holds Context, settings and Services, whose
// makers make each port lazily. Adapters (SusiNet, SusiSpeaker, SusiSpeech,
// SusiListen, SusiVault, SusiLocal, SusiRemote, SusiServer, SusiAuthoring) use the
// floor and the ports (docs/decisions/0340-adapters-off-the-core.md), never SusiCore,
// SusiCLI or Context; what binds them to a Context lives in SusiCommands. Modules
// use SusiCLI, SusiCore, SusiPorts, SusiCommands and some adapters, never the store,
// the engine, SusiLocal or one another. SusiHost depends on every module (the list below), registers them
// (Registry.swift) and makes the adapters (Backends.swift); the executable hands
// argv to SusiHost. Tests/SusiTestKit is what the host's and the modules' tests share.

// The command modules, one call each: module(), at the bottom of this file, makes the
// module's target, its test target (over the module, the test kit and `tests`) and its
// place in SusiHost's dependencies. This order is the build's; help's is Registry.modules'.
let modules = [
    module("Config", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands"],
           tests: ["SusiBasics", "SusiCLI", "SusiCore", "SusiHost"]),
    module("Skills", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiPorts"],
           tests: ["SusiAuthoring", "SusiBasics", "SusiCLI", "SusiCore", "SusiEngine", "SusiHost", "SusiLocal", "SusiPorts", "SusiReply", "SusiStore"]),
    module("Chat", uses: ["SusiBasics", "SusiCLI", "SusiCommands", "SusiCore", "SusiReply", "SusiShell", "SusiPorts"],
           tests: ["SusiAuthoring", "SusiCLI", "SusiCommands", "SusiCore", "SusiEngine", "SusiHost", "SusiNet", "SusiTestSupport"]),
    module("Login", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"],
           tests: ["SusiBasics", "SusiCLI", "SusiCommands", "SusiCore", "SusiHost", "SusiLocal", "SusiNet", "SusiPorts", "SusiTestSupport", "SusiVault"]),
    module("Rate", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"],
           tests: ["SusiCore", "SusiHost", "SusiLocal", "SusiPorts"]),
    module("Feedback", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"],
           tests: ["SusiCLI", "SusiCore", "SusiHost", "SusiLocal", "SusiPorts"]),
    module("Voice", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiPorts"],
           tests: ["SusiCore", "SusiHost", "SusiLocal", "SusiNet", "SusiPorts"]),
    module("Serve", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiPorts"],
           tests: ["SusiBasics", "SusiHost", "SusiPorts"]),
    module("Device", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"],
           tests: ["SusiBasics", "SusiCLI", "SusiCore", "SusiHost", "SusiLocal", "SusiNet", "SusiPorts", "SusiTestSupport"]),
    module("Listen", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiPorts"],
           tests: ["SusiBasics", "SusiCLI", "SusiHost", "SusiListen", "SusiNet", "SusiPorts", "SusiSpeech"]),
    module("Onboard", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiPorts"],
           tests: ["SusiBasics", "SusiCLI", "SusiCore", "SusiHost", "SusiVault"]),
    module("Room", uses: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"],
           tests: ["SusiCLI", "SusiCommands", "SusiCore", "SusiHost", "SusiPorts"]),
    module("Shell", uses: ["SusiBasics", "SusiCLI", "SusiCommands", "SusiCore", "SusiShell"],
           tests: ["SusiBasics", "SusiCLI", "SusiCore", "SusiHost", "SusiLocal", "SusiTestSupport"]),
    module("Remind", uses: ["SusiBasics", "SusiCLI", "SusiCommands", "SusiCore", "SusiPorts"],
           tests: ["SusiBasics", "SusiCLI", "SusiCommands", "SusiCore", "SusiHost", "SusiLocal", "SusiNet", "SusiPorts", "SusiStore"]),
]

let package = Package(
    name: "susi",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "susi", targets: ["susi"]),
    ],
    targets: [
        .executableTarget(name: "susi", dependencies: ["SusiHost", "SusiCLI"]),
        // The floor: exit codes and the reportable-error shape, child spawning,
        // interrupts, untrusted-text rendering, atomic and private files. Knows no
        // command line; every target may use it.
        .target(name: "SusiBasics"),
        .target(name: "SusiCLI", dependencies: ["SusiBasics"]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SusiStore", dependencies: ["CSQLite"]),
        // No pkgConfig: readline's .pc adds -D flags SwiftPM refuses; the headers are in /usr/include.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .target(name: "SusiShell", dependencies: ["SusiBasics", "CReadline", "SusiCLI"]),
        // libespeak-ng through dlopen: only the commands that list voices or synthesize load it.
        .target(name: "CESpeak"),
        .target(name: "SusiSpeech", dependencies: ["CESpeak", "SusiBasics", "SusiPorts"]),
        // libpocketsphinx through dlopen: only the commands that listen load it.
        .target(name: "CPocketSphinx"),
        .target(name: "SusiListen", dependencies: ["CPocketSphinx", "SusiBasics", "SusiPorts"]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // The chat.json reply and its JSON values: shared by the engine, the service seam, backends and server.
        .target(name: "SusiReply"),
        .target(name: "SusiEngine", dependencies: ["SusiReply"], exclude: ["README.md"]),
        .target(name: "SusiSkills", resources: [.copy("models")]),
        .target(name: "SusiLocal", dependencies: ["SusiReply", "SusiEngine", "SusiSkills", "SusiStore", "CSodium", "SusiAuthoring", "SusiBasics", "SusiPorts"]),
        // Skill files an author names, answered and tested in memory (chat --skill, skills test),
        // and the engine's HTTP console fetcher.
        .target(name: "SusiAuthoring", dependencies: ["SusiEngine", "SusiNet", "SusiReply", "SusiSkills", "SusiBasics", "SusiPorts"]),
        .target(name: "SusiRemote", dependencies: ["SusiReply", "SusiNet", "SusiBasics", "SusiPorts"]),
        .target(name: "SusiVault", dependencies: ["CSodium", "SusiBasics", "SusiPorts"]),
        // libmicrohttpd through dlopen: only `susi serve` loads it (and GnuTLS).
        .target(name: "CMicroHTTPD"),
        .target(name: "SusiServer", dependencies: ["SusiReply", "CMicroHTTPD", "SusiPorts", "SusiBasics"]),
        // libpq through dlopen: only `susi serve --store postgresql://...` loads it.
        .target(name: "CLibPQ"),
        // The store port over PostgreSQL, shared by several `susi serve` processes.
        .target(name: "SusiPostgres", dependencies: ["CLibPQ", "SusiPorts"]),
        // Benchmarks (make bench); not installed.
        .executableTarget(name: "susi-engine-bench", dependencies: ["SusiEngine"], path: "bench/EngineBench"),
        .executableTarget(name: "susi-voice-bench", dependencies: ["SusiSpeech"], path: "bench/VoiceBench"),
        // Test-only doubles (a loopback HTTP server, the speaker and weather doubles) for
        // the test targets of every layer and the double executables; never linked into susi.
        .target(name: "SusiTestSupport", dependencies: ["SusiEngine", "SusiReply"]),
        // Test-only: the kit the host's and the modules' test targets share (temporary homes,
        // the in-process harness with logins, the tmux driver, the package root, the built
        // binary, found or built); over the host, so never linked into susi.
        .target(name: "SusiTestKit", dependencies: ["SusiBasics", "SusiHost", "SusiCommands", "SusiCore", "SusiLocal", "SusiNet", "SusiPorts", "SusiReply", "SusiServer"],
                path: "Tests/SusiTestKit"),
        // Test-only: one process storing one login, so the vault tests can run
        // many real processes at once. Not a product, never installed.
        .executableTarget(name: "susi-vault-stress", dependencies: ["SusiVault", "SusiBasics", "SusiPorts"], path: "Tests/VaultStress"),
        // Test-only: the speaker double as a process (a loopback port on stdout), for
        // the terminal tests and the demo. Not a product, never installed.
        .executableTarget(name: "susi-speaker-double", dependencies: ["SusiTestSupport"], path: "Tests/SpeakerDouble"),
        .executableTarget(name: "susi-weather-double", dependencies: ["SusiTestSupport"], path: "Tests/WeatherDouble"),
        // libcurl through dlopen: loaded on the first HTTP request, not at start-up.
        .target(name: "CHTTPClient"),
        // The ports: what susi asks of the outside world (the SUSI backend by concern, and the
        // value types those calls carry), as protocols the adapters implement and
        // SusiCore's Services makes. No command line, no Context.
        .target(name: "SusiPorts", dependencies: ["SusiBasics", "SusiEngine", "SusiReply"]),
        .target(name: "SusiCore", dependencies: ["SusiBasics", "SusiCLI", "SusiPorts", "SusiReply"]),
        // HTTP (libcurl through CHTTPClient) and the loopback guard: the console fetcher,
        // RemoteService, the speaker client and the weather provider share it.
        .target(name: "SusiNet", dependencies: ["CHTTPClient", "SusiBasics"]),
        // The SUSI Smart Speaker's setup client (both eras), over SusiNet.
        .target(name: "SusiSpeaker", dependencies: ["SusiNet", "SusiBasics", "SusiPorts"]),
        // What several modules share, one layer down (never copied sideways):
        // skill-name resolution, the skill JSON shape, the login flow, the rating chart,
        // and the vault as a command sees it (CredentialAccess).
        .target(name: "SusiCommands", dependencies: ["SusiCLI", "SusiCore", "SusiReply", "SusiBasics", "SusiPorts"]),
        .target(name: "SusiHost", dependencies: modules.map(\.dependency) + ["SusiBasics", "SusiCLI", "SusiCore", "SusiLocal", "SusiRemote", "SusiVault", "SusiSpeech", "SusiNet", "SusiCommands", "SusiAuthoring", "SusiPorts", "SusiSpeaker", "SusiListen", "SusiServer", "SusiPostgres"]),
        // `swift package --allow-writing-to-package-directory generate-manual`: regenerates man/.
        .plugin(name: "GenerateManual",
                capability: .command(intent: .custom(verb: "generate-manual", description: "Regenerate the man pages in man/ from the command tree."),
                                     permissions: [.writeToPackageDirectory(reason: "Writes the man pages into man/.")])),
        // `swift package --allow-writing-to-package-directory generate-completions` rewrites completions/.
        .plugin(name: "GenerateCompletions",
                capability: .command(intent: .custom(verb: "generate-completions", description: "Regenerate completions/ from the command tree."),
                                     permissions: [.writeToPackageDirectory(reason: "Writes completions/susi.bash, _susi and susi.fish.")])),
        .testTarget(name: "SusiBasicsTests", dependencies: ["SusiBasics"]),
        .testTarget(name: "SusiCLITests", dependencies: ["SusiBasics", "SusiCLI", "SusiTestKit"]),
        .testTarget(name: "SusiCommandsTests", dependencies: ["SusiBasics", "SusiCommands", "SusiCore", "SusiCLI", "SusiPorts"]),
        .testTarget(name: "SusiListenTests", dependencies: ["SusiListen"]),
        .testTarget(name: "SusiSpeechTests", dependencies: ["SusiBasics", "SusiSpeech", "SusiCLI", "SusiPorts"]),
        .testTarget(name: "SusiCoreTests", dependencies: ["SusiBasics", "SusiCore", "SusiCLI", "SusiPorts"]),
        .testTarget(name: "SusiNetTests", dependencies: ["SusiBasics", "SusiNet", "SusiCLI", "SusiTestSupport"]),
        .testTarget(name: "SusiSpeakerTests", dependencies: ["SusiSpeaker", "SusiNet", "SusiTestSupport", "SusiPorts"]),
        .testTarget(name: "SusiEngineTests", dependencies: ["SusiEngine", "SusiReply", "SusiTestSupport", "SusiAuthoring", "SusiNet"]),
        .testTarget(name: "SusiStoreTests", dependencies: ["SusiStore", "CSQLite"]),
        .testTarget(name: "SusiVaultTests", dependencies: ["SusiBasics", "SusiVault", "SusiCore", "SusiCLI", "susi-vault-stress", "SusiPorts", "SusiTestKit"]),
        .testTarget(name: "SusiRemoteTests", dependencies: ["SusiRemote", "SusiCore", "SusiReply", "SusiTestSupport", "SusiNet", "SusiEngine", "SusiPorts"]),
        .testTarget(name: "SusiLocalTests", dependencies: ["SusiBasics", "SusiLocal", "SusiCore", "SusiStore", "SusiEngine", "SusiReply", "SusiNet", "SusiCLI", "SusiSkills", "SusiPorts"]),
        .testTarget(name: "SusiServerTests", dependencies: ["SusiServer", "SusiLocal", "SusiStore", "SusiRemote", "SusiCore", "SusiReply", "SusiNet", "SusiTestSupport", "SusiAuthoring", "SusiPorts", "SusiBasics", "SusiTestKit"]),
        // One contract suite, the same cases against EmbeddedService and RemoteService + susi serve.
        .testTarget(name: "SusiContractTests", dependencies: ["SusiServer", "SusiLocal", "SusiRemote", "SusiCore", "SusiReply", "SusiNet", "SusiTestSupport", "SusiPorts", "SusiTestKit", "SusiPostgres", "SusiBasics"]),
        .testTarget(name: "SusiHostTests", dependencies: ["SusiBasics", "SusiHost", "SusiCore", "SusiCLI", "SusiLocal", "SusiVault", "SusiTestSupport", "SusiNet", "SusiCommands", "SusiTestKit",
                                                      "DeviceModule", "OnboardModule", "ShellModule"],
                    exclude: ["Snapshots"]),
    ] + modules.flatMap(\.targets)
)

/// One command module: its target, Sources/Modules/<name>; its test target,
/// Tests/<name>ModuleTests, over the module, the test kit and `tests` (none when
/// the module has no tests of its own); and its entry in SusiHost's dependencies.
func module(_ name: String, uses: [Target.Dependency], tests: [Target.Dependency]? = nil) -> Module {
    let target = name + "Module"
    var targets: [Target] = [.target(name: target, dependencies: uses, path: "Sources/Modules/" + name)]
    if let tests {
        targets.append(.testTarget(name: target + "Tests", dependencies: [.target(name: target), "SusiTestKit"] + tests))
    }
    return Module(dependency: .target(name: target), targets: targets)
}

struct Module {
    let dependency: Target.Dependency
    let targets: [Target]
}
