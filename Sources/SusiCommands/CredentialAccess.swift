import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// How commands get at the stored login: which key unlocks the credential
/// file, asking for the passphrase when needed, and the resolution behind
/// `Context.credentials()` (wired by the host, so no module has to import
/// the login module to send a token).
public enum CredentialAccess {
    /// Argon2id cost for new passphrase keys. Tests lower it through this
    /// API, never through an environment variable.
    nonisolated(unsafe) public static var passphraseCost: KeyDerivationCost = .moderate

    /// For scripts and CI; weaker than a prompt, since other processes of
    /// the same user can read the environment.
    public static let passphraseVariable = "SUSI_PASSPHRASE"

    /// `SUSI_TOKEN` first (never stored), then the vault entry for the
    /// session's (server, account) when the session is for the configured
    /// server, else the login stored for that server (CredentialAccess+OtherServer.swift).
    /// Nil means anonymous; -v says which identity it is.
    public static func resolve(_ context: Context, passphraseFile: String? = nil) throws -> Credentials? {
        ProcessSecrets.hold()
        let passphraseFile = passphraseFile ?? context.globals.passphraseFile
        let server = try context.serverName()
        if let token = Credentials.environmentToken(context.environment) {
            context.debug("identity: the token in SUSI_TOKEN, on \(server)")
            return Credentials(token: token, source: .environment, server: server, account: nil, expires: nil)
        }
        guard let session = try Session.load(context.paths) else {
            context.debug("identity: anonymous on \(server) (not logged in)")
            return nil
        }
        guard session.server == server else {
            return try storedLogin(for: server, besides: session, context, passphraseFile: passphraseFile)
        }
        let vault = try openVault(context, source: session.keySource, passphraseFile: passphraseFile)
        guard let entry = try vault.entry(server: server, account: session.account) else {
            context.warn("The credential file has no login for \(session.account) on \(server); continuing without an account.")
            return nil
        }
        if entry.isExpired(at: context.now()) {
            context.warn("Your login as \(session.account) on \(server) has expired; continuing without an account. Log in again with 'susi login'.")
            return nil
        }
        context.debug("identity: \(session.account) on \(server) (the active login)")
        return Credentials(token: entry.token, source: .vault(path: vault.path), server: server,
                           account: session.account, expires: entry.expires)
    }

    public static func keySource(_ protection: VaultProtection) -> Session.KeySource {
        protection == .passphrase ? .passphrase : .machineKey
    }

    /// The key for a login: the existing file's own kind (an explicit flag
    /// for the other kind is refused, never silently switched), else what
    /// the user chose. With no file and no choice possible, a usage error
    /// that names both choices: there is no default that hides a weaker one.
    public static func keySourceForLogin(_ context: Context, machineKey: Bool, passphraseFile: String?) throws -> Session.KeySource {
        if machineKey && passphraseFile != nil {
            throw UsageError("--machine-key and --passphrase-file choose two different keys; pick one.")
        }
        let path = context.paths.credentialsFile
        if let protection = try context.credentialStore().status(at: path).protection {
            if machineKey && protection == .passphrase {
                throw VaultError.protectionMismatch(path: path, file: .passphrase, offered: .machineKey)
            }
            if passphraseFile != nil && protection == .machineKey {
                throw VaultError.protectionMismatch(path: path, file: .machineKey, offered: .passphrase)
            }
            return keySource(protection)
        }
        if machineKey { return .machineKey }
        if passphraseFile != nil || hasPassphraseVariable(context) || context.canPrompt { return .passphrase }
        throw UsageError(
            "Choose how to protect the stored token: a passphrase (--passphrase-file FILE, or \(passphraseVariable)) or --machine-key.",
            hint: "--machine-key keeps a key file beside the credentials: it protects the file when it travels alone, not against programs running as you.")
    }

    /// A vault whose key has been checked against the file (a missing file
    /// is fine: the first write creates it). Wrong passphrase → 77 and a
    /// damaged file → 65, with the file untouched. On a terminal a wrong
    /// passphrase may be tried three times.
    ///
    /// The one place that decides where a passphrase-protected file's key
    /// comes from, in this order: the unlock agent (`susi login unlock`),
    /// then `--passphrase-file` (the argument, else the global option) or
    /// `SUSI_PASSPHRASE`, then a prompt on a terminal. In a `susi shell`
    /// session the key found the first time is kept for the session's later
    /// lines (CredentialAccess+Session.swift), and looked up before the agent.
    public static func openVault(_ context: Context, source: Session.KeySource, passphraseFile: String? = nil) throws -> CredentialFile {
        ProcessSecrets.hold()
        let path = context.paths.credentialsFile
        let passphraseFile = passphraseFile ?? context.globals.passphraseFile
        if source == .machineKey {
            let vault = try context.credentialStore().file(at: path, key: .machineKey(at: context.paths.keyFile))
            try vault.unlock()
            return vault
        }
        if let vault = vaultFromSession(context) ?? vaultFromAgent(context) { return vault }
        let vault = try askedVault(context, path: path, passphraseFile: passphraseFile)
        keepForSession(vault, context)
        return vault
    }

