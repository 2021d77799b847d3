import SusiPorts
import SusiReply

extension SpeechOutput {
    /// Speaks a reply as chat and hands-free listening do: a reply with a
    /// `stop` action is itself the order to be quiet, so it stops what is
    /// being said and speaks nothing; otherwise only its answer text
    /// (`reply.text`) is spoken, in the first answer's language, else
    /// `language`.
    public func say(_ reply: Reply, language: @autoclosure () -> String?) throws {
        if reply.actions.contains(where: { $0.type == .stop }) {
            stop()
            return
        }
        let answerLanguage = reply.actions.first { $0.type == .answer }?.fields["language"]?.stringValue
        try speak(reply.text, language: answerLanguage ?? language())
    }
}
