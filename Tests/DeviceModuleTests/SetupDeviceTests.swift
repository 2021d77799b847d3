import Foundation
import SusiPorts
import SusiTestKit
import Testing
@testable import SusiHost
import SusiCore
import SusiNet
import SusiTestSupport

private let accountPassword = "Secret#123"
private let wifiPassword = "wifi-pass-42"

extension TemporaryHome {
    /// Logged in as ada (embedded backend, or `server` when given), the
    /// speaker address pointing at `double`.
    func setupHarness(_ double: SpeakerDouble?, server: String? = nil) throws -> InProcess {
        var extra: [String: String] = [:]
        if let double { extra["SUSI_SPEAKER"] = double.address }
        if let server { extra["SUSI_SERVER"] = server }
        let susi = try loginHarness(extra)
        susi.signUp()
        return susi
    }

    /// Every byte susi left under SUSI_HOME (state, config, data, cache).
    func everythingWritten() -> String {
        allFiles().map { String(decoding: contents($0) ?? Data(), as: UTF8.self) }.joined(separator: "\n")
    }
}

extension InProcess {
    func setup(_ arguments: [String], wifi: String = wifiPassword, account: String? = accountPassword) -> Result {
        let stdin = [wifi, account].compactMap { $0 }.joined(separator: "\n") + "\n"
        let secrets = ["--wifi-password-stdin"] + (account == nil ? [] : ["--password-stdin"])
        return run(["device", "setup", "--room", "Kitchen", "--wifi-ssid", "HomeNet"] + secrets + arguments, stdin: stdin)
    }
}

