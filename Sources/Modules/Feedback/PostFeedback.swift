import Foundation
import SusiBasics
import SusiCLI
import SusiCommands
import SusiCore
import SusiPorts

extension FeedbackModule {
    static let textArgument = ArgumentKey.optional(
        "text", "The feedback; '-' reads standard input; left out on a terminal, your editor opens.")

    static var postCommand: Command {
        Command(
            name: "post",
            abstract: "Post your feedback on a skill (replacing your earlier one).",
            discussion: """
            The text is the second argument, or standard input when it is '-'. Without it, on a \
            terminal, $VISUAL or $EDITOR (else 'editor' or 'vi') opens a temporary file; lines \
            starting with '#' are left out, and an empty text posts nothing. Feedback is at most \
            \(ServiceRules.feedbackLimit) characters; line breaks and tabs are kept, other control \
            characters and terminal escape sequences are refused. Needs a login ('susi login').
            """,
            examples: [
                Example("susi feedback post time \"Works offline.\"", "Post feedback on the time skill."),
                Example("fortune | susi feedback post jokes -", "Read the text from standard input."),
                Example("susi feedback post list", "Open the editor for a skill named 'list'."),
            ],
            arguments: [
                SkillResolver.skillArgument.spec,
                textArgument.spec,
            ],
            run: { invocation, context in try post(invocation, context) })
    }

    static func post(_ invocation: Invocation, _ context: Context) throws {
        let given = invocation.values[textArgument]
        if given == nil, !context.canPrompt {
            throw UsageError("No feedback text given.",
                             hint: "Give it as an argument (susi feedback SKILL \"text\"), pass '-' to read it from standard input, or run on a terminal to write it in $VISUAL or $EDITOR.")
        }
        let service = try context.service()
        let ref = try SkillResolver.resolve(invocation.values[SkillResolver.skillArgument], service: service,
                                            language: try context.catalogueLanguage())
        guard let token = try context.token() else { throw ServiceError.loginRequired("Posting feedback") }
        let name = try skillName(ref, service)
        // The text is checked here too, before the backend is asked anything more.
        var text: String
        switch given {
        case "-"?: text = try FeedbackText.fromStandardInput(context.stdin)
        case let argument?: text = argument
        case nil: text = ""
        }
        if given != nil { text = try ServiceRules.checkFeedback(text) }
        let me = try account(token, service)
        let earlier = try service.feedback(ref).first { $0.email == me }
        if given == nil {
            let draft = try FeedbackEditor(context: context).edit(skill: name, earlier: earlier?.text)
            guard !draft.isEmpty else {
                throw CommandError(.failure, "Feedback not posted.", hint: "The text was empty; nothing was sent.")
            }
            text = try ServiceRules.checkFeedback(draft)
        }
        try service.postFeedback(ref, text: text, token: token)
        if context.globals.json {
            try context.printJSON(PostedJSON(skill: ref.path, feedback: text, replaced: earlier != nil))
        } else if earlier != nil {
            context.note("Replaced your earlier feedback on \(name).")
        } else {
            context.note("Posted your feedback on \(name).")
        }
    }

    struct PostedJSON: Encodable {
        var skill: String
        var feedback: String
        var replaced: Bool
    }

    /// The skill's display name (its `::name`), escaped for one line.
    static func skillName(_ ref: SkillRef, _ service: SusiService) throws -> String {
        let title = try service.skill(ref).title?.trimmingCharacters(in: .whitespacesAndNewlines)
        return UntrustedText.line(title.flatMap { $0.isEmpty ? nil : $0 } ?? ref.name)
    }

    /// The account the token stands for; a token the backend no longer
    /// accepts is a login problem (77), not "no feedback".
    static func account(_ token: String, _ service: SusiService) throws -> String {
        let identity = try service.identity(token: token)
        guard !identity.anonymous else {
            throw ServiceError(.notLoggedIn, "Your login is no longer valid on \(service.location).",
                               hint: "Log in again with 'susi login'.")
        }
        return identity.name
    }
}

/// Feedback text from standard input, read with a bound: never more than
/// the limit's worth of bytes is held, however much is piped in.
enum FeedbackText {
    /// Four bytes per character at most in UTF-8, and room for line breaks.
    static let byteLimit = ServiceRules.feedbackLimit * 4 + 4096

    static func fromStandardInput(_ input: InputSource) throws -> String {
        do {
            return try input.readAll(limit: byteLimit, what: "The feedback on standard input")
        } catch {
            if case .tooLong = error.kind { throw tooLong() }
            throw error
        }
    }

    static func tooLong() -> ServiceError {
        ServiceError(.invalidInput, "Feedback is limited to \(ServiceRules.feedbackLimit) characters (standard input has more than \(byteLimit) bytes).")
    }
}
