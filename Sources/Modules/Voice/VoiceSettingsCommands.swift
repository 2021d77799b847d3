import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

extension VoiceModule {
    static var listCommand: Command {
        Command(
            name: "list",
            aliases: ["ls"],
            abstract: "List the installed voices; the current one is marked with *.",
            discussion: """
            Each voice has a language code as the SUSI apps store it (BCP-47, e.g. en-US), a name, \
            a gender, its espeak-ng voice name and the other languages it speaks. Piped, each line is \
            tab-separated: CURRENT, CODE, NAME, GENDER, VOICE, OTHER LANGUAGES.
            """,
            examples: [
                Example("susi voice list", "Every voice espeak-ng has installed."),
                Example("susi voice list --language pt", "Portuguese voices (pt, pt-BR)."),
                Example("susi voice list --json | jq -r '.[].code'", "The codes, for scripts."),
            ],
            options: [languageOption.spec],
            run: { invocation, context in try list(invocation, context) })
    }

    static let languageOption = OptionKey.string("language", "PREFIX",
                                                 "Only voices for this language: en lists en-US, en-GB...; en-GB only British voices.",
                                                 completion: .dynamic(voiceLanguages))

    /// `voice list --language <Tab>`: the voices' codes and their languages (en, pt).
    static let voiceLanguages = DynamicCompletion.provider("voice-languages") { _, context in
        let codes = DynamicCompletion.voiceCodes(context)
        var seen = Set(codes.map(\.value))
        let languages = codes.compactMap { code -> CompletionCandidate? in
            guard let dash = code.value.firstIndex(of: "-") else { return nil }
            let language = String(code.value[..<dash])
            return seen.insert(language).inserted ? CompletionCandidate(language, "every \(language) voice") : nil
        }
        return languages + codes
    }

    struct VoiceRow: Encodable {
        var code: String
        var name: String
        var gender: String
        var voice: String
        var languages: [String]
        var current: Bool
    }

    static func list(_ invocation: Invocation, _ context: Context) throws {
        let catalogue = try context.voiceCatalogue()
        let current = try currentChoice(catalogue, context)?.choice.voice
        var voices = catalogue.voices
        if let prefix = invocation.values[languageOption] {
            let wanted = BCP47.normalized(prefix)
            voices = voices.filter { voice in
                ([voice.code] + voice.languages).map(BCP47.normalized).contains { $0 == wanted || $0.hasPrefix(wanted + "-") }
            }
            if voices.isEmpty {
                let close = catalogue.closest(to: prefix)
                throw UsageError("No installed voice speaks '\(UntrustedText.line(prefix))'."
                                 + (close.isEmpty ? "" : " Did you mean \(close.joined(separator: ", "))?"))
            }
        }
        let rows = voices.map { voice in
            VoiceRow(code: voice.code, name: voice.name, gender: voice.gender, voice: voice.fileName,
                     languages: voice.languages.map(BCP47.code), current: voice == current)
        }
        if context.globals.json {
            try context.printJSON(rows)
            return
        }
        context.printTable(Table(columns: ["", "Code", "Name", "Gender", "Voice", "Also"], rows: rows.map { row in
            [row.current ? "*" : "", row.code, row.name, row.gender, row.voice,
             row.languages.dropFirst().joined(separator: ", ")]
        }))
    }

    static var showCommand: Command {
        Command(
            name: "show",
            abstract: "Show SUSI's voice, rate and pitch, and where each comes from.",
            examples: [Example("susi voice show --json", "The same as JSON.")],
            run: { _, context in try show(context) })
    }

    struct Shown: Encodable {
        var voice: String
        var name: String
        var espeakVoice: String
        var voiceSource: String
        var rate: Double
        var wordsPerMinute: Int
        var pitch: Double
        var espeakPitch: Int

        enum CodingKeys: String, CodingKey {
            case voice, name, rate, pitch
            case espeakVoice = "espeak_voice", voiceSource = "voice_source"
            case wordsPerMinute = "words_per_minute", espeakPitch = "espeak_pitch"
        }
    }

