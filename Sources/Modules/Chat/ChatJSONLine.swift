import Foundation
import SusiReply

/// A reply as `chat --json` prints it: the chat.json shape, with an empty
/// `answers` when the backend sent none (the reference leaves the key out
/// when nothing answered), so a script always finds the list.
struct ChatJSONLine: Encodable {
    let reply: Reply

    private enum Key: String, CodingKey { case answers }

    func encode(to encoder: Encoder) throws {
        try reply.encode(to: encoder)
        if reply.answers.isEmpty {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode([Reply.Answer](), forKey: .answers)
        }
    }
}
