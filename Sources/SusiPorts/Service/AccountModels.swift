import Foundation

/// Who is talking: an account, or an anonymous caller.
public struct Identity: Equatable, Codable, Sendable {
    /// "email" for accounts, "host" for anonymous callers (the server's words).
    public var type: String
    public var name: String
    public var anonymous: Bool

    public init(type: String, name: String, anonymous: Bool) {
        self.type = type
        self.name = name
        self.anonymous = anonymous
    }

    public static func account(_ email: String) -> Identity { Identity(type: "email", name: email, anonymous: false) }
    /// The name the embedded SUSI stores for whoever uses it without an
    /// account (its ratings' rater). It happens to be the same word as the
    /// `server` setting's name for the embedded SUSI (`ServerChoice.embedded`),
    /// but the two are unrelated: that one says which SUSI answers, this one
    /// who rated. Stored in databases, so it never changes.
    public static let unnamedUser = "local"

    public static func anonymous(_ name: String = unnamedUser) -> Identity { Identity(type: "host", name: name, anonymous: true) }
}

/// A token from a successful login. The token itself is a secret: it is kept
/// in the credential vault, never in the session file or a log.
public struct LoginGrant: Equatable, Sendable {
    public var identity: Identity
    public var token: String
    /// Nil when the token never expires.
    public var expires: Date?

    public init(identity: Identity, token: String, expires: Date?) {
        self.identity = identity
        self.token = token
        self.expires = expires
    }
}

/// A SUSI device (a speaker) registered to an account.
public struct Device: Equatable, Codable, Sendable {
    public var macAddress: String
    public var name: String
    public var room: String
    public var added: Date?
    public var latitude: Double?
    public var longitude: Double?

    public init(macAddress: String, name: String, room: String, added: Date? = nil,
                latitude: Double? = nil, longitude: Double? = nil) {
        self.macAddress = macAddress
        self.name = name
        self.room = room
        self.added = added
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Six pairs of hex digits separated by ':' or '-', as the server requires.
    public static func isValidMAC(_ text: String) -> Bool {
        let parts = text.split(separator: text.contains("-") ? "-" : ":", omittingEmptySubsequences: false)
        guard parts.count == 6, !(text.contains("-") && text.contains(":")) else { return false }
        // Character.isHexDigit also accepts fullwidth forms; the server's regex is ASCII only.
        return parts.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }
}
