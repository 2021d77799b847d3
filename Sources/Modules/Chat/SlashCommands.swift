import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts
import SusiReply

/// What a slash command runs with: the conversation, the chat's context,
/// where its text goes (stderr under --json), and how the chat goes on.
final class SlashScope {
    let conversation: Conversation
    let context: Context
    let out: OutputSink
    var outcome: ChatModule.SlashOutcome = .handled

    init(conversation: Conversation, context: Context, out: OutputSink) {
        self.conversation = conversation
        self.context = context
        self.out = out
    }

    /// Reports a problem the way every slash command does, and goes on.
    func fail(_ message: String, _ code: ExitCode) {
        outcome = ChatModule.fail(message, code, context)
    }
}

/// A command for susi itself on a chat line of its own that starts with
/// "/" (`/help`, `/history 5`): in an interactive chat and in a piped one
/// alike, and never sent to SUSI. Each is a `CommandSpec` run by the
/// command framework (the line's words parsed against its arguments); this
/// table gives /help, the discussion of `susi chat --help` (so the man
/// page) and what Tab offers.
struct SlashCommand {
    let spec: CommandSpec<SlashScope>
    /// How it is typed, e.g. "/history [N]".
    let usage: String

    var name: String { spec.name }
    var aliases: [String] { spec.aliases }
    /// One line for /help.
    var summary: String { spec.abstract }

    init(_ name: String, aliases: [String] = [], usage: String? = nil, _ summary: String,
         arguments: [ArgumentSpec] = [], run: @escaping (Invocation, SlashScope) throws -> Void) {
        spec = CommandSpec(name: name, aliases: aliases, abstract: summary, arguments: arguments, run: run)
        self.usage = usage ?? "/" + name
    }

    static let historyDefault = 10
    static let count = ArgumentKey.repeating("N", "How many exchanges.")
    static let which = ArgumentKey.repeating("which", "N or all.")

    static var all: [SlashCommand] { [
        SlashCommand("help", "List these commands.") { _, scope in
            ChatModule.printSlashHelp(scope.out, scope.context)
        },
        SlashCommand("history", usage: "/history [N]",
                     "Show the last N exchanges (default \(historyDefault)) kept with this server and identity, as 'susi chat history' does.",
                     arguments: [count.spec]) { invocation, scope in
            try ChatModule.slashHistory(invocation.values[count], scope)
        },
        SlashCommand("explain", "Say why the previous answer was given: the skill file and line, the pattern and score, and the candidates that lost (as --explain, on stderr).") { _, scope in
            try ChatModule.slashExplain(scope)
        },
        SlashCommand("up", "Rate the skill that gave the previous answer up.") { _, scope in
            try ChatModule.slashRate(positive: true, scope)
        },
        SlashCommand("down", "Rate the skill that gave the previous answer down.") { _, scope in
            try ChatModule.slashRate(positive: false, scope)
        },
        SlashCommand("plans", "List the planned answers (timers, reminders) not yet due.") { _, scope in
            if !scope.conversation.planCommand("/plans", out: scope.out) { scope.outcome = .failed(.usage) }
        },
        SlashCommand("cancel", usage: "/cancel N|all", "Cancel planned answer N, or all of them.",
                     arguments: [which.spec]) { invocation, scope in
            let line = (["/cancel"] + invocation.values[which]).joined(separator: " ")
            if !scope.conversation.planCommand(line, out: scope.out) { scope.outcome = .failed(.usage) }
        },
        SlashCommand("clear", "Clear the screen (on a terminal only); the conversation and what SUSI remembers go on.") { _, scope in
            // Only a terminal is cleared; a pipe or a file gets nothing.
            scope.context.stdout.flush()
            scope.context.stdout.clearScreen(environment: scope.context.environment)
        },
        SlashCommand("quit", aliases: ["exit"], usage: "/quit, /exit", "End the chat, as Ctrl-D does.") { _, scope in
            scope.outcome = .quit
        },
    ] }

    /// The commands as one tree, for the framework's parser.
    static var tree: CommandSpec<SlashScope> { CommandSpec(name: "/", abstract: "Chat commands.", subcommands: all.map(\.spec)) }

    /// Every name and alias, without the slash.
    static var names: [String] { all.flatMap { [$0.name] + $0.aliases } }

    static func named(_ name: String) -> SlashCommand? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// How a line that starts with a slash is read, said once for /help and --help.
    static let escapeRule = "A line that starts with // is asked with one slash less (//etc asks SUSI \"/etc\"); a slash alone, or followed by a space, is refused."

