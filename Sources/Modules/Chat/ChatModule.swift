import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts
import SusiReply
import SusiShell

/// `susi chat`: talk to SUSI.
public enum ChatModule: CommandModule {
    static let queryArgument = ArgumentKey.repeating(
        "query", "What to ask. Several words are joined with spaces.", completion: .dynamic(queries))

    /// `susi chat <Tab>`, a word at a time: the queries asked before on
    /// this server as this identity (newest first; never one that may
    /// carry a secret) and the installed skills' example phrases.
    static let queries = DynamicCompletion.provider("queries") { request, context in
        var asked: [String] = []
        if let owner = try? ChatTurn.historyOwner(context),
           let exchanges = try? context.chatHistory().exchanges(server: owner.server, identity: owner.identity,
                                                                search: nil, limit: 200) {
            asked = exchanges.map(\.query).filter { !HistoryFilter.mightCarrySecret($0) }
        }
        let phrases = ExamplePhrases.offerable(asked)
            + ExamplePhrases.local(context, language: (try? context.catalogueLanguage()) ?? "en")
        return ExamplePhrases.nextWords(after: request.positionals, in: phrases)
    }

    public static var command: Command {
        var command = Command(
            name: "chat",
            abstract: "Chat with SUSI.",
            discussion: """
            With a query, SUSI answers once. Without one, every line of standard input is a query \
            (one conversation, so SUSI remembers what you said); on a terminal you get a prompt, \
            and Ctrl-D ends the chat. With --json each reply is printed as one line of JSON in the \
            SUSI server's chat.json shape.

            A first word that names a subcommand (history, thumbs) runs it only when the rest \
            of the line fits it ('susi chat history --limit 5'); otherwise the whole line is a \
            query ('susi chat history of rome'). 'susi chat -- history' asks the word itself.

            \(SlashCommand.helpParagraph)

            Some answers are planned for later (a timer, a countdown: a skill's !plan lines, the \
            server's plan_delay). With SUSI they are stored as reminders, which 'susi remind watch' \
            fires (see 'susi remind'); an interactive chat rings them too while it runs. With --wait, \
            or when they cannot be stored, the chat keeps them itself: it prints when each is due, \
            an interactive chat gives it then (with a bell, and spoken with --speak), /plans lists \
            those pending and /cancel N (or /cancel all) cancels; a one-shot or piped chat with \
            --wait waits and prints each when due (Ctrl-C cancels them, exit 130).

            Answers come from the skills that ship with susi, or only from the files given with --skill. \
            With a server, --skill still runs the files on this machine; add --on-server to send them \
            with each query (the server's instant parameter): the server answers from them first and \
            from its own skills otherwise, and susi says when an answer did not come from them.
            """,
            examples: [
                Example("susi chat \"tell me a joke\"", "Ask one question."),
                Example("susi chat --skill my_skill.txt \"hello\"", "Try a skill you are writing."),
                Example("susi --server http://127.0.0.1:4000 chat --skill my_skill.txt --on-server \"hello\"",
                        "Try it on a server, next to the server's own skills."),
                Example("susi chat --wait \"set a timer for 5 minutes\"", "Wait for the timer and ring when it is done."),
                Example("printf 'my name is ada\\nwhat is my name\\n' | susi chat --json", "Batch queries; one JSON reply per line."),
                Example("susi chat --listen", "Ask by voice (see 'susi listen')."),
                Example("susi chat --explain \"hello\"", "See which skill answered, and which lost."),
            ],
            arguments: [queryArgument.spec],
            options: [skill.spec, onServer.spec, speak.spec, wait.spec, listen.spec, ChatExplain.option.spec],
            subcommands: [historyCommand, thumbsCommand],
            run: { invocation, context in try chat(invocation, context) })
        // 'susi chat history of rome' is a query (decision 0440).
        command.subcommandsYieldToArguments = true
        return command
    }

    static let skill = OptionKey.repeating("skill", "file", "Answer only from this skill file or folder (repeatable).",
                                           completion: .file(extensions: ["txt"]))
    static let onServer = OptionKey.flag("on-server", "With --skill and a server: send the skill files with each query (chat.json's instant parameter) instead of running them here.")
    static let wait = OptionKey.flag("wait", "Before ending, wait for the planned answers (timers, reminders) and print each when due; Ctrl-C cancels them.")
    static let speak = OptionKey.toggle("speak", "Speak answers aloud with espeak-ng (default: the speech.output setting). A new query, a stop reply or Ctrl-C silences it.")

