import SusiBasics
import SusiCLI
import SusiCore

/// The four introduction pages of the SUSI apps (Login, Chat Interface,
/// Skill Listing, Chat Settings), in our words, each with one command to try.
struct IntroPage: Equatable {
    var title: String
    var text: String
    var command: String

    static let all: [IntroPage] = [
        IntroPage(title: "Login",
                  text: "An account keeps your voice settings, ratings and feedback on the server you use, so they follow you to the SUSI apps. You can also create one here, or go on without one: chatting, browsing and rating work anonymously.",
                  command: "susi login status"),
        IntroPage(title: "Chat Interface",
                  text: "Ask SUSI something in plain words. Out of the box the answers come from the embedded SUSI on this computer, offline; 'susi chat' on its own starts a conversation, and --speak reads the answers aloud.",
                  command: "susi chat \"what can you do?\""),
        IntroPage(title: "Skill Listing",
                  text: "Everything SUSI can answer comes from skills. Browse them by group and language, search them, try one without leaving the terminal, and rate the ones you like.",
                  command: "susi skills search joke"),
        IntroPage(title: "Chat Settings",
                  text: "Make SUSI yours: its voice, how fast and how high it speaks, the language you talk in and where you are, for the weather.",
                  command: "susi voice list"),
    ]

    /// `● ○ ○ ○` on a UTF-8 terminal, `(*) ( ) ( ) ( )` elsewhere.
    static func indicator(_ index: Int, count: Int, utf8: Bool) -> String {
        (0..<count).map { position in
            utf8 ? (position == index ? "●" : "○") : (position == index ? "(*)" : "( )")
        }.joined(separator: " ")
    }

    /// The whole screen for page `index`: at most 80 columns (less on a
    /// narrower terminal) and well under 24 lines.
    static func screen(_ index: Int, width: Int, utf8: Bool, style: Style) -> String {
        let page = all[index]
        let columns = max(40, min(width, 80)) - 4
        let rule = String(repeating: utf8 ? "─" : "-", count: columns)
        var lines = [
            "",
            "  " + style.bold("Welcome to susi") + "  " + style.dim("page \(index + 1) of \(all.count)"),
            "  " + rule,
            "",
            "  " + style.bold(page.title),
            "",
        ]
        lines += TextLayout.wrap(page.text, width: columns + 2, indent: 2)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines += [
            "",
            "  Try:  " + style.cyan(page.command),
            "",
            "  " + rule,
            "  " + indicator(index, count: all.count, utf8: utf8),
            "",
            "  " + keys(utf8: utf8),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func keys(utf8: Bool) -> String {
        let next = utf8 ? "n, → or Enter" : "n, Right or Enter"
        let back = utf8 ? "p or ←" : "p or Left"
        return "\(next): next   \(back): back   s: skip to set-up   q: quit"
    }

    /// The same page for a dumb terminal: no redrawing, a number to follow.
    static func plain(_ index: Int) -> String {
        let page = all[index]
        return """

        Page \(index + 1) of \(all.count): \(page.title)
        \(page.text)
        Try: \(page.command)

        """
    }
}
