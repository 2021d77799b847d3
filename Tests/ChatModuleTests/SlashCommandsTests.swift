import Foundation
import SusiCLI
import SusiCommands
import SusiCore
@testable import ChatModule
@testable import SusiHost
import SusiAuthoring
import SusiTestKit
import Testing

/// Chat's slash commands (/help, /quit, /history, /clear, /explain, /up,
/// /down, /plans, /cancel), in an interactive chat (scripted lines on a
/// terminal) and a piped one; and what Tab offers.
@Suite("Chat: slash commands")
struct SlashCommandsTests {
    /// The harness as an interactive chat: both ends a terminal.
    private func interactive(_ home: TemporaryHome, _ extra: [String: String] = [:]) throws -> InProcess {
        var susi = try home.harness(extra)
        susi.stdinTTY = true
        susi.stdoutTTY = true
        return susi
    }

    private func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    /// The queries kept in the history: what was really sent to SUSI.
    private func asked(_ susi: InProcess) throws -> [String] {
        let json = susi.run(["chat", "history", "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        return items.compactMap { $0["query"] as? String }
    }

    @Test func helpListsEveryCommandWithOneLineEach() throws {
        let home = try TemporaryHome()
        let result = try interactive(home).run(["chat"], stdin: "/help\n")
        #expect(result.status == 0, "\(result.stderr)")
        let text = plain(result.stdout)
        for usage in ["/help", "/history [N]", "/explain", "/up", "/down", "/plans", "/cancel N|all", "/clear", "/quit, /exit"] {
            #expect(text.contains("\n  \(usage) "), "missing \(usage)")
        }
        #expect(text.contains("A line that starts with // is asked with one slash less"))
        #expect(try asked(home.harness()).isEmpty, "a slash command is never sent to SUSI")
    }

    @Test(arguments: ["/quit", "/exit", "/QUIT"])
    func quitEndsTheChatWithStatusZero(_ line: String) throws {
        let home = try TemporaryHome()
        let result = try interactive(home).run(["chat"], stdin: "hello\n\(line)\ntell me a joke\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try asked(home.harness()) == ["hello"], "nothing after \(line) is asked")
        // Piped, the same.
        let piped = try home.harness().run(["chat"], stdin: "\(line)\nhello\n")
        #expect(piped.status == 0)
        #expect(piped.stdout.isEmpty)
        #expect(try asked(home.harness()) == ["hello"])
    }

    @Test func anUnknownCommandIsAnErrorWithADidYouMeanAndTheChatGoesOn() throws {
        let home = try TemporaryHome()
        let result = try interactive(home).run(["chat"], stdin: "/histroy\n/frobnicate\nhello\n")
        #expect(result.status == 0, "an interactive chat ends as Ctrl-D does")
        #expect(result.stderr.contains("error: unknown command /histroy (try /help). Did you mean /history?\n"))
        #expect(result.stderr.contains("error: unknown command /frobnicate (try /help).\n"))
        #expect(plain(result.stdout).contains("Hello! How can I help you today?"))
        #expect(try asked(home.harness()) == ["hello"])

        // Piped: every line still runs, and the status says a line was wrong.
        let piped = try home.harness().run(["chat"], stdin: "/hlep\nhello\n")
        #expect(piped.status == 64)
        #expect(piped.stderr.contains("error: unknown command /hlep (try /help). Did you mean /help?"))
        #expect(piped.stdout == "Hello! How can I help you today?\n")
        #expect(try asked(home.harness()) == ["hello", "hello"])
    }

    @Test func aDoubleSlashAsksWithOneSlashLessAndABareSlashIsRefused() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat"], stdin: "//help\n/\n/ help\n")
        #expect(result.status == 64)
        #expect(result.stderr.components(separatedBy: "error: A slash command needs its name right after the slash, e.g. /help; "
            + "to ask SUSI something that starts with /, type // instead.").count == 3)
        #expect(try asked(susi) == ["/help"])
    }

