import Foundation

/// The engine's answer to one query, shaped like the SUSI server's `/susi/chat.json`
/// response (server-api.md §5) so that the CLI, `susi serve` and remote replies share it.
public struct Reply: Sendable, Equatable, Codable {
    public struct Answer: Sendable, Equatable, Codable {
        public struct Metadata: Sendable, Equatable, Codable {
            public var count: Int
        }

        public var data: [JSONObject]
        public var metadata: Metadata
        public var actions: [ReplyAction]
        public var skills: [String]

        public init(data: [JSONObject], actions: [ReplyAction], skills: [String]) {
            self.data = data
            metadata = Metadata(count: data.count)
            self.actions = actions
            self.skills = skills
        }

        /// The answer texts joined by newlines: what a terminal prints now
        /// (planned answers come later, so they are not part of it).
        public var text: String {
            actions.compactMap { $0.type == .answer && !$0.isPlanned ? $0.expression : nil }.joined(separator: "\n")
        }
    }

    public var query: String
    /// Empty when nothing answered (the server then omits the key).
    public var answers: [Answer]
    public var queryDate: Date
    public var queryLanguage: String
    public var answerDate: Date
    /// Milliseconds.
    public var answerTime: Int
    /// Server-side fields, filled in by whoever serves the reply.
    public var clientID: String?
    public var session: JSONObject?
    /// Which intent answered and which lost, when the request asked (`explain` in JSON).
    public var explanation: AnswerExplanation?

    enum CodingKeys: String, CodingKey {
        case query, answers
        case queryDate = "query_date"
        case queryLanguage = "query_language"
        case answerDate = "answer_date"
        case answerTime = "answer_time"
        case clientID = "client_id"
        case session
        case explanation = "explain"
    }

    public init(query: String, answers: [Answer], queryDate: Date, queryLanguage: String, answerDate: Date) {
        self.query = query
        self.answers = answers
        self.queryDate = queryDate
        self.queryLanguage = queryLanguage
        self.answerDate = answerDate
        answerTime = max(0, Int((answerDate.timeIntervalSince(queryDate) * 1000).rounded()))
    }

    /// All actions of the first answer, in order.
    public var actions: [ReplyAction] { answers.first?.actions ?? [] }

    /// The first answer's texts joined by newlines: what a terminal prints.
    public var text: String { answers.first?.text ?? "" }

    /// The first answer's planned answers, in order.
    public var plannedActions: [ReplyAction] { actions.filter(\.isPlanned) }

    /// True when the reply came from the fallback (no skill matched).
    public var isFallback: Bool {
        actions.contains { $0.fields["mood"]?.stringValue == "sabta" }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(query, forKey: .query)
        if !answers.isEmpty { try c.encode(answers, forKey: .answers) }
        try c.encode(Reply.iso(queryDate), forKey: .queryDate)
        try c.encode(queryLanguage, forKey: .queryLanguage)
        try c.encode(Reply.iso(answerDate), forKey: .answerDate)
        try c.encode(answerTime, forKey: .answerTime)
        try c.encodeIfPresent(clientID, forKey: .clientID)
        try c.encodeIfPresent(session, forKey: .session)
        try c.encodeIfPresent(explanation, forKey: .explanation)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        query = try c.decodeIfPresent(String.self, forKey: .query) ?? ""
        answers = try c.decodeIfPresent([Answer].self, forKey: .answers) ?? []
        queryDate = Reply.parseISO(try c.decodeIfPresent(String.self, forKey: .queryDate)) ?? Date(timeIntervalSince1970: 0)
        queryLanguage = try c.decodeIfPresent(String.self, forKey: .queryLanguage) ?? "en"
        answerDate = Reply.parseISO(try c.decodeIfPresent(String.self, forKey: .answerDate)) ?? queryDate
        answerTime = try c.decodeIfPresent(Int.self, forKey: .answerTime) ?? 0
        clientID = try c.decodeIfPresent(String.self, forKey: .clientID)
        session = try c.decodeIfPresent(JSONObject.self, forKey: .session)
        explanation = try? c.decodeIfPresent(AnswerExplanation.self, forKey: .explanation)
    }

    /// `2026-11-29T21:41:05.318Z`, as the server writes dates.
    static func iso(_ date: Date) -> String {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = Int(ms / 1000)
        let millis = Int(ms % 1000)
        let c = CivilTime(secondsSinceEpoch: seconds)
        // Digits by hand: String(format:) was a fiftieth of a one-shot chat.
        // Years outside 0...9999 and dates before 1970 (negative milliseconds)
        // keep the formatter's rendering.
        guard (0...9999).contains(c.year), (0...999).contains(millis) else {
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year, c.month, c.day, c.hour, c.minute, c.second, millis)
        }
        var out: [UInt8] = []
        out.reserveCapacity(24)
        func digits(_ value: Int, _ count: Int, then separator: UInt8?) {
            DecimalBytes.append(UInt64(value), width: count, to: &out)
            if let separator { out.append(separator) }
        }
        digits(c.year, 4, then: UInt8(ascii: "-"))
        digits(c.month, 2, then: UInt8(ascii: "-"))
        digits(c.day, 2, then: UInt8(ascii: "T"))
        digits(c.hour, 2, then: UInt8(ascii: ":"))
        digits(c.minute, 2, then: UInt8(ascii: ":"))
        digits(c.second, 2, then: UInt8(ascii: "."))
        digits(millis, 3, then: UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    static func parseISO(_ text: String?) -> Date? {
        guard let text else { return nil }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)
    }
}