    static func show(_ context: Context) throws {
        let catalogue = try context.voiceCatalogue()
        guard let (choice, chosen) = try currentChoice(catalogue, context) else {
            throw CommandError(.unavailable, "espeak-ng has no voices installed.", hint: "Install espeak-ng-data.")
        }
        let settings = try context.settings()
        let source = chosen ? try settings.resolve(.voice).source.label : "language"
        let shown = Shown(voice: catalogue.storedName(choice), name: choice.voice.name, espeakVoice: choice.espeakName,
                          voiceSource: source, rate: try rate(context), wordsPerMinute: SpeechScale.wordsPerMinute(try rate(context)),
                          pitch: try pitch(context), espeakPitch: SpeechScale.espeakPitch(try pitch(context)))
        if context.globals.json {
            try context.printJSON(shown)
            return
        }
        let voiceNote = chosen ? "" : " (none chosen: from your language; each chat answer's language picks its voice)"
        context.stdout.line("voice\t\(shown.voice)\t\(shown.name)\(voiceNote)")
        context.stdout.line("rate\t\(SpeechScale.format(shown.rate))\t\(shown.wordsPerMinute) words per minute")
        context.stdout.line("pitch\t\(SpeechScale.format(shown.pitch))\tespeak-ng pitch \(shown.espeakPitch)")
    }

    static let voiceArgument = ArgumentKey.required(
        "voice", "A language code (en-US, en_us), a language (english) or an espeak-ng voice name.", completion: .dynamic(.voices))

    static var setCommand: Command {
        Command(
            name: "set",
            abstract: "Choose SUSI's voice.",
            discussion: "The voice is checked against the installed voices before anything is saved; a close miss gets suggestions.",
            examples: [
                Example("susi voice set en-US", "American English."),
                Example("susi voice set german", "The German voice."),
                Example("susi voice set en-GB-x-rp+klatt", "Received Pronunciation with the klatt variant."),
            ],
            arguments: [voiceArgument.spec],
            run: { invocation, context in
                let text = invocation.values[voiceArgument]
                let catalogue = try context.voiceCatalogue()
                guard let choice = catalogue.find(text) else { throw catalogue.unknown(text) }
                var file = try context.config()
                try file.set(.voice, to: catalogue.storedName(choice))
                try save(file, changed: [.voice], context,
                         saying: "SUSI's voice is now \(catalogue.storedName(choice)) (\(choice.voice.name)).")
            })
    }

    static var resetCommand: Command {
        Command(
            name: "reset",
            abstract: "Go back to the default voice, rate and pitch.",
            discussion: "With no voice chosen, each answer's language picks the voice; rate and pitch return to 1.0.",
            examples: [Example("susi voice reset", "Forget the chosen voice, rate and pitch.")],
            run: { _, context in
                var file = try context.config()
                let keys: [ConfigKey] = [.voice, .speechRate, .speechPitch]
                let changed = keys.filter { file.unset($0) }
                // Saved (and sent to the account) even when nothing changed here: the account may differ.
                try save(file, changed: keys, context, saying: changed.isEmpty
                    ? "Voice, rate and pitch were already the defaults."
                    : "Reset \(changed.map(\.name).joined(separator: ", ")): no voice is chosen (each answer's language picks it), rate and pitch are 1.0.")
            })
    }

    static var rateCommand: Command {
        scaleCommand(setting: .speechRate, what: "rate", abstract: "Set how fast SUSI speaks, \(SpeechScale.range).",
                     example: Example("susi voice rate 1.5", "Speak half as fast again (263 words per minute)."))
    }

    static var pitchCommand: Command {
        scaleCommand(setting: .speechPitch, what: "pitch", abstract: "Set how high SUSI's voice is, \(SpeechScale.range).",
                     example: Example("susi voice pitch 0.8", "A slightly lower voice."))
    }

    static let scaleArgument = ArgumentKey.optional("value", "A number from 0.5 to 2.0.")

    static func scaleCommand(setting: SettingKey<Double>, what: String, abstract: String, example: Example) -> Command {
        let key = setting.key
        return Command(
            name: what,
            abstract: abstract,
            discussion: "Without a value, prints the current \(what). The value is the SUSI apps' scale; see 'susi voice --help' for espeak-ng's units.",
            examples: [example, Example("susi voice \(what) 1", "Back to normal.")],
            arguments: [scaleArgument.spec],
            run: { invocation, context in
                guard let text = invocation.values[scaleArgument] else {
                    let value = try context.setting(setting)
                    context.stdout.line(SpeechScale.format(value))
                    return
                }
                let value = try SpeechScale.parse(text, what)
                var file = try context.config()
                try file.set(key, to: SpeechScale.format(value))
                let detail = key.name == ConfigKey.speechRate.name
                    ? "\(SpeechScale.wordsPerMinute(value)) words per minute"
                    : "espeak-ng pitch \(SpeechScale.espeakPitch(value))"
                try save(file, changed: [key], context, saying: "Set the \(what) to \(SpeechScale.format(value)) (\(detail)).")
            })
    }
}
