import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts
import SusiReply

/// `susi listen`: speech input, offline, with PocketSphinx: one spoken
/// query, a transcription, or hands-free with a hotword.
public enum ListenModule: CommandModule {
    public static var command: Command {
        Command(
            name: "listen",
            abstract: "Talk to SUSI: speech recognition, offline, and a hands-free mode.",
            discussion: """
            Without options susi waits for the hotword (the listen.hotword setting, "susi" by default), \
            then listens to one query, answers it, speaks the answer and waits again; saying "stop" \
            while SUSI speaks silences it, and Ctrl-C ends. With --once it listens to one query at \
            once; with --transcribe it only prints what it heard. Speech ends after a short pause.

            Audio comes from the microphone through pw-record, parec or arecord (the first found), \
            or from a WAV file with --file (any rate, 8 or 16 bits, mono or stereo), which is read \
            as a stream: in hands-free mode a recording of "susi" and a query is one interaction.

            Recognition runs on this machine with PocketSphinx (Debian: libpocketsphinx3, \
            pocketsphinx-en-us), in the voice's language. What can be said comes from the installed \
            skills: their patterns and examples make a grammar (cached, rebuilt when the skills \
            change); when it makes out nothing, the generic model has a second go. --generic uses only the \
            generic model. With --json each interaction is one line: the transcript (text, confidence, \
            timing) and the reply.
            """,
            examples: [
                Example("susi listen", "Hands-free: say \"susi\", then your question."),
                Example("susi listen --once", "Ask one question by voice."),
                Example("susi listen --once --file q.wav --no-speak",
                        "Answer a recorded question."),
                Example("susi listen --transcribe --file memo.wav --json", "Only the text, with confidence and timing."),
            ],
            options: [once.spec, file.spec, transcribe.spec, hotword.spec, generic.spec, speak.spec],
            run: { invocation, context in try listen(invocation, context) })
    }

    static let once = OptionKey.flag("once", "Listen to one query now, answer it and end (no hotword).")
    static let file = OptionKey.string("file", "WAV", "Take audio from this WAV file instead of the microphone.",
                                       completion: .file(extensions: ["wav"]))
    static let transcribe = OptionKey.flag("transcribe", "Only print what was heard: no chat, no speech.")
    static let hotword = OptionKey.string("hotword", "WORD", "Wait for this word instead of the listen.hotword setting.")
    static let generic = OptionKey.flag("generic", "Recognise with the generic model only, not the skills grammar.")
    static let speak = OptionKey.toggle("speak", "Speak answers aloud with espeak-ng (default: on).")

    static func listen(_ invocation: Invocation, _ context: Context) throws {
        let values = invocation.values
        if values[transcribe], values[hotword] != nil {
            throw UsageError("--transcribe and --hotword do not go together: a transcription prints every utterance.",
                             hint: "Drop --hotword, e.g. susi listen --transcribe --file memo.wav")
        }
        if values[once], values[hotword] != nil {
            throw UsageError("--once and --hotword do not go together: --once listens at once, without a hotword.",
                             hint: "Drop one of them.")
        }
        if values[transcribe], values[speak] == true {
            throw UsageError("--transcribe only prints text; it does not speak.", hint: "Drop --speak.")
        }
        let words = try values[hotword] ?? context.setting(.listenHotword)
        if let problem = ConfigKey.listenHotword.problem(with: words) {
            throw UsageError("The hotword '\(UntrustedText.line(words))' is not usable: \(problem).")
        }
        // Every check that needs no audio is done; now the recogniser, then the audio.
        let listener = try context.speechListener(values[generic] ? .generic : .skills)
        Interrupts.install()
        defer { Interrupts.uninstall() }
        let source = try context.audioInput(file: values[file])
        defer { source.close() }
        var status = StatusLine(context: context)
        defer { status.clear() }

        if values[transcribe] {
            let utterances = listener.utterances(in: source)
            var heard = 0
            status.show("listening")
            while let transcript = try utterances.next(startWithin: nil, onSpeech: {}) {
                status.clear()
                heard += 1
                if context.globals.json {
                    context.stdout.write(try JSONOutput.encode(transcript, pretty: false))
                } else if !transcript.text.isEmpty {
                    context.stdout.line(UntrustedText.line(transcript.text))
                }
                if !source.isFile { break }
            }
            if heard == 0 { throw SpokenQuery.nothingHeard(source) }
            return
        }

        let service = try context.service()
        var answerer = Answerer(context: context, service: service,
                                speech: try (values[speak] ?? true) ? context.speechOutput() : nil)
        defer { answerer.finish() }
        if values[once] {
            status.show("listening")
            guard let transcript = try listener.utterances(in: source).next(startWithin: nil, onSpeech: { status.show("hearing") }) else {
                throw SpokenQuery.nothingHeard(source)
            }
            status.show("thinking")
            try answerer.answer(transcript, status: &status)
            return
        }
        do {
            try HandsFree(listener: listener, source: source, hotword: words, context: context)
                .run(answerer: &answerer, status: &status)
        } catch {
            // Ctrl-C (already taken from Interrupts) or a lost recorder: an
            // answer still being spoken stops now, not at its end.
            answerer.speech?.stop()
            throw error
        }
    }

}

/// The state on a terminal's status line (stderr, only on a TTY).
struct StatusLine {
    let context: Context
    private var shown = false

    init(context: Context) { self.context = context }

    mutating func show(_ state: String) {
        guard context.stderr.isTTY, !context.globals.json else { return }
        context.stderr.redrawLine(context.errorStyle.dim("● " + state + "…"))
        shown = true
    }

    mutating func clear() {
        guard shown else { return }
        context.stderr.clearLine()
        shown = false
    }
}

/// A transcript to SUSI, the reply printed and spoken.
struct Answerer {
    let context: Context
    let service: SusiService
    let speech: SpeechOutput?
    private var speechFailed = false

    init(context: Context, service: SusiService, speech: SpeechOutput?) {
        self.context = context
        self.service = service
        self.speech = speech
    }

    private struct Interaction: Encodable {
        var transcript: Transcript
        var reply: Reply?
    }

    mutating func answer(_ transcript: Transcript, status: inout StatusLine) throws {
        speech?.stop()
        guard !transcript.text.isEmpty else {
            status.clear()
            if context.globals.json {
                context.stdout.write(try JSONOutput.encode(Interaction(transcript: transcript, reply: nil), pretty: false))
            }
            context.note("Heard speech but could not make out words; say it again.")
            return
        }
        let reply = try ChatTurn.ask(transcript.text, service: service, context: context)
        status.clear()
        // A skill's planned answer (a timer, "wake me up") becomes a reminder (issue 34).
        let stored = ReminderFiring.storePlannedOrSay(reply, context: context, fallback: "it will not be given.")
        if context.globals.json {
            context.stdout.write(try JSONOutput.encode(Interaction(transcript: transcript, reply: reply), pretty: false))
        } else {
            context.stdout.line(context.style.dim("you> ") + UntrustedText.line(transcript.text))
            context.stdout.write(ReplyRenderer(context: context).render(stored.isEmpty ? reply : ReminderFiring.withoutPlanned(reply)))
            ReminderFiring.announce(stored, context: context)
        }
        context.stdout.flush()
        guard let speech else { return }
        do {
            try speech.say(reply, language: try? context.userLanguage())
        } catch let error as ReportableError {
            if !speechFailed { context.warn(error.message + (error.hint.map { " " + $0 } ?? "")) }
            speechFailed = true
        }
    }

    /// Lets the last answer finish (Ctrl-C stops it).
    func finish() { _ = speech?.waitUntilDone() }
}
