import Foundation
import SusiPorts

/// One stored login: the token a server issued for an account, when it
/// expires, and who it stands for. Keyed by (server, account).
public struct VaultEntry: Codable, Sendable, Equatable {
    public var server: String
    public var account: String
    public var token: String
    /// Nil when the token never expires.
    public var expires: Date?
    public var identity: Identity

    public init(server: String, account: String, token: String, expires: Date?, identity: Identity) {
        self.server = server
        self.account = account
        self.token = token
        self.expires = expires
        self.identity = identity
    }

    public init(server: String, account: String, grant: LoginGrant) {
        self.init(server: server, account: account, token: grant.token, expires: grant.expires, identity: grant.identity)
    }

    public var grant: LoginGrant { LoginGrant(identity: identity, token: token, expires: expires) }

    public func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }

    enum CodingKeys: String, CodingKey {
        case server, account, token = "access_token", expires, identity
    }
}

/// The decrypted plaintext: `{"v":1,"entries":[...]}`.
struct VaultContents: Codable, Equatable {
    static let currentVersion = 1
    var v: Int = VaultContents.currentVersion
    var entries: [VaultEntry] = []

    mutating func upsert(_ entry: VaultEntry) {
        entries.removeAll { $0.server == entry.server && $0.account == entry.account }
        entries.append(entry)
        entries.sort { ($0.server, $0.account) < ($1.server, $1.account) }
    }

    mutating func remove(server: String, account: String) -> Bool {
        let before = entries.count
        entries.removeAll { $0.server == server && $0.account == account }
        return entries.count != before
    }

    /// JSON bytes; the caller wipes them.
    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        var data = try encoder.encode(self)
        defer { data.resetBytes(in: 0..<data.count) }
        return [UInt8](data)
    }

    static func decode(_ bytes: [UInt8]) throws -> VaultContents {
        var data = Data(bytes)
        defer { data.resetBytes(in: 0..<data.count) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(VaultContents.self, from: data)
    }
}
