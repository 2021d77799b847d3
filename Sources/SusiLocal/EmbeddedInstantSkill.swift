import Foundation
import SusiEngine
import SusiPorts
import SusiReply

extension EmbeddedService {
    /// Asks `mind`, or with chat.json's `instant` skill text first (what
    /// `susi serve` passes on), as the reference's mind stack does.
    static func ask(_ request: ChatRequest, mind: Mind, memory: inout ConversationMemory, options: AskOptions) -> Reply {
        guard let text = request.instant, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return mind.ask(request.query, memory: &memory, options: options)
        }
        return InstantSkill.mind(text, language: request.language).ask(request.query, memory: &memory, options: options,
                                                                      otherwise: mind)
    }
}
