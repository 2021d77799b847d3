import SusiPorts

extension KeyDerivationCost {
    /// What a file may ask for: 1...10 passes, 8 KiB...1 GiB.
    static let operationBounds: ClosedRange<UInt32> = 1...10
    static let memoryBounds: ClosedRange<UInt32> = 8...(1024 * 1024)

    var isWithinBounds: Bool {
        Self.operationBounds.contains(operations) && Self.memoryBounds.contains(memoryKiB)
    }

    /// True when `self` is at least as strong as `other` in both dimensions.
    func isAtLeast(_ other: KeyDerivationCost) -> Bool {
        operations >= other.operations && memoryKiB >= other.memoryKiB
    }
}

/// File format v1 (little-endian; all 76 header bytes are the AEAD's
/// additional data):
///
///     0   8  magic "SUSICRD\0"
///     8   1  format version (1)
///     9   1  key source (1 passphrase, 2 machine key file)
///     10  2  flags (0)
///     12  4  opslimit (0 for the key file)
///     16  4  memlimit in KiB (0 for the key file)
///     20 16  salt
///     36 24  nonce (fresh on every write)
///     60 16  key check = BLAKE2b-128(key: subkey 2, "susi key check v1")
///     76 ..  XChaCha20-Poly1305-IETF(subkey 1, nonce, padded JSON, ad: bytes 0..<76)
struct VaultHeader: Equatable {
    static let magic: [UInt8] = Array("SUSICRD".utf8) + [0]
    static let currentVersion: UInt8 = 1
    static let size = 76
    static let saltRange = 20..<36
    static let nonceRange = 36..<60
    static let keyCheckRange = 60..<76
    static let keyCheckMessage = Array("susi key check v1".utf8)

    var version: UInt8 = VaultHeader.currentVersion
    var protection: VaultProtection
    var flags: UInt16 = 0
    /// Zero for the machine key file.
    var cost: KeyDerivationCost
    var salt: [UInt8]
    var nonce: [UInt8]
    var keyCheck: [UInt8]

    var encoded: [UInt8] {
        var bytes = Self.magic
        bytes.append(version)
        bytes.append(protection.rawValue)
        bytes += littleEndian(flags)
        bytes += littleEndian(cost.operations)
        bytes += littleEndian(cost.memoryKiB)
        bytes += salt + nonce + keyCheck
        return bytes
    }

    /// Parses and validates everything that can be checked without a key.
    static func decode(_ bytes: [UInt8], path: String) throws -> VaultHeader {
        func damaged(_ detail: String) -> VaultError { .corrupted(path: path, detail: detail) }
        if bytes.isEmpty { throw damaged("the file is empty") }
        let magicPrefix = Array(bytes.prefix(magic.count))
        guard magicPrefix == Array(magic.prefix(magicPrefix.count)) else { throw VaultError.notACredentialFile(path: path) }
        guard bytes.count > magic.count else { throw damaged("the file is truncated (\(bytes.count) bytes)") }
        let version = bytes[8]
        if version > currentVersion { throw VaultError.newerFormat(path: path, version: Int(version)) }
        guard version == currentVersion else { throw damaged("unknown format version \(version)") }
        guard bytes.count >= size + Sodium.tagBytes else {
            throw damaged("the file is truncated (\(bytes.count) bytes)")
        }
        guard let protection = VaultProtection(rawValue: bytes[9]) else {
            throw damaged("unknown key source \(bytes[9])")
        }
        let flags = UInt16(bytes[10]) | UInt16(bytes[11]) << 8
        guard flags == 0 else { throw damaged("unknown flags \(flags)") }
        let cost = KeyDerivationCost(operations: readUInt32(bytes, at: 12), memoryKiB: readUInt32(bytes, at: 16))
        switch protection {
        case .passphrase:
            guard cost.isWithinBounds else {
                throw damaged("key derivation parameters out of bounds (\(cost.operations) passes, \(cost.memoryKiB) KiB)")
            }
        case .machineKey:
            guard cost.operations == 0, cost.memoryKiB == 0 else {
                throw damaged("key derivation parameters set for a machine key")
            }
        }
        return VaultHeader(version: version, protection: protection, flags: flags, cost: cost,
                           salt: Array(bytes[saltRange]), nonce: Array(bytes[nonceRange]),
                           keyCheck: Array(bytes[keyCheckRange]))
    }
}

private func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}

private func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << ($1 * 8) }
}