    /// The passphrase-file, variable or prompt part of `openVault`.
    private static func askedVault(_ context: Context, path: String, passphraseFile: String?) throws -> CredentialFile {
        if let passphraseFile {
            var bytes = try readPassphraseFile(passphraseFile)
            defer { SecretInput.wipe(&bytes) }
            return try unlocked(context, path, bytes)
        }
        if hasPassphraseVariable(context), let text = context.environment[passphraseVariable] {
            // The host refuses a variable that is not UTF-8 before any command runs.
            guard text.utf8.count <= InputSource.secretLimit else {
                throw InputError(.tooLong(limit: InputSource.secretLimit), passphraseVariable)
            }
            return try unlocked(context, path, Array(text.utf8))
        }
        guard context.canPrompt else { throw CredentialsLocked(path: path, reason: context.noPromptReason) }
        if try !context.credentialStore().status(at: path).exists {
            return try newPassphrase(context, path)
        }
        var attempt = 1
        while true {
            var bytes = try context.secret("Passphrase for the credential file:", orPass: "--passphrase-file", for: "The passphrase")
            defer { SecretInput.wipe(&bytes) }
            do {
                return try unlocked(context, path, bytes)
            } catch let error as VaultError {
                guard case .wrongKey = error, attempt < 3 else { throw error }
                context.stderr.line("Wrong passphrase; try again.")
                attempt += 1
            }
        }
    }

    // MARK: - The unlock agent

    /// The agent socket for this context's credential file; throws when
    /// there is no private runtime folder (`XDG_RUNTIME_DIR`).
    public static func agentSocket(_ context: Context) throws -> String {
        try context.credentialStore().agentSocket(environment: context.environment, credentialsFile: context.paths.credentialsFile)
    }

    /// The vault opened with the agent's key, when an agent holds the key
    /// of this very file; nil otherwise (none running, expired, re-keyed).
    static func vaultFromAgent(_ context: Context) -> CredentialFile? {
        guard let store = try? context.credentialStore(), let socket = try? agentSocket(context),
              let held = store.agentKey(socket: socket) else { return nil }
        let vault = store.file(at: context.paths.credentialsFile, key: .unlocked(held.key))
        do {
            guard try store.status(at: vault.path).exists else { return nil }
            try vault.unlock()
        } catch {
            return nil
        }
        context.debug("credentials: unlocked by the agent until \(ISO8601DateFormatter().string(from: held.expires))")
        return vault
    }

    /// What the agent holds for this context's file: nil when no agent of
    /// this user answers (or there is no runtime folder).
    public static func agentState(_ context: Context) -> CredentialAgentState? {
        guard let store = try? context.credentialStore(), let socket = try? agentSocket(context) else { return nil }
        return store.agentState(socket: socket)
    }

    /// Unlocks the passphrase-protected credential file (agent, passphrase
    /// file, variable or prompt, as `openVault`) and starts an agent that
    /// keeps its key until `expires`, replacing one already running. The
    /// API `susi login unlock` and a `susi shell` session use.
    public static func keepUnlocked(_ context: Context, until expires: Date) throws {
        let store = try context.credentialStore()
        let path = context.paths.credentialsFile
        switch try store.status(at: path).protection {
        case nil:
            throw CommandError(.noInput, "There is no credential file at \(path) to unlock.", hint: "Log in first with 'susi login'.")
        case .machineKey?:
            throw CommandError(.failure, "The credential file \(path) is protected by the machine key file, which needs no unlocking.")
        case .passphrase?:
            break
        }
        let vault = try openVault(context, source: .passphrase)
        guard let key = try vault.unlockedKey() else {
            throw CommandError(.noInput, "There is no credential file at \(path) to unlock.", hint: "Log in first with 'susi login'.")
        }
        // The folder is made (or checked) once the passphrase is known to be right.
        let socket = try agentSocketForStarting(context)
        try store.startAgent(socket: socket, credentialsFile: path, key: key, expires: expires)
    }

    /// The socket an agent is started on: without XDG_RUNTIME_DIR its
    /// private folder is made here when there is none.
    static func agentSocketForStarting(_ context: Context) throws -> String {
        try context.credentialStore().agentSocketForStarting(environment: context.environment,
                                                             credentialsFile: context.paths.credentialsFile)
    }

    /// Tells the agent for this context's file to forget the key. True when one was running.
    @discardableResult
    public static func lock(_ context: Context) throws -> Bool {
        try context.credentialStore().lockAgent(socket: try agentSocket(context))
    }

