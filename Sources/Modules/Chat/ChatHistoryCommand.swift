import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts
import SusiReply

extension ChatModule {
    static var historyCommand: Command {
        Command(
            name: "history",
            abstract: "Show or clear past chats with the current server.",
            discussion: """
            Every exchange is kept in the local database, per server and identity, whichever \
            SUSI answered. Piped, each line is TIME<TAB>QUERY<TAB>ANSWER with ISO 8601 times. \
            To ask SUSI the word "history", use: susi chat -- history
            """,
            examples: [
                Example("susi chat history --limit 5", "The last five exchanges."),
                Example("susi chat history --search weather", "Exchanges that mention the weather."),
                Example("susi chat history --clear --yes", "Forget this server's history without asking."),
            ],
            options: [HistoryKeys.limit.spec, HistoryKeys.search.spec, HistoryKeys.clear.spec, HistoryKeys.yes.spec],
            // --clear removes the whole history of this server and identity.
            relations: [.conflicts("clear", ["limit", "search"]), .requires("yes", ["clear"])],
            run: { invocation, context in try history(invocation, context) })
    }

    enum HistoryKeys {
        static let limit = OptionKey.integer("limit", short: "n", "count", "Show only the newest exchanges.", in: 1...1_000_000)
        static let search = OptionKey.string("search", short: "s", "words", "Only exchanges whose query or answer contains every word.")
        static let clear = OptionKey.flag("clear", "Delete the history of the current server and identity.")
        static let yes = OptionKey.flag("yes", short: "y", "Do not ask before clearing.")
    }

    static func history(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        let store = try context.chatHistory()
        let owner = try ChatTurn.historyOwner(context)
        if values[HistoryKeys.clear] {
            let count = try store.exchanges(server: owner.server, identity: owner.identity).count
            let exchanges = "\(count) \(count == 1 ? "exchange" : "exchanges") with \(owner.server)"
            guard try Confirmation.destructive(
                "Delete \(exchanges)?", action: "Deleting \(exchanges)", yes: values[HistoryKeys.yes],
                declined: "Nothing was deleted.", context: context) else { return }
            let removed = try store.clear(server: owner.server, identity: owner.identity)
            context.note("Deleted \(removed) exchanges.")
            return
        }
        let exchanges = try store.exchanges(server: owner.server, identity: owner.identity,
                                            search: values[HistoryKeys.search], limit: values[HistoryKeys.limit])
        if context.globals.json {
            try context.printJSON(exchanges.map(HistoryJSON.init))
            return
        }
        if exchanges.isEmpty {
            if context.io.stdout.isTTY { context.note("No chat history with \(owner.server) yet.") }
            return
        }
        if !context.io.stdout.isTTY {
            printExchanges(exchanges, context)
            return
        }
        try context.paged { printExchanges(exchanges, context) }
    }

    /// The exchanges as `chat history` prints them (and /history in a chat):
    /// on a terminal a dated block each, piped TIME<TAB>QUERY<TAB>ANSWER lines.
    static func printExchanges(_ exchanges: [ChatExchange], _ context: Context) {
        if !context.io.stdout.isTTY {
            for exchange in exchanges {
                context.stdout.line([iso8601(exchange.askedAt), exchange.query, exchange.answer]
                    .map { UntrustedText.line($0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ")) }
                    .joined(separator: "\t"))
            }
            return
        }
        let style = context.style
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        for exchange in exchanges {
            context.stdout.line(style.dim(formatter.string(from: exchange.askedAt)) + "  " + style.bold("you: ") + UntrustedText.line(exchange.query))
            context.stdout.line(TextLayout.wrap("susi: " + UntrustedText.escape(exchange.answer), width: context.width, indent: 18))
        }
    }

    /// Whose history: the server setting and the account of the session on
    /// that server ("token" for a SUSI_TOKEN, whose account is unknown), else
    /// "anonymous". Read from the session file, so no passphrase is needed.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// One exchange in `chat history --json` (and /history with --json); `reply` is the reply as the server sent it.
struct HistoryJSON: Encodable {
    var time: String
    var server: String
    var identity: String
    var query: String
    var answer: String
    @NullWhenAbsent var skill: String?
    @NullWhenAbsent var reply: JSONValue?

    init(_ exchange: ChatExchange) {
        time = ChatModule.iso8601(exchange.askedAt)
        server = exchange.server
        identity = exchange.identity
        query = exchange.query
        answer = exchange.answer
        skill = exchange.skill
        reply = try? JSONDecoder().decode(JSONValue.self, from: Data(exchange.replyJSON.utf8))
    }
}
