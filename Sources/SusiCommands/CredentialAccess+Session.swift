import SusiCLI
import SusiCore
import SusiPorts

/// A process (and a `susi shell` session) unlocks the credential file at
/// most once: the key derived from the passphrase (never the passphrase) is
/// kept in memory in the scope (`Services.keepForSession`) until the
/// process or shell ends, `susi login lock` runs in it, or the file gets
/// another salt (a re-key), so no later step or line asks again, reads the
/// passphrase file again (a pipe such as `<(pass show susi)` can be read
/// only once) or runs Argon2id again. Unlike the unlock agent it outlives
/// nothing, and it is never written anywhere.
extension CredentialAccess {
    static func sessionKeyName(_ context: Context) -> String {
        "credential-key:" + context.paths.credentialsFile
    }

    /// The vault opened with the key this shell session kept, when it still
    /// opens this very file; nil otherwise (and a stale key is forgotten).
    static func vaultFromSession(_ context: Context) -> CredentialFile? {
        let name = sessionKeyName(context)
        guard let key = context.services.sessionValue(name) as? UnlockedCredentialKey,
              let store = try? context.credentialStore() else { return nil }
        let vault = store.file(at: context.paths.credentialsFile, key: .unlocked(key))
        do {
            guard try store.status(at: vault.path).exists else { return nil }
            try vault.unlock()
        } catch {
            context.services.keepForSession(nil, as: name)
            return nil
        }
        context.debug("credentials: unlocked once in this process")
        return vault
    }

    /// Keeps the key of a passphrase-protected vault that was just opened
    /// (or written) for the rest of the process (or shell session).
    public static func keepForSession(_ vault: CredentialFile, _ context: Context) {
        guard vault.protection == .passphrase,
              let key = try? vault.unlockedKey() else { return }
        context.services.keepForSession(key, as: sessionKeyName(context))
    }

    /// Forgets the key this shell session kept. True when there was one.
    public static func forgetSessionKey(_ context: Context) -> Bool {
        context.services.keepForSession(nil, as: sessionKeyName(context))
    }
}

extension CredentialAccess {
    /// The credential file opened only where nothing needs asking or
    /// deriving: the machine key, this shell session's key or the unlock
    /// agent's; nil otherwise. For completion, which must never prompt and
    /// cannot wait for Argon2id.
    public static func vaultWithoutAsking(_ context: Context) -> CredentialFile? {
        let path = context.paths.credentialsFile
        guard let store = try? context.credentialStore() else { return nil }
        switch (try? store.status(at: path))?.protection {
        case .machineKey?:
            let vault = store.file(at: path, key: .machineKey(at: context.paths.keyFile))
            return (try? vault.unlock()) != nil ? vault : nil
        case .passphrase?:
            return vaultFromSession(context) ?? vaultFromAgent(context)
        case nil:
            return nil
        }
    }
}
