import CSodium
import Foundation
import Synchronization

/// Argon2id password hashes (libsodium's `crypto_pwhash_str`, which embeds
/// salt and parameters in the string), random tokens, and token digests.
public struct PasswordHasher: Sendable {
    public struct Cost: Sendable, Hashable {
        public var operations: UInt64
        public var memory: Int

        /// libsodium's interactive limits (64 MiB): the production setting.
        public static let interactive = Cost(operations: UInt64(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE),
                                             memory: Int(crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE))
        /// The smallest legal cost, for tests only: same code path, fast.
        public static let minimal = Cost(operations: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MIN),
                                         memory: Int(crypto_pwhash_argon2id_MEMLIMIT_MIN))
    }

    public let cost: Cost

    public init(cost: Cost = .interactive) {
        Self.initialize()
        self.cost = cost
    }

    static func initialize() {
        // sodium_init is idempotent and thread-safe; -1 means no usable randomness.
        guard sodium_init() >= 0 else { fatalError("libsodium could not be initialised") }
    }

    public func hash(_ password: String) throws -> String {
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES))
        let length = UInt64(password.utf8.count)
        let status = password.withCString {
            crypto_pwhash_str(&output, $0, length, cost.operations, cost.memory)
        }
        guard status == 0 else { throw ServiceFailure.outOfMemory }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public func verify(_ password: String, against stored: String) -> Bool {
        var encoded = Array(stored.utf8CString)
        guard encoded.count <= Int(crypto_pwhash_STRBYTES) else { return false }
        encoded += [CChar](repeating: 0, count: Int(crypto_pwhash_STRBYTES) - encoded.count)
        let length = UInt64(password.utf8.count)
        return password.withCString { crypto_pwhash_str_verify(encoded, $0, length) == 0 }
    }

    /// A hash of a random password at this hasher's cost, made once per
    /// cost and process: a login for an account that does not exist is
    /// verified against it, so it costs what a wrong password costs and
    /// its time does not tell which accounts exist.
    public var unknownAccountHash: String {
        Self.unknownAccountHashes.withLock { hashes in
            if let hash = hashes[cost] { return hash }
            // A password nobody knows: a fresh random token each process.
            let hash = (try? hash(Self.randomToken())) ?? ""
            hashes[cost] = hash
            return hash
        }
    }

    private static let unknownAccountHashes = Mutex<[Cost: String]>([:])

    /// 32 characters from [A-Za-z0-9], uniformly chosen (about 190 bits).
    public static func randomToken(length: Int = 32) -> String {
        initialize()
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        return String((0..<length).map { _ in alphabet[Int(randombytes_uniform(UInt32(alphabet.count)))] })
    }

    /// Tokens are stored only as this BLAKE2b digest, so a copy of the
    /// database does not hand out working tokens.
    public static func digest(_ token: String) -> String {
        digest(bytes: Array(token.utf8))
    }

    /// The same digest of bytes already written (the bundled-skills stamp).
    static func digest(bytes: [UInt8]) -> String {
        initialize()
        var output = [UInt8](repeating: 0, count: 32)
        _ = crypto_generichash(&output, output.count, bytes, UInt64(bytes.count), nil, 0)
        return hex(output)
    }

    /// Lowercase hex, written directly (String(format:) per byte was a
    /// visible part of every process's bundled-skills check).
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    enum ServiceFailure: Error {
        case outOfMemory
    }
}