    /// Right after a login that used a passphrase, on a terminal: offers to
    /// keep the file unlocked for the default time. Any problem is a note;
    /// the login stands.
    public static func offerToKeepUnlocked(_ vault: CredentialFile, _ context: Context) {
        guard context.canPrompt, vault.protection == .passphrase, let store = try? context.credentialStore(),
              agentState(context) == nil else { return }
        do {
            let hours = Int(defaultUnlockDuration / 3600)
            guard try context.prompter(orPass: "--yes", for: "An answer")
                .confirm("Keep the credential file unlocked for \(hours) hours, so susi does not ask for the passphrase again?", default: true) else {
                context.note("Not kept unlocked; 'susi login unlock' does it later.")
                return
            }
            guard let key = try vault.unlockedKey() else { return }
            let socket = try agentSocketForStarting(context)
            let expires = context.now().addingTimeInterval(defaultUnlockDuration)
            try store.startAgent(socket: socket, credentialsFile: vault.path, key: key, expires: expires)
            context.note("The credential file stays unlocked until \(unlockStamp(expires)); 'susi login lock' locks it now.")
        } catch let error as ReportableError {
            context.warn("The credential file was not kept unlocked: \(error.message)")
        } catch {
            context.warn("The credential file was not kept unlocked: \(error)")
        }
    }

    /// How long `susi login unlock` keeps the key without `--for`.
    public static let defaultUnlockDuration: TimeInterval = 8 * 3600

    /// A local time for messages ("2026-12-01 18:05").
    public static func unlockStamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    private static func newPassphrase(_ context: Context, _ path: String) throws -> CredentialFile {
        context.note("Your token will be stored encrypted in \(path). Choose a passphrase to protect it.")
        for _ in 0..<3 {
            var first = try context.secret("New passphrase for the credential file:", orPass: "--passphrase-file", for: "A passphrase")
            defer { SecretInput.wipe(&first) }
            if first.isEmpty {
                context.stderr.line("The passphrase cannot be empty.")
                continue
            }
            var second = try context.secret("Repeat the passphrase:", orPass: "--passphrase-file", for: "A passphrase")
            defer { SecretInput.wipe(&second) }
            if first == second { return try context.credentialStore().file(at: path, key: .passphrase(first, cost: passphraseCost)) }
            context.stderr.line("The passphrases do not match.")
        }
        throw CommandError(.usage, "No passphrase chosen.")
    }

    private static func unlocked(_ context: Context, _ path: String, _ passphrase: [UInt8]) throws -> CredentialFile {
        guard !passphrase.isEmpty else { throw UsageError("The passphrase is empty.") }
        let vault = try context.credentialStore().file(at: path, key: .passphrase(passphrase, cost: passphraseCost))
        try vault.unlock()
        return vault
    }

    static func hasPassphraseVariable(_ context: Context) -> Bool {
        !(context.environment[passphraseVariable] ?? "").isEmpty
    }

    /// The first line of the file, without its line break. A regular file or
    /// a pipe: `--passphrase-file <(pass show susi)` hands over a FIFO (behind
    /// /dev/fd/N, a link the user chose, so links are followed here), and that
    /// is deliberate. A device (/dev/zero would never end), a socket or a
    /// folder is refused before it is opened. At most 64 KiB are read, and the
    /// passphrase is at most `InputSource.secretLimit` bytes of UTF-8 without
    /// NUL, never converted.
    public static func readPassphraseFile(_ path: String) throws -> [UInt8] {
        let limit = 64 * 1024
        func refuse(_ reason: String) -> CommandError {
            CommandError(.noInput, "Cannot read the passphrase file: \(path): \(reason).")
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw CommandError(.noInput, "The passphrase file \(path) does not exist.") }
            throw refuse(String(cString: strerror(errno)))
        }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG || type == S_IFIFO else {
            throw refuse("not a regular file or a pipe (\(fileKind(info.st_mode)))")
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw refuse(String(cString: strerror(errno))) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG || (info.st_mode & S_IFMT) == S_IFIFO else {
            throw refuse("not a regular file or a pipe (\(fileKind(info.st_mode)))")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        defer { for index in chunk.indices { chunk[index] = 0 } }
        while bytes.count <= limit, !bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw refuse(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if let end = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            for index in end..<bytes.count { bytes[index] = 0 }
            bytes.removeSubrange(end...)
        } else if bytes.count > limit {
            for index in bytes.indices { bytes[index] = 0 }
            throw refuse("its first line is longer than \(limit) bytes")
        }
        let what = "The passphrase in \(path)"
        do {
            guard bytes.count <= InputSource.secretLimit else { throw InputError(.tooLong(limit: InputSource.secretLimit), what) }
            _ = try SecretInput.text(bytes, what: what)
        } catch {
            SecretInput.wipe(&bytes)
            throw error
        }
        return bytes
    }

    private static func fileKind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        default: return "an unknown kind of file"
        }
    }
}

/// The credential file needs a passphrase and nobody can be asked for it.
public struct CredentialsLocked: ReportableError, Equatable {
    public var path: String
    /// Why susi cannot ask: `--no-input`, no terminal, ...
    public var reason: String

    public init(path: String, reason: String = "there is no terminal to ask on") {
        self.path = path
        self.reason = reason
    }

    public var exitCode: ExitCode { .noPermission }
    public var message: String {
        "The credential file \(path) is protected by a passphrase, and \(reason)."
    }
    public var hint: String? {
        "Unlock it once with 'susi login unlock' (on a terminal), pass --passphrase-file FILE, or set \(CredentialAccess.passphraseVariable) (weaker). SUSI_TOKEN bypasses the file."
    }
}
