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
        .executableTarget(name: "susi", dependencies: ["SusiHost", "SusiCLI"]),
        .target(name: "SusiCLI"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SusiStore", dependencies: ["CSQLite"]),
        // No pkgConfig: readline's .pc adds -D flags SwiftPM refuses; the headers are in /usr/include.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        .target(name: "SusiShell", dependencies: ["CReadline", "SusiCLI"]),
        // libespeak-ng through dlopen: only the commands that list voices or synthesize load it.
        .target(name: "CESpeak"),
        .target(name: "SusiSpeech", dependencies: ["SusiCLI", "SusiCore", "CESpeak"]),
        // libpocketsphinx through dlopen: only the commands that listen load it.
        .target(name: "CPocketSphinx"),
        .target(name: "SusiListen", dependencies: ["SusiCLI", "SusiCore", "CPocketSphinx"]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // The chat.json reply and its JSON values: shared by the engine, the service seam, backends and server.
        .target(name: "SusiReply"),
        .target(name: "SusiEngine", dependencies: ["SusiReply"], exclude: ["README.md"]),
        .target(name: "SusiSkills", resources: [.copy("models")]),
        .target(name: "SusiLocal", dependencies: ["SusiCLI", "SusiCore", "SusiReply", "SusiEngine", "SusiSkills", "SusiStore", "CSodium", "SusiAuthoring"]),
        // Skill files an author names, answered and tested in memory (chat --skill, skills test),
        // and the engine's HTTP console fetcher.
        .target(name: "SusiAuthoring", dependencies: ["SusiCLI", "SusiCore", "SusiEngine", "SusiNet", "SusiReply", "SusiSkills"]),
        .target(name: "SusiRemote", dependencies: ["SusiCLI", "SusiCore", "SusiReply", "SusiNet"]),
        .target(name: "SusiVault", dependencies: ["CSodium", "SusiCLI", "SusiCore"]),
        // libmicrohttpd through dlopen: only `susi serve` loads it (and GnuTLS).
        .target(name: "CMicroHTTPD"),
        .target(name: "SusiServer", dependencies: ["SusiCore", "SusiReply", "CMicroHTTPD"]),
        // Benchmarks (make bench); not installed.
        .executableTarget(name: "susi-engine-bench", dependencies: ["SusiEngine"], path: "bench/EngineBench"),
        .executableTarget(name: "susi-voice-bench", dependencies: ["SusiSpeech"], path: "bench/VoiceBench"),
        // Test-only helpers (a loopback HTTP server); never linked into susi.
        .target(name: "SusiTestSupport", dependencies: ["SusiEngine", "SusiReply"]),
        // Test-only: one process storing one login, so the vault tests can run
        // many real processes at once. Not a product, never installed.
        .executableTarget(name: "susi-vault-stress", dependencies: ["SusiVault", "SusiCLI", "SusiCore"], path: "Tests/VaultStress"),
        // Test-only: the speaker double as a process (a loopback port on stdout), for
        // the terminal tests and the demo. Not a product, never installed.
        .executableTarget(name: "susi-speaker-double", dependencies: ["SusiTestSupport"], path: "Tests/SpeakerDouble"),
        .executableTarget(name: "susi-weather-double", dependencies: ["SusiTestSupport"], path: "Tests/WeatherDouble"),
        // libcurl through dlopen: loaded on the first HTTP request, not at start-up.
        .target(name: "CHTTPClient"),
        .target(name: "SusiCore", dependencies: ["SusiCLI", "SusiReply"]),
        // HTTP (libcurl through CHTTPClient) and the loopback guard: the console fetcher,
        // RemoteService, the speaker client and the weather provider share it.
        .target(name: "SusiNet", dependencies: ["SusiCLI", "CHTTPClient"]),
        // The SUSI Smart Speaker's setup client (both eras), over SusiNet.
        .target(name: "SusiSpeaker", dependencies: ["SusiCLI", "SusiNet"]),
        // What several modules share, one layer down (never copied sideways):
        // skill-name resolution, the skill JSON shape, the login flow (login, and onboard next), later the rating chart.
        .target(name: "SusiCommands", dependencies: ["SusiCLI", "SusiCore", "SusiReply", "SusiVault"]),
        .target(name: "ConfigModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands"], path: "Sources/Modules/Config"),
        .target(name: "SkillsModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands", "SusiAuthoring", "SusiReply"], path: "Sources/Modules/Skills"),
        .target(name: "ChatModule", dependencies: ["SusiCLI", "SusiCommands", "SusiCore", "SusiReply", "SusiAuthoring", "SusiShell", "SusiListen"], path: "Sources/Modules/Chat"),
        .target(name: "LoginModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands", "SusiVault"], path: "Sources/Modules/Login"),
        .target(name: "RateModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands"], path: "Sources/Modules/Rate"),
        .target(name: "FeedbackModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands"], path: "Sources/Modules/Feedback"),
        .target(name: "VoiceModule", dependencies: ["SusiCLI", "SusiCore", "SusiSpeech"], path: "Sources/Modules/Voice"),
        .target(name: "ServeModule", dependencies: ["SusiCLI", "SusiCore", "SusiServer", "SusiNet", "SusiAuthoring"], path: "Sources/Modules/Serve"),
        .target(name: "DeviceModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands", "SusiSpeaker"], path: "Sources/Modules/Device"),
        .target(name: "ListenModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiListen"], path: "Sources/Modules/Listen"),
        .target(name: "OnboardModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiSpeech"], path: "Sources/Modules/Onboard"),
        .target(name: "RoomModule", dependencies: ["SusiCLI", "SusiCore", "SusiCommands"], path: "Sources/Modules/Room"),
        .target(name: "ShellModule", dependencies: ["SusiCLI", "SusiCore", "SusiShell"], path: "Sources/Modules/Shell"),
        .target(name: "SusiHost", dependencies: ["SusiCLI", "SusiCore", "SusiLocal", "SusiRemote", "SusiVault", "SusiSpeech", "ConfigModule", "SkillsModule", "ChatModule", "LoginModule", "ServeModule", "RateModule", "FeedbackModule", "SusiNet",
                                                 "DeviceModule", "RoomModule", "VoiceModule", "SusiCommands", "ListenModule", "SusiAuthoring", "ShellModule", "OnboardModule", "SusiShell"]),
        // `swift package --allow-writing-to-package-directory generate-manual`: regenerates man/.
        .plugin(name: "GenerateManual",
                capability: .command(intent: .custom(verb: "generate-manual", description: "Regenerate the man pages in man/ from the command tree."),
                                     permissions: [.writeToPackageDirectory(reason: "Writes the man pages into man/.")])),
        // `swift package --allow-writing-to-package-directory generate-completions` rewrites completions/.
        .plugin(name: "GenerateCompletions",
                capability: .command(intent: .custom(verb: "generate-completions", description: "Regenerate completions/ from the command tree."),
                                     permissions: [.writeToPackageDirectory(reason: "Writes completions/susi.bash, _susi and susi.fish.")])),
        .testTarget(name: "SusiCLITests", dependencies: ["SusiCLI"]),
        .testTarget(name: "SusiCommandsTests", dependencies: ["SusiCommands", "SusiCore", "SusiCLI"]),
        .testTarget(name: "SusiListenTests", dependencies: ["SusiListen"]),
        .testTarget(name: "SusiSpeechTests", dependencies: ["SusiSpeech", "SusiCLI"]),
        .testTarget(name: "SusiCoreTests", dependencies: ["SusiCore", "SusiCLI"]),
        .testTarget(name: "SusiNetTests", dependencies: ["SusiNet", "SusiCLI", "SusiTestSupport"]),
        .testTarget(name: "SusiSpeakerTests", dependencies: ["SusiSpeaker", "SusiNet", "SusiTestSupport"]),
        .testTarget(name: "SusiEngineTests", dependencies: ["SusiEngine", "SusiReply", "SusiTestSupport", "SusiAuthoring", "SusiNet"]),
        .testTarget(name: "SusiStoreTests", dependencies: ["SusiStore", "CSQLite"]),
        .testTarget(name: "SusiVaultTests", dependencies: ["SusiVault", "SusiCore", "SusiCLI", "susi-vault-stress"]),
        .testTarget(name: "SusiRemoteTests", dependencies: ["SusiRemote", "SusiCore", "SusiReply", "SusiTestSupport", "SusiNet", "SusiEngine"]),
        .testTarget(name: "SusiLocalTests", dependencies: ["SusiLocal", "SusiCore", "SusiStore", "SusiEngine", "SusiReply", "SusiNet", "SusiCLI", "SusiSkills"]),
        .testTarget(name: "SusiServerTests", dependencies: ["SusiServer", "SusiLocal", "SusiStore", "SusiRemote", "SusiCore", "SusiReply", "SusiNet", "SusiTestSupport", "SusiAuthoring"]),
        // One contract suite, the same cases against EmbeddedService and RemoteService + susi serve.
        .testTarget(name: "SusiContractTests", dependencies: ["SusiServer", "SusiLocal", "SusiRemote", "SusiCore", "SusiReply", "SusiNet", "SusiTestSupport"]),
        .testTarget(name: "SusiHostTests", dependencies: ["SusiHost", "SusiCore", "SusiCLI", "SusiLocal", "SusiEngine", "SusiReply", "SusiVault", "SusiTestSupport", "SusiNet", "SusiAuthoring", "SusiServer", "SusiStore", "SusiSpeech", "SusiListen", "ShellModule", "SusiCommands", "OnboardModule", "ChatModule", "LoginModule", "DeviceModule"],
                    exclude: ["Snapshots"]),
    ]
)
