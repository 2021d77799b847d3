import SusiBasics
import SusiCore
import SusiPorts

/// A question asked by voice, as `susi listen --once` and `susi chat
/// --listen` take it.
public enum SpokenQuery {
    /// One spoken query from the microphone, heard by `listener`: the
    /// transcript, or exit 66 when no speech was heard.
    public static func once(_ listener: SpeechListener, _ context: Context) throws -> Transcript {
        Interrupts.install()
        defer { Interrupts.uninstall() }
        let audio = try context.audioInput(file: nil)
        defer { audio.close() }
        guard let transcript = try listener.utterances(in: audio).next(startWithin: nil, onSpeech: {}),
              !transcript.text.isEmpty else {
            throw nothingHeard(audio)
        }
        return transcript
    }

    /// Exit 66: the audio held no speech.
    public static func nothingHeard(_ audio: AudioInput) -> CommandError {
        CommandError(.noInput, "No speech was heard in \(audio.name).",
                     hint: audio.isFile ? "Check that the recording holds speech." : "Speak closer to the microphone, or check its level.")
    }
}
