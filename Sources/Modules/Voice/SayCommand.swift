import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

extension VoiceModule {
    static let outOption = OptionKey.string("out", "FILE.wav",
                                            "Write the speech to this WAV file (mono, 16-bit, espeak-ng's 22050 Hz) instead of playing it; '-' is standard output.",
                                            completion: .file(extensions: ["wav"]))
    static let voiceOption = OptionKey.string("voice", "VOICE", "Speak with this voice, this once (see 'susi voice list').",
                                            completion: .dynamic(.voices))
    static let rateOption = OptionKey.string("rate", "RATE", "Speak at this rate, this once (0.5 to 2.0).")
    static let pitchOption = OptionKey.string("pitch", "PITCH", "Speak at this pitch, this once (0.5 to 2.0).")

    static let textArgument = ArgumentKey.repeating("text", "What to say; '-' reads standard input.", isOptional: false)

    static var sayCommand: Command {
        Command(
            name: "say",
            abstract: "Speak text aloud, or save it as a WAV file.",
            discussion: """
            The text is the arguments, or standard input with '-' (read and spoken a piece at a time, \
            so any length works). It plays through the first player found: pw-play, paplay, aplay, \
            then espeak-ng's own output. Ctrl-C stops at once. With --out nothing is played; the file \
            appears only when complete. With no sound device, use --out.
            """,
            examples: [
                Example("susi voice say \"Hello, I am SUSI\"", "Hear SUSI's voice."),
                Example("susi voice say \"Bonjour\" --voice fr --rate 0.8", "Another voice, slower, this once."),
                Example("susi voice say - --out story.wav < story.txt", "A whole file as speech, saved as WAV."),
            ],
            arguments: [textArgument.spec],
            options: [outOption.spec, voiceOption.spec, rateOption.spec, pitchOption.spec],
            run: { invocation, context in try say(invocation, context) })
    }

    static func say(_ invocation: Invocation, _ context: Context) throws {
        let words = invocation.values[textArgument]
        // Check everything that can be wrong before any sound or file.
        let rate = try invocation.values[rateOption].map { try SpeechScale.parse($0, "rate") } ?? self.rate(context)
        let pitch = try invocation.values[pitchOption].map { try SpeechScale.parse($0, "pitch") } ?? self.pitch(context)
        let catalogue = try context.voiceCatalogue()
        let choice: VoiceCatalogue.Choice
        if let wanted = invocation.values[voiceOption] {
            guard let found = catalogue.find(wanted) else { throw catalogue.unknown(wanted) }
            choice = found
        } else if let current = try currentChoice(catalogue, context) {
            choice = current.choice
        } else {
            throw CommandError(.unavailable, "espeak-ng has no voices installed.", hint: "Install espeak-ng-data.")
        }
        let parameters = SpeechParameters(voice: choice.espeakName, wordsPerMinute: SpeechScale.wordsPerMinute(rate),
                                          pitch: SpeechScale.espeakPitch(pitch))

        let out = invocation.values[outOption]
        if out == "-", context.stdout.isTTY {
            throw UsageError("Standard output is a terminal; audio would be garbage there.",
                             hint: "Redirect it: susi voice say \"...\" --out - > speech.wav, or pipe it to a player.")
        }
        var source = try TextSource(words: words, stdin: context.stdin)
        guard source.hasText else {
            throw UsageError(words == ["-"] ? "Standard input held nothing to say." : "Nothing to say: give some text, or '-' to read standard input.")
        }
        let synthesis = try context.speechSynthesis()
        Interrupts.install()
        defer { Interrupts.uninstall() }

        if out == "-" {
            try writeToStandardOutput(synthesis, { try source.next() }, parameters, context)
            return
        }
        if let out {
            let written = try synthesis.write({ try source.next() }, to: out, parameters)
            let seconds = (written.seconds * 10).rounded() / 10
            context.note("Wrote \(UntrustedText.line(out)): \(seconds) s of speech, \(written.bytes) bytes.")
            return
        }
        let player: any SpeechPlayer
        switch synthesis.findPlayer() {
        case let .found(found): player = found
        case let .missing(reason):
            throw CommandError(.unavailable, "Cannot play speech: \(reason).",
                               hint: "Write it to a file instead: susi voice say \"...\" --out speech.wav")
        }
        context.debug("voice: playing through \(player.path) with \(parameters.voice)")
        guard try player.play({ try source.next() }, parameters) else {
            throw CommandError(.interrupted, "Stopped.")
        }
    }
}

extension VoiceModule {
    /// `--out -`: the WAV is made whole in a private file under the cache
    /// folder (its header needs the final size), copied to standard output
    /// and removed, so a pipe gets a valid file of any length.
    static func writeToStandardOutput(_ synthesis: any SpeechSynthesis, _ next: () throws -> String?,
                                      _ parameters: SpeechParameters, _ context: Context) throws {
        let folder = context.paths.cacheDirectory
        try AtomicFile.ensurePrivateDirectory(folder, create: true)
        let path = folder + "/speech-" + UUID().uuidString + ".wav"
        defer { unlink(path) }
        _ = try synthesis.write(next, to: path, parameters)
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw CommandError(.ioError, "Cannot read the speech back: \(String(cString: strerror(errno))).") }
        defer { close(fd) }
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw CommandError(.ioError, "Cannot read the speech back: \(String(cString: strerror(errno))).") }
            if count == 0 { break }
            context.stdout.write(bytes: Array(block[0..<count]))
        }
    }
}

/// The text to say, in pieces: the arguments, or standard input read a
/// few kilobytes at a time with '-' (any length, lines of any length).
struct TextSource {
    private var chunks = TextChunks()
    private var ready: [String] = []
    private let stdin: InputSource?
    private var ended = false

    init(words: [String], stdin: InputSource) throws {
        if words == ["-"] {
            self.stdin = stdin
        } else {
            self.stdin = nil
            ready = TextChunks.split(words.joined(separator: " "))
            ended = true
        }
        try fill()
    }

    /// Whether anything but blanks is there to say (reads ahead one piece).
    var hasText: Bool { !ready.isEmpty }

    mutating func next() throws -> String? {
        try fill()
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    /// Reads until a piece with something to say is ready, or the input ends.
    private mutating func fill() throws {
        ready.removeAll { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        while ready.isEmpty, !ended, let stdin {
            if let bytes = stdin.readBytes(upTo: TextChunks.targetBytes) {
                ready = try chunks.add(bytes)
            } else {
                ended = true
                if let rest = try chunks.finish() { ready = [rest] }
            }
            ready.removeAll { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        }
    }
}
