import Foundation
import SusiPorts
import Testing
import SusiNet
@testable import SusiSpeaker
import SusiTestSupport

@Suite("Speaker client against the speaker double")
struct SpeakerClientTests {
    @Test(arguments: [SpeakerDouble.Era.setupServer, .controlServer])
    func aWholeSetupStoresEveryValueAsTyped(era: SpeakerDouble.Era) throws {
        let double = try SpeakerDouble(era: era)
        defer { double.stop() }
        let speaker = client(double)
        let room = try speaker.setRoom("Kids' Room + Café & Co")
        #expect(room == "Kids' Room + Café & Co")
        try speaker.setWiFi(ssid: "Home Net+5G", passphrase: "pa ss&word+1#%")
        try speaker.setAccount(.account(email: "ada+home@example.com", password: "Secret#123&x+y"))
        #expect(try speaker.configure(SpeakerConfiguration()) == .accepted)
        let state = double.state
        #expect(state.room == (era == .controlServer ? "\"Kids' Room + Café & Co\"" : "Kids' Room + Café & Co"))
        #expect(state.ssid == "Home Net+5G")
        #expect(state.passphrase == "pa ss&word+1#%")
        #expect(state.email == "ada+home@example.com")
        #expect(state.password == "Secret#123&x+y")
        #expect(state.usageMode == "authenticated")
        #expect(state.configured)
        // Every byte outside the unreserved set is encoded: '+' would be a space to Flask.
        let wifi = try #require(double.requests.first { $0.path == "/wifi_credentials" })
        #expect(wifi.target == "/wifi_credentials?wifissid=Home%20Net%2B5G&wifipassd=pa%20ss%26word%2B1%23%25")
    }

