import Foundation
import SusiBasics
import SusiCLI
import SusiCore
import SusiPorts
import SusiReply

/// `chat --skill FILE --on-server`: the skill files go to the server with
/// each query as chat.json's `instant` parameter. The server answers from
/// them first and from its own skills otherwise; when an answer did not come
/// from them, susi says so, and says whether the files would have answered
/// here (then the server probably ignores `instant`).
extension ChatModule {
    static func onServerConversation(_ paths: [String], language: String, _ context: Context) throws -> Conversation {
        guard !paths.isEmpty else {
            throw UsageError("--on-server sends the skill files given with --skill; add --skill FILE.")
        }
        guard case let .url(server) = try context.server() else {
            throw UsageError("--on-server needs a server: the 'server' setting is local (the embedded SUSI).",
                             hint: "Give --server URL, or leave --on-server out to run the files on this machine.")
        }
        let authoring = try context.skillAuthoring()
        let text = try authoring.instantText(paths)
        // The same files here, only to tell why the server did not answer from them.
        let workbench = try authoring.workbench(files: paths, bundled: false)
        for diagnostic in workbench.diagnostics { context.debug(UntrustedText.line(diagnostic)) }
        var conversation = Conversation(backend: .service(try context.service()), language: language, context: context)
        conversation.instant = (text, workbench.conversation(language: language), authoring)
        context.debug("Sending \(TextLayout.counted(text.count, "character")) of skill text to \(server) with each query (instant).")
        return conversation
    }
}

extension Conversation {
    /// The answer did not come from the --skill files: from which of the
    /// server's own skills it did, and whether the files match here.
    func sayNotFromFiles(_ query: String, _ reply: Reply, _ files: SkillChat) {
        let answer = reply.answers.first
        let source: String
        if let skill = answer?.skills.first {
            source = "its skill " + UntrustedText.line(skill)
        } else if answer?.actions.contains(where: { $0.fields["mood"]?.stringValue == "sabta" }) == true {
            source = "its fallback"
        } else {
            source = "its own skills"
        }
        if files.matches(query, now: context.now()) {
            context.warn("\(backendName) did not answer from the --skill files, though they answer this query here (it answered from \(source)): "
                + "it may not support chat.json's instant parameter. Leave --on-server out to run the files on this machine.")
        } else {
            context.note(context.errorStyle.dim("(No intent of the --skill files matched; \(backendName) answered from \(source).)"))
        }
    }
}
