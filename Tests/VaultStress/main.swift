// Test helper for SusiVaultTests: stores one login in a vault, as a separate
// process. Usage: susi-vault-stress <vault path> <server> <account>
// The passphrase is read from stdin (secrets never go in argv); the token is
// derived from the account. Uses the minimal Argon2id cost.
import Foundation
import SusiBasics
import SusiPorts
import SusiVault

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: susi-vault-stress <vault> <server> <account>\n".utf8))
    exit(64)
}
var passphrase = Array(FileHandle.standardInput.readDataToEndOfFile())
let vault = Vault(path: arguments[1], key: .passphrase(passphrase, cost: .minimalForTesting))
for index in passphrase.indices { passphrase[index] = 0 }
do {
    let account = arguments[3]
    try vault.store(VaultEntry(server: arguments[2], account: account, token: "token-for-\(account)",
                               expires: Date(timeIntervalSince1970: 2_000_000_000), identity: .account(account)))
} catch let error as any ReportableError {
    FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
    exit(error.exitCode.rawValue)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
