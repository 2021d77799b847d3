import Foundation
import SusiCLI
import SusiCore
import SusiListen
import SusiPorts

/// The hands-free loop: wait for the hotword, listen to one query, answer
/// and speak it (listening for "stop" meanwhile), wait again.
struct HandsFree {
    let listening: Listening
    let source: AudioSource
    let hotword: String
    let context: Context

    /// After the hotword, this long without speech goes back to waiting.
    static let queryTimeout = 5.0

    func run(answerer: inout Answerer, status: inout StatusLine) throws {
        // The spotters get their own decoder: a keyphrase search leaves the
        // shared one's state unfit for the query (measured: "who invented
        // linux" after "susi" came out empty from the grammar).
        let recognizer = try Recognizer(model: listening.model, languageModel: false)
        let spotter = try HotwordSpotter(recognizer: recognizer, phrase: hotword)
        let stopper = try HotwordSpotter(recognizer: recognizer, phrase: "stop", search: "stop")
        var interactions = 0
        if !source.isFile { context.note(context.errorStyle.dim("Say \"\(hotword)\" and your question. Ctrl-C ends.")) }
        waiting: while true {
            status.show("waiting for \"\(hotword)\"")
            var spotted = false
            var vad = VoiceActivity()
            spotting: while let block = try source.next() {
                for case let .ended(clip, _) in vad.feed(block) where spotter.heard(in: clip) {
                    spotted = true
                    break spotting
                }
            }
            if !spotted, case let .ended(clip, _)? = vad.finish().last, spotter.heard(in: clip) { spotted = true }
            guard spotted else { break waiting }
            debug("hotword", status: &status)
            status.show("listening")
            vad = VoiceActivity()
            let deadline = source.position + Int(Self.queryTimeout * Double(AudioClip.sampleRate))
            var transcript: Transcript?
            var started = false
            collect: while let block = try source.next() {
                for event in vad.feed(block) {
                    switch event {
                    case .started: started = true; status.show("hearing")
                    case let .ended(clip, _):
                        transcript = listening.transcriber.transcribe(clip, pause: vad.lastPause)
                        break collect
                    }
                }
                if !started, source.position > deadline { break collect }
            }
            if transcript == nil, started, case let .ended(clip, _)? = vad.finish().last {
                transcript = listening.transcriber.transcribe(clip, pause: vad.lastPause)
            }
            guard let transcript else {
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
        context.debug("listen: \(event) at \(String(format: "%.2f", Double(source.position) / Double(AudioClip.sampleRate))) s")
    }

    /// While the answer is spoken, listens for "stop" and silences it at once.
    private func awaitSpeech(_ speech: SpeechOutput?, stopper: HotwordSpotter, status: inout StatusLine) throws {
        guard let speech, speech.isSpeaking else { return }
        debug("speaking", status: &status)
        status.show("speaking (say \"stop\")")
        source.paced = true
        defer { source.paced = false }
        var vad = VoiceActivity(silence: 0.3)
        while speech.isSpeaking {
            guard let block = try source.next() else { return }
            for case let .ended(clip, _) in vad.feed(block) where stopper.heard(in: clip) {
                speech.stop()
                debug("stop heard", status: &status)
                return
            }
        }
    }
}