    @Test func historyShowsTheLastExchangesPipedAndOnATerminal() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let questions = (1...12).map { "calculate \($0) + 1" }
        let piped = susi.run(["chat"], stdin: questions.joined(separator: "\n") + "\n/history\n/history 2\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        let rows = piped.stdout.split(separator: "\n").filter { $0.contains("\t") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count == 12, "ten by default, then two")
        #expect(rows.prefix(10).map { $0[1] } == Array(questions.suffix(10)))
        #expect(rows.suffix(2).map { $0[1] } == ["calculate 11 + 1", "calculate 12 + 1"])
        #expect(rows.last?[2] == "12 + 1 = 13")

        let shown = try interactive(home).run(["chat"], stdin: "/history 1\n")
        #expect(shown.status == 0)
        #expect(plain(shown.stdout).contains("you: calculate 12 + 1\n"))
        #expect(plain(shown.stdout).contains("susi: 12 + 1 = 13"))
    }

    @Test func pipedHistoryWorksOnItsOwn() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        _ = susi.run(["chat", "hello"])
        let result = susi.run(["chat"], stdin: "/history 1\n")
        #expect(result.status == 0, "\(result.stderr)")
        let fields = result.stdout.split(separator: "\t").map(String.init)
        #expect(fields.count == 3)
        #expect(fields[1] == "hello")

