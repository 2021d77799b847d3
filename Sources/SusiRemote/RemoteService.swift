import Foundation
import SusiBasics
import SusiNet
import SusiPorts

/// `SusiService` over HTTP to a SUSI server (api.susi.ai, a self-hosted
/// susi_server, or another machine's `susi serve`), speaking its API as the
/// SUSI apps do: parameters in the query string (GET) or a form body (POST),
/// the token as `access_token`, JSON answers whatever their content type.
public final class RemoteService: SusiService {
    public let baseURL: URL
    let transport: HTTPTransport
    /// Extra tries for idempotent requests after a connection error or a 503.
    let retries: Int
    let backoff: TimeInterval

    public var location: String { baseURL.absoluteString }
    /// Where the address came from ("--server", "SUSI_SERVER", the setting),
    /// for the hint when it cannot be reached; nil when not known.
    public var addressOrigin: SettingSource?
    /// The token comes from SUSI_TOKEN: a rejected one is unset, not logged in again.
    public var tokenFromEnvironment = false

    public init(baseURL: URL, environment: [String: String], timeout: TimeInterval = 15, retries: Int = 2,
                backoff: TimeInterval = 0.4, trace: (@Sendable (String) -> Void)? = nil) {
        var text = baseURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.baseURL = URL(string: text) ?? baseURL
        self.transport = HTTPTransport(environment: environment, timeout: timeout, maxBytes: 16 << 20, trace: trace)
        self.retries = retries
        self.backoff = backoff
    }

    // MARK: - Requests

    /// Sends a request and returns the decoded JSON object. HTTP errors map to
    /// `ServiceError`s by status, since error bodies are HTML pages.
    ///
    /// A request carrying a token or a password is POSTed: secrets never go in
    /// a URL, where proxies and access logs keep them. The server treats GET
    /// and POST alike. Only `idempotent` requests are retried.
    /// `inspect` sees the raw body before it is parsed (to refuse a reply
    /// too big to parse, before it costs the memory). `post` sends a long
    /// value (a skill text) in the body rather than the URL.
    func call(_ path: String, _ parameters: [String: String?], token: String? = nil, secret: Bool = false,
              idempotent: Bool = true, post: Bool = false, inspect: ((Data) throws -> Void)? = nil) throws -> [String: Any] {
        var pairs = parameters.compactMap { key, value in value.map { (key, $0) } }
        if let token { pairs.append(("access_token", token)) }
        pairs.sort { $0.0 < $1.0 }
        let encoded = pairs.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&")
        let usePost = secret || post || token != nil || !idempotent
        var request: HTTPRequest
        if usePost {
            request = HTTPRequest(method: "POST", url: baseURL.appendingPathComponent(path),
                                  headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
                                  body: Data(encoded.utf8))
        } else {
            guard let url = URL(string: baseURL.absoluteString + path + (encoded.isEmpty ? "" : "?" + encoded)) else {
                throw ServiceError(.invalidInput, "Cannot build a request URL for \(path).")
            }
            request = HTTPRequest(method: "GET", url: url)
        }
        request.headers["Accept"] = "application/json"
        let response = try send(request, idempotent: idempotent)
        if (200..<300).contains(response.status) { try inspect?(response.body) }
        do {
            return try decode(response, path: path, tokenSent: token != nil)
        } catch var error as ServiceError where secret || token != nil {
            // The server's words may echo what the request carried (a password, the token).
            let secrets = parameters.filter { $0.key.lowercased().contains("password") }.compactMap(\.value) + [token].compactMap { $0 }
            error.message = SecretRedaction.redact(error.message, secrets)
            throw error
        }
    }

    private func send(_ request: HTTPRequest, idempotent: Bool) throws -> HTTPResponse {
        var attempt = 0
        while true {
            do {
                let response = try transport.send(request)
                if response.status == 503, idempotent, attempt < retries {
                    attempt += 1
                    Thread.sleep(forTimeInterval: backoff * Double(1 << (attempt - 1)))
                    continue
                }
                return response
            } catch {
                switch error.kind {
                case .unreachable where idempotent && attempt < retries:
                    attempt += 1
                    Thread.sleep(forTimeInterval: backoff * Double(1 << (attempt - 1)))
                case .timeout:
                    throw ServiceError(.timeout, "The SUSI server at \(location) did not answer in time.",
                                       hint: "Try again later, or check --server / 'susi config get server'.")
                case .unreachable:
                    throw ServiceError(.unavailable, "Cannot reach the SUSI server at \(location): \(error.message)",
                                       hint: unreachableHint)
                case .refusedByGuard:
                    throw error
                case .badURL:
                    throw ServiceError(.invalidInput, error.message)
                case .tooLarge:
                    throw ServiceError(.malformedResponse, error.message)
                case .interrupted:
                    throw ServiceError(.interrupted, "Cancelled.")
                }
            }
        }
    }

