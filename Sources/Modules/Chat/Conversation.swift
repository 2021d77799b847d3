import Foundation
import SusiCLI
import SusiCommands
import SusiCore
import SusiReply
import SusiBasics
import SusiPorts

/// One conversation: where answers come from, and where replies go.
struct Conversation {
    enum Backend {
        /// The configured SUSI (embedded or a server), which keeps the memory.
        case service(SusiService)
        /// Only the given skill files; the memory lives there for this run.
        case skills(SkillChat)
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
    /// Planned answers are stored as reminders (issue 34), which `susi remind
    /// watch`, the shell and interactive chats fire; false with --wait, where
    /// this chat gives them itself.
    var storesPlans = true
    /// Stored reminders fired here while an interactive chat runs.
    private(set) lazy var reminders = TerminalReminders(context: context)
    /// Print why each answer was chosen (`--explain`, `-v`).
    var explain = false
    /// `--on-server`: the skill text sent with each query, and the same files here, to tell why the server did not use them.
    var instant: (text: String, files: SkillChat, authoring: SkillAuthoring)?
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
        let stored = storePlans(reply)
        let added = stored.isEmpty ? planned.add(reply, received: context.now()) : []
        if context.globals.json {
            var shown = reply
            if !explain { shown.explanation = nil }
            try context.printJSONLine(ChatJSONLine(reply: shown))
        } else {
            let shown = stored.isEmpty ? reply : ReminderFiring.withoutPlanned(reply)
            let text = ReplyRenderer(context: context).render(shown, planned: interactive ? added : nil)
            // Nothing to show must not look like a hang on a terminal.
            context.stdout.write(text.isEmpty && context.io.stdout.isTTY && stored.isEmpty ? context.style.dim("SUSI sent an empty answer.") + "\n" : text)
            ReminderFiring.announce(stored, context: context)
            if !stored.isEmpty, !interactive {
                context.note(context.errorStyle.dim("'susi remind watch' (or its user service) fires \(stored.count == 1 ? "it" : "them"); 'susi remind list' lists them."))
            }
        }
        if explain {
            context.stdout.flush()
            ChatExplain.report(reply, backendName: backendName, context: context)
        }
        if let instant, !instant.authoring.answeredFromInstant(reply) {
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

    /// Stores the reply's planned answers as reminders; none when this chat
    /// gives them itself, or when they could not be stored (said: then they
    /// are given only while this chat runs, and nothing claims a reminder).
    private func storePlans(_ reply: Reply) -> [Reminder] {
        guard storesPlans, case .service = backend else { return [] }
        return ReminderFiring.storePlannedOrSay(reply, context: context, fallback: "it is given only while this chat runs (with --wait).")
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
        do {
            try speech.say(reply, language: self.language)
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
