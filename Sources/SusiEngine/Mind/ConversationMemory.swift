/// What one conversation remembers between turns. The caller keeps it and passes it to
/// every `ask`; the engine itself holds no per-user state.
public struct ConversationMemory: Sendable, Equatable, Codable {
    public struct Turn: Sendable, Equatable, Codable {
        public var query: String
        public var answer: String
        public var skill: String?

        public init(query: String, answer: String, skill: String?) {
            self.query = query
            self.answer = answer
            self.skill = skill
        }
    }

    /// Only names starting with `_` survive a turn, as in the reference.
    public var variables: [String: String] = [:]
    /// The most recent turns, oldest first.
    public var turns: [Turn] = []

    public static let keptTurns = 5

    public init() {}

    mutating func record(query: String, answer: String, skill: String?) {
        turns.append(Turn(query: query, answer: answer, skill: skill))
        if turns.count > ConversationMemory.keptTurns { turns.removeFirst(turns.count - ConversationMemory.keptTurns) }
    }
}
