import Foundation

/// A SUSI Smart Speaker's setup server on 127.0.0.1, for tests: either era
/// (susi_linux's Flask server on "port 5000", susi_installer's control server
/// on "port 7070"; here both on a free loopback port), answering as the real
/// ones do, quirks included (speaker-api.md §1.2, §1b, §1c, §2): a missing
/// query parameter is a 500 HTML page (except the 5000 era's room, stored as
/// null), values are never checked but a 200 does not mean they were
/// applied, the control server stores the room with literal quotes and
/// drops values containing `=`, a control server with a password answers
/// everything with its login page, and after /config the speaker leaves its
/// hotspot (the answer may be lost).
public final class SpeakerDouble: @unchecked Sendable {
    public enum Era: String, Sendable { case setupServer = "5000", controlServer = "7070" }

    /// What happens to the /config answer.
    public enum ConfigEnding: Sendable {
        /// The answer arrives, then the speaker is gone (7070: it reboots after 10 s).
        case answers
        /// The connection drops before the answer (5000: hostapd stops at once).
        case dropsConnection
        /// Nothing comes back within `seconds`.
        case stalls(seconds: TimeInterval)
    }

    /// What the speaker has stored, as its scripts would have written it.
    public struct Stored: Sendable, Equatable {
        /// The room as stored: nil = never set; "null" on 5000 when the parameter was missing;
        /// with literal quotes on 7070.
        public var room: String?
        public var ssid: String?
        public var passphrase: String?
        public var usageMode: String?
        public var email: String?
        public var password: String?
        /// The configuration keys that were applied (the tool runs after the answer and may stop early).
        public var configuration: [String: String] = [:]
        /// The control server enables its registration service on an authenticated /auth with an e-mail.
        public var registrationEnabled = false
        /// /config answered: the speaker is leaving its hotspot.
        public var configured = false

        public init() {}
    }

    public let era: Era
    public let mac: String
    private let lock = NSLock()
    private var stored = Stored()
    private var failures: [String: [LoopbackHTTPServer.Response]] = [:]
    private var loginPassword: String?
    private var ending: ConfigEnding = .answers
    private var hotspotRunning = true
    private var server: LoopbackHTTPServer!

    public init(era: Era, mac: String = "41:24:aa:9c:c5:78", password: String? = nil) throws {
        self.era = era
        self.mac = mac
        self.loginPassword = password
        server = try LoopbackHTTPServer { [unowned self] request in self.answer(request) }
    }

    public var port: UInt16 { server.port }
    /// `127.0.0.1:PORT`, for SUSI_SPEAKER or --speaker.
    public var address: String { "127.0.0.1:\(server.port)" }
    public var requests: [LoopbackHTTPServer.Request] { server.requests }
    public func stop() { server.stop() }

    public var state: Stored { locked { stored } }

    /// The next request to `path` gets `response` instead of the real answer.
    public func failNext(_ path: String, with response: LoopbackHTTPServer.Response) {
        locked { failures[path, default: []].append(response) }
    }

    public func endConfiguration(_ ending: ConfigEnding) { locked { self.ending = ending } }
    public func setHotspotRunning(_ running: Bool) { locked { hotspotRunning = running } }

    // MARK: - Pages

    /// Werkzeug 3's 500 page (265 bytes), as the control server and a current Flask answer.
    public static let werkzeug3Error500 = "<!doctype html>\n<html lang=en>\n<title>500 Internal Server Error</title>\n<h1>Internal Server Error</h1>\n<p>The server encountered an internal error and was unable to complete your request. Either the server is overloaded or there is an error in the application.</p>"
    /// Werkzeug 1.0.1's 500 page (290 bytes), as a 2019 speaker answers.
    public static let werkzeug1Error500 = "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 3.2 Final//EN\">\n<title>500 Internal Server Error</title>\n<h1>Internal Server Error</h1>\n<p>The server encountered an internal error and was unable to complete your request. Either the server is overloaded or there is an error in the application.</p>\n"
    static let notFound = "<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n<p>The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.</p>"
    static let methodNotAllowed = "<!doctype html>\n<html lang=en>\n<title>405 Method Not Allowed</title>\n<h1>Method Not Allowed</h1>\n<p>The method is not allowed for the requested URL.</p>"
    static let loginPage = "<!doctype html>\n<html>\n<head><title>SUSI.AI Smart Speaker - Login</title></head>\n<body><form method=\"post\" action=\"/login\"><input type=\"password\" name=\"password\"><button>Login</button></form></body>\n</html>\n"

