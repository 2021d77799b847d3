import Foundation
import SusiBasics
import SusiNet
import SusiPorts

/// SpeakerClient over HTTP, through SusiNet's transport (so the loopback
/// guard sees every address).
public struct HTTPSpeakerClient: SpeakerClient {
    public let address: URL
    public let era: SpeakerEra
    let transport: HTTPTransport

    /// Never through a proxy: the speaker is on the local network, and these
    /// requests carry the Wi-Fi and account passwords. `trace` gets `-v`'s lines.
    public init(address: URL, era: SpeakerEra, environment: [String: String], timeout: TimeInterval = 30,
                trace: (@Sendable (String) -> Void)? = nil) {
        self.address = address
        self.era = era
        self.transport = HTTPTransport(environment: environment, timeout: timeout, maxBytes: 1 << 20,
                                       proxies: .never, trace: trace)
    }

    public func setRoom(_ room: String) throws(SpeakerError) -> String {
        try SpeakerInput.checkRoom(room, era: era)
        let object = try call("/speaker_config", [("room_name", room)], doing: "setting the room")
        // The 5000 era answers 200 {"room_name":null} (and stores null) when
        // the room did not arrive.
        guard let stored = object["room_name"] as? String else {
            throw SpeakerError(.failed, "The speaker at \(host) did not store the room (it answered room_name null).")
        }
        return Self.unquoted(stored)
    }

    public func setWiFi(ssid: String, passphrase: String) throws(SpeakerError) {
        try SpeakerInput.checkSSID(ssid)
        try SpeakerInput.checkPassphrase(passphrase)
        let object = try call("/wifi_credentials", [("wifissid", ssid), ("wifipassd", passphrase)],
                              doing: "sending the Wi-Fi network", secrets: [passphrase])
        guard (object["wifi"] as? String) == "configured" else {
            throw SpeakerError(.failed, "The speaker at \(host) did not say it configured the Wi-Fi network (no \"wifi\": \"configured\" in its answer).")
        }
    }

    public func setAccount(_ account: SpeakerAccount) throws(SpeakerError) {
        let parameters: [(String, String)]
        var secrets: [String] = []
        switch account {
        case .anonymous:
            parameters = [("auth", "n"), ("email", ""), ("password", "")]
        case let .account(email, password):
            try SpeakerInput.checkAccount(email: email, password: password, era: era)
            parameters = [("auth", "y"), ("email", email), ("password", password)]
            secrets = [password]
        }
        let object = try call("/auth", parameters, doing: "sending the SUSI account", secrets: secrets)
        guard (object["authentication"] as? String) == "successful" else {
            throw SpeakerError(.failed, "The speaker at \(host) did not say it stored the account (no \"authentication\": \"successful\" in its answer).")
        }
    }

    public func configure(_ configuration: SpeakerConfiguration) throws(SpeakerError) -> ConfigurationOutcome {
        let checked = try configuration.validated(for: era)
        let parameters = [("stt", checked.speechToText), ("tts", checked.textToSpeech),
                          ("hotword", checked.hotword ? "y" : "n"), ("wake", checked.wakeButton ? "y" : "n")]
        do throws(SpeakerError) {
            let object = try call("/config", parameters, doing: "sending the configuration")
            guard (object["configuration"] as? String) == "successful" else {
                throw SpeakerError(.failed, "The speaker at \(host) did not say it took the configuration (no \"configuration\": \"successful\" in its answer).")
            }
            return .accepted
        } catch let error where error.isLostConnection {
            // After /config the speaker stops its hotspot (at once on 5000,
            // about 10 s later on 7070), racing the answer.
            if error.transportCode == .tempFail { return .timedOut(seconds: Int(transport.timeout)) }
            return .connectionLost(error.message)
        }
    }

    public func macAddress() throws(SpeakerError) -> String? {
        guard era == .controlServer else { return nil }
        let object = try call("/mac", [], doing: "asking for its MAC address")
        guard let mac = object["macid"] as? String, Self.isMAC(mac) else {
            throw SpeakerError(.failed, "The speaker at \(host) did not give a usable MAC address.")
        }
        return mac.uppercased().replacingOccurrences(of: "-", with: ":")
    }

