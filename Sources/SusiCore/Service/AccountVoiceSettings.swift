import Foundation
import SusiBasics
import SusiCLI
import SusiPorts

/// SUSI's voice as the account keeps it, so rate, pitch and voice are the
/// same on every machine: the local `speech.rate`, `speech.pitch` and
/// `voice` settings under the names the SUSI apps use on the server
/// (`speechRate`, `speechPitch`, `ttsLanguage`). A change is pushed while
/// logged in; the account's values are pulled at login.
public enum AccountVoiceSettings {
    /// (local setting, account setting name)
    public static let names: [(key: ConfigKey, account: String)] = [
        (.speechRate, "speechRate"), (.speechPitch, "speechPitch"), (.voice, "ttsLanguage"),
    ]

    public static func accountName(for key: ConfigKey) -> String? {
        names.first { $0.key.name == key.name }?.account
    }

    /// What to send for these local settings as they are in `file`: an
    /// unset setting is sent as its default (an empty ttsLanguage: no voice chosen).
    public static func values(of keys: [ConfigKey], in file: ConfigFile) -> [String: String] {
        var values: [String: String] = [:]
        for key in keys {
            guard let account = accountName(for: key) else { continue }
            values[account] = file.value(for: key) ?? key.defaultValue ?? ""
        }
        return values
    }

    /// Sends the given local settings to the account.
    public static func push(_ keys: [ConfigKey], from file: ConfigFile, to service: SusiService, token: String) throws {
        let values = values(of: keys, in: file)
        guard !values.isEmpty else { return }
        try service.changeSettings(values, token: token)
    }

    /// The account's voice settings written into `file` (not saved). Values
    /// the account holds that are not valid here are skipped and named in
    /// `ignored`; names the account does not hold leave the local value alone.
    public static func apply(_ account: [String: String], to file: inout ConfigFile) -> (changed: [String], ignored: [String]) {
        var changed: [String] = [], ignored: [String] = []
        for (key, name) in names {
            guard let raw = account[name] else { continue }
            let value = raw.trimmingCharacters(in: .whitespaces)
            let before = file.value(for: key)
            if key.name == ConfigKey.voice.name && value.isEmpty {
                if file.unset(key) { changed.append(key.name) }
                continue
            }
            let stored = key.isNumeric ? Double(value).map(SpeechScale.format) ?? value : value
            guard key.problem(with: stored) == nil, (try? file.set(key, to: stored)) != nil else {
                ignored.append(name)
                continue
            }
            if file.value(for: key) != before { changed.append(key.name) }
        }
        return (changed, ignored)
    }

    /// Fetches the account's settings and applies them to `file`.
    public static func pull(into file: inout ConfigFile, from service: SusiService, token: String) throws -> (changed: [String], ignored: [String]) {
        apply(try service.settings(token: token), to: &file)
    }

    /// After a local change to `keys`: when logged in, the account's copy
    /// too. The local change stands when the account cannot be reached (a
    /// warning says so). Nothing happens for keys the account does not hold.
    public static func sync(_ keys: [ConfigKey], from file: ConfigFile, _ context: Context) {
        let synced = keys.filter { accountName(for: $0) != nil }
        guard !synced.isEmpty else { return }
        let token: String?
        do {
            token = try context.token()
        } catch let error as ReportableError {
            context.warn("Changed here only; your account was not updated: \(error.message)")
            return
        } catch {
            return
        }
        guard let token else { return }
        let server = (try? context.serverName()) ?? "the server"
        do {
            try push(synced, from: file, to: try context.service(), token: token)
            context.note("Saved to your account on \(server) too.")
        } catch let error as ReportableError {
            context.warn("Changed here only; your account on \(server) was not updated: \(UntrustedText.line(error.message)) Run the command again to retry.")
        } catch {
            context.warn("Changed here only; your account on \(server) was not updated.")
        }
    }
}