    // MARK: - Answering

    private func answer(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
        let path = request.path
        lock.lock()
        if stored.configured {
            // Gone from the hotspot: nothing answers any more.
            lock.unlock()
            return .dropped
        }
        if var queued = failures[path], !queued.isEmpty {
            let response = queued.removeFirst()
            failures[path] = queued
            lock.unlock()
            return response
        }
        lock.unlock()
        let query = Self.flaskQuery(request.target)
        switch era {
        case .setupServer: return setupServer(request.method, path, query)
        case .controlServer: return controlServer(request.method, path, query)
        }
    }

    private func setupServer(_ method: String, _ path: String, _ query: [String: String]) -> LoopbackHTTPServer.Response {
        let getRoutes = ["/", "/install", "/speaker_config", "/wifi_credentials", "/auth", "/config"]
        guard getRoutes.contains(path) else {
            return path == "/reboot" ? .text(Self.methodNotAllowed, status: 405) : .text(Self.notFound, status: 404)
        }
        guard method == "GET" || method == "HEAD" else { return .text(Self.methodNotAllowed, status: 405) }
        switch path {
        case "/": return .text("<!DOCTYPE html><html><head><title>SUSI AI Wifi Setup</title></head><body></body></html>", contentType: "text/html; charset=utf-8")
        case "/install": return .text("starting the installation script", contentType: "text/html; charset=utf-8")
        case "/speaker_config":
            let room = query["room_name"]
            locked { stored.room = room ?? "null" }
            return Self.json([("room_name", room)])
        case "/wifi_credentials":
            guard let ssid = query["wifissid"], let pass = query["wifipassd"] else { return .text(Self.werkzeug1Error500, status: 500) }
            locked { stored.ssid = ssid; stored.passphrase = pass }
            return Self.json([("wifi", "configured"), ("wifi_password", pass), ("wifi_ssid", ssid)])
        case "/auth":
            guard let auth = query["auth"], let email = query["email"], let password = query["password"] else {
                return .text(Self.werkzeug1Error500, status: 500)
            }
            locked {
                if auth == "y" {
                    stored.usageMode = "authenticated"; stored.email = email; stored.password = password
                } else {
                    stored.usageMode = "anonymous"
                }
            }
            return Self.json([("auth", auth), ("authentication", "successful"), ("email", email), ("password", password)])
        default: // /config
            guard let stt = query["stt"], let tts = query["tts"], let hotword = query["hotword"], let wake = query["wake"] else {
                return .text(Self.werkzeug1Error500, status: 500)
            }
            // config_generator: ibm and bing ask for credentials on a terminal
            // it does not have and die after writing default_stt.
            var applied: [String: String] = [:]
            let sttValue = ["google": "google", "ibm": "watson", "bing": "bing", "sphinx": "pocket_sphinx"][stt] ?? "google"
            applied["default_stt"] = sttValue
            if stt != "ibm" && stt != "bing" {
                let ttsValue = ["google": "google", "flite": "flite", "ibm": "watson"][tts] ?? "google"
                applied["default_tts"] = ttsValue
                if tts != "ibm" {
                    applied["hotword_engine"] = hotword == "y" ? "Snowboy" : "pocket_sphinx"
                    applied["WakeButton"] = wake == "y" ? "enabled" : "disabled"
                }
            }
            return finishConfiguration(applied, Self.json([("configuration", "successful"), ("hotword", hotword), ("stt", stt),
                                                           ("tts", tts), ("wake", wake)]))
        }
    }