        let empty = try TemporaryHome().harness().run(["chat"], stdin: "/history\n")
        #expect(empty.status == 0)
        #expect(empty.stdout.isEmpty)
        #expect(empty.stderr.contains("No chat history with local yet."))
    }

    @Test(arguments: ["/history 0", "/history -3", "/history ten", "/history 2 3", "/history 1.5"])
    func aBadHistoryCountIsRefusedAndTheChatGoesOn(_ line: String) throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat"], stdin: "hello\n\(line)\nwhat is 2 + 2\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("error: /history takes a positive whole number of exchanges, not '\(line.dropFirst("/history ".count))': /history [N], e.g. /history 5."))
        #expect(result.stdout.hasPrefix("Hello! How can I help you today?\n"))
        #expect(try asked(susi) == ["hello", "what is 2 + 2"], "nothing was lost and nothing else asked")
    }

    @Test func withJSONHistoryAndExplainAreOneJSONLineEachAndTextGoesToStderr() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        let result = susi.run(["chat", "--json"], stdin: "hello\n/history 1\n/explain\n/help\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let reply = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(reply["explain"] == nil, "kept for /explain, but shown only with --explain")
        let history = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [[String: Any]])
        #expect(history.map { $0["query"] as? String } == ["hello"])
        let explanation = try #require(try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        let answered = try #require(explanation["answered"] as? [String: Any])
        #expect((answered["skill"] as? String)?.hasSuffix("greetings.txt") == true)
        #expect(result.stderr.contains("/history [N]"))
    }

    @Test func explainSaysWhyThePreviousAnswerWasGiven() throws {
        let home = try TemporaryHome()
        let result = try interactive(home).run(["chat"], stdin: "/explain\nhello\n/explain\n")
        #expect(result.status == 0)
        #expect(result.stderr.contains("error: There is no answer to explain yet: ask something first."))
        let block = plain(result.stderr)
        #expect(block.contains("explain: Answered by "))
        #expect(block.contains("greetings.txt:"))
        #expect(block.contains("(pattern '"))
        #expect(block.contains(", rank 1 of "))
        // Only when asked: the answer itself comes without it.
        let once = try home.harness().run(["chat"], stdin: "hello\n")
        #expect(!once.stderr.contains("explain:"))
    }

    @Test func explainWithASkillFileNamesItsLineAndTheLosers() throws {
        let home = try TemporaryHome()
        let path = home.path + "/two.txt"
        try Data("hello *\nFirst.\n\nhello there\nSecond.\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try home.harness().run(["chat", "--skill", path], stdin: "hello there\n/explain\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("explain: Answered by \(path):"))
        #expect(result.stderr.contains("explain: Candidates that lost, in rank order:"))
    }

    @Test func upAndDownRateThisChatsPreviousAnswer() throws {
        let home = try TemporaryHome()
        let susi = try home.harness()
        _ = susi.run(["chat", "tell me a joke"])
        // A new chat has no previous answer yet: the stored one of an earlier chat is not rated.
        let early = susi.run(["chat"], stdin: "/up\ntell me a riddle\n/up\n/down\n")
        #expect(early.status == 1)
        #expect(early.stderr.contains("error: There is no answer to rate yet: ask something first."))
        #expect(early.stderr.contains("Thanks! Rated "))
        func rating(_ skill: String) throws -> [String: Any] {
            let info = try #require(try JSONSerialization.jsonObject(with: Data(susi.run(["skills", "info", skill, "--json"]).stdout.utf8)) as? [String: Any])
            return try #require(info["rating"] as? [String: Any])
        }
        #expect(try rating("riddles")["positive"] as? Int == 1)
        #expect(try rating("riddles")["negative"] as? Int == 1)
        #expect(try rating("jokes")["positive"] as? Int == 0)

        let extra = susi.run(["chat"], stdin: "hello\n/up now\n")
        #expect(extra.status == 64)
        #expect(extra.stderr.contains("error: /up takes nothing after it: type just /up."))

        let path = home.path + "/mine.txt"
        try Data("ping\npong\n".utf8).write(to: URL(fileURLWithPath: path))
        let skill = susi.run(["chat", "--skill", path], stdin: "ping\n/down\n")
        #expect(skill.status == 1)
        #expect(skill.stderr.contains("error: The answers of --skill files are not in the skill catalogue, so there is nothing to rate."))
    }

    @Test func clearClearsOnlyATerminalAndTheConversationGoesOn() throws {
        let home = try TemporaryHome()
        let tty = try interactive(home).run(["chat"], stdin: "my name is ada\n/clear\nwhat is my name\n")
        #expect(tty.status == 0)
        #expect(tty.stdout.contains("\u{1B}[H\u{1B}[2J"))
        #expect(plain(tty.stdout).contains("Your name is ada."), "the conversation goes on")

        let piped = try home.harness().run(["chat"], stdin: "/clear\nhello\n")
        #expect(piped.status == 0)
        #expect(!piped.stdout.contains("\u{1B}"))
        #expect(piped.stdout == "Hello! How can I help you today?\n")

        let dumb = try interactive(home, ["TERM": "dumb"]).run(["chat"], stdin: "/clear\n")
        #expect(!dumb.stdout.contains("\u{1B}[2J"))
    }

    @Test func plansAndCancelWorkPipedToo() throws {
        let home = try TemporaryHome()
        let result = try home.harness().run(["chat"], stdin: "/plans\n/cancel all\n/cancel 3\n")
        #expect(result.status == 64)
        #expect(result.stdout == "No planned answers are pending.\nNo planned answers are pending.\n")
        #expect(result.stderr.contains("error: No pending planned answer #3. /plans lists them."))
    }

    /// The slash commands are command specs the framework parses and runs,
    /// not names matched in a switch: each answers at its name and aliases
    /// and has its own run.
    @Test func everySlashCommandIsASpecTheFrameworkRuns() throws {
        let tree = SlashCommand.tree
        for command in SlashCommand.all {
            #expect(command.spec.run != nil, "/\(command.name) has no run")
            for word in [command.name] + command.aliases {
                #expect(tree.subcommand(named: word)?.name == command.name)
            }
            let parsed = try Parser(root: tree, globalOptions: [], environment: [:]).parse([command.name, "--"])
            #expect(parsed.command.name == command.name)
        }
        let cancel = try Parser(root: tree, globalOptions: [], environment: [:]).parse(["cancel", "--", "-1", "all"])
        #expect(cancel.invocation.values[SlashCommand.which] == ["-1", "all"], "every word after the name is the command's")
    }

    @Test func helpChatListsTheSlashCommands() throws {
        let home = try TemporaryHome()
        let help = try home.harness().run(["help", "chat"])
        #expect(help.status == 0)
        let text = help.stdout.replacingOccurrences(of: "\n ", with: " ").split(separator: " ").joined(separator: " ")
        for command in SlashCommand.all {
            #expect(text.contains(command.usage + ":"), "missing \(command.usage)")
        }
        #expect(text.contains("A line that starts with // is asked with one slash less"))
    }
}

