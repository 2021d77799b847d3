import Testing
@testable import SusiHost
import SusiBasics
import SusiCLI
import SusiCore
import DeviceModule
import OnboardModule
import ShellModule
import SusiTestKit

/// The settings a module declares beside its commands: validated like the
/// shared ones (SusiCoreTests' ConfigKeyTests), read through typed keys,
/// and placed by the host in one fixed order among the shared ones.
@Suite struct ModuleSettingsTests {
    static let good: [(String, [String])] = [
        ("speaker", ["10.0.0.1", "127.0.0.1:7070", "http://127.0.0.1:7070", "https://speaker.local", "speaker.local",
                     "[::1]:7070"]),
        ("shell.fallback", ["chat", "error"]),
        ("listen.hotword", ["susi", "hey susi", "Computer", "o'brien", "ok hey susi"]),
        ("onboarded", ["no", "yes"]),
    ]

    static let bad: [(String, [String])] = [
        ("speaker", ["", "ftp://10.0.0.1", "10.0.0.1/setup", "http://", "host:99999", "two words"]),
        ("shell.fallback", ["", "Chat", "ask", "shell"]),
        ("listen.hotword", ["", " susi", "susi ", "hey  susi", "r2d2", "a b c d", "sü", "su\nsi", String(repeating: "s", count: 41)]),
        ("onboarded", ["", "true", "Yes", "done"]),
    ]

    static func key(_ name: String) throws -> ConfigKey {
        try #require(SusiApp.settings.first { $0.name == name }, "\(name) is not in the assembled table")
    }

    @Test(arguments: good.flatMap { key, values in values.map { (key, $0) } })
    func accepts(_ name: String, _ value: String) throws {
        #expect(try Self.key(name).problem(with: value) == nil, "\(name) refused '\(value)'")
    }

    @Test(arguments: bad.flatMap { key, values in values.map { (key, $0) } })
    func rejects(_ name: String, _ value: String) throws {
        let problem = try #require(try Self.key(name).problem(with: value))
        #expect(problem.hasPrefix("expected"))
    }

    /// The settings the tables above cover are declared by modules, and
    /// every assembled setting is shared or declared (a module added later
    /// checks its own values in its tests).
    @Test func everyModuleSettingIsCoveredAndAssembled() {
        let declared = Registry.modules.flatMap { $0.settings }.map(\.name)
        #expect(Set(Self.good.map(\.0)) == Set(Self.bad.map(\.0)))
        #expect(Set(Self.good.map(\.0)).isSubset(of: Set(declared)))
        #expect(SusiApp.settings.map(\.name) == ConfigKey.all.map(\.name), "the installed table is the assembled one")
        #expect(Set(SusiApp.settings.map(\.name)) == Set(ConfigKey.shared.map(\.name) + declared))
        #expect(SusiApp.settings.count == ConfigKey.shared.count + declared.count, "a setting declared twice")
        for key in SusiApp.settings {
            if let value = key.defaultValue { #expect(key.problem(with: value) == nil, "default of \(key.name)") }
        }
    }

    /// `config list` keeps the order it had when one table listed them all.
    @Test func modulesSettingsKeepTheirPlaceInTheListing() {
        let known = ["server", "language", "location", "voice", "speech.output", "speech.rate", "speech.pitch", "room", "speaker",
                     "color", "units", "weather.url", "geocoding.url", "pager", "network", "shell.fallback", "listen.hotword", "onboarded"]
        #expect(SusiApp.settings.map(\.name).filter(known.contains) == known)
    }

    @Test func modulesSettingsAreReadThroughTypedKeys() throws {
        var file = ConfigFile(path: "/nonexistent/config.json")
        let defaults = Settings(file: file, environment: [:])
        #expect(try defaults.value(SettingKey.shellFallback) == .chat)
        let hotword = try Self.key("listen.hotword")
        #expect(try defaults.value(hotword) == "susi")
        #expect(try defaults.value(SettingKey.speaker) == "10.0.0.1")
        try file.set(.shellFallback, to: "error")
        try file.set(.speaker, to: "127.0.0.1:7070")
        let set = Settings(file: file, environment: ["SUSI_LISTEN_HOTWORD": "hey susi"])
        #expect(try set.value(SettingKey.shellFallback) == .error)
        #expect(try set.value(hotword) == "hey susi")
        #expect(try set.value(SettingKey.speaker) == "127.0.0.1:7070")
        let broken = Settings(file: file, environment: ["SUSI_SHELL_FALLBACK": "ask"])
        #expect(throws: ConfigError.self) { try broken.value(SettingKey.shellFallback) }
    }

    /// A module's setting in the config file is checked when the file is
    /// read, as a shared one is: a bad value is a config error (exit 78)
    /// naming the file, and nothing is changed.
    @Test func aBadModuleSettingInTheFileIsAConfigError() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        #expect(susi.run(["config", "set", "shell.fallback", "error"]).status == 0)
        let path = Paths(environment: susi.environment).configFile
        let text = "{\n  \"shell.fallback\": \"ask\"\n}\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let result = susi.run(["config", "get", "shell.fallback"])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("invalid value 'ask' for 'shell.fallback'"), "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        let refused = susi.run(["config", "set", "listen.hotword", "r2d2"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test func theListingPlacesEachEntryAfterTheOneItNames() {
        let shared = [ReferenceEntry("a", ""), ReferenceEntry("b", ""), ReferenceEntry("c", "")]
        let declared = [ReferenceEntry("y", "", after: "x"), ReferenceEntry("x", "", after: "a"),
                        ReferenceEntry("z", ""), ReferenceEntry("w", "", after: "gone")]
        let names = Listing.assemble(shared, declared, name: \.name, after: \.after).map(\.name)
        #expect(names == ["a", "x", "y", "b", "c", "z", "w"])
    }
}

/// The variables and files a module declares beside its commands, placed
/// by the host among the shared ones in `help environment` and `help files`.
@Suite struct ModuleReferenceTests {
    @Test func aModulesVariableIsListedInItsPlace() throws {
        let names = SusiApp.environment.map(\.name)
        let history = try #require(names.firstIndex(of: "SUSI_HISTORY"), "the shell's variable is listed")
        #expect(names[history - 1] == "SUSI_PASSPHRASE")
        #expect(!Reference.environment.map(\.name).contains("SUSI_HISTORY"), "declared by the shell module, not the shared table")
        #expect(Set(names).count == names.count, "a variable listed twice")
        let text = try TemporaryHome().harness().run(["help", "environment"]).stdout
        #expect(text.contains("\n  SUSI_HISTORY "), "\(text)")
    }

    @Test func modulesFilesAreListedInTheirPlace() {
        let paths = Paths(environment: ["SUSI_HOME": "/home/ada/susi"])
        let listed = SusiApp.files(paths).map(\.path)
        let shared = Reference.files(paths).map(\.path)
        for (file, after) in [(paths.chatHistoryFile, Session.lockFile(paths)), (paths.historyFile, paths.chatHistoryFile),
                              (paths.cacheDirectory + "/feedback-*.txt", paths.cacheDirectory + "/completion/"),
                              (paths.deviceSetupFile, paths.onboardHintFile)] {
            #expect(!shared.contains(file), "\(file) is a module's, not shared")
            let index = listed.firstIndex(of: file)
            #expect(index != nil && listed[index! - 1] == after, "\(file) after \(after)")
        }
        #expect(listed.count == shared.count + Registry.modules.flatMap { $0.files(paths) }.count)
    }
}