    private func controlServer(_ method: String, _ path: String, _ query: [String: String]) -> LoopbackHTTPServer.Response {
        if locked({ loginPassword }) != nil, path != "/login", !path.hasPrefix("/static/") {
            return .text(Self.loginPage, contentType: "text/html; charset=utf-8")
        }
        switch (path, method) {
        case ("/check_ap", "GET"): return Self.json([("status", locked { hotspotRunning } ? "true" : "false")])
        case ("/status", "POST"), ("/status", "PUT"): return Self.json([("status", "Ok")])
        case ("/status", _): return .text(Self.methodNotAllowed, status: 405)
        case ("/mac", _): return Self.json([("macid", mac)])
        case ("/install", "GET"): return .text("starting the installation script", contentType: "text/html; charset=utf-8")
        case ("/speaker_config", "GET"):
            guard let room = query["room_name"] else { return .text(Self.werkzeug3Error500, status: 500) }
            let quoted = "\"\(room)\""
            // susi-config set roomname="<room>": one '=' in the value and it is rejected.
            if !room.contains("=") { locked { stored.room = quoted } }
            return Self.json([("room_name", quoted)])
        case ("/wifi_credentials", "GET"):
            guard let ssid = query["wifissid"], let pass = query["wifipassd"] else { return .text(Self.werkzeug3Error500, status: 500) }
            locked { stored.ssid = ssid; stored.passphrase = pass }
            return Self.json([("wifi", "configured"), ("wifi_password", pass), ("wifi_ssid", ssid)])
        case ("/auth", "GET"):
            guard let auth = query["auth"], let email = query["email"], let password = query["password"] else {
                return .text(Self.werkzeug3Error500, status: 500)
            }
            let mode = auth == "y" ? "authenticated" : auth == "n" ? "anonymous" : auth
            locked {
                // susi-config set susi.mode=… susi.user=… susi.pass=…, in order, stopping at the first rejected value.
                guard mode == "authenticated" || mode == "anonymous" else { return }
                stored.usageMode = mode
                guard !email.contains("=") else { return }
                stored.email = email
                guard !password.contains("=") else { return }
                stored.password = password
            }
            if mode == "authenticated", !email.isEmpty { locked { stored.registrationEnabled = true } }
            return Self.json([("auth", mode), ("authentication", "successful"), ("email", email), ("password", password)])
        case ("/config", "GET"):
            guard let stt = query["stt"], let tts = query["tts"], let hotword = query["hotword"], let wake = query["wake"] else {
                return .text(Self.werkzeug3Error500, status: 500)
            }
            let checks: [(String, String, Set<String>)] = [
                ("stt", stt, ["google", "watson", "bing", "pocketsphinx", "deepspeech-local", "vosk"]),
                ("tts", tts, ["google", "watson", "flite"]),
                ("hotword.engine", hotword, ["y", "n", "Snowboy", "PocketSphinx", "None"]),
                ("wakebutton", wake, ["y", "n", "enable", "disable"]),
            ]
            var applied: [String: String] = [:]
            for (key, value, allowed) in checks {
                guard allowed.contains(value) else { break }
                applied[key] = value
            }
            return finishConfiguration(applied, Self.json([("configuration", "successful"), ("hotword", hotword), ("stt", stt),
                                                           ("tts", tts), ("wake", wake)]))
        case (_, _) where ["/check_ap", "/install", "/speaker_config", "/wifi_credentials", "/auth", "/config"].contains(path):
            return .text(Self.methodNotAllowed, status: 405)
        default:
            return .text(Self.notFound, status: 404)
        }
    }

    private func finishConfiguration(_ applied: [String: String], _ response: LoopbackHTTPServer.Response) -> LoopbackHTTPServer.Response {
        let ending = locked { () -> ConfigEnding in
            stored.configuration = applied
            stored.configured = true
            return self.ending
        }
        switch ending {
        case .answers: return response
        case .dropsConnection: return .dropped
        case let .stalls(seconds):
            var late = response
            late.delay = seconds
            return late
        }
    }

    // MARK: - Flask's ways

    /// `request.args`: `+` is a space, then percent-decoding; the first of a repeated name wins.
    static func flaskQuery(_ target: String) -> [String: String] {
        guard let mark = target.firstIndex(of: "?") else { return [:] }
        var result: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            let name = decode(parts[0])
            if result[name] == nil { result[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return result
    }

    /// jsonify: compact, keys sorted, non-ASCII escaped, a trailing newline.
    static func json(_ pairs: [(String, String?)]) -> LoopbackHTTPServer.Response {
        let body = "{" + pairs.sorted { $0.0 < $1.0 }.map { key, value in
            escape(key) + ":" + (value.map(escape) ?? "null")
        }.joined(separator: ",") + "}\n"
        return .json(body)
    }

    static func escape(_ text: String) -> String {
        var result = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x0A: result += "\\n"
            case 0x20..<0x7F: result.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default: result += String(format: "\\u%04x", unit)
            }
        }
        return result + "\""
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
