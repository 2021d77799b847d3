import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension LoginModule {
    static var keyCommand: Command {
        Command(
            name: "key",
            abstract: "Change what protects the credential file: a new passphrase, or the machine key.",
            discussion: """
            The file is unlocked with its current key (--passphrase-file, SUSI_PASSPHRASE or a \
            prompt for a passphrase; the key file for the machine key), then written again under \
            the new one. This is the only way susi ever changes the kind of key.
            """,
            examples: [
                Example("susi login key --machine-key", "Use a key file, e.g. on a headless machine."),
                Example("susi login key --passphrase --new-passphrase-file ~/.secret", "Protect it with a passphrase again."),
            ],
            options: [
                KeyKeys.toMachineKey.spec, KeyKeys.toPassphrase.spec, KeyKeys.newPassphraseFile.spec,
            ],
            relations: [.exclusive(["machine-key", "passphrase"]), .requires("new-passphrase-file", ["passphrase"])],
            run: { invocation, context in try Session.serialized(context.paths) { try changeKey(invocation, context) } })
    }

    enum KeyKeys {
        static let toMachineKey = OptionKey.flag("machine-key", "Protect the file with the machine key file from now on.")
        static let toPassphrase = OptionKey.flag("passphrase", "Protect the file with a new passphrase from now on.")
        static let newPassphraseFile = OptionKey.string(
            "new-passphrase-file", "file", "Read the new passphrase from the first line of this file (else it is asked twice).",
            completion: .file(extensions: []))
    }

    static func changeKey(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        let toMachineKey = values[KeyKeys.toMachineKey]
        guard toMachineKey || values[KeyKeys.toPassphrase] else {
            throw UsageError("Say which key protects the file from now on: --machine-key or --passphrase.")
        }
        let path = context.paths.credentialsFile
        guard let protection = try context.credentialStore().status(at: path).protection else {
            throw CommandError(.noInput, "There is no credential file at \(path) yet.", hint: "Log in first with 'susi login'.")
        }
        let vault = try CredentialAccess.openVault(context, source: CredentialAccess.keySource(protection),
                                                   passphraseFile: context.globals.passphraseFile)
        // The key is a temporary of the call: the passphrase's bytes have no holder left when they are wiped.
        if toMachineKey {
            try vault.rekey(to: .machineKey(at: context.paths.keyFile))
        } else {
            var bytes = try newPassphrase(values[KeyKeys.newPassphraseFile], context)
            defer { SecretInput.wipe(&bytes) }
            try vault.rekey(to: .passphrase(bytes, cost: CredentialAccess.passphraseCost))
        }
        if var session = try Session.load(context.paths) {
            session.keySource = toMachineKey ? .machineKey : .passphrase
            try session.save(context.paths)
        }
        context.note(try context.credentialStore().status(at: path).summary(keyFile: context.paths.keyFile))
    }

    private static func newPassphrase(_ file: String?, _ context: Context) throws -> [UInt8] {
        if let file {
            let bytes = try CredentialAccess.readPassphraseFile(file)
            guard !bytes.isEmpty else { throw UsageError("The new passphrase is empty.") }
            return bytes
        }
        var first = try context.secret("New passphrase for the credential file:", orPass: "--new-passphrase-file", for: "A new passphrase")
        var second = try context.secret("Repeat the passphrase:", orPass: "--new-passphrase-file", for: "A new passphrase")
        defer { SecretInput.wipe(&second) }
        guard !first.isEmpty else { throw UsageError("The new passphrase is empty.") }
        guard first == second else {
            SecretInput.wipe(&first)
            throw UsageError("The passphrases do not match; the key was not changed.")
        }
        return first
    }
}
