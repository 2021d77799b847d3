import Foundation
import SusiCLI
import SusiCommands
import SusiCore
import SusiAuthoring
import SusiListen
import SusiReply
import SusiShell

/// `susi chat`: talk to SUSI.
public enum ChatModule: CommandModule {
    public static var command: Command {
        Command(
            name: "chat",
            abstract: "Chat with SUSI.",
            discussion: """
            With a query, SUSI answers once. Without one, every line of standard input is a query \
            (one conversation, so SUSI remembers what you said); on a terminal you get a prompt, \
            and Ctrl-D ends the chat. With --json each reply is printed as one line of JSON in the \
            SUSI server's chat.json shape.

            \(SlashCommand.helpParagraph)

            Some answers are planned for later (a timer, a countdown: a skill's !plan lines, the \
            server's plan_delay). susi prints when each is due; an interactive chat gives it then \
            (with a bell, and spoken with --speak), /plans lists those pending and /cancel N (or \
            /cancel all) cancels. A one-shot or piped chat ends without them unless --wait is given: \
            then it waits and prints each when due (Ctrl-C cancels them, exit 130).

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
            arguments: [ArgumentSpec("query", "What to ask. Several words are joined with spaces.",
                                     isOptional: true, isRepeating: true, completion: .dynamic("queries"))],
            options: [skill.spec, onServer.spec, speak.spec, wait.spec, listen.spec, ChatExplain.option.spec],
            subcommands: [historyCommand, thumbsCommand],
            run: { invocation, context in try chat(invocation, context) })
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
            if let server = context.globals.server, server != "local" {
                context.note("--skill runs the skill files on this machine, not on \(server); add --on-server to send them to it.")
            }
            let workbench = try SkillWorkbench(files: skillPaths, environment: context.environment,
                                               weather: try context.weatherSetup(), network: try ConsoleNetwork(context))
            for diagnostic in workbench.diagnostics { context.debug(UntrustedText.line(diagnostic)) }
            conversation = Conversation(backend: .skills(workbench.conversation(language: language)),
                                        language: language, context: context)
            conversation.examplePhrases = workbench.exampleQueries
        }

        conversation.explain = invocation.values[ChatExplain.option] || context.globals.verbose

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

        let words = invocation.values.strings("query")
        // Unicode White_Space is exactly CharacterSet.whitespacesAndNewlines, without bridging to NSString.
        if !words.isEmpty, words.allSatisfy({ $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }) {
            throw UsageError("The query is empty: say what to ask, e.g. susi chat \"hello\".")
        }
        if invocation.values[listen] {
            guard words.isEmpty else { throw UsageError("--listen takes the question from the microphone; give no query with it.") }
            let heard = try Listening.once(context).text
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
        let timer = LineEditorTimer(next: { plans.nextWake }, run: { [conversation] in conversation.deliverDue() })
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

    /// A one-word query that is a typo of a subcommand ('histroy') was
    /// asked as typed; the note says what was probably meant.
    static func hintAtSubcommand(_ words: [String], _ context: Context) {
        guard words.count == 1 else { return }
        let word = words[0].lowercased()
        let names = [historyCommand, thumbsCommand].flatMap { [$0.name] + $0.aliases }
        guard !names.contains(word), let near = Suggestions.closest(to: word, among: names) else { return }
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
        return try context.setting(.speechOutput) == "always"
    }
}

/// One conversation: where answers come from, and where replies go.
struct Conversation {
    enum Backend {
        /// The configured SUSI (embedded or a server), which keeps the memory.
        case service(SusiService)
        /// Only the given skill files; the memory lives there for this run.
        case skills(SkillConversation)
    }

    let backend: Backend
    let language: String
    let context: Context
    /// Set when answers are spoken.
    var speech: SpeechOutput?
    /// Planned answers not yet due.
    let planned = PlannedAnswers()
    /// Interactive: planned answers are numbered for /cancel.
    var interactive = false
    /// Print why each answer was chosen (`--explain`, `-v`).
    var explain = false
    /// `--on-server`: the skill text sent with each query, and the same files here, to tell why the server did not use them.
    var instant: (text: String, files: SkillConversation)?
    /// Ask for the explanation even when it is not printed, for /explain.
    var keepsExplanation = false
    /// The reply to the last query of this conversation (with its
    /// explanation when one was asked): what /explain, /up and /down mean.
    private(set) var lastReply: Reply?
    /// What Tab offers besides slash commands, when it is known up front
    /// (the --skill files' examples); nil: the catalogue's, read on first use.
    var examplePhrases: [String]?
    private var speechFailed = false
    private var history: (store: ChatHistoryStore, server: String, identity: String)?
    private var historyFailed = false

    init(backend: Backend, language: String, context: Context) {
        self.backend = backend
        self.language = language
        self.context = context
    }

    var backendName: String {
        switch backend {
        case let .service(service): return service.location
        case .skills: return "the given skill files"
        }
    }

    mutating func ask(_ query: String) throws {
        // A new query silences the previous answer at once.
        speech?.stop()
        let reply: Reply
        switch backend {
        case let .service(service):
            var request = try ChatTurn.request(query, language: language, context: context)
            request.explain = explain || keepsExplanation
            request.instant = instant?.text
            reply = try service.chat(request, token: context.token())
        case let .skills(skills):
            reply = skills.ask(query, now: context.now(), explain: explain || keepsExplanation)
        }
        lastReply = reply
        let added = planned.add(reply, received: context.now())
        if context.globals.json {
            var shown = reply
            if !explain { shown.explanation = nil }
            try context.printJSONLine(ChatJSONLine(reply: shown))
        } else {
            let text = ReplyRenderer(context: context).render(reply, planned: interactive ? added : nil)
            // Nothing to show must not look like a hang on a terminal.
            context.stdout.write(text.isEmpty && context.io.stdout.isTTY ? context.style.dim("SUSI sent an empty answer.") + "\n" : text)
        }
        if explain {
            context.stdout.flush()
            ChatExplain.report(reply, backendName: backendName, context: context)
        }
        if let instant, !InstantSkillText.answered(reply) {
            context.stdout.flush()
            sayNotFromFiles(query, reply, instant.files)
        }
        if case .service = backend {
            var kept = reply
            kept.explanation = nil
            remember(kept)
        }
        say(reply)
    }

    /// Gives the planned answers that are due: printed (with a bell on a
    /// terminal), spoken when answers are; with --json, each action as one line.
    func deliverDue() {
        for plan in planned.takeDue() {
            if context.globals.json {
                if let line = try? JSONOutput.encode(plan.action, pretty: false) { context.stdout.write(line) }
                continue
            }
            // The bell is our own byte, not outside text, so it bypasses the output guard.
            if context.io.stdout.isTTY { context.stdout.write(bytes: [0x07]) }
            context.stdout.write(ReplyRenderer(context: context).due(plan.action))
            context.stdout.flush()
            if let speech, let text = plan.action.expression {
                try? speech.speak(text, language: plan.action.fields["language"]?.stringValue ?? language)
            }
        }
    }

    /// At the end of a one-shot or piped chat: with `wait`, waits for every
    /// planned answer (Ctrl-C cancels them: exit 130); without, says plainly
    /// that they will not be given.
    func finishPlans(wait: Bool) throws {
        deliverDue()
        guard let first = planned.pending.first else { return }
        guard wait else {
            let count = planned.cancelAll()
            context.note(context.errorStyle.dim("Not waiting for \(TextLayout.counted(count, "planned answer")) (the first due at "
                + "\(PlannedAnswers.clock(first.due, now: context.now()))), so \(count == 1 ? "it" : "they") will not be given. "
                + "Add --wait to wait for \(count == 1 ? "it" : "them")."))
            return
        }
        // Installed before the reply is flushed: a Ctrl-C once it shows must be ours, not the default exit.
        Interrupts.install()
        defer { Interrupts.uninstall() }
        context.stdout.flush()
        var fds = [pollfd(fd: Interrupts.descriptor, events: Int16(POLLIN), revents: 0)]
        while let next = planned.nextWake {
            let timeout = Int32(max(0, min(next.timeIntervalSinceNow * 1000, 3_600_000)).rounded(.up))
            _ = poll(&fds, 1, timeout)
            if Interrupts.take() {
                let count = planned.cancelAll()
                throw CommandError(.interrupted, "Cancelled \(TextLayout.counted(count, "planned answer")) that \(count == 1 ? "was" : "were") not yet due.")
            }
            deliverDue()
        }
    }

    /// Leaving an interactive chat: what is still pending is said and dropped.
    func dropPlans() {
        let count = planned.cancelAll()
        if count > 0 {
            context.note(context.errorStyle.dim("Cancelled \(TextLayout.counted(count, "planned answer")) that \(count == 1 ? "was" : "were") not yet due."))
        }
    }

    /// /plans and /cancel N|all, printed on `out`; false when the line was
    /// refused (said on stderr) or is neither.
    func planCommand(_ line: String, out: OutputSink) -> Bool {
        let words = line.split(separator: " ").map(String.init)
        switch words.first {
        case "/plans":
            if planned.pending.isEmpty {
                out.line("No planned answers are pending.")
                return true
            }
            let now = context.now()
            let rows = planned.pending.map { p in
                ["#\(p.number)", PlannedAnswers.clock(p.due, now: now), PlannedAnswers.wait(from: now, to: p.due), p.action.expression ?? ""]
            }
            out.write(Table(columns: ["#", "DUE", "WHEN", "ANSWER"], rows: rows)
                .render(forTerminal: out.isTTY, width: context.width, style: context.style))
        case "/cancel":
            let which = words.dropFirst().first.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
            if which == "all", words.count == 2 {
                let count = planned.cancelAll()
                out.line(count == 0 ? "No planned answers are pending." : "Cancelled \(TextLayout.counted(count, "planned answer")).")
            } else if let which, words.count == 2, let number = Int(which), let gone = planned.cancel(number) {
                out.line("Cancelled #\(gone.number): " + UntrustedText.line(gone.action.expression ?? ""))
            } else {
                let what = words.count == 2 ? "No pending planned answer #\(UntrustedText.line(which ?? ""))." : "Say which planned answer to cancel: /cancel N or /cancel all."
                context.stderr.line(context.errorStyle.red("error:") + " " + what + " /plans lists them.")
                return false
            }
        default:
            return false
        }
        return true
    }

    /// Speaks the answer text; a reply with a `stop` action is itself the
    /// order to be quiet, so it is not spoken.
    private mutating func say(_ reply: Reply) {
        guard let speech else { return }
        if reply.actions.contains(where: { $0.type == .stop }) {
            speech.stop()
            return
        }
        do {
            // Only answer actions are spoken (reply.text); the first answer's language picks the voice.
            let language = reply.actions.first { $0.type == .answer }?.fields["language"]?.stringValue
            try speech.speak(reply.text, language: language ?? self.language)
        } catch let error as ReportableError {
            if !speechFailed { context.warn(error.message + (error.hint.map { " " + $0 } ?? "")) }
            speechFailed = true
        } catch {
            speechFailed = true
        }
    }

    /// Keeps the exchange in the local history; a failure there must not
    /// spoil the chat, so it is reported once and the chat goes on. The store
    /// and its owner are looked up once per conversation, not per exchange.
    private mutating func remember(_ reply: Reply) {
        do {
            if history == nil { history = try ChatTurn.history(context) }
            if let history {
                try history.store.record(reply, server: history.server, identity: history.identity, at: context.now())
            }
        } catch {
            if !historyFailed { context.warn("The chat history could not be saved: \(ServiceError.plainReason(error))") }
            historyFailed = true
        }
    }
}
