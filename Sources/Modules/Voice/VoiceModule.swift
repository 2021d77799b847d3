import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts

/// `susi voice`: SUSI's text-to-speech voice, rate and pitch, and speaking
/// or saving speech, with espeak-ng.
public enum VoiceModule: CommandModule {
    public static var command: Command {
        Command(
            name: "voice",
            abstract: "Choose SUSI's voice, its rate and pitch, and hear it or save it as WAV.",
            discussion: """
            SUSI speaks with espeak-ng, which has over a hundred voices. A voice is named by its \
            language code as the SUSI apps store it (en-US, also en-us or en_US), by its language \
            ("english") or by an espeak-ng voice name (en-GB-x-rp), optionally with a variant \
            (en-US+klatt). Without a chosen voice, each chat answer's language picks one.

            Rate and pitch use the apps' scale, \(SpeechScale.range): a rate of 1.0 is 175 words a \
            minute (espeak-ng's normal; 0.5 is 88, 2.0 is 350) and a pitch of 1.0 is espeak-ng's 50 \
            (0.5 is 25, 2.0 is 99). They are the speech.rate, speech.pitch and voice settings; when \
            you are logged in, a change is also saved to your account (speechRate, speechPitch, \
            ttsLanguage), and logging in brings the account's values here.
            """,
            examples: [
                Example("susi voice list --language en", "The English voices."),
                Example("susi voice set en-GB", "Speak with the British English voice."),
                Example("susi voice rate 1.5", "Speak half as fast again."),
                Example("susi voice say \"Hello, I am SUSI\" --out hello.wav", "Save speech as a WAV file."),
            ],
            subcommands: [listCommand, showCommand, setCommand, resetCommand, rateCommand, pitchCommand, sayCommand])
    }

    /// The configured voice, if any (its setting value as stored).
    static func configuredVoice(_ context: Context) throws -> String? {
        try context.setting(.voice)
    }

    static func rate(_ context: Context) throws -> Double {
        try context.setting(.speechRate)
    }

    static func pitch(_ context: Context) throws -> Double {
        try context.setting(.speechPitch)
    }

    /// The voice that speaks when none is given: the `voice` setting, else
    /// the user's language, else English.
    static func currentChoice(_ catalogue: VoiceCatalogue, _ context: Context) throws -> (choice: VoiceCatalogue.Choice, chosen: Bool)? {
        if let configured = try configuredVoice(context) {
            if let choice = catalogue.find(configured) { return (choice, true) }
            context.warn("The voice setting '\(UntrustedText.line(configured))' is not an installed voice; using your language's. Choose one with 'susi voice set'.")
        }
        for fallback in [try context.userLanguage(), "en"] {
            if let choice = catalogue.find(fallback) { return (choice, false) }
        }
        return nil
    }

    /// Saves the settings file, then, when logged in, the account's copy.
    /// The local change stands even when the account cannot be reached.
    static func save(_ file: ConfigFile, changed keys: [ConfigKey], _ context: Context, saying done: String) throws {
        try file.save()
        context.configDidChange(file)
        context.note(done)
        for key in keys {
            let variable = key.environmentVariable
            if let value = context.environment[variable], !value.isEmpty {
                context.warn("\(variable)=\(value) is set in the environment and takes precedence over this setting.")
            }
        }
        AccountVoiceSettings.sync(keys, from: file, context)
    }
}