@Suite("susi device setup against the speaker double")
struct SetupDeviceTests {
    @Test(arguments: [SpeakerDouble.Era.controlServer, .setupServer])
    func aWholeSetupRegistersTheSpeakerAndLeavesNoPasswordAnywhere(era: SpeakerDouble.Era) throws {
        let double = try SpeakerDouble(era: era)
        defer { double.stop() }
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double)
        let result = susi.setup(era == .setupServer ? ["--mac", "b8-27-eb-01-02-03"] : [])
        #expect(result.status == 0, "\(result.stderr)")
        let state = double.state
        #expect(state.room == (era == .controlServer ? "\"Kitchen\"" : "Kitchen"))
        #expect(state.ssid == "HomeNet")
        #expect(state.passphrase == wifiPassword)
        #expect(state.email == "ada@example.com")
        #expect(state.password == accountPassword)
        #expect(state.configured)
        #expect(result.stderr.contains("Found a SUSI Smart Speaker at http://\(double.address): " + (era == .controlServer ? "susi_installer control server" : "susi_linux setup server")))
        #expect(result.stderr.contains("[1/5] Room set: Kitchen\n[2/5] Wi-Fi network sent: HomeNet\n[3/5] Account sent: ada@example.com\n[4/5] Configuration sent"))
        let mac = era == .controlServer ? "41:24:AA:9C:C5:78" : "B8:27:EB:01:02:03"
        #expect(result.stderr.contains("[5/5] Registered \(mac) as 'SUSI Smart Speaker' in Kitchen on local"))
        let list = susi.run(["device", "list"])
        #expect(list.stdout.hasPrefix("\(mac)\tSUSI Smart Speaker\tKitchen\t"))
        // The order the speaker needs: the configuration (which restarts it) last.
        let probes: Set<String> = ["/check_ap", "/install", "/mac"]
        let calls: [String] = double.requests.map(\.path).filter { !probes.contains($0) }
        #expect(calls == ["/speaker_config", "/wifi_credentials", "/auth", "/config"])
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state/device-setup.json"))
        for secret in [accountPassword, wifiPassword] {
            let printed = result.stdout + result.stderr + list.stdout
            #expect(!printed.contains(secret))
            let written = home.everythingWritten()
            #expect(!written.contains(secret), "a password was written under SUSI_HOME")
        }
    }

    /// On a terminal each step turns while the speaker answers, then its
    /// line is cleared and the step's result stands alone; piped, no frame.
    @Test func onATerminalEachStepHasASpinner() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        var susi = try home.setupHarness(double)
        susi.stderrTTY = true
        susi.environment["LANG"] = "C.UTF-8"
        let result = susi.setup([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\r⠋ [2/5] Wi-Fi…\u{1B}[K"), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("\r\u{1B}[K[2/5] Wi-Fi network sent: HomeNet\n"))
        for secret in [accountPassword, wifiPassword] { #expect(!result.stderr.contains(secret)) }
        let second = try SpeakerDouble(era: .controlServer)
        defer { second.stop() }
        let piped = try TemporaryHome()
        let plain = try piped.setupHarness(second).setup([])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stderr.contains("\r"))
        #expect(!plain.stderr.contains("⠋"))
    }

    @Test func notOnTheHotspotExplainsHowToJoinIt() throws {
        let home = try TemporaryHome()
        var susi = try home.setupHarness(nil)
        susi.environment["SUSI_SPEAKER"] = nil
        try home.script("fake-bin/iwgetid", "echo HomeNet\n")
        susi.environment["PATH"] = home.path + "/fake-bin"
        let result = susi.setup([])
        #expect(result.status == 69)
        #expect(result.stderr.contains("error: This machine is on the Wi-Fi network 'HomeNet', not on the speaker's hotspot. A speaker in setup mode opens a hotspot named SUSI.AI."))
        #expect(result.stderr.contains("Join the Wi-Fi network SUSI.AI (password: password)"))
        #expect(!result.stderr.contains("Looking for the speaker"))
        // On the hotspot, the production address is next, which the guard stops before a packet leaves.
        try home.script("fake-bin/iwgetid", "echo susi.ai\n")
        let onHotspot = susi.setup([])
        #expect(onHotspot.status == 70)
        #expect(onHotspot.stderr.contains("NETWORK GUARD: refusing to contact 10.0.0.1"))
    }

    @Test func valuesTheSpeakerBreaksOnAreRefusedBeforeAnythingIsSent() throws {
        let cases: [(SpeakerDouble.Era, [String], String, String, String)] = [
            (.controlServer, ["--wifi-ssid", "My\"Net"], wifiPassword, accountPassword, "The Wi-Fi network name contains '\"'"),
            (.controlServer, [], "pass\"word99", accountPassword, "The Wi-Fi password contains '\"'"),
            (.controlServer, ["--room", ""], wifiPassword, accountPassword, "The room name is empty"),
            (.controlServer, ["--room", String(repeating: "r", count: 65)], wifiPassword, accountPassword, "at most 64"),
            (.controlServer, ["--room", "Room=2"], wifiPassword, accountPassword, "The room name contains '='"),
            (.controlServer, [], wifiPassword, "Secret#12=3", "The account password contains '='"),
            (.setupServer, ["--stt", "ibm", "--mac", "b8:27:eb:01:02:03"], wifiPassword, accountPassword, "cannot use 'ibm' for speech recognition"),
            (.setupServer, [], wifiPassword, accountPassword, "cannot tell its MAC address"),
        ]
        for (era, arguments, wifi, account, reason) in cases {
            let double = try SpeakerDouble(era: era)
            defer { double.stop() }
            let home = try TemporaryHome()
            let susi = try home.setupHarness(double)
            let result = susi.setup(arguments, wifi: wifi, account: account)
            #expect(result.status == 64, "\(reason): \(result.stderr)")
            #expect(result.stderr.contains(reason), "\(result.stderr) should say \(reason)")
            #expect(!result.stderr.contains(wifi))
            #expect(!result.stderr.contains(account))
            let probes: Set<String> = ["/check_ap", "/install", "/mac"]
            let paths: [String] = double.requests.map(\.path)
            #expect(paths.allSatisfy { probes.contains($0) }, "\(paths)")
            #expect(double.state == SpeakerDouble.Stored())
            #expect(!FileManager.default.fileExists(atPath: home.path + "/state/device-setup.json"))
        }
    }

    @Test func passwordsOnTheCommandLineAreRefused() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double)
        for option in ["--wifi-password", "--password"] {
            let result = susi.run(["device", "setup", "--room", "Kitchen", option, "hunter2hunter2"])
            #expect(result.status == 64)
            #expect(result.stderr.contains("A password is not accepted on the command line"))
            #expect(!result.stderr.contains("hunter2"))
        }
        #expect(double.requests.isEmpty)
    }

    @Test(arguments: [("/speaker_config", "room", 0), ("/wifi_credentials", "Wi-Fi", 1), ("/auth", "account", 2), ("/config", "configuration", 3)])
    func aFailedStepNamesTheAnswerAndResumeGoesOn(path: String, step: String, done: Int) throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        double.failNext(path, with: .text(SpeakerDouble.werkzeug3Error500, status: 500))
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double)
        let failed = susi.setup([])
        #expect(failed.status == 69)
        // The answer to a request that carried a password is never shown, only its status.
        let answer = path == "/wifi_credentials" || path == "/auth"
            ? "HTTP 500 (its text is not shown: the request carried a password)" : "HTTP 500 (500 Internal Server Error)"
        #expect(failed.stderr.contains("error: The \(step) step failed: The speaker at 127.0.0.1 answered \(answer) when "))
        #expect(!failed.stderr.contains("<p>"))
        #expect(failed.stderr.contains("continues from the \(step) step."))
        let saved = try #require(home.contents(home.path + "/state/device-setup.json"))
        let progress = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        let completed = progress["completed"] as? [String]
        #expect(completed?.count == done)
        #expect(progress["room"] as? String == "Kitchen")
        #expect(!String(decoding: saved, as: UTF8.self).contains(wifiPassword))
        // Resumed from that step: nothing done before it is sent again.
        let before = double.requests.count
        let stdin = (done <= 1 ? wifiPassword + "\n" : "") + (done <= 2 ? accountPassword + "\n" : "")
        let resumeFlags = (done <= 1 ? ["--wifi-password-stdin"] : []) + (done <= 2 ? ["--password-stdin"] : [])
        let resumed = susi.run(["device", "setup", "--resume"] + resumeFlags, stdin: stdin)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let sent: [String] = double.requests.dropFirst(before).map(\.path).filter { $0 != "/mac" }
        let expected: [String] = Array(["/speaker_config", "/wifi_credentials", "/auth", "/config"].dropFirst(done))
        #expect(sent == expected)
        #expect(susi.run(["device", "list"]).stdout.contains("41:24:AA:9C:C5:78\tSUSI Smart Speaker\tKitchen"))
        #expect(!FileManager.default.fileExists(atPath: home.path + "/state/device-setup.json"))
    }

    @Test func aFailedRegistrationResumesWithoutTheSpeaker() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double)
        // A full account: the registration of a new device is refused.
        let service = try home.service()
        for index in 0..<100 {
            try service.addDevice(Device(macAddress: String(format: "00:00:00:00:%02X:%02X", index / 256, index % 256), name: "D\(index)", room: "Attic"),
                                  token: susi.token())
        }
        let failed = susi.setup([])
        #expect(failed.status == 64)
        #expect(failed.stderr.contains("error: The registration step failed:"))
        #expect(failed.stderr.contains("'susi device setup --resume' continues from the registration step."))
        #expect(double.state.configured)
        try service.removeDevice("00:00:00:00:00:00", token: susi.token())
        let before = double.requests.count
        let resumed = susi.run(["device", "setup", "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("done: room, Wi-Fi, account, configuration."))
        #expect(resumed.stderr.contains("[5/5] Registered 41:24:AA:9C:C5:78"))
        // The speaker has left its hotspot: resuming never tries to reach it.
        #expect(double.requests.count == before)
        #expect(susi.run(["device", "show", "41:24:aa:9c:c5:78"]).status == 0)
    }

    @Test func resumeWithoutASavedSetupSaysSo() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["device", "setup", "--resume"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("There is no setup to resume."))
    }

    @Test func aDamagedProgressFileIsReportedAndLeftAlone() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        try FileManager.default.createDirectory(atPath: home.path + "/state", withIntermediateDirectories: true)
        let file = home.path + "/state/device-setup.json"
        for text in ["{not json", #"{"speaker": "no address", "era": "7070", "completed": []}"#, #"{"speaker": "http://x", "era": "9999"}"#] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let result = susi.run(["device", "setup", "--resume"])
            #expect(result.status == 65, "\(text): \(result.stderr)")
            #expect(result.stderr.contains("device-setup.json"))
            #expect(result.stderr.contains("Start the setup afresh with 'susi device setup'"))
            #expect(home.contents(file) == Data(text.utf8))
        }
    }

    @Test func aDroppedConnectionAfterTheConfigurationIsProbableSuccess() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        double.endConfiguration(.dropsConnection)
        let home = try TemporaryHome()
        let result = try home.setupHarness(double).setup(["--mac", "b8:27:eb:01:02:03"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the speaker dropped the connection, as it does when it leaves its hotspot to restart, so this is probably a success"))
        #expect(result.stderr.contains("[5/5] Registered B8:27:EB:01:02:03"))
    }

    @Test func theLoginGateIsNamed() throws {
        let double = try SpeakerDouble(era: .controlServer, password: "speakerpw")
        defer { double.stop() }
        let home = try TemporaryHome()
        let result = try home.setupHarness(double).setup([])
        #expect(result.status == 77)
        #expect(result.stderr.contains("has a password set: its control server answers every call with its login page"))
        #expect(double.state.room == nil)
    }

    @Test func withoutALoginOnlyAnAnonymousSetupWorks() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        let susi = try home.harness(["SUSI_SPEAKER": double.address])
        let refused = susi.setup([])
        #expect(refused.status == 77)
        #expect(refused.stderr.contains("Setting up a speaker with your SUSI account needs a login."))
        #expect(refused.stderr.contains("--anonymous"))
        #expect(double.state.room == nil)
        let anonymous = susi.setup(["--anonymous"], account: nil)
        #expect(anonymous.status == 0, "\(anonymous.stderr)")
        #expect(anonymous.stderr.contains("[3/4] Set to work without an account (anonymous)"))
        #expect(anonymous.stderr.contains("Not logged in: the speaker will not be registered"))
        #expect(double.state.usageMode == "anonymous")
        #expect(double.requests.first { $0.path == "/auth" }?.target == "/auth?auth=n&email=&password=")
    }

    @Test func withSUSITokenTheBackendNamesTheAccount() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        var susi = try home.setupHarness(double)
        susi.environment["SUSI_TOKEN"] = susi.token()
        // The session names no account for a SUSI_TOKEN.
        try FileManager.default.removeItem(atPath: home.sessionFile)
        let result = susi.setup([])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("[3/5] Account sent: ada@example.com"))
        #expect(double.state.email == "ada@example.com")
        #expect(double.state.password == accountPassword)
    }

    @Test func noRegisterLeavesTheAccountAlone() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double)
        let result = susi.setup(["--no-register", "--stt", "vosk", "--tts", "flite", "--hotword", "n", "--wake", "y"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("[4/4] Configuration sent (speech recognition vosk, speech output flite, hotword off, wake button on)"))
        let applied: [String: String] = double.state.configuration
        #expect(applied == ["stt": "vosk", "tts": "flite", "hotword.engine": "n", "wakebutton": "y"])
        #expect(!double.requests.contains { $0.path == "/mac" })
        let listed = try JSONSerialization.jsonObject(with: Data(susi.run(["device", "list", "--json"]).stdout.utf8)) as? [Any]
        #expect(listed?.isEmpty == true)
    }
}

