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
// floor, the ports and SusiCore's values, never SusiCLI or Context; what binds them
// to a Context lives in SusiCommands. Modules use SusiCLI, SusiCore, SusiPorts,
// SusiCommands and some adapters, never the store, the engine, SusiLocal or one
// another. SusiHost owns the explicit module list and makes the adapters
// (Backends.swift); the executable hands argv to SusiHost.
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
        .target(name: "SusiListen", dependencies: ["SusiCore", "CPocketSphinx", "SusiBasics", "SusiPorts"]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        // The chat.json reply and its JSON values: shared by the engine, the service seam, backends and server.
        .target(name: "SusiReply"),
        .target(name: "SusiEngine", dependencies: ["SusiReply"], exclude: ["README.md"]),
        .target(name: "SusiSkills", resources: [.copy("models")]),
        .target(name: "SusiLocal", dependencies: ["SusiCore", "SusiReply", "SusiEngine", "SusiSkills", "SusiStore", "CSodium", "SusiAuthoring", "SusiBasics", "SusiPorts"]),
        // Skill files an author names, answered and tested in memory (chat --skill, skills test),
        // and the engine's HTTP console fetcher.
        .target(name: "SusiAuthoring", dependencies: ["SusiCore", "SusiEngine", "SusiNet", "SusiReply", "SusiSkills", "SusiBasics", "SusiPorts"]),
        .target(name: "SusiRemote", dependencies: ["SusiCore", "SusiReply", "SusiNet", "SusiBasics", "SusiPorts"]),
        .target(name: "SusiVault", dependencies: ["CSodium", "SusiCore", "SusiBasics", "SusiPorts"]),
        // libmicrohttpd through dlopen: only `susi serve` loads it (and GnuTLS).
        .target(name: "CMicroHTTPD"),
        .target(name: "SusiServer", dependencies: ["SusiCore", "SusiReply", "CMicroHTTPD", "SusiPorts", "SusiBasics"]),
        // Benchmarks (make bench); not installed.
        .executableTarget(name: "susi-engine-bench", dependencies: ["SusiEngine"], path: "bench/EngineBench"),
        .executableTarget(name: "susi-voice-bench", dependencies: ["SusiSpeech"], path: "bench/VoiceBench"),
        // Test-only helpers (a loopback HTTP server); never linked into susi.
        .target(name: "SusiTestSupport", dependencies: ["SusiEngine", "SusiReply"]),
        // Test-only: one process storing one login, so the vault tests can run
        // many real processes at once. Not a product, never installed.
        .executableTarget(name: "susi-vault-stress", dependencies: ["SusiVault", "SusiBasics", "SusiCore", "SusiPorts"], path: "Tests/VaultStress"),
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
        .target(name: "ConfigModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands"], path: "Sources/Modules/Config"),
        .target(name: "SkillsModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiPorts"], path: "Sources/Modules/Skills"),
        .target(name: "ChatModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCommands", "SusiCore", "SusiReply", "SusiShell", "SusiPorts"], path: "Sources/Modules/Chat"),
        .target(name: "LoginModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"], path: "Sources/Modules/Login"),
        .target(name: "RateModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"], path: "Sources/Modules/Rate"),
        .target(name: "FeedbackModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"], path: "Sources/Modules/Feedback"),
        .target(name: "VoiceModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiPorts"], path: "Sources/Modules/Voice"),
        .target(name: "ServeModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiPorts"], path: "Sources/Modules/Serve"),
        .target(name: "DeviceModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"], path: "Sources/Modules/Device"),
        .target(name: "ListenModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiPorts"], path: "Sources/Modules/Listen"),
        .target(name: "OnboardModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiReply", "SusiPorts"], path: "Sources/Modules/Onboard"),
        .target(name: "RoomModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiCommands", "SusiPorts"], path: "Sources/Modules/Room"),
        .target(name: "ShellModule", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiShell"], path: "Sources/Modules/Shell"),
        .target(name: "SusiHost", dependencies: ["SusiBasics", "SusiCLI", "SusiCore", "SusiLocal", "SusiRemote", "SusiVault", "SusiSpeech", "ConfigModule", "SkillsModule", "ChatModule", "LoginModule", "ServeModule", "RateModule", "FeedbackModule", "SusiNet",
                                                 "DeviceModule", "RoomModule", "VoiceModule", "SusiCommands", "ListenModule", "SusiAuthoring", "ShellModule", "OnboardModule", "SusiShell", "SusiPorts", "SusiSpeaker", "SusiListen", "SusiServer"]),
        // `swift package --allow-writing-to-package-directory generate-manual`: regenerates man/.
        .plugin(name: "GenerateManual",
                capability: .command(intent: .custom(verb: "generate-manual", description: "Regenerate the man pages in man/ from the command tree."),
                                     permissions: [.writeToPackageDirectory(reason: "Writes the man pages into man/.")])),
        // `swift package --allow-writing-to-package-directory generate-completions` rewrites completions/.
        .plugin(name: "GenerateCompletions",
                capability: .command(intent: .custom(verb: "generate-completions", description: "Regenerate completions/ from the command tree."),
                                     permissions: [.writeToPackageDirectory(reason: "Writes completions/susi.bash, _susi and susi.fish.")])),
        .testTarget(name: "SusiBasicsTests", dependencies: ["SusiBasics"]),
        .testTarget(name: "SusiCLITests", dependencies: ["SusiBasics", "SusiCLI"]),
        .testTarget(name: "SusiCommandsTests", dependencies: ["SusiBasics", "SusiCommands", "SusiCore", "SusiCLI", "SusiPorts"]),
        .testTarget(name: "SusiListenTests", dependencies: ["SusiListen"]),
        .testTarget(name: "SusiSpeechTests", dependencies: ["SusiBasics", "SusiSpeech", "SusiCLI", "SusiPorts"]),
        .testTarget(name: "SusiCoreTests", dependencies: ["SusiBasics", "SusiCore", "SusiCLI", "SusiPorts"]),
        .testTarget(name: "SusiNetTests", dependencies: ["SusiBasics", "SusiNet", "SusiCLI", "SusiTestSupport"]),
        .testTarget(name: "SusiSpeakerTests", dependencies: ["SusiSpeaker", "SusiNet", "SusiTestSupport", "SusiPorts"]),
        .testTarget(name: "SusiEngineTests", dependencies: ["SusiEngine", "SusiReply", "SusiTestSupport", "SusiAuthoring", "SusiNet"]),
        .testTarget(name: "SusiStoreTests", dependencies: ["SusiStore", "CSQLite"]),
        .testTarget(name: "SusiVaultTests", dependencies: ["SusiBasics", "SusiVault", "SusiCore", "SusiCLI", "susi-vault-stress", "SusiPorts"]),
        .testTarget(name: "SusiRemoteTests", dependencies: ["SusiRemote", "SusiCore", "SusiReply", "SusiTestSupport", "SusiNet", "SusiEngine", "SusiPorts"]),
        .testTarget(name: "SusiLocalTests", dependencies: ["SusiBasics", "SusiLocal", "SusiCore", "SusiStore", "SusiEngine", "SusiReply", "SusiNet", "SusiCLI", "SusiSkills", "SusiPorts"]),
        .testTarget(name: "SusiServerTests", dependencies: ["SusiServer", "SusiLocal", "SusiStore", "SusiRemote", "SusiCore", "SusiReply", "SusiNet", "SusiTestSupport", "SusiAuthoring", "SusiPorts", "SusiBasics"]),
        // One contract suite, the same cases against EmbeddedService and RemoteService + susi serve.
        .testTarget(name: "SusiContractTests", dependencies: ["SusiServer", "SusiLocal", "SusiRemote", "SusiCore", "SusiReply", "SusiNet", "SusiTestSupport", "SusiPorts"]),
        .testTarget(name: "SusiHostTests", dependencies: ["SusiBasics", "SusiHost", "SusiCore", "SusiCLI", "SusiLocal", "SusiEngine", "SusiReply", "SusiVault", "SusiTestSupport", "SusiNet", "SusiAuthoring", "SusiServer", "SusiSpeech", "SusiListen", "ShellModule", "SusiCommands", "OnboardModule", "ChatModule", "LoginModule", "SusiStore", "VoiceModule", "SusiPorts", "DeviceModule"],
                    exclude: ["Snapshots"]),
    ]
)
