import CSodium

/// The few libsodium calls the vault makes, with Swift buffers. Every
/// function that produces key material returns `[UInt8]` the caller wipes
/// with `Sodium.wipe` when done.
enum Sodium {
    static let saltBytes = Int(crypto_pwhash_argon2id_saltbytes())
    static let nonceBytes = Int(crypto_aead_xchacha20poly1305_ietf_npubbytes())
    static let tagBytes = Int(crypto_aead_xchacha20poly1305_ietf_abytes())
    static let keyBytes = Int(crypto_aead_xchacha20poly1305_ietf_keybytes())

    static func initialize() {
        // Idempotent and thread-safe; -1 means no usable randomness.
        guard sodium_init() >= 0 else { fatalError("libsodium could not be initialised") }
    }

    static func random(_ count: Int) -> [UInt8] {
        initialize()
        var bytes = [UInt8](repeating: 0, count: count)
        randombytes_buf(&bytes, count)
        return bytes
    }

    static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) }
    }

    /// Argon2id13 over the passphrase; nil when libsodium refuses (out of memory).
    static func argon2id(_ passphrase: [UInt8], salt: [UInt8], operations: UInt32, memoryKiB: UInt32) -> [UInt8]? {
        initialize()
        var key = [UInt8](repeating: 0, count: keyBytes)
        // A trailing zero keeps the pointer valid for an empty passphrase.
        var buffer = passphrase.map { CChar(bitPattern: $0) } + [0]
        defer { buffer.withUnsafeMutableBytes { sodium_memzero($0.baseAddress, $0.count) } }
        let status = crypto_pwhash_argon2id(&key, UInt64(keyBytes), buffer, UInt64(passphrase.count), salt,
                                            UInt64(operations), Int(memoryKiB) * 1024,
                                            crypto_pwhash_argon2id_alg_argon2id13())
        return status == 0 ? key : nil
    }

    /// Subkey `id` of `master` in the vault's KDF context.
    static func subkey(_ id: UInt64, of master: [UInt8]) -> [UInt8] {
        var subkey = [UInt8](repeating: 0, count: keyBytes)
        let context: [CChar] = Array("susicred".utf8).map { CChar(bitPattern: $0) }
        _ = crypto_kdf_derive_from_key(&subkey, keyBytes, id, context, master)
        return subkey
    }

    /// BLAKE2b-128 of `message` keyed with `key`.
    static func mac16(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 16)
        _ = crypto_generichash(&out, 16, message, UInt64(message.count), key, key.count)
        return out
    }

    static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && sodium_memcmp(a, b, a.count) == 0
    }

    static func seal(_ plaintext: [UInt8], additional: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: plaintext.count + tagBytes)
        var length: UInt64 = 0
        _ = crypto_aead_xchacha20poly1305_ietf_encrypt(&output, &length, plaintext, UInt64(plaintext.count),
                                                       additional, UInt64(additional.count), nil, nonce, key)
        return Array(output.prefix(Int(length)))
    }

    /// The plaintext, or nil when the tag does not verify (nothing is released then).
    static func open(_ ciphertext: ArraySlice<UInt8>, additional: [UInt8], nonce: [UInt8], key: [UInt8]) -> [UInt8]? {
        guard ciphertext.count >= tagBytes else { return nil }
        var output = [UInt8](repeating: 0, count: ciphertext.count - tagBytes)
        var length: UInt64 = 0
        let cipher = Array(ciphertext)
        let status = crypto_aead_xchacha20poly1305_ietf_decrypt(&output, &length, nil, cipher, UInt64(cipher.count),
                                                                 additional, UInt64(additional.count), nonce, key)
        guard status == 0 else { return nil }
        return output
    }

    /// ISO/IEC 7816-4 padding to a multiple of `block` bytes.
    static func pad(_ bytes: [UInt8], block: Int) -> [UInt8] {
        var buffer = bytes + [UInt8](repeating: 0, count: block)
        var padded = 0
        _ = sodium_pad(&padded, &buffer, bytes.count, block, buffer.count)
        let result = Array(buffer.prefix(padded))
        wipe(&buffer)
        return result
    }

    static func unpad(_ bytes: [UInt8], block: Int) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var length = 0
        return sodium_unpad(&length, bytes, bytes.count, block) == 0 ? length : nil
    }
}