    /// The paragraph `susi chat --help` shows: one sentence per command, so
    /// it reads as a list on a terminal and as sentences in the man page.
    /// Written out: the chat command's discussion holds it in every process
    /// that builds the command tree (`susi --version` too), where making
    /// every slash command to render it was a twentieth of the start-up's
    /// instructions. SlashCommandsTests checks it is `renderedHelpParagraph`.
    static let helpParagraph = """
        In an interactive or piped chat, a line that starts with / is a command for susi, never sent to SUSI:
          /help: list these commands.
          /history [N]: show the last N exchanges (default 10) kept with this server and identity, as 'susi chat history' does.
          /explain: say why the previous answer was given: the skill file and line, the pattern and score, and the candidates that lost (as --explain, on stderr).
          /up: rate the skill that gave the previous answer up.
          /down: rate the skill that gave the previous answer down.
          /plans: list the planned answers (timers, reminders) not yet due.
          /cancel N|all: cancel planned answer N, or all of them.
          /clear: clear the screen (on a terminal only); the conversation and what SUSI remembers go on.
          /quit, /exit: end the chat, as Ctrl-D does.
        A line that starts with // is asked with one slash less (//etc asks SUSI "/etc"); a slash alone, or followed by a space, is refused. An unknown command is an error, and the chat goes on. Tab completes the commands, and otherwise the example phrases of the installed skills.
        """

    /// `helpParagraph` made from the commands themselves.
    static var renderedHelpParagraph: String {
        "In an interactive or piped chat, a line that starts with / is a command for susi, never sent to SUSI:\n"
            + all.map { "  " + $0.usage + ": " + lowercasedFirst($0.summary) }.joined(separator: "\n")
            + "\n" + escapeRule + " An unknown command is an error, and the chat goes on. Tab completes the commands, "
            + "and otherwise the example phrases of the installed skills."
    }

    /// The summaries are susi's own ASCII sentences; the Unicode case
    /// mapping is for anything else (it costs every process that builds
    /// the command tree, a Tab's included, a first use of its tables).
    private static func lowercasedFirst(_ text: String) -> String {
        guard let first = text.unicodeScalars.first else { return text }
        if ("A"..."Z").contains(first) {
            var bytes = Array(text.utf8)
            bytes[0] += 32
            return String(decoding: bytes, as: UTF8.self)
        }
        guard let character = text.first else { return text }
        return character.lowercased() + text.dropFirst()
    }
}

/// What a chat line is.
enum ChatLine: Equatable {
    /// Asked of SUSI (for "//x", the text "/x").
    case query(String)
    /// A slash command: its name as typed (lower case) and its arguments.
    case command(String, [String])
    /// "/" alone or "/ ...": no name after the slash.
    case nameless

    /// `line` has no leading or trailing spaces.
    init(_ line: String) {
        guard line.hasPrefix("/") else {
            self = .query(line)
            return
        }
        if line.hasPrefix("//") {
            self = .query(String(line.dropFirst()))
            return
        }
        let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first, !line.dropFirst().hasPrefix(" "), !line.dropFirst().hasPrefix("\t") else {
            self = .nameless
            return
        }
        self = .command(name.lowercased(), Array(words.dropFirst()))
    }
}

extension ChatModule {
    enum SlashOutcome: Equatable {
        case handled
        /// /quit, /exit: the chat ends as at Ctrl-D.
        case quit
        /// Reported on stderr; a piped chat goes on and ends with this status.
        case failed(ExitCode)
    }

    /// Runs one slash command of the chat through the command framework;
    /// every problem is reported here and the chat goes on.
    static func slash(_ name: String, _ arguments: [String], conversation: Conversation,
                      _ context: Context) -> SlashOutcome {
        guard let command = SlashCommand.named(name) else {
            var message = "unknown command /\(UntrustedText.line(name)) (try /help)."
            if let near = Suggestions.closest(to: name, among: SlashCommand.names) { message += " Did you mean /\(near)?" }
            return fail(message, .usage, context)
        }
        if command.spec.arguments.isEmpty, !arguments.isEmpty {
            return fail("/\(command.name) takes nothing after it: type just \(command.usage).", .usage, context)
        }
        // With --json, standard output stays one JSON value per line: text goes to stderr.
        let scope = SlashScope(conversation: conversation, context: context,
                               out: context.globals.json ? context.stderr : context.stdout)
        do {
            // Every word after the name is the command's own (never an option).
            let parsed = try Parser(root: SlashCommand.tree, globalOptions: [], environment: [:])
                .parse([command.name, "--"] + arguments)
            try parsed.command.run?(parsed.invocation, scope)
        } catch let error as ParseError {
            return fail(UntrustedText.line(error.usage.message), .usage, context)
        } catch let error as ReportableError {
            let hint = error.hint.map { " " + UntrustedText.line($0) } ?? ""
            return fail(UntrustedText.line(error.message) + hint, error.exitCode, context)
        } catch {
            return fail(ServiceError.plainReason(error), .failure, context)
        }
        return scope.outcome
    }