    var host: String { address.host ?? address.absoluteString }

    static func isMAC(_ text: String) -> Bool {
        let parts = text.split(separator: text.contains("-") ? "-" : ":", omittingEmptySubsequences: false)
        return parts.count == 6 && parts.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }

    /// The control server stores `roomname="kitchen"` with the quotes.
    static func unquoted(_ room: String) -> String {
        room.count >= 2 && room.hasPrefix("\"") && room.hasSuffix("\"") ? String(room.dropFirst().dropLast()) : room
    }

    /// One GET with every parameter in the query; the JSON object of a 200
    /// answer, or the failure in words (no secret in them).
    func call(_ path: String, _ parameters: [(String, String)], doing what: String,
              secrets: [String] = []) throws(SpeakerError) -> [String: Any] {
        let answer = try SpeakerHTTP.get(transport, address, path, parameters, doing: what, secrets: secrets)
        if answer.status == 200, answer.isHTML, era == .controlServer {
            throw SpeakerHTTP.loginGate(address)
        }
        guard answer.status == 200 else {
            throw SpeakerError(.failed, "The speaker at \(host) answered \(SpeakerHTTP.summary(answer, secrets: secrets)) when \(what).")
        }
        guard let object = answer.object else {
            throw SpeakerError(.failed, "The speaker at \(host) answered \(what) with something other than JSON (\(SpeakerHTTP.summary(answer, secrets: secrets))).")
        }
        return object
    }
}

/// The HTTP both the client and the finder use.
enum SpeakerHTTP {
    static func get(_ transport: HTTPTransport, _ address: URL, _ path: String, _ parameters: [(String, String)],
                    method: String = "GET", doing what: String, secrets: [String] = []) throws(SpeakerError) -> SpeakerAnswer {
        var text = address.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if !parameters.isEmpty { text += "?" + SpeakerQuery.string(parameters) }
        guard let url = URL(string: text) else {
            throw SpeakerError(.refused, "Cannot build a URL for \(what) from the speaker address \(address.absoluteString).")
        }
        let response: HTTPResponse
        do {
            response = try transport.send(HTTPRequest(method: method, url: url))
        } catch {
            let host = address.host ?? address.absoluteString
            // The transport's message names the URL only for a refused guard
            // or a bad URL; both hold the query, so say the path instead.
            switch error.kind {
            case .refusedByGuard:
                throw SpeakerError(.unreachable, redact(error.message, secrets), hint: error.hint, transportCode: .software)
            case .interrupted:
                throw SpeakerError(.unreachable, "Cancelled while \(what).", transportCode: .interrupted)
            case .timeout:
                throw SpeakerError(.unreachable, "The speaker at \(host) did not answer within \(Int(transport.timeout)) seconds when \(what).",
                                   transportCode: .tempFail)
            case .badURL:
                throw SpeakerError(.refused, "Cannot use the speaker address \(address.absoluteString) for \(path).")
            case .tooLarge, .unreachable:
                throw SpeakerError(.unreachable, "Cannot reach the speaker at \(host) when \(what): \(redact(error.message, secrets))")
            }
        }
        return SpeakerAnswer(status: response.status, contentType: response.header("Content-Type") ?? "", body: response.body)
    }

    /// The answer in words. A request that carried a secret never has its
    /// answer's text shown (a speaker may echo the request, in any encoding):
    /// only its status; any other answer's text is redacted before it is cut.
    static func summary(_ answer: SpeakerAnswer, secrets: [String]) -> String {
        let carried = secrets.contains { !$0.isEmpty }
        return carried ? "HTTP \(answer.status) (its text is not shown: the request carried a password)" : answer.summary
    }

    static func redact(_ text: String, _ secrets: [String]) -> String {
        SecretRedaction.redact(text, secrets)
    }

    static func loginGate(_ address: URL) -> SpeakerError {
        SpeakerError(.passwordProtected,
                     "The speaker at \(address.host ?? address.absoluteString) has a password set: its control server answers every call with its login page.",
                     hint: "Open \(address.absoluteString)/login in a browser to set it up there, or reset the speaker's password to 'default' (factory reset) and run this again.")
    }
}
