import Foundation
import SusiBasics
import SusiCLI
import SusiPorts

/// The active login shared by every module: which server and account are
/// in use, who that is and until when, and which key protects the stored
/// token. Never the token itself, which lives only in the credential vault.
/// Stored in `Paths.sessionFile`, written atomically with mode 0600.
public struct Session: Codable, Equatable, Sendable {
    /// How the credential file is unlocked; recorded so a command knows
    /// what to ask for without trying one key and then the other.
    public enum KeySource: String, Codable, Sendable {
        case passphrase
        case machineKey = "machine-key"
    }

    public var server: String
    public var account: String
    public var identity: Identity
    /// Nil when the token never expires.
    public var expires: Date?
    public var keySource: KeySource

    public init(server: String, account: String, identity: Identity, expires: Date?, keySource: KeySource) {
        self.server = server
        self.account = account
        self.identity = identity
        self.expires = expires
        self.keySource = keySource
    }

    enum CodingKeys: String, CodingKey {
        case server, account, identity, expires, keySource = "key_source"
    }

    public func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }

    /// Nil when there is no session file. A damaged one is reported (65) and left alone.
    public static func load(_ paths: Paths) throws -> Session? {
        let bytes: [UInt8]?
        do {
            bytes = try AtomicFile.read(paths.sessionFile, limit: 64 * 1024)
        } catch let error as FileError {
            throw CommandError(.noInput, "Cannot read the session file: \(error.description).")
        }
        guard let bytes else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Session.self, from: Data(bytes))
        } catch {
            throw SessionDamaged(path: paths.sessionFile)
        }
    }

    public func save(_ paths: Paths) throws {
        let encoder = JSONOutput.makeEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try AtomicFile.createDirectory(paths.stateDirectory)
            try AtomicFile.write(Array(try encoder.encode(self)) + [0x0A], to: paths.sessionFile, mode: 0o600)
        } catch let error as FileError {
            if let storage = StorageError(writing: error, name: "the session file", path: paths.sessionFile) { throw storage }
            throw CommandError(.cannotCreate, "Cannot write the session file: \(error.description).")
        }
    }

    /// Removes the session file; nothing happens when there is none.
    public static func remove(_ paths: Paths) {
        unlink(paths.sessionFile)
    }
}

/// The session file exists but cannot be read (65). It holds no secret, so
/// `susi logout` removes it; `susi login` replaces it.
public struct SessionDamaged: ReportableError, Equatable {
    public var path: String
    public var exitCode: ExitCode { .dataError }
    public var message: String { "The session file \(path) is damaged." }
    public var hint: String? {
        "Run 'susi logout' to remove it (stored logins stay in the credential file), or log in again with 'susi login'."
    }
}

/// The token a command sends, and where it came from.
public struct Credentials: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// `SUSI_TOKEN`, which overrides the vault and is never stored.
        case environment
        /// The vault entry for the session's (server, account).
        case vault(path: String)
    }

    public var token: String
    public var source: Source
    public var server: String
    /// Nil for a `SUSI_TOKEN`, whose account susi does not know.
    public var account: String?
    public var expires: Date?

    public init(token: String, source: Source, server: String, account: String?, expires: Date?) {
        self.token = token
        self.source = source
        self.server = server
        self.account = account
        self.expires = expires
    }

    public static let environmentVariable = "SUSI_TOKEN"

    /// The one rule for `SUSI_TOKEN`: set and not empty, it is the token to
    /// send, overriding any stored login; empty counts as unset.
    public static func environmentToken(_ environment: [String: String]) -> String? {
        guard let token = environment[environmentVariable], !token.isEmpty else { return nil }
        return token
    }

    /// The first four characters and a mask, for status output.
    public var maskedToken: String { Credentials.mask(token) }

    public static func mask(_ token: String) -> String {
        token.count <= 8 ? String(repeating: "*", count: max(token.count, 4)) : String(token.prefix(4)) + "****"
    }
}