    static let listen = OptionKey.flag("listen", "Ask one question by voice: listen to the microphone once, then answer (offline, see 'susi listen').")

    static func chat(_ invocation: Invocation, _ context: Context) throws {
        let skillPaths = invocation.values[skill]
        let language = try context.userLanguage()
        var conversation: Conversation
        if invocation.values[onServer] {
            conversation = try onServerConversation(skillPaths, language: language, context)
        } else if skillPaths.isEmpty {
            conversation = Conversation(backend: .service(try context.service()), language: language, context: context)
        } else {
            // An authoring tool: exactly these files, in memory, nothing stored.
            if let server = context.globals.server, !ServerChoice(server).isEmbedded {
                context.note("--skill runs the skill files on this machine, not on \(server); add --on-server to send them to it.")
            }
            let workbench = try context.skillAuthoring().workbench(files: skillPaths, bundled: false)
            for diagnostic in workbench.diagnostics { context.debug(UntrustedText.line(diagnostic)) }
            conversation = Conversation(backend: .skills(workbench.conversation(language: language)),
                                        language: language, context: context)
            conversation.examplePhrases = workbench.exampleQueries
        }

        conversation.explain = invocation.values[ChatExplain.option] || context.globals.verbose
        conversation.storesPlans = !invocation.values[wait]

        if try speaks(invocation, context) {
            conversation.speech = try context.speechOutput()
        }
        // Speech outlives a reply: when the chat ends, let it finish, unless Ctrl-C.
        defer {
            if conversation.speech != nil {
                Interrupts.install()
                _ = conversation.speech?.waitUntilDone()
                Interrupts.uninstall()
            }
        }

        let words = invocation.values[queryArgument]
        // Unicode White_Space is exactly CharacterSet.whitespacesAndNewlines, without bridging to NSString.
        if !words.isEmpty, words.allSatisfy({ $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }) {
            throw UsageError("The query is empty: say what to ask, e.g. susi chat \"hello\".")
        }
        if invocation.values[listen] {
            guard words.isEmpty else { throw UsageError("--listen takes the question from the microphone; give no query with it.") }
            let heard = try SpokenQuery.once(try context.speechListener(.skills), context).text
            if !context.globals.json { context.stdout.line(context.style.dim("you> ") + UntrustedText.line(heard)) }
            try conversation.ask(heard)
            return
        }
        if !words.isEmpty {
            try conversation.ask(words.joined(separator: " "))
            hintAtSubcommand(words, context)
            try conversation.finishPlans(wait: invocation.values[wait])
            return
        }
        let interactive = context.io.stdin.isTTY && context.io.stdout.isTTY
        if interactive && context.globals.json {
            throw UsageError("--json needs a query or piped input; it does not prompt.")
        }
        let editor = try lineEditor(interactive: interactive, context)
        // Tab: slash commands and example phrases, never file names; a chat
        // inside `susi shell` gives the shell its own Tab back afterwards.
        let completion = interactive && editor is ReadlineEditor ? installCompletion(conversation, context) : nil
        defer {
            editor.close()
            if let completion { ReadlineCompletion.restore(completion) }
        }
        conversation.interactive = interactive
        // Kept for /explain, printed only with --explain.
        conversation.keepsExplanation = true
        // Piped: a slash command that failed makes the exit status, once every line has run.
        var failure: ExitCode?
        if interactive {
            context.note(context.errorStyle.dim("Chatting with \(conversation.backendName). Ctrl-C clears the line, Ctrl-D or /quit ends, /help lists the commands."))
            Interrupts.install()
        }
        defer { if interactive { Interrupts.uninstall() } }
        let prompt = context.style.enabled ? "\u{01}\u{1B}[1m\u{02}you>\u{01}\u{1B}[0m\u{02} " : "you> "
        let plans = conversation.planned
        // The conversation's own planned answers, and the stored reminders (fired here too while it runs).
        let reminders = conversation.reminders
        let timer = LineEditorTimer(next: { [plans.nextWake, reminders.nextWake()].compactMap { $0 }.min() },
                                    run: { [conversation] in
                                        conversation.deliverDue()
                                        reminders.fireDue(out: context.stdout)
                                    })
        while true {
            let input = interactive ? editor.read(prompt: prompt, timer: timer) : editor.read(prompt: prompt)
            switch input {
            case .end:
                try endChat(conversation, interactive: interactive, wait: invocation.values[wait], failure: failure)
                return
            case .interrupted:
                conversation.speech?.stop()
                continue
            case let .refused(error):
                // On a terminal the person can type it again; piped, the batch stops at that line.
                guard interactive else { throw error }
                context.stderr.line(context.errorStyle.red("error:") + " " + error.message)
                continue
            case let .line(line):
                let query = line.trimmingCharacters(in: .whitespaces)
                if query.isEmpty { continue }
                if interactive, query == "exit" || query == "quit" {
                    try endChat(conversation, interactive: interactive, wait: invocation.values[wait], failure: failure)
                    return
                }
                editor.remember(line)
                let outcome: SlashOutcome
                switch ChatLine(query) {
                case let .command(name, arguments):
                    outcome = slash(name, arguments, conversation: conversation, context)
                case .nameless:
                    outcome = nameless(context)
                case let .query(text):
                    do {
                        try conversation.ask(text)
                    } catch let error as ServiceError where interactive && error.kind == .interrupted {
                        context.stderr.line(context.errorStyle.dim("(cancelled)"))
                    }
                    conversation.deliverDue()
                    context.stdout.flush()
                    continue
                }
                switch outcome {
                case .handled: break
                case .quit:
                    try endChat(conversation, interactive: interactive, wait: invocation.values[wait], failure: failure)
                    return
                case let .failed(code):
                    failure = code
                }
                conversation.deliverDue()
                context.stdout.flush()
            }
        }
    }

