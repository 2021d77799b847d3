import Foundation
import SusiCore
import SusiPorts
import Testing
@testable import SusiVault

@Suite("Vault round trips")
struct VaultRoundTripTests {
    @Test func storeGetListRemoveWithAPassphrase() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        #expect(try vault.entries() == [])
        try vault.store(entry("b@example.org"))
        try vault.store(entry("a@example.org"))
        try vault.store(entry("a@example.org", server: "http://127.0.0.1:4000", expires: nil))

        // A new instance (a new process, in effect) with the same passphrase reads it all back.
        let again = home.passphraseVault()
        #expect(try again.entries().map { "\($0.server) \($0.account)" } == [
            "http://127.0.0.1:4000 a@example.org", "https://api.susi.ai a@example.org", "https://api.susi.ai b@example.org",
        ])
        let stored = try #require(try again.entry(server: "https://api.susi.ai", account: "a@example.org"))
        #expect(stored == entry("a@example.org"))
        #expect(stored.identity == .account("a@example.org"))
        #expect(stored.expires == Date(timeIntervalSince1970: 1_900_000_000))
        #expect(try again.entry(server: "http://127.0.0.1:4000", account: "a@example.org")?.expires == nil)

        // Storing the same (server, account) replaces it.
        try again.store(entry("a@example.org", token: "replacement"))
        #expect(try vault.entry(server: "https://api.susi.ai", account: "a@example.org")?.token == "replacement")
        #expect(try vault.entries().count == 3)

        #expect(try vault.remove(server: "https://api.susi.ai", account: "a@example.org"))
        #expect(try !vault.remove(server: "https://api.susi.ai", account: "a@example.org"))
        #expect(try again.entries().map(\.account) == ["a@example.org", "b@example.org"])
    }

    @Test func filesAreOwnerOnly() throws {
        let home = try VaultHome()
        try home.passphraseVault().store(entry("a@example.org"))
        #expect(mode(home.folder) == 0o700)
        #expect(mode(home.credentials) == 0o600)
        #expect(mode(home.credentials + ".lock") == 0o600)
        #expect(home.siblings() == ["credentials", "credentials.lock"])
    }

    @Test func machineKeyRoundTripCreatesThe32ByteKeyOnFirstWrite() throws {
        let home = try VaultHome()
        let vault = home.machineVault()
        #expect(try vault.entries() == [])
        #expect(!FileManager.default.fileExists(atPath: home.keyFile), "reading must not create a key")
        try vault.store(entry("a@example.org"))
        #expect(home.bytes(home.keyFile).count == 32)
        #expect(mode(home.keyFile) == 0o600)
        let key = home.bytes(home.keyFile)
        try vault.store(entry("b@example.org"))
        #expect(home.bytes(home.keyFile) == key, "the key is created once, then reused")
        #expect(try home.machineVault().entries().map(\.account) == ["a@example.org", "b@example.org"])
    }

    @Test func statusSaysWhereAndWhichKeyWithoutUnlocking() throws {
        let home = try VaultHome()
        let none = try Vault.status(at: home.credentials)
        #expect(!none.exists)
        #expect(none.summary(keyFile: home.keyFile) == "No credential file at \(home.credentials).")

        try home.passphraseVault().store(entry("a@example.org"))
        let locked = try Vault.status(at: home.credentials)
        #expect(locked.protection == .passphrase)
        #expect(locked.cost == .minimalForTesting)
        #expect(locked.formatVersion == 1)
        #expect(locked.summary(keyFile: home.keyFile).contains(home.credentials))
        #expect(locked.summary(keyFile: home.keyFile).contains("passphrase"))

        try home.passphraseVault().rekey(to: .machineKey(at: home.keyFile))
        let machine = try Vault.status(at: home.credentials)
        #expect(machine.protection == .machineKey)
        #expect(machine.cost == nil)
        #expect(machine.summary(keyFile: home.keyFile).contains(home.keyFile))
    }

    @Test func theFileHoldsNoPlaintext() throws {
        let home = try VaultHome()
        let token = "ZmFrZS10b2tlbi1mb3ItdGhlLWdyZXAtdGVzdA"
        let vault = home.passphraseVault()
        try vault.store(entry("grep.me@example.org", token: token))
        let bytes = home.bytes()
        #expect(bytes.count > 76)
        #expect(!contains(bytes, token))
        #expect(!contains(bytes, String(token.prefix(8))))
        #expect(!contains(bytes, "grep.me"))
        #expect(!contains(bytes, "access_token"))
        #expect(!contains(bytes, "api.susi.ai"))
        #expect(!contains(bytes, "correct horse"))
        #expect(try vault.entries().first?.token == token)
    }

    @Test func paddingHidesTheTokenLength() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        var sizes: Set<Int> = []
        for length in stride(from: 1, through: 300, by: 13) {
            let stored = entry("a@example.org", token: String(repeating: "x", count: length))
            try vault.store(stored)
            let json = try VaultContents(entries: [stored]).encoded()
            let size = home.bytes().count
            // sodium_pad always adds at least one byte, up to the next multiple of 256.
            #expect(size == 76 + 16 + (json.count / 256 + 1) * 256)
            sizes.insert(size)
        }
        #expect(sizes.count <= 3, "24 token lengths, at most 3 file sizes")
    }

    @Test func everyWriteHasAFreshNonceAndKeepsTheSaltUntilTheKeyChanges() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        let first = home.bytes()
        try vault.store(entry("a@example.org"))
        let second = home.bytes()
        #expect(first[VaultHeader.nonceRange] != second[VaultHeader.nonceRange])
        #expect(first[VaultHeader.saltRange] == second[VaultHeader.saltRange])
        #expect(first[76...] != second[76...])
        try vault.rekey(to: .passphrase("another one", cost: .minimalForTesting))
        #expect(home.bytes()[VaultHeader.saltRange] != second[VaultHeader.saltRange])
    }

    @Test func weakerStoredParametersAreUpgradedOnTheNextWrite() throws {
        let home = try VaultHome()
        try home.passphraseVault().store(entry("a@example.org"))
        let before = home.bytes()
        let stronger = KeyDerivationCost(operations: 2, memoryKiB: 16)
        let vault = home.passphraseVault(cost: stronger)
        #expect(try vault.entries().count == 1, "a stronger default still reads the weaker file")
        #expect(home.bytes() == before, "reading never writes")
        try vault.store(entry("b@example.org"))
        #expect(try Vault.status(at: home.credentials).cost == stronger)
        #expect(home.bytes()[VaultHeader.saltRange] != before[VaultHeader.saltRange])
        #expect(try home.passphraseVault().entries().count == 2)
    }

    @Test func theDerivedKeyIsCachedForTheVaultsLifetime() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault(cost: KeyDerivationCost(operations: 3, memoryKiB: 32 * 1024))
        try vault.store(entry("a@example.org"))
        let clock = ContinuousClock()
        let cold = try clock.measure { _ = try home.passphraseVault().entries() }
        let warm = try clock.measure { for _ in 0..<5 { _ = try vault.entries() } }
        #expect(warm < cold * 5)
    }
}

@Suite("Vault key derivation costs")
struct VaultCostTests {
    @Test func passphrasesDefaultToLibsodiumsModerateLimits() {
        #expect(VaultKey.passphrase("x").cost == .moderate)
        #expect(KeyDerivationCost.moderate.operations == 3)
        #expect(KeyDerivationCost.moderate.memoryKiB * 1024 == 268_435_456)
        #expect(KeyDerivationCost.interactive.memoryKiB * 1024 == 67_108_864)
        #expect(KeyDerivationCost.moderate.isWithinBounds)
        #expect(KeyDerivationCost.minimalForTesting.isWithinBounds)
        #expect(!KeyDerivationCost(operations: 11, memoryKiB: 8).isWithinBounds)
        #expect(!KeyDerivationCost(operations: 1, memoryKiB: 1024 * 1024 + 1).isWithinBounds)
    }
}
