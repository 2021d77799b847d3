import SusiCore
import SusiListen

extension Listening {
    /// The recognition language: the voice setting's language where set, else the user's.
    public static func language(_ context: Context) throws -> String {
        if let voice = try context.setting(.voice), let code = voice.split(whereSeparator: { $0 == "+" }).first,
           code.first?.isLetter == true, code.count <= 12 {
            return String(code)
        }
        return try context.userLanguage()
    }

    /// The recogniser set up for this user: the model for the voice
    /// language, the skills grammar of their catalogue (cached).
    public convenience init(context: Context, mode: Transcriber.Mode) throws {
        try self.init(language: try Self.language(context), environment: context.environment, mode: mode,
                      service: { try context.service() }, paths: context.paths, debug: { context.debug($0) })
    }

    /// One spoken query from the microphone (or `file`), for `susi chat
    /// --listen`: the text, or exit 66 when no speech was heard.
    public static func once(_ context: Context, file: String? = nil) throws -> Transcript {
        try Listening(context: context, mode: .skills).once(file: file, environment: context.environment)
    }
}