    /// Ctrl-D, the end of piped input, /quit: an interactive chat drops what
    /// is still planned (and exits 0); a piped one gives it (with --wait) and
    /// exits with the status of the last slash command that failed, if any.
    static func endChat(_ conversation: Conversation, interactive: Bool, wait: Bool, failure: ExitCode?) throws {
        if interactive {
            conversation.dropPlans()
            return
        }
        try conversation.finishPlans(wait: wait)
        if let failure { throw SilentExit(failure) }
    }

    /// Installs chat's Tab and returns what was installed before. Example
    /// phrases are read once, on the first Tab that needs them: from the
    /// --skill files, else the embedded SUSI's catalogue (none for a server).
    static func installCompletion(_ conversation: Conversation, _ context: Context) -> ReadlineCompletion.Installed {
        let previous = ReadlineCompletion.installed
        let plans = conversation.planned
        let language = conversation.language
        var loaded = conversation.examplePhrases.map(ExamplePhrases.offerable)
        ReadlineCompletion.installLine { line in
            complete(line, phrases: {
                if let loaded { return loaded }
                let phrases = ExamplePhrases.local(context, language: language)
                loaded = phrases
                return phrases
            }, pending: plans.pending.map(\.number))
        }
        return previous
    }

    /// A one-word query that is a typo of a subcommand ('histroy', one edit
    /// away) was asked as typed; the note says what was probably meant.
    /// Anything further ('hi', 'hist') is a query like any other (decision 0440).
    static func hintAtSubcommand(_ words: [String], _ context: Context) {
        guard words.count == 1 else { return }
        let word = words[0].lowercased()
        let names = [historyCommand, thumbsCommand].flatMap { [$0.name] + $0.aliases }
        guard !names.contains(word),
              let near = names.first(where: { Suggestions.editDistance(word, $0) == 1 }) else { return }
        context.note(context.errorStyle.dim("(Asked SUSI '\(UntrustedText.line(words[0]))'. Did you mean 'susi chat \(ShellQuote.word(near))'?)"))
    }

    /// readline on a terminal (with its own history file and list, apart from
    /// the shell's; lines mentioning a password or token are not kept); plain
    /// reads when piped.
    static func lineEditor(interactive: Bool, _ context: Context) throws -> LineEditor {
        // Scripted (test) input cannot drive readline, which reads the real terminal.
        guard interactive, !context.io.stdin.isScripted else {
            return PlainLineEditor(input: context.io.stdin, output: interactive ? context.stdout : nil)
        }
        try? AtomicFile.createDirectory(context.paths.stateDirectory)
        let editor = ReadlineEditor(historyFile: context.paths.chatHistoryFile)
        if let warning = editor.historyWarning { context.warn(warning) }
        return editor
    }

    /// `--speak` / `--no-speak`, else the speech.output setting.
    static func speaks(_ invocation: Invocation, _ context: Context) throws -> Bool {
        if let flag = invocation.values[speak] { return flag }
        return try context.setting(.speaksAnswers)
    }
}