    @Test func everyParameterIsSentEvenWhenEmpty() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        let speaker = client(double)
        try speaker.setWiFi(ssid: "Cafe", passphrase: "")
        try speaker.setAccount(.anonymous)
        let targets = double.requests.map(\.target)
        #expect(targets == ["/wifi_credentials?wifissid=Cafe&wifipassd=", "/auth?auth=n&email=&password="])
        #expect(double.state.usageMode == "anonymous")
    }

    @Test func refusedValuesSendNothing() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let speaker = client(double)
        let cases: [(String, () throws -> Void)] = [
            ("empty", { _ = try speaker.setRoom("") }),
            ("empty", { _ = try speaker.setRoom("   ") }),
            ("64", { _ = try speaker.setRoom(String(repeating: "a", count: 65)) }),
            ("control character", { _ = try speaker.setRoom("Hall\nway") }),
            ("'='", { _ = try speaker.setRoom("Room=1") }),
            ("'\"'", { try speaker.setWiFi(ssid: "My\"Net", passphrase: "password1") }),
            ("control character", { try speaker.setWiFi(ssid: "My\nNet", passphrase: "password1") }),
            ("'\"'", { try speaker.setWiFi(ssid: "MyNet", passphrase: "pass\"word1") }),
            ("control character", { try speaker.setWiFi(ssid: "MyNet", passphrase: "pass\nword1") }),
            ("8 to 63", { try speaker.setWiFi(ssid: "MyNet", passphrase: "short") }),
            ("'='", { try speaker.setAccount(.account(email: "ada@example.com", password: "Pass=word1")) }),
            ("speech recognition", { _ = try speaker.configure(SpeakerConfiguration(speechToText: "sphinx-typo")) }),
        ]
        for (reason, call) in cases {
            let error = speakerError(call)
            #expect(error?.kind == .refused, "\(reason)")
            #expect(error?.exitCode == .usage)
            #expect(error?.message.contains(reason) == true, "\(error?.message ?? "no error") should say \(reason)")
            #expect(error?.message.contains("pass\"word1") != true && error?.message.contains("Pass=word1") != true)
        }
        #expect(double.requests.isEmpty)
        #expect(double.state == SpeakerDouble.Stored())
    }

    @Test func theSetupServerTakesWhatTheControlServerRefuses() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        let speaker = client(double)
        _ = try speaker.setRoom("Room=1")
        try speaker.setAccount(.account(email: "ada@example.com", password: "Pass=word1"))
        #expect(double.state.room == "Room=1")
        #expect(double.state.password == "Pass=word1")
    }

    @Test func anHTMLErrorIsSummarisedByItsTitleWithoutTheSecret() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        double.failNext("/wifi_credentials", with: .text(SpeakerDouble.werkzeug3Error500, status: 500))
        let error = try #require(speakerError { try client(double).setWiFi(ssid: "MyNet", passphrase: "hunter2hunter2") })
        #expect(error.kind == .failed)
        #expect(error.exitCode == .unavailable)
        #expect(error.message == "The speaker at 127.0.0.1 answered HTTP 500 (its text is not shown: the request carried a password) when sending the Wi-Fi network.")
    }

    @Test func aTextErrorEchoingTheSecretIsNotShown() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        double.failNext("/auth", with: .text("bad password Secret#123", status: 400, contentType: "text/plain"))
        let error = try #require(speakerError { try client(double).setAccount(.account(email: "ada@example.com", password: "Secret#123")) })
        #expect(error.message == "The speaker at 127.0.0.1 answered HTTP 400 (its text is not shown: the request carried a password) when sending the SUSI account.")
    }

    /// A speaker that echoes the password past the 80 characters a summary
    /// keeps, form-encoded, or upper-cased: none of it, not even its start.
    @Test(arguments: ["plain", "form", "upper", "percent-lower"])
    func anEchoedPasswordNeverShowsInAnyForm(_ form: String) throws {
        let password = "Correct Horse+Battery/staple"
        let echoed: String
        switch form {
        case "plain": echoed = password
        case "form": echoed = "Correct+Horse%2BBattery%2Fstaple"
        case "upper": echoed = password.uppercased()
        default: echoed = "Correct%20Horse%2bBattery%2fstaple"
        }
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        let body = String(repeating: "x", count: 66) + " password=" + echoed + " rejected"
        double.failNext("/wifi_credentials", with: .text(body, status: 500, contentType: "text/plain"))
        let error = try #require(speakerError { try client(double).setWiFi(ssid: "HomeNet", passphrase: password) })
        #expect(error.kind == .failed)
        for piece in ["Corr", "CORR", "orse", "ORSE", "stap", "STAP"] {
            #expect(!error.message.contains(piece), "\(error.message)")
        }
    }

    @Test func redactionCoversEveryEncodingBeforeAnyCut() {
        let text = "a Hunter 2/x b hunter+2%2Fx c HUNTER%202%2fX d"
        #expect(SpeakerHTTP.redact(text, ["hunter 2/x"]) == "a *** b *** c *** d")
    }

    @Test func aNullRoomIsAFailure() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        double.failNext("/speaker_config", with: .json("{\"room_name\":null}\n"))
        let error = try #require(speakerError { try client(double).setRoom("Kitchen") })
        #expect(error.kind == .failed)
        #expect(error.message.contains("did not store the room"))
    }

    @Test func theLoginGateSaysTheSpeakerHasAPassword() throws {
        let double = try SpeakerDouble(era: .controlServer, password: "speakerpw")
        defer { double.stop() }
        let error = try #require(speakerError { try client(double).setRoom("Kitchen") })
        #expect(error.kind == .passwordProtected)
        #expect(error.exitCode == .noPermission)
        #expect(error.message.contains("has a password set"))
        #expect(double.state.room == nil)
    }

    @Test func aLostConnectionAfterTheConfigurationIsProbableSuccess() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        double.endConfiguration(.dropsConnection)
        guard case .connectionLost = try client(double).configure(SpeakerConfiguration()) else {
            Issue.record("a dropped connection should be a lost connection")
            return
        }
        #expect(double.state.configuration["default_stt"] == "google")
    }

    @Test func aTimeoutAfterTheConfigurationIsProbableSuccess() throws {
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        double.endConfiguration(.stalls(seconds: 3))
        // Said as what happened: no answer in time, not a dropped connection.
        guard case .timedOut(seconds: 1) = try client(double, timeout: 1).configure(SpeakerConfiguration()) else {
            Issue.record("a timeout should be reported as a timeout")
            return
        }
    }

    @Test func aLostConnectionBeforeTheConfigurationIsAFailure() throws {
        let double = try SpeakerDouble(era: .setupServer)
        defer { double.stop() }
        double.failNext("/wifi_credentials", with: .dropped)
        let error = try #require(speakerError { try client(double).setWiFi(ssid: "MyNet", passphrase: "password1") })
        #expect(error.kind == .unreachable)
        #expect(error.exitCode == .unavailable)
        #expect(error.message.hasPrefix("Cannot reach the speaker at 127.0.0.1 when sending the Wi-Fi network"))
    }

    @Test func engineNamesAreTranslatedPerEra() throws {
        #expect(try SpeakerConfiguration(speechToText: "pocketsphinx").validated(for: .setupServer).speechToText == "sphinx")
        #expect(try SpeakerConfiguration(speechToText: "sphinx").validated(for: .controlServer).speechToText == "pocketsphinx")
        #expect(try SpeakerConfiguration(textToSpeech: "ibm").validated(for: .controlServer).textToSpeech == "watson")
        // 200 but never applied on the 5000 era: config_generator prompts for IBM credentials.
        let error = speakerError { try SpeakerConfiguration(speechToText: "ibm").validated(for: .setupServer) }
        #expect(error?.message == "This speaker (susi_linux setup server (port 5000, images up to mid-2019)) cannot use 'ibm' for speech recognition; it accepts google, sphinx.")
    }

    @Test func theControlServerAppliesOnlyWhatItAccepts() throws {
        // What the client protects against: the double, like susi-config, stops at the first bad value and still answers 200.
        let double = try SpeakerDouble(era: .controlServer)
        defer { double.stop() }
        let response = try HTTPTransport(environment: loopbackOnly).get(URL(string: "http://\(double.address)/config?stt=sphinx&tts=google&hotword=y&wake=n")!)
        #expect(response.status == 200)
        #expect(double.state.configuration.isEmpty)
    }

    @Test func theMACAddressComesFromTheControlServerOnly() throws {
        let control = try SpeakerDouble(era: .controlServer)
        defer { control.stop() }
        #expect(try client(control).macAddress() == "41:24:AA:9C:C5:78")
        let setup = try SpeakerDouble(era: .setupServer)
        defer { setup.stop() }
        #expect(try client(setup).macAddress() == nil)
        #expect(setup.requests.isEmpty)
    }

    @Test func theLoopbackGuardCoversTheSpeakerClient() {
        let speaker = HTTPSpeakerClient(address: URL(string: "http://10.0.0.1:7070")!, era: .controlServer, environment: loopbackOnly)
        let error = speakerError { try speaker.setRoom("Kitchen") }
        #expect(error?.exitCode == .software)
        #expect(error?.message.hasPrefix("NETWORK GUARD: refusing to contact 10.0.0.1") == true)
        #expect(error?.message.contains("room_name") == true)
    }
}