/// Registration through a SUSI server (`susi serve`, the built binary, on 127.0.0.1).
@Suite("susi device setup registers with a remote server", .serialized)
struct SetupDeviceRemoteTests {
    @Test func theSpeakerShowsInTheServersDeviceList() throws {
        let serverHome = try TemporaryHome()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: EndToEnd.binary)
        server.arguments = ["serve", "--port", "0"]
        server.environment = NetworkGuard.safeEnvironment(home: serverHome.path)
        let output = Pipe()
        server.standardOutput = output
        server.standardError = output
        server.standardInput = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        var seen = ""
        while !seen.contains("\n"), case let data = output.fileHandleForReading.availableData, !data.isEmpty {
            seen += String(decoding: data, as: UTF8.self)
        }
        let url = try #require(seen.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        #expect(url.hasPrefix("http://127.0.0.1:"))

        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let home = try TemporaryHome()
        let susi = try home.setupHarness(double, server: url)
        let result = susi.setup(["--name", "Kitchen speaker"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("[5/5] Registered 41:24:AA:9C:C5:78 as 'Kitchen speaker' in Kitchen on \(url)"))
        #expect(susi.run(["device", "list"]).stdout.hasPrefix("41:24:AA:9C:C5:78\tKitchen speaker\tKitchen\t"))
    }
}
