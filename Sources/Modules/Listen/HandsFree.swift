import Foundation
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

/// The hands-free loop: wait for the hotword, listen to one query, answer
/// and speak it (listening for "stop" meanwhile), wait again.
struct HandsFree {
    let listener: SpeechListener
    let source: AudioInput
    let hotword: String
    let context: Context

    /// After the hotword, this long without speech goes back to waiting.
    static let queryTimeout = 5.0
    /// The quiet that ends an utterance while waiting for the hotword.
    static let pause = 0.6
    /// The quiet that ends one while listening for "stop" (sooner: SUSI is speaking).
    static let stopPause = 0.3

    func run(answerer: inout Answerer, status: inout StatusLine) throws {
        let spotters = try listener.spotters(for: [hotword, "stop"])
        let (spotter, stopper) = (spotters[0], spotters[1])
        var interactions = 0
        if !source.isFile { context.note(context.errorStyle.dim("Say \"\(hotword)\" and your question. Ctrl-C ends.")) }
        let reminders = SpokenReminders(context: context, speech: answerer.speech)
        while true {
            status.show("waiting for \"\(hotword)\"")
            guard try spotter.listen(in: source, pause: Self.pause, speechAtEnd: true, while: { reminders.ringIfDue(); return true }) != nil else { break }
            debug("hotword", status: &status)
            status.show("listening")
            let query = try listener.utterances(in: source).next(startWithin: Self.queryTimeout, onSpeech: { status.show("hearing") })
            guard let transcript = query else {
                status.clear()
                context.note("Heard \"\(hotword)\" but no question after it.")
                continue
            }
            status.show("thinking")
            try answerer.answer(transcript, status: &status)
            interactions += 1
            try awaitSpeech(answerer.speech, stopper: stopper, status: &status)
        }
        status.clear()
        if interactions == 0, source.isFile {
            context.note("The hotword \"\(hotword)\" was not heard in \(source.name); nothing was asked.")
        }
    }

    /// A --verbose line with the stream position, on a line of its own
    /// (the status line is cleared first; the next state redraws it).
    private func debug(_ event: String, status: inout StatusLine) {
        guard context.globals.verbose else { return }
        status.clear()
        context.debug("listen: \(event) at \(String(format: "%.2f", Double(source.position) / Double(SpeechAudio.sampleRate))) s")
    }

    /// While the answer is spoken, listens for "stop" and silences it at once.
    private func awaitSpeech(_ speech: SpeechOutput?, stopper: PhraseSpotter, status: inout StatusLine) throws {
        guard let speech, speech.isSpeaking else { return }
        debug("speaking", status: &status)
        status.show("speaking (say \"stop\")")
        source.paced = true
        defer { source.paced = false }
        guard try stopper.listen(in: source, pause: Self.stopPause, speechAtEnd: false, while: { speech.isSpeaking }) != nil else { return }
        speech.stop()
        debug("stop heard", status: &status)
    }
}

/// Stored reminders, rung while hands-free listening waits for the hotword
/// (issue 34): a line and a bell, and spoken. Looked at between audio
/// blocks, at the next due time and every few seconds for new ones.
final class SpokenReminders {
    let context: Context
    let speech: SpeechOutput?
    let terminal: TerminalReminders
    private var nextLook = Date.distantPast

    init(context: Context, speech: SpeechOutput?) {
        self.context = context
        self.speech = speech
        terminal = TerminalReminders(context: context)
    }

    func ringIfDue() {
        let now = Date()
        guard now >= nextLook else { return }
        for fired in terminal.fireDue(out: context.stdout) {
            try? speech?.speak(fired.reminder.text, language: nil)
        }
        nextLook = min(terminal.nextWake() ?? .distantFuture, now.addingTimeInterval(5))
    }
}
