import Foundation
import SusiCLI
import SusiCore
import SusiPorts
import SusiBasics

extension CredentialAccess {
    /// The stored login for `server` when the active session is for another
    /// server: logins are kept per server, so `--server B chat` after
    /// `--server A login` runs as the login stored for B, if there is one.
    /// The credential file is opened only when that needs no question (the
    /// machine key, --passphrase-file or SUSI_PASSPHRASE): a command for a
    /// server with no login must not start asking for a passphrase.
    static func storedLogin(for server: String, besides session: Session, _ context: Context,
                            passphraseFile: String?) throws -> Credentials? {
        let unattended = session.keySource == .machineKey || passphraseFile != nil || hasPassphraseVariable(context)
        guard unattended else {
            context.debug("identity: anonymous on \(server) (the active login is for \(session.server); looking for a login stored for \(server) needs the credential file's passphrase: --passphrase-file or 'susi login switch ACCOUNT --server \(ShellQuote.word(server))')")
            return nil
        }
        let vault = try openVault(context, source: session.keySource, passphraseFile: passphraseFile)
        let entries = try vault.entries().filter { $0.server == server && !$0.isExpired(at: context.now()) }
            .sorted { $0.account < $1.account }
        guard let entry = entries.first else {
            context.debug("identity: anonymous on \(server) (no login stored for it; the active one is for \(session.server))")
            return nil
        }
        if entries.count > 1 {
            context.warn("Several logins are stored for \(server); using \(entry.account). 'susi login switch ACCOUNT --server \(ShellQuote.word(server))' makes one active.")
        }
        context.debug("identity: \(entry.account) on \(server) (the login stored for it; the active one is for \(session.server))")
        return Credentials(token: entry.token, source: .vault(path: vault.path), server: server,
                           account: entry.account, expires: entry.expires)
    }
}