/// Tab in chat's line editor, through the completion function readline calls.
@Suite("Chat: Tab completion")
struct ChatCompletionTests {
    @Test func aSlashCompletesTheCommands() {
        #expect(ChatModule.complete("/h", phrases: { [] }, pending: []) == ["/help", "/history"])
        #expect(ChatModule.complete("/", phrases: { [] }, pending: []).count == SlashCommand.names.count)
        #expect(ChatModule.complete("/EX", phrases: { [] }, pending: []) == ["/EXplain", "/EXit"])
        #expect(ChatModule.complete("/cancel ", phrases: { [] }, pending: [1, 3]) == ["/cancel 1", "/cancel 3", "/cancel all"])
        #expect(ChatModule.complete("/cancel a", phrases: { [] }, pending: [1]) == ["/cancel all"])
        #expect(ChatModule.complete("/history ", phrases: { ["/history of rome"] }, pending: []).isEmpty)
        #expect(ChatModule.complete("/zz", phrases: { ["/zzz"] }, pending: []).isEmpty, "phrases are not offered after a slash")
    }

    @Test func otherLinesCompleteTheInstalledSkillsExamplePhrasesNeverFiles() throws {
        let home = try TemporaryHome()
        let context = Context(io: .captured(), environment: try home.harness().environment, services: SusiApp.makeScope())
        let phrases = ExamplePhrases.local(context, language: "en")
        #expect(phrases.contains("What time is it?"))
        #expect(phrases.contains("flip a coin"))
        #expect(ChatModule.complete("what ti", phrases: { phrases }, pending: []) == ["what time is it?", "what time is it now?", "what time is it in Tokyo?"])
        #expect(ChatModule.complete("FLIP", phrases: { phrases }, pending: []) == ["FLIP a coin", "FLIP a coin for me"])
        #expect(ChatModule.complete("  flip a", phrases: { phrases }, pending: []) == ["  flip a coin", "  flip a coin for me"])
        // The typed part is kept, so every value shares it.
        let many = ChatModule.complete("set a timer", phrases: { phrases }, pending: [])
        #expect(many.count >= 2)
        #expect(many.allSatisfy { $0.hasPrefix("set a timer") })
        // Never file names: the package folder has Package.swift and Sources.
        #expect(ChatModule.complete("Packa", phrases: { phrases }, pending: []).isEmpty)
        #expect(ChatModule.complete("Sourc", phrases: { phrases }, pending: []).isEmpty)
        #expect(ChatModule.complete("//", phrases: { ["//x"] }, pending: []) == ["//x"])
    }

    @Test func aServerOffersNoPhrasesSinceTabNeverAsksTheNetwork() throws {
        let home = try TemporaryHome()
        let context = Context(io: .captured(), environment: try home.harness(["SUSI_SERVER": "http://127.0.0.1:9"]).environment,
                              services: SusiApp.makeScope())
        #expect(ExamplePhrases.local(context, language: "en").isEmpty)
    }

    @Test func phrasesAreMadeSafeForTheTerminal() {
        let offered = ExamplePhrases.offerable(["evil \u{1B}]0;pwned\u{07} title", "a\ttab", "  ", "twice", "twice", "new\nline"])
        #expect(offered == ["evil \\x1b]0;pwned\\x07 title", "a tab", "twice", "new\\nline"])
        #expect(offered.allSatisfy(CompletionResult.isOfferable))
    }

    @Test func skillFilePhrasesComeFromThoseFiles() throws {
        let home = try TemporaryHome()
        let path = home.path + "/mine.txt"
        try Data("ping\n!example:ping \u{1B}[31mred\npong\n".utf8).write(to: URL(fileURLWithPath: path))
        let workbench = try SkillWorkbench(files: [path], environment: [:])
        let phrases = ExamplePhrases.offerable(workbench.exampleQueries)
        #expect(ChatModule.complete("pi", phrases: { phrases }, pending: []) == ["ping \\x1b[31mred"])
    }

    /// The paragraph in `susi chat --help` is the commands' own words: the
    /// written-out copy is what the commands render.
    @Test func theHelpParagraphIsWhatTheCommandsSay() throws {
        let rendered = SlashCommand.renderedHelpParagraph
        if SlashCommand.helpParagraph != rendered {
            try? rendered.write(toFile: NSTemporaryDirectory() + "slash-help-paragraph.txt", atomically: true, encoding: .utf8)
        }
        #expect(SlashCommand.helpParagraph == rendered, "SlashCommand.helpParagraph is stale; it should be:\n\(rendered)")
    }
}
