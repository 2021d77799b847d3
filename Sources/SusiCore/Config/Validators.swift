import Foundation

/// Checks for setting values. Each returns nil when the value is fine,
/// otherwise what was expected.
enum Validators {
    static func server(_ value: String) -> String? {
        if value == ServerChoice.embeddedName { return nil }
        guard let url = URLParts(value), url.scheme == "http" || url.scheme == "https" else {
            // "127.0.0.1:4000" or "api.susi.ai": the scheme was left out.
            if !value.contains("://"), let guess = URLParts("http://" + value), !guess.host.isEmpty, !value.contains(" ") {
                // A local server rarely has a certificate; a public one should.
                let local = guess.host == "localhost" || guess.host.hasPrefix("127.") || guess.host.contains("::1")
                let scheme = local ? "http" : "https"
                return "expected 'local' or an http(s) URL, so with the scheme: '\(scheme)://\(value)'"
            }
            return "expected 'local' or an http(s) URL such as https://api.susi.ai"
        }
        if url.host.isEmpty { return "expected a URL with a host name" }
        // A password in the URL would be stored in the config file, kept in
        // shell history and printed in every message naming the server.
        if url.hasUserinfo { return "expected a URL without a user name or password; log in with 'susi login' instead" }
        return nil
    }

    /// A known ISO 639-1 code, optionally with a region (pt-BR); see LanguageCodes.
    static func language(_ value: String) -> String? {
        LanguageCodes.problem(with: value)
    }

    /// Coordinates, or a place name: 1 to 100 characters with a letter, no
    /// control characters and no leading or trailing spaces. A value without a
    /// letter, or two numbers, must be coordinates in range.
    static func location(_ value: String) -> String? {
        let expected = "expected a place name such as Berlin, or latitude,longitude in degrees such as 52.52,13.40 (latitude -90 to 90, longitude -180 to 180)"
        if ConfigKey.coordinates(value) != nil { return nil }
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        let looksNumeric = parts.count == 2 && parts.allSatisfy { Double($0.trimmingCharacters(in: .whitespaces)) != nil }
        guard !looksNumeric, value.unicodeScalars.contains(where: { CharacterSet.letters.contains($0) }),
              value.count <= 100, value.trimmingCharacters(in: .whitespaces) == value,
              !value.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
        else { return expected }
        return nil
    }

    /// An http(s) URL with a host and without a user name or password.
    static func serviceURL(_ value: String) -> String? {
        guard let url = URLParts(value), url.scheme == "http" || url.scheme == "https", !url.host.isEmpty else {
            return "expected an http(s) URL such as https://api.open-meteo.com/v1/forecast"
        }
        return url.hasUserinfo ? "expected a URL without a user name or password" : nil
    }

    static func voice(_ value: String) -> String? {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_+/.")
        guard (1...64).contains(value.count), value.unicodeScalars.allSatisfy(allowed.contains) else {
            return "expected an espeak-ng voice name such as en, en-us or de (see 'espeak-ng --voices')"
        }
        return nil
    }

    static func pager(_ value: String) -> String? {
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty, value.utf8.count <= 1024,
              !value.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) && $0 != "\t" })
        else {
            return "expected a command such as 'less -FRX' (or 'cat' for none), on one line"
        }
        return nil
    }

    static func room(_ value: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed == value, value.count <= 64,
              !value.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) })
        else {
            return "expected a room name of 1 to 64 characters without leading or trailing spaces"
        }
        return nil
    }
}

/// The pieces of a URL that susi cares about, parsed strictly enough to
/// reject typos such as "htp:/host".
public struct URLParts: Equatable, Sendable {
    public var scheme: String
    public var host: String
    public var port: Int?
    public var path: String
    /// A user name or password before the host (`http://user:pass@host/`).
    public var hasUserinfo: Bool

    public init?(_ text: String) {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(),
              let host = components.host,
              text.lowercased().hasPrefix(scheme + "://")
        else { return nil }
        if let port = components.port, !(1...65535).contains(port) { return nil }
        if host.contains(" ") { return nil }
        self.scheme = scheme
        self.host = host
        self.port = components.port
        self.path = components.path == "/" ? "" : components.path
        self.hasUserinfo = components.user != nil || components.password != nil
    }

    /// A value quoted for a message, unless it is a URL with a password
    /// parameter (`?password=…`, which libpq reads): then it is not
    /// repeated. A password before the host is masked by stderr's guard.
    public static func quotedUnlessSecret(_ value: String) -> String {
        let names = URLComponents(string: value)?.queryItems?.map { $0.name.lowercased() } ?? []
        return names.contains("password") ? "(a URL with a password, not repeated here)" : "'\(value)'"
    }
}
