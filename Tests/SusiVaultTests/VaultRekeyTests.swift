import Foundation
import SusiCore
import Testing
@testable import SusiVault

@Suite("Vault re-keying")
struct VaultRekeyTests {
    @Test func changingThePassphrase() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault("old passphrase")
        try vault.store(entry("a@example.org"))
        let salt = home.bytes()[VaultHeader.saltRange]
        try vault.rekey(to: .passphrase(Array("new passphrase".utf8), cost: .minimalForTesting))
        #expect(home.bytes()[VaultHeader.saltRange] != salt, "a new key gets a fresh salt")
        #expect(vault.key.protection == .passphrase)
        #expect(failure { _ = try home.passphraseVault("old passphrase").entries() }?.exitCode == .noPermission)
        #expect(try home.passphraseVault("new passphrase").entries() == [entry("a@example.org")])
        // The same instance carries on with the new passphrase.
        try vault.store(entry("b@example.org"))
        #expect(try home.passphraseVault("new passphrase").entries().count == 2)
    }

    @Test func switchingToTheMachineKeyAndBackIsExplicit() throws {
        let home = try VaultHome()
        let vault = home.passphraseVault()
        try vault.store(entry("a@example.org"))
        try vault.rekey(to: .machineKey(at: home.keyFile))
        #expect(try Vault.status(at: home.credentials).protection == .machineKey)
        #expect(home.bytes(home.keyFile).count == 32)
        #expect(mode(home.keyFile) == 0o600)
        #expect(try home.machineVault().entries() == [entry("a@example.org")])
        #expect(failure { _ = try home.passphraseVault().entries() }?.exitCode == .noPermission)

        try home.machineVault().rekey(to: .passphrase("back again", cost: .minimalForTesting))
        #expect(try Vault.status(at: home.credentials).protection == .passphrase)
        #expect(try home.passphraseVault("back again").entries() == [entry("a@example.org")])
        #expect(failure { _ = try home.machineVault().entries() }?.exitCode == .noPermission)
        #expect(FileManager.default.fileExists(atPath: home.keyFile), "the key file is left for the user to remove")
    }

    @Test func rekeyingWithoutAFileRecordsTheChoice() throws {
        let home = try VaultHome()
        try home.passphraseVault().rekey(to: .machineKey(at: home.keyFile))
        #expect(try Vault.status(at: home.credentials).protection == .machineKey)
        #expect(try home.machineVault().entries() == [])
    }
}