    /// /explain: why the previous answer was given.
    static func slashExplain(_ scope: SlashScope) throws {
        let (conversation, context) = (scope.conversation, scope.context)
        guard let reply = conversation.lastReply else {
            return scope.fail("There is no answer to explain yet: ask something first.", .failure)
        }
        if context.globals.json {
            guard let explanation = reply.explanation else {
                return scope.fail("\(UntrustedText.line(conversation.backendName)) does not say why it answered (only the embedded SUSI and --skill files do).", .failure)
            }
            try context.printJSONLine(explanation)
        } else {
            context.stdout.flush()
            ChatExplain.report(reply, backendName: conversation.backendName, context: context)
        }
    }

    /// /up and /down: the skill behind the previous answer.
    static func slashRate(positive: Bool, _ scope: SlashScope) throws {
        guard let reply = scope.conversation.lastReply else {
            return scope.fail("There is no answer to rate yet: ask something first.", .failure)
        }
        guard case .service = scope.conversation.backend else {
            return scope.fail("The answers of --skill files are not in the skill catalogue, so there is nothing to rate.", .failure)
        }
        try rate(skill: reply.answers.first?.skills.first, query: reply.query, answer: reply.text,
                 positive: positive, context: scope.context)
    }

    /// "error: ..." on stderr, after what the chat printed so far.
    static func fail(_ message: String, _ code: ExitCode, _ context: Context) -> SlashOutcome {
        context.stdout.flush()
        context.stderr.line(context.errorStyle.red("error:") + " " + message)
        return .failed(code)
    }

    /// A line with nothing after its slash.
    static func nameless(_ context: Context) -> SlashOutcome {
        fail("A slash command needs its name right after the slash, e.g. /help; to ask SUSI something that starts with /, type // instead.",
             .usage, context)
    }

    static func printSlashHelp(_ out: OutputSink, _ context: Context) {
        var text = "Commands (a line of its own that starts with /):\n"
        let rows = SlashCommand.all.map { ($0.usage, $0.summary) }
        for line in TextLayout.columns(rows, column: 18, width: context.width) { text += line + "\n" }
        text += TextLayout.wrap(SlashCommand.escapeRule + " Tab completes these and the installed skills' example phrases.",
                                width: context.width) + "\n"
        out.write(text)
    }

    /// /history [N]: the newest N exchanges of the stored history.
    static func slashHistory(_ arguments: [String], _ scope: SlashScope) throws {
        let (conversation, context) = (scope.conversation, scope.context)
        var limit = SlashCommand.historyDefault
        if let first = arguments.first {
            guard arguments.count == 1, let number = Int(first), (1...1_000_000).contains(number) else {
                return scope.fail("/history takes a positive whole number of exchanges, not '\(UntrustedText.line(arguments.joined(separator: " ")))': "
                                  + "/history [N], e.g. /history 5.", .usage)
            }
            limit = number
        }
        guard case .service = conversation.backend else {
            context.note("Nothing is kept in the history with --skill: those answers come from your files and are not stored.")
            return
        }
        let store = try context.chatHistory()
        let owner = try ChatTurn.historyOwner(context)
        let exchanges = try store.exchanges(server: owner.server, identity: owner.identity, search: nil, limit: limit)
        if context.globals.json {
            try context.printJSONLine(exchanges.map(HistoryJSON.init))
            return
        }
        if exchanges.isEmpty {
            context.note("No chat history with \(UntrustedText.line(owner.server)) yet.")
            return
        }
        printExchanges(exchanges, context)
    }

    /// Tab in the chat's line editor: slash commands for a line that starts
    /// with "/", else the example phrases that start with the line (already
    /// made safe for the terminal). The typed part is kept as typed, so the
    /// common prefix readline inserts never shortens the line.
    static func complete(_ line: String, phrases: () -> [String], pending: [Int]) -> [String] {
        let typed = line.drop { $0 == " " }
        if typed.hasPrefix("/"), !typed.hasPrefix("//") {
            let lead = line.prefix(line.count - typed.count)
            let body = String(typed)
            if let space = body.firstIndex(of: " ") {
                // Only /cancel takes a value Tab can know: the pending numbers, or all.
                guard body[..<space].lowercased() == "/cancel" else { return [] }
                let value = body[body.index(after: space)...].drop { $0 == " " }
                let head = body.prefix(body.count - value.count)
                let values = pending.map(String.init) + ["all"]
                return values.filter { $0.hasPrefix(value) }.map { String(lead) + head + $0 }
            }
            let names = SlashCommand.names.map { "/" + $0 }
            return ExamplePhrases.matching(body, in: names).map { String(lead) + $0 }
        }
        return ExamplePhrases.matching(line, in: phrases())
    }
}
