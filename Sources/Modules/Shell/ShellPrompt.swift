import Foundation
import SusiBasics
import SusiCLI
import SusiCore

/// The prompt: who is logged in, where (`ada@local> `,
/// `anonymous@api.susi.ai> `). Both come from files and settings a server
/// or another program may have written, so they are escaped and shortened.
enum ShellPrompt {
    static func text(_ context: Context) -> String {
        let server = (try? context.serverName()) ?? ServerChoice.embeddedName
        let place = UntrustedText.line(serverLabel(server))
        let who = UntrustedText.line(identity(context, server: server))
        let plain = TextLayout.truncate(who, to: 24) + "@" + TextLayout.truncate(place, to: 40)
        guard context.style.enabled else { return plain + "> " }
        // \u{01}…\u{02} tell readline the escapes take no room on the line.
        return "\u{01}\u{1B}[1;36m\u{02}" + plain + "\u{01}\u{1B}[0m\u{02}> "
    }

    /// "local", or a server URL's host (and port when not the default).
    static func serverLabel(_ server: String) -> String {
        guard !ServerChoice(server).isEmbedded, let url = URLComponents(string: server), let host = url.host, !host.isEmpty else {
            return server
        }
        return host + (url.port.map { ":\($0)" } ?? "")
    }

    /// The session's account (the part before `@` of an e-mail), for this
    /// server and not expired; "token" for SUSI_TOKEN; else "anonymous".
    static func identity(_ context: Context, server: String) -> String {
        if Credentials.environmentToken(context.environment) != nil { return "token" }
        guard let session = try? Session.load(context.paths), session.server == server,
              !session.isExpired(at: context.now()) else { return "anonymous" }
        let account = session.account
        if let at = account.firstIndex(of: "@"), at != account.startIndex { return String(account[..<at]) }
        return account
    }
}