    private func decode(_ response: HTTPResponse, path: String, tokenSent: Bool) throws -> [String: Any] {
        let object = try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])
        let json = object as? [String: Any]
        guard (200..<300).contains(response.status) else {
            if json == nil, (400..<500).contains(response.status), !Self.isJettyErrorPage(response.body) {
                throw ServiceError(.unavailable, "\(location) does not look like a SUSI server: it answered \(path) with HTTP \(response.status) and a page that is not SUSI's.",
                                   hint: unreachableHint)
            }
            var error = Self.error(status: response.status, message: Self.serverMessage(json, body: response.body),
                                   path: path, tokenSent: tokenSent)
            if error.kind == .notLoggedIn, tokenSent { error.hint = reloginHint }
            throw error
        }
        guard let json else {
            if object == nil, Self.isWebPage(response) {
                // A web page where SUSI answers JSON (a router's page, a site's catch-all).
                throw ServiceError(.unavailable, "\(location) does not look like a SUSI server: it answered \(path) with HTTP \(response.status) and a web page, not JSON.",
                                   hint: unreachableHint)
            }
            throw ServiceError(.malformedResponse, "The SUSI server at \(location) sent something that is not a JSON object for \(path).")
        }
        return json
    }

    /// The SUSI server's errors are Jetty's pages ("HTTP ERROR 404",
    /// "Problem accessing ..."); susi serve's are JSON.
    static func isJettyErrorPage(_ body: Data) -> Bool {
        let text = String(decoding: body.prefix(8192), as: UTF8.self)
        return text.contains("HTTP ERROR") || text.contains("Problem accessing") || text.contains("Powered by Jetty")
    }

    /// An HTML page (by its content type or its first character), not a broken JSON answer.
    static func isWebPage(_ response: HTTPResponse) -> Bool {
        if response.header("content-type")?.lowercased().contains("html") == true { return true }
        return response.body.prefix(1024).first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
    }

    /// What to check when the address does not lead to a SUSI server, named by where it came from.
    var unreachableHint: String {
        switch addressOrigin {
        case let .commandLine(flag)?:
            return "The address came from \(flag); check it, or leave \(flag) out to use the 'server' setting."
        case let .environment(variable)?:
            return "The address came from \(variable); check it, or unset \(variable) to use the 'server' setting."
        default:
            return "The address is the 'server' setting: check it with 'susi config get server'; 'local' uses the embedded SUSI."
        }
    }

    /// A token the server no longer accepts: from SUSI_TOKEN it is unset, else logged in again.
    var reloginHint: String {
        tokenFromEnvironment
            ? "The token is SUSI_TOKEN's: unset SUSI_TOKEN (or set a valid token) to use your stored login or none."
            : "Log in again with 'susi login'."
    }

    /// The server's own words, from a JSON body or the title of an HTML error page.
    static func serverMessage(_ json: [String: Any]?, body: Data) -> String? {
        if let message = json?["message"] as? String, !message.isEmpty { return message }
        let text = String(decoding: body.prefix(8192), as: UTF8.self)
        for (open, close) in [("<title>", "</title>"), ("<h2>", "</h2>")] {
            if let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex) {
                var inner = text[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
                // Jetty's title is "Error 500 <reason>": the status is said already.
                if let status = inner.range(of: #"^Error [0-9]{3} "#, options: .regularExpression) {
                    inner.removeSubrange(status)
                }
                if !inner.isEmpty { return unescapeHTML(inner) }
            }
        }
        return nil
    }

    static func unescapeHTML(_ text: String) -> String {
        var result = text
        for (entity, character) in [("&apos;", "'"), ("&#39;", "'"), ("&quot;", "\""), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            result = result.replacingOccurrences(of: entity, with: character)
        }
        return result
    }

    static func error(status: Int, message: String?, path: String, tokenSent: Bool) -> ServiceError {
        // The server's message is a sentence of its own; its final period is this one's.
        let said = message.map { ": \(withoutFinalPeriod($0))" } ?? ""
        switch status {
        case 401:
            return tokenSent
                ? ServiceError(.notLoggedIn, "The server no longer accepts your login\(said).", hint: "Log in again with 'susi login'.")
                : ServiceError.loginRequired("This")
        case 403:
            return ServiceError(.forbidden, "The server refused\(said).")
        case 404:
            return ServiceError(.notFound, "Not found\(said).")
        case 400, 405, 409, 413, 422:
            return ServiceError(.invalidInput, "The server refused the request\(said).")
        case 408, 429, 504:
            return ServiceError(.timeout, "The server is busy (HTTP \(status))\(said).", hint: "Try again later.")
        case 503:
            return ServiceError(.unavailable, "The server is unavailable (HTTP 503)\(said).", hint: "Try again later.")
        default:
            return ServiceError(.unavailable, "The server failed with HTTP \(status) on \(path)\(said).")
        }
    }

    static func withoutFinalPeriod(_ text: String) -> String {
        text.hasSuffix(".") && !text.hasSuffix("..") ? String(text.dropLast()) : text
    }

    /// application/x-www-form-urlencoded, with only unreserved characters left as they are.
    static func formEncode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    // MARK: - Reading loose JSON

    /// The largest count (ratings, uses, feedback) taken from a server:
    /// five of them times five stars still fit an Int.
    static let countRange: ClosedRange<Int> = 0...(1 << 40)

    /// The server sends numbers as strings and strings as numbers; accept
    /// both. Every integer from a server is read within `range`: a value
    /// outside it is clamped to it, and NaN, infinities and anything that is
    /// not a number are nil, so no later arithmetic can trap on it.
    static func int(_ value: Any?, in range: ClosedRange<Int> = countRange) -> Int? {
        guard let number = double(value) else { return nil }
        if number <= Double(range.lowerBound) { return range.lowerBound }
        if number >= Double(range.upperBound) { return range.upperBound }
        return Int(number.rounded(.down))
    }

    /// A star rating: a whole number from 1 to 5, anything else is nil.
    static func stars(_ value: Any?) -> Int? {
        guard let number = double(value), number == number.rounded(), (1...5).contains(number) else { return nil }
        return Int(number)
    }

    /// A finite number, or nil.
    static func double(_ value: Any?) -> Double? {
        let number: Double?
        switch value {
        case let flag as Bool: number = flag ? 1 : 0
        case let value as NSNumber: number = value.doubleValue
        case let text as String: number = Double(text.trimmingCharacters(in: .whitespaces))
        default: number = nil
        }
        guard let number, number.isFinite else { return nil }
        return number
    }

    static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return nil
        }
    }

    /// `accepted` is a boolean, sometimes spelled as a string.
    static func accepted(_ json: [String: Any]) -> Bool {
        if let flag = json["accepted"] as? Bool { return flag }
        if let text = json["accepted"] as? String { return text == "true" }
        return false
    }

    /// The identity of the caller as the server saw it.
    static func identity(_ json: [String: Any]) -> Identity? {
        guard let session = json["session"] as? [String: Any], let identity = session["identity"] as? [String: Any] else {
            return nil
        }
        return Identity(type: string(identity["type"]) ?? "host", name: string(identity["name"]) ?? "",
                        anonymous: (identity["anonymous"] as? Bool) ?? true)
    }

    /// A token the server silently ignored turns the caller anonymous; a
    /// user-only request must then say so rather than act anonymously.
    func requireAccepted(_ json: [String: Any], tokenSent: Bool, what: String) throws {
        if tokenSent, Self.identity(json)?.anonymous == true {
            throw ServiceError(.notLoggedIn, "The server no longer accepts your login, so \(what) was not done.",
                               hint: reloginHint)
        }
        if !Self.accepted(json) {
            throw ServiceError(.invalidInput, Self.withoutFinalPeriod(Self.string(json["message"]) ?? "The server did not accept the request") + ".")
        }
    }

    func skillParameters(_ ref: SkillRef) -> [String: String?] {
        ["model": ref.model, "group": ref.group, "language": ref.language, "skill": ref.name]
    }
}
